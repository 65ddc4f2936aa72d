"""Writes about people, communities and keys. Every change to these goes through here."""

from __future__ import annotations

import hashlib
import secrets
from collections import Counter
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import (
    MODERATING_ROLES,
    ApiKey,
    AuditEvent,
    Community,
    ErasureRequest,
    ErasureRequestState,
    ExternalIdentity,
    LoginSession,
    Membership,
    MembershipRole,
    MemoryOffInterval,
    Profile,
    User,
)
from core.apikit.api import MemoryOff
from core.buckets import bucket_params, bucket_take, bucket_take_sql, bucket_wait
from core.erasure import names_redaction_params, names_replaced_sql, returning_ids, rows_delete
from core.fastpath.rows import attnames, columns_sql, row_load
from core.fastpath.sql import prepared_cursor
from core.models import OutboxEventKind
from core.services import event_record
from core.unflushed import UNFLUSHED, unflushed_params

API_KEY_PREFIX = "mh_"


@transaction.atomic
def community_create(*, name: str, slug: str, **settings: object) -> Community:
    community = Community(name=name, slug=slug, **settings)
    community.full_clean()
    community.save()
    if not community.memory_enabled:
        _memory_off_interval_record(community=community, user=None, enabled=False)
    return community


def _memory_off_interval_record(*, community: Community, user: User | None, enabled: bool) -> None:
    """Open (memory off) or close (memory on) the interval of ``user``, or of the community itself."""
    now = timezone.now()
    if enabled:
        MemoryOffInterval.objects.filter(community=community, user=user, ended_at__isnull=True).update(ended_at=now)
    elif not MemoryOffInterval.objects.filter(community=community, user=user, ended_at__isnull=True).exists():
        MemoryOffInterval.objects.create(community=community, user=user, started_at=now)


def _memory_switch_announce(*, community: Community, user: User | None, enabled: bool) -> None:
    """The outbox's word that memory went off or on, for ``user`` or (None) the whole community."""
    event_record(
        kind=OutboxEventKind.MEMORY_ON if enabled else OutboxEventKind.MEMORY_OFF,
        community_id=community.pk,
        subject_id=user.pk if user is not None else None,
        payload={},
    )


@transaction.atomic
def community_memory_enabled_set(*, community: Community, enabled: bool) -> Community:
    """Turn memory on or off for a whole community. Nothing said while it is off is remembered,
    and an extraction applying now waits for the switch (it reads the community under a share lock)."""
    locked = Community.objects.select_for_update().get(pk=community.pk)
    if locked.memory_enabled != enabled:
        Community.objects.filter(pk=community.pk).update(memory_enabled=enabled)
        _memory_off_interval_record(community=community, user=None, enabled=enabled)
        _memory_switch_announce(community=community, user=None, enabled=enabled)
    community.memory_enabled = enabled
    return community


def user_create(*, username: str, password: str | None = None, display_name: str = "", email: str = "") -> User:
    """A person. Without a password (people seen only through a bot) the account cannot log in."""
    user = User(username=username, display_name=display_name, email=email)
    if password:
        user.set_password(password)
    else:
        user.set_unusable_password()
    user.save()
    return user


def user_staff_set(*, user: User, staff: bool) -> User:
    """Make ``user`` staff and superuser (the Django admin), or neither."""
    if (user.is_staff, user.is_superuser) != (staff, staff):
        user.is_staff = user.is_superuser = staff
        user.save(update_fields=["is_staff", "is_superuser"])
    return user


@transaction.atomic
def membership_set(*, user: User, community: Community, role: str = MembershipRole.MEMBER) -> Membership:
    """Make ``user`` a member of ``community`` with ``role``; also gives them a profile there."""
    membership, _ = Membership.objects.update_or_create(user=user, community=community, defaults={"role": role})
    Profile.objects.get_or_create(user=user, community=community)
    return membership


def apikey_hash(raw_key: str) -> str:
    """SHA-256 of the key. Keys carry 256 random bits, so a fast hash is enough (no brute force)."""
    return hashlib.sha256(raw_key.encode()).hexdigest()


