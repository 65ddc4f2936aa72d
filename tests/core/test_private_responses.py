"""What a person or a bot is shown of someone's data is ``Cache-Control: no-store``; what anyone
may see keeps its caching."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, MembershipRole, User
from accounts.services import identity_resolve, membership_set, user_create
from chat.models import Persona
from tests.api.conftest import KeyClient
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _stored_by_no_cache(response: object) -> bool:
    return "no-store" in response.headers.get("Cache-Control", "")  # type: ignore[attr-defined]


def test_signed_in_pages_fragments_and_exports_are_not_stored(
    client: Client, community: Community, persona: Persona, alice: User
) -> None:
    moderator = user_create(username="mod_a", display_name="Mod")
    membership_set(user=moderator, community=community, role=MembershipRole.MODERATOR)
    remember(community, alice, "Alice keeps bees")

    client.force_login(alice)
    for url in [reverse("me"), reverse("me-export"), reverse("chat-persona", args=[persona.pk])]:
        response = client.get(url)
        assert response.status_code == 200 and _stored_by_no_cache(response), url
    missing = client.get("/me/nothing-here")
    assert missing.status_code == 404 and _stored_by_no_cache(missing)

    client.force_login(moderator)
    export = client.get(reverse("moderation-person-export", args=[community.pk, alice.pk]))
    assert export.status_code == 200 and _stored_by_no_cache(export)


def test_a_bots_answers_are_not_stored_even_when_refused(community: Community, key_client: KeyClient) -> None:
    bob = identity_resolve(community=community, external_id="bob_123", display_name="Bob")
    remember(community, bob, "Bob plays the tuba")
    api = key_client(community)

    answer = api.get(reverse("api-user-export", args=["bob_123"]))
    assert answer.status_code == 200 and _stored_by_no_cache(answer)
    memories = api.get(reverse("api-memories"), {"user_id": "bob_123"})
    assert _stored_by_no_cache(memories)
    api.credentials(HTTP_AUTHORIZATION="Bearer mh_not_a_key")
    refused = api.get(reverse("api-user-export", args=["bob_123"]))
    assert refused.status_code == 401 and _stored_by_no_cache(refused)


def test_what_anyone_may_see_keeps_its_caching(client: Client) -> None:
    for url in [reverse("home"), reverse("api-schema")]:  # (Django never caches its login page)
        response = client.get(url)
        assert response.status_code == 200 and not _stored_by_no_cache(response), url
