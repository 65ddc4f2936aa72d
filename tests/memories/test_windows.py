"""Conversation windows: debounce, caps, sweeps, claims and leases — all in the database."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from accounts.models import Community, User
from chat.ingest import IngestItem, messages_ingest
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message, MessageRole, Persona
from chat.services import message_record, session_open
from chat.windows import window_claim, window_release, window_retry, windows_close_due, windows_sweep
from core.models import OutboxEvent

State = ConversationWindowState


@pytest.fixture
def t0() -> Iterator[datetime]:
    """Two hours ago, and the clock taken back there: the test's messages are said "now"."""
    start = timezone.now().replace(microsecond=0) - timedelta(hours=2)
    with time_machine.travel(start, tick=True):
        yield start


def _say(channel: Channel, author: User, at: datetime, text: str = "hello") -> Message:
    return message_record(channel=channel, author=author, content=text, created_at=at)


@pytest.mark.django_db
def test_messages_inside_the_quiet_time_keep_the_window_open(
    channel: Channel, alice: User, bob: User, t0: datetime
) -> None:
    for offset in (0, 100, 200):  # quiet time is 180 s: the talk never pauses that long
        _say(channel, alice if offset % 200 == 0 else bob, t0 + timedelta(seconds=offset))
    (window,) = ConversationWindow.objects.all()
    assert window.message_count == 3

    assert windows_close_due(now=t0 + timedelta(seconds=379)) == []
    assert ConversationWindow.objects.get().state == State.OPEN

    assert windows_close_due(now=t0 + timedelta(seconds=380)) == [window.pk]
    window.refresh_from_db()
    assert (window.state, window.close_reason) == (State.DUE, "quiet")
    assert list(window.messages.values_list("created_at", flat=True)) == [
        t0,
        t0 + timedelta(seconds=100),
        t0 + timedelta(seconds=200),
    ]


@pytest.mark.django_db
def test_the_message_cap_closes_the_window_at_once_and_queues_extraction(
    community: Community,
    channel: Channel,
    alice: User,
    t0: datetime,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    community.window_max_messages = 5
    community.save()
    with django_capture_on_commit_callbacks() as queued:
        for n in range(5):
            _say(channel, alice, t0 + timedelta(seconds=n))
    first = ConversationWindow.objects.get()
    assert (first.state, first.close_reason, first.message_count) == (State.DUE, "max_messages", 5)
    assert len(queued) == 1 and first.enqueued_at is not None

    _say(channel, alice, t0 + timedelta(seconds=6))
    second = ConversationWindow.objects.exclude(pk=first.pk).get()
    assert (second.state, second.message_count) == (State.OPEN, 1)


@pytest.mark.django_db
def test_a_line_joins_the_nearest_of_a_channels_open_talks(channel: Channel, alice: User, t0: datetime) -> None:
    """Two backlogs posted a line at a time grow toward each other: a line within the quiet time
    of both joins the nearer, so the two never overlap."""
    for seconds in (-1000, -700, -600, -860, -715):  # quiet time 180 s
        _say(channel, alice, t0 + timedelta(seconds=seconds), text=str(seconds))
    windows = ConversationWindow.objects.order_by("first_message_at")
    said = [sorted(int(text) for text in w.messages.values_list("content", flat=True)) for w in windows]
    assert said == [[-1000, -860], [-715, -700, -600]]
    assert {w.state for w in windows} == {State.OPEN}


@pytest.mark.django_db
def test_a_steady_trickle_is_cut_at_the_duration_cap(channel: Channel, alice: User, t0: datetime) -> None:
    for n in range(13):  # a message every 170 s never lets the 180 s quiet time pass
        _say(channel, alice, t0 + timedelta(seconds=170 * n))
    windows = list(ConversationWindow.objects.order_by("first_message_at"))
    assert windows[0].close_reason == "max_duration"
    assert windows[0].last_message_at - windows[0].first_message_at >= timedelta(seconds=1800)
    assert windows[1].state == State.OPEN


@pytest.mark.django_db
def test_the_sweep_closes_an_old_window_by_duration(channel: Channel, alice: User, t0: datetime) -> None:
    for seconds in range(0, 1800, 150):  # a talk that never went quiet, for half an hour
        _say(channel, alice, t0 + timedelta(seconds=seconds))
    window = ConversationWindow.objects.get()
    with time_machine.travel(t0 + timedelta(seconds=1801)):
        assert windows_sweep() == [window.pk]
    window.refresh_from_db()
    assert (window.state, window.close_reason) == (State.DUE, "max_duration")
    # Queued once: the next sweep leaves it to the task already on its way.
    with time_machine.travel(t0 + timedelta(seconds=1816)):
        assert windows_sweep() == []


@pytest.mark.django_db
def test_an_old_window_the_sweep_closes_went_quiet_however_long_ago_it_began(
    channel: Channel, alice: User, t0: datetime
) -> None:
    """A line said long ago (a backlog's) closes as quiet, not by a duration it never lasted."""
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    with time_machine.travel(t0 + timedelta(hours=2)):
        assert windows_sweep() == [window.pk]
    window.refresh_from_db()
    assert (window.state, window.close_reason) == (State.DUE, "quiet")


@pytest.mark.django_db
def test_a_claimed_window_is_not_claimed_again(channel: Channel, alice: User, t0: datetime) -> None:
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    assert window_claim(window_id=window.pk) is not None
    assert window_claim(window_id=window.pk) is None
    window.refresh_from_db()
    assert (window.state, window.attempts) == (State.EXTRACTING, 1)


@pytest.mark.django_db
def test_a_window_whose_worker_died_is_handed_out_again_after_its_lease(
    channel: Channel, alice: User, t0: datetime, settings: Any
) -> None:
    _say(channel, alice, t0)
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    claimed = window_claim(window_id=window.pk, now=t0 + timedelta(hours=1))
    assert claimed is not None

    lease = timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)
    assert windows_sweep(now=t0 + timedelta(hours=1) + lease - timedelta(seconds=1)) == []
    assert windows_sweep(now=t0 + timedelta(hours=1) + lease + timedelta(seconds=1)) == [window.pk]
    window.refresh_from_db()
    assert window.state == State.DUE and window.message_count == 1
    assert window_claim(window_id=window.pk) is not None


