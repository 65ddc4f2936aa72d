"""What an erasure leaves in the outbox (``core.models.OutboxEvent``): nothing about the person,
and the word that it completed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from core.models import OutboxEventKind
from core.services import event_record, subject_events_delete


def erasure_outbox_settle(
    *,
    subject_id: int,
    erasure_request_id: int,
    community_ids: Iterable[int],
    counts: Counter[str],
    community_id: int | None = None,
) -> None:
    """In the erasure's transaction: every event about the person goes, delivered or not (each
    names their id), counted with the rows it deleted, and what cascades from them (webhook
    deliveries); each community they were known in is told that an erasure completed, by its
    request's id alone (the tombstone keeps only hashes). With
    ``community_id``, only that community's events go and it alone is told, by
    ``erasure.community_completed``: the account stays."""
    counts.update(subject_events_delete(subject_id=subject_id, community_id=community_id))
    told: list[int | None] = [*sorted(community_ids)] or [None]
    for told_id in told:
        event_record(
            kind=OutboxEventKind.ERASURE_COMPLETED
            if community_id is None
            else OutboxEventKind.ERASURE_COMMUNITY_COMPLETED,
            community_id=told_id,
            subject_id=None,
            payload={"erasure_request": erasure_request_id},
        )
