"""Conversation windows, kept in the database: join, close, claim, finish, retry.

State machine: open → due → extracting → done | failed (and failed/stale extracting → due).

A claim lives as long as the database session of the worker that made it: claiming takes a
session-level advisory lock on the window (``_CLAIM_LOCK_CLASS``), which PostgreSQL drops when that
worker's process dies, however it dies. A window extracting whose lock nobody holds is handed out
again by the next sweep, or taken over at once by a task delivered again (``window_claim``),
without waiting for its lease. The lease stays the backstop for a worker that is alive but stuck,
or a machine that vanished without closing its connections.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.utils import timezone

from accounts.models import Community
from chat.models import Channel, ConversationWindow, ConversationWindowCloseReason, ConversationWindowState, Message
from core.fastpath.rows import attnames, columns_sql, row_load, rows_insert_params, rows_insert_sql, rows_inserted
from core.fastpath.sql import prepared_cursor
from core.models import OutboxEventKind
from core.queueing import tasks_send_on_commit
from core.services import event_record

logger = logging.getLogger(__name__)
State = ConversationWindowState
Reason = ConversationWindowCloseReason


# Advisory lock namespace "CW" (claimed windows); the second key is the window's id, modulo 2**31
# (two windows sharing a key only make a dead claim wait for its lease).
_CLAIM_LOCK_CLASS = 0x4357
_CLAIM_KEY_MODULUS = 2**31
# The claim of the window ``w`` is held: a live session holds its advisory lock, in this database.
_CLAIM_HELD_SQL = f"""
EXISTS (SELECT 1 FROM pg_locks AS l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid = {_CLAIM_LOCK_CLASS} AND l.objid = mod(w.id, {_CLAIM_KEY_MODULUS})::oid)
"""  # noqa: S608 - constants of this module


class WindowBusyError(Exception):
    """The window is due but its row is locked for a moment (ingest, the sweep): try again soon."""


class ClaimLostError(Exception):
    """This worker's claim on the window ran out and it was handed out again: write nothing."""


def _extraction_enqueue(window_ids: Sequence[int]) -> None:
    """Queue extraction once the surrounding transaction commits (tasks never see uncommitted rows)."""
    if not window_ids:
        return
    ids = list(window_ids)
    ConversationWindow.objects.filter(pk__in=ids).update(enqueued_at=timezone.now())
    _extraction_send(ids)


def _extraction_send(window_ids: Sequence[int]) -> None:
    """Send the extraction tasks of windows marked queued (``enqueued_at``) once the surrounding
    transaction commits."""
    from memories.tasks import extract_window

    tasks_send_on_commit(extract_window, [(window_id,) for window_id in window_ids], unsent=_windows_unsent)


def _windows_unsent(calls: Sequence[tuple[int]]) -> None:
    """The broker refused these windows' tasks: mark them not queued, for the next sweep to send
    once the broker is back (instead of after the lease). Should the database be unreachable too,
    the lease still brings them back."""
    try:
        ConversationWindow.objects.filter(pk__in=[window_id for (window_id,) in calls], state=State.DUE).update(
            enqueued_at=None
        )
    except DatabaseError:
        logger.warning("could not mark %d unsent windows for the next sweep", len(calls), exc_info=True)


def window_due_at(window: ConversationWindow, community: Community) -> datetime | None:
    """When an open window closes by itself: after the quiet time, or at the duration cap, by its lines'
    own times; and not before its last line came a moment ago (``MEMORYHUB_WINDOW_LATE_SECONDS``: a
    backlog posted a line at a time is one conversation, not one a line)."""
    if window.state != State.OPEN:
        return None
    said_over = min(
        window.last_message_at + timedelta(seconds=community.window_quiet_seconds),
        window.first_message_at + timedelta(seconds=community.window_max_seconds),
    )
    return max(said_over, window.updated_at + timedelta(seconds=settings.MEMORYHUB_WINDOW_LATE_SECONDS))