@pytest.mark.django_db
def test_a_failed_window_keeps_its_messages_and_can_be_retried(channel: Channel, alice: User, t0: datetime) -> None:
    _say(channel, alice, t0, "I'm moving to Austin next month")
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    claimed = window_claim(window_id=window.pk)
    assert claimed is not None
    window_release(window=claimed, error="RateLimitError: slow down", final=True)
    window.refresh_from_db()
    assert (window.state, window.last_error) == (State.FAILED, "RateLimitError: slow down")
    assert Message.objects.filter(window=window).count() == 1

    assert window_retry(window=window)
    window.refresh_from_db()
    assert (window.state, window.attempts) == (State.DUE, 0)
    assert not window_retry(window=window)  # only failed windows are retried


@pytest.mark.django_db
def test_only_a_window_that_fails_for_good_is_announced_by_its_ids_not_its_error(
    channel: Channel, alice: User, t0: datetime
) -> None:
    _say(channel, alice, t0, "I'm moving to Austin next month")
    window = ConversationWindow.objects.get()
    windows_close_due(now=t0 + timedelta(hours=1))
    claimed = window_claim(window_id=window.pk)
    assert claimed is not None
    window_release(window=claimed, error="APITimeoutError: Austin took too long", final=False)  # tried again
    assert not OutboxEvent.objects.exists()

    claimed = window_claim(window_id=window.pk)
    assert claimed is not None
    window_release(window=claimed, error="APITimeoutError: Austin took too long", final=True)
    window_release(window=claimed, error="APITimeoutError: Austin took too long", final=True)  # the claim is gone

    assert list(OutboxEvent.objects.values_list("kind", "community_id", "subject_id", "payload")) == [
        ("window.failed", channel.community_id, None, {"window": window.pk, "channel": channel.pk})
    ]


@pytest.mark.django_db
def test_a_community_extraction_rate_of_zero_skips_the_llm_and_keeps_the_messages(
    community: Community, channel: Channel, alice: User, t0: datetime
) -> None:
    from memories.services.extraction import window_extract

    community.extraction_rate = 0.0
    community.save()
    _say(channel, alice, t0, "I'm moving to Austin next month")
    windows_close_due(now=t0 + timedelta(hours=1))
    claimed = window_claim(window_id=ConversationWindow.objects.get().pk)
    assert claimed is not None

    result = window_extract(window=claimed, llm=_RefusingLLM())

    assert result.skipped == "not sampled by extraction_rate"
    assert result.prompt_tokens == 0 and claimed.messages.count() == 1


class _RefusingLLM:
    """An LLM that must not be called."""

    name = "refusing"
    answers_in_process = False

    def complete(self, **kwargs: Any) -> Any:
        raise AssertionError("the LLM was called")

    def stream(self, **kwargs: Any) -> Any:
        raise AssertionError("the LLM was called")


