"""Importance fades 1 % a day while nobody recalls a memory, worked out when read (no daily job)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from accounts.models import Community, User
from chat.models import Persona
from memories.models import ImportanceNow, Memory, importance_now_sql
from memories.selectors.ranking import memories_ranked
from memories.services.context import assemble_context, memories_access_record
from memories.services.maintenance import memories_cap_enforce_all
from memories.services.memory import memories_cap_enforce, memory_update
from tests.support.db import beat_schedule_restore, second_connection, waiting_on_a_lock
from tests.support.memories import remember
from tests.support.processes import wait_until

pytestmark = pytest.mark.django_db


def set_days_ago(memory: Memory, days: float) -> Memory:
    Memory.objects.filter(pk=memory.pk).update(importance_at=timezone.now() - timedelta(days=days))
    memory.refresh_from_db()
    return memory


@pytest.mark.parametrize(("days", "whole_days"), [(0, 0), (0.95, 0), (1.05, 1), (3.5, 3), (400.2, 400)])
def test_python_the_orm_and_raw_sql_say_the_same_importance_today(
    community: Community, alice: User, days: float, whole_days: int
) -> None:
    memory = set_days_ago(remember(community, alice, "Alice once liked tennis", importance=0.5), days)

    assert memory.importance == 0.5  # as it was given
    assert memory.importance_now == pytest.approx(0.5 * 0.99**whole_days, rel=1e-12)
    orm = Memory.objects.annotate(today=ImportanceNow()).values_list("today", flat=True).get(pk=memory.pk)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {importance_now_sql('m', 'now()')} FROM memories_memory AS m WHERE m.id = %s", [memory.pk]
        )
        raw = cursor.fetchone()[0]
    assert orm == pytest.approx(memory.importance_now, rel=1e-12) and raw == pytest.approx(orm, rel=1e-12)


def test_a_memory_set_in_the_year_one_is_forgotten_without_an_error(community: Community, alice: User) -> None:
    memory = set_days_ago(remember(community, alice, "Alice once liked tennis", importance=1), 700_000)
    today = Memory.objects.annotate(today=ImportanceNow()).values_list("today", flat=True).get(pk=memory.pk)
    assert 0 < today < 1e-40 and memory.importance_now == pytest.approx(today)


def test_a_recall_settles_todays_importance_and_stops_the_fading(
    community: Community, persona: Persona, alice: User
) -> None:
    recalled = set_days_ago(remember(community, alice, "Alice plays chess", importance=0.5), 3.5)
    forgotten = set_days_ago(remember(community, alice, "Alice once liked tennis", importance=0.5), 3.5)
    now = timezone.now()

    memories_access_record(memory_ids=[recalled.pk], now=now)
    memories_access_record(memory_ids=[recalled.pk], now=now)  # twice the same day: no second decay

    recalled.refresh_from_db()
    assert recalled.importance == pytest.approx(0.5 * 0.99**3) and recalled.importance_at == now
    assert recalled.importance_now == pytest.approx(0.5 * 0.99**3)  # no boost either
    forgotten.refresh_from_db()
    assert (forgotten.importance, forgotten.importance_now) == (0.5, pytest.approx(0.5 * 0.99**3))


def test_the_ranking_weighs_importance_as_it_stands_today(community: Community, alice: User) -> None:
    fresh = remember(community, alice, "Alice plays the violin", importance=0.6)
    faded = set_days_ago(remember(community, alice, "Alice plays the cello", importance=0.6), 30.5)

    ranked = {
        c.id: c.importance
        for c in memories_ranked(
            community=community, user=alice, now=timezone.now(), text="plays", keywords=[], vector=None, model_name=""
        )
    }

    assert ranked == {fresh.pk: 0.6, faded.pk: pytest.approx(0.6 * 0.99**30)}


def test_assembled_context_reports_todays_importance(community: Community, persona: Persona, alice: User) -> None:
    faded = set_days_ago(remember(community, alice, "Alice loves jazz", importance=0.9), 10.5)
    result = assemble_context(community=community, user=alice, persona=persona, message="jazz", record_access=False)
    assert {m.id: m.importance for m in result.memories}[faded.pk] == pytest.approx(0.9 * 0.99**10)


def test_caps_drop_the_memory_least_important_today(community: Community, alice: User, bob: User) -> None:
    Community.objects.filter(pk=community.pk).update(max_memories_per_user=1)
    community.refresh_from_db()
    for person, cap in ((alice, memories_cap_enforce_all), (bob, None)):
        set_days_ago(remember(community, person, f"{person.username} once liked tennis", importance=0.6), 100.5)
        kept = remember(community, person, f"{person.username} plays chess", importance=0.4)  # 0.6 faded to 0.22
        if cap is None:
            memories_cap_enforce(community=community, user=person, cap=1)
        else:
            cap()
        assert list(Memory.objects.filter(user=person)) == [kept]


def test_setting_importance_starts_its_fading_afresh(community: Community, alice: User) -> None:
    memory = set_days_ago(remember(community, alice, "Alice once liked tennis", importance=0.5), 20.5)
    memory = memory_update(memory=memory, actor="moderator", importance=0.8)
    memory.refresh_from_db()
    assert memory.importance_now == memory.importance == 0.8
    assert timezone.now() - memory.importance_at < timedelta(minutes=1)

    memory = memory_update(memory=set_days_ago(memory, 5.5), actor="moderator", content="Alice liked tennis as a kid")
    assert memory.importance == 0.8 and memory.importance_now == pytest.approx(0.8 * 0.99**5)  # content only


def test_beat_has_no_daily_decay_job_left() -> None:
    beat_schedule_restore()
    assert PeriodicTask.objects.filter(name="prune expired memories").exists()  # the schedule is there
    assert not PeriodicTask.objects.filter(task="memories.decay_importance").exists()


@pytest.mark.django_db(transaction=True)
def test_two_recalls_at_once_settle_the_fading_once(community: Community, alice: User) -> None:
    """Another worker's recall holds the row; this one waits for it, then re-reads the settled
    row (READ COMMITTED re-checks an updated row) instead of fading it a second time."""
    memory = set_days_ago(remember(community, alice, "Alice plays chess", importance=0.5), 3.5)
    recalled_at = timezone.now()
    with second_connection() as other:
        other.execute(
            f"UPDATE memories_memory AS m SET importance = {importance_now_sql('m', 'now()')},"
            " importance_at = now(), access_count = access_count + 1 WHERE m.id = %s",
            [memory.pk],
        )
        done = threading.Event()
        failure: list[BaseException] = []

        def recall() -> None:
            try:
                memories_access_record(memory_ids=[memory.pk], now=recalled_at)
            except BaseException as error:
                failure.append(error)
            finally:
                connection.close()
                done.set()

        worker = threading.Thread(target=recall)
        worker.start()
        wait_until(lambda: waiting_on_a_lock() or done.is_set(), timeout=10, interval=0.01)
        assert not done.is_set(), f"the recall never waited for the row: {failure}"
        other.commit()
        worker.join(timeout=10)
    assert not failure and done.is_set()
    memory.refresh_from_db()
    assert memory.access_count == 2
    assert memory.importance == pytest.approx(0.5 * 0.99**3)  # once, not 0.99^6


@pytest.mark.django_db(transaction=True)
def test_recording_a_recall_waits_for_no_disk_flush_and_leaves_the_connection_as_it_was(
    community: Community, alice: User
) -> None:
    memory = remember(community, alice, "Alice plays chess", importance=0.5)
    with connection.cursor() as cursor:
        memories_access_record(memory_ids=[memory.pk], now=timezone.now())
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone()[0] == "on"  # the statement's own setting ended with it
        with transaction.atomic():
            memories_access_record(memory_ids=[memory.pk], now=timezone.now())
            cursor.execute("SHOW synchronous_commit")
            assert cursor.fetchone()[0] == "on"  # a caller's transaction commits as it would have
    memory.refresh_from_db()
    assert memory.access_count == 2
