"""Token buckets in PostgreSQL, shared by every process: the LLM's allowance and each API key's.

A bucket holds at most ``capacity`` tokens and refills ``capacity`` every ``per_seconds``; taking
one is a single statement (the row is created full on first use), so every web and worker
process draws from the same allowance at the cost of one round trip; its commit waits for no
disk flush (``memoryhub.unflushed``), so requests of one key do not queue behind each other's.
"""

from __future__ import annotations

from django.db import connection

from memoryhub.unflushed import UNFLUSHED, unflushed_params

_TAKE = f"""
WITH {UNFLUSHED},
created AS (
    INSERT INTO memoryhub_ratebucket (name, tokens, updated_at)
    VALUES (%(name)s, %(cap)s - 1, clock_timestamp())
    ON CONFLICT (name) DO NOTHING
    RETURNING %(cap)s::float8 AS available
),
refill AS (
    SELECT LEAST(%(cap)s, tokens + EXTRACT(EPOCH FROM clock_timestamp() - updated_at) * %(rate)s)::float8 AS available
    FROM memoryhub_ratebucket
    WHERE name = %(name)s AND NOT EXISTS (SELECT 1 FROM created)
    FOR UPDATE
),
taken AS (
    UPDATE memoryhub_ratebucket AS b
    SET tokens = GREATEST(refill.available - CASE WHEN refill.available >= 1 THEN 1 ELSE 0 END, 0),
        updated_at = clock_timestamp()
    FROM refill WHERE b.name = %(name)s
    RETURNING refill.available
)
SELECT available FROM created, unflushed UNION ALL SELECT available FROM taken, unflushed
"""  # noqa: S608 - a constant of this module, values passed as parameters


def bucket_take(*, name: str, capacity: int, per_seconds: float) -> float:
    """Take one token from bucket ``name``: 0 when taken, else the seconds until one is free."""
    rate = capacity / per_seconds
    with connection.cursor() as cursor:
        cursor.execute(_TAKE, {"name": name, "cap": float(capacity), "rate": rate, **unflushed_params()})
        row = cursor.fetchone()
    # No row: another process created the bucket this very moment (not yet visible): let it pass.
    available = row[0] if row is not None else float(capacity)
    return 0.0 if available >= 1 else (1 - available) / rate
