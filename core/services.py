"""The outbox's writes and its consumer's claim.

An app records an event in the transaction that makes the change it announces, so a change that
is rolled back announces nothing and one that commits cannot be lost. A consumer (the webhooks,
the MCP server) claims the oldest undelivered events in a transaction of its own, delivers them,
marks them delivered and commits; one that dies leaves them to the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from core.erasure import rows_delete
from core.models import OutboxEvent, OutboxEventKind


def _payload_checked(payload: dict[str, Any]) -> dict[str, Any]:
    """A payload names rows by their ids, so no text (a memory's, a platform id) leaves this way."""
    for key, value in payload.items():
        if type(value) is not int and value is not None:
            raise ValueError(f"an outbox payload holds ids only, not {key}={value!r}")
    return payload


def event_record(
    *, kind: OutboxEventKind, community_id: int | None, subject_id: int | None, payload: dict[str, Any]
) -> OutboxEvent:
    """Record that ``kind`` happened, in the caller's transaction."""
    return OutboxEvent.objects.create(
        kind=kind, community_id=community_id, subject_id=subject_id, payload=_payload_checked(payload)
    )


def events_record_sql(*, kind: OutboxEventKind, rows_sql: str, params: Sequence[Any] = ()) -> int:
    """Record one event per row of ``rows_sql``, a SELECT of (community id, subject id, payload as
    jsonb built from ids): one statement however many rows (a set-based deletion's). How many."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO core_outboxevent (kind, community_id, subject_id, payload)
            SELECT %s, chosen.* FROM ({rows_sql}) AS chosen(community_id, subject_id, payload)
            """,  # noqa: S608 - the caller's own SQL, values passed as parameters
            [OutboxEventKind(kind).value, *params],
        )
        return cursor.rowcount


def events_claim(*, limit: int = 100) -> list[OutboxEvent]:
    """The oldest undelivered events no other consumer holds, locked until the caller's transaction
    ends (``SELECT … FOR UPDATE SKIP LOCKED``): two consumers never take one event, and neither
    waits for the other. Call inside ``transaction.atomic``, then ``events_delivered``."""
    undelivered = OutboxEvent.objects.filter(delivered_at__isnull=True).order_by("pk")
    return list(undelivered.select_for_update(skip_locked=True)[:limit])


def events_delivered(*, events: Sequence[OutboxEvent]) -> int:
    """Mark claimed events delivered: no claim returns them again."""
    return OutboxEvent.objects.filter(pk__in=[event.pk for event in events], delivered_at__isnull=True).update(
        delivered_at=timezone.now()
    )


def subject_events_delete(*, subject_id: int, community_id: int | None = None) -> dict[str, int]:
    """Delete every event about the person ``subject_id`` (erasure: no row names them after it),
    delivered or not; only those of ``community_id`` when given. The rows deleted per model label,
    with what cascades from the events (a consumer's records of them: webhook deliveries)."""
    events = OutboxEvent.objects.filter(subject_id=subject_id)
    if community_id is not None:
        events = events.filter(community_id=community_id)
    return rows_delete(events)


def events_prune(*, delivered_before: datetime, keep: QuerySet[Any] | None = None) -> dict[str, int]:
    """Delete the events delivered before ``delivered_before``, but those whose ids ``keep`` (a
    query of ids) names: a consumer's records still in use. The rows deleted per model label, with
    what cascades (the consumer's records of them)."""
    events = OutboxEvent.objects.filter(delivered_at__lt=delivered_before)
    if keep is not None:
        events = events.exclude(pk__in=keep)
    return rows_delete(events)
