"""Erasure: every row about or by the person, in every app, then the account (the policy,
row by row: the package's docstring)."""

from __future__ import annotations

import re
from collections import Counter
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
from accounts.services import audit_event_record
from chat.models import ChatSession, Message
from chat.windows import windows_recount
from memories.models import (
    Entity,
    Memory,
    MemoryRevision,
    MemoryRevisionAction,
    MemoryRevisionActor,
)
from memories.services.embeddings import memories_embed_now
from memories.services.memory import memory_snapshot
from memories.services.recall import recall_lines_reread
from privacy.services.audit import subject_hash
from privacy.services.outbox import erasure_outbox_settle

REDACTED = "[erased]"
MIN_NAME_LENGTH = 3
ERASURE_REVISION_REASON = "a person it named or who reported it was erased; what it said before is not kept"
# Mirrors how extraction writes a reporter into a memory's context ("…; reported by Eve").
_REPORTED_BY_SQL = r"[;,]?\s*reported by\s+[^;,.()]*"
_NOT_WORD_SQL = "[[:alnum:]_]"

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


def user_locked_or_gone(user: User) -> User:
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
    locked = user_locked_or_gone(user)
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
    locked = user_locked_or_gone(user)
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
    erasure_outbox_settle(
        subject_id=locked.pk, erasure_request_id=request.pk, community_ids=community_ids, counts=deleted
    )
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
    audit_event_record(
        community_id=community.pk if community is not None else None,
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
