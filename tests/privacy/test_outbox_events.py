"""What the privacy workflows leave in the outbox: the memory switch turned off and on, by a
person or a community, and an erasure that leaves no event about the person but its own."""

from __future__ import annotations

import pytest

from accounts.models import Community, User
from accounts.services import community_memory_enabled_set, identity_resolve
from core.models import OutboxEvent
from privacy.services.erasure import user_erase
from privacy.services.forget import user_forget, user_remember
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _events() -> list[tuple[str, int | None, int | None, dict[str, object]]]:
    return list(OutboxEvent.objects.order_by("pk").values_list("kind", "community_id", "subject_id", "payload"))


@pytest.fixture
def dora(community: Community) -> User:
    return identity_resolve(community=community, external_id="dora_1", display_name="Dora")


def test_forget_me_announces_the_switch_and_each_memory_it_deletes_and_remember_the_switch_back(
    community: Community, dora: User
) -> None:
    memories = [remember(community, dora, text).pk for text in ("Dora plays the cello", "Dora lives in Oslo")]
    OutboxEvent.objects.all().delete()

    user_forget(community=community, user=dora, actor_kind="user", actor=dora)
    user_forget(community=community, user=dora, actor_kind="user", actor=dora)  # already off: no switch moved
    user_remember(community=community, user=dora, actor_kind="user", actor=dora)

    assert _events() == [
        ("memory.off", community.pk, dora.pk, {}),
        *(("memory.deleted", community.pk, dora.pk, {"memory": memory}) for memory in memories),
        ("memory.on", community.pk, dora.pk, {}),
    ]


def test_a_communitys_switch_is_announced_without_a_person(community: Community) -> None:
    community_memory_enabled_set(community=community, enabled=False)
    community_memory_enabled_set(community=community, enabled=False)
    community_memory_enabled_set(community=community, enabled=True)

    assert _events() == [("memory.off", community.pk, None, {}), ("memory.on", community.pk, None, {})]


def test_erasure_leaves_no_event_about_the_person_and_tells_each_of_their_communities(
    community: Community, other_community: Community, dora: User, bob: User
) -> None:
    identity_resolve(community=other_community, external_id="dora_1", display_name="Dora")
    remember(community, dora, "Dora plays the cello")
    remember(other_community, dora, "Dora reads Ibsen")
    user_forget(community=community, user=dora, actor_kind="user", actor=dora)
    user_remember(community=community, user=dora, actor_kind="user", actor=dora)
    bobs = remember(community, bob, "Bob plays the tuba")
    hers = OutboxEvent.objects.filter(subject_id=dora.pk).count()
    assert hers == 5  # two made, the switch off, one deleted, the switch on

    tombstone = user_erase(user=dora, via="self", requested_by=dora)

    assert not OutboxEvent.objects.filter(subject_id=dora.pk).exists()
    assert tombstone.deleted_counts["core.OutboxEvent"] == hers
    assert _events() == [
        ("memory.created", community.pk, bob.pk, {"memory": bobs.pk}),
        ("erasure.completed", community.pk, None, {"erasure_request": tombstone.pk}),
        ("erasure.completed", other_community.pk, None, {"erasure_request": tombstone.pk}),
    ]
