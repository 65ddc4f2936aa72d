"""Export: one JSON-serialisable document with everything stored about the person."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import (
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Membership,
    Profile,
    User,
)
from chat.models import ChatSession, Message, Persona
from memories.models import (
    Entity,
    Memory,
    MemoryRevision,
)
from privacy.services.audit import subject_hash

# --- Export ------------------------------------------------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _person_name(user: User | None) -> str | None:
    if user is None:
        return None
    return user.display_name or "another member"


def user_export(*, user: User, community: Community | None = None) -> dict[str, Any]:
    """Everything stored about ``user`` (or only what ``community`` holds), as one JSON-ready dict.

    Other people appear only as the display name of whoever reported a fact about this person.
    Embedding vectors are left out (numbers derived from the texts that are in the export), and
    so is the password hash. Rows are ordered by community, then time, then id.
    """
    in_community: dict[str, Any] = {"community": community} if community is not None else {}

    def scoped(queryset: QuerySet[Any], path: str = "community") -> QuerySet[Any]:
        return queryset.filter(**{path: community}) if community is not None else queryset

    identities = [
        {
            "community": identity.community.slug,
            "external_id": identity.external_id,
            "display_name": identity.display_name,
            "created_at": _iso(identity.created_at),
        }
        for identity in ExternalIdentity.objects.filter(user=user, **in_community)
        .select_related("community")
        .order_by("community__slug", "created_at", "pk")
    ]
    memberships = [
        {"community": membership.community.slug, "role": membership.role, "joined_at": _iso(membership.joined_at)}
        for membership in Membership.objects.filter(user=user, **in_community)
        .select_related("community")
        .order_by("community__slug", "pk")
    ]
    profiles = [
        {
            "community": profile.community.slug,
            "memory_enabled": profile.memory_enabled,
            "summary": profile.summary,
            "personality": profile.personality,
            "preferences": profile.preferences,
            "behaviour_patterns": profile.behaviour_patterns,
            "semantic_refreshed_at": _iso(profile.semantic_refreshed_at),
            "updated_at": _iso(profile.updated_at),
        }
        for profile in Profile.objects.filter(user=user, **in_community)
        .select_related("community")
        .order_by("community__slug", "pk")
    ]
    sources: dict[int, list[int]] = {}
    for memory_id, message_id in (
        scoped(Memory.source_messages.through.objects.filter(memory__user=user), "memory__community")
        .order_by("message_id")
        .values_list("memory_id", "message_id")
    ):
        sources.setdefault(memory_id, []).append(message_id)
    memories = [
        {
            "id": memory.pk,
            "community": memory.community.slug,
            "persona": memory.persona.name if memory.persona else None,
            "content": memory.content,
            "kind": memory.kind,
            "topics": list(memory.topics),
            "importance": memory.importance_now,
            "expires_at": _iso(memory.expires_at),
            "source": memory.source,
            "reported_by": _person_name(memory.reported_by),
            "context": memory.context,
            "access_count": memory.access_count,
            "last_accessed_at": _iso(memory.last_accessed_at),
            "created_at": _iso(memory.created_at),
            "updated_at": _iso(memory.updated_at),
            "source_messages": sources.get(memory.pk, []),  # ids of the messages it was learned from
        }
        for memory in Memory.objects.filter(user=user, **in_community)
        .select_related("community", "persona", "reported_by")
        .defer("embedding", "search_vector")
        .order_by("community__slug", "created_at", "pk")
    ]
    revision_rows = list(
        MemoryRevision.objects.filter(subject=user, **in_community)
        .select_related("community")
        .order_by("community__slug", "created_at", "pk")
    )
    # Snapshots name the reporter and persona by id: give the names instead (two queries).
    snapshots = [s for r in revision_rows for s in (r.before, r.after) if s]
    reporter_ids = {s["reported_by"] for s in snapshots if isinstance(s.get("reported_by"), int)}
    persona_ids = {s["persona"] for s in snapshots if isinstance(s.get("persona"), int)}
    reporters = {u.pk: _person_name(u) for u in User.objects.filter(pk__in=reporter_ids)}
    personas = dict(Persona.objects.filter(pk__in=persona_ids).values_list("pk", "name"))

    def snapshot_named(snapshot: dict[str, Any] | None) -> dict[str, Any] | None:
        if snapshot is None:
            return None
        named = dict(snapshot)
        if "reported_by" in named:
            named["reported_by"] = reporters.get(named["reported_by"]) if named["reported_by"] else None
        if "persona" in named:
            named["persona"] = personas.get(named["persona"]) if named["persona"] else None
        return named

    revisions = [
        {
            "memory_id": revision.memory_ref,
            "community": revision.community.slug,
            "action": revision.action,
            "actor": revision.actor,
            "before": snapshot_named(revision.before),
            "after": snapshot_named(revision.after),
            "reason": revision.reason,
            "created_at": _iso(revision.created_at),
        }
        for revision in revision_rows
    ]
    entities = [
        {
            "community": entity.community.slug,
            "type": entity.type,
            "name": entity.name,
            "relationship": entity.relationship,
            "attributes": entity.attributes,
            "first_mentioned_at": _iso(entity.first_mentioned_at),
            "last_mentioned_at": _iso(entity.last_mentioned_at),
            "mention_count": entity.mention_count,
        }
        for entity in Entity.objects.filter(owner=user, **in_community)
        .select_related("community")
        .order_by("community__slug", "first_mentioned_at", "pk")
    ]
    sessions = [
        {
            "id": session.pk,
            "community": session.persona.community.slug,
            "persona": session.persona.name,
            "channel": session.channel.name,
            "started_at": _iso(session.started_at),
            "last_message_at": _iso(session.last_message_at),
            "ended_at": _iso(session.ended_at),
            "message_count": session.message_count,
            "working_summary": session.working_summary,
            "final_summary": session.final_summary,
        }
        for session in scoped(ChatSession.objects.filter(user=user), "persona__community")
        .select_related("persona__community", "channel")
        .order_by("persona__community__slug", "started_at", "pk")
    ]
    messages = [
        {
            "id": row["pk"],
            "community": row["channel__community__slug"],
            "channel": row["channel__name"],
            "session": row["session_id"],
            "content": row["content"],
            "created_at": _iso(row["created_at"]),
            "external_id": row["external_id"],
        }
        for row in scoped(Message.objects.filter(author=user), "channel__community")
        .order_by("channel__community__slug", "created_at", "pk")
        .values("pk", "channel__community__slug", "channel__name", "session_id", "content", "created_at", "external_id")
    ]
    pseudonym = subject_hash(user.pk)
    erasure_requests = [
        {
            "community": request.community.slug if request.community else None,
            "requested_via": request.requested_via,
            "state": request.state,
            "deleted_counts": request.deleted_counts,
            "created_at": _iso(request.created_at),
            "completed_at": _iso(request.completed_at),
        }
        for request in scoped(ErasureRequest.objects.filter(Q(subject=user) | Q(subject_hash=pseudonym)))
        .select_related("community")
        .order_by("created_at", "pk")
    ]
    audit_events = [
        {
            "community": event.community.slug if event.community else None,
            "action": event.action,
            "actor_kind": event.actor_kind,
            "data": event.data,
            "created_at": _iso(event.created_at),
        }
        for event in scoped(AuditEvent.objects.filter(subject_hash=pseudonym))
        .select_related("community")
        .order_by("created_at", "pk")
    ]
    return {
        "format": "memoryhub-export/1",
        "exported_at": _iso(timezone.now()),
        "community": community.slug if community is not None else None,
        "account": {
            "username": user.username,
            "display_name": user.display_name,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "date_joined": _iso(user.date_joined),
            "last_login": _iso(user.last_login),
            "can_log_in": user.has_usable_password(),
        },
        "identities": identities,
        "memberships": memberships,
        "profiles": profiles,
        "memories": memories,
        "memory_revisions": revisions,
        "entities": entities,
        "chat_sessions": sessions,
        "messages": messages,
        "erasure_requests": erasure_requests,
        "audit_events": audit_events,
    }


def user_export_mem0(*, user: User, community: Community, platform_id: str) -> dict[str, Any]:
    """The person's live memories in ``community`` as Mem0 lists them (``{"results": [...]}``), for
    a move to Mem0 or to another MemoryHub (``manage.py import_mem0`` reads it back).

    Mem0 has no kinds or importance: they ride in ``metadata``, and topics are its ``categories``.
    """
    now = timezone.now()
    memories = (
        Memory.objects.filter(user=user, community=community)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .defer("embedding", "search_vector")
        .order_by("created_at", "pk")
    )
    return {
        "results": [
            {
                "id": str(memory.pk),
                "user_id": platform_id,
                "memory": memory.content,
                "categories": list(memory.topics),
                "metadata": {
                    "kind": memory.kind,
                    "importance": round(memory.importance_now, 3),
                    "source": memory.source,
                    "community": community.slug,
                },
                "expiration_date": _iso(memory.expires_at),
                "created_at": _iso(memory.created_at),
                "updated_at": _iso(memory.updated_at),
            }
            for memory in memories
        ]
    }
