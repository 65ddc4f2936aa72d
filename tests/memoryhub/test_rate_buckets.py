"""Rate buckets are pruned once idle for a day: by then each is full again, so a pruned one gives
what it would have given, and the client addresses that sign-up buckets are named by go with it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.buckets import bucket_take
from memoryhub.models import RateBucket
from memoryhub.tasks import prune_rate_buckets

pytestmark = pytest.mark.django_db


def _idle(name: str, hours: float) -> None:
    RateBucket.objects.filter(name=name).update(updated_at=timezone.now() - timedelta(hours=hours))


def test_buckets_idle_for_a_day_are_pruned_and_come_back_full() -> None:
    for name in ("signup:203.0.113.9", "signup:198.51.100.7", "chat:42"):
        for _ in range(3):
            assert bucket_take(name=name, capacity=3, per_seconds=3600.0) == 0
        assert bucket_take(name=name, capacity=3, per_seconds=3600.0) > 0  # drained
    _idle("signup:203.0.113.9", hours=25)
    _idle("chat:42", hours=23)  # idle, not for a day yet

    assert prune_rate_buckets() == 1

    assert set(RateBucket.objects.values_list("name", flat=True)) == {"signup:198.51.100.7", "chat:42"}
    assert bucket_take(name="signup:203.0.113.9", capacity=3, per_seconds=3600.0) == 0  # full again
    assert RateBucket.objects.get(name="signup:203.0.113.9").tokens == 2
    assert bucket_take(name="signup:198.51.100.7", capacity=3, per_seconds=3600.0) > 0  # still drained
