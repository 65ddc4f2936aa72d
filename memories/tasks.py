"""Celery tasks of the memory engine: take ids, call one service, own the retry policy."""

from __future__ import annotations

import logging
import time
from typing import Any

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from accounts.models import Profile
from chat.models import ConversationWindow, Message
from chat.windows import (
    ClaimLostError,
    WindowBusyError,
    window_claim,
    window_claim_end,
    window_finish,
    window_release,
    windows_sweep,
)
from core.metrics import EXTRACTION_LAG_SECONDS, EXTRACTION_SECONDS
from memories.services.extraction import MalformedExtractionError, window_extract
from memories.services.maintenance import memories_cap_enforce_all, memories_prune_expired
from memories.services.recall import recall_index_messages
from memories.services.summaries import profile_refresh_if_due, profile_semantic_refresh, profiles_due_for_refresh
from memoryhub.ai.types import LLMError, LLMUnavailableError

logger = logging.getLogger(__name__)
BUSY_RETRY_SECONDS = 2
BUSY_RETRIES = 30  # a minute of brief locks; then the sweep's re-queueing takes over


@shared_task(name="memories.close_due_windows")
def close_due_windows() -> int:
    """Every 15 s: close quiet or capped windows and queue every window waiting for extraction."""
    queued = windows_sweep()
    if queued:
        logger.info("queued %d windows for extraction", len(queued))
    return len(queued)


@shared_task(name="memories.extract_window", bind=True, max_retries=None)
def extract_window(self: Any, window_id: int) -> int:
    """Extract one window. Transient LLM failures retry with exponential backoff; then ``failed``."""
    try:
        window = window_claim(window_id=window_id)
    except WindowBusyError as exc:
        # Locked for a moment by an ingest or the sweep: look again shortly instead of leaving it
        # to wait out a lease. The sweep queues it again should this give up.
        if self.request.retries >= BUSY_RETRIES:
            return 0
        raise self.retry(countdown=BUSY_RETRY_SECONDS, exc=exc) from exc
    if window is None:
        return 0  # another worker has it, or it is finished
    try:
        return _window_extract_claimed(self, window)
    finally:
        window_claim_end(window=window)


def _window_extract_claimed(task: Any, window: ConversationWindow) -> int:
    """Extract a window this worker claimed, then finish or release it by the retry policy."""
    window_id = window.pk
    started = time.monotonic()

    def took(outcome: str) -> None:
        EXTRACTION_SECONDS.labels(outcome).observe(time.monotonic() - started)

    final = window.attempts >= settings.MEMORYHUB_EXTRACTION_MAX_ATTEMPTS
    try:
        result = window_extract(window=window)
    except ClaimLostError as exc:
        took("lost")
        logger.warning("window %s: %s; this worker's results were dropped", window_id, exc)
        return 0
    except LLMUnavailableError as exc:
        window_release(window=window, error=str(exc), final=final)
        took("failed" if final else "retry")
        if final:
            logger.error("window %s failed after %d attempts: %s", window_id, window.attempts, exc)
            return 0
        countdown = settings.MEMORYHUB_EXTRACTION_RETRY_SECONDS * 2 ** (window.attempts - 1)
        raise task.retry(countdown=countdown, exc=exc) from exc
    except (MalformedExtractionError, LLMError) as exc:
        window_release(window=window, error=str(exc), final=True)
        took("failed")
        logger.error("window %s failed: %s", window_id, exc)
        return 0
    except Exception as exc:
        window_release(window=window, error=f"{type(exc).__name__}: {exc}", final=final)
        took("failed" if final else "retry")
        raise
    if not window_finish(
        window=window,
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        operations_applied=result.operations_applied,
        operations_over_cap=result.operations_over_cap,
    ):
        took("lost")
        logger.warning("window %s: the claim ran out before it was finished", window_id)
        return result.operations_applied
    took("done")
    if window.closed_at is not None:
        EXTRACTION_LAG_SECONDS.observe(max(0.0, (timezone.now() - window.closed_at).total_seconds()))
    return result.operations_applied


@shared_task(name="memories.index_recall")
def index_recall(message_ids: list[int]) -> int:
    """Make lines that join no window recallable (an ``llm_triggered`` persona's chat, once it ends)."""
    messages = list(Message.objects.filter(pk__in=message_ids).order_by("created_at", "pk"))
    return recall_index_messages(messages=messages)


@shared_task(name="memories.prune_expired_memories")
def prune_expired_memories() -> int:
    """Hourly: delete memories whose lifetime has passed."""
    return memories_prune_expired()


@shared_task(name="memories.enforce_memory_caps")
def enforce_memory_caps() -> int:
    """Hourly: keep each person within the community's per-user cap."""
    return memories_cap_enforce_all()


@shared_task(name="memories.refresh_semantic_profiles")
def refresh_semantic_profiles() -> int:
    """Daily: queue a semantic-profile rewrite for everyone whose memories changed since the last."""
    due = profiles_due_for_refresh()
    for profile_id in due:
        refresh_profile.delay(profile_id, only_if_due=True)
    logger.info("queued %d semantic profile refreshes", len(due))
    return len(due)


@shared_task(
    name="memories.refresh_profile",
    autoretry_for=(LLMUnavailableError,),
    retry_backoff=30,
    retry_backoff_max=1800,
    max_retries=5,
)
def refresh_profile(profile_id: int, only_if_due: bool = False) -> bool:
    """Rewrite a semantic profile: after its memories were edited or deleted (always), or for the
    daily refresh (``only_if_due``: once, however many times it was queued). Whether it was."""
    if only_if_due:
        return profile_refresh_if_due(profile_id=profile_id)
    profile = Profile.objects.select_related("user", "community").filter(pk=profile_id).first()
    if profile is None:
        return False
    profile_semantic_refresh(profile=profile)
    return True
