"""The outbox: written in the writer's transaction, ids only, claimed oldest first by one consumer at
a time without waiting on another."""

from __future__ import annotations

import pytest
from django.db import transaction

from core.models import OutboxEvent, OutboxEventKind
from core.services import event_record, events_claim, events_delivered, subject_events_delete
from tests.support.db import second_connection

Kind = OutboxEventKind


def _record(kind: OutboxEventKind = Kind.MEMORY_CREATED, *, subject_id: int | None = 7, **ids: int) -> OutboxEvent:
    return event_record(kind=kind, community_id=3, subject_id=subject_id, payload=ids)


@pytest.mark.django_db
def test_an_event_is_kept_with_the_change_it_announces_and_rolled_back_with_it() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        _record(memory=1)
        raise RuntimeError("the change failed after its event was written")
    kept = _record(memory=2)

    assert list(OutboxEvent.objects.values_list("kind", "community_id", "subject_id", "payload")) == [
        ("memory.created", 3, 7, {"memory": 2})
    ]
    assert kept.created_at is not None and kept.delivered_at is None


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["Alice lives in Paris", "alice_456", 1.5, True, [1, 2]])
def test_a_payload_holds_ids_only(value: object) -> None:
    with pytest.raises(ValueError, match="ids only"):
        event_record(kind=Kind.MEMORY_CREATED, community_id=3, subject_id=7, payload={"memory": value})
    assert not OutboxEvent.objects.exists()


@pytest.mark.django_db
def test_a_consumer_claims_the_oldest_undelivered_events_and_never_gets_them_again() -> None:
    events = [_record(memory=n) for n in range(5)]
    with transaction.atomic():
        first = events_claim(limit=3)
        assert first == events[:3]
        assert events_delivered(events=first) == 3
    with transaction.atomic():
        assert events_claim(limit=3) == events[3:]
    with transaction.atomic():
        assert events_claim(limit=3) == events[3:]  # not marked delivered: handed out again
        events_delivered(events=events[3:])
    with transaction.atomic():
        assert events_claim() == []


@pytest.mark.django_db(transaction=True)
def test_the_claim_skips_the_events_another_consumer_holds_without_waiting() -> None:
    events = [_record(memory=n) for n in range(4)]
    with second_connection() as other:  # a second consumer, in the middle of delivering the oldest two
        other.execute("SELECT id FROM core_outboxevent WHERE id = ANY(%s) FOR UPDATE", [[e.pk for e in events[:2]]])
        with transaction.atomic():
            claimed = events_claim(limit=10)
            assert claimed == events[2:]
            events_delivered(events=claimed)
        other.rollback()  # it died: what it held is handed out again
    with transaction.atomic():
        assert events_claim(limit=10) == events[:2]


@pytest.mark.django_db
def test_deleting_a_persons_events_leaves_everyone_elses() -> None:
    _record(subject_id=7, memory=1)
    _record(Kind.MEMORY_OFF, subject_id=7)
    others = [_record(subject_id=8, memory=2), _record(Kind.WINDOW_FAILED, subject_id=None, window=4)]

    assert subject_events_delete(subject_id=7) == {"core.OutboxEvent": 2}

    assert list(OutboxEvent.objects.order_by("pk")) == others
