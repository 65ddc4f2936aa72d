"""Maintenance (PRODUCT.md §4.4): set-based SQL over all memories, safe to run twice at once.

Each job takes a transaction-level advisory lock; a second run that finds it taken does nothing
and says so. Deletions keep their history (memories_delete_sql: one INSERT … SELECT writes a
revision per memory before one DELETE removes them).
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from memories.services.memory import memories_delete_sql

logger = logging.getLogger(__name__)
DECAY_PER_DAY = 0.99  # seed 003: importance reduces by 1 % a day for memories nobody recalls
_LOCK_CLASS = 0x4D4D  # advisory lock namespace "MM"
_LOCKS = {"prune": 1, "cap": 2, "decay": 3}


def _locked(job: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]])
        return bool(cursor.fetchone()[0])


@transaction.atomic
def memories_prune_expired(*, now: datetime | None = None) -> int:
    """Delete every memory whose lifetime is over."""
    if not _locked("prune"):
        logger.info("prune: another run holds the lock; nothing done")
        return 0
    deleted = memories_delete_sql(
        victims_sql="SELECT id FROM memories_memory WHERE expires_at <= %(now)s",
        params={"now": now or timezone.now()},
        action="expired",
        actor="system",
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
    deleted = memories_delete_sql(
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
        actor="system",
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