# The channels are locked in id order (one lock order for every batch), their communities' window
# settings read along, unlocked; then their open windows are locked, so the sweep, which skips
# locked rows, cannot close one between this read and the write. Two statements: the second must
# start after the first has its locks, or it would not see a window that the transaction it waited
# for opened (a statement reads the database as it was when the statement began).
# FOR NO KEY UPDATE, not FOR UPDATE: batches still take turns on a channel, but a foreign-key
# check (FOR KEY SHARE) never waits for them. The sweep updates a window twice in a transaction,
# so PostgreSQL checks that window's channel when it commits: with FOR UPDATE here, an ingest
# waiting for the sweep's window while holding that channel deadlocked with it (seen under load).
_CHANNELS_LOCK_SQL = f"""
SELECT {columns_sql(Channel, "ch")}, {columns_sql(Community, "c")}
FROM (SELECT * FROM {Channel._meta.db_table} WHERE id = ANY(%(channels)s) ORDER BY id FOR NO KEY UPDATE) AS ch
JOIN {Community._meta.db_table} AS c ON c.id = ch.community_id
ORDER BY ch.id
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters
_WINDOWS_LOCK_SQL = f"""
SELECT {columns_sql(ConversationWindow, "o")} FROM {ConversationWindow._meta.db_table} AS o
WHERE o.channel_id = ANY(%(channels)s) AND o.state = '{State.OPEN}' FOR NO KEY UPDATE
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters


def _channels_lock(channel_ids: Sequence[int]) -> list[Channel]:
    """The channels, locked, their communities loaded."""
    community_at = len(attnames(Channel))
    channels: list[Channel] = []
    with prepared_cursor() as cursor:
        cursor.execute(_CHANNELS_LOCK_SQL, {"channels": list(channel_ids)})
        for row in cursor.fetchall():
            channel = row_load(Channel, row)
            channel.community = row_load(Community, row, community_at)
            channels.append(channel)
    return channels


def _open_windows_lock(channel_ids: Sequence[int]) -> dict[int, list[ConversationWindow]]:
    """The open windows of channels this transaction has locked, locked, by channel id."""
    windows: dict[int, list[ConversationWindow]] = {}
    with prepared_cursor() as cursor:
        cursor.execute(_WINDOWS_LOCK_SQL, {"channels": list(channel_ids)})
        for row in cursor:
            window = row_load(ConversationWindow, row)
            windows.setdefault(window.channel_id, []).append(window)
    return windows


def _window_for(windows: Sequence[ConversationWindow], at: datetime, quiet: timedelta) -> ConversationWindow | None:
    """The open window whose talk a line said ``at`` belongs to: the nearest whose lines it comes
    within the quiet time of (a channel's open windows never overlap: a line inside one's span is
    nearest to it), or None."""
    near = [(max(w.first_message_at - at, at - w.last_message_at, timedelta(0)), w) for w in windows]
    fits = [(gap, w) for gap, w in near if gap < quiet]
    return min(fits, key=lambda fit: fit[0])[1] if fits else None


@transaction.atomic(savepoint=False)
def window_message_add(*, message: Message) -> ConversationWindow:
    """Put ``message`` in its channel's open window (opening one), closing it at once on a cap."""
    windows_messages_add(messages=[message])
    assert message.window is not None
    return message.window


