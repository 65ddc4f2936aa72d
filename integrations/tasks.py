"""The webhooks' Celery tasks: the dispatcher and the log's pruning, which beat runs, and one
attempt of one delivery."""

from __future__ import annotations

import logging

from celery import shared_task

from integrations.services.webhook_deliveries import webhook_delivery_attempt, webhook_log_prune, webhooks_dispatch

logger = logging.getLogger(__name__)


@shared_task(name="integrations.dispatch_webhooks")
def dispatch_webhooks() -> int:
    """Every 5 s: fan the outbox's new events out to the endpoints, and send what is due."""
    events, due = webhooks_dispatch()
    if events or due:
        logger.info("webhooks: %d events fanned out, %d deliveries queued", events, due)
    return events


@shared_task(name="integrations.send_webhook")
def send_webhook(delivery_id: int, attempt: int) -> bool:
    """Attempt ``attempt`` (from 0) of a delivery. A failure sends the next attempt with the
    delivery's back-off (exponential, until it gives up); a task sent twice does nothing the
    second time. Whether it was delivered."""
    outcome = webhook_delivery_attempt(delivery_id=delivery_id, attempt=attempt)
    if outcome is None:
        return False
    if outcome.retry_in is not None:
        try:
            send_webhook.apply_async((delivery_id, attempt + 1), countdown=outcome.retry_in)
        except Exception:  # the broker: the dispatcher's sweep sends it once its lease has passed
            logger.exception("could not queue the retry of webhook delivery %s", delivery_id)
    return outcome.delivered


@shared_task(name="integrations.prune_webhook_log")
def prune_webhook_log() -> int:
    """Nightly: the delivery log and its outbox events past ``MEMORYHUB_WEBHOOKS_LOG_DAYS``. How
    many events went."""
    deleted = webhook_log_prune()
    events = deleted.get("core.OutboxEvent", 0)
    if events:
        logger.info("webhook log pruned: %s", ", ".join(f"{count} {label}" for label, count in sorted(deleted.items())))
    return events
