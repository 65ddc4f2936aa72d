"""Reads of memories that span relations or need SQL the ORM does not say well."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection

from accounts.models import Community, User
from memories.models import Memory


def vector_literal(vector: Sequence[float]) -> str:
    return "[" + ",".join(f"{float(x):.7g}" for x in vector) + "]"


@dataclass
class MemoryCandidate:
    """One of a person's live memories with every signal the ranking uses (PRODUCT.md §4.2)."""

    id: int
    content: str
    kind: str
    importance: float
    topics: list[str]
    created_at: datetime
    similarity: float | None  # cosine similarity to the message; None without a comparable vector
    lexical: float  # BM25 over the person's memories, 0..1 (1 = the best lexical match among them)
    topical: bool  # topics overlap the message keywords or the channel's topic bias
    recency: float  # 0.5 ** (days since it was said / half-life)
    frequency: float  # recalls, log-scaled to 0..1 and fading since the last one
    relevance: float  # the fused semantic and lexical score, 0..1
    total: float  # relevance lifted by at most REFINEMENT_MAX by recency, importance and frequency


# BM25 parameters: Anserini's defaults for short passages (k1 0.9, b 0.4). Chat memories are one
# or two sentences, so their length says less than a document's (b 0.4 rather than Okapi's 0.75);
# on LoCoMo's development half the range k1 0.9 to 1.2, b 0.3 to 0.5 is flat within a point.
BM25_K1 = 0.9
BM25_B = 0.4
# Recency, importance and frequency refine relevance: together they lift a memory by at most
# this share of its relevance, so they order memories of similar relevance and can never make
# an unrelated memory win (PRODUCT.md §4.2).
REFINEMENT_MAX = 0.25
FREQUENCY_SATURATION = 20  # recalls at which the frequency term is full

# One pass over the person's rows, found through the (community, user) index: with the per-user
# cap (50 by default) exact scores beat an approximate HNSW probe, and they are exact. The
# lexical list is BM25 with its statistics (document frequency, average length) taken over the
# person's own memories: the words that set one of their memories apart count, the words all of
# them share (their name, "likes") do not. HNSW serves community-wide search.
_RANKED_SQL = f"""
WITH pool AS (
    SELECT m.id, m.content, m.kind, m.importance, m.topics, m.created_at, m.search_vector,
           m.access_count, m.last_accessed_at,
           CASE WHEN %(vector)s::vector IS NOT NULL AND m.embedding IS NOT NULL AND m.embedding_model = %(model)s
                THEN (1 - (m.embedding <=> %(vector)s::vector))::float8 END AS similarity
    FROM memories_memory AS m
    WHERE m.community_id = %(community)s AND m.user_id = %(user)s
      AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
),
terms AS (
    SELECT ARRAY(SELECT lexeme FROM unnest(to_tsvector('english', %(text)s))
                 EXCEPT SELECT lexeme FROM unnest(to_tsvector('english', %(name)s)))::text[] AS lexemes
),
stats AS (SELECT count(*)::float8 AS n, GREATEST(avg(length(search_vector)), 1)::float8 AS avgdl FROM pool),
postings AS (
    -- Only the rows sharing a word with the message are unnested.
    SELECT p.id, u.lexeme, COALESCE(array_length(u.positions, 1), 1)::float8 AS tf,
           length(p.search_vector)::float8 AS dl
    FROM pool AS p CROSS JOIN terms AS t CROSS JOIN LATERAL unnest(p.search_vector) AS u
    WHERE tsvector_to_array(p.search_vector) && t.lexemes AND u.lexeme = ANY(t.lexemes)
),
idf AS (
    SELECT po.lexeme, ln(1 + (s.n - count(*) + 0.5) / (count(*) + 0.5)) AS idf
    FROM postings AS po, stats AS s GROUP BY po.lexeme, s.n
),
bm25 AS (
    SELECT po.id,
           sum(i.idf * po.tf * ({BM25_K1} + 1) / (po.tf + {BM25_K1} * (1 - {BM25_B} + {BM25_B} * po.dl / s.avgdl)))
               AS score
    FROM postings AS po JOIN idf AS i USING (lexeme), stats AS s GROUP BY po.id
),
signals AS (
    SELECT p.id, p.content, p.kind, p.importance, p.topics, p.created_at, p.similarity,
           COALESCE(b.score / NULLIF(max(b.score) OVER (), 0), 0)::float8 AS lexical,
           p.topics && %(keywords)s::varchar[] AS topical,
           power(0.5::float8, GREATEST(EXTRACT(EPOCH FROM (%(now)s - p.created_at)), 0)::float8
                 / 86400.0 / %(half_life)s) AS recency,
           (LEAST(1.0, ln(1 + p.access_count) / ln({FREQUENCY_SATURATION + 1}))
            * power(0.5::float8, GREATEST(EXTRACT(EPOCH FROM (%(now)s - COALESCE(p.last_accessed_at, %(now)s))), 0)
                    ::float8 / 86400.0 / %(half_life)s))::float8 AS frequency
    FROM pool AS p LEFT JOIN bm25 AS b ON b.id = p.id
),
fused AS (
    SELECT s.*,
           ((%(w_semantic)s * GREATEST(COALESCE(s.similarity, 0), 0) + %(w_lexical)s * s.lexical)
            / GREATEST(%(w_semantic)s + %(w_lexical)s, 1e-9))::float8 AS relevance
    FROM signals AS s
)
SELECT id, content, kind, importance, topics, created_at, similarity, lexical, topical, recency, frequency,
       relevance,
       (relevance * (1 + {REFINEMENT_MAX} * (%(w_recency)s * recency + %(w_importance)s * importance
                                          + %(w_frequency)s * frequency)
                         / GREATEST(%(w_recency)s + %(w_importance)s + %(w_frequency)s, 1e-9)))::float8 AS total
FROM fused
ORDER BY total DESC, created_at DESC, id DESC
"""  # noqa: S608 - constants of this module, values passed as parameters


