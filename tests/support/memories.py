"""Memories made for a test through the real write path (vector, revision and all)."""

from __future__ import annotations

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
