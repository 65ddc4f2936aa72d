"""Writes the bot need not wait on the disk for: recall counts, rate-limit buckets.

Such a statement, run on its own (autocommit), commits without waiting for its WAL to be
flushed (``synchronous_commit`` off for its own transaction only): a crash may lose the last
fraction of a second of them, never a message or a memory, and the request waiting on them
does not wait on the disk. Inside a caller's transaction nothing changes: the setting would
last until that transaction's commit, which is the caller's to decide.

Use: put ``UNFLUSHED`` among the statement's CTEs, make the statement read ``unflushed`` (a
CTE nothing reads is not run), and pass ``unflushed_params()`` with its parameters.
"""

from __future__ import annotations

from django.db import connection

UNFLUSHED = (
    "unflushed AS (SELECT set_config('synchronous_commit',"
    " COALESCE(%(unflushed)s, current_setting('synchronous_commit')), true) AS setting)"
)


def unflushed_params() -> dict[str, str | None]:
    return {"unflushed": None if connection.in_atomic_block else "off"}