@transaction.atomic(savepoint=False)
def windows_messages_add(
    *, messages: Sequence[Message], channels_locked: Sequence[Channel] | None = None, whole: bool = False
) -> list[ConversationWindow]:
    """Put messages into their channels' open windows, in time order, closing on caps.

    A batch from a bot may fill several windows of one channel: each closes at the message cap or
    the duration cap and the next opens. Channel rows are locked (in id order, so two batches
    never deadlock) while their windows change. Messages not yet saved are inserted with their
    ``window`` set, in the statement that writes the windows' counters (one write for a bot's
    message); saved ones are moved. The windows are worked out in memory first and written
    after, however many a batch fills: one statement locks the channels, one their open windows,
    one writes the windows that were open (their counters, and their closing) and the new
    messages; a batch that opens windows inserts them all in one more, before the messages.
    ``channels_locked``: the messages' channels, when the caller has locked them already in this
    transaction (in id order, their communities loaded; ingest does it in its read), or made them
    in it. ``whole``: the messages are all the bot has of their talk (a batch, an import), so a
    window whose talk is already over closes at once; a line posted alone with an old time waits
    ``MEMORYHUB_WINDOW_LATE_SECONDS`` for the next lines of its backlog (``window_due_at``). Returns
    every window touched.
    """
    by_channel: dict[int, list[Message]] = {}
    for message in messages:
        by_channel.setdefault(message.channel_id, []).append(message)
    if channels_locked is None:
        channels = _channels_lock(sorted(by_channel))
    else:
        channels = sorted((channel for channel in channels_locked if channel.pk in by_channel), key=lambda c: c.pk)
    open_windows = _open_windows_lock([channel.pk for channel in channels])
    touched: dict[int, ConversationWindow] = {}  # by id(): a window opened here has no key yet
    closed: list[ConversationWindow] = []
    now = timezone.now()

    def close(window: ConversationWindow, reason: str) -> None:
        _window_mark_closed(window, reason=reason, now=now)
        closed.append(window)

    for channel in channels:
        community = channel.community
        quiet = timedelta(seconds=community.window_quiet_seconds)
        windows = open_windows.get(channel.pk, [])
        current: ConversationWindow | None = None  # the window this batch's last line joined
        for message in sorted(by_channel[channel.pk], key=lambda m: m.created_at):
            window = _window_for(windows, message.created_at, quiet)
            if current is not None and window is not current and message.created_at - current.last_message_at >= quiet:
                # History posted in one batch: a quiet gap between two of its lines ends a conversation.
                close(current, Reason.QUIET)
                windows.remove(current)
            if window is None:
                # A line of no open window's talk: its own. A backlog posted into a channel that
                # talks on, or history imported into it, never cuts the live talk (nor it them).
                window = ConversationWindow(
                    channel=channel, first_message_at=message.created_at, last_message_at=message.created_at
                )
                windows.append(window)
            window.message_count += 1
            window.first_message_at = min(window.first_message_at, message.created_at)
            window.last_message_at = max(window.last_message_at, message.created_at)
            message.window = current = window
            touched[id(window)] = window
            if window.message_count >= community.window_max_messages:
                close(window, Reason.MAX_MESSAGES)
            elif window.last_message_at - window.first_message_at >= timedelta(seconds=community.window_max_seconds):
                close(window, Reason.MAX_DURATION)
            else:
                continue
            windows.remove(window)
            current = None
        for window in windows:
            if id(window) in touched:
                if whole and window.last_message_at + quiet <= now:
                    close(window, Reason.QUIET)  # its talk is already over: due at once
            elif (due_at := window_due_at(window, community)) is not None and due_at <= now:
                # What the sweep would close (it may not be running): a talk over whose backlog stopped.
                close(window, Reason.QUIET if window.last_message_at + quiet <= now else Reason.MAX_DURATION)
                touched[id(window)] = window
    for window in touched.values():
        window.updated_at = now
    was_open = [window for window in touched.values() if window.pk is not None]
    opened = [window for window in touched.values() if window.pk is None]
    new = [message for message in messages if message.pk is None]
    if opened:
        _windows_save(was_open, now=now, new=[])
        was_open = []
        _windows_insert(opened)  # the messages take their windows' new keys as they are inserted
    saved: dict[int, list[int]] = {}
    for message in messages:
        if message.pk is not None and message.window is not None:
            saved.setdefault(message.window.pk, []).append(message.pk)
    _windows_save(was_open, now=now, new=new)
    for window_id, ids in saved.items():
        Message.objects.filter(pk__in=ids).update(window_id=window_id)
    _extraction_send([window.pk for window in closed])
    return list(touched.values())


# What a batch changes in the windows that were open (counters, and the closing of those that
# closed), for every window of a batch in one statement (Django's bulk_update would build a CASE
# per column and cost more to compile than to run).
_WINDOWS_SQL = f"""
UPDATE {ConversationWindow._meta.db_table} AS w
SET message_count = v.message_count, first_message_at = v.first_message_at, last_message_at = v.last_message_at,
    state = v.state, close_reason = v.close_reason, closed_at = v.closed_at, enqueued_at = v.enqueued_at,
    updated_at = %(now)s
FROM unnest(%(ids)s::bigint[], %(counts)s::integer[], %(firsts)s::timestamptz[], %(lasts)s::timestamptz[],
            %(states)s::varchar[], %(reasons)s::varchar[], %(closed)s::timestamptz[], %(enqueued)s::timestamptz[])
     AS v(id, message_count, first_message_at, last_message_at, state, close_reason, closed_at, enqueued_at)
WHERE w.id = v.id
"""  # noqa: S608 - the model's own table, values passed as parameters
# The same, with the new messages inserted: one statement, one round trip (an update in WITH runs
# whether or not the insert reads it). The messages come back with their ids, in order.
_WINDOWS_AND_MESSAGES_SQL = f"WITH counts AS ({_WINDOWS_SQL.strip()})\n{rows_insert_sql(Message)}"
_WINDOWS_INSERT_SQL = rows_insert_sql(ConversationWindow)


