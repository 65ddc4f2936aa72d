"""Memories as the API and moderators see them: loaded in order, searched, their history."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from accounts.models import Community
from chat.models import Channel, Message, Persona
from core.fastpath.rows import attnames, columns_sql, row_load, row_load_or_none
from core.fastpath.sql import prepared_cursor
from memories.models import Memory, MemoryRevision
from memories.selectors.people import first_identity_sql
from memories.selectors.ranking import vector_literal


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
       ({first_identity_sql("external_id", user="m.user_id")}),
       ({first_identity_sql("external_id", user="m.reported_by_id")}),
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
