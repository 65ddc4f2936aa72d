from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Community, User
from memories.models import Entity
from memories.services.entities import entity_mention_record

pytestmark = pytest.mark.django_db


def test_an_entity_mentioned_again_in_another_case_is_counted_not_duplicated(community: Community, alice: User) -> None:
    first = timezone.now() - timedelta(days=2)
    entity_mention_record(community=community, owner=alice, type="place", name="Austin", at=first)
    entity_mention_record(
        community=community,
        owner=alice,
        type="place",
        name="AUSTIN",
        at=first + timedelta(days=1),
        relationship="where Alice is moving",
        attributes={"state": "Texas"},
    )
    (entity,) = Entity.objects.all()
    assert (entity.name, entity.mention_count) == ("Austin", 2)
    assert (entity.first_mentioned_at, entity.last_mentioned_at) == (first, first + timedelta(days=1))
    assert entity.relationship == "where Alice is moving" and entity.attributes == {"state": "Texas"}


def test_entities_of_different_owners_stay_apart(community: Community, alice: User, bob: User) -> None:
    now = timezone.now()
    entity_mention_record(community=community, owner=alice, type="person", name="Jane", at=now)
    entity_mention_record(community=community, owner=bob, type="person", name="Jane", at=now)
    assert Entity.objects.count() == 2
