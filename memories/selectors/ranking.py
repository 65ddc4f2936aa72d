"""Memories and a person's past lines ranked for a message: one fused ranking in SQL."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pgvector import Vector

from accounts.models import Community, User
from core.fastpath.sql import compact, explain_prepared, prepared_cursor
from memories.models import importance_now_sql


def vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form, 7 significant digits (a float32's), formatted in one call."""
    return _vector_format(len(vector)) % tuple(vector)


@functools.cache
def _vector_format(dimensions: int) -> str:
    return "[" + ",".join(["%.7g"] * dimensions) + "]"


def _vector_param(vector: Sequence[float]) -> Vector:
    """A query vector as a statement of ``prepared_cursor`` takes it: sent in binary (core.fastpath.sql)."""
    return Vector(vector if isinstance(vector, list) else list(vector))


@dataclass
class MemoryCandidate:
    """One of a person's live memories with every signal the ranking uses."""

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
    context: float  # the best semantic and lexical score of another memory said around the same time, 0..1
    relevance: float  # the semantic and lexical score fused, and lifted by its context's, 0..1
    total: float  # relevance lifted by at most REFINEMENT_MAX by recency, importance and frequency


# BM25 parameters: Anserini's defaults for short passages (k1 0.9, b 0.4). Chat memories are one
# or two sentences, so their length says less than a document's (b 0.4 rather than Okapi's 0.75);
# on LoCoMo's development half the range k1 0.9 to 1.2, b 0.3 to 0.5 is flat within a point.
BM25_K1 = 0.9
BM25_B = 0.4
# Recency, importance and frequency refine relevance: together they lift a memory by at most
# this share of its relevance, so they order memories of similar relevance and can never make
# an unrelated memory win.
REFINEMENT_MAX = 0.25
FREQUENCY_SATURATION = 20  # recalls at which the frequency term is full
# A line said has no importance of its own: it counts as a memory of medium importance, so lines
# and memories are ordered on one scale (a memory's edge is what it is worth, not being a memory).
LINE_IMPORTANCE = 0.6

# One pass over the person's rows, found through the (community, user) index: with the per-user
# cap (50 by default) exact scores beat an approximate HNSW probe, and they are exact. The
# lexical list is BM25 with its statistics (document frequency, average length) taken over the
# person's own memories: the words that set one of their memories apart count, the words all of
# them share (their name, "likes") do not. What was said together belongs together: a memory said
# within the community's quiet time of another (the same conversation; a window's memories share
# their time) takes a share (``weight_context``) of the best relevance among them, so the answer
# that followed a matching remark ranks with it. HNSW serves community-wide search.
# BM25 over the rows of a CTE ``pool`` (id, search_vector), for the words of %(text)s that are not
# the person's name (%(name)s): its statistics come from the pool alone. Gives ``bm25`` (id, score).
_LEXICAL_CTES = f"""
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
)"""  # noqa: S608 - constants of this module

# Recency, 0.5 ** (days since ``created_at`` / half-life), of the row ``alias``. At most 1000
# half-lives (0.5^1000 is 1e-301): PostgreSQL refuses to underflow a float, and a memory said in
# the year 27 is as good as forgotten.
_RECENCY_SQL = """power(0.5::float8, LEAST(GREATEST(EXTRACT(EPOCH FROM (%(now)s - {alias}.created_at)), 0)::float8
                 / 86400.0 / %(half_life)s, 1000))"""

# Relevance over the rows of a CTE ``signals`` (id, created_at, similarity, lexical): the semantic
# and lexical scores fused by the community's weights (``own``), lifted by the best own relevance
# of another row said within the quiet time of it (``context``). Gives ``related`` (…, relevance).
_RELEVANCE_CTES = """
fused AS (
    SELECT s.*,
           ((%(w_semantic)s * GREATEST(COALESCE(s.similarity, 0), 0) + %(w_lexical)s * s.lexical)
            / GREATEST(%(w_semantic)s + %(w_lexical)s, 1e-9))::float8 AS own
    FROM signals AS s
),
conversation AS (
    -- The best own relevance among the other rows said within the quiet time of this one:
    -- the same stretch of conversation (one window's memories share their time).
    SELECT f.*,
           COALESCE(max(f.own) OVER (ORDER BY f.created_at
                                     RANGE BETWEEN %(conversation)s::interval PRECEDING
                                           AND %(conversation)s::interval FOLLOWING
                                     EXCLUDE CURRENT ROW), 0)::float8 AS context
    FROM fused AS f
),
related AS (
    SELECT c.*, ((c.own + %(w_context)s * c.context) / (1 + %(w_context)s))::float8 AS relevance
    FROM conversation AS c
)"""

