"""The multi-person scenarios end to end: messages → window → real worker → fake LLM → memories."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.utils import timezone

from accounts.models import Community, Profile, User
from accounts.services import community_memory_enabled_set, profile_memory_enabled_set
from chat.ingest import IngestItem, messages_ingest
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message
from chat.services import message_record, persona_create
from chat.windows import windows_sweep
from memories.models import Entity, Memory, MemoryRevision
from memoryhub.ai.contract import REDACTED, TOOL_NAME
from privacy.services.forget import user_forget, user_remember
from tests.memories.conftest import Say, extract_now
from tests.support.fake_openai import FakeOpenAI, Reply, ScriptedToolCall
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def op(user_id: str, content: str, **fields: Any) -> dict[str, Any]:
    return {"user_id": user_id, "action": "save", "content": content} | fields


def test_alice_bob_and_charlie_each_get_their_own_facts(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("bob", "Where did you end up deciding to move?")
    say("alice", "Austin!")
    say("bob", "Nice, when?")
    say("alice", "Next month actually")
    say("charlie", "Oh cool, my sister lives there")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op(
                    "alice_456",
                    "Alice is moving to Austin next month",
                    kind="plan",
                    importance="high",
                    expiration="30d",
                    topics=["moving", "austin"],
                ),
                op(
                    "charlie_789",
                    "Charlie's sister lives in Austin",
                    kind="relationship",
                    expiration="permanent",
                    topics=["family", "austin"],
                ),
            ],
            "profile_updates": [{"user_id": "alice_456", "profile": "Alice is about to move to Austin."}],
            "entities": [
                {
                    "user_id": "charlie_789",
                    "type": "person",
                    "name": "Charlie's sister",
                    "relationship": "Charlie's sister",
                    "attributes": {"lives_in": "Austin"},
                },
                {"user_id": "alice_456", "type": "place", "name": "Austin"},
            ],
        },
    )

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE, window.last_error
    (request,) = fake.chat_requests()
    prompt = request.prompt
    for line in [
        "Bob (bob_123): Where did you end up deciding to move?",
        "Alice (alice_456): Austin!",
        "Charlie (charlie_789): Oh cool, my sister lives there",
        "No existing memories for Charlie (charlie_789).",
    ]:
        assert line in prompt
    assert request.body["tool_choice"]["function"]["name"] == TOOL_NAME
    alice = Memory.objects.get(user=people["alice"])
    assert (alice.kind, alice.importance, alice.source) == ("plan", 0.9, "passive")
    assert alice.expires_at is not None
    assert timedelta(days=29) < alice.expires_at - timezone.now() <= timedelta(days=30)
    assert alice.embedding is not None and alice.embedding_model
    assert Memory.objects.get(user=people["charlie"]).expires_at is None
    assert not Memory.objects.filter(user=people["bob"]).exists()
    assert MemoryRevision.objects.filter(action="created", actor="llm", window=window).count() == 2
    assert Profile.objects.get(user=people["alice"]).summary == "Alice is about to move to Austin."
    assert Entity.objects.get(owner=people["charlie"]).relationship == "Charlie's sister"
    assert (window.operations_applied, window.message_count) == (2, 5)
    assert window.prompt_tokens == len(prompt.split())


def test_people_talking_past_each_other_are_never_cross_attributed(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I just adopted a cat!")
    say("bob", "Anyone watching the game tonight?")
    say("alice", "Named her Luna")
    say("charlie", "Yeah I've got it on, Celtics are up")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op("alice_456", "Alice adopted a cat named Luna", kind="fact", topics=["pets"]),
                op("charlie_789", "Charlie follows the Celtics", kind="preference", topics=["basketball"]),
                op("dave_321", "Dave adopted a cat", kind="fact"),  # Dave was not in this window
                op("bob_123", "Bob likes rumours", kind="rumour"),  # not a kind we know
            ]
        },
    )

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE
    assert list(Memory.objects.filter(user=people["alice"]).values_list("content", flat=True)) == [
        "Alice adopted a cat named Luna"
    ]
    assert list(Memory.objects.filter(user=people["charlie"]).values_list("content", flat=True)) == [
        "Charlie follows the Celtics"
    ]
    assert not Memory.objects.filter(user__in=[people["bob"], people["dave"]]).exists()
    assert window.operations_applied == 2


def test_daves_rapid_messages_become_one_consolidated_memory_from_one_call(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    for text in [
        "oh man",
        "I just got the job offer",
        "that startup I interviewed at last week",
        "they want me to start in march",
        "120k plus equity",
    ]:
        say("dave", text)
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op(
                    "dave_321",
                    "Dave received a job offer from a startup: 120k plus equity, starting in March",
                    kind="event",
                    importance="high",
                    expiration="30d",
                    topics=["job"],
                )
            ]
        },
    )

    window = extract_now(channel)

    assert len(fake.chat_requests()) == 1
    prompt = fake.last_chat_prompt()
    assert prompt.index("I just got the job offer") < prompt.index("120k plus equity")
    assert Memory.objects.filter(user=people["dave"]).count() == 1
    assert window.message_count == 5


def test_a_third_party_fact_is_kept_for_the_known_member_with_its_reporter(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("eve", "Hey did you guys hear? Frank got engaged!")
    say("grace", "No way! To that girl he met at the concert?")
    say("eve", "Yeah, Heather! They've been together like 2 years")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op(
                    "frank_111",
                    "Frank got engaged to Heather after about 2 years together",
                    kind="event",
                    context="reported by Eve",
                    importance="high",
                ),
                op("heather_1", "Heather got engaged to Frank", kind="event"),
            ]
        },
    )

    window = extract_now(channel)

    assert "Known members who may be talked about:\n- Frank (frank_111)" in fake.last_chat_prompt()
    frank = Memory.objects.get(user=people["frank"])
    assert frank.reported_by == people["eve"]
    assert "reported by Eve" in frank.context
    assert not User.objects.filter(username__icontains="heather").exists()
    assert Memory.objects.count() == 1 and window.operations_applied == 1


def test_an_opted_out_participant_is_redacted_from_the_prompt_and_gets_nothing(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    profile_memory_enabled_set(user=people["grace"], community=community, enabled=False)
    say("grace", "My phone number is 555-0199 and I live on Elm Street")
    say("alice", "I love rainy days")
    fake.script_tool_call(
        TOOL_NAME,
        {"operations": [op("grace_987", "Grace lives on Elm Street"), op("alice_456", "Alice loves rainy days")]},
    )

    window = extract_now(channel)

    prompt = fake.last_chat_prompt()
    assert "Elm Street" not in prompt and "555-0199" not in prompt
    assert f"Grace (grace_987): {REDACTED}" in prompt
    assert "Existing memories for Grace" not in prompt and "No existing memories for Grace" not in prompt
    assert not Memory.objects.filter(user=people["grace"]).exists()
    assert Memory.objects.filter(user=people["alice"]).count() == 1
    assert window.operations_applied == 1


def test_existing_memories_are_shown_with_indices_and_updates_rewrite_them(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I live in Portland")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice lives in Portland")]})
    extract_now(channel)
    say("alice", "Actually I moved to Seattle last week")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                {
                    "user_id": "alice_456",
                    "action": "update",
                    "memory_index": 0,
                    "content": "Alice lives in Seattle (moved from Portland)",
                }
            ]
        },
    )

    window = extract_now(channel)

    assert "Existing memories for Alice (alice_456):\n  [0] Alice lives in Portland" in fake.last_chat_prompt()
    (memory,) = Memory.objects.filter(user=people["alice"])
    assert memory.content == "Alice lives in Seattle (moved from Portland)"
    revision = MemoryRevision.objects.get(memory=memory, action="updated")
    assert revision.before is not None and revision.before["content"] == "Alice lives in Portland"
    assert revision.window == window


def test_a_memory_the_model_forgets_goes_and_its_window_is_done(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    """Applying a forget failed the window: the memory was looked up by the id its delete had cleared."""
    say("alice", "I live in Portland")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice lives in Portland")]})
    extract_now(channel)
    say("alice", "please forget where I live")
    fake.script_tool_call(
        TOOL_NAME,
        {"operations": [{"user_id": "alice_456", "action": "forget", "memory_index": 0, "context": "asked to"}]},
    )

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE and window.operations_applied == 1
    assert not Memory.objects.filter(user=people["alice"]).exists()
    assert MemoryRevision.objects.filter(action="forgotten", actor="llm", window=window).count() == 1


def test_a_near_duplicate_save_updates_the_existing_memory(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("bob", "I really hate battle royale games")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("bob_123", "Bob hates battle royale games")]})
    extract_now(channel)
    say("bob", "seriously battle royales are the worst")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("bob_123", "Bob really hates battle royale games")]})

    extract_now(channel)

    (memory,) = Memory.objects.filter(user=people["bob"])
    assert memory.content == "Bob really hates battle royale games"
    assert list(memory.revisions.order_by("pk").values_list("action", flat=True)) == ["created", "updated"]


def test_only_the_window_cap_cuts_and_what_it_cut_is_counted_on_the_window(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    for who in ("alice", "bob", "charlie", "dave"):
        say(who, f"hi, I am {who}")
    facts = [
        "keeps bees",
        "speaks Welsh",
        "owns a red canoe",
        "collects stamps",
        "bakes sourdough bread",
        "runs marathons",
        "plays the cello",
    ]
    operations = [
        op(handle, f"{handle.split('_')[0].title()} {fact}")
        for handle in ("alice_456", "bob_123", "charlie_789", "dave_321")
        for fact in facts
    ]
    fake.script_tool_call(TOOL_NAME, {"operations": operations})

    window = extract_now(channel)

    counts = {who: Memory.objects.filter(user=people[who]).count() for who in ("alice", "bob", "charlie", "dave")}
    # About 5 a person is the prompt's soft ceiling; the hard cap is the window's 15.
    assert counts == {"alice": 7, "bob": 7, "charlie": 1, "dave": 0}
    assert window.operations_applied == community.max_operations_per_window == 15
    assert window.operations_over_cap == 28 - 15


def test_the_per_person_memory_cap_drops_the_least_important(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    community.max_memories_per_user = 3
    community.save()
    say("alice", "lots of news today")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op("alice_456", "Alice has a dog named Rex", importance="high"),
                op("alice_456", "Alice is tired today", importance="low", kind="emotion", expiration="1d"),
                op("alice_456", "Alice works as a nurse", importance="high"),
                op("alice_456", "Alice plays chess on Sundays", importance="medium"),
            ]
        },
    )

    extract_now(channel)

    kept = set(Memory.objects.filter(user=people["alice"]).values_list("content", flat=True))
    assert kept == {"Alice has a dog named Rex", "Alice works as a nurse", "Alice plays chess on Sundays"}
    capped = MemoryRevision.objects.get(action="capped")
    assert capped.before is not None and capped.before["content"] == "Alice is tired today"
    assert capped.memory is None


def said_now(channel: Channel, who: User, text: str) -> Message:
    """A line said at this moment (``say`` backdates its lines by a minute)."""
    return message_record(channel=channel, author=who, content=text, created_at=timezone.now())


def answering(fake: FakeOpenAI, arguments: dict[str, Any], meanwhile: Callable[[], object]) -> None:
    """The LLM's next answer is ``arguments``, and ``meanwhile`` runs while it is being asked."""

    def respond(request: dict[str, Any]) -> Reply:
        try:
            meanwhile()
        finally:
            connections.close_all()  # this thread's own database connection
        return Reply(tool_calls=(ScriptedToolCall(TOOL_NAME, json.dumps(arguments)),))

    fake.script(respond)