def memories_ranked(
    *,
    community: Community,
    user: User,
    now: datetime,
    text: str,
    keywords: Sequence[str],
    vector: Sequence[float] | None,
    model_name: str,
    person_name: str = "",
) -> list[MemoryCandidate]:
    """Every live memory of ``user`` in ``community`` scored for ``text``, best first.

    ``text`` gives the lexical query (stop words and the words of ``person_name`` left out:
    every memory about a person names them), ``vector`` the semantic one; ``keywords`` are
    matched against topics. Weights are the community's.
    """
    with connection.cursor() as cursor:
        cursor.execute(
            _RANKED_SQL,
            {
                "vector": vector_literal(vector) if vector is not None else None,
                "model": model_name,
                "keywords": list(keywords),
                "now": now,
                "half_life": community.recency_half_life_days,
                "text": text,
                "name": person_name,
                "community": community.pk,
                "user": user.pk,
                "w_semantic": community.weight_similarity,
                "w_lexical": community.weight_lexical,
                "w_recency": community.weight_recency,
                "w_importance": community.weight_importance,
                "w_frequency": community.weight_frequency,
            },
        )
        return [MemoryCandidate(*row) for row in cursor.fetchall()]


def memories_ranked_explain(*, community: Community, user: User, now: datetime) -> str:
    """The plan of the ranking query (for tests and operators)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "EXPLAIN " + _RANKED_SQL,
            {
                "vector": None,
                "model": "",
                "keywords": [],
                "now": now,
                "half_life": 7.0,
                "text": "",
                "name": "",
                "community": community.pk,
                "user": user.pk,
                "w_semantic": 0.6,
                "w_lexical": 0.4,
                "w_recency": 0.2,
                "w_importance": 0.3,
                "w_frequency": 0.1,
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


def memory_sources(*, memory_ids: Sequence[int]) -> dict[int, list[dict[str, Any]]]:
    """Each memory's provenance: the messages it was made from, in time order (one query)."""
    sources: dict[int, list[dict[str, Any]]] = {memory_id: [] for memory_id in memory_ids}
    links = (
        Memory.source_messages.through.objects.filter(memory_id__in=memory_ids)
        .select_related("message__channel")
        .order_by("message__created_at", "message_id")
    )
    for link in links:
        message = link.message
        sources[link.memory_id].append(
            {
                "id": message.pk,
                "channel": message.channel.external_id,
                "message_id": message.external_id,
                "sent_at": message.created_at,
            }
        )
    return sources