def _windows_save(windows: Sequence[ConversationWindow], *, now: datetime, new: Sequence[Message]) -> None:
    """Write what changed in ``windows`` (open until this batch) and insert the ``new`` messages
    (each with its window set)."""
    if not windows and not new:
        return
    params = {
        "now": now,
        "ids": [w.pk for w in windows],
        "counts": [w.message_count for w in windows],
        "firsts": [w.first_message_at for w in windows],
        "lasts": [w.last_message_at for w in windows],
        "states": [w.state for w in windows],
        "reasons": [w.close_reason for w in windows],
        "closed": [w.closed_at for w in windows],
        "enqueued": [w.enqueued_at for w in windows],
    }
    with prepared_cursor() as cursor:
        if not new:
            cursor.execute(_WINDOWS_SQL, params)
            return
        cursor.execute(_WINDOWS_AND_MESSAGES_SQL, params | rows_insert_params(Message, new))
        rows_inserted(new, [key for (key,) in cursor.fetchall()])


def _windows_insert(windows: Sequence[ConversationWindow]) -> None:
    """Insert the windows a batch opened (some of them closed again by it), in one statement."""
    with prepared_cursor() as cursor:
        cursor.execute(_WINDOWS_INSERT_SQL, rows_insert_params(ConversationWindow, windows))
        rows_inserted(windows, [key for (key,) in cursor.fetchall()])


def _window_mark_closed(window: ConversationWindow, *, reason: str, now: datetime) -> None:
    """Close ``window`` in memory, queued for extraction (the caller writes it, then sends the task)."""
    window.state, window.close_reason, window.closed_at, window.enqueued_at = State.DUE, reason, now, now


@transaction.atomic
def window_close(*, window: ConversationWindow, reason: str) -> ConversationWindow:
    """Close an open window now (session end, manual) and queue its extraction."""
    locked = ConversationWindow.objects.select_for_update().get(pk=window.pk)
    if locked.state == State.OPEN:
        _window_mark_closed(locked, reason=reason, now=timezone.now())
        locked.save()
        _extraction_send([locked.pk])
    return locked


@transaction.atomic
def window_from_messages(*, channel: Channel, messages: Sequence[Message], reason: str) -> ConversationWindow | None:
    """A closed window over messages that joined none (persona extraction modes other than ``window``)."""
    loose = [m for m in messages if m.window_id is None]
    if not loose:
        return None
    times = [m.created_at for m in loose]
    now = timezone.now()
    window = ConversationWindow.objects.create(
        channel=channel,
        state=State.DUE,
        close_reason=reason,
        closed_at=now,
        first_message_at=min(times),
        last_message_at=max(times),
        message_count=len(loose),
    )
    Message.objects.filter(pk__in=[m.pk for m in loose]).update(window=window)
    _extraction_enqueue([window.pk])
    return window