_RANKED_SQL = compact(f"""
WITH pool AS (
    SELECT m.id, m.content, m.kind, {importance_now_sql("m", "%(now)s")} AS importance, m.topics, m.created_at,
           m.search_vector,
           m.access_count, m.last_accessed_at,
           CASE WHEN %(vector)s::vector IS NOT NULL AND m.embedding IS NOT NULL AND m.embedding_model = %(model)s
                THEN (1 - (m.embedding <=> %(vector)s::vector))::float8 END AS similarity
    FROM memories_memory AS m
    WHERE m.community_id = %(community)s AND m.user_id = %(user)s
      AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
),
{_LEXICAL_CTES},
signals AS (
    SELECT p.id, p.content, p.kind, p.importance, p.topics, p.created_at, p.similarity,
           COALESCE(b.score / NULLIF(max(b.score) OVER (), 0), 0)::float8 AS lexical,
           p.topics && %(keywords)s::varchar[] AS topical,
           {_RECENCY_SQL.format(alias="p")} AS recency,
           (LEAST(1.0, ln(1 + p.access_count) / ln({FREQUENCY_SATURATION + 1}))
            * power(0.5::float8,
                    LEAST(GREATEST(EXTRACT(EPOCH FROM (%(now)s - COALESCE(p.last_accessed_at, %(now)s))), 0)
                          ::float8 / 86400.0 / %(half_life)s, 1000)))::float8 AS frequency
    FROM pool AS p LEFT JOIN bm25 AS b ON b.id = p.id
),
{_RELEVANCE_CTES},
scored AS (
    SELECT r.*,
           (relevance * (1 + {REFINEMENT_MAX} * (%(w_recency)s * recency + %(w_importance)s * importance
                                              + %(w_frequency)s * frequency)
                             / GREATEST(%(w_recency)s + %(w_importance)s + %(w_frequency)s, 1e-9)))::float8 AS total
    FROM related AS r
),
kept AS (
    -- The heads of the three orders the context's layers read (every memory without keep): best,
    -- newest, and the topical ones by importance. Each is a top-N, not a sort of all of them.
    (SELECT id FROM scored ORDER BY total DESC, created_at DESC, id DESC LIMIT %(keep)s::int)
    UNION
    (SELECT id FROM scored ORDER BY created_at DESC, id DESC LIMIT %(keep)s::int)
    UNION
    (SELECT id FROM scored WHERE topical ORDER BY importance DESC, created_at DESC, id DESC LIMIT %(keep)s::int)
)
SELECT id, content, kind, importance, topics, created_at, similarity, lexical, topical, recency, frequency,
       context, relevance, total
FROM scored
WHERE id IN (SELECT id FROM kept)
ORDER BY total DESC, created_at DESC, id DESC
""")  # noqa: S608 - constants of this module, values passed as parameters


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
    keep: int | None = None,
) -> list[MemoryCandidate]:
    """Every live memory of ``user`` in ``community`` scored for ``text``, best first.

    ``text`` gives the lexical query (stop words and the words of ``person_name`` left out:
    every memory about a person names them), ``vector`` the semantic one; ``keywords`` are
    matched against topics. Weights are the community's. ``keep``: only the memories among the
    first ``keep`` in one of the orders the context reads (best, newest, topical by importance),
    still scored against all of them; a person with more memories than that sends the rest nowhere.
    """
    params = _ranked_params(
        community,
        user,
        now,
        vector=_vector_param(vector) if vector is not None else None,
        model=model_name,
        keywords=list(keywords),
        text=text,
        name=person_name,
        keep=keep,
    )
    with prepared_cursor() as cursor:
        cursor.execute(_RANKED_SQL, params)
        return [MemoryCandidate(*row) for row in cursor.fetchall()]


@dataclass
class RecallCandidate:
    """One of a person's earlier lines (a ``RecallEntry``) scored for a message as memories are."""

    message_id: int
    content: str  # the line as it reads now
    question: str  # the question put to them that it answered, or ""
    said_at: datetime
    channel_name: str
    channel_kind: str
    similarity: float | None
    lexical: float
    context: float  # the best relevance of another of their lines said around the same time
    relevance: float
    recency: float
    total: float  # relevance lifted by at most REFINEMENT_MAX by recency (a line has no importance)


