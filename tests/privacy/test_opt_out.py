"""Memory off means off: no path writes memories, entities or profile text about an opted-out person."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import AuditEvent, Community, Profile, User
from accounts.services import MemoryOffError, identity_resolve, profile_memory_enabled_set, user_create
from memories.models import Entity, Memory
from memories.services.entities import entity_mention_record
from memories.services.memory import memory_update
from privacy.services.forget import user_forget
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def dora(community: Community) -> User:
    return identity_resolve(community=community, external_id="dora_1", display_name="Dora")


def test_the_services_refuse_to_write_about_someone_with_memory_off(community: Community, dora: User) -> None:
    kept = remember(community, dora, "Dora plays the cello")
    profile_memory_enabled_set(user=dora, community=community, enabled=False)  # as "forget me" begins

    with pytest.raises(MemoryOffError, match="turned memory off"):
        remember(community, dora, "Dora lives in Oslo")
    with pytest.raises(MemoryOffError):
        memory_update(memory=kept, actor="system", content="Dora plays the viola")
    with pytest.raises(MemoryOffError):
        entity_mention_record(community=community, owner=dora, type="place", name="Oslo", at=timezone.now())
    kept.refresh_from_db()
    assert kept.content == "Dora plays the cello"
    assert list(Memory.objects.filter(user=dora).values_list("content", flat=True)) == ["Dora plays the cello"]
    assert not Entity.objects.filter(owner=dora).exists()


def test_memory_off_is_per_community(community: Community, other_community: Community, dora: User) -> None:
    profile_memory_enabled_set(user=dora, community=community, enabled=False)
    assert remember(other_community, dora, "Dora reads Ibsen").community == other_community


def test_the_api_refuses_memories_about_a_forgotten_person_and_remembers_again_once_switched_on(
    bot: APIClient, community: Community, dora: User
) -> None:
    assert bot.post("/api/v1/users/dora_1/forget").status_code == 200
    for body in [
        {"user": "dora_1", "content": "Dora lives in Oslo"},
        {"user": "dora_1", "content": "Dora lived in Bergen", "source": "import", "said_at": "2024-01-02T10:00:00Z"},
    ]:
        refused = bot.post("/api/v1/memories", body, format="json")
        assert refused.status_code == 409, refused.json()
        assert refused.json()["error"]["code"] == "memory_off"
        assert "turned memory off" in refused.json()["error"]["message"]
    assert not Memory.objects.filter(user=dora).exists()

    back = bot.post("/api/v1/users/dora_1/remember")
    assert back.status_code == 200 and back.json() == {"user": "dora_1", "memory_enabled": True}
    assert AuditEvent.objects.filter(action="user.remembered", community=community).count() == 1
    created = bot.post("/api/v1/memories", {"user": "dora_1", "content": "Dora lives in Oslo"}, format="json")
    assert created.status_code == 201
    assert Profile.objects.get(user=dora, community=community).memory_enabled is True


def test_a_moderator_cannot_add_a_memory_about_an_opted_out_person_in_the_admin(
    client: Client, community: Community, dora: User
) -> None:
    user_forget(community=community, user=dora, actor_kind="user", actor=dora)
    operator = user_create(username="operator", password="operator pass 1")
    operator.is_staff = operator.is_superuser = True
    operator.save()
    client.force_login(operator)
    response = client.post(
        reverse("admin:memories_memory_add"),
        {
            "community": community.pk,
            "user": dora.pk,
            "content": "Dora likes jazz",
            "kind": "preference",
            "topics": "",
            "importance": "0.5",
            "source": "moderator",
            "context": "",
        },
    )
    assert response.status_code == 200  # the form again, with the reason
    assert "turned memory off" in response.content.decode()
    assert not Memory.objects.filter(user=dora).exists()
