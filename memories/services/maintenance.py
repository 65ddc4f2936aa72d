"""Maintenance: set-based SQL over all memories, in bounded batches.

One run of a job at a time: each job holds a session-level advisory lock for the whole run; a
second run that finds it taken does nothing and says so (safe to run twice at once). A session
lock needs the same server connection from start to end of the run: no pooler in transaction
mode between the worker and PostgreSQL. Called inside an outer transaction, the batches become
savepoints and their locks last as long as it does: the callers (beat's tasks, the commands)
run in autocommit.

A run works through the table in batches of at most ``batch_size`` memories, each batch one
short transaction of set-based statements (never a Python loop over rows), walking a keyset
(prune: expiry time then id; cap: people by community and user), so no
transaction holds many row locks or lasts long, and the context queries of the bots keep
running beside it. A batch takes its rows with ``FOR UPDATE SKIP LOCKED``: a memory another
transaction is changing is left for the next run instead of waited for. Anything else a batch
would wait on (another transaction holding a person's row, as an erasure does) is waited for
at most ``lock_timeout_ms``; then that batch is skipped, its rows left for the next run, and
the run goes on with the next one.

Deletions keep their history (memories_delete_sql: one INSERT … SELECT writes a revision per
memory before one DELETE removes them). The daily decay of importance is no job: it is worked
out when read (memories.models, IMPORTANCE_DECAY_PER_DAY), so the cap compares importance as it
stands today.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from django.db import OperationalError, connection, transaction
from django.utils import timezone
from psycopg import errors as pg_errors

from memories.models import importance_now_sql
from memories.services.memory import memories_delete_sql

logger = logging.getLogger(__name__)
BATCH_SIZE = 5000  # memories per batch of deletions: well under a second of row locks
LOCK_TIMEOUT_MS = 1000  # the longest a batch waits for a lock before it is skipped
_PEOPLE_PER_SCAN = 1000  # people whose memories the cap counts per statement
_LOCK_CLASS = 0x4D4D  # advisory lock namespace "MM"
_LOCKS = {"prune": 1, "cap": 2}

Progress = Callable[[int, int], None]  # (units done, units in all): rows or people, as the job counts


class _BatchSkipped(Exception):
    pass


@contextmanager
def _run_lock(job: str) -> Iterator[bool]:
    """Hold the job's advisory lock for the run (across its batches' transactions), if free."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]])
        held = bool(cursor.fetchone()[0])
    try:
        yield held
    finally:
        if held:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]])


@contextmanager
def _batch(lock_timeout_ms: int) -> Iterator[Any]:
    """One batch's transaction; raises _BatchSkipped when it waited ``lock_timeout_ms`` for a lock."""
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT set_config('lock_timeout', %s, true)", [f"{lock_timeout_ms}ms"])
            yield cursor
    except OperationalError as error:
        if isinstance(error.__cause__, pg_errors.LockNotAvailable):
            raise _BatchSkipped from error
        raise


def _scalar(statement: str, params: Sequence[Any] = ()) -> int:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        row = cursor.fetchone()
        return int(row[0] or 0) if row else 0


def _delete_batch(ids: list[int], *, action: str, reason: str) -> int:
    return memories_delete_sql(
        victims_sql="SELECT unnest(%(ids)s::bigint[]) AS id",
        params={"ids": ids},
        action=action,
        actor="system",
        reason=reason,
    )


def memories_prune_expired(
    *,
    now: datetime | None = None,
    batch_size: int = BATCH_SIZE,
    lock_timeout_ms: int = LOCK_TIMEOUT_MS,
    on_progress: Progress | None = None,
) -> int:
    """Delete every memory whose lifetime is over, each with its revision: how many went.

    Walks the expired memories in (expiry, id) order, ``batch_size`` at a time."""
    now = now or timezone.now()
    with _run_lock("prune") as held:
        if not held:
            logger.info("prune: another run holds the lock; nothing done")
            return 0
        total = _scalar("SELECT count(*) FROM memories_memory WHERE expires_at <= %s", [now]) if on_progress else 0
        deleted = skipped = done = 0
        after: tuple[datetime | None, int] = (None, 0)
        while True:
            before = after
            try:
                with _batch(lock_timeout_ms) as cursor:
                    cursor.execute(
                        """
                        SELECT id, expires_at FROM memories_memory
                        WHERE expires_at <= %(now)s
                          AND (%(expiry)s::timestamptz IS NULL OR expires_at >= %(expiry)s)
                          AND (%(expiry)s::timestamptz IS NULL OR (expires_at, id) > (%(expiry)s, %(id)s))
                        ORDER BY expires_at, id LIMIT %(limit)s FOR UPDATE SKIP LOCKED
                        """,
                        {"now": now, "expiry": after[0], "id": after[1], "limit": batch_size},
                    )
                    rows = cursor.fetchall()
                    if not rows:
                        break
                    after = (rows[-1][1], rows[-1][0])
                    gone = _delete_batch([row[0] for row in rows], action="expired", reason="its lifetime is over")
                # Counted once committed: the foreign keys are checked at commit, which may wait too.
                deleted, done = deleted + gone, done + len(rows)
            except _BatchSkipped:
                skipped += 1
                if after == before:
                    break  # not even the batch's rows could be read: the table is locked, try next run
            if on_progress:
                on_progress(done, max(total, done))
    logger.info("prune: %d expired memories deleted (%d batches skipped on a lock)", deleted, skipped)
    return deleted