def test_lines_said_with_memory_off_are_redacted_after_memory_came_back_and_never_a_source(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User]
) -> None:
    grace = people["grace"]
    profile_memory_enabled_set(user=grace, community=community, enabled=False)
    allergy = said_now(channel, grace, "I'm allergic to penicillin")
    persona = persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    message_record(
        channel=channel,
        role="assistant",
        persona=persona,
        content="Noted: you're allergic to penicillin",
        reply_to=allergy,
    )
    profile_memory_enabled_set(user=grace, community=community, enabled=True)
    said_now(channel, grace, "I love rainy days")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op("grace_987", "Grace is allergic to penicillin", lines=[1]),
                op("grace_987", "Grace loves rainy days", lines=[3]),
            ],
            "entities": [{"user_id": "grace_987", "type": "thing", "name": "rain"}],
        },
    )

    window = extract_now(channel)

    prompt = fake.last_chat_prompt()
    assert "penicillin" not in prompt
    assert f"Grace (grace_987): {REDACTED}" in prompt and f"Mira (bot): {REDACTED}" in prompt
    assert "Grace (grace_987): I love rainy days" in prompt
    assert list(Memory.objects.filter(user=grace).values_list("content", flat=True)) == ["Grace loves rainy days"]
    assert window.operations_applied == 1


