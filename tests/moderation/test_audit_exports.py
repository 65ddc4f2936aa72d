"""A moderator's export of a person's data is in the community's audit log: who took whose data
(the person as their pseudonym), and when."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import AuditEvent, Community, MembershipRole, User
from accounts.services import identity_resolve, membership_set, user_create
from privacy.services.audit import subject_hash
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _moderator_of(community: Community, username: str) -> User:
    user = user_create(username=username, display_name=username.title())
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


def test_a_moderators_export_is_in_the_audit_log_naming_the_moderator_not_the_person(
    client: Client, community: Community, other_community: Community
) -> None:
    moderator = _moderator_of(community, "mod_a")
    elsewhere = _moderator_of(other_community, "mod_b")
    greta = identity_resolve(community=community, external_id="greta_77", display_name="Greta")
    remember(community, greta, "Greta keeps bees")

    client.force_login(elsewhere)
    assert client.get(reverse("moderation-person-export", args=[community.pk, greta.pk])).status_code == 404
    assert not AuditEvent.objects.filter(action="person.exported").exists()

    client.force_login(moderator)
    export = client.get(reverse("moderation-person-export", args=[community.pk, greta.pk]))
    assert export.status_code == 200 and "Greta keeps bees" in export.content.decode()

    event = AuditEvent.objects.get(action="person.exported")
    assert (event.community_id, event.actor, event.subject_hash) == (community.pk, moderator, subject_hash(greta.pk))
    page = client.get(reverse("moderation-audit", args=[community.pk])).content.decode()
    actions = page.split("<h2>Actions</h2>", 1)[1]
    assert "person.exported" in actions and "Mod_A" in actions and event.subject_hash[:12] in actions
    assert "Greta" not in actions
    assert event.created_at.strftime("%Y-%m-%d %H:%M") in actions