def memories_cap_enforce_all(
    *, batch_size: int = BATCH_SIZE, lock_timeout_ms: int = LOCK_TIMEOUT_MS, on_progress: Progress | None = None
) -> int:
    """Keep every person within their community's cap: lowest importance, then oldest, go.

    Counts the memories of ``_PEOPLE_PER_SCAN`` people at a time (community, user order) and
    deletes the excess of those over their cap, ``batch_size`` memories at a time."""
    with _run_lock("cap") as held:
        if not held:
            logger.info("cap: another run holds the lock; nothing done")
            return 0
        total = (
            _scalar("SELECT count(*) FROM (SELECT DISTINCT community_id, user_id FROM memories_memory) AS people")
            if on_progress
            else 0
        )
        deleted = skipped = scanned = 0
        after = (0, 0)
        while True:
            with connection.cursor() as cursor:
                # A read: counts a window of people (the (community, user, created_at) index), no locks.
                cursor.execute(
                    """
                    WITH scanned AS (
                        SELECT community_id, user_id, count(*) AS held FROM memories_memory
                        WHERE (community_id, user_id) > (%(community)s, %(user)s)
                        GROUP BY community_id, user_id ORDER BY community_id, user_id LIMIT %(people)s
                    )
                    SELECT last.community_id, last.user_id, (SELECT count(*) FROM scanned),
                           over.communities, over.users, over.caps
                    FROM (SELECT community_id, user_id FROM scanned
                          ORDER BY community_id DESC, user_id DESC LIMIT 1) AS last,
                         (SELECT array_agg(s.community_id) AS communities, array_agg(s.user_id) AS users,
                                 array_agg(c.max_memories_per_user) AS caps
                          FROM scanned AS s JOIN accounts_community AS c ON c.id = s.community_id
                          WHERE s.held > c.max_memories_per_user) AS over
                    """,
                    {"community": after[0], "user": after[1], "people": _PEOPLE_PER_SCAN},
                )
                window = cursor.fetchone()
            if window is None:
                break
            after, scanned = (window[0], window[1]), scanned + window[2]
            communities, users, caps = window[3] or [], window[4] or [], window[5] or []
            while communities:
                try:
                    with _batch(lock_timeout_ms) as cursor:
                        cursor.execute(
                            f"""
                            SELECT id FROM memories_memory WHERE id IN (
                                SELECT ranked.id FROM (
                                    SELECT m.id, p.cap,
                                           row_number() OVER (PARTITION BY m.community_id, m.user_id
                                                              ORDER BY {importance_now_sql("m", "now()")} DESC,
                                                                       m.created_at DESC, m.id DESC) AS place
                                    FROM memories_memory AS m
                                    JOIN unnest(%(communities)s::bigint[], %(users)s::bigint[], %(caps)s::int[])
                                         AS p(community_id, user_id, cap)
                                      ON m.community_id = p.community_id AND m.user_id = p.user_id
                                ) AS ranked
                                WHERE ranked.place > ranked.cap
                            )
                            ORDER BY id LIMIT %(limit)s FOR UPDATE SKIP LOCKED
                            """,  # noqa: S608 - our own SQL, values passed as parameters
                            {"communities": communities, "users": users, "caps": caps, "limit": batch_size},
                        )
                        ids = [row[0] for row in cursor.fetchall()]
                        gone = _delete_batch(ids, action="capped", reason="over the per-user cap") if ids else 0
                    deleted += gone  # once committed
                except _BatchSkipped:
                    skipped += 1
                    break  # these people's excess waits for the next run
                if len(ids) < batch_size:
                    break  # a full batch may have left more of these people's excess: count again
            if on_progress:
                on_progress(scanned, max(total, scanned))
    logger.info("cap: %d memories over their person's cap deleted (%d batches skipped on a lock)", deleted, skipped)
    return deleted
