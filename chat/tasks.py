"""Celery tasks of the chat app. Bodies call services; the names are final (beat uses them)."""

from __future__ import annotations

import logging

from celery import shared_task

logger = logging.getLogger(__name__)


@shared_task(name="chat.end_idle_sessions")
def end_idle_sessions() -> int:
    """Every minute: end sessions idle for the community's idle time and summarise them."""
    logger.info("chat.end_idle_sessions: not yet implemented")
    return 0
