"""Reads of memories that span relations or need SQL the ORM does not say well."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from pgvector import Vector

from accounts.models import Community, ExternalIdentity, Membership, Profile, User
from chat.models import Channel, ChatSession, Message, Persona
from memories.models import Entity, ImportanceNow, Memory, MemoryRevision, importance_now_sql
from memoryhub.rows import attnames, columns_sql, row_load, row_load_or_none
from memoryhub.sql import compact, explain_prepared, prepared_cursor


def vector_literal(vector: Sequence[float]) -> str:
    """pgvector's text form, 7 significant digits (a float32's), formatted in one call."""
    return _vector_format(len(vector)) % tuple(vector)


@functools.cache
def _vector_format(dimensions: int) -> str:
    return "[" + ",".join(["%.7g"] * dimensions) + "]"


def _vector_param(vector: Sequence[float]) -> Vector:
    """A query vector as a statement of ``prepared_cursor`` takes it: sent in binary (memoryhub.sql)."""
    return Vector(vector if isinstance(vector, list) else list(vector))


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
# an unrelated memory win (PRODUCT.md §4.2).
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
# ranked as memories are: one pass over their rows through the (community, user) index, never
# anyone else's, exact cosine beside BM25 over their own lines, and the conversation term. Only
# lines the message is about (a shared word, or a cosine at the persona's threshold) are kept, and
# none a memory of the block was made from (%(memories)s: what the block says already).
_RECALL_SQL = compact(f"""
WITH pool AS (
    SELECT e.id, e.message_id, e.answered_id, e.said_at AS created_at, e.search_vector,
           CASE WHEN %(vector)s::vector IS NOT NULL AND e.embedding IS NOT NULL AND e.embedding_model = %(model)s
                THEN (1 - (e.embedding <=> %(vector)s::vector))::float8 END AS similarity
    FROM memories_recallentry AS e
    WHERE e.community_id = %(community)s AND e.user_id = %(user)s AND e.removed_at IS NULL
      AND (%(private)s OR NOT e.private)
),
{_LEXICAL_CTES},
signals AS (
    SELECT p.id, p.message_id, p.answered_id, p.created_at, p.similarity,
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
JOIN chat_message AS m ON m.id = b.message_id
JOIN chat_channel AS ch ON ch.id = m.channel_id
LEFT JOIN chat_message AS q ON q.id = b.answered_id
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


@dataclass
class ContextHead:
    """What the context needs about a person before their memories, read in one statement."""

    name: str  # how they are called in the community: their platform name, else their account's
    has_profile: bool
    memory_enabled: bool  # their own switch (on without a profile)
    profile_summary: str
    last_summary: str  # the final summary of their last finished session with the persona
    last_ended_at: datetime | None
    entities: list[tuple[str, str]]  # (name, relationship) named by the message's words, latest first


# Four small reads in one round trip (each a LATERAL over its own index): the context is on the
# path a bot waits on, and each separate query costs a round trip and an ORM compilation.
_HEAD_COLUMNS = """identity.display_name, profile.id IS NOT NULL, COALESCE(profile.memory_enabled, true),
       COALESCE(profile.summary, ''), last.final_summary, last.ended_at, COALESCE(mentioned.entities, '[]'),
       NULLIF(profile.stated_name, '')"""


def _first_identity(column: str, *, user: str) -> str:
    """``column`` of the person ``user``'s identity in the community (SQL: a parameter or a column):
    the first one, when they have several. The one rule for which identity speaks for a person:
    the context's head, ``person_by_platform_id``'s name, ``platform_ids`` and ``memories_shown``."""
    return f"""SELECT {column} FROM {ExternalIdentity._meta.db_table}
    WHERE community_id = %(community)s AND user_id = {user} ORDER BY id LIMIT 1"""  # noqa: S608 - names of ours


def _stated_name(*, user: str) -> str:
    """The name the person ``user`` said they go by in the community (SQL, as ``_first_identity``)."""
    return f"""SELECT NULLIF(stated_name, '') FROM {Profile._meta.db_table}
    WHERE community_id = %(community)s AND user_id = {user}"""  # noqa: S608 - names of ours


def person_called(identity_name: str | None, user: User, stated_name: str | None = None) -> str:
    """How a person is called in a community: the name they said they go by there ("I'm Daniel"),
    else their platform name there, else their account's. The one rule, everywhere a name is said."""
    return stated_name or identity_name or user.display_name or user.username


_PERSON_NAME_SQL = f"SELECT ({_first_identity('display_name', user='%(user)s')}), ({_stated_name(user='%(user)s')})"


def person_display_name(*, community: Community, user: User) -> str:
    """How the person is called in this community (``person_called``)."""
    with prepared_cursor() as cursor:
        cursor.execute(_PERSON_NAME_SQL, {"community": community.pk, "user": user.pk})
        identity_name, stated_name = cursor.fetchone()
    return person_called(identity_name, user, stated_name)


def _head_joins(*, user: str, persona: str) -> str:
    """The head's four reads as LATERAL joins, of the person ``user`` and the persona ``persona``
    (SQL: a parameter, or a column of an earlier join)."""
    return f"""
LEFT JOIN LATERAL ({_first_identity("display_name", user=user)}) AS identity ON true
LEFT JOIN LATERAL (
    SELECT id, memory_enabled, summary, stated_name FROM accounts_profile
    WHERE community_id = %(community)s AND user_id = {user}
) AS profile ON true
LEFT JOIN LATERAL (
    SELECT s.final_summary, s.ended_at FROM chat_chatsession AS s JOIN chat_persona AS p ON p.id = s.persona_id
    WHERE s.user_id = {user} AND p.community_id = %(community)s
      AND ({persona} IS NULL OR s.persona_id = {persona})
      AND s.ended_at IS NOT NULL AND s.final_summary <> '' AND s.id <> %(session)s
    ORDER BY s.ended_at DESC LIMIT 1
) AS last ON true
LEFT JOIN LATERAL (
    SELECT json_agg(json_build_array(e.name, e.relationship) ORDER BY e.last_mentioned_at DESC, e.id DESC) AS entities
    FROM (
        SELECT id, name, relationship, last_mentioned_at FROM memories_entity
        WHERE community_id = %(community)s AND owner_id = {user}
          AND (lower(name) = ANY(%(words)s::text[]) OR name LIKE '%% %%')
        ORDER BY last_mentioned_at DESC, id DESC LIMIT 50
    ) AS e
) AS mentioned ON true"""  # noqa: S608 - SQL of this module's own; values passed as parameters


_HEAD_SQL = f"""
SELECT {_HEAD_COLUMNS}
FROM (SELECT 1) AS one
{_head_joins(user="%(user)s", persona="%(persona)s::bigint")}
"""  # noqa: S608 - as above


def context_head(
    *, community: Community, user: User, persona: Persona, session_id: int | None, words: Sequence[str]
) -> ContextHead:
    """The person's name, profile, last session with ``persona`` (any of the community's when it
    is unsaved: the community's defaults) and the entities whose one-word names are in ``words``
    (names of several words come along, for the caller to look for in the message)."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _HEAD_SQL,
            {
                "community": community.pk,
                "user": user.pk,
                "persona": persona.pk,
                "session": session_id or 0,
                "words": list(words),
            },
        )
        row = cursor.fetchone()
    return _head_load(row, user)


def _head_load(row: Sequence[Any], user: User) -> ContextHead:
    """The head from the last columns of ``row`` (``_HEAD_COLUMNS``)."""
    identity_name, has_profile, memory_enabled, summary, last_summary, last_ended_at, entities, stated = row[-8:]
    entities = json.loads(entities) if isinstance(entities, str) else entities
    return ContextHead(
        name=person_called(identity_name, user, stated),
        has_profile=has_profile,
        memory_enabled=memory_enabled,
        profile_summary=summary,
        last_summary=last_summary or "",
        last_ended_at=last_ended_at,
        entities=[(name, relationship or "") for name, relationship in entities],
    )


@dataclass(frozen=True)
class ContextParties:
    """Who a bot's context call is about, read in one statement (``context_parties``)."""

    persona: Persona | None  # the active persona of that name, else the first active one; None: no such
    user: User | None  # the person behind the platform id; None: not known in the community yet
    channel: Channel | None  # None: no channel named, or one the bot has not posted in yet
    head: ContextHead | None  # the person's (``context_head``, for this persona); None with no person


# Three small reads in one round trip, each a LATERAL over its own unique or (community, …) index,
# and the head of the person found, for the persona found (any persona's sessions when none is).
_PARTIES_SQL = f"""
SELECT persona.*, person.*, channel.*, {_HEAD_COLUMNS}
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (
    SELECT {columns_sql(Persona, "p")} FROM {Persona._meta.db_table} AS p
    WHERE p.community_id = %(community)s AND p.is_active AND (%(persona)s = '' OR p.name = %(persona)s)
    ORDER BY p.id LIMIT 1
) AS persona ON true
LEFT JOIN LATERAL (
    SELECT {columns_sql(User, "u")}
    FROM {ExternalIdentity._meta.db_table} AS i JOIN {User._meta.db_table} AS u ON u.id = i.user_id
    WHERE i.community_id = %(community)s AND i.external_id = %(user)s
    ORDER BY i.id LIMIT 1
) AS person ON true
LEFT JOIN LATERAL (
    SELECT {columns_sql(Channel, "c")} FROM {Channel._meta.db_table} AS c
    WHERE c.community_id = %(community)s AND c.external_id = %(channel)s
) AS channel ON true
{_head_joins(user="person.id", persona="persona.id")}
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters


def context_parties(
    *, community: Community, persona_name: str, user_external_id: str, channel_external_id: str, words: Sequence[str]
) -> ContextParties:
    """The persona (by name; the first active one for ""), the person (by platform id) and the
    channel (by the bot's id; "" for none) of a context call in ``community``, and the person's
    head as ``context_head`` reads it (``words``: the message's, for its entities)."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _PARTIES_SQL,
            {
                "community": community.pk,
                "persona": persona_name,
                "user": user_external_id,
                "channel": channel_external_id,
                "session": 0,
                "words": list(words),
            },
        )
        row = cursor.fetchone()
    person_at = len(attnames(Persona))
    channel_at = person_at + len(attnames(User))
    persona = row_load_or_none(Persona, row)
    user = row_load_or_none(User, row, person_at)
    channel = row_load_or_none(Channel, row, channel_at)
    if persona is not None:
        persona.community = community
    if channel is not None:
        channel.community = community
    head = _head_load(row, user) if user is not None else None
    return ContextParties(persona=persona, user=user, channel=channel, head=head)


@dataclass(frozen=True)
class PlatformPerson:
    """The person behind a platform id, and how they are called in the community (``person_called``)."""

    user: User
    name: str


_PLATFORM_PERSON_SQL = f"""
SELECT {columns_sql(User, "u")}, ({_first_identity("display_name", user="u.id")}), ({_stated_name(user="u.id")})
FROM {ExternalIdentity._meta.db_table} AS i JOIN {User._meta.db_table} AS u ON u.id = i.user_id
WHERE i.community_id = %(community)s AND i.external_id = %(external_id)s
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters


def person_by_platform_id(*, community: Community, external_id: str) -> PlatformPerson | None:
    """The person with platform id ``external_id`` in ``community`` (never another community's),
    with their name, in one statement; None for an unknown id."""
    if "\x00" in external_id:
        return None  # no id holds NUL (PostgreSQL cannot)
    with prepared_cursor() as cursor:
        cursor.execute(_PLATFORM_PERSON_SQL, {"community": community.pk, "external_id": external_id})
        row = cursor.fetchone()
    if row is None:
        return None
    user = row_load(User, row)
    return PlatformPerson(user=user, name=person_called(row[-2], user, row[-1]))


_PLATFORM_IDS_SQL = f"""
SELECT u.id, ({_first_identity("external_id", user="u.id")}) FROM unnest(%(users)s::bigint[]) AS u(id)
"""  # noqa: S608 - as above


def platform_ids(*, community: Community, user_ids: Iterable[int | None]) -> dict[int, str]:
    """user id → platform id in ``community`` for the people on one page, in one statement (the
    first identity, when a person has several; none for a person known only on the web)."""
    wanted = sorted({user_id for user_id in user_ids if user_id is not None})
    if not wanted:
        return {}
    with prepared_cursor() as cursor:
        cursor.execute(_PLATFORM_IDS_SQL, {"community": community.pk, "users": wanted})
        return {user_id: handle for user_id, handle in cursor.fetchall() if handle is not None}


@dataclass(frozen=True)
class MemoriesShown:
    """Memories as the API shows them: in the order asked, each with its persona loaded, the
    platform ids of the people they name, and their provenance (``memories_shown``)."""

    memories: list[Memory]
    handles: dict[int, str]  # user id → platform id, for ``user`` and ``reported_by``
    sources: dict[int, list[dict[str, Any]]]  # memory id → the messages it was made from, in time order


_SHOWN_OMITS = ("embedding", "search_vector")  # never shown, and the widest columns
_SOURCES_TABLE = Memory.source_messages.through._meta.db_table
_SHOWN_SQL = f"""
SELECT {columns_sql(Memory, "m", _SHOWN_OMITS)}, {columns_sql(Persona, "p")},
       ({_first_identity("external_id", user="m.user_id")}),
       ({_first_identity("external_id", user="m.reported_by_id")}),
       s.ids, s.channels, s.message_ids, s.sent_at
FROM unnest(%(ids)s::bigint[]) WITH ORDINALITY AS asked(id, position)
JOIN {Memory._meta.db_table} AS m ON m.id = asked.id AND m.community_id = %(community)s
LEFT JOIN {Persona._meta.db_table} AS p ON p.id = m.persona_id
LEFT JOIN LATERAL (
    SELECT array_agg(msg.id ORDER BY msg.created_at, msg.id) AS ids,
           array_agg(c.external_id ORDER BY msg.created_at, msg.id) AS channels,
           array_agg(msg.external_id ORDER BY msg.created_at, msg.id) AS message_ids,
           array_agg(msg.created_at ORDER BY msg.created_at, msg.id) AS sent_at
    FROM {_SOURCES_TABLE} AS link
    JOIN {Message._meta.db_table} AS msg ON msg.id = link.message_id
    JOIN {Channel._meta.db_table} AS c ON c.id = msg.channel_id
    WHERE link.memory_id = m.id
) AS s ON true
ORDER BY asked.position
"""  # noqa: S608 - as above


def memories_shown(*, community: Community, memory_ids: Sequence[int]) -> MemoriesShown:
    """The memories of ``community`` with these ids (others left out), in that order, with what the
    API shows beside each, in one statement (a search's hits)."""
    with prepared_cursor() as cursor:
        cursor.execute(_SHOWN_SQL, {"community": community.pk, "ids": list(memory_ids)})
        rows = cursor.fetchall()
    persona_at = len(attnames(Memory, _SHOWN_OMITS))
    memories: list[Memory] = []
    handles: dict[int, str] = {}
    sources: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        memory = row_load(Memory, row, omit=_SHOWN_OMITS)
        memory.persona = row_load_or_none(Persona, row, persona_at)
        memory.community = community
        user_handle, reporter_handle, ids, channels, message_ids, sent_at = row[-6:]
        for user_id, handle in ((memory.user_id, user_handle), (memory.reported_by_id, reporter_handle)):
            if user_id is not None and handle is not None:
                handles[user_id] = handle
        sources[memory.pk] = [
            {"id": message_id, "channel": channel, "message_id": external_id, "sent_at": when}
            for message_id, channel, external_id, when in zip(
                ids or [], channels or [], message_ids or [], sent_at or [], strict=True
            )
        ]
        memories.append(memory)
    return MemoriesShown(memories=memories, handles=handles, sources=sources)


def memories_ranked_explain(*, community: Community, user: User, now: datetime) -> str:
    """The plan of the ranking query as a context runs it: prepared, its generic plan (for tests
    and operators)."""
    params = _ranked_params(
        community, user, now, vector=None, model="", keywords=[], text="", name="", keep=50
    )  # keep: as a context with the default per-layer limits asks
    return explain_prepared(_RANKED_SQL, params)


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


def memory_revisions(*, memory_id: int, community: Community) -> QuerySet[MemoryRevision]:
    """A memory's history, oldest first: who changed what and when (also after its deletion)."""
    return (
        MemoryRevision.objects.filter(memory_ref=memory_id, community=community)
        .select_related("actor_user", "window")
        .order_by("created_at", "pk")
    )


def memory_get_for_person(*, user: User, pk: int) -> Memory:
    """One of the person's own memories (any community), else 404: nobody reaches another's."""
    from django.http import Http404  # selectors stay free of HTTP but for this guard

    memory = Memory.objects.filter(pk=pk, user=user).select_related("community").defer("embedding").first()
    if memory is None:
        raise Http404("No such memory of yours.")
    return memory


# --- A person's own data ("My data", /me/) -------------------------------------------------------
# Every read below is filtered by the person first: nobody reaches another person's rows by id.

MY_MEMORY_SORTS = {
    "newest": ("-created_at", "-pk"),
    "importance": ("-importance_today", "-created_at", "-pk"),
    # Soonest forgotten first; the permanent ones (no expiry) last.
    "expiry": (F("expires_at").asc(nulls_last=True), "-importance_today", "-pk"),
}
NO_PERSONA = "none"  # the persona filter's value for memories every persona of a community may use


def communities_for_person(*, user: User) -> QuerySet[Community]:
    """Every community holding something of the person: a membership, a profile or memories."""
    return Community.objects.filter(
        Exists(Membership.objects.filter(community=OuterRef("pk"), user=user))
        | Exists(Profile.objects.filter(community=OuterRef("pk"), user=user))
        | Exists(Memory.objects.filter(community=OuterRef("pk"), user=user))
    ).order_by("name", "pk")


def community_get_for_person(*, user: User, pk: int) -> Community:
    """One of the person's communities, else 404."""
    from django.http import Http404  # selectors stay free of HTTP but for this guard

    community = communities_for_person(user=user).filter(pk=pk).first()
    if community is None:
        raise Http404("No such community of yours.")
    return community


def _live(now: datetime) -> Q:
    return Q(expires_at__isnull=True) | Q(expires_at__gt=now)


def memories_for_person(
    *,
    user: User,
    now: datetime,
    text: str = "",
    community: Community | None = None,
    persona: Persona | str | None = None,
    kind: str = "",
    topic: str = "",
    sort: str = "newest",
) -> QuerySet[Memory]:
    """The person's live memories in every community, filtered and sorted for their "My data" page.

    ``text`` matches words (full-text, any form: "moving" finds "moved") or any part of the
    content; ``persona`` is a persona or ``NO_PERSONA`` (memories not scoped to one).
    """
    memories = Memory.objects.filter(user=user).filter(_live(now))
    if text:
        words = SearchQuery(text, config="english", search_type="websearch")
        memories = memories.filter(Q(search_vector=words) | Q(content__icontains=text))
    if community is not None:
        memories = memories.filter(community=community)
    if persona == NO_PERSONA:
        memories = memories.filter(persona__isnull=True)
    elif isinstance(persona, Persona):
        memories = memories.filter(persona=persona)
    if kind:
        memories = memories.filter(kind=kind)
    if topic:
        memories = memories.filter(topics__contains=[topic])
    return (
        memories.select_related("community", "persona")
        .defer("embedding", "search_vector")
        .alias(importance_today=ImportanceNow())
        .order_by(*MY_MEMORY_SORTS.get(sort, MY_MEMORY_SORTS["newest"]))
    )


def memory_topics_for_person(*, user: User, now: datetime) -> list[str]:
    """The topics the person's live memories are tagged with, in order (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT DISTINCT topic FROM memories_memory AS m, unnest(m.topics) AS topic
            WHERE m.user_id = %(user)s AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
            ORDER BY topic
            """,
            {"user": user.pk, "now": now},
        )
        return [row[0] for row in cursor.fetchall()]


@dataclass
class MemoryGroup:
    """How many live memories of the person one community (and one persona, or none) holds."""

    community_id: int
    community_name: str
    persona_id: int | None
    persona_name: str | None
    count: int


def memory_groups_for_person(*, user: User, now: datetime) -> list[MemoryGroup]:
    """The person's live memories counted by community and persona (one query)."""
    rows = (
        Memory.objects.filter(user=user)
        .filter(_live(now))
        .values("community_id", "community__name", "persona_id", "persona__name")
        .annotate(count=Count("pk"))
        .order_by("community__name", "community_id", F("persona__name").asc(nulls_first=True), "persona_id")
    )
    return [
        MemoryGroup(
            community_id=row["community_id"],
            community_name=row["community__name"],
            persona_id=row["persona_id"],
            persona_name=row["persona__name"],
            count=row["count"],
        )
        for row in rows
    ]


def personas_for_memory_filter(*, user: User) -> QuerySet[Persona]:
    """The personas of the person's communities and those their memories are scoped to."""
    return (
        Persona.objects.filter(
            Q(community__in=communities_for_person(user=user))
            | Q(pk__in=Memory.objects.filter(user=user).values("persona_id"))
        )
        .select_related("community")
        .order_by("community__name", "name", "pk")
    )


def profiles_for_person(*, user: User) -> dict[int, Profile]:
    """The person's profiles by community id (one query)."""
    return {profile.community_id: profile for profile in Profile.objects.filter(user=user)}


def entities_for_person(*, user: User) -> QuerySet[Entity]:
    """The people, places and things the person mentioned, most recently mentioned first."""
    return Entity.objects.filter(owner=user).select_related("community").order_by("-last_mentioned_at", "-pk")


def sessions_for_person(*, user: User) -> QuerySet[ChatSession]:
    """The person's chat sessions, the latest first."""
    return (
        ChatSession.objects.filter(user=user)
        .select_related("persona__community", "channel")
        .order_by("-last_message_at", "-pk")
    )


def remembered_counts_for_person(*, user: User, community: Community) -> dict[str, int]:
    """What "forget me" would delete in ``community``: memories, entities, summarised sessions."""
    return {
        "memories": Memory.objects.filter(user=user, community=community).count(),
        "entities": Entity.objects.filter(owner=user, community=community).count(),
        "sessions": ChatSession.objects.filter(user=user, persona__community=community)
        .filter(~Q(working_summary="") | ~Q(final_summary=""))
        .count(),
    }


def recalled_lines_for_person(*, user: User, message_ids: Iterable[int]) -> dict[int, Message]:
    """The person's own lines among ``message_ids`` that recall may still bring up, by id."""
    lines = Message.objects.filter(
        author=user, pk__in=list(message_ids), recall_entry__removed_at__isnull=True
    ).select_related("channel")
    return {line.pk: line for line in lines}


def recall_lines_for_person(*, user: User, per_community: int = 10) -> dict[int, list[Message]]:
    """The person's newest lines that recall may bring up, at most ``per_community`` in each
    community, by community id (the "My data" page; one query)."""
    newest = (
        Message.objects.filter(author=user, recall_entry__isnull=False, recall_entry__removed_at__isnull=True)
        .alias(
            rank=Window(
                RowNumber(), partition_by=F("channel__community_id"), order_by=[F("created_at").desc(), F("pk").desc()]
            )
        )
        .filter(rank__lte=per_community)
        .select_related("channel")
        .order_by("-created_at", "-pk")
    )
    lines: dict[int, list[Message]] = {}
    for line in newest:
        lines.setdefault(line.channel.community_id, []).append(line)
    return lines
