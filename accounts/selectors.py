"""Reads about people and communities that other apps decide by."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection
from django.db.models import Q

from accounts.models import Community, MemoryOffInterval


@dataclass(frozen=True)
class MemoryOffHistory:
    """When memory was off in a community, for it and for some of its people.

    ``off_at(user_id, at)`` is the one rule: a line said at ``at`` is not remembered when the
    community's memory was off then, or when its author turned memory off ("forget me") at any
    time after it or is off still — forget forgets what was said before it too.
    """

    community_spans: tuple[tuple[datetime, datetime | None], ...] = ()
    # Per person: the end of their last forget, or None while their memory is still off.
    forgotten_until: dict[int, datetime | None] = field(default_factory=dict)

    def community_off_at(self, at: datetime) -> bool:
        return any(start <= at and (end is None or at < end) for start, end in self.community_spans)

    def person_off_at(self, user_id: int | None, at: datetime) -> bool:
        if user_id is None or user_id not in self.forgotten_until:
            return False
        until = self.forgotten_until[user_id]
        return until is None or at < until

    def off_at(self, user_id: int | None, at: datetime) -> bool:
        return self.community_off_at(at) or self.person_off_at(user_id, at)


def memory_off_history(
    *, community_id: int, user_ids: Iterable[int], since: datetime | None = None
) -> MemoryOffHistory:
    """The intervals of ``community_id`` and of ``user_ids`` there (one query); ``since``: only
    those that matter to lines said from then on."""
    wanted = sorted(set(user_ids))
    rows = MemoryOffInterval.objects.filter(community_id=community_id).filter(
        Q(user__isnull=True) | Q(user_id__in=wanted)
    )
    if since is not None:
        rows = rows.filter(Q(ended_at__isnull=True) | Q(ended_at__gt=since))
    return memory_off_history_from(rows.values_list("user_id", "started_at", "ended_at"))


def memory_off_history_from(rows: Iterable[tuple[int | None, datetime, datetime | None]]) -> MemoryOffHistory:
    """The history held by (user id or None, started_at, ended_at) rows, however they were read."""
    spans: list[tuple[datetime, datetime | None]] = []
    until: dict[int, datetime | None] = {}
    for user_id, started_at, ended_at in rows:
        if user_id is None:
            spans.append((started_at, ended_at))
            continue
        latest = until.get(user_id, started_at)
        if user_id not in until or (latest is not None and (ended_at is None or ended_at > latest)):
            until[user_id] = ended_at
    return MemoryOffHistory(community_spans=tuple(spans), forgotten_until=until)


def community_memory_on_locked(*, community_id: int) -> bool:
    """The community's switch as it is now, read with a share lock for the caller's transaction: a
    switch being turned (``community_memory_enabled_set``) waits for it, or this read waits for
    the switch to commit. For writers that must not write once the community's memory is off."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT memory_enabled FROM {Community._meta.db_table} WHERE id = %s FOR SHARE",  # noqa: S608 - model's table
            [community_id],
        )
        row = cursor.fetchone()
    return bool(row and row[0])


def person_forgot_since(*, community_id: int, user_id: int, since: datetime) -> bool:
    """Whether the person turned memory off ("forget me") in the community at ``since`` or later."""
    return MemoryOffInterval.objects.filter(community_id=community_id, user_id=user_id, started_at__gte=since).exists()