def apikey_create(
    *, community: Community, name: str, scopes: Iterable[str], created_by: User | None = None
) -> tuple[ApiKey, str]:
    """Create a key and return it with its plaintext, which is never stored and shown only now."""
    raw_key = API_KEY_PREFIX + secrets.token_urlsafe(32)
    api_key = ApiKey(
        community=community,
        name=name,
        prefix=raw_key[:12],
        hashed_key=apikey_hash(raw_key),
        scopes=sorted(set(scopes)),
        created_by=created_by,
    )
    api_key.full_clean()
    api_key.save()
    return api_key, raw_key


def identity_username(*, community: Community, external_id: str) -> str:
    """The account name of a person first seen by a bot: unique per platform id, even for ids
    too long for a username (those end in a hash of the whole)."""
    username = f"{community.slug}:{external_id}"
    if len(username) <= 150:
        return username
    return f"{username[:133]}~{hashlib.sha256(username.encode()).hexdigest()[:16]}"


@transaction.atomic
def identity_resolve(*, community: Community, external_id: str, display_name: str = "") -> User:
    """The person behind a platform id in ``community``, created (without a password) on first sight."""
    identity = (
        ExternalIdentity.objects.select_related("user").filter(community=community, external_id=external_id).first()
    )
    if identity is not None:
        if display_name and identity.display_name != display_name:
            identity.display_name = display_name
            identity.save(update_fields=["display_name"])
        return identity.user
    user = user_create(
        username=identity_username(community=community, external_id=external_id), display_name=display_name
    )
    ExternalIdentity.objects.create(community=community, user=user, external_id=external_id, display_name=display_name)
    membership_set(user=user, community=community)
    return user


def signup_wait(*, client_address: str) -> float:
    """Take one of ``client_address``'s sign-ups (``MEMORYHUB_SIGNUPS_PER_HOUR``, counted across
    every web process): 0 when taken, else the seconds until one is free (nothing was taken)."""
    per_hour = settings.MEMORYHUB_SIGNUPS_PER_HOUR
    return bucket_take(name=f"signup:{client_address}", capacity=per_hour, per_seconds=3600.0)


@transaction.atomic
def user_signup(*, username: str, password: str, display_name: str = "") -> User:
    """A person's own new account; they join the sign-up community (a setting) when it exists."""
    user = user_create(username=username, password=password, display_name=display_name)
    community = Community.objects.filter(slug=settings.MEMORYHUB_SIGNUP_COMMUNITY).first()
    if community is not None:
        membership_set(user=user, community=community)
    return user


class MemoryOffError(Exception):
    """The person turned memory off here: nothing about them may be remembered or changed."""

    api_exception = MemoryOff  # what the API answers (409, ``memory_off``)


def memory_on_require(*, user_id: int, community_id: int) -> None:
    """Raise ``MemoryOffError`` unless memory is on for the person in the community (by ids, so a
    caller holding a memory loads neither).

    Locks their profile row for the caller's transaction: "forget me" locks it first too, so a
    write either lands before the forget (and is deleted by it) or sees the opt-out.
    """
    profiles = Profile.objects.filter(user_id=user_id, community_id=community_id).only("memory_enabled")
    if transaction.get_connection().in_atomic_block:
        profiles = profiles.select_for_update()
    profile = profiles.first()
    if profile is not None and not profile.memory_enabled:
        raise MemoryOffError(
            f"Person {user_id} turned memory off in this community: nothing about them is remembered or "
            "changed until they switch it back on."
        )


@transaction.atomic
def profile_memory_enabled_set(*, user: User, community: Community, enabled: bool) -> Profile:
    """Turn memory on or off for a person in a community (``False`` is the opt-out, part of
    "forget me"); the interval it opens or closes keeps what they say meanwhile unremembered."""
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user, community=community)
    if profile.memory_enabled != enabled:
        profile.memory_enabled = enabled
        profile.save(update_fields=["memory_enabled", "updated_at"])
        _memory_off_interval_record(community=community, user=user, enabled=enabled)
        _memory_switch_announce(community=community, user=user, enabled=enabled)
    return profile


def profile_locked(*, user: User, community: Community) -> Profile:
    """The person's profile in the community (made if missing), locked until the transaction ends:
    the row forget and the memory switch lock, so a write about the person holds it first."""
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user, community=community)
    return profile


