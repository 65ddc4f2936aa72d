"""A session's final summary is never lost: a task that does not arrive or gives up is sent again.

The LLM is the fake OpenAI-compatible server over HTTP; the task runs here, as a worker would
run it (a direct call), so its retry policy is the real one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from accounts.models import User
from accounts.services import membership_set, user_create
from chat.models import Channel, ChatSession, MessageRole, Persona
from chat.services import (
    session_end,
    session_message_add,
    session_open,
    session_reply,
    sessions_final_summary_requeue,
    web_channel_get,
)
from chat.tasks import end_idle_sessions, summarize_session
from memories.models import Memory
from memories.services.summaries import session_final_summary_write
from memoryhub.ai.llm import llm_get
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.types import LLMUnavailableError
from tests.support.db import lock_timeout, row_lock, second_connection
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db
Capture = Callable[..., Any]


@pytest.fixture(scope="module")
def fake_openai() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture
def fake(fake_openai: FakeOpenAI, settings: Any) -> Iterator[FakeOpenAI]:
    fake_openai.reset()
    settings.OPENAI_API_KEY = "test"
    settings.OPENAI_BASE_URL = fake_openai.base_url
    settings.MEMORYHUB_LLM_MAX_RETRIES = 0
    llm_get.cache_clear()  # the process's LLM is made once from the settings
    yield fake_openai
    llm_get.cache_clear()


def _ended(persona: Persona, channel: Channel, user: User, capture: Capture) -> tuple[ChatSession, datetime]:
    """A session with one message, ended with its summary's task lost on the way (never sent)."""
    session = session_open(user=user, persona=persona, channel=channel)
    session_message_add(session=session, content="I'm moving to Austin next month", role=MessageRole.USER)
    with capture(execute=False) as lost:
        assert session_end(session=session)
    assert len(lost) >= 1  # the send waited for the commit, and never ran
    session.refresh_from_db()
    assert session.ended_at is not None and session.final_summary_queued_at is not None
    return session, session.final_summary_queued_at


def test_a_final_summary_whose_task_was_lost_is_sent_again_once_its_lease_has_passed(
    persona: Persona,
    web_channel: Channel,
    alice: User,
    fake: FakeOpenAI,
    settings: Any,
    django_capture_on_commit_callbacks: Capture,
) -> None:
    session, queued_at = _ended(persona, web_channel, alice, django_capture_on_commit_callbacks)
    lease = timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)

    assert sessions_final_summary_requeue(now=queued_at + lease - timedelta(seconds=1)) == []
    resent_at = queued_at + lease + timedelta(seconds=1)
    with django_capture_on_commit_callbacks() as sent, time_machine.travel(resent_at, tick=False):
        end_idle_sessions()  # the beat's every-minute task
    assert len(sent) == 1
    session.refresh_from_db()
    assert session.final_summary_queued_at == resent_at
    # Sent once: the next sweep leaves it to the task on its way.
    assert sessions_final_summary_requeue(now=queued_at + lease + timedelta(seconds=2)) == []

    fake.script_text("Alice said she is moving to Austin next month.")
    assert summarize_session(session.pk, True) == "final"
    session.refresh_from_db()
    assert session.final_summary == "Alice said she is moving to Austin next month."
    assert session.final_summary_queued_at is None
    assert Memory.objects.get(user=alice).content.endswith("Alice said she is moving to Austin next month.")
    assert sessions_final_summary_requeue(now=queued_at + 10 * lease) == []  # settled


@pytest.mark.django_db(transaction=True)  # the second connection sees committed rows
def test_the_requeue_passes_over_a_session_another_transaction_holds(
    persona: Persona, web_channel: Channel, alice: User, bob: User, settings: Any
) -> None:
    held, free = (session_open(user=user, persona=persona, channel=web_channel) for user in (alice, bob))
    queued_at = timezone.now()
    # Both ended, their summaries' tasks lost on the way.
    ChatSession.objects.update(ended_at=queued_at, final_summary_queued_at=queued_at)
    now = queued_at + timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS + 1)
    with second_connection() as other, lock_timeout("2s"):
        row_lock(other, "chat_chatsession", held.pk)  # its summary being written, say

        assert sessions_final_summary_requeue(now=now) == [free.pk]  # not a lock timeout: it did not wait

        assert ChatSession.objects.get(pk=held.pk).final_summary_queued_at == queued_at
        other.rollback()
        assert sessions_final_summary_requeue(now=now) == [held.pk]  # the next sweep sends it
    assert sessions_final_summary_requeue(now=now) == []


def test_a_summary_the_llm_could_not_write_stays_queued_and_one_it_refused_is_given_up(
    persona: Persona,
    web_channel: Channel,
    alice: User,
    bob: User,
    fake: FakeOpenAI,
    settings: Any,
    django_capture_on_commit_callbacks: Capture,
) -> None:
    down, down_at = _ended(persona, web_channel, alice, django_capture_on_commit_callbacks)
    refused, _ = _ended(persona, web_channel, bob, django_capture_on_commit_callbacks)
    lease = timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)

    fake.script_error(503)  # down: the task's retries, then the sweep, try again
    with pytest.raises(LLMUnavailableError):
        summarize_session(down.pk, True)
    fake.script_error(400)  # refused: asking again would get the same answer
    assert summarize_session(refused.pk, True) == ""

    assert len(fake.chat_requests()) == 2
    assert not Memory.objects.exists()
    assert sessions_final_summary_requeue(now=down_at + lease + timedelta(seconds=1)) == [down.pk]
    refused.refresh_from_db()
    assert (refused.final_summary, refused.final_summary_queued_at) == ("", None)


def test_an_ended_session_with_nothing_to_summarise_is_settled_without_the_llm(
    persona: Persona, web_channel: Channel, alice: User, fake: FakeOpenAI, django_capture_on_commit_callbacks: Capture
) -> None:
    session = session_open(user=alice, persona=persona, channel=web_channel)
    with django_capture_on_commit_callbacks(execute=False):
        session_end(session=session)
    assert summarize_session(session.pk, True) == "final"
    session.refresh_from_db()
    assert (session.final_summary, session.final_summary_queued_at) == ("", None)
    assert fake.chat_requests() == []


@pytest.mark.parametrize(
    ("lines", "kept"),
    [
        pytest.param(["test", "delay 0.0", "test 2"], "", id="test-lines"),
        pytest.param(["what's the weather?", "how are you?", "what time is it?"], "", id="only-questions"),
        pytest.param(
            ["I love hiking", "I love hiking!", "hiking is the best"],
            "Uma loves hiking. Uma thinks hiking is the best.",
            id="said-twice",
        ),
    ],
)
def test_filler_is_no_summary_and_a_summary_never_says_a_sentence_twice(
    community: Any, persona: Persona, lines: list[str], kept: str
) -> None:
    uma = user_create(username="uma", display_name="Uma")
    membership_set(user=uma, community=community)
    session = session_open(user=uma, persona=persona, channel=web_channel_get(user=uma, persona=persona))
    for text in lines:
        session_reply(session=session, text=text)
    session.refresh_from_db()

    memory = session_final_summary_write(session=session, llm=OfflineLLM())

    assert ChatSession.objects.get(pk=session.pk).final_summary == kept
    assert (memory.content if memory else "") == (
        f"Conversation with Mira on {session.started_at:%Y-%m-%d}: {kept}" if kept else ""
    )
