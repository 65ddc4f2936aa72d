"""A person's privacy rights (PRODUCT.md §4.5): forget me, export, erasure.

- ``user_forget``: memory off in one community, and what was remembered there is deleted.
- ``user_export``: one JSON-serialisable document with everything stored about the person.
- ``user_erase``: every row about or by the person, in every app, then the account; an
  ``ErasureRequest`` tombstone and an ``AuditEvent`` remain, holding only a salted hash.

Erasure policy, row by row:

- *deleted* (about or by them): their memories (with their source-message links), every
  revision about them, their entities, profiles, identities, memberships, chat sessions, the
  messages they wrote and every message of their sessions (the persona's replies speak to
  them), admin log entries they made or that describe their rows, their login sessions, then
  the account (its group and permission links go with it). Windows their messages leave
  empty are deleted; the others get their count and first/last message time recomputed.
- *unlinked* (other people's rows that point at them): memories they reported about someone
  else stay with the subject, with ``reported_by`` cleared and "reported by …" cut from the
  context; revision snapshots lose the reporter id too; API keys they created, audit events
  they acted in, revisions they made and older erasure requests keep their row, without them.
- *redacted* (other people's text that names them, in the communities they were part of):
  each whole-word, case-insensitive occurrence of their username, display names, first/last
  name, email and platform ids becomes ``[erased]`` in memories (content, context; the vector
  is cleared, ``manage.py reembed`` rebuilds it), revision snapshots and reasons, profiles,
  session summaries and messages; other people's entities whose name names them are deleted.
  Names shorter than 3 characters, or that another person in those communities also goes by,
  are left alone: they would hit other people's data (a second "Alice" keeps her name).

Everything is set-based SQL (QuerySet.delete/update, UPDATE … WHERE), login sessions too: the
session engine (``accounts.sessions``) keeps the user id in a column of its own. Only with
Django's plain database engine configured instead would each session be decoded.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import connection, models, transaction
from django.db.models import Q, QuerySet
from django.db.models.functions import Cast, Lower
from django.utils import timezone
from django.utils.crypto import salted_hmac

from accounts.models import (
    ApiKey,
    AuditEvent,
    AuditEventActorKind,
    Community,
    ErasureRequest,
    ErasureRequestState,
    ErasureRequestVia,
    ExternalIdentity,
    LoginSession,
    Membership,
    Profile,
    User,
)
from accounts.services import profile_memory_enabled_set
from chat.models import ChatSession, Message, Persona
from memories.models import (
    Entity,
    Memory,
    MemoryRevision,
    MemoryRevisionAction,
    MemoryRevisionActor,
)
from memories.services.embeddings import memories_embed_now
from memories.services.memory import memories_delete_with_revisions, memory_snapshot
from memories.services.recall import recall_forget, recall_lines_reread
from memories.services.windows import windows_recount

REDACTED = "[erased]"
MIN_NAME_LENGTH = 3
FORGET_REASON = "forget me"
ERASURE_REVISION_REASON = "a person it named or who reported it was erased; what it said before is not kept"
# Mirrors how extraction writes a reporter into a memory's context ("…; reported by Eve").
_REPORTED_BY_SQL = r"[;,]?\s*reported by\s+[^;,.()]*"
_NOT_WORD_SQL = "[[:alnum:]_]"

_REVISION_ACTION_BY_ACTOR = {
    AuditEventActorKind.USER: (MemoryRevisionAction.USER_DELETE, MemoryRevisionActor.USER),
    AuditEventActorKind.MODERATOR: (MemoryRevisionAction.MODERATOR_DELETE, MemoryRevisionActor.MODERATOR),
    AuditEventActorKind.API: (MemoryRevisionAction.FORGOTTEN, MemoryRevisionActor.SYSTEM),
    AuditEventActorKind.SYSTEM: (MemoryRevisionAction.FORGOTTEN, MemoryRevisionActor.SYSTEM),
}
_ACTOR_KIND_BY_VIA = {
    ErasureRequestVia.SELF: AuditEventActorKind.USER,
    ErasureRequestVia.MODERATOR: AuditEventActorKind.MODERATOR,
    ErasureRequestVia.API: AuditEventActorKind.API,
}


class ErasureError(Exception):
    """An erasure that must not (or cannot) happen; nothing was changed."""


class UserAlreadyErasedError(ErasureError):
    """The account no longer exists: it was erased (or deleted) before."""


class ErasureOutOfScopeError(ErasureError):
    """A community asked to erase a person who is also known in other communities."""


def subject_hash(user_id: int) -> str:
    """The person's pseudonym in audit records: HMAC-SHA256 of their id, keyed with SECRET_KEY.

    Stable while SECRET_KEY is, so the audit trail of one person can be followed after their
    erasure without storing who they were; rotating SECRET_KEY breaks that link on purpose.
    """
    # The salt keeps the module's old name: pseudonyms made before the move still match.
    return salted_hmac("memoryhub.accounts.privacy.subject", str(user_id), algorithm="sha256").hexdigest()


# --- Forget me ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForgetResult:
    memories_deleted: int
    entities_deleted: int
    sessions_cleared: int
    profile: Profile
    audit_event: AuditEvent


# What a forgotten memory's revisions keep of its words: nothing.
WORDS_DROPPED = {"content": "[forgotten]", "context": "", "topics": []}


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
    user = _locked_or_gone(user)  # an erasure running now finishes first; then there is nobody to forget
    Profile.objects.select_for_update().get_or_create(user=user, community=community)
    profile = profile_memory_enabled_set(user=user, community=community, enabled=False)
    Profile.objects.filter(pk=profile.pk).update(
        summary="",
        personality="",
        preferences=[],
        behaviour_patterns=[],
        semantic_refreshed_at=None,
        updated_at=timezone.now(),
    )
    profile.refresh_from_db()

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
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_memoryrevision SET before = before || %(scrub)s::jsonb, after = after || %(scrub)s::jsonb
            WHERE community_id = %(community)s AND subject_id = %(user)s
            """,  # NULL || … stays NULL: a creation keeps no "before", a deletion no "after"
            {"scrub": json.dumps(WORDS_DROPPED), "community": community.pk, "user": user.pk},
        )
    entities_deleted, _ = Entity.objects.filter(community=community, owner=user).delete()
    # Session summaries are remembered too: the "last time we talked…" layer of the context.
    sessions_cleared = (
        ChatSession.objects.filter(user=user, persona__community=community)
        .filter(~Q(working_summary="") | ~Q(final_summary=""))
        .update(working_summary="", final_summary="")
    )
    audit_event = AuditEvent.objects.create(
        community=community,
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
    user = _locked_or_gone(user)  # as user_forget: never a profile for an account being erased
    Profile.objects.select_for_update().get_or_create(user=user, community=community)
    profile = profile_memory_enabled_set(user=user, community=community, enabled=True)
    AuditEvent.objects.create(
        community=community,
        actor=actor,
        actor_kind=actor_kind,
        action="user.remembered",
        subject_hash=subject_hash(user.pk),
        data={},
    )
    return profile


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


# --- Erasure -----------------------------------------------------------------------------------


def _communities_of(user: User) -> set[int]:
    """Every community holding something of ``user``: where their name may appear in others' text."""
    queries: list[QuerySet[Any]] = [
        Membership.objects.filter(user=user).values_list("community_id", flat=True),
        ExternalIdentity.objects.filter(user=user).values_list("community_id", flat=True),
        Profile.objects.filter(user=user).values_list("community_id", flat=True),
        Memory.objects.filter(Q(user=user) | Q(reported_by=user)).values_list("community_id", flat=True),
        Entity.objects.filter(owner=user).values_list("community_id", flat=True),
        Message.objects.filter(author=user).values_list("channel__community_id", flat=True),
        ChatSession.objects.filter(user=user).values_list("channel__community_id", flat=True),
    ]
    first, *rest = queries
    return set(first.union(*rest))


def _names_of(user: User, community_ids: set[int]) -> list[str]:
    """The names and handles that point at ``user`` alone in those communities, longest first."""
    candidates = {user.username, user.display_name, user.first_name, user.last_name, user.email}
    for external_id, display_name in ExternalIdentity.objects.filter(user=user).values_list(
        "external_id", "display_name"
    ):
        candidates |= {external_id, display_name}
    names = {name.strip() for name in candidates if len(name.strip()) >= MIN_NAME_LENGTH}
    if not names:
        return []
    lowered = {name.lower() for name in names}
    others = User.objects.exclude(pk=user.pk).filter(
        Q(memberships__community_id__in=community_ids) | Q(identities__community_id__in=community_ids)
    )
    shared: set[str] = set()
    for field in ("username", "display_name", "first_name", "last_name", "email"):
        shared |= set(
            others.annotate(name=Lower(field)).filter(name__in=lowered).values_list("name", flat=True).distinct()
        )
    other_identities = ExternalIdentity.objects.filter(community_id__in=community_ids).exclude(user=user)
    for field in ("external_id", "display_name"):
        shared |= set(
            other_identities.annotate(name=Lower(field)).filter(name__in=lowered).values_list("name", flat=True)
        )
    return sorted((name for name in names if name.lower() not in shared), key=lambda n: (-len(n), n))


def names_pattern(names: list[str]) -> str:
    """A PostgreSQL regular expression matching any of ``names`` as a whole word (use case-insensitively)."""
    escaped = "|".join(re.sub(r"([^\w\s])", r"\\\1", name) for name in names)
    return f"(?<!{_NOT_WORD_SQL})(?:{escaped})(?!{_NOT_WORD_SQL})"


def _delete(queryset: QuerySet[Any], counts: Counter[str]) -> None:
    """QuerySet.delete(), loading only primary keys for Django's cascade bookkeeping."""
    _, per_model = queryset.only("pk").delete()
    counts.update({label: count for label, count in per_model.items() if count})


def _sql(statement: str, params: dict[str, Any]) -> list[int]:
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return [row[0] for row in cursor.fetchall()] if cursor.description else []


def _login_sessions_delete(user: User, counts: Counter[str]) -> None:
    """Delete the person's login sessions (database-backed session engines only)."""
    if user.last_login is None or "django.contrib.sessions" not in settings.INSTALLED_APPS:
        return
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    if not hasattr(store_class, "get_model_class"):
        return  # cookie or cache sessions: nothing of theirs in the database
    model = store_class.get_model_class()
    if issubclass(model, LoginSession):  # ours: the user id is a column, one DELETE
        deleted, _ = model.objects.filter(user_id=user.pk).delete()
        if deleted:
            counts[model._meta.label] += deleted
        return
    # Django's own table: session data is signed and compressed, SQL cannot look inside.
    store = store_class()
    keys = [
        key
        for key, data in model.objects.values_list("session_key", "session_data").iterator(chunk_size=2000)
        if store.decode(data).get("_auth_user_id") == str(user.pk)
    ]
    if keys:
        for key in keys:
            store.delete(key)  # also drops a cached copy (cached_db)
        counts[model._meta.label] += len(keys)


def _admin_log_delete(user: User, counts: Counter[str]) -> None:
    """Admin log entries they made, and those describing their rows (the repr quotes the row)."""
    about: Q = Q(user=user)
    theirs: list[tuple[type[models.Model], QuerySet[Any]]] = [
        (User, User.objects.filter(pk=user.pk)),
        (Membership, Membership.objects.filter(user=user)),
        (ExternalIdentity, ExternalIdentity.objects.filter(user=user)),
        (Profile, Profile.objects.filter(user=user)),
        (Memory, Memory.objects.filter(user=user)),
        (MemoryRevision, MemoryRevision.objects.filter(subject=user)),
        (Entity, Entity.objects.filter(owner=user)),
        (ChatSession, ChatSession.objects.filter(user=user)),
        (Message, Message.objects.filter(author=user)),
    ]
    for model, rows in theirs:
        about |= Q(
            content_type=ContentType.objects.get_for_model(model),
            object_id__in=rows.annotate(pk_text=Cast("pk", models.TextField())).values("pk_text"),
        )
    _delete(LogEntry.objects.filter(about), counts)


def _others_unlink(user: User, unlinked: Counter[str]) -> list[int]:
    """Other people's rows keep existing without a link to ``user``; returns changed memory ids."""
    changed = _sql(
        """
        UPDATE memories_memory
        SET reported_by_id = NULL, updated_at = now(),
            context = btrim(regexp_replace(context, %(reported)s, '', 'gi'), ' ;,')
        WHERE reported_by_id = %(user)s
        RETURNING id
        """,
        {"user": user.pk, "reported": _REPORTED_BY_SQL},
    )
    unlinked["memories.Memory.reported_by"] += len(changed)
    unlinked["memories.MemoryRevision.actor_user"] += MemoryRevision.objects.filter(actor_user=user).update(
        actor_user=None
    )
    unlinked["accounts.ApiKey.created_by"] += ApiKey.objects.filter(created_by=user).update(created_by=None)
    unlinked["accounts.AuditEvent.actor"] += AuditEvent.objects.filter(actor=user).update(actor=None)
    unlinked["accounts.ErasureRequest.requested_by"] += ErasureRequest.objects.filter(requested_by=user).update(
        requested_by=None
    )
    return changed


def _snapshot_scrub_sql(column: str, redact: bool) -> str:
    """SQL rewriting one revision snapshot: reporter id and reporter phrase gone, names redacted.

    Only keys the snapshot has are rewritten (an erasure's own revision keeps ``before = {}``).
    """
    context = (
        f"CASE WHEN {column}->>'reported_by' = %(user_text)s "
        f"THEN btrim(regexp_replace({column}->>'context', %(reported)s, '', 'gi'), ' ;,') "
        f"ELSE {column}->>'context' END"
    )
    content = f"{column}->>'content'"
    if redact:
        context = f"regexp_replace({context}, %(names)s, %(redacted)s, 'gi')"
        content = f"regexp_replace({content}, %(names)s, %(redacted)s, 'gi')"
    # A missing key gives SQL NULL, which jsonb_strip_nulls drops instead of adding the key.
    return (
        f"{column} || jsonb_strip_nulls(jsonb_build_object("
        f"'content', to_jsonb(left({content}, 500)), 'context', to_jsonb(left({context}, 500)))) "
        f"|| CASE WHEN {column}->>'reported_by' = %(user_text)s "
        f"THEN jsonb_build_object('reported_by', NULL) ELSE jsonb_build_object() END"
    )


def _others_redact(
    user: User, names: list[str], community_ids: set[int], redacted: Counter[str], deleted: Counter[str]
) -> list[int]:
    """Scrub ``user`` from other people's rows; returns the ids of memories whose text changed."""
    params = {
        "user": user.pk,
        "user_text": str(user.pk),
        "communities": sorted(community_ids),
        "names": names_pattern(names) if names else "",
        "redacted": REDACTED,
        "reported": _REPORTED_BY_SQL,
    }
    reporter_in = "before->>'reported_by' = %(user_text)s OR after->>'reported_by' = %(user_text)s"
    redact = bool(names)
    names_in = (
        "community_id = ANY(%(communities)s) AND (before::text ~* %(names)s OR after::text ~* %(names)s "
        "OR reason ~* %(names)s)"
        if redact
        else "false"
    )
    reason = "left(regexp_replace(reason, %(names)s, %(redacted)s, 'gi'), 500)" if redact else "reason"
    revisions = _sql(
        f"""
        UPDATE memories_memoryrevision
        SET before = {_snapshot_scrub_sql("before", redact)}, after = {_snapshot_scrub_sql("after", redact)},
            reason = {reason}
        WHERE subject_id <> %(user)s AND (({reporter_in}) OR ({names_in}))
        RETURNING id
        """,  # noqa: S608 - constants only
        params,
    )
    redacted["memories.MemoryRevision"] += len(revisions)
    if not redact:
        return []

    def replaced(column: str, limit: int | None = None) -> str:
        expression = f"regexp_replace({column}, %(names)s, %(redacted)s, 'gi')"
        return f"left({expression}, {limit})" if limit else expression

    memories = _sql(
        f"""
        UPDATE memories_memory
        SET content = {replaced("content", 500)}, context = {replaced("context", 500)},
            embedding = CASE WHEN content ~* %(names)s THEN NULL ELSE embedding END,
            embedding_model = CASE WHEN content ~* %(names)s THEN '' ELSE embedding_model END,
            updated_at = now()
        WHERE community_id = ANY(%(communities)s) AND (content ~* %(names)s OR context ~* %(names)s)
        RETURNING id
        """,  # noqa: S608 - constants only
        params,
    )
    redacted["memories.Memory"] += len(memories)
    redacted["accounts.Profile"] += len(
        _sql(
            f"""
            UPDATE accounts_profile
            SET summary = {replaced("summary", 4000)}, personality = {replaced("personality")},
                preferences = {replaced("preferences::text")}::jsonb,
                behaviour_patterns = {replaced("behaviour_patterns::text")}::jsonb, updated_at = now()
            WHERE community_id = ANY(%(communities)s)
              AND (summary ~* %(names)s OR personality ~* %(names)s
                   OR preferences::text ~* %(names)s OR behaviour_patterns::text ~* %(names)s)
            RETURNING id
            """,  # noqa: S608 - constants only
            params,
        )
    )
    redacted["chat.ChatSession"] += len(
        _sql(
            f"""
            UPDATE chat_chatsession AS s
            SET working_summary = {replaced("working_summary")}, final_summary = {replaced("final_summary")}
            FROM chat_channel AS c
            WHERE s.channel_id = c.id AND c.community_id = ANY(%(communities)s)
              AND (s.working_summary ~* %(names)s OR s.final_summary ~* %(names)s)
            RETURNING s.id
            """,  # noqa: S608 - constants only
            params,
        )
    )
    lines = _sql(
        f"""
        UPDATE chat_message AS m
        SET content = {replaced("m.content", 4000)}
        FROM chat_channel AS c
        WHERE m.channel_id = c.id AND c.community_id = ANY(%(communities)s) AND m.content ~* %(names)s
        RETURNING m.id
        """,  # noqa: S608 - constants only
        params,
    )
    redacted["chat.Message"] += len(lines)
    recall_lines_reread(message_ids=lines)
    # An entity named after them is about them ("Eve", "Eve's flat"); its name cannot be redacted
    # in place without colliding with the owner's other entities, so it goes.
    deleted["memories.Entity"] += len(
        _sql(
            "DELETE FROM memories_entity WHERE community_id = ANY(%(communities)s) AND name ~* %(names)s RETURNING id",
            params,
        )
    )
    redacted["memories.Entity"] += len(
        _sql(
            f"""
            UPDATE memories_entity
            SET relationship = {replaced("relationship", 200)}, attributes = {replaced("attributes::text")}::jsonb
            WHERE community_id = ANY(%(communities)s)
              AND (relationship ~* %(names)s OR attributes::text ~* %(names)s)
            RETURNING id
            """,  # noqa: S608 - constants only
            params,
        )
    )
    return memories


def identity_hash(*, community_id: int, external_id: str) -> str:
    """A platform id's pseudonym on a tombstone: HMAC-SHA256 of (community, id), keyed with SECRET_KEY."""
    return salted_hmac("memoryhub.privacy.identity", f"{community_id}:{external_id}", algorithm="sha256").hexdigest()


def erasure_for_identity(*, community: Community, external_id: str) -> ErasureRequest | None:
    """The finished erasure of whoever had ``external_id`` in ``community``, if they were erased."""
    return (
        ErasureRequest.objects.filter(
            identity_hashes__contains=[identity_hash(community_id=community.pk, external_id=external_id)],
            state=ErasureRequestState.DONE,
        )
        .order_by("-completed_at")
        .first()
    )


def _erasure_scope_check(user: User, community: Community | None) -> set[int]:
    community_ids = _communities_of(user)
    if community is not None and community_ids - {community.pk}:
        raise ErasureOutOfScopeError(
            f"user {user.pk} is also known in {len(community_ids - {community.pk})} other communities: a community "
            "can only erase people it alone knows (forget them there instead)"
        )
    return community_ids


def _locked_or_gone(user: User) -> User:
    locked = User.objects.select_for_update().filter(pk=user.pk).first()
    if locked is None:
        erased = ErasureRequest.objects.filter(subject_hash=subject_hash(user.pk), state=ErasureRequestState.DONE)
        raise UserAlreadyErasedError(
            f"user {user.pk} was already erased" if erased.exists() else f"user {user.pk} does not exist (any more)"
        )
    return locked


@transaction.atomic
def _erasure_request_open(
    *, user: User, via: str, requested_by: User | None, community: Community | None
) -> ErasureRequest:
    """The request this erasure runs as, recorded before the work: an open or failed one about the
    person is taken up again, else a new one. Refusals (gone, out of scope) record nothing."""
    locked = _locked_or_gone(user)
    _erasure_scope_check(locked, community)
    identities = [
        identity_hash(community_id=community_id, external_id=external_id)
        for community_id, external_id in ExternalIdentity.objects.filter(user=locked).values_list(
            "community_id", "external_id"
        )
    ]
    request = (
        ErasureRequest.objects.select_for_update()
        .filter(
            subject=locked,
            state__in=[ErasureRequestState.PENDING, ErasureRequestState.RUNNING, ErasureRequestState.FAILED],
        )
        .order_by("created_at", "pk")
        .first()
    )
    if request is None:
        request = ErasureRequest(subject=locked, subject_hash=subject_hash(locked.pk), requested_via=via)
    request.requested_by = request.requested_by or requested_by
    request.community = request.community or community
    request.identity_hashes = sorted(set(request.identity_hashes) | set(identities))
    request.state = ErasureRequestState.RUNNING
    request.error = ""
    request.save()
    return request


def user_erase(
    *, user: User, via: str, requested_by: User | None = None, community: Community | None = None
) -> ErasureRequest:
    """Erase ``user`` everywhere (PRODUCT.md §4.5) and return the done ``ErasureRequest`` tombstone.

    ``community`` is where the request came from (a community's moderator or bot). Such a
    request may only erase someone that community alone knows: a person also known elsewhere
    is refused (``ErasureOutOfScopeError``), as one tenant must not delete another's data; they
    can use ``user_forget`` there, and the person can erase themselves.

    A durable job: the request is recorded first (its own transaction), then the erasure runs
    in one transaction. A failure leaves the request ``failed`` with its error, and erasing the
    person again takes it up; other open requests about them end covered by the tombstone.
    """
    if via not in ErasureRequestVia.values:
        raise ValueError(f"via must be one of {ErasureRequestVia.values}, not {via!r}")
    request = _erasure_request_open(user=user, via=via, requested_by=requested_by, community=community)
    try:
        with transaction.atomic():
            return _erase(request=request, user=user, via=via, requested_by=requested_by, community=community)
    except Exception as error:
        ErasureRequest.objects.filter(pk=request.pk).update(
            state=ErasureRequestState.FAILED, error=f"{type(error).__name__}: {error}"[:2000] or "failed"
        )
        raise


def _erase(
    *, request: ErasureRequest, user: User, via: str, requested_by: User | None, community: Community | None
) -> ErasureRequest:
    locked = _locked_or_gone(user)
    pseudonym = subject_hash(locked.pk)
    community_ids = _erasure_scope_check(locked, community)
    names = _names_of(locked, community_ids)
    deleted: Counter[str] = Counter()
    unlinked: Counter[str] = Counter()
    redacted: Counter[str] = Counter()
    duplicates = list(
        ErasureRequest.objects.select_for_update()
        .filter(subject=locked, state__in=[ErasureRequestState.PENDING, ErasureRequestState.RUNNING])
        .exclude(pk=request.pk)
    )

    # Before the rows go: log entries find them by id, sessions by the user id.
    _admin_log_delete(locked, deleted)
    _login_sessions_delete(locked, deleted)
    changed_memories = set(_others_unlink(locked, unlinked))

    _delete(MemoryRevision.objects.filter(subject=locked), deleted)
    _delete(Memory.objects.filter(user=locked), deleted)
    _delete(Entity.objects.filter(owner=locked), deleted)
    _delete(Profile.objects.filter(user=locked), deleted)
    _delete(ExternalIdentity.objects.filter(user=locked), deleted)
    _delete(Membership.objects.filter(user=locked), deleted)
    theirs = Message.objects.filter(Q(author=locked) | Q(session__user=locked))
    window_ids = list(theirs.exclude(window=None).values_list("window_id", flat=True).distinct())
    _delete(theirs, deleted)
    _delete(ChatSession.objects.filter(user=locked), deleted)
    deleted.update(windows_recount(window_ids=window_ids))

    changed_memories |= set(_others_redact(locked, names, community_ids, redacted, deleted))
    if changed_memories:
        # Every change to a memory leaves a revision; this one keeps nothing of the old text.
        MemoryRevision.objects.bulk_create(
            MemoryRevision(
                memory=memory,
                memory_ref=memory.pk,
                community_id=memory.community_id,
                subject_id=memory.user_id,
                action=MemoryRevisionAction.UPDATED,
                actor=MemoryRevisionActor.SYSTEM,
                before={},
                after=memory_snapshot(memory),
                reason=ERASURE_REVISION_REASON,
            )
            for memory in Memory.objects.filter(pk__in=changed_memories).defer("embedding", "search_vector")
        )
        memories_embed_now(memory_ids=sorted(changed_memories))  # searched by what they now say

    _delete(User.objects.filter(pk=locked.pk), deleted)

    tombstone = request
    tombstone.subject = None
    tombstone.subject_hash = pseudonym
    if requested_by is not None and requested_by.pk != locked.pk:
        tombstone.requested_by = requested_by
    elif tombstone.requested_by_id == locked.pk:
        tombstone.requested_by = None
    tombstone.community = tombstone.community or community
    tombstone.state = ErasureRequestState.DONE
    tombstone.deleted_counts = dict(sorted(deleted.items()))
    tombstone.error = ""
    now = timezone.now()  # after the work, so never before the request was made
    tombstone.completed_at = now
    tombstone.save()
    if duplicates:
        ErasureRequest.objects.filter(pk__in=[d.pk for d in duplicates]).update(
            state=ErasureRequestState.DONE, completed_at=now, error=f"covered by erasure request {tombstone.pk}"
        )
    AuditEvent.objects.create(
        community=community,
        actor=tombstone.requested_by,
        actor_kind=_ACTOR_KIND_BY_VIA[ErasureRequestVia(via)],
        action="user.erased",
        subject_hash=pseudonym,
        data={
            "erasure_request": tombstone.pk,
            "deleted": sum(deleted.values()),
            "unlinked": {label: count for label, count in sorted(unlinked.items()) if count},
            "redacted": {label: count for label, count in sorted(redacted.items()) if count},
        },
    )
    return tombstone