def profile_summary_set(*, profile: Profile, summary: str, **also: Any) -> Profile:
    """The profile paragraph (and ``also``: its ``stated_name`` or ``semantic_refreshed_at``) as
    extraction, a summary or a person's edit wrote it: the one write of a profile's text."""
    profile.summary = summary
    for field, value in also.items():
        setattr(profile, field, value)
    profile.save(update_fields=["summary", *also, "updated_at"])
    return profile


def identities_resolve_bulk(
    *, community: Community, wanted: dict[str, str], identities: dict[str, ExternalIdentity]
) -> dict[str, int]:
    """The user id of every platform id in ``wanted`` (platform id → name shown), in a few
    statements for a whole batch: ``identities`` are the ones already known (renamed when their
    name changed); the people seen for the first time are made with their identity, membership
    and profile, as ``identity_resolve`` makes one."""
    found = {pid: identity.user_id for pid, identity in identities.items()}
    renamed = [i for i in identities.values() if wanted[i.external_id] and i.display_name != wanted[i.external_id]]
    for identity in renamed:
        identity.display_name = wanted[identity.external_id][:200]
    ExternalIdentity.objects.bulk_update(renamed, ["display_name"])
    new_ids = [pid for pid in wanted if pid not in found]
    if not new_ids:
        return found
    unusable = make_password(None)
    users = User.objects.bulk_create(
        User(
            username=identity_username(community=community, external_id=pid),
            display_name=wanted[pid][:150],
            password=unusable,
        )
        for pid in new_ids
    )
    ExternalIdentity.objects.bulk_create(
        ExternalIdentity(community=community, user=user, external_id=pid, display_name=wanted[pid][:200])
        for pid, user in zip(new_ids, users, strict=True)
    )
    Membership.objects.bulk_create(Membership(community=community, user=user) for user in users)
    Profile.objects.bulk_create(Profile(community=community, user=user) for user in users)
    found.update((pid, user.pk) for pid, user in zip(new_ids, users, strict=True))
    return found


def audit_event_record(
    *,
    action: str,
    actor_kind: str,
    actor: User | None = None,
    community_id: int | None = None,
    subject_hash: str = "",
    data: dict[str, Any] | None = None,
) -> AuditEvent:
    """One line of a community's audit log (who did what; the person it concerns only as a
    pseudonym, ``subject_hash``)."""
    return AuditEvent.objects.create(
        community_id=community_id,
        actor=actor,
        actor_kind=actor_kind,
        action=action,
        subject_hash=subject_hash,
        data=data or {},
    )


API_KEY_TOUCH_SECONDS = 60  # last_used_at is written at most once a minute per key: no write per request


# Every API request reads its key: one statement written once, not an ORM query compiled per
# request (compiling it cost about as much as running it). With an allowance, the same statement
# takes the key's token from its rate bucket: the throttle costs no round trip of its own.
_KEY_SELECT = (
    f"SELECT k.id AS key_id, {columns_sql(ApiKey, 'k')}, {columns_sql(Community, 'c')}"  # noqa: S608 - our own tables
    f' FROM "{ApiKey._meta.db_table}" AS k JOIN "{Community._meta.db_table}" AS c ON c.id = k.community_id'
    " WHERE k.hashed_key = %(hash)s AND k.revoked_at IS NULL LIMIT 1"
)
_LIVE_KEY_TAKE_SQL = f"""
WITH {UNFLUSHED}, live_key AS ({_KEY_SELECT}), {bucket_take_sql("(SELECT 'api_key:' || key_id FROM live_key)")}
SELECT live_key.*, (SELECT available FROM bucket) FROM live_key, unflushed
"""  # noqa: S608 - constants of this module, values passed as parameters


@dataclass(frozen=True)
class KeyUse:
    api_key: ApiKey  # its community loaded with it
    wait: float | None  # with an allowance: 0 when a token was taken, else the seconds until one is free


