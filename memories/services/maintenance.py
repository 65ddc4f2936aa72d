"""Maintenance (PRODUCT.md §4.4): set-based SQL over all memories, safe to run twice at once.

Each job takes a transaction-level advisory lock; a second run that finds it taken does nothing
and says so. Deletions keep their history: one INSERT … SELECT writes a revision per memory
before one DELETE removes them.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)
DECAY_PER_DAY = 0.99  # seed 003: importance reduces by 1 % a day for memories nobody recalls
_LOCK_CLASS = 0x4D4D  # advisory lock namespace "MM"
_LOCKS = {"prune": 1, "cap": 2, "decay": 3}

_SNAPSHOT = """jsonb_build_object(
    'content', m.content, 'kind', m.kind, 'topics', to_jsonb(m.topics), 'importance', m.importance,
    'expires_at', m.expires_at, 'source', m.source, 'reported_by', m.reported_by_id,
    'context', m.context, 'persona', m.persona_id)"""


def _locked(job: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]])
        return bool(cursor.fetchone()[0])


def _delete_with_revisions(*, victims_sql: str, params: dict[str, Any], action: str, reason: str) -> int:
    """Delete the memories ``victims_sql`` selects (ids), each with its revision, in 4 statements."""
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMP TABLE doomed ON COMMIT DROP AS {victims_sql}", params)
        cursor.execute(
            f"""
            INSERT INTO memories_memoryrevision
                (memory_id, memory_ref, community_id, subject_id, action, actor, actor_user_id,
                 before, after, reason, window_id, created_at)
            SELECT NULL, m.id, m.community_id, m.user_id, %(action)s, 'system', NULL,
                   {_SNAPSHOT}, NULL, %(reason)s, NULL, now()
            FROM memories_memory AS m JOIN doomed USING (id)
            """,  # noqa: S608 - our SQL
            {"action": action, "reason": reason},
        )
        cursor.execute("UPDATE memories_memoryrevision SET memory_id = NULL WHERE memory_id IN (SELECT id FROM doomed)")
        cursor.execute("DELETE FROM memories_memory_source_messages WHERE memory_id IN (SELECT id FROM doomed)")
        cursor.execute("DELETE FROM memories_memory WHERE id IN (SELECT id FROM doomed)")
        deleted = cursor.rowcount
        cursor.execute("DROP TABLE doomed")  # at once: a caller's outer transaction may run another job
        return deleted


@transaction.atomic
def memories_prune_expired(*, now: datetime | None = None) -> int:
    """Delete every memory whose lifetime is over."""
    if not _locked("prune"):
        logger.info("prune: another run holds the lock; nothing done")
        return 0
    deleted = _delete_with_revisions(
        victims_sql="SELECT id FROM memories_memory WHERE expires_at <= %(now)s",
        params={"now": now or timezone.now()},
        action="expired",
        reason="its lifetime is over",
    )
    logger.info("prune: %d expired memories deleted", deleted)
    return deleted


@transaction.atomic
def memories_cap_enforce_all() -> int:
    """Keep every person within their community's cap: lowest importance, then oldest, go."""
    if not _locked("cap"):
        logger.info("cap: another run holds the lock; nothing done")
        return 0
    deleted = _delete_with_revisions(
        victims_sql="""
            SELECT ranked.id FROM (
                SELECT m.id, c.max_memories_per_user AS cap,
                       row_number() OVER (PARTITION BY m.community_id, m.user_id
                                          ORDER BY m.importance DESC, m.created_at DESC, m.id DESC) AS place
                FROM memories_memory AS m JOIN accounts_community AS c ON c.id = m.community_id
            ) AS ranked
            WHERE ranked.place > ranked.cap
        """,
        params={},
        action="capped",
        reason="over the per-user cap",
    )
    logger.info("cap: %d memories over their person's cap deleted", deleted)
    return deleted


@transaction.atomic
def memories_decay_importance(*, now: datetime | None = None) -> int:
    """Lower by 1 % the importance of memories not recalled in the last day (run daily)."""
    if not _locked("decay"):
        logger.info("decay: another run holds the lock; nothing done")
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_memory SET importance = importance * %(factor)s
            WHERE importance > 0
              AND COALESCE(last_accessed_at, created_at) < %(now)s - interval '1 day'
            """,
            {"factor": DECAY_PER_DAY, "now": now or timezone.now()},
        )
        decayed = cursor.rowcount
    logger.info("decay: %d memories lost 1 %% of their importance", decayed)
    return decayed
