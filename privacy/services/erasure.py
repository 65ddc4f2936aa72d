"""Erasure: every row about or by the person, in every app, then the account (the policy,
row by row: the package's docstring).

Privacy orders the steps, holds the person's lock and keeps the receipt; each app's own services
delete, unlink and redact its rows (``accounts.services``, ``chat.services``,
``memories.services.erasure``) and say what they did.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib.admin.models import LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.db.models import Q, QuerySet
from django.db.models.functions import Cast, Lower
from django.utils.crypto import salted_hmac

from accounts.models import (
    MODERATING_ROLES,
    AuditEventActorKind,
    Community,
    ErasureRequest,
    ErasureRequestState,
    ErasureRequestVia,
    ExternalIdentity,
    Membership,
    Profile,
    User,
)
from accounts.services import (
    audit_event_record,
    erasure_request_done,
    erasure_request_fail,
    erasure_request_open,
    erasure_requests_cover,
    profiles_names_redact,
    user_community_records_delete,
    user_delete,
    user_links_clear,
    user_login_sessions_delete,
)
from chat.models import ChatSession, Message
from chat.services import chat_of_person_delete, messages_names_redact, sessions_names_redact
from core.erasure import rows_delete
from memories.models import Entity, Memory, MemoryRevision
from memories.services.erasure import (
    entities_names_redact,
    entities_naming_delete,
    memories_names_redact,
    memories_of_person_delete,
    memories_redaction_record,
    memories_reporter_unlink,
    revisions_actor_unlink,
    revisions_of_others_scrub,
)
from memories.services.recall import recall_forget, recall_lines_reread
from privacy.services.audit import subject_hash
from privacy.services.outbox import erasure_outbox_settle

MIN_NAME_LENGTH = 3
ERASURE_REVISION_REASON = "a person it named or who reported it was erased; what it said before is not kept"

_ACTOR_KIND_BY_VIA = {
    ErasureRequestVia.SELF: AuditEventActorKind.USER,
    ErasureRequestVia.MODERATOR: AuditEventActorKind.MODERATOR,
    ErasureRequestVia.API: AuditEventActorKind.API,
}


class ErasureError(Exception):
    """An erasure that must not (or cannot) happen; nothing was changed."""


class UserAlreadyErasedError(ErasureError):
    """The account no longer exists: it was erased (or deleted) before."""


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


def _admin_log_delete(user: User, counts: Counter[str], community_id: int | None) -> None:
    """Admin log entries they made, and those describing their rows (the repr quotes the row);
    with ``community_id``, only those describing their rows there (the account stays)."""
    here = {} if community_id is None else {"community_id": community_id}
    via_channel = {} if community_id is None else {"channel__community_id": community_id}
    about: Q = Q(user=user) if community_id is None else Q(pk__in=[])
    theirs: list[tuple[type[models.Model], QuerySet[Any]]] = [
        (Membership, Membership.objects.filter(user=user, **here)),
        (ExternalIdentity, ExternalIdentity.objects.filter(user=user, **here)),
        (Profile, Profile.objects.filter(user=user, **here)),
        (Memory, Memory.objects.filter(user=user, **here)),
        (MemoryRevision, MemoryRevision.objects.filter(subject=user, **here)),
        (Entity, Entity.objects.filter(owner=user, **here)),
        (ChatSession, ChatSession.objects.filter(user=user, **via_channel)),
        (Message, Message.objects.filter(author=user, **via_channel)),
    ]
    if community_id is None:
        theirs.append((User, User.objects.filter(pk=user.pk)))
    for model, rows in theirs:
        about |= Q(
            content_type=ContentType.objects.get_for_model(model),
            object_id__in=rows.annotate(pk_text=Cast("pk", models.TextField())).values("pk_text"),
        )
    counts.update(rows_delete(LogEntry.objects.filter(about)))  # Django's table: no app of ours owns it


def _others_unlink(user: User, unlinked: Counter[str], community: Community | None) -> list[int]:
    """Other people's rows keep existing without a link to ``user`` (in ``community`` alone when
    given); returns changed memory ids."""
    community_id = community.pk if community is not None else None
    changed = memories_reporter_unlink(user=user, community_id=community_id)
    unlinked["memories.Memory.reported_by"] += len(changed)
    unlinked["memories.MemoryRevision.actor_user"] += revisions_actor_unlink(user=user, community_id=community_id)
    unlinked.update(user_links_clear(user=user, community=community))
    return changed


def _others_redact(
    user: User,
    names: list[str],
    community_ids: set[int],
    redacted: Counter[str],
    deleted: Counter[str],
    community_id: int | None,
) -> list[int]:
    """Scrub ``user`` from other people's rows; returns the ids of memories whose text changed."""
    redacted["memories.MemoryRevision"] += revisions_of_others_scrub(
        user=user, names=names, community_ids=community_ids, community_id=community_id
    )
    if not names:
        return []
    memories = memories_names_redact(names=names, community_ids=community_ids)
    redacted["memories.Memory"] += len(memories)
    redacted["accounts.Profile"] += profiles_names_redact(names=names, community_ids=community_ids)
    redacted["chat.ChatSession"] += sessions_names_redact(names=names, community_ids=community_ids)
    lines = messages_names_redact(names=names, community_ids=community_ids)
    redacted["chat.Message"] += len(lines)
    recall_lines_reread(message_ids=lines)
    deleted["memories.Entity"] += entities_naming_delete(names=names, community_ids=community_ids)
    redacted["memories.Entity"] += entities_names_redact(names=names, community_ids=community_ids)
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


