"""Chat sessions: the persona's extraction modes, working and final summaries, idle endings.

The LLM here is the offline engine (no OPENAI_API_KEY in tests), the embedded default.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Community, Profile, User
from accounts.services import profile_memory_enabled_set
from chat.models import Channel, ChatSession, ConversationWindow, MessageRole, Persona, PersonaExtractionMode
from chat.services import session_end, session_message_add, session_open, session_reply, sessions_end_idle
from memories.models import Memory, MemoryRevision
from memories.services.summaries import (
    profile_semantic_refresh,
    profiles_due_for_refresh,
    session_final_summary_write,
    session_working_summary_refresh,
)
from memories.tasks import refresh_profile
from memoryhub.ai.llm import llm_get
from tests.support.db import lock_timeout, row_lock, second_connection
from tests.support.extraction import extract_window_here

pytestmark = pytest.mark.django_db
Capture = Callable[..., Any]


@pytest.fixture(autouse=True)
def _offline(settings: Any) -> None:
    assert not settings.OPENAI_API_KEY and llm_get().name == "offline"


def _session(persona: Persona, web_channel: Channel, user: User, mode: str, interval: int = 1) -> ChatSession:
    persona.extraction_mode = mode
    persona.extraction_interval = interval
    persona.save()
    return session_open(user=user, persona=persona, channel=web_channel)


def test_every_turn_extracts_each_exchange_on_its_own(
    persona: Persona, web_channel: Channel, alice: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.EVERY_TURN)
    with django_capture_on_commit_callbacks() as queued:
        session_reply(session=session, text="I'm moving to Austin next month")
    (window,) = ConversationWindow.objects.all()
    assert (window.state, window.close_reason, window.message_count) == ("due", "manual", 2)
    assert queued  # its extraction was queued

    extract_window_here(window)
    memory = Memory.objects.get(user=alice)
    assert "Austin" in memory.content and memory.kind == "plan" and memory.source == "chat"


def test_periodic_extracts_every_n_turns(persona: Persona, web_channel: Channel, alice: User) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.PERIODIC, interval=2)
    session_reply(session=session, text="hello there")
    assert not ConversationWindow.objects.exists()
    session_reply(session=session, text="I hate battle royales")
    (window,) = ConversationWindow.objects.all()
    assert window.message_count == 4

    extract_window_here(window)
    assert Memory.objects.get(user=alice).content == "Alice hates battle royales"


def test_on_session_end_extracts_the_whole_session_when_it_ends(
    persona: Persona, web_channel: Channel, alice: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.ON_SESSION_END)
    session_reply(session=session, text="My name is Alicia, by the way")
    session_reply(session=session, text="I have a dog named Rex")
    assert not ConversationWindow.objects.exists()

    with django_capture_on_commit_callbacks() as queued:
        assert session_end(session=session)
    (window,) = ConversationWindow.objects.all()
    assert (window.close_reason, window.message_count) == ("session_end", 4)
    assert len(queued) == 2  # the extraction and the final summary

    extract_window_here(window)
    contents = set(Memory.objects.filter(user=alice).values_list("content", flat=True))
    assert any("Alicia" in c for c in contents) and any("Rex" in c for c in contents)


def test_llm_triggered_saves_what_the_reply_model_remembers(
    persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)

    turn = session_reply(session=session, text="I'm moving to Austin next month")

    (memory,) = turn.remembered
    assert memory.content == "Alice is moving to Austin next month"
    assert list(memory.source_messages.all()) == [turn.message]
    assert MemoryRevision.objects.get(memory=memory).action == "created"
    assert turn.reply.content and turn.reply.role == "assistant"
    assert not ConversationWindow.objects.exists()


def test_llm_triggered_remembers_nothing_for_an_opted_out_person(
    community: Community, persona: Persona, web_channel: Channel, alice: User
) -> None:
    profile_memory_enabled_set(user=alice, community=community, enabled=False)
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)
    assert session_reply(session=session, text="I'm moving to Austin next month").remembered == []
    assert not Memory.objects.exists()


def test_window_mode_puts_chat_messages_in_the_channel_window(
    persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.WINDOW)
    session_reply(session=session, text="hi")
    window = ConversationWindow.objects.get()
    assert (window.state, window.message_count) == ("open", 2)


def test_the_working_summary_is_refreshed_every_n_messages(
    persona: Persona, web_channel: Channel, alice: User, django_capture_on_commit_callbacks: Capture
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.WINDOW)
    with django_capture_on_commit_callbacks() as queued:
        session_reply(session=session, text="I work as a nurse at the city hospital")
        session_reply(session=session, text="and I'm so tired after the night shift")
    assert len(queued) == 0  # 4 messages: not yet
    with django_capture_on_commit_callbacks() as queued:
        session_reply(session=session, text="my cat Luna keeps me company")
    assert len(queued) == 1  # the 5th message asked for a refresh

    summary = session_working_summary_refresh(session=ChatSession.objects.get(pk=session.pk))
    session.refresh_from_db()
    assert session.working_summary == summary and 0 < len(summary.split()) < 100
    assert "nurse" in summary
    assert session.working_summary_message_count == session.message_count == 6


def test_an_idle_session_ends_and_leaves_an_episodic_memory(
    community: Community, persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.WINDOW)
    session_reply(session=session, text="I'm moving to Austin next month")
    session_reply(session=session, text="I hate battle royales")
    session.refresh_from_db()
    last = session.last_message_at

    assert sessions_end_idle(now=last + timedelta(minutes=29)) == []
    assert sessions_end_idle(now=last + timedelta(minutes=31)) == [session.pk]
    session.refresh_from_db()
    assert session.ended_at is not None

    memory = session_final_summary_write(session=session)
    session.refresh_from_db()
    sentences = [s for s in session.final_summary.replace("!", ".").split(".") if s.strip()]
    assert 1 <= len(sentences) <= 3 and "Austin" in session.final_summary
    assert memory is not None and memory.kind == "event" and memory.persona == persona
    assert memory.content.startswith(f"Conversation with {persona.name}")
    assert session_final_summary_write(session=session) is None  # written once


@pytest.mark.django_db(transaction=True)  # the second connection sees committed rows
def test_the_idle_sweep_passes_over_a_session_another_transaction_holds(
    persona: Persona, web_channel: Channel, alice: User, bob: User
) -> None:
    held, free = (session_open(user=user, persona=persona, channel=web_channel) for user in (alice, bob))
    for session in (held, free):
        session_message_add(session=session, content="I'm moving to Austin next month", role=MessageRole.USER)
    later = timezone.now() + timedelta(hours=1)
    with second_connection() as other, lock_timeout("2s"):
        row_lock(other, "chat_chatsession", held.pk)  # a reply being stored in it, say

        assert sessions_end_idle(now=later) == [free.pk]  # not a lock timeout: it did not wait

        assert ChatSession.objects.get(pk=held.pk).ended_at is None
        other.rollback()
        assert sessions_end_idle(now=later) == [held.pk]  # the next sweep ends it
    assert sessions_end_idle(now=later) == []


def test_an_opted_out_person_gets_no_summary_and_no_memory(
    community: Community, persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.WINDOW)
    session_reply(session=session, text="I'm moving to Austin next month")
    profile_memory_enabled_set(user=alice, community=community, enabled=False)
    session_end(session=session, now=timezone.now())
    ended = ChatSession.objects.get(pk=session.pk)
    assert session_final_summary_write(session=ended) is None
    assert session_working_summary_refresh(session=ended) == ""
    ended.refresh_from_db()
    assert (ended.final_summary, ended.working_summary) == ("", "")
    assert not Memory.objects.exists()


def test_the_semantic_profile_is_rewritten_from_top_memories(
    community: Community, persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)
    for text in ["I work as a nurse", "I love hiking in the mountains", "I hate battle royales"]:
        session_reply(session=session, text=text)
    profile = profile_semantic_refresh(profile=Profile.objects.get(user=alice, community=community))
    assert "nurse" in profile.summary
    assert any("hiking" in p for p in profile.preferences)
    assert profile.semantic_refreshed_at is not None


def test_only_profiles_with_changed_memories_are_due_for_a_refresh(
    community: Community, persona: Persona, web_channel: Channel, alice: User, bob: User
) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)
    session_reply(session=session, text="I work as a nurse")
    alice_profile = Profile.objects.get(user=alice, community=community)
    assert profiles_due_for_refresh() == [alice_profile.pk]  # bob has no memories

    profile_semantic_refresh(profile=alice_profile)
    assert profiles_due_for_refresh() == []
    session_reply(session=session, text="I love hiking in the mountains")
    assert profiles_due_for_refresh() == [alice_profile.pk]


def test_the_daily_refresh_queued_twice_rewrites_a_profile_once(
    community: Community, persona: Persona, web_channel: Channel, alice: User
) -> None:
    """Two beats started by mistake queue each daily rewrite twice: the second finds it done, or,
    at the same moment, the first still under way (its lock, held here by a second connection)."""
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)
    session_reply(session=session, text="I work as a nurse")
    profile = Profile.objects.get(user=alice, community=community)

    with second_connection() as other:
        other.execute("SELECT pg_advisory_lock(hashtextextended(%s, 0))", [f"profile-refresh:{profile.pk}"])
        assert refresh_profile(profile.pk, only_if_due=True) is False  # under way elsewhere
        other.execute("SELECT pg_advisory_unlock_all()")
    profile.refresh_from_db()
    assert profile.semantic_refreshed_at is None

    assert refresh_profile(profile.pk, only_if_due=True) is True
    profile.refresh_from_db()
    refreshed_at = profile.semantic_refreshed_at
    assert refreshed_at is not None and "nurse" in profile.summary
    assert refresh_profile(profile.pk, only_if_due=True) is False  # queued again: done already
    profile.refresh_from_db()
    assert profile.semantic_refreshed_at == refreshed_at
    assert refresh_profile(profile.pk) is True  # a rewrite after an edit or deletion always runs


def test_the_reply_is_given_the_memory_context_and_uses_it(persona: Persona, web_channel: Channel, alice: User) -> None:
    session = _session(persona, web_channel, alice, PersonaExtractionMode.LLM_TRIGGERED)
    session_reply(session=session, text="I'm moving to Austin next month")

    turn = session_reply(session=session, text="what should I pack for the move to Austin?")

    assert [m.content for m in turn.context.memories] == ["Alice is moving to Austin next month"]
    assert turn.context.text in turn.context.messages[0]["content"]
    assert "you're moving to Austin next month" in turn.reply.content  # said back to the person