def apikey_authenticate(*, raw_key: str, allowance: tuple[int, float] | None = None) -> KeyUse | None:
    """The live key for ``raw_key``, or None. Keys are compared by hash, never stored in clear.

    ``allowance`` (capacity, per seconds): also take a token from the key's rate bucket
    (``core.buckets``, named ``api_key:<id>``) in the same statement.
    """
    if not raw_key.startswith(API_KEY_PREFIX):
        return None
    params: dict[str, Any] = {"hash": apikey_hash(raw_key)}
    if allowance is not None:
        capacity, per_seconds = allowance
        params |= bucket_params(capacity=capacity, per_seconds=per_seconds) | unflushed_params()
    with prepared_cursor() as cursor:
        cursor.execute(_KEY_SELECT if allowance is None else _LIVE_KEY_TAKE_SQL, params)
        row = cursor.fetchone()
    if row is None:
        return None
    api_key = row_load(ApiKey, row, 1)
    api_key.community = row_load(Community, row, 1 + len(attnames(ApiKey)))
    wait = None
    if allowance is not None:
        capacity, per_seconds = allowance
        wait = bucket_wait(row[-1], capacity=capacity, per_seconds=per_seconds)
    now = timezone.now()
    if api_key.last_used_at is None or (now - api_key.last_used_at).total_seconds() > API_KEY_TOUCH_SECONDS:
        ApiKey.objects.filter(pk=api_key.pk).update(last_used_at=now)
        api_key.last_used_at = now
    return KeyUse(api_key=api_key, wait=wait)


def apikey_revoke(*, api_key: ApiKey) -> ApiKey:
    if api_key.revoked_at is None:
        api_key.revoked_at = timezone.now()
        api_key.save(update_fields=["revoked_at"])
    return api_key


def apikeys_revoke(*, api_keys: QuerySet[ApiKey]) -> int:
    """Revoke every live key of ``api_keys`` at once (the admin's bulk action); how many were live."""
    return api_keys.filter(revoked_at__isnull=True).update(revoked_at=timezone.now())


# --- Erasure: the steps ``privacy.services.erasure`` orders, in its transaction ---------------


def user_login_sessions_delete(*, user: User) -> dict[str, int]:
    """Delete the person's login sessions (database-backed session engines only); how many, per model label."""
    if user.last_login is None or "django.contrib.sessions" not in settings.INSTALLED_APPS:
        return {}
    store_class = import_module(settings.SESSION_ENGINE).SessionStore
    if not hasattr(store_class, "get_model_class"):
        return {}  # cookie or cache sessions: nothing of theirs in the database
    model = store_class.get_model_class()
    if issubclass(model, LoginSession):  # ours: the user id is a column, one DELETE
        deleted, _ = model.objects.filter(user_id=user.pk).delete()
        return {model._meta.label: deleted} if deleted else {}
    # Django's own table: session data is signed and compressed, SQL cannot look inside.
    store = store_class()
    keys = [
        key
        for key, data in model.objects.values_list("session_key", "session_data").iterator(chunk_size=2000)
        if store.decode(data).get("_auth_user_id") == str(user.pk)
    ]
    for key in keys:
        store.delete(key)  # also drops a cached copy (cached_db)
    return {model._meta.label: len(keys)} if keys else {}


def user_links_clear(*, user: User, community: Community | None = None) -> dict[str, int]:
    """API keys ``user`` created, audit events they acted in and erasure requests they made keep
    their row, without them (only those of ``community`` when given); how many of each lost the
    link, per model and field."""
    here = {} if community is None else {"community": community}
    return {
        "accounts.ApiKey.created_by": ApiKey.objects.filter(created_by=user, **here).update(created_by=None),
        "accounts.AuditEvent.actor": AuditEvent.objects.filter(actor=user, **here).update(actor=None),
        "accounts.ErasureRequest.requested_by": ErasureRequest.objects.filter(requested_by=user, **here).update(
            requested_by=None
        ),
    }


def user_community_records_delete(*, user: User, community: Community | None = None) -> dict[str, int]:
    """Delete ``user``'s profiles, platform identities and memberships; the rows deleted per model label.

    With ``community``, only those there, and a moderating membership stays: a community's
    erasure takes what it holds about the person, never a role (that is staff's to change)."""
    deleted: Counter[str] = Counter()
    here = {} if community is None else {"community": community}
    memberships = Membership.objects.filter(user=user, **here)
    if community is not None:
        memberships = memberships.exclude(role__in=MODERATING_ROLES)
    deleted.update(rows_delete(Profile.objects.filter(user=user, **here)))
    deleted.update(rows_delete(ExternalIdentity.objects.filter(user=user, **here)))
    deleted.update(rows_delete(memberships))
    return dict(deleted)