def windows_close_due(*, now: datetime | None = None) -> list[int]:
    """Close every open window that went quiet or outlived its duration (one statement)."""
    now = now or timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE chat_conversationwindow AS w
            SET state = 'due',
                -- quiet when its talk went quiet (a backlog's too, however long ago it began)
                close_reason = CASE
                    WHEN w.last_message_at + make_interval(secs => c.window_quiet_seconds) <= %(now)s
                    THEN 'quiet' ELSE 'max_duration' END,
                closed_at = %(now)s, updated_at = %(now)s
            FROM chat_channel AS ch JOIN accounts_community AS c ON c.id = ch.community_id
            WHERE w.channel_id = ch.id AND w.id IN (
                -- Rows an ingest holds for a moment are left for the next sweep, never waited for.
                SELECT o.id FROM chat_conversationwindow AS o
                JOIN chat_channel AS och ON och.id = o.channel_id
                JOIN accounts_community AS oc ON oc.id = och.community_id
                WHERE o.state = 'open'
                  AND (o.last_message_at + make_interval(secs => oc.window_quiet_seconds) <= %(now)s
                       OR o.first_message_at + make_interval(secs => oc.window_max_seconds) <= %(now)s)
                  -- a backlog's lines still coming, a request each: not yet (``window_due_at``)
                  AND o.updated_at + make_interval(secs => %(late)s) <= %(now)s
                FOR UPDATE OF o SKIP LOCKED)
            RETURNING w.id
            """,
            {"now": now, "late": settings.MEMORYHUB_WINDOW_LATE_SECONDS},
        )
        return [row[0] for row in cursor.fetchall()]


@transaction.atomic
def windows_sweep(*, now: datetime | None = None, limit: int = 500) -> list[int]:
    """The beat sweep: close due windows, recover stale claims, and queue what needs extracting.

    Rows are taken with ``FOR UPDATE SKIP LOCKED`` so two sweeps never queue one window twice.
    A window is queued again only when its last queueing is older than the lease (its task
    was lost with a broker or worker), when its claim expired or its worker's session ended (the
    worker died), or when the broker refused its task (``_windows_unsent``).
    """
    now = now or timezone.now()
    windows_close_due(now=now)
    lease_start = now - timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)
    with connection.cursor() as cursor:
        # A worker applying its operations holds its window's row: skipped, it is not stale. A
        # claim whose worker's session ended (the process died) is stale at once.
        cursor.execute(
            f"""
            UPDATE chat_conversationwindow
            SET state = 'due', claimed_at = NULL, claim_token = NULL, enqueued_at = NULL, updated_at = %s
            WHERE id IN (SELECT w.id FROM chat_conversationwindow AS w
                         WHERE w.state = 'extracting' AND (w.claimed_at < %s OR NOT {_CLAIM_HELD_SQL})
                         FOR UPDATE SKIP LOCKED)
            """,  # noqa: S608 - constants of this module, values passed as parameters
            [now, lease_start],
        )
        reclaimed = cursor.rowcount
    if reclaimed:
        logger.warning("reclaimed %d windows whose worker died or did not finish in its lease", reclaimed)
    waiting = (
        ConversationWindow.objects.select_for_update(skip_locked=True)
        .filter(state=State.DUE)
        .filter(Q(enqueued_at__isnull=True) | Q(enqueued_at__lt=lease_start) | Q(enqueued_at__lt=F("closed_at")))
        .order_by("closed_at")
        .values_list("pk", flat=True)[:limit]
    )
    ids = list(waiting)
    _extraction_enqueue(ids)
    return ids


def window_claim(*, window_id: int, now: datetime | None = None) -> ConversationWindow | None:
    """Take a due window for extraction, with a new claim token; None when another worker has it or
    it is finished. A window still extracting whose worker died (its session's claim lock is
    gone) is taken over: the task delivered again after its worker was lost does the work now.
    Raises WindowBusyError when it is due but its row is locked for a moment: the caller tries
    again in a few seconds rather than leaving it to wait out a lease.

    The claim's session lock is this process's until ``window_claim_end``."""
    now = now or timezone.now()
    with transaction.atomic():
        window = (
            # Only the window's own row: ingest holds its channel's row while it adds messages.
            ConversationWindow.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("channel__community")
            .filter(pk=window_id, state__in=[State.DUE, State.EXTRACTING])
            .first()
        )
        if window is not None and window.state == State.EXTRACTING and _claim_held(window_id):
            return None  # its worker is alive
        if window is None:
            # Nothing unlocked to take: read the committed state (a plain read never waits).
            if ConversationWindow.objects.filter(pk=window_id, state=State.DUE).exists():
                raise WindowBusyError(f"window {window_id} is locked for a moment")
            return None
        if window.state == State.EXTRACTING:
            logger.warning("window %s: the worker extracting it died; taken over", window_id)
        window.state = State.EXTRACTING
        window.claimed_at = now
        window.claim_token = uuid.uuid4()
        window.attempts += 1
        window.save(update_fields=["state", "claimed_at", "claim_token", "attempts", "updated_at"])
        # Taken before the claim commits, so no sweep ever sees the claim without its lock. Another
        # live session holding the key (a window sharing it) leaves this claim to its lease.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_CLAIM_LOCK_CLASS, _claim_key(window.pk)])
    return window


def window_claim_end(*, window: ConversationWindow) -> None:
    """Let go of the claim's session lock (after ``window_finish`` or ``window_release``, or once
    the claim is lost). A connection that broke meanwhile took the lock with it."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_CLAIM_LOCK_CLASS, _claim_key(window.pk)])
    except DatabaseError:
        logger.warning("window %s: could not let go of its claim lock", window.pk, exc_info=True)