def test_a_community_switched_off_during_the_extraction_gets_nothing_written(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin next month")
    answering(
        fake,
        {
            "operations": [op("alice_456", "Alice is moving to Austin next month")],
            "profile_updates": [{"user_id": "alice_456", "profile": "Alice is moving to Austin."}],
            "entities": [{"user_id": "alice_456", "type": "place", "name": "Austin"}],
        },
        meanwhile=lambda: community_memory_enabled_set(community=Community.objects.get(pk=community.pk), enabled=False),
    )

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE, window.last_error
    assert not Memory.objects.exists() and not Entity.objects.exists()
    assert Profile.objects.get(user=people["alice"], community=community).summary == ""
    assert window.operations_applied == 0


def test_a_forget_during_the_extraction_leaves_that_person_nothing_even_back_on(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")

    def forget_and_back() -> None:
        alice = User.objects.get(pk=people["alice"].pk)
        place = Community.objects.get(pk=community.pk)
        user_forget(community=place, user=alice, actor_kind="user", actor=alice)
        user_remember(community=place, user=alice, actor_kind="user", actor=alice)

    answering(
        fake,
        {
            "operations": [
                op("alice_456", "Alice is moving to Austin next month"),
                op("bob_123", "Bob hates battle royales"),
            ],
            "entities": [{"user_id": "alice_456", "type": "place", "name": "Austin"}],
        },
        meanwhile=forget_and_back,
    )

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE, window.last_error
    assert not Memory.objects.filter(user=people["alice"]).exists()
    assert not Entity.objects.filter(owner=people["alice"]).exists()
    assert list(Memory.objects.values_list("content", flat=True)) == ["Bob hates battle royales"]


def test_a_history_posted_later_is_remembered_as_said_then_and_what_is_over_is_not_kept(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User]
) -> None:
    then = timezone.now() - timedelta(days=3)
    messages_ingest(
        community=community,
        items=[
            IngestItem(
                channel="discord-general", author="alice_456", content="I'm moving to Austin next month", sent_at=then
            ),
            IngestItem(
                channel="discord-general",
                author="bob_123",
                content="I'm so tired today",
                sent_at=then + timedelta(seconds=9),
            ),
        ],
    )
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op("alice_456", "Alice is moving to Austin next month", kind="plan", expiration="30d"),
                op("bob_123", "Bob is tired today", kind="emotion", expiration="1d"),
            ]
        },
    )

    windows_sweep()  # a batch said longer ago than the quiet time: due at once, queued by the sweep
    window = wait_until(
        lambda: ConversationWindow.objects.filter(channel=channel, state=ConversationWindowState.DONE).first(),
        timeout=60,
    )

    alice = Memory.objects.get(user=people["alice"])
    assert alice.created_at == then and alice.expires_at == then + timedelta(days=30)
    assert not Memory.objects.filter(user=people["bob"]).exists()  # a day's mood, three days ago: over
    assert window.operations_applied == 1


