"""Memories made for a test through the real write path (vector, revision and all)."""

from __future__ import annotations

from django.db import connection

from accounts.models import Community, User
from memories.models import Memory, MemoryRevisionActor, MemorySource
from memories.services.memory import memory_create


def remember(community: Community, user: User, content: str, **fields: object) -> Memory:
    """A memory as a bot would post it; ``kind``, ``importance``, ``expires_at`` and the rest may be given."""
    return memory_create(
        community=community,
        user=user,
        content=content,
        kind=str(fields.pop("kind", "fact")),
        importance=float(fields.pop("importance", 0.6)),  # type: ignore[arg-type]
        expires_at=fields.pop("expires_at", None),  # type: ignore[arg-type]
        source=str(fields.pop("source", MemorySource.API)),
        actor=str(fields.pop("actor", MemoryRevisionActor.SYSTEM)),
        **fields,  # type: ignore[arg-type]
    )


def recall_packs_out_of_step() -> list[tuple[object, ...]]:
    """What the recall packs hold that the live recall entries do not, and the other way round
    (each entry packed once, as it is): empty when ranking sees exactly the live entries."""
    columns = ("id", "message_id", "said_at", "private", "embedding::text", "embedding_model")
    line = ", ".join(f"e.{column}" for column in columns) + ", e.search_vector::text"
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH packed AS (
                SELECT k.community_id, k.user_id, {line} FROM memories_recallpack AS k
                CROSS JOIN LATERAL unnest(k.entry_ids, k.message_ids, k.said_ats, k.private, k.embeddings,
                                          k.embedding_models, k.search_vectors)
                    AS e(id, message_id, said_at, private, embedding, embedding_model, search_vector)
            ),
            live AS (SELECT e.community_id, e.user_id, {line} FROM memories_recallentry AS e WHERE e.removed_at IS NULL)
            (SELECT 'packed only', * FROM (TABLE packed EXCEPT ALL TABLE live) AS extra)
            UNION ALL
            (SELECT 'not packed', * FROM (TABLE live EXCEPT ALL TABLE packed) AS missing)
            """
        )
        return cursor.fetchall()
