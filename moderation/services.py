"""A moderator's changes: each goes through the memory services (vector, revision, profile) and
leaves an audit event — who, when, what, on whom (a salted hash: never the person's words)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from accounts.models import AuditEvent, AuditEventActorKind, User
from memories.models import Memory, MemoryRevisionAction, MemoryRevisionActor
from memories.services.memory import memory_delete, memory_update
from privacy.services import subject_hash


def _audit(*, moderator: User, memory: Memory, action: str, fields: list[str] | None = None) -> None:
    AuditEvent.objects.create(
        community_id=memory.community_id,
        actor=moderator,
        actor_kind=AuditEventActorKind.MODERATOR,
        action=action,
        subject_hash=subject_hash(memory.user_id),
        data={"memory": memory.pk, **({"fields": fields} if fields else {})},
    )


@transaction.atomic
def memory_moderate_edit(*, memory: Memory, moderator: User, **changes: Any) -> Memory:
    """A moderator's correction of ``memory`` (only the fields that change are named in the audit)."""
    changed = sorted(field for field, value in changes.items() if getattr(memory, field) != value)
    memory = memory_update(
        memory=memory,
        actor=MemoryRevisionActor.MODERATOR,
        action=MemoryRevisionAction.MODERATOR_EDIT,
        actor_user=moderator,
        reason="corrected by a moderator",
        **changes,
    )
    _audit(moderator=moderator, memory=memory, action="memory.edited", fields=changed)
    return memory


@transaction.atomic
def memory_moderate_delete(*, memory: Memory, moderator: User) -> None:
    _audit(moderator=moderator, memory=memory, action="memory.deleted")
    memory_delete(
        memory=memory,
        actor=MemoryRevisionActor.MODERATOR,
        action=MemoryRevisionAction.MODERATOR_DELETE,
        actor_user=moderator,
        reason="deleted by a moderator",
    )
