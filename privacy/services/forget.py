"""Forget me: memory off in one community, and what was remembered there deleted."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from accounts.models import (
    AuditEvent,
    AuditEventActorKind,
    Community,
    Profile,
    User,
)
from accounts.services import audit_event_record, profile_locked, profile_memory_enabled_set, profile_summary_set
from chat.sessions import sessions_summaries_clear
from memories.models import (
    Memory,
    MemoryRevisionAction,
    MemoryRevisionActor,
)
from memories.services.entities import entities_forget
from memories.services.memory import memories_delete_with_revisions, revisions_words_drop
from memories.services.recall import recall_forget
from privacy.services.audit import subject_hash
from privacy.services.erasure import user_locked_or_gone

FORGET_REASON = "forget me"
_REVISION_ACTION_BY_ACTOR = {
    AuditEventActorKind.USER: (MemoryRevisionAction.USER_DELETE, MemoryRevisionActor.USER),
    AuditEventActorKind.MODERATOR: (MemoryRevisionAction.MODERATOR_DELETE, MemoryRevisionActor.MODERATOR),
    AuditEventActorKind.API: (MemoryRevisionAction.FORGOTTEN, MemoryRevisionActor.SYSTEM),
    AuditEventActorKind.SYSTEM: (MemoryRevisionAction.FORGOTTEN, MemoryRevisionActor.SYSTEM),
}
# --- Forget me ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForgetResult:
    memories_deleted: int
    entities_deleted: int
    sessions_cleared: int
    profile: Profile
    audit_event: AuditEvent


@transaction.atomic
def user_forget(*, community: Community, user: User, actor_kind: str, actor: User | None = None) -> ForgetResult:
    """Turn memory off for ``user`` in ``community`` and delete what was remembered there.

    The profile row is locked first: an extraction applying this person's changes holds the
    same lock, so it either finishes before (and its memories are deleted here) or re-reads
    the opt-out after (and writes nothing). Deleted memories keep their revision (action
    user/moderator delete, reason "forget me"), as every other deletion does.
    """
    if actor_kind not in AuditEventActorKind.values:
        raise ValueError(f"actor_kind must be one of {AuditEventActorKind.values}, not {actor_kind!r}")
    user = user_locked_or_gone(user)  # an erasure running now finishes first; then there is nobody to forget
    profile_locked(user=user, community=community)
    profile = profile_memory_enabled_set(user=user, community=community, enabled=False)
    profile_summary_set(
        profile=profile, summary="", personality="", preferences=[], behaviour_patterns=[], semantic_refreshed_at=None
    )

    action, revision_actor = _REVISION_ACTION_BY_ACTOR[AuditEventActorKind(actor_kind)]
    # Their entries go first: deleting their memories below then tombstones only the other
    # people's lines those memories came from, not entries about to be deleted anyway.
    recall_forget(community=community, user=user)  # every earlier line stays off: none comes back
    memories_deleted = memories_delete_with_revisions(
        memories=Memory.objects.filter(community=community, user=user),
        action=action,
        actor=revision_actor,
        reason=FORGET_REASON,
        actor_user=actor,
    )
    # The history keeps what was done, by whom and when, never the words: every revision about
    # the person here loses its text (this forget's own deletions included).
    revisions_words_drop(community=community, user=user)
    entities_deleted = entities_forget(community=community, user=user)
    # Session summaries are remembered too: the "last time we talked…" layer of the context.
    sessions_cleared = sessions_summaries_clear(user=user, community=community)
    audit_event = audit_event_record(
        community_id=community.pk,
        actor=actor,
        actor_kind=actor_kind,
        action="user.forgotten",
        subject_hash=subject_hash(user.pk),
        data={
            "memories_deleted": memories_deleted,
            "entities_deleted": entities_deleted,
            "sessions_cleared": sessions_cleared,
        },
    )
    return ForgetResult(
        memories_deleted=memories_deleted,
        entities_deleted=entities_deleted,
        sessions_cleared=sessions_cleared,
        profile=profile,
        audit_event=audit_event,
    )


@transaction.atomic
def user_remember(*, community: Community, user: User, actor_kind: str, actor: User | None = None) -> Profile:
    """Turn memory back on for ``user`` in ``community`` (after "forget me"): new things are remembered."""
    if actor_kind not in AuditEventActorKind.values:
        raise ValueError(f"actor_kind must be one of {AuditEventActorKind.values}, not {actor_kind!r}")
    user = user_locked_or_gone(user)  # as user_forget: never a profile for an account being erased
    profile_locked(user=user, community=community)
    profile = profile_memory_enabled_set(user=user, community=community, enabled=True)
    audit_event_record(
        community_id=community.pk,
        actor=actor,
        actor_kind=actor_kind,
        action="user.remembered",
        subject_hash=subject_hash(user.pk),
        data={},
    )
    return profile
