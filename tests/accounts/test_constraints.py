"""The database itself refuses invalid people, communities, keys and privacy records.

Every row here is written straight through the ORM, never through ``full_clean``: a bug in a
service, a bulk import or a shell session must still not be able to store it.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import (
    ApiKey,
    ApiKeyScope,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Membership,
    MembershipRole,
    Profile,
    User,
)
from accounts.services import apikey_create, apikey_hash
from tests.support.db import refused_by

SUBJECT_HASH = hashlib.sha256(b"salt:alice").hexdigest()


# --- Community ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"extraction_rate": -0.01}, "community_extraction_rate_0_1", id="extraction-rate-below-zero"),
        pytest.param({"extraction_rate": 1.01}, "community_extraction_rate_0_1", id="extraction-rate-above-one"),
        pytest.param({"extraction_rate": float("nan")}, "community_extraction_rate_0_1", id="extraction-rate-nan"),
        pytest.param({"window_quiet_seconds": 0}, "community_window_limits_positive", id="zero-quiet-seconds"),
        pytest.param({"window_max_messages": 0}, "community_window_limits_positive", id="zero-max-messages"),
        pytest.param(
            {"window_max_seconds": 0, "window_quiet_seconds": 0},
            "community_window_limits_positive",
            id="zero-max-seconds",
        ),
        pytest.param(
            {"window_quiet_seconds": 600, "window_max_seconds": 599},
            "community_window_max_not_below_quiet",
            id="max-duration-shorter-than-quiet-time",
        ),
        pytest.param({"max_memories_per_user": 0}, "community_memory_caps_positive", id="zero-memories-per-user"),
        pytest.param({"max_operations_per_user": 0}, "community_memory_caps_positive", id="zero-operations-per-user"),
        pytest.param(
            {"max_operations_per_user": 5, "max_operations_per_window": 4},
            "community_memory_caps_positive",
            id="window-cap-below-user-cap",
        ),
        pytest.param(
            {"working_summary_interval": 0}, "community_session_settings_positive", id="zero-summary-interval"
        ),
        pytest.param({"session_idle_minutes": 0}, "community_session_settings_positive", id="zero-idle-minutes"),
        pytest.param({"weight_similarity": -0.1}, "community_ranking_weights_valid", id="negative-similarity-weight"),
        pytest.param({"weight_recency": -0.1}, "community_ranking_weights_valid", id="negative-recency-weight"),
        pytest.param({"weight_importance": -0.1}, "community_ranking_weights_valid", id="negative-importance-weight"),
        pytest.param({"weight_frequency": -0.1}, "community_ranking_weights_valid", id="negative-frequency-weight"),
        pytest.param({"recency_half_life_days": 0}, "community_ranking_weights_valid", id="zero-half-life"),
        pytest.param({"weight_context": -0.1}, "community_ranking_weights_valid", id="negative-context-weight"),
        pytest.param({"weight_context": 1.0}, "community_ranking_weights_valid", id="context-weight-of-one"),
        pytest.param({"slug": ""}, "community_slug_not_empty", id="empty-slug"),
    ],
)
def test_community_with_invalid_settings_is_refused(db: None, overrides: dict[str, Any], constraint: str) -> None:
    fields: dict[str, Any] = {"name": "Broken", "slug": "broken", **overrides}
    with refused_by(constraint):
        Community.objects.create(**fields)
    assert not Community.objects.filter(name="Broken").exists()


def test_changing_a_community_to_an_extraction_rate_above_one_is_refused(community: Community) -> None:
    with refused_by("community_extraction_rate_0_1"):
        Community.objects.filter(pk=community.pk).update(extraction_rate=1.5)
    community.refresh_from_db()
    assert community.extraction_rate == 1.0


def test_two_communities_with_the_same_slug_are_refused(community: Community) -> None:
    with refused_by("accounts_community_slug_key"):
        Community.objects.create(name="Another guild", slug=community.slug)
    assert Community.objects.filter(slug=community.slug).count() == 1


def test_community_with_settings_at_their_limits_is_accepted(db: None) -> None:
    Community.objects.create(
        name="Edge",
        slug="edge",
        extraction_rate=0.0,
        window_quiet_seconds=1,
        window_max_seconds=1,
        window_max_messages=1,
        max_memories_per_user=1,
        max_operations_per_user=1,
        max_operations_per_window=1,
        working_summary_interval=1,
        session_idle_minutes=1,
        weight_similarity=0.0,
        weight_recency=0.0,
        weight_importance=0.0,
        weight_frequency=0.0,
        recency_half_life_days=0.01,
    )
    Community.objects.create(name="Always", slug="always", extraction_rate=1.0)

    rates = dict(Community.objects.filter(slug__in=["edge", "always"]).values_list("slug", "extraction_rate"))
    assert rates == {"edge": 0.0, "always": 1.0}


# --- Membership --------------------------------------------------------------------------


def test_second_membership_of_a_user_in_the_same_community_is_refused(alice: User, community: Community) -> None:
    with refused_by("membership_unique_user_community"):
        Membership.objects.create(user=alice, community=community, role=MembershipRole.ADMIN)
    assert Membership.objects.get(user=alice, community=community).role == MembershipRole.MEMBER


def test_membership_with_an_unknown_role_is_refused(alice: User, other_community: Community) -> None:
    with refused_by("membership_role_valid"):
        Membership.objects.create(user=alice, community=other_community, role="owner")
    assert not Membership.objects.filter(user=alice, community=other_community).exists()


@pytest.mark.parametrize("role", MembershipRole.values)
def test_membership_with_a_known_role_in_another_community_is_accepted(
    alice: User, other_community: Community, role: str
) -> None:
    Membership.objects.create(user=alice, community=other_community, role=role)
    assert Membership.objects.get(user=alice, community=other_community).role == role


# --- ExternalIdentity --------------------------------------------------------------------


def test_external_id_claimed_twice_in_one_community_is_refused(alice: User, bob: User, community: Community) -> None:
    ExternalIdentity.objects.create(community=community, user=alice, external_id="discord:1001")
    with refused_by("identity_unique_external_id"):
        ExternalIdentity.objects.create(community=community, user=bob, external_id="discord:1001")
    assert list(ExternalIdentity.objects.filter(external_id="discord:1001").values_list("user", flat=True)) == [
        alice.pk
    ]


def test_external_identity_without_an_external_id_is_refused(alice: User, community: Community) -> None:
    with refused_by("identity_external_id_not_empty"):
        ExternalIdentity.objects.create(community=community, user=alice, external_id="")
    assert not ExternalIdentity.objects.exists()


def test_same_external_id_in_two_communities_is_accepted(
    alice: User, outsider: User, community: Community, other_community: Community
) -> None:
    ExternalIdentity.objects.bulk_create(
        [
            ExternalIdentity(community=community, user=alice, external_id="discord:1001"),
            ExternalIdentity(community=other_community, user=outsider, external_id="discord:1001"),
        ]
    )
    assert ExternalIdentity.objects.filter(external_id="discord:1001").count() == 2


# --- Profile -----------------------------------------------------------------------------


def test_second_profile_of_a_user_in_the_same_community_is_refused(alice: User, community: Community) -> None:
    with refused_by("profile_unique_user_community"):
        Profile.objects.create(user=alice, community=community, summary="A duplicate.")
    assert Profile.objects.filter(user=alice, community=community).count() == 1


def test_profile_summary_longer_than_4000_characters_is_refused(alice: User, community: Community) -> None:
    with refused_by("profile_summary_max_length"):
        Profile.objects.filter(user=alice, community=community).update(summary="x" * 4001)
    assert Profile.objects.get(user=alice, community=community).summary == ""


def test_profile_summary_of_exactly_4000_characters_is_accepted(alice: User, community: Community) -> None:
    Profile.objects.filter(user=alice, community=community).update(summary="ü" * 4000)
    assert Profile.objects.get(user=alice, community=community).summary == "ü" * 4000


# --- ApiKey ------------------------------------------------------------------------------


def _api_key_fields(community: Community, **overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "community": community,
        "name": "Discord bot",
        "prefix": "mh_abcdefghi",
        "hashed_key": apikey_hash("mh_abcdefghi-secret"),
        "scopes": [ApiKeyScope.INGEST],
    }
    return fields | overrides


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"scopes": ["ingest", "admin"]}, "apikey_scopes_known", id="unknown-scope"),
        pytest.param({"scopes": ["Ingest"]}, "apikey_scopes_known", id="scope-in-wrong-case"),
        pytest.param({"scopes": []}, "apikey_scopes_not_empty", id="no-scopes"),
        pytest.param({"hashed_key": "f" * 63}, "apikey_hash_is_sha256", id="hash-too-short"),
        pytest.param({"hashed_key": "F" * 64}, "apikey_hash_is_sha256", id="hash-in-upper-case"),
        pytest.param({"hashed_key": "mh_" + "a" * 61}, "apikey_hash_is_sha256", id="plaintext-key-as-hash"),
        pytest.param({"prefix": "sk_abcdefghi"}, "apikey_prefix_format", id="foreign-prefix"),
        pytest.param({"prefix": ""}, "apikey_prefix_format", id="empty-prefix"),
    ],
)
def test_api_key_with_invalid_fields_is_refused(
    community: Community, overrides: dict[str, Any], constraint: str
) -> None:
    with refused_by(constraint):
        ApiKey.objects.create(**_api_key_fields(community, **overrides))
    assert not ApiKey.objects.exists()


def test_api_key_prefix_used_twice_is_refused(community: Community) -> None:
    ApiKey.objects.create(**_api_key_fields(community))
    with refused_by("accounts_apikey_prefix_key"):
        ApiKey.objects.create(**_api_key_fields(community, hashed_key=apikey_hash("another")))
    assert ApiKey.objects.count() == 1


def test_api_key_hash_stored_twice_is_refused(community: Community) -> None:
    ApiKey.objects.create(**_api_key_fields(community))
    with refused_by("accounts_apikey_hashed_key_key"):
        ApiKey.objects.create(**_api_key_fields(community, prefix="mh_zyxwvutsr"))
    assert ApiKey.objects.count() == 1


def test_removing_every_scope_from_a_key_is_refused(community: Community) -> None:
    api_key, _ = apikey_create(community=community, name="Bot", scopes=[ApiKeyScope.CONTEXT])
    with refused_by("apikey_scopes_not_empty"):
        ApiKey.objects.filter(pk=api_key.pk).update(scopes=[])
    api_key.refresh_from_db()
    assert api_key.scopes == [ApiKeyScope.CONTEXT]


def test_api_key_with_every_known_scope_is_accepted(community: Community) -> None:
    api_key = ApiKey.objects.create(**_api_key_fields(community, scopes=ApiKeyScope.values))
    api_key.refresh_from_db()
    assert sorted(api_key.scopes) == sorted(ApiKeyScope.values)


# --- ErasureRequest ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"state": "cancelled"}, "erasure_state_valid", id="unknown-state"),
        pytest.param({"requested_via": "email"}, "erasure_via_valid", id="unknown-channel"),
        pytest.param({"state": "done", "completed_at": None}, "erasure_done_has_completed_at", id="done-undated"),
        pytest.param({"subject_hash": "alice"}, "erasure_subject_hash_format", id="subject-name-instead-of-hash"),
        pytest.param({"subject_hash": ""}, "erasure_subject_hash_format", id="empty-subject-hash"),
    ],
)
def test_erasure_request_with_invalid_fields_is_refused(
    community: Community, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {
        "community": community,
        "subject_hash": SUBJECT_HASH,
        "requested_via": ErasureRequest.Via.SELF,
        **overrides,
    }
    with refused_by(constraint):
        ErasureRequest.objects.create(**fields)
    assert not ErasureRequest.objects.exists()


def test_finished_erasure_request_with_completion_time_is_accepted(alice: User, community: Community) -> None:
    ErasureRequest.objects.create(
        community=community,
        subject=alice,
        subject_hash=SUBJECT_HASH,
        requested_by=alice,
        requested_via=ErasureRequest.Via.API,
        state=ErasureRequest.State.DONE,
        completed_at=timezone.now() + timedelta(seconds=1),  # created_at is set when the row is written
        deleted_counts={"memories": 3},
    )
    assert ErasureRequest.objects.get().state == ErasureRequest.State.DONE


def test_an_erasure_cannot_end_before_it_was_requested(alice: User) -> None:
    with refused_by("erasure_completed_after_created"):
        ErasureRequest.objects.create(
            subject=alice,
            subject_hash=SUBJECT_HASH,
            requested_via=ErasureRequest.Via.API,
            state=ErasureRequest.State.DONE,
            completed_at=timezone.now() - timedelta(seconds=1),
        )


def test_a_failed_erasure_says_why(alice: User) -> None:
    with refused_by("erasure_failed_has_error"):
        ErasureRequest.objects.create(
            subject=alice, subject_hash=SUBJECT_HASH, requested_via=ErasureRequest.Via.API, state="failed"
        )


# --- AuditEvent --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"actor_kind": "robot"}, "audit_actor_kind_valid", id="unknown-actor-kind"),
        pytest.param({"action": ""}, "audit_action_not_empty", id="empty-action"),
        pytest.param({"subject_hash": "alice@example.com"}, "audit_subject_hash_format", id="subject-in-clear"),
    ],
)
def test_audit_event_with_invalid_fields_is_refused(
    community: Community, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {
        "community": community,
        "actor_kind": AuditEvent.ActorKind.SYSTEM,
        "action": "memory.expired",
        **overrides,
    }
    with refused_by(constraint):
        AuditEvent.objects.create(**fields)
    assert not AuditEvent.objects.exists()


@pytest.mark.parametrize("actor_kind", AuditEvent.ActorKind.values)
def test_audit_event_by_any_known_actor_is_accepted(community: Community, actor_kind: str) -> None:
    AuditEvent.objects.create(community=community, actor_kind=actor_kind, action="user.erased", subject_hash="")
    assert AuditEvent.objects.get().actor_kind == actor_kind
