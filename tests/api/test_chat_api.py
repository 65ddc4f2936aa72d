"""Context and chat for bots: the reply, and the memories behind it."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Community, User
from accounts.services import identity_resolve
from chat.models import Channel, ChatSession, ConversationWindow, Message, Persona
from chat.services import persona_create
from memories.models import Memory
from memories.services.context import assemble_context
from memories.services.entities import entity_mention_record
from memories.services.profiles import profile_summary_edit
from tests.support.extraction import extract_window_here
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def mira(community: Community) -> Persona:
    return persona_create(community=community, name="Mira", system_prompt="You are Mira, a kind companion.")


def _learn(api: APIClient, community: Community) -> None:
    """Alice says something in #general and the window is extracted (offline engine)."""
    api.post(
        "/api/v1/messages",
        {
            "channel": "general",
            "author": "alice_456",
            "author_name": "Alice",
            "content": "I'm moving to Austin next month",
            "message_id": "m1",
        },
        format="json",
    )
    extract_window_here(ConversationWindow.objects.get())


def test_context_returns_the_block_and_every_memory_with_its_scores(
    api: APIClient, community: Community, mira: Persona
) -> None:
    _learn(api, community)
    for response in (
        api.get("/api/v1/context", {"user": "alice_456", "query": "tips for the move to Austin?"}),
        api.post(
            "/api/v1/context",
            {"user": "alice_456", "query": "tips for the move to Austin?", "channel": "general"},
            format="json",
        ),
    ):
        assert response.status_code == 200, response.json()
        body = response.json()
        assert "Alice is moving to Austin next month" in body["text"]
        (memory,) = body["memories"]
        assert memory["layer"] == "recent" and memory["lexical"] == 1.0 and 0 < memory["total"] <= 1
        assert body["token_count"] > 0 and body["injection_mode"] == "system_append"
        assert body["messages"][-1] == {"role": "user", "content": "tips for the move to Austin?"}
    assert Memory.objects.get().access_count == 0  # shown as recent, not chosen for relevance: no recall


def test_context_counts_recalls_unless_the_bot_says_not_to(api: APIClient, community: Community, mira: Persona) -> None:
    _learn(api, community)
    (austin,) = Memory.objects.all()
    for n in range(5):  # newer memories fill the "recent" layer: Austin can only be chosen for relevance
        remember(community, austin.user, f"Alice went to concert number {n}", kind="event")
    query = {"user": "alice_456", "query": "tips for the move to Austin?"}
    assert api.get("/api/v1/context", {**query, "record_access": "false"}).status_code == 200
    austin.refresh_from_db()
    assert austin.access_count == 0
    body = api.get("/api/v1/context", query).json()
    assert {m["id"]: m["layer"] for m in body["memories"]}[austin.pk] in ("topic", "relevant")
    austin.refresh_from_db()
    assert austin.access_count == 1 and Memory.objects.filter(access_count=0).count() == 5


def test_context_answers_for_people_and_channels_not_seen_yet_and_404s_only_an_unknown_persona(
    api: APIClient, community: Community, mira: Persona
) -> None:
    identity_resolve(community=community, external_id="alice_456")
    people = User.objects.count()
    stranger = api.get("/api/v1/context", {"user": "newcomer_1", "query": "hi there"})
    assert stranger.status_code == 200, stranger.json()
    body = stranger.json()
    assert body["memories"] == [] and body["text"] == ""
    assert "newcomer_1" in body["messages"][0]["content"]  # the persona knows whom it talks with
    assert User.objects.count() == people  # asking wrote nothing
    unknown_channel = api.get("/api/v1/context", {"user": "alice_456", "query": "hi", "channel": "brand-new"})
    assert unknown_channel.status_code == 200 and unknown_channel.json()["memories"] == []
    assert api.get("/api/v1/context", {"user": "alice_456", "query": "hi", "persona": "Nope"}).status_code == 404
    assert api.get("/api/v1/context", {"user": "alice_456"}).json()["error"]["code"] == "invalid"


def test_a_community_without_a_persona_gets_memory_from_its_defaults(api: APIClient, community: Community) -> None:
    _learn(api, community)
    response = api.get("/api/v1/context", {"user": "alice_456", "query": "what should I pack for Austin?"})
    assert response.status_code == 200, response.json()
    assert [m["content"] for m in response.json()["memories"]] == ["Alice is moving to Austin next month"]
    # A valid request the community's state cannot answer: a conflict, and nothing is written.
    refused = api.post("/api/v1/chat", {"user": "newcomer_1", "message": "hi", "channel": "lobby"}, format="json")
    assert refused.status_code == 409
    assert refused.json() == {
        "error": {"code": "no_persona", "message": "This community has no persona yet: create one first."}
    }
    assert not ChatSession.objects.exists() and not Channel.objects.filter(external_id="lobby").exists()
    assert not User.objects.filter(identities__external_id="newcomer_1").exists()