def test_a_dated_event_is_kept_until_a_week_after_its_date_whatever_its_lifetime(
    llm_worker: Path, fake: FakeOpenAI, community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "My sister's wedding is in three weeks!")
    say("bob", "I'm off to Lisbon soon")
    say("charlie", "my birthday is in three weeks too")
    say("dave", "and we're off to Rome for our anniversary then")
    wedding = (timezone.now() + timedelta(days=21)).date()
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op(
                    "alice_456",
                    "Alice's sister is getting married",
                    kind="event",
                    expiration="7d",
                    expires_on=wedding.isoformat(),
                ),
                op("bob_123", "Bob is going to Lisbon", kind="plan", expiration="30d", expires_on="soon-ish"),
                # a day that comes back every year: a model that dates it does not delete it a week on
                op("charlie_789", f"Charlie's birthday is {wedding:%B} {wedding.day}", expires_on=wedding.isoformat()),
                # the plan of such a day, kept for a while, lives until it (it had had its month and gone)
                op(
                    "dave_321",
                    "Dave is celebrating his anniversary with a trip to Rome",
                    kind="plan",
                    expiration="7d",
                    expires_on=wedding.isoformat(),
                ),
            ]
        },
    )

    extract_now(channel)

    alice = Memory.objects.get(user=people["alice"])
    assert alice.expires_at is not None and alice.expires_at.date() == wedding + timedelta(days=8)
    bob = Memory.objects.get(user=people["bob"])  # a date that is no date: its lifetime stands
    assert bob.expires_at is not None and timedelta(days=29) < bob.expires_at - timezone.now() <= timedelta(days=30)
    assert Memory.objects.get(user=people["charlie"]).expires_at is None
    dave = Memory.objects.get(user=people["dave"])
    assert dave.expires_at is not None and dave.expires_at.date() == wedding + timedelta(days=8)
    assert f"It took place on {timezone.now():%A} {timezone.now().day} " in fake.last_chat_prompt()
