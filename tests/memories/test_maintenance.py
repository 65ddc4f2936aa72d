"""Beat's maintenance: prune and cap — set-based, with history, safe to run twice at once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Community, User
from chat.models import Channel
from chat.services import message_record
from memories.models import Memory, MemoryRevision, MemoryRevisionActor
from memories.services.maintenance import (
    _LOCK_CLASS,
    _LOCKS,
    memories_cap_enforce_all,
    memories_prune_expired,
)
from memories.services.memory import memory_create
from tests.support.db import second_connection


def remember(community: Community, user: User, content: str, *, importance: float = 0.6, **fields: Any) -> Memory:
    defaults: dict[str, Any] = {
        "kind": "fact",
        "expires_at": None,
        "source": "api",
        "actor": MemoryRevisionActor.SYSTEM,
    }
    return memory_create(community=community, user=user, content=content, importance=importance, **(defaults | fields))


def age(memory: Memory, days: float, **more: object) -> None:
    Memory.objects.filter(pk=memory.pk).update(created_at=timezone.now() - timedelta(days=days), **more)


@pytest.mark.django_db
def test_prune_deletes_only_expired_memories_and_keeps_their_history(
    community: Community, channel: Channel, alice: User
) -> None:
    said = message_record(channel=channel, author=alice, content="so tired today")
    tired = remember(
        community, alice, "Alice is tired today", expires_at=timezone.now() + timedelta(days=1), source_messages=[said]
    )
    Memory.objects.filter(pk=tired.pk).update(
        created_at=timezone.now() - timedelta(days=2), expires_at=timezone.now() - timedelta(minutes=1)
    )
    kept = remember(community, alice, "Alice lives in Portland")

    assert memories_prune_expired() == 1

    assert list(Memory.objects.all()) == [kept]
    revision = MemoryRevision.objects.get(action="expired")
    assert (revision.memory_ref, revision.memory, revision.actor) == (tired.pk, None, "system")
    assert revision.before is not None and revision.before["content"] == "Alice is tired today"
    assert MemoryRevision.objects.get(memory_ref=tired.pk, action="created").memory is None
    assert memories_prune_expired() == 0


@pytest.mark.django_db
def test_cap_keeps_each_person_within_their_communitys_cap(
    community: Community, other_community: Community, alice: User, bob: User
) -> None:
    community.max_memories_per_user = 3
    community.save()
    for n, importance in enumerate([0.9, 0.3, 0.9, 0.6, 0.3]):
        age(remember(community, alice, f"Alice fact {n}", importance=importance), days=10 - n)
    for n in range(4):
        remember(community, bob, f"Bob fact {n}")
    from accounts.services import membership_set

    membership_set(user=alice, community=other_community)
    for n in range(5):
        remember(other_community, alice, f"Alice reads book {n}")  # that community's cap is 50

    assert memories_cap_enforce_all() == 3  # two of Alice's, one of Bob's

    assert sorted(Memory.objects.filter(community=community, user=alice).values_list("content", flat=True)) == [
        "Alice fact 0",
        "Alice fact 2",
        "Alice fact 3",
    ]
    assert Memory.objects.filter(community=community, user=bob).count() == 3
    assert not Memory.objects.filter(content="Bob fact 0").exists()  # the oldest of equals goes
    assert Memory.objects.filter(community=other_community).count() == 5
    assert MemoryRevision.objects.filter(action="capped").count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.django_db
@pytest.mark.parametrize(
    ("job", "run"),
    [("prune", memories_prune_expired), ("cap", memories_cap_enforce_all)],
)
def test_a_run_finding_another_one_holding_the_jobs_lock_does_nothing(
    community: Community, alice: User, job: str, run: Callable[[], int]
) -> None:
    Community.objects.filter(pk=community.pk).update(max_memories_per_user=1)
    for text in ["Alice is tired today", "Alice likes tea"]:
        memory = remember(community, alice, text, importance=0.5)
        Memory.objects.filter(pk=memory.pk).update(
            created_at=timezone.now() - timedelta(days=2), expires_at=timezone.now() - timedelta(minutes=1)
        )
    before = sorted(Memory.objects.values_list("id", "importance"))
    with second_connection() as other:  # another worker's run, inside its transaction
        other.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]])
        assert run() == 0
        assert sorted(Memory.objects.values_list("id", "importance")) == before  # nothing twice
        other.rollback()  # that run ends
    assert run() > 0  # now the lock is free: this run does the work, once


@pytest.mark.django_db
def test_set_based_deletion_keeps_the_same_snapshot_as_every_other_revision(
    community: Community, alice: User, bob: User
) -> None:
    from chat.services import persona_create
    from memories.services.memory import memories_delete_with_revisions, memory_snapshot

    persona = persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    memory = remember(
        community,
        alice,
        "Alice got engaged",
        importance=0.9,
        topics=["life"],
        reported_by=bob,
        context="reported by Bob",
        persona=persona,
        expires_at=timezone.now() + timedelta(days=30),
    )
    Memory.objects.filter(pk=memory.pk).update(importance_at=timezone.now() - timedelta(days=3, hours=1))
    memory.refresh_from_db()
    expected = memory_snapshot(memory)
    assert expected["importance"] == pytest.approx(0.9 * 0.99**3)  # as it stands today

    assert (
        memories_delete_with_revisions(
            memories=Memory.objects.filter(pk=memory.pk), action="moderator_delete", actor="moderator", reason="test"
        )
        == 1
    )

    assert MemoryRevision.objects.get(action="moderator_delete").before == expected


def expired(community: Community, user: User, content: str, *, minutes_ago: float = 1, **fields: Any) -> Memory:
    memory = remember(community, user, content, **fields)
    Memory.objects.filter(pk=memory.pk).update(
        created_at=timezone.now() - timedelta(days=2), expires_at=timezone.now() - timedelta(minutes=minutes_ago)
    )
    return memory


@pytest.mark.django_db
def test_prune_in_batches_of_two_deletes_all_five_expired_memories_with_five_revisions(
    community: Community, alice: User
) -> None:
    for n in range(5):
        expired(community, alice, f"Alice was busy on day {n}", minutes_ago=10 - n)
    kept = remember(community, alice, "Alice lives in Portland")
    progress: list[tuple[int, int]] = []

    assert memories_prune_expired(batch_size=2, on_progress=lambda done, total: progress.append((done, total))) == 5

    assert list(Memory.objects.all()) == [kept]
    assert MemoryRevision.objects.filter(action="expired").count() == 5
    assert progress == [(2, 5), (4, 5), (5, 5)]  # three batches, none larger than two


@pytest.mark.django_db
def test_cap_in_batches_of_two_deletes_the_whole_excess_with_its_revisions(
    community: Community, alice: User, bob: User
) -> None:
    Community.objects.filter(pk=community.pk).update(max_memories_per_user=2)
    for n in range(7):
        age(remember(community, alice, f"Alice fact {n}", importance=0.3 if n < 5 else 0.9), days=10 - n)
    remember(community, bob, "Bob likes tea")
    with CaptureQueriesContext(connection) as queries:
        assert memories_cap_enforce_all(batch_size=2) == 5

    assert sorted(Memory.objects.filter(user=alice).values_list("content", flat=True)) == [
        "Alice fact 5",
        "Alice fact 6",
    ]
    assert MemoryRevision.objects.filter(action="capped").count() == 5
    # Each batch ranks the people's memories once (skipping a locked one is tested by behaviour below).
    batches = [query for query in queries.captured_queries if "row_number() OVER" in query["sql"]]
    assert len(batches) == 3  # 2 + 2 + 1 victims


@pytest.mark.django_db(transaction=True)
def test_a_memory_another_transaction_holds_is_left_for_the_next_run(community: Community, alice: User) -> None:
    memories = [expired(community, alice, f"Alice was busy on day {n}", minutes_ago=10 - n) for n in range(5)]
    with second_connection() as other:  # a moderator editing one of them, say
        other.execute("SELECT id FROM memories_memory WHERE id = %s FOR UPDATE", [memories[1].pk])
        assert memories_prune_expired(batch_size=2) == 4  # without waiting for it
        assert list(Memory.objects.values_list("pk", flat=True)) == [memories[1].pk]
        other.rollback()
    assert memories_prune_expired(batch_size=2) == 1
    assert MemoryRevision.objects.filter(action="expired").count() == 5


@pytest.mark.django_db(transaction=True)
def test_a_memory_over_the_cap_another_transaction_holds_is_left_for_the_next_run(
    community: Community, alice: User
) -> None:
    Community.objects.filter(pk=community.pk).update(max_memories_per_user=2)
    excess = [remember(community, alice, f"Alice fact {n}", importance=0.3) for n in range(3)]
    kept = [remember(community, alice, f"Alice fact {n}", importance=0.9) for n in range(3, 5)]
    with second_connection() as other:  # a moderator editing one of them, say
        other.execute("SELECT id FROM memories_memory WHERE id = %s FOR UPDATE", [excess[1].pk])
        assert memories_cap_enforce_all(batch_size=2) == 2  # without waiting for it
        assert sorted(Memory.objects.values_list("pk", flat=True)) == sorted([excess[1].pk] + [m.pk for m in kept])
        other.rollback()
    assert memories_cap_enforce_all(batch_size=2) == 1
    assert sorted(Memory.objects.values_list("pk", flat=True)) == sorted(m.pk for m in kept)
    assert MemoryRevision.objects.filter(action="capped").count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_batch_kept_waiting_on_a_lock_is_skipped_and_the_run_goes_on(
    community: Community, alice: User, bob: User
) -> None:
    for n in range(2):
        expired(community, alice, f"Alice was busy on day {n}", minutes_ago=60 - n)  # the first batch
    for n in range(3):
        expired(community, bob, f"Bob was busy on day {n}", minutes_ago=10 - n)
    with second_connection() as other:  # Alice's erasure, holding her row for its whole transaction
        other.execute("SELECT id FROM accounts_user WHERE id = %s FOR UPDATE", [alice.pk])
        # Her memories' revisions must point at her row: that batch waits 50 ms, then gives up.
        assert memories_prune_expired(batch_size=2, lock_timeout_ms=50) == 3
        assert set(Memory.objects.values_list("user_id", flat=True)) == {alice.pk}
        other.rollback()
    assert memories_prune_expired(batch_size=2) == 2
    assert MemoryRevision.objects.filter(action="expired").count() == 5


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("job", "run"),
    [("prune", memories_prune_expired), ("cap", memories_cap_enforce_all)],
)
def test_a_finished_run_lets_the_next_worker_take_the_jobs_lock(
    community: Community, alice: User, job: str, run: Callable[[], int]
) -> None:
    expired(community, alice, "Alice is tired today")
    run()
    with second_connection() as other:
        assert other.execute("SELECT pg_try_advisory_lock(%s, %s)", [_LOCK_CLASS, _LOCKS[job]]).fetchone() == (True,)
