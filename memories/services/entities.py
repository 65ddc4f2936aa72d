"""Entities people mention: upserted with mention counts and first/last mention."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import connection

from accounts.models import Community, User
from accounts.services import memory_on_require
from memories.models import Entity


def entity_mention_record(
    *,
    community: Community,
    owner: User,
    type: str,
    name: str,
    at: datetime,
    relationship: str = "",
    attributes: dict[str, Any] | None = None,
) -> int:
    """Insert the entity or count one more mention of it (same owner, type and name in any case).

    Raises ``MemoryOffError`` when the owner turned memory off in ``community``.
    """
    memory_on_require(user_id=owner.pk, community_id=community.pk)
    with connection.cursor() as cursor:
        cursor.execute(
            """
            INSERT INTO memories_entity
                (community_id, owner_id, type, name, relationship, attributes,
                 first_mentioned_at, last_mentioned_at, mention_count)
            VALUES (%(community)s, %(owner)s, %(type)s, %(name)s, %(relationship)s, %(attributes)s::jsonb,
                    %(at)s, %(at)s, 1)
            ON CONFLICT (community_id, owner_id, type, lower(name)) DO UPDATE SET
                mention_count = memories_entity.mention_count + 1,
                last_mentioned_at = GREATEST(memories_entity.last_mentioned_at, EXCLUDED.last_mentioned_at),
                first_mentioned_at = LEAST(memories_entity.first_mentioned_at, EXCLUDED.first_mentioned_at),
                relationship = COALESCE(NULLIF(EXCLUDED.relationship, ''), memories_entity.relationship),
                attributes = memories_entity.attributes || EXCLUDED.attributes
            RETURNING id
            """,
            {
                "community": community.pk,
                "owner": owner.pk,
                "type": type,
                "name": name.strip()[:200],
                "relationship": relationship.strip()[:200],
                "attributes": json.dumps(attributes or {}),
                "at": at,
            },
        )
        return int(cursor.fetchone()[0])


def entities_forget(*, community: Community, user: User) -> int:
    """Delete every entity ``user`` mentioned in ``community`` (forget me); how many there were."""
    deleted, _ = Entity.objects.filter(community=community, owner=user).delete()
    return deleted


def entities_relationships_rewrite(*, community_id: int, owner_id: int, old: str, rewrite: Callable[[str], str]) -> int:
    """Rewrite the relationships of the owner's entities that say ``old`` ("Demo's sister" when they
    say they are Daniel); how many changed."""
    changed = []
    entities = Entity.objects.select_for_update().filter(
        community_id=community_id, owner_id=owner_id, relationship__contains=old
    )
    for entity in entities:
        relationship = rewrite(entity.relationship)[:200]
        if relationship != entity.relationship:
            entity.relationship = relationship
            changed.append(entity)
    return Entity.objects.bulk_update(changed, ["relationship"])