def profiles_names_redact(*, names: list[str], community_ids: Collection[int]) -> int:
    """Redact ``names`` from the profiles of ``community_ids`` (summary, personality, preferences,
    behaviour patterns); how many profiles changed."""
    return len(
        returning_ids(
            f"""
            UPDATE accounts_profile
            SET summary = {names_replaced_sql("summary", 4000)}, personality = {names_replaced_sql("personality")},
                preferences = {names_replaced_sql("preferences::text")}::jsonb,
                behaviour_patterns = {names_replaced_sql("behaviour_patterns::text")}::jsonb, updated_at = now()
            WHERE community_id = ANY(%(communities)s)
              AND (summary ~* %(names)s OR personality ~* %(names)s
                   OR preferences::text ~* %(names)s OR behaviour_patterns::text ~* %(names)s)
            RETURNING id
            """,  # noqa: S608 - constants only
            {"communities": sorted(community_ids), **names_redaction_params(names)},
        )
    )


def user_delete(*, user: User) -> dict[str, int]:
    """Delete the account (its group and permission links go with it), and the login throttle's
    records of sign-ins under its username; the rows deleted per model label."""
    deleted: Counter[str] = Counter()
    for model in (AccessAttempt, AccessFailureLog, AccessLog):
        deleted.update(rows_delete(model.objects.filter(username=user.username)))
    deleted.update(rows_delete(User.objects.filter(pk=user.pk)))
    return dict(deleted)


def erasure_request_open(
    *,
    subject: User,
    subject_hash: str,
    via: str,
    requested_by: User | None,
    community: Community | None,
    identity_hashes: Collection[str],
    community_only: bool = False,
) -> ErasureRequest:
    """The request an erasure of ``subject`` runs as, recorded running before the work: an open or
    failed one about them is taken up again (its hashes joined by ``identity_hashes``), else a new one.
    ``community_only``: an erasure of what ``community`` alone holds takes up only that community's."""
    open_requests = ErasureRequest.objects.select_for_update().filter(
        subject=subject,
        state__in=[ErasureRequestState.PENDING, ErasureRequestState.RUNNING, ErasureRequestState.FAILED],
    )
    if community_only:
        open_requests = open_requests.filter(community=community)
    request = open_requests.order_by("created_at", "pk").first()
    if request is None:
        request = ErasureRequest(subject=subject, subject_hash=subject_hash, requested_via=via)
    request.requested_by = request.requested_by or requested_by
    request.community = request.community or community
    request.identity_hashes = sorted(set(request.identity_hashes) | set(identity_hashes))
    request.state = ErasureRequestState.RUNNING
    request.error = ""
    request.save()
    return request


def erasure_request_done(
    *,
    request: ErasureRequest,
    subject_id: int,
    pseudonym: str,
    requested_by: User | None,
    community: Community | None,
    known_in_community_ids: Collection[int],
    deleted_counts: dict[str, int],
) -> ErasureRequest:
    """The finished erasure's tombstone: ``request`` keeps no link to the person (``subject_id``),
    only their ``pseudonym``, who asked (never the person themselves), where, the communities that
    knew them, and what went."""
    request.subject = None
    request.subject_hash = pseudonym
    if requested_by is not None and requested_by.pk != subject_id:
        request.requested_by = requested_by
    elif request.requested_by_id == subject_id:
        request.requested_by = None
    request.community = request.community or community
    request.known_in_community_ids = sorted(set(request.known_in_community_ids) | set(known_in_community_ids))
    request.state = ErasureRequestState.DONE
    request.deleted_counts = deleted_counts
    request.error = ""
    request.completed_at = timezone.now()  # after the work, so never before the request was made
    request.save()
    return request


def erasure_request_fail(*, request: ErasureRequest, error: str) -> None:
    """The erasure ``request`` ran as failed with ``error``: erasing the person again takes it up."""
    ErasureRequest.objects.filter(pk=request.pk).update(
        state=ErasureRequestState.FAILED, error=error[:2000] or "failed"
    )


def erasure_requests_cover(*, requests: Collection[ErasureRequest], tombstone: ErasureRequest) -> None:
    """Other open ``requests`` about the person end done, covered by the finished ``tombstone``."""
    if requests:
        ErasureRequest.objects.filter(pk__in=[r.pk for r in requests]).update(
            state=ErasureRequestState.DONE,
            completed_at=tombstone.completed_at,
            error=f"covered by erasure request {tombstone.pk}",
        )
