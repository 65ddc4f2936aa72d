"""Recall over the conversation itself: which lines become recallable, the "From past conversations"
layer a bot reads (dated, placed, never a memory's source twice), its scope, and taking lines out."""

from __future__ import annotations

import importlib
import io
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from django.core.management import call_command
from django.db import OperationalError, connection, transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import ApiKeyScope, Community, ExternalIdentity, User
from accounts.services import apikey_create, profile_memory_enabled_set
from chat.models import Channel, ChannelKind, Message, MessageRole, Persona
from chat.services import message_delete, message_record, persona_create, web_channel_get
from memories.api_calls import context_output
from memories.apis.context import ContextOutput
from memories.models import MemoryRevisionAction, MemoryRevisionActor, RecallEntry, RecallPack
from memories.selectors.ranking import LINE_IMPORTANCE
from memories.services import recall as recall_services
from memories.services.context import AssembledContext, assemble_context, name_as_they
from memories.services.memory import memory_delete
from memories.services.recall import recall_index_messages, recall_line_remove
from memoryhub.ai.contract import asks_only
from memoryhub.ai.embeddings import embedder_get
from privacy.services.forget import user_forget, user_remember
from tests.support.db import second_connection
from tests.support.memories import recall_packs_out_of_step, remember

pytestmark = pytest.mark.django_db

MAY_8 = datetime(2023, 5, 8, 14, 0, tzinfo=UTC)


@pytest.fixture
def mira(community: Community) -> Persona:
    return persona_create(community=community, name="Mira", system_prompt="You are Mira.", max_memory_tokens=500)


def said(
    channel: Channel, text: str, *, by: User | None = None, at: datetime = MAY_8, persona: Persona | None = None
) -> Message:
    return message_record(
        channel=channel,
        content=text,
        author=by,
        role=MessageRole.USER if by is not None else MessageRole.ASSISTANT,
        persona=persona,
        created_at=at,
    )


def conversation(channel: Channel, alice: User, bob: User, mira: Persona) -> list[Message]:
    lines = [
        said(channel, "Alice, when is your sister's wedding?", by=bob, at=MAY_8),
        said(channel, "June 14th, in Lisbon. I'm a bridesmaid!", by=alice, at=MAY_8 + timedelta(seconds=20)),
        said(channel, "Congratulations to her!", persona=mira, at=MAY_8 + timedelta(seconds=30)),
        said(channel, "I still can't stand olives though", by=alice, at=MAY_8 + timedelta(seconds=40)),
    ]
    recall_index_messages(messages=lines)
    return lines


def context(
    community: Community, user: User, persona: Persona, text: str, channel: Channel | None = None
) -> AssembledContext:
    return assemble_context(
        community=community, user=user, persona=persona, message=text, channel=channel, record_access=False
    )


def test_a_persons_own_lines_are_indexed_never_a_bots_or_one_said_with_memory_off(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)
    profile_memory_enabled_set(user=bob, community=community, enabled=False)
    late = said(channel, "I moved to Porto last year", by=bob, at=lines[-1].created_at + timedelta(minutes=1))

    recall_index_messages(messages=[*lines, late])
    again = recall_index_messages(messages=[*lines, late])

    entries = {e.message_id: e for e in RecallEntry.objects.all()}
    assert set(entries) == {lines[0].pk, lines[1].pk, lines[3].pk}  # no bot line, nothing of Bob's said off
    assert again == 0  # each line once
    assert entries[lines[1].pk].answered_id == lines[0].pk  # the question put to her, just before
    assert entries[lines[3].pk].answered_id is None  # the persona's line before it asked nothing
    assert entries[lines[1].pk].embedding is not None and not entries[lines[1].pk].private


def test_her_own_questions_come_after_the_line_that_told_it(
    community: Community, channel: Channel, alice: User, mira: Persona
) -> None:
    """Asked again, a question she put before matches best and answers nothing: the line that told
    comes first, her questions after it, each still in the ranking's order."""
    told = said(channel, "my sister Maya gets married on June 14th in Porto", by=alice, at=MAY_8)
    asked = [
        said(channel, "hey Mira, when is my sister's wedding again?", by=alice, at=MAY_8 + timedelta(days=3)),
        said(channel, "what day is my sister getting married?", by=alice, at=MAY_8 + timedelta(days=5)),
    ]
    recall_index_messages(messages=[told, *asked])

    result = context(community, alice, mira, "when's my sister's wedding?")

    episodes = [used.id for used in result.memories if used.layer == "episode"]
    assert episodes[0] == told.pk and set(episodes[1:]) == {m.pk for m in asked}
    assert result.text.index("June 14th") < result.text.index("again?")


