"""Token buckets in PostgreSQL, shared by every process: the LLM's allowance and each API key's.

A bucket holds at most ``capacity`` tokens and refills ``capacity`` every ``per_seconds``; taking
one is a single statement (the row is created full on first use), so every web and worker
process draws from the same allowance at the cost of one round trip; its commit waits for no
disk flush (``core.unflushed``), so requests of one key do not queue behind each other's.

A bucket left alone refills, and a full one is what its first use would create: buckets idle for
a day are deleted nightly (``buckets_prune``), and with them the client addresses that the
sign-up buckets are named by.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import connection

from core.fastpath.sql import prepared_cursor
from core.unflushed import UNFLUSHED, unflushed_params


def bucket_take_sql(name: str) -> str:
    """The CTEs that take one token from the bucket named by the SQL expression ``name`` (NULL:
    none is taken) and leave what was available before in ``bucket`` (no row: none taken), to put
    in a statement of the caller's with ``%(cap)s`` and ``%(rate)s`` among its parameters (the
    API key's read takes its token this way: one round trip for both)."""
    return f"""
bucket_name AS (SELECT {name} AS name),
created AS (
    INSERT INTO memoryhub_ratebucket (name, tokens, updated_at)
    SELECT name, %(cap)s - 1, clock_timestamp() FROM bucket_name WHERE name IS NOT NULL
    ON CONFLICT (name) DO NOTHING
    RETURNING %(cap)s::float8 AS available
),
refill AS (
    SELECT LEAST(%(cap)s, tokens + EXTRACT(EPOCH FROM clock_timestamp() - updated_at) * %(rate)s)::float8 AS available
    FROM memoryhub_ratebucket
    WHERE name = (SELECT name FROM bucket_name) AND NOT EXISTS (SELECT 1 FROM created)
    FOR UPDATE
),
taken AS (
    UPDATE memoryhub_ratebucket AS b
    SET tokens = GREATEST(refill.available - CASE WHEN refill.available >= 1 THEN 1 ELSE 0 END, 0),
        updated_at = clock_timestamp()
    FROM refill WHERE b.name = (SELECT name FROM bucket_name)
    RETURNING refill.available
),
bucket AS (SELECT available FROM created UNION ALL SELECT available FROM taken)"""  # noqa: S608 - ``name`` is our SQL


_TAKE = f"WITH {UNFLUSHED}, {bucket_take_sql('%(name)s::text')}\nSELECT available FROM bucket, unflushed"


def bucket_params(*, capacity: int, per_seconds: float) -> dict[str, float]:
    return {"cap": float(capacity), "rate": capacity / per_seconds}


def bucket_wait(available: float | None, *, capacity: int, per_seconds: float) -> float:
    """0 when a token was taken, else the seconds until one is free. ``available`` None: another
    process created the bucket this very moment (not yet visible): let it pass."""
    available = float(capacity) if available is None else available
    return 0.0 if available >= 1 else (1 - available) * per_seconds / capacity


def bucket_take(*, name: str, capacity: int, per_seconds: float) -> float:
    """Take one token from bucket ``name``: 0 when taken, else the seconds until one is free."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _TAKE, {"name": name, **bucket_params(capacity=capacity, per_seconds=per_seconds), **unflushed_params()}
        )
        row = cursor.fetchone()
    return bucket_wait(row[0] if row is not None else None, capacity=capacity, per_seconds=per_seconds)


def buckets_delete(*, names: list[str]) -> int:
    """Delete the buckets named ``names`` (a person's, when they are erased); how many there were."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM memoryhub_ratebucket WHERE name = ANY(%s)", [names])
        return cursor.rowcount


# The slowest refill: the API's rate may be given per day (DRF's rates go up to "/day").
FULL_AFTER_IDLE = timedelta(days=1)


def buckets_prune(*, idle_for: timedelta = FULL_AFTER_IDLE) -> int:
    """Delete the buckets untouched for ``idle_for``: each has refilled by then, and its next use
    creates it afresh, full. A take racing the deletion finds no row and passes, as on a full
    bucket. How many went."""
    with connection.cursor() as cursor:
        cursor.execute(
            "DELETE FROM memoryhub_ratebucket WHERE updated_at < clock_timestamp() - make_interval(secs => %s)",
            [idle_for.total_seconds()],
        )
        return cursor.rowcount
