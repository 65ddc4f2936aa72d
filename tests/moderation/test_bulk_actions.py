"""The bulk form of the moderators' memory list: *Apply* never changes anything by accident."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import AuditEvent, Community, MembershipRole, User
from accounts.services import membership_set, user_create
from memories.models import Memory
from moderation.services import memories_moderate_bulk
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(community: Community) -> User:
    user = user_create(username="mod_a", display_name="Mod A")
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


@pytest.fixture
def moderator_client(client: Client, moderator: User) -> Client:
    client.force_login(moderator)
    return client


def test_the_bulk_action_chosen_at_first_is_no_action(
    moderator_client: Client, community: Community, alice: User
) -> None:
    remember(community, alice, "Alice lives in Paris")
    page = moderator_client.get(reverse("moderation-memories", args=[community.pk])).content.decode()
    select = re.search(r'<select id="bulk-action".*?</select>', page, re.DOTALL)
    assert select is not None
    options = re.findall(r'<option value="([^"]*)"', select.group(0))
    assert options[0] == "" and "delete" in options
    assert "selected" not in select.group(0)


def test_apply_without_an_action_changes_nothing_and_says_why(
    moderator_client: Client, community: Community, alice: User
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    url = reverse("moderation-memories-bulk", args=[community.pk])
    response = moderator_client.post(url, {"action": "", "ids": [memory.pk]}, follow=True)
    assert response.status_code == 200
    assert "Nothing changed" in response.content.decode()
    assert "Choose what to do with the ticked memories." in response.content.decode()
    assert Memory.objects.filter(pk=memory.pk).exists()


@pytest.mark.parametrize("action", ["delete", "importance", "expiry"])
def test_apply_with_nothing_ticked_changes_nothing_and_says_why(
    moderator_client: Client, community: Community, alice: User, action: str
) -> None:
    memory = remember(community, alice, "Alice lives in Paris", importance=0.6)
    url = reverse("moderation-memories-bulk", args=[community.pk])
    response = moderator_client.post(url, {"action": action, "importance": "0.9"}, follow=True)
    assert response.status_code == 200
    assert "Tick the memories to change first." in response.content.decode()
    assert Memory.objects.get(pk=memory.pk).importance == 0.6
    assert not AuditEvent.objects.filter(action__startswith="memory.").exists()


def test_the_bulk_service_given_no_memories_changes_none(community: Community, alice: User, moderator: User) -> None:
    remember(community, alice, "Alice lives in Paris")
    assert memories_moderate_bulk(community=community, moderator=moderator, memory_ids=[], action="delete") == 0
    assert Memory.objects.count() == 1