def test_a_question_of_hers_that_shares_no_word_with_the_message_is_no_excerpt(
    community: Community, channel: Channel, alice: User, mira: Persona
) -> None:
    """ "amazing!! when do you move?" asked of a friend tells nothing of her, and only sounds like "when
    does my contract end?" (was its one excerpt, on a fresh clone, 2026-12-01)."""
    asked = said(channel, "amazing!! when do you move?", by=alice, at=MAY_8)
    told = said(channel, "my contract ends in June", by=alice, at=MAY_8 + timedelta(days=1))
    recall_index_messages(messages=[asked, told])

    result = context(community, alice, mira, "when does my contract end?")

    assert [used.id for used in result.memories if used.layer == "episode"] == [told.pk]


@pytest.mark.parametrize(
    ("line", "asks"),
    [
        ("hey Mira, when is my sister's wedding again?", True),
        ("when is it again? 😅", True),
        ("I got the job! can you believe it?", False),  # it tells, and asks for effect
        ("amazing!! when do you move?", True),  # a cry tells nothing (was False, 2026-12-01)
        ("omg congrats! when's the big day?", True),
        ("amazing!!", False),  # nor asks
        ("no! I moved in June. when did you?", False),
        ("June 14th, in Lisbon.", False),
        ("??", False),
    ],
)
def test_a_line_that_only_asks(line: str, asks: bool) -> None:
    assert asks_only(line) is asks


