"""Operational tasks that belong to no single app."""

from __future__ import annotations

import os
from typing import Any

from celery import shared_task
from django.db import connection
from django.utils import timezone

from core.buckets import buckets_prune


@shared_task(name="memoryhub.ping", bind=True, ignore_result=False)
def ping(self: Any) -> dict[str, Any]:
    """Prove a worker is alive and reaches the same database as the caller.

    Used by the round-trip tests and by operators (`celery -A memoryhub call memoryhub.ping`).
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_database(), (SELECT count(*) FROM accounts_community)")
        database, communities = cursor.fetchone()
    eta = self.request.eta
    return {
        "database": database,
        "communities": communities,
        "worker_pid": os.getpid(),
        "eta": eta.isoformat() if hasattr(eta, "isoformat") else eta,
        "executed_at": timezone.now().isoformat(),
    }


@shared_task(name="memoryhub.prune_rate_buckets")
def prune_rate_buckets() -> int:
    """Nightly: the rate buckets idle for a day (full again; a sign-up one is named by an address)."""
    return buckets_prune()