def _claim_key(window_id: int) -> int:
    return window_id % _CLAIM_KEY_MODULUS


def _claim_held(window_id: int) -> bool:
    """Whether a live session holds the claim lock of window ``window_id``."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_CLAIM_HELD_SQL} FROM (SELECT %s::bigint AS id) AS w", [window_id])  # noqa: S608 - constants
        return bool(cursor.fetchone()[0])


def window_claim_hold(*, window: ConversationWindow) -> None:
    """Inside a transaction: lock the window's row and check this worker still holds its claim.

    Applying a person's operations starts with it, so a worker whose lease ran out (the window was
    handed out again) writes nothing, and the sweep cannot hand the window out while it applies.
    """
    held = list(_claimed(window).select_for_update().values_list("pk", flat=True))
    if not held:
        raise ClaimLostError(f"window {window.pk}: the claim ran out and the window was handed out again")


def _claimed(window: ConversationWindow) -> QuerySet[ConversationWindow]:
    """The window's row while ``window``'s claim holds: empty once the claim is lost."""
    return ConversationWindow.objects.filter(pk=window.pk, state=State.EXTRACTING, claim_token=window.claim_token)


def window_finish(
    *,
    window: ConversationWindow,
    prompt_tokens: int,
    completion_tokens: int,
    operations_applied: int,
    operations_over_cap: int = 0,
) -> bool:
    """Mark a claimed window done; False (nothing changed) when the claim was lost meanwhile."""
    return bool(
        _claimed(window).update(
            state=State.DONE,
            extracted_at=timezone.now(),
            prompt_tokens=F("prompt_tokens") + prompt_tokens,
            completion_tokens=F("completion_tokens") + completion_tokens,
            operations_applied=operations_applied,
            operations_over_cap=operations_over_cap,
            last_error="",
            claim_token=None,
            updated_at=timezone.now(),
        )
    )


@transaction.atomic
def window_release(*, window: ConversationWindow, error: str, final: bool, prompt_tokens: int = 0) -> None:
    """Give a claimed window back: ``due`` to be tried again, or ``failed`` with its error (only while
    this worker still holds the claim). A failure is announced in the outbox, without its error."""
    released = _claimed(window).update(
        state=State.FAILED if final else State.DUE,
        last_error=error[:2000] or "unknown error",
        claimed_at=None,
        claim_token=None,
        enqueued_at=timezone.now(),
        prompt_tokens=F("prompt_tokens") + prompt_tokens,
        updated_at=timezone.now(),
    )
    if released and final:
        event_record(
            kind=OutboxEventKind.WINDOW_FAILED,
            community_id=window.channel.community_id,
            subject_id=None,
            payload={"window": window.pk, "channel": window.channel_id},
        )


@transaction.atomic
def window_retry(*, window: ConversationWindow) -> bool:
    """A moderator's retry of a failed window. Its messages are all still there."""
    updated = ConversationWindow.objects.filter(pk=window.pk, state=State.FAILED).update(
        state=State.DUE, attempts=0, updated_at=timezone.now()
    )
    if updated:
        _extraction_enqueue([window.pk])
    return bool(updated)


def windows_recount(*, window_ids: Sequence[int]) -> dict[str, int]:
    """After messages left these windows: each counts only the messages it still holds, and the
    ones left empty go. Returns the rows deleted per model (as ``QuerySet.delete`` does)."""
    if not window_ids:
        return {}
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE chat_conversationwindow AS w
            SET message_count = m.n, first_message_at = m.first, last_message_at = m.last, updated_at = now()
            FROM (SELECT window_id, count(*) AS n, min(created_at) AS first, max(created_at) AS last
                  FROM chat_message WHERE window_id = ANY(%(ids)s) GROUP BY window_id) AS m
            WHERE w.id = m.window_id
            """,
            {"ids": list(window_ids)},
        )
    empty = ConversationWindow.objects.filter(pk__in=window_ids).filter(
        ~Exists(Message.objects.filter(window=OuterRef("pk")))
    )
    _, deleted = empty.only("pk").delete()
    return {label: count for label, count in deleted.items() if count}