def test_the_block_recalls_what_she_said_dated_and_placed_with_the_question_it_answered(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    conversation(channel, alice, bob, mira)

    result = context(community, alice, mira, "When is my sister's wedding?")

    assert (
        'From past conversations: asked "Alice, when is your sister\'s wedding?", '
        'said "June 14th, in Lisbon. I\'m a bridesmaid!" (8 May 2023, #general)'
    ) in result.text
    (episode,) = [used for used in result.memories if used.layer == "episode"]
    wedding = Message.objects.get(content__startswith="June 14th")
    assert (episode.id, episode.message_id, episode.where) == (wedding.pk, wedding.pk, "#general")
    assert episode.relevance > 0 and "olives" not in result.text  # only what the message is about
    assert [layer.memory_ids for layer in result.layers if layer.name == "episode"] == [[wedding.pk]]


@pytest.mark.parametrize(
    ("message", "name", "embedded"),
    [
        ("When is Alice's sister's wedding?", "Alice", "When is their sister's wedding?"),
        ("what does jon smith do for work", "Jon Smith", "what does they do for work"),
        ("what is the plan?", "The Captain", "what is the plan?"),  # a stop word of a name is no name
        ("When is my sister's wedding?", "Alice", "When is my sister's wedding?"),
        ("what does jon do now?", "Jon Smith", "what does they do now?"),  # a part of the name said
        ("I had a banana", "Ana", "I had a banana"),  # the name inside a word is no name
    ],
)
def test_the_message_is_embedded_with_the_persons_own_name_said_as_they(message: str, name: str, embedded: str) -> None:
    assert name_as_they(message, name) == embedded


def test_the_persons_name_lifts_none_of_their_memories_over_their_lines(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    """Every memory about Alice names her and none of her lines does: the message is compared
    without her name, so a question that names her finds her lines as well as her memories."""
    conversation(channel, alice, bob, mira)
    wedding = RecallEntry.objects.get(message__content__startswith="June 14th")

    result = context(community, alice, mira, "When is Alice's sister's wedding?")

    (episode,) = [used for used in result.memories if used.layer == "episode"]
    meant = embedder_get().embed_one("When is their sister's wedding?")
    assert episode.similarity == pytest.approx(float(meant @ np.asarray(wedding.embedding)), abs=1e-5)


def test_a_line_already_said_by_a_memory_in_the_block_is_not_repeated(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)
    memory = remember(community, alice, "Alice's sister is getting married on June 14th in Lisbon")
    memory.source_messages.add(lines[1])

    result = context(community, alice, mira, "When is my sister's wedding?")

    assert "Alice's sister is getting married" in result.text
    assert not [used for used in result.memories if used.layer == "episode"]
    memory.source_messages.clear()
    assert [u.layer for u in context(community, alice, mira, "When is my sister's wedding?").memories].count(
        "episode"
    ) == 1


def test_lines_of_a_private_web_chat_are_recalled_only_in_that_persons_web_chats(
    community: Community, channel: Channel, alice: User, mira: Persona
) -> None:
    web = web_channel_get(user=alice, persona=mira)
    recall_index_messages(messages=[said(web, "My sister's wedding is on June 14th", by=alice)])
    assert RecallEntry.objects.get().private

    shared = context(community, alice, mira, "When is my sister's wedding?", channel=channel)
    own = context(community, alice, mira, "When is my sister's wedding?", channel=web)

    assert "June 14th" not in shared.text
    assert "June 14th" in own.text and "(8 May 2023, web chat)" in own.text


def test_a_persona_can_turn_the_layer_off_or_size_it(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    conversation(channel, alice, bob, mira)
    question = "When is my sister's wedding? And do I like olives?"
    assert [u.layer for u in context(community, alice, mira, question).memories].count("episode") == 2

    mira.max_recall_excerpts = 1
    assert [u.layer for u in context(community, alice, mira, question).memories].count("episode") == 1
    mira.use_recall = False
    assert "From past conversations" not in context(community, alice, mira, question).text


def test_the_api_lists_an_excerpt_as_layer_episode_with_its_message(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    conversation(channel, alice, bob, mira)
    ExternalIdentity.objects.create(community=community, user=alice, external_id="alice_1", display_name="Alice")
    _, raw = apikey_create(community=community, name="bot", scopes=ApiKeyScope.values)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")

    body = api.get(
        "/api/v1/context", {"user": "alice_1", "query": "When is my sister's wedding?", "persona": "Mira"}
    ).json()

    (episode,) = [used for used in body["memories"] if used["layer"] == "episode"]
    wedding = Message.objects.get(content__startswith="June 14th")
    assert (episode["id"], episode["message_id"], episode["where"]) == (wedding.pk, wedding.pk, "#general")
    assert episode["said_at"].startswith("2023-05-08") and episode["kind"] == "message"
    assert episode["importance"] == LINE_IMPORTANCE  # what its score counted it as


def test_the_context_answer_is_what_its_serializer_would_render(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    """The answer is rendered by hand for speed; ``ContextOutput`` is its schema and its reference."""
    conversation(channel, alice, bob, mira)
    remember(community, alice, "Alice's sister is getting married in Lisbon", topics=["family"])
    remember(community, alice, "Alice can't stand olives", importance=0.3)
    result = context(community, alice, mira, "when is my sister's wedding? #family")
    assert {used.layer for used in result.memories} >= {"recent", "episode"}

    rendered = context_output(result, mira)

    assert rendered == {**ContextOutput().to_representation(result), "injection_mode": mira.injection_mode}
    assert set(rendered["memories"][0]) == set(ContextOutput().fields["memories"].child.fields)


def test_forget_takes_every_earlier_line_out_and_memory_back_on_does_not_bring_them_back(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)

    user_forget(community=community, user=alice, actor_kind="user", actor=alice)
    user_remember(community=community, user=alice, actor_kind="user", actor=alice)
    recall_index_messages(messages=lines)  # the window extracted again

    assert not RecallEntry.objects.filter(user=alice).exists()
    assert RecallEntry.objects.filter(user=bob).count() == 1
    assert recall_packs_out_of_step() == [] and not RecallPack.objects.filter(user=alice).exists()
    assert "June 14th" not in context(community, alice, mira, "When is my sister's wedding?").text


def test_the_question_of_one_who_forgets_leaves_the_excerpts_that_answered_it(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    """Bob asked Alice about her sister's wedding, then asked to be forgotten: her excerpt still
    quoted his question ("asked "Alice, when is your sister's wedding?", said …")."""
    conversation(channel, alice, bob, mira)
    asked = context(community, alice, mira, "When is my sister's wedding?").text
    assert "asked" in asked and "June 14th" in asked

    user_forget(community=community, user=bob, actor_kind="user", actor=bob)

    answered = context(community, alice, mira, "When is my sister's wedding?").text
    assert "June 14th" in answered and "asked" not in answered and "your sister" not in answered


def test_a_line_taken_out_or_the_source_of_a_deleted_memory_never_comes_back(
    client: Client, community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)
    memory = remember(community, alice, "Alice can't stand olives")
    memory.source_messages.add(lines[3])
    client.force_login(alice)

    taken = client.post(reverse("recall-line-remove", args=[lines[1].pk]), HTTP_HX_REQUEST="true")
    not_hers = client.post(reverse("recall-line-remove", args=[lines[0].pk]), HTTP_HX_REQUEST="true")
    memory_delete(memory=memory, actor=MemoryRevisionActor.USER, action=MemoryRevisionAction.USER_DELETE)
    recall_index_messages(messages=lines)  # the window extracted again

    assert (taken.status_code, not_hers.status_code) == (200, 404)
    assert "Taken out of recall" in taken["HX-Trigger"]
    live = RecallEntry.objects.filter(removed_at__isnull=True).values_list("message_id", flat=True)
    assert list(live) == [lines[0].pk]  # Bob's question stays his
    assert recall_packs_out_of_step() == []
    result = context(community, alice, mira, "When is my sister's wedding? And do I like olives?")
    assert "From past conversations" not in result.text


def test_a_message_the_platform_deleted_leaves_recall(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)

    message_delete(message=lines[1])

    assert not RecallEntry.objects.filter(user=alice, message_id=lines[1].pk).exists()
    assert recall_packs_out_of_step() == []
    assert "June 14th" not in context(community, alice, mira, "When is my sister's wedding?").text


def _asked_in_the_browser_after_saying_the_wedding_day(client: Client, alice: User, mira: Persona) -> Message:
    """Alice said the day in an earlier web chat and asks for it now: the persona's reply."""
    earlier = web_channel_get(user=alice, persona=mira)
    recall_index_messages(messages=[said(earlier, "My sister's wedding is on June 14th", by=alice)])
    client.force_login(alice)
    client.post(reverse("chat-send", args=[mira.pk]), {"text": "When is my sister's wedding?"}, HTTP_HX_REQUEST="true")
    message = Message.objects.filter(role=MessageRole.USER).latest("pk")
    b"".join(client.get(reverse("chat-stream", args=[message.pk])).streaming_content)  # type: ignore[attr-defined]
    return Message.objects.get(reply_to=message)


def test_the_why_panel_shows_the_excerpt_and_can_take_it_out(
    client: Client, community: Community, alice: User, mira: Persona
) -> None:
    _asked_in_the_browser_after_saying_the_wedding_day(client, alice, mira)

    panel = client.get(reverse("chat-panel", args=[mira.pk])).content.decode()

    assert "From past conversations" in panel and "From what you said on 8 May 2023 (web chat)" in panel
    line = Message.objects.get(content="My sister's wedding is on June 14th")
    assert reverse("recall-line-remove", args=[line.pk]) in panel


def test_a_moderator_sees_why_a_reply_was_given_an_excerpt(
    client: Client, community: Community, alice: User, owner: User, mira: Persona
) -> None:
    reply = _asked_in_the_browser_after_saying_the_wedding_day(client, alice, mira)
    page = reverse("moderation-window", args=[reply.window_id])
    assert client.get(page).status_code == 404  # the person is no moderator

    client.force_login(owner)
    shown = client.get(page).content.decode()

    assert "From what Alice said on 8 May 2023 (web chat):" in shown
    assert "My sister&#x27;s wedding is on June 14th" in shown
    assert "Chosen for its relevance to their message." in shown and "<dt>words</dt>" in shown
    line = Message.objects.get(content="My sister's wedding is on June 14th")
    recall_line_remove(user=alice, message_id=line.pk)
    assert "(web chat), since taken out of recall:" in client.get(page).content.decode()


def test_the_index_command_indexes_what_was_stored_before(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    said(channel, "I'm flying to Lisbon next month", by=alice)
    said(channel, "Have fun!", persona=mira, at=MAY_8 + timedelta(seconds=5))
    err = io.StringIO()

    out = io.StringIO()
    call_command("recall_index", stdout=out, stderr=err)

    assert "Indexed or re-embedded 1 lines" in out.getvalue() and "Indexing" in err.getvalue()
    assert RecallEntry.objects.get().message.content == "I'm flying to Lisbon next month"
    assert recall_packs_out_of_step() == [] and RecallPack.objects.count() == 1
    assert channel.kind == ChannelKind.EXTERNAL


def test_my_data_lists_the_lines_recall_may_bring_up_and_takes_one_out(
    client: Client, community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    lines = conversation(channel, alice, bob, mira)
    client.force_login(alice)

    page = client.get(reverse("me")).content.decode()
    client.post(reverse("recall-line-remove", args=[lines[3].pk]), HTTP_HX_REQUEST="true")
    after = client.get(reverse("me")).content.decode()

    assert "What you said that can be brought up again" in page
    assert "I still can&#x27;t stand olives though" in page and "June 14th, in Lisbon" in page
    assert "when is your sister" not in page  # Bob's line is his, not hers
    assert "stand olives" not in after and "June 14th, in Lisbon" in after


def test_a_line_said_again_word_for_word_or_the_message_itself_is_not_recalled_twice(
    community: Community, channel: Channel, alice: User, mira: Persona
) -> None:
    lines = [
        said(channel, "I just adopted a cat called Luna!", by=alice, at=MAY_8),
        said(channel, "I just adopted a cat called Luna!", by=alice, at=MAY_8 + timedelta(days=1)),
        said(channel, "any tips for the summer?", by=alice, at=MAY_8 + timedelta(days=2)),
    ]
    recall_index_messages(messages=lines)

    about_luna = context(community, alice, mira, "How is my cat Luna doing?", channel)
    asked_again = context(community, alice, mira, "Any tips for the summer", channel)

    assert about_luna.text.count("adopted a cat called Luna") == 1
    assert "tips for the summer" not in asked_again.text.split("From past conversations", 1)[-1]


def test_a_persons_lines_fill_a_pack_then_the_next_and_ranking_reads_them_there(
    monkeypatch: pytest.MonkeyPatch, community: Community, channel: Channel, alice: User, mira: Persona
) -> None:
    monkeypatch.setattr(recall_services, "RECALL_PACK_LINES", 2)
    days = [
        said(channel, f"On day {day} I baked rye bread", by=alice, at=MAY_8 + timedelta(days=day)) for day in range(5)
    ]

    recall_index_messages(messages=days[:3])
    recall_index_messages(messages=days[3:])
    sizes = [
        len(ids)
        for ids in RecallPack.objects.filter(user=alice).order_by("segment").values_list("entry_ids", flat=True)
    ]
    recall_line_remove(user=alice, message_id=days[2].pk)
    after = [
        len(ids)
        for ids in RecallPack.objects.filter(user=alice).order_by("segment").values_list("entry_ids", flat=True)
    ]

    assert (sizes, after) == ([2, 2, 1], [2, 1, 1])
    assert recall_packs_out_of_step() == []
    assert "rye bread" in context(community, alice, mira, "Do I bake bread?").text
    RecallPack.objects.filter(user=alice).delete()  # ranking reads the packs, not the entries
    assert "rye bread" not in context(community, alice, mira, "Do I bake bread?").text


def test_a_person_whose_packs_another_worker_is_writing_waits_and_writes_nothing_meanwhile(
    community: Community, channel: Channel, alice: User
) -> None:
    line = said(channel, "I'm flying to Lisbon next month", by=alice)
    key = f"memories.recallpack {community.pk} {alice.pk}"

    with second_connection() as other:
        other.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])
        with pytest.raises(OperationalError, match="lock timeout"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '200ms'")
            recall_index_messages(messages=[line])
        assert not RecallEntry.objects.exists()  # all or nothing
    written = recall_index_messages(messages=[line])

    assert written == 1 and recall_packs_out_of_step() == []


def test_packs_made_again_from_the_entries_hold_what_the_services_kept(
    community: Community, channel: Channel, alice: User, bob: User, mira: Persona
) -> None:
    conversation(channel, alice, bob, mira)
    kept = sorted(RecallPack.objects.values_list("user_id", "entry_ids"))
    migration = importlib.import_module("memories.migrations.0008_recall_packs")

    RecallPack.objects.all().delete()
    with connection.cursor() as cursor:
        cursor.execute(migration.PACKS_BUILD_SQL)  # as the migration packed the entries written before
    migrated = sorted(RecallPack.objects.values_list("user_id", "entry_ids"))
    RecallPack.objects.all().delete()
    out = io.StringIO()
    call_command("recall_index", "--packs", "--community", community.slug, stdout=out)

    assert kept == migrated == sorted(RecallPack.objects.values_list("user_id", "entry_ids"))
    assert "Made 2 recall packs" in out.getvalue() and recall_packs_out_of_step() == []


def test_lines_indexed_while_every_pack_is_being_made_again_wait_for_the_new_packs(
    community: Community, channel: Channel, alice: User
) -> None:
    line = said(channel, "I'm flying to Lisbon next month", by=alice)

    with second_connection() as other:
        other.execute("LOCK TABLE memories_recallpack IN SHARE ROW EXCLUSIVE MODE")  # as recall_packs_build does
        with pytest.raises(OperationalError, match="lock timeout"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '200ms'")
            recall_index_messages(messages=[line])
    written = recall_index_messages(messages=[line])

    assert written == 1 and recall_packs_out_of_step() == []


def test_making_every_pack_again_waits_for_a_worker_writing_packs(community: Community) -> None:
    with second_connection() as other:
        other.execute("LOCK TABLE memories_recallpack IN ROW EXCLUSIVE MODE")  # as _packs_refresh does
        with pytest.raises(OperationalError, match="lock timeout"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '200ms'")
            recall_services.recall_packs_build(community=community)