def test_chat_replies_with_the_memories_it_used_and_stores_both_messages(
    api: APIClient, community: Community, mira: Persona
) -> None:
    _learn(api, community)
    response = api.post(
        "/api/v1/chat", {"user": "alice_456", "message": "what should I pack for Austin?"}, format="json"
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert "you're moving to Austin next month" in body["reply"]  # the offline engine says back what it recalls
    assert [m["content"] for m in body["memories"]] == ["Alice is moving to Austin next month"]
    session = ChatSession.objects.get(pk=body["session"])
    assert list(Message.objects.filter(session=session).values_list("role", flat=True).order_by("pk")) == [
        "user",
        "assistant",
    ]


def test_a_persona_replying_in_a_channel_reads_what_was_just_said_there_and_by_whom(
    api: APIClient, community: Community, mira: Persona
) -> None:
    """Before the window is extracted, what Alice said in #general a moment ago is the channel's
    talk: the persona replying to her there reads it, each line with who said it, and the offline
    engine takes her own lines as told, not Bob's."""
    for number, (author, content) in enumerate(
        [
            ("alice_456", "My sister Maya gets married on June 14th in Porto"),
            ("bob_7", "I live in Paris and I work as a baker"),
        ]
    ):
        body = {"channel": "general", "author": author, "author_name": author.split("_")[0].title()}
        api.post("/api/v1/messages", {**body, "content": content, "message_id": f"c{number}"}, format="json")
    asked = {"user": "alice_456", "user_name": "Alice", "channel": "general"}
    response = api.post("/api/v1/chat", {**asked, "message": "when is my sister getting married?"}, format="json")
    assert response.status_code == 200, response.json()
    assert "June 14th" in response.json()["reply"]
    response = api.post("/api/v1/chat", {**asked, "message": "where do I live?"}, format="json")
    assert "Paris" not in response.json()["reply"]  # Bob's line, not hers
    session = ChatSession.objects.get(pk=response.json()["session"])
    context = assemble_context(
        community=community, user=session.user, persona=mira, message="hi", channel=session.channel, session=session
    )
    talk = [m["content"] for m in context.messages[1:-1]]
    assert "Bob: I live in Paris and I work as a baker" in talk
    assert "Alice: My sister Maya gets married on June 14th in Porto" in talk
    assert "each begins with the name of who wrote it" in context.messages[0]["content"]


def test_asked_what_it_knows_about_another_in_the_channel_the_persona_leaves_it_to_them(
    api: APIClient, community: Community, mira: Persona
) -> None:
    """ "@mira what do you know about kat?" in a gaming channel got "What do you think yourself?"."""
    body = {"channel": "general", "author": "kat_3", "author_name": "Kat", "message_id": "k1"}
    api.post("/api/v1/messages", {**body, "content": "I'm moving to Manchester next month"}, format="json")
    asked = {"user": "zed_1", "user_name": "Zed", "channel": "general"}

    about_kat = api.post("/api/v1/chat", {**asked, "message": "what do you know about kat?"}, format="json")
    about_cats = api.post("/api/v1/chat", {**asked, "message": "what do you know about cats?"}, format="json")

    assert about_kat.json()["reply"].endswith("so that's for Kat to tell!")
    assert "Manchester" not in about_kat.json()["reply"] and "for Kat" not in about_cats.json()["reply"]


def test_in_a_channels_talk_the_persons_own_lines_carry_the_name_they_go_by(
    api: APIClient, community: Community, mira: Persona
) -> None:
    """The bot posts Alice's lines as "Alice"; she said she goes by Ally: the prompt says "You are
    talking with Ally", so her lines in the channel's talk say Ally too, and the offline engine
    takes them as hers."""
    body = {"channel": "general", "author": "alice_456", "author_name": "Alice", "message_id": "n1"}
    api.post("/api/v1/messages", {**body, "content": "My sister Maya gets married on June 14th"}, format="json")
    alice = identity_resolve(community=community, external_id="alice_456")
    profile_summary_edit(user=alice, community=community, summary="", name="Ally")

    asked = {"user": "alice_456", "user_name": "Alice", "channel": "general"}
    response = api.post("/api/v1/chat", {**asked, "message": "when is my sister getting married?"}, format="json")

    assert "June 14th" in response.json()["reply"]
    session = ChatSession.objects.get(pk=response.json()["session"])
    context = assemble_context(
        community=community, user=alice, persona=mira, message="hi", channel=session.channel, session=session
    )
    assert 'You are talking with "Ally".' in context.messages[0]["content"]
    assert "Ally: My sister Maya gets married on June 14th" in [m["content"] for m in context.messages]


def test_in_a_channel_with_two_personas_each_reads_the_others_replies_as_someone_elses(
    api: APIClient, community: Community, mira: Persona
) -> None:
    persona_create(community=community, name="Sage", system_prompt="You are Sage, a calm guide.")
    asked = {"user": "alice_456", "user_name": "Alice", "channel": "general"}
    api.post("/api/v1/chat", {**asked, "persona": "Sage", "message": "hello Sage"}, format="json")
    api.post("/api/v1/chat", {**asked, "persona": "Mira", "message": "hello Mira"}, format="json")
    sage_said, mira_said = Message.objects.filter(role="assistant").order_by("pk").values_list("content", flat=True)

    session = ChatSession.objects.filter(persona=mira).get()
    alice = session.user
    prompt = assemble_context(
        community=community, user=alice, persona=mira, message="hi", channel=session.channel, session=session
    ).messages

    assert {"role": "user", "content": f"Sage: {sage_said}"} in prompt  # someone else in the channel
    assert {"role": "assistant", "content": mira_said} in prompt  # its own turn
    assert {"role": "user", "content": "Alice: hello Sage"} in prompt


def test_an_sse_client_asking_by_accept_gets_the_events_and_its_errors_as_json(
    api: APIClient, community: Community, mira: Persona
) -> None:
    """An SSE client (httpx-sse's ``connect_sse``) asks with ``Accept: text/event-stream``: the
    events answer it, without ``"stream": true``; a refusal is still the API's JSON."""
    sse = {"HTTP_ACCEPT": "text/event-stream", "HTTP_CACHE_CONTROL": "no-store"}
    answer = api.post("/api/v1/chat", {"user": "alice_456", "message": "hi there!"}, format="json", **sse)
    assert answer.status_code == 200 and answer["Content-Type"] == "text/event-stream"
    events = b"".join(answer.streaming_content).decode()  # type: ignore[attr-defined]
    assert events.startswith("event: chunk") and "event: done" in events

    refused = api.post("/api/v1/chat", {"user": "alice_456"}, format="json", **sse)
    assert (refused.status_code, refused["Content-Type"]) == (400, "application/json")
    assert refused.json()["error"]["code"] == "invalid"
    both = {"HTTP_ACCEPT": "application/json, text/event-stream"}
    answer = api.post("/api/v1/chat", {"user": "alice_456", "message": "hi again!"}, format="json", **both)
    assert answer.status_code == 200 and "reply" in answer.json()  # JSON when JSON is acceptable


def test_chat_streams_server_sent_events(api: APIClient, community: Community, mira: Persona) -> None:
    _learn(api, community)
    response = api.post("/api/v1/chat", {"user": "alice_456", "message": "hi there!", "stream": True}, format="json")
    assert response.status_code == 200 and response["Content-Type"] == "text/event-stream"
    raw = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    events = [block for block in raw.strip().split("\n\n") if block]
    chunks = [json.loads(e.split("data: ", 1)[1])["text"] for e in events if e.startswith("event: chunk")]
    done = json.loads(events[-1].split("data: ", 1)[1])
    assert events[-1].startswith("event: done") and len(chunks) > 1
    reply = Message.objects.get(pk=done["reply_id"])
    assert reply.content == "".join(chunks).strip() and reply.role == "assistant"
    assert [m["content"] for m in done["memories"]] == ["Alice is moving to Austin next month"]


def test_a_failed_window_is_listed_and_retried_through_the_api(api: APIClient, community: Community) -> None:
    _learn(api, community)
    window = ConversationWindow.objects.get()
    ConversationWindow.objects.filter(pk=window.pk).update(state="failed", last_error="RateLimitError")
    listed = api.get("/api/v1/windows", {"state": "failed"}).json()["results"]
    assert [w["id"] for w in listed] == [window.pk] and listed[0]["last_error"] == "RateLimitError"

    retried = api.post(f"/api/v1/windows/{window.pk}/retry")
    assert retried.status_code == 202 and retried.json()["state"] == "due"
    assert api.post(f"/api/v1/windows/{window.pk}/retry").status_code == 409


def test_a_bot_closes_a_window_to_have_it_extracted_now(api: APIClient, community: Community) -> None:
    api.post(
        "/api/v1/messages", {"channel": "general", "author": "alice_456", "content": "I love sailing"}, format="json"
    )
    window = ConversationWindow.objects.get()
    closed = api.post(f"/api/v1/windows/{window.pk}/close")
    assert closed.status_code == 202 and closed.json()["state"] == "due"
    window.refresh_from_db()
    assert (window.state, window.close_reason, window.enqueued_at is not None) == ("due", "manual", True)
    again = api.post(f"/api/v1/windows/{window.pk}/close")
    assert again.status_code == 409 and again.json()["error"]["code"] == "not_open"


def test_operators_close_windows_with_a_command(api: APIClient, community: Community) -> None:
    for channel in ["general", "random"]:
        api.post("/api/v1/messages", {"channel": channel, "author": "bob_1", "content": "hello all"}, format="json")
    output = io.StringIO()
    call_command("close_windows", "--community", community.slug, "--channel", "random", stdout=output)
    assert "1 window closed" in output.getvalue()
    states = dict(ConversationWindow.objects.values_list("channel__external_id", "state"))
    assert states == {"general": "open", "random": "due"}
    call_command("close_windows", stdout=output)
    assert set(ConversationWindow.objects.values_list("state", flat=True)) == {"due"}


def test_context_runs_the_same_few_queries_whatever_a_person_remembers(
    api: APIClient, community: Community, mira: Persona, django_assert_max_num_queries: Any
) -> None:
    _learn(api, community)
    (austin,) = Memory.objects.all()
    # Recording off: the recall's one UPDATE runs only when something was chosen for relevance.
    query = {"user": "alice_456", "query": "tips for the move to Austin?", "channel": "general"}
    query["record_access"] = "false"
    counts: list[int] = []
    for more in (4, 40):
        for n in range(more):
            remember(community, austin.user, f"Alice went to concert number {len(counts)}-{n}", kind="event")
        # The key and its rate token (one statement), the persona, person and channel with the
        # person's name, profile, last session and entities (one), the recent messages, the ranking
        # of memories, and that of their past lines (recall).
        with CaptureQueriesContext(connection) as queries, django_assert_max_num_queries(5):
            assert api.get("/api/v1/context", query).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


@pytest.mark.parametrize("named", [True, False], ids=["persona named", "first persona"])
def test_the_context_of_a_bot_call_has_the_persons_profile_last_session_and_entities(
    api: APIClient, community: Community, mira: Persona, named: bool
) -> None:
    """The API reads the person's head with the persona, person and channel (one statement): the
    block is the one the service gives when it reads the head itself."""
    _learn(api, community)
    alice = identity_resolve(community=community, external_id="alice_456")
    alice.profiles.filter(community=community).update(summary="Alice is a nurse from Portland.")
    other = persona_create(community=community, name="Other", system_prompt="You are Other.")
    general = Channel.objects.get(community=community, external_id="general")
    for persona, days, summary in ((mira, 3, "Alice talked about her boots."), (other, 1, "Alice talked to Other.")):
        ChatSession.objects.create(
            user=alice,
            persona=persona,
            channel=general,
            started_at=timezone.now() - timedelta(days=days + 1),
            last_message_at=timezone.now() - timedelta(days=days),
            ended_at=timezone.now() - timedelta(days=days),
            final_summary=summary,
        )
    for name, relationship in (("Jane", "Alice's sister"), ("Bob", "a neighbour"), ("Aunt May", "her aunt")):
        entity_mention_record(
            community=community, owner=alice, type="person", name=name, relationship=relationship, at=timezone.now()
        )
    query = {"user": "alice_456", "query": "Should Jane and Aunt May visit?", "record_access": "false"}
    if named:
        query["persona"] = "Mira"

    body = api.get("/api/v1/context", query).json()

    expected = assemble_context(
        community=community, user=alice, persona=mira, message=query["query"], record_access=False
    )
    assert body["text"] == expected.text
    assert "Profile: Alice is a nurse from Portland." in body["text"]
    assert "Alice talked about her boots. (3 days ago)" in body["text"]  # Mira's, not Other's later one
    assert "Jane (Alice's sister)" in body["text"] and "Aunt May (her aunt)" in body["text"]
    assert "Bob" not in body["text"]  # not in the message
