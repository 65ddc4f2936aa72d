"""Reads of memories that span relations or need SQL the ORM does not say well."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db import connection

from accounts.models import Community, User


def vector_literal(vector: Sequence[float]) -> str:
    return "[" + ",".join(f"{float(x):.7g}" for x in vector) + "]"


@dataclass
class MemoryCandidate:
    """One of a person's live memories with every signal the ranking needs (PRODUCT.md §4.2)."""

    id: int
    content: str
    kind: str
    importance: float
    topics: list[str]
    created_at: datetime
    similarity: float | None  # cosine similarity to the message; None without a comparable vector
    lexical: bool  # full-text match of the message (websearch_to_tsquery)
    topical: bool  # topics overlap the message keywords or the channel's topic bias
    recency: float  # 0.5 ** (days since last access, else creation / half-life)
    frequency: float  # access count, log-scaled to 0..1 (20 recalls = 1)
    total: float = 0.0


# One pass over the person's rows, found through the (community, user) index: with the per-user
# cap (50 by default) an exact distance beats an approximate HNSW probe, and it is exact. HNSW
# serves community-wide search (memories_search_community).
_CANDIDATES_SQL = """
SELECT m.id, m.content, m.kind, m.importance, m.topics, m.created_at,
       CASE WHEN %(vector)s::vector IS NOT NULL AND m.embedding IS NOT NULL AND m.embedding_model = %(model)s
            THEN (1 - (m.embedding <=> %(vector)s::vector))::float8 END AS similarity,
       COALESCE(m.search_vector @@ q.query, false) AS lexical,
       m.topics && %(keywords)s::varchar[] AS topical,
       power(0.5::float8, GREATEST(EXTRACT(EPOCH FROM (%(now)s - COALESCE(m.last_accessed_at, m.created_at))), 0)
                  ::float8 / 86400.0 / %(half_life)s) AS recency,
       LEAST(1.0, ln(1 + m.access_count) / ln(21))::float8 AS frequency
FROM memories_memory AS m, (SELECT websearch_to_tsquery('english', %(text)s) AS query) AS q
WHERE m.community_id = %(community)s AND m.user_id = %(user)s
  AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
"""


def memory_candidates(
    *,
    community: Community,
    user: User,
    now: datetime,
    text: str,
    keywords: Sequence[str],
    vector: Sequence[float] | None,
    model_name: str,
) -> list[MemoryCandidate]:
    with connection.cursor() as cursor:
        cursor.execute(
            _CANDIDATES_SQL,
            {
                "vector": vector_literal(vector) if vector is not None else None,
                "model": model_name,
                "keywords": list(keywords),
                "now": now,
                "half_life": community.recency_half_life_days,
                "text": text,
                "community": community.pk,
                "user": user.pk,
            },
        )
        return [MemoryCandidate(*row) for row in cursor.fetchall()]


def memory_candidates_explain(*, community: Community, user: User, now: datetime) -> str:
    """The plan of the candidates query (for tests and operators)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "EXPLAIN " + _CANDIDATES_SQL,
            {
                "vector": None,
                "model": "",
                "keywords": [],
                "now": now,
                "half_life": 7.0,
                "text": "",
                "community": community.pk,
                "user": user.pk,
            },
        )
        return "\n".join(row[0] for row in cursor.fetchall())


def memories_search_community(
    *, community: Community, vector: Sequence[float], model_name: str, now: datetime, limit: int = 20
) -> list[tuple[int, float]]:
    """Nearest memories across a whole community through the HNSW index: (id, similarity)."""
    with connection.cursor() as cursor:
        # A filtered HNSW scan can return fewer rows than asked; widen the beam for the filter.
        if connection.in_atomic_block:
            cursor.execute("SET LOCAL hnsw.ef_search = 100")
        cursor.execute(
            """
            SELECT id, 1 - (embedding <=> %(vector)s::vector) AS similarity
            FROM memories_memory
            WHERE community_id = %(community)s AND embedding_model = %(model)s
              AND (expires_at IS NULL OR expires_at > %(now)s)
            ORDER BY embedding <=> %(vector)s::vector
            LIMIT %(limit)s
            """,
            {
                "vector": vector_literal(vector),
                "community": community.pk,
                "model": model_name,
                "now": now,
                "limit": limit,
            },
        )
        return [(row[0], float(row[1])) for row in cursor.fetchall()]
