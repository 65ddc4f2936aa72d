"""Prompt pickup, exactly once: claims and sweeps never wait on a row lock, and a lost claim writes nothing.

Locks are held by a second, real database connection, and this test's connection runs with a
short ``lock_timeout``: code that waited for a lock instead of passing over it fails with a lock
timeout here, deterministically, instead of hanging or racing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

import psycopg
import pytest
import time_machine
from django.conf import settings
from django.db import OperationalError, connection
from django.utils import timezone

from accounts.models import User
from chat.ingest import IngestItem, messages_ingest
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message
from chat.services import channel_create, message_record
from chat.windows import (
    ClaimLostError,
    WindowBusyError,
    window_claim,
    window_finish,
    window_release,
    windows_close_due,
    windows_sweep,
)
from core.models import OutboxEvent
from memories.models import Memory
from memories.services.extraction import window_extract
from memoryhub.ai.offline import OfflineLLM
from tests.support.db import lock_timeout, row_lock, second_connection, waiting_on_a_lock
from tests.support.processes import wait_until

State = ConversationWindowState
pytestmark = pytest.mark.django_db(transaction=True)  # the second connection sees committed rows


@pytest.fixture
def t0() -> Iterator[datetime]:
    """Two hours ago, and the clock taken back there: the test's messages are said "now"."""
    start = timezone.now().replace(microsecond=0) - timedelta(hours=2)
    with time_machine.travel(start, tick=True):
        yield start


@pytest.fixture
def other() -> Iterator[psycopg.Connection[Any]]:
    with second_connection() as second:
        yield second


@pytest.fixture(autouse=True)
def short_lock_timeout() -> Iterator[None]:
    with lock_timeout("2s"):
        yield


def _say(channel: Channel, author: User, at: datetime, text: str = "I work as a nurse") -> Message:
    return message_record(channel=channel, author=author, content=text, created_at=at)


def test_a_due_window_locked_for_a_moment_is_reported_busy_at_once_then_claimed(
    channel: Channel, alice: User, t0: datetime, other: psycopg.Connection[Any]
) -> None:
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    row_lock(other, "chat_conversationwindow", window.pk)

    with pytest.raises(WindowBusyError):  # not a lock timeout: it did not wait
        window_claim(window_id=window.pk)

    other.rollback()
    assert window_claim(window_id=window.pk) is not None


def test_a_due_window_is_claimed_while_an_ingest_holds_its_channel(
    channel: Channel, alice: User, t0: datetime, other: psycopg.Connection[Any]
) -> None:
    _say(channel, alice, t0)
    due = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    _say(channel, alice, timezone.now())  # the channel's next window, open
    open_window = ConversationWindow.objects.get(state=State.OPEN)
    # What windows_messages_add holds while it adds a message: the channel row and its open window.
    row_lock(other, "chat_channel", channel.pk)
    row_lock(other, "chat_conversationwindow", open_window.pk)

    claimed = window_claim(window_id=due.pk)

    assert claimed is not None and claimed.pk == due.pk and claimed.channel == channel


def test_the_sweep_passes_over_locked_windows_at_once(
    channel: Channel, alice: User, t0: datetime, other: psycopg.Connection[Any], settings: Any
) -> None:
    quiet_channel = channel_create(community=channel.community, name="random", external_id="discord-random")
    stale_channel = channel_create(community=channel.community, name="memes", external_id="discord-memes")
    _say(channel, alice, t0)
    _say(quiet_channel, alice, t0)
    _say(stale_channel, alice, t0)
    locked_open = ConversationWindow.objects.get(channel=channel)
    free_open = ConversationWindow.objects.get(channel=quiet_channel)
    stale = ConversationWindow.objects.get(channel=stale_channel)
    ConversationWindow.objects.filter(pk=stale.pk).update(
        state=State.EXTRACTING, close_reason="quiet", closed_at=t0, claimed_at=t0, enqueued_at=t0
    )
    row_lock(other, "chat_conversationwindow", locked_open.pk)
    row_lock(other, "chat_conversationwindow", stale.pk)  # its worker is applying right now

    later_on = time_machine.travel(t0 + timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS + 3600))
    later_on.start()
    queued = windows_sweep()

    assert queued == [free_open.pk]
    states = dict(ConversationWindow.objects.values_list("pk", "state"))
    assert states == {locked_open.pk: State.OPEN, free_open.pk: State.DUE, stale.pk: State.EXTRACTING}
    other.rollback()
    later = windows_sweep()
    later_on.stop()
    assert sorted(later) == sorted([locked_open.pk, stale.pk])