# The person's live lines in the community (their private web-chat lines only where %(private)s),
# ranked as memories are: read from the person's packs (``RecallPack``: a few consecutive pages
# where their entries' rows would be one scattered page each), never anyone else's, exact cosine
# beside BM25 over their own lines, and the conversation term. Only lines the message is about (a
# shared word, or a cosine at the persona's threshold) are kept, and none a memory of the block was
# made from (%(memories)s: what the block says already).
_RECALL_SQL = compact(f"""
WITH pool AS (
    SELECT e.id, e.message_id, e.created_at, e.search_vector,
           CASE WHEN %(vector)s::vector IS NOT NULL AND e.embedding IS NOT NULL AND e.embedding_model = %(model)s
                THEN (1 - (e.embedding <=> %(vector)s::vector))::float8 END AS similarity
    FROM memories_recallpack AS k
    CROSS JOIN LATERAL unnest(k.entry_ids, k.message_ids, k.said_ats, k.private, k.embeddings, k.embedding_models,
                              k.search_vectors)
        AS e(id, message_id, created_at, private, embedding, embedding_model, search_vector)
    WHERE k.community_id = %(community)s AND k.user_id = %(user)s AND (%(private)s OR NOT e.private)
),
{_LEXICAL_CTES},
signals AS (
    SELECT p.id, p.message_id, p.created_at, p.similarity,
           COALESCE(b.score / NULLIF(max(b.score) OVER (), 0), 0)::float8 AS lexical,
           {_RECENCY_SQL.format(alias="p")} AS recency
    FROM pool AS p LEFT JOIN bm25 AS b ON b.id = p.id
),
{_RELEVANCE_CTES},
best AS (
    SELECT r.*,
           (relevance * (1 + {REFINEMENT_MAX} * (%(w_recency)s * recency + %(w_importance)s * {LINE_IMPORTANCE})
                             / GREATEST(%(w_recency)s + %(w_importance)s + %(w_frequency)s, 1e-9)))::float8 AS total
    FROM related AS r
    WHERE (r.lexical > 0 OR r.similarity >= %(threshold)s)
      AND NOT EXISTS (SELECT 1 FROM memories_memory_source_messages AS s
                      WHERE s.message_id = r.message_id AND s.memory_id = ANY(%(memories)s::bigint[]))
    ORDER BY total DESC, created_at DESC, id DESC
    LIMIT %(keep)s::int
)
SELECT b.message_id, m.content, COALESCE(q.content, ''), b.created_at, ch.name, ch.kind,
       b.similarity, b.lexical, b.context, b.relevance, b.recency, b.total
FROM best AS b
JOIN memories_recallentry AS r ON r.id = b.id AND r.removed_at IS NULL
JOIN chat_message AS m ON m.id = b.message_id
JOIN chat_channel AS ch ON ch.id = m.channel_id
LEFT JOIN chat_message AS q ON q.id = r.answered_id
ORDER BY b.total DESC, b.created_at DESC, b.id DESC
""")  # noqa: S608 - constants of this module, values passed as parameters


def recall_ranked(
    *,
    community: Community,
    user: User,
    now: datetime,
    text: str,
    vector: Sequence[float] | None,
    model_name: str,
    threshold: float,
    keep: int,
    private: bool,
    person_name: str = "",
    memory_ids: Sequence[int] = (),
) -> list[RecallCandidate]:
    """The ``keep`` lines of ``user`` in ``community`` best matching ``text``, best first (see
    ``_RECALL_SQL``). ``private``: their web-chat lines count too (they are answered in one)."""
    params = _ranked_params(
        community,
        user,
        now,
        vector=_vector_param(vector) if vector is not None else None,
        model=model_name,
        text=text,
        name=person_name,
        threshold=threshold,
        keep=keep,
        private=private,
        memories=list(memory_ids),
    )
    with prepared_cursor() as cursor:
        cursor.execute(_RECALL_SQL, params)
        return [RecallCandidate(*row) for row in cursor.fetchall()]


def _ranked_params(community: Community, user: User, now: datetime, **query: Any) -> dict[str, Any]:
    """The ranking statement's parameters: the call's ``query`` (vector, model, keywords, text,
    name, keep), the person, and the community's weights."""
    return {
        **query,
        "now": now,
        "half_life": community.recency_half_life_days,
        "community": community.pk,
        "user": user.pk,
        "w_semantic": community.weight_similarity,
        "w_lexical": community.weight_lexical,
        "w_recency": community.weight_recency,
        "w_importance": community.weight_importance,
        "w_frequency": community.weight_frequency,
        "w_context": community.weight_context,
        "conversation": f"{community.window_quiet_seconds} seconds",
    }


def memories_ranked_explain(*, community: Community, user: User, now: datetime) -> str:
    """The plan of the ranking query as a context runs it: prepared, its generic plan (for tests
    and operators)."""
    params = _ranked_params(
        community, user, now, vector=None, model="", keywords=[], text="", name="", keep=50
    )  # keep: as a context with the default per-layer limits asks
    return explain_prepared(_RANKED_SQL, params)