@pytest.mark.django_db
def test_each_message_of_a_batch_gets_the_row_stored_for_it(community: Community, t0: datetime) -> None:
    """New messages go in with their windows' counters, one statement for the batch: each comes
    back with its own row's id, over two channels and a window cap that splits the batch."""
    community.window_max_messages = 3
    community.save()
    items = [
        IngestItem(
            channel=f"c{n % 2}",
            content=f"said {n}",
            sent_at=t0 + timedelta(seconds=n),
            author=("a", "b", "c")[n % 3],
            message_id=f"m{n}",
        )
        for n in range(9)
    ]
    result = messages_ingest(community=community, items=items)

    assert len({message.window_id for message in result.messages}) == 4  # 5 and 4 messages, 3 a window
    for item, message in zip(items, result.messages, strict=True):
        stored = Message.objects.get(pk=message.pk)
        assert (stored.external_id, stored.content, stored.created_at) == (item.message_id, item.content, item.sent_at)
        assert (stored.window_id, stored.author_id) == (message.window_id, message.author_id)
    for window in ConversationWindow.objects.all():
        assert window.message_count == window.messages.count()


@pytest.mark.django_db
def test_a_batch_writes_its_windows_in_the_same_statements_however_many_it_fills(
    community: Community, t0: datetime, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    """The windows a batch closes and opens are worked out first and written together: a batch
    that fills six windows in two busy channels takes as many statements as one that fills none."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    community.window_max_messages = 3
    community.save()

    def said(channel: str, number: int) -> IngestItem:
        at = t0 + timedelta(seconds=number)
        return IngestItem(channel=channel, content=f"said {number}", sent_at=at, author="a", message_id=f"m{number}")

    # Each channel has an open window of two messages, the person is known.
    messages_ingest(
        community=community, items=[said(c, n) for n in range(2) for c in ("c0", "c1") if n % 2 == int(c[1])]
    )
    messages_ingest(community=community, items=[said("c0", 10), said("c1", 11)])
    with django_capture_on_commit_callbacks() as queued, CaptureQueriesContext(connection) as queries:
        # Eight more in each: each open window takes one and closes at 3, then 3, 3 and 2 more.
        messages_ingest(community=community, items=[said(f"c{n % 2}", 20 + n) for n in range(16)])

    statements = [
        query["sql"] for query in queries.captured_queries if not query["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]
    # The read, which locks the channels; their open windows locked; the windows that were open
    # written (both closed); the six new ones inserted (four closed again); the messages with their
    # windows.
    assert len(statements) == 5, "\n\n".join(statements)
    assert statements[-2].startswith("INSERT INTO chat_conversationwindow")
    assert statements[-1].startswith("WITH counts AS (UPDATE chat_conversationwindow")
    windows = list(ConversationWindow.objects.order_by("channel_id", "first_message_at"))
    assert [(w.message_count, w.state) for w in windows] == 2 * [
        (3, State.DUE),
        (3, State.DUE),
        (3, State.DUE),
        (1, State.OPEN),
    ]
    for window in windows:
        assert window.message_count == window.messages.count()
        closed = window.state == State.DUE
        assert (window.close_reason, window.closed_at is not None, window.enqueued_at is not None) == (
            ("max_messages", True, True) if closed else ("", False, False)
        )
    assert len(queued) == 1  # one callback sends the six extractions once the batch is stored


@pytest.mark.django_db
def test_a_message_inserted_with_its_window_holds_every_field_as_the_orm_would(
    persona: Persona, web_channel: Channel, alice: User
) -> None:
    session = session_open(user=alice, persona=persona, channel=web_channel)
    first = message_record(channel=web_channel, content="hello", author=alice, persona=persona, session=session)
    used = [{"id": 7, "layer": "relevant", "relevance": 0.5, "note": "ünïcode"}]
    message = message_record(
        channel=web_channel,
        content="hi Alice",
        role=MessageRole.ASSISTANT,
        persona=persona,
        session=session,
        external_id="x1",
        reply_to=first,
        memories_used=used,
    )

    assert message.pk is not None and not message._state.adding and message.received_at is not None
    stored = Message.objects.get(pk=message.pk)
    for field in Message._meta.concrete_fields:
        assert getattr(stored, field.attname) == getattr(message, field.attname), field.name
    assert (stored.reply_to_id, stored.memories_used, stored.window_id) == (first.pk, used, first.window_id)


def test_a_row_inserted_by_hand_takes_the_key_of_a_window_saved_since_and_refuses_an_unsaved_one() -> None:
    from core.fastpath.rows import rows_insert_params

    channel = Channel(pk=7)
    window = ConversationWindow(channel=channel, first_message_at=timezone.now(), last_message_at=timezone.now())
    message = Message(channel=channel, content="hi", window=window)
    with pytest.raises(ValueError, match="unsaved related object 'window'"):
        rows_insert_params(Message, [message])  # as bulk_create refuses it: the row would lose its window

    window.pk = 11  # the window inserted meanwhile
    assert rows_insert_params(Message, [message])["window_id"] == [11]