def test_the_sweep_leaves_a_due_window_another_transaction_holds_for_the_next_sweep(
    channel: Channel, alice: User, t0: datetime, other: psycopg.Connection[Any]
) -> None:
    """Queueing takes the due windows with SKIP LOCKED: a due window whose row is held (a claim,
    an ingest) is passed over at once, not waited for, and queued by the next sweep."""
    free_channel = channel_create(community=channel.community, name="random", external_id="discord-random")
    _say(channel, alice, t0)
    _say(free_channel, alice, t0)
    locked = ConversationWindow.objects.get(channel=channel)
    free = ConversationWindow.objects.get(channel=free_channel)
    # Both due and never queued (as after a broker outage): the sweep's queueing is what sends them.
    ConversationWindow.objects.update(state=State.DUE, close_reason="quiet", closed_at=t0, enqueued_at=None)
    row_lock(other, "chat_conversationwindow", locked.pk)

    assert windows_sweep() == [free.pk]  # not a lock timeout: it did not wait

    assert ConversationWindow.objects.get(pk=locked.pk).enqueued_at is None
    other.rollback()
    assert windows_sweep() == [locked.pk]
    assert windows_sweep() == []  # both queued once


def _handed_out_again(
    channel: Channel, alice: User, t0: datetime, settings: Any
) -> tuple[ConversationWindow, ConversationWindow, ConversationWindow]:
    """A window, the claim of a worker whose lease ran out, and the claim it was handed out with since."""
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    late = window_claim(window_id=window.pk, now=t0 + timedelta(hours=1))
    assert late is not None
    lease = timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)
    assert windows_sweep(now=t0 + timedelta(hours=1) + lease + timedelta(seconds=1)) == [window.pk]
    current = window_claim(window_id=window.pk)
    assert current is not None and current.claim_token != late.claim_token
    return window, late, current


def test_a_release_by_a_worker_whose_lease_ran_out_leaves_the_new_claim_untouched(
    channel: Channel, alice: User, t0: datetime, settings: Any
) -> None:
    window, late, current = _handed_out_again(channel, alice, t0, settings)
    before = ConversationWindow.objects.values().get(pk=window.pk)

    window_release(window=late, error="APITimeoutError: too slow", final=False)
    window_release(window=late, error="APITimeoutError: too slow", final=True)

    assert ConversationWindow.objects.values().get(pk=window.pk) == before  # state, token, error, tokens
    assert not OutboxEvent.objects.exists()  # no failure announced for a window still being worked on
    assert window_finish(window=current, prompt_tokens=0, completion_tokens=0, operations_applied=0)


def test_a_worker_whose_lease_ran_out_writes_nothing_after_the_window_was_handed_out_again(
    channel: Channel, alice: User, t0: datetime, settings: Any
) -> None:
    window, late, current = _handed_out_again(channel, alice, t0, settings)

    with pytest.raises(ClaimLostError):
        window_extract(window=late, llm=OfflineLLM())
    assert not window_finish(window=late, prompt_tokens=1, completion_tokens=1, operations_applied=1)
    assert not Memory.objects.exists()
    window.refresh_from_db()
    assert (window.state, window.claim_token, window.operations_applied) == (
        State.EXTRACTING,
        current.claim_token,
        0,
    )

    window_extract(window=current, llm=OfflineLLM())
    assert window_finish(window=current, prompt_tokens=0, completion_tokens=0, operations_applied=1)
    assert Memory.objects.filter(user=alice).count() == 1