def _erasure_scope(user: User, community: Community | None) -> tuple[set[int], Community | None]:
    """What an erasure of ``user`` asked from ``community`` (None: the person, or staff) may take:
    the communities it scrubs, and the one community it is confined to (None: the whole account).

    A community takes the account only when the person is its alone: known in no other community,
    neither staff nor a moderator anywhere. Otherwise it takes what it holds about them (their
    memories, messages, profile and identity there) and leaves the account to staff: one tenant
    must not delete another's data, nor a moderator a colleague's or an operator's account."""
    community_ids = _communities_of(user)
    if community is None:
        return community_ids, None
    whole = (
        not community_ids - {community.pk}
        and not (user.is_staff or user.is_superuser)
        and not Membership.objects.filter(user=user, role__in=MODERATING_ROLES).exists()
    )
    return (community_ids, None) if whole else ({community.pk}, community)


def erasure_takes_account(*, user: User, community: Community) -> bool:
    """Whether ``community``'s erasure of ``user`` would take their account (as of now)."""
    return _erasure_scope(user, community)[1] is None


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
    _, confined_to = _erasure_scope(locked, community)
    identities = ExternalIdentity.objects.filter(user=locked)
    if confined_to is not None:
        identities = identities.filter(community=confined_to)
    return erasure_request_open(
        subject=locked,
        subject_hash=subject_hash(locked.pk),
        via=via,
        requested_by=requested_by,
        community=community,
        identity_hashes=[
            identity_hash(community_id=community_id, external_id=external_id)
            for community_id, external_id in identities.values_list("community_id", "external_id")
        ],
        community_only=confined_to is not None,
    )


def user_erase(
    *, user: User, via: str, requested_by: User | None = None, community: Community | None = None
) -> ErasureRequest:
    """Erase ``user`` and return the done ``ErasureRequest`` tombstone.

    Without ``community`` (the person themselves, or staff): everything, everywhere, and the
    account. ``community`` is where the request came from (a community's moderator or bot): it
    erases the account only when the person is that community's alone (``_erasure_scope``);
    otherwise what that community holds about them, and the account stays, left to staff. The
    tombstone's ``scope`` says which (``account`` or ``community``), as its outbox event does.

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
        erasure_request_fail(request=request, error=f"{type(error).__name__}: {error}")
        raise


def _erase(
    *, request: ErasureRequest, user: User, via: str, requested_by: User | None, community: Community | None
) -> ErasureRequest:
    locked = user_locked_or_gone(user)
    pseudonym = subject_hash(locked.pk)
    community_ids, confined_to = _erasure_scope(locked, community)
    here = confined_to.pk if confined_to is not None else None
    names = _names_of(locked, community_ids)
    deleted: Counter[str] = Counter()
    unlinked: Counter[str] = Counter()
    redacted: Counter[str] = Counter()
    duplicates = (
        list(
            ErasureRequest.objects.select_for_update()
            .filter(subject=locked, state__in=[ErasureRequestState.PENDING, ErasureRequestState.RUNNING])
            .exclude(pk=request.pk)
        )
        if confined_to is None
        else []  # the account stays: a request for all of it is still to be done
    )

    # Before the rows go: log entries find them by id, sessions by the user id.
    _admin_log_delete(locked, deleted, here)
    if confined_to is None:
        deleted.update(user_login_sessions_delete(user=locked))
    changed_memories = set(_others_unlink(locked, unlinked, confined_to))

    deleted.update(memories_of_person_delete(user=locked, community_id=here))
    if confined_to is not None:  # the account's cascade takes them otherwise
        deleted["memories.RecallEntry"] += recall_forget(community=confined_to, user=locked)
    deleted.update(user_community_records_delete(user=locked, community=confined_to))
    erasure_outbox_settle(
        subject_id=locked.pk,
        erasure_request_id=request.pk,
        community_ids=community_ids,
        counts=deleted,
        community_id=here,
    )
    deleted.update(chat_of_person_delete(user=locked, community_id=here))

    changed_memories |= set(_others_redact(locked, names, community_ids, redacted, deleted, here))
    memories_redaction_record(memory_ids=changed_memories, reason=ERASURE_REVISION_REASON)

    if confined_to is None:
        deleted.update(user_delete(user=locked))

    tombstone = erasure_request_done(
        request=request,
        subject_id=locked.pk,
        pseudonym=pseudonym,
        requested_by=requested_by,
        community=community,
        known_in_community_ids=community_ids,
        deleted_counts=dict(sorted(deleted.items())),
    )
    erasure_requests_cover(requests=duplicates, tombstone=tombstone)
    audit_event_record(
        community_id=community.pk if community is not None else None,
        actor=tombstone.requested_by,
        actor_kind=_ACTOR_KIND_BY_VIA[ErasureRequestVia(via)],
        action="user.erased",
        subject_hash=pseudonym,
        data={
            "erasure_request": tombstone.pk,
            "scope": tombstone.scope,
            "deleted": sum(deleted.values()),
            "unlinked": {label: count for label, count in sorted(unlinked.items()) if count},
            "redacted": {label: count for label, count in sorted(redacted.items()) if count},
        },
    )
    return tombstone
