"""Every change to a memory is announced in the outbox, in its own transaction: the memory's id and
person, never what it says."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Community, User
from core.models import OutboxEvent
from memories.models import Memory, MemoryRevisionActor
from memories.services.maintenance import memories_prune_expired
from memories.services.memory import memories_cap_enforce, memory_delete, memory_update
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _events() -> list[tuple[str, int | None, int | None, dict[str, object]]]:
    return list(OutboxEvent.objects.order_by("pk").values_list("kind", "community_id", "subject_id", "payload"))


def _no_text(*texts: str) -> None:
    stored = json.dumps(_events())
    assert not [text for text in texts if text.lower() in stored.lower()]


def test_a_memory_made_changed_and_deleted_is_announced_by_its_id_and_person(community: Community, alice: User) -> None:
    memory = remember(community, alice, "Alice has a sister called Jane")
    memory_update(memory=memory, actor=MemoryRevisionActor.USER, content="Alice has a sister called Joan")
    memory_id = memory.pk
    memory_delete(memory=memory, actor=MemoryRevisionActor.USER)

    assert _events() == [
        ("memory.created", community.pk, alice.pk, {"memory": memory_id}),
        ("memory.updated", community.pk, alice.pk, {"memory": memory_id}),
        ("memory.deleted", community.pk, alice.pk, {"memory": memory_id}),
    ]
    _no_text("sister", "Jane", "Joan", "alice")


def test_a_memory_change_rolled_back_announces_nothing(community: Community, alice: User) -> None:
    kept = remember(community, alice, "Alice plays the cello")
    kept_id = kept.pk
    with pytest.raises(RuntimeError), transaction.atomic():
        remember(community, alice, "Alice lives in Oslo")
        memory_update(memory=kept, actor=MemoryRevisionActor.USER, content="Alice plays the viola")
        memory_delete(memory=kept, actor=MemoryRevisionActor.USER)
        raise RuntimeError("what called them failed afterwards")

    assert _events() == [("memory.created", community.pk, alice.pk, {"memory": kept_id})]
    assert list(Memory.objects.values_list("content", flat=True)) == ["Alice plays the cello"]


def test_memories_deleted_together_are_announced_one_each_in_one_statement(
    community: Community, alice: User, bob: User
) -> None:
    """The set-based deletion of caps, expiry, forget and moderators' bulk deletes."""
    mine = [remember(community, alice, f"Alice went to concert number {n}") for n in range(4)]
    bobs = remember(community, bob, "Bob plays the tuba", importance=0.1)
    OutboxEvent.objects.all().delete()
    Memory.objects.filter(pk__in=[m.pk for m in mine[:3]]).update(
        created_at=timezone.now() - timedelta(days=2), expires_at=timezone.now() - timedelta(minutes=1)
    )

    with CaptureQueriesContext(connection) as queries:
        assert memories_prune_expired(batch_size=10) == 3

    assert _events() == [("memory.deleted", community.pk, alice.pk, {"memory": m.pk}) for m in mine[:3]]
    inserts = [q["sql"] for q in queries.captured_queries if "INSERT INTO core_outboxevent" in q["sql"]]
    assert len(inserts) == 1
    _no_text("concert")

    remember(community, bob, "Bob lives in Leeds", importance=0.9)
    OutboxEvent.objects.all().delete()
    assert memories_cap_enforce(community=community, user=bob, cap=1) == 1
    assert _events() == [("memory.deleted", community.pk, bob.pk, {"memory": bobs.pk})]