def _this_session_ends() -> None:
    """End this test's database session as a killed worker's ends: PostgreSQL drops what it held."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    connection.close()

    def gone() -> bool:
        with connection.cursor() as cursor:  # a new session
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            return bool(cursor.fetchone()[0] == 0)

    wait_until(gone, timeout=10, interval=0.05)


def test_the_next_sweep_hands_out_a_window_whose_worker_died_without_waiting_for_its_lease(
    channel: Channel, alice: User, t0: datetime
) -> None:
    _say(channel, alice, t0 - timedelta(hours=1))  # a talk already over: closed and queued when no more of it comes
    windows_sweep(now=timezone.now() + timedelta(seconds=settings.MEMORYHUB_WINDOW_LATE_SECONDS))
    window = ConversationWindow.objects.get(state=State.DUE, enqueued_at__isnull=False)
    assert window_claim(window_id=window.pk) is not None
    assert windows_sweep() == []  # its worker is alive and within its lease

    _this_session_ends()

    assert windows_sweep() == [window.pk]
    window.refresh_from_db()
    assert (window.state, window.claim_token, window.message_count) == (State.DUE, None, 1)


def test_a_task_delivered_again_takes_over_the_window_of_a_worker_that_died(
    channel: Channel, alice: User, t0: datetime
) -> None:
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    dead = window_claim(window_id=window.pk)
    assert dead is not None
    assert window_claim(window_id=window.pk) is None  # taken, by a live worker

    _this_session_ends()

    again = window_claim(window_id=window.pk)
    assert again is not None and again.attempts == 2 and again.claim_token != dead.claim_token
    with pytest.raises(ClaimLostError):
        window_extract(window=dead, llm=OfflineLLM())
    window_extract(window=again, llm=OfflineLLM())
    assert window_finish(window=again, prompt_tokens=0, completion_tokens=0, operations_applied=1)
    assert Memory.objects.filter(user=alice).count() == 1


def test_an_ingest_waits_for_its_channel_but_not_for_its_community(
    channel: Channel, alice: User, other: psycopg.Connection[Any]
) -> None:
    """Messages of one community in other channels are not serialised on the community's row
    (its window settings are read, not locked); two batches of one channel are, on the channel's."""
    assert channel.external_id is not None

    def post(text: str) -> None:
        item = IngestItem(channel=channel.external_id or "", content=text, sent_at=timezone.now(), author="alice")
        messages_ingest(community=channel.community, items=[item])

    post("first")  # the channel's open window exists now
    row_lock(other, "accounts_community", channel.community_id)
    post("second")
    assert Message.objects.filter(channel=channel).count() == 2
    other.rollback()

    # Not FOR UPDATE, which the new message's foreign key check would wait for by itself.
    other.execute("SELECT 1 FROM chat_channel WHERE id = %s FOR NO KEY UPDATE", [channel.pk])
    with pytest.raises(OperationalError, match="lock timeout"):
        post("third")
    other.rollback()
    post("third")
    assert Message.objects.filter(channel=channel).count() == 3


def test_a_message_that_waited_for_its_channel_joins_the_window_opened_meanwhile(
    channel: Channel, alice: User, other: psycopg.Connection[Any]
) -> None:
    """The open window is read after the channel's lock is granted: a window the lock's holder
    opened is then seen and joined, not opened twice (the second would break the one-open-window
    rule and lose the message)."""
    other.execute("SELECT 1 FROM chat_channel WHERE id = %s FOR NO KEY UPDATE", [channel.pk])  # an ingest
    ((opened,),) = other.execute(
        """
        INSERT INTO chat_conversationwindow (channel_id, state, first_message_at, last_message_at, message_count,
            close_reason, attempts, last_error, prompt_tokens, completion_tokens, operations_applied,
            created_at, updated_at)
        VALUES (%s, 'open', now(), now(), 1, '', 0, '', 0, 0, 0, now(), now()) RETURNING id
        """,
        [channel.pk],
    ).fetchall()
    outcome: dict[str, Any] = {}

    def post() -> None:
        try:
            # A chat message (no retry around it, as ingest has: a reply stream's message is stored so).
            outcome["window"] = _say(channel, alice, timezone.now(), "hi").window_id
        except Exception as error:
            outcome["error"] = error
        finally:
            connection.close()

    poster = threading.Thread(target=post)
    poster.start()
    wait_until(lambda: waiting_on_a_lock() or not poster.is_alive(), timeout=20, interval=0.01)
    assert poster.is_alive(), ("the message never waited for the channel", outcome)
    other.commit()
    poster.join(20)
    assert "error" not in outcome, outcome
    assert outcome["window"] == opened
    assert ConversationWindow.objects.filter(channel=channel, state=State.OPEN).count() == 1


def test_an_ingest_never_holds_a_lock_a_foreign_key_check_waits_for(
    channel: Channel, alice: User, other: psycopg.Connection[Any]
) -> None:
    """The sweep closes a window and then marks it queued: two updates of one row in one transaction,
    so at COMMIT PostgreSQL checks the window's channel with ``FOR KEY SHARE``. An ingest that held
    that channel ``FOR UPDATE`` while waiting for the sweep's window deadlocked with it (two 500s
    in a load run). Here the second connection holds what that commit-time check takes, on the
    channel and on its open window: the batch goes through without waiting."""
    item = IngestItem(
        channel="discord-general", author="alice_456", author_name="Alice", content="hi all", sent_at=timezone.now()
    )
    messages_ingest(community=channel.community, items=[item])
    open_window = ConversationWindow.objects.get(state=State.OPEN)
    other.execute("SELECT 1 FROM chat_channel WHERE id = %s FOR KEY SHARE", [channel.pk])
    other.execute("SELECT 1 FROM chat_conversationwindow WHERE id = %s FOR KEY SHARE", [open_window.pk])

    later = replace(item, content="anyone up for a game?", sent_at=timezone.now())
    result = messages_ingest(community=channel.community, items=[later])  # a lock wait: 2 s, then an error

    assert result.windows == [open_window] and Message.objects.filter(window=open_window).count() == 2
