"""A moderator's changes: each goes through the memory services (vector, revision, profile) and
leaves an audit event — who, when, what, on whom (a salted hash: never the person's words)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction

from accounts.models import AuditEventActorKind, Community, User
from accounts.services import audit_event_record
from chat.models import ConversationWindow
from chat.windows import window_retry
from memories.models import Memory, MemoryRevisionAction, MemoryRevisionActor
from memories.services.memory import memories_delete_with_revisions, memory_delete, memory_update
from memories.services.profiles import profile_summary_edit
from privacy.services.audit import subject_hash
from privacy.services.export import user_export


def _audit(*, moderator: User, memory: Memory, action: str, fields: list[str] | None = None) -> None:
    audit_event_record(
        community_id=memory.community_id,
        actor=moderator,
        actor_kind=AuditEventActorKind.MODERATOR,
        action=action,
        subject_hash=subject_hash(memory.user_id),
        data={"memory": memory.pk, **({"fields": fields} if fields else {})},
    )


def _current(memory: Memory, field: str) -> Any:
    return memory.importance_now if field == "importance" else getattr(memory, field)


@transaction.atomic
def memory_moderate_edit(*, memory: Memory, moderator: User, **changes: Any) -> Memory:
    """A moderator's correction of ``memory`` (only the fields that change are named in the audit)."""
    changed = sorted(field for field, value in changes.items() if _current(memory, field) != value)
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


@transaction.atomic
def person_moderate_export(*, community: Community, person: User, moderator: User) -> dict[str, Any]:
    """Everything ``community`` holds about ``person``, for a moderator; the audit log says who
    took whose data, and when (an export is a disclosure, as an edit is a change)."""
    audit_event_record(
        community_id=community.pk,
        actor=moderator,
        actor_kind=AuditEventActorKind.MODERATOR,
        action="person.exported",
        subject_hash=subject_hash(person.pk),
    )
    return user_export(user=person, community=community)


BULK_LIMIT = 200  # memories one bulk action may change (a page holds 50)


def window_moderate_retry(*, window: ConversationWindow, moderator: User | None) -> bool:
    """Queue a failed window for extraction again (False: it had not failed), with its audit event."""
    retried = window_retry(window=window)
    if retried:
        audit_event_record(
            community_id=window.channel.community_id,
            actor=moderator,
            actor_kind=AuditEventActorKind.MODERATOR,
            action="window.retried",
            data={"window": window.pk},
        )
    return retried


@transaction.atomic
def profile_moderate_edit(*, community: Community, person: User, moderator: User, summary: str) -> None:
    """A moderator's wording of a person's profile paragraph (the service the person's own edit
    uses: refused while their memory is off). The audit event names the field, not the words."""
    profile_summary_edit(user=person, community=community, summary=summary)
    audit_event_record(
        community_id=community.pk,
        actor=moderator,
        actor_kind=AuditEventActorKind.MODERATOR,
        action="profile.edited",
        subject_hash=subject_hash(person.pk),
        data={"fields": ["summary"]},
    )


@transaction.atomic
def memories_moderate_bulk(
    *,
    community: Community,
    moderator: User,
    memory_ids: list[int],
    action: str,
    importance: float | None = None,
    expires_at: datetime | None = None,
) -> int:
    """Delete the chosen memories, or set their importance or expiry (``expires_at`` None: kept
    until deleted). Only ``community``'s memories are touched; ids of others are ignored.
    Returns how many changed; each gets its revision and an audit event."""
    if not memory_ids:
        return 0  # an empty ``pk__in`` cannot be turned into SQL: nothing to change anyway
    chosen = Memory.objects.filter(community=community, pk__in=memory_ids[:BULK_LIMIT])
    if action == "delete":
        for memory in chosen.only("pk", "community_id", "user_id"):
            _audit(moderator=moderator, memory=memory, action="memory.deleted")
        return memories_delete_with_revisions(
            memories=chosen,
            action=MemoryRevisionAction.MODERATOR_DELETE,
            actor=MemoryRevisionActor.MODERATOR,
            reason="deleted by a moderator (bulk)",
            actor_user=moderator,
        )
    if action == "importance" and importance is not None:
        changes: dict[str, object] = {"importance": importance}
    elif action == "expiry":
        changes = {"expires_at": expires_at}
    else:
        raise ValueError(f"unknown bulk action {action!r} or its value is missing")
    changed = 0
    for memory in chosen.select_for_update().defer("embedding"):
        memory_moderate_edit(memory=memory, moderator=moderator, **changes)
        changed += 1
    return changed
