"""Celery tasks of the memory engine. Bodies call services; the names are final (beat uses them)."""

from __future__ import annotations

import logging

from celery import shared_task

logger = logging.getLogger(__name__)


def _not_yet_implemented(task: str) -> int:
    logger.info("%s: not yet implemented", task)
    return 0


@shared_task(name="memories.close_due_windows")
def close_due_windows() -> int:
    """Every 15 s: mark quiet or capped windows due and enqueue their extraction."""
    return _not_yet_implemented("memories.close_due_windows")


@shared_task(name="memories.prune_expired_memories")
def prune_expired_memories() -> int:
    """Hourly: delete memories whose lifetime has passed."""
    return _not_yet_implemented("memories.prune_expired_memories")


@shared_task(name="memories.enforce_memory_caps")
def enforce_memory_caps() -> int:
    """Hourly: keep each person within the community's per-user cap."""
    return _not_yet_implemented("memories.enforce_memory_caps")


@shared_task(name="memories.decay_importance")
def decay_importance() -> int:
    """Daily: lower the importance of memories nobody has recalled, by 1 %."""
    return _not_yet_implemented("memories.decay_importance")


@shared_task(name="memories.refresh_semantic_profiles")
def refresh_semantic_profiles() -> int:
    """Daily: rewrite each person's semantic profile from their top memories."""
    return _not_yet_implemented("memories.refresh_semantic_profiles")
