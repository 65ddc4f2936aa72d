"""The erasure list of a community's audit page: every erasure of a person it knew, named by
nobody, however it was asked for."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, ErasureRequestVia, MembershipRole, User
from accounts.services import identity_resolve, membership_set, user_create
from privacy.services.erasure import user_erase

pytestmark = pytest.mark.django_db

EMPTY = "No erasure requested here."


def _moderator_of(community: Community, username: str) -> User:
    user = user_create(username=username, display_name=username.title())
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


def _erasure_list(client: Client, moderator: User, community: Community) -> str:
    client.force_login(moderator)
    page = client.get(reverse("moderation-audit", args=[community.pk])).content.decode()
    return page.split("<h2>Erasure requests</h2>", 1)[1].split("<h2>Actions</h2>", 1)[0]


def test_a_persons_own_erasure_shows_in_their_communitys_list_without_their_name(
    client: Client, community: Community, other_community: Community
) -> None:
    moderator = _moderator_of(community, "mod_a")
    elsewhere = _moderator_of(other_community, "mod_b")
    greta = user_create(username="greta_w", password="a passphrase of greta 5", display_name="Greta Waters")
    membership_set(user=greta, community=community)
    assert EMPTY in _erasure_list(client, moderator, community)

    tombstone = user_erase(user=greta, via=ErasureRequestVia.SELF, requested_by=greta)

    assert tombstone.community is None  # asked for by the person, in no community
    listed = _erasure_list(client, moderator, community)
    assert EMPTY not in listed
    assert tombstone.subject_hash[:12] in listed and "Self" in listed
    assert "Greta" not in listed and "greta" not in listed
    assert EMPTY in _erasure_list(client, elsewhere, other_community)  # she was never known there


def test_a_bots_erasure_in_the_community_is_listed_once(client: Client, community: Community) -> None:
    moderator = _moderator_of(community, "mod_a")
    hugo = identity_resolve(community=community, external_id="hugo_12", display_name="Hugo")

    tombstone = user_erase(user=hugo, via=ErasureRequestVia.API, community=community)

    assert _erasure_list(client, moderator, community).count(tombstone.subject_hash[:12]) == 1
