"""Webhook deliveries: the outbox's events fanned out to the endpoints that want them, each sent,
signed, until it is delivered or gives up.

- **Fan-out.** The dispatcher (beat, every 5 s) claims the outbox's undelivered events
  (``events_claim``), makes one delivery per event and enabled endpoint of its community that
  takes its kind, and marks the events delivered, in one transaction: an event is fanned out once.
- **Attempts.** A task per delivery and attempt. Each attempt is claimed by its number (a
  conditional update of ``attempts``), so a task sent twice (a retry and the sweep, or a broker
  delivering again) makes one request. A delivery keeps its ``webhook-id`` on every attempt:
  receivers drop what they already took.
- **Back-off.** A failed attempt waits ``MEMORYHUB_WEBHOOKS_RETRY_SECONDS``, doubling each time,
  up to an hour; the task sends the next attempt with that countdown, and the sweep sends any
  whose time passed a lease ago (a task lost with a broker). A delivery failing for
  ``MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS`` gives up; an endpoint that long without a success
  is disabled, and its waiting deliveries give up with it.
- **The log's end.** Nightly, the events fanned out more than ``MEMORYHUB_WEBHOOKS_LOG_DAYS`` ago
  go, with their deliveries: all but those with a delivery still pending or queued (made or
  resent) within that time.
"""

from __future__ import annotations

import json
import logging
import uuid
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

import httpx
from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone
from standardwebhooks import Webhook

from core.queueing import tasks_send_on_commit
from core.services import events_claim, events_delivered, events_prune
from integrations.models import WebhookDelivery, WebhookEndpoint
from integrations.selectors import webhook_delivery_for_attempt, webhook_payload
from integrations.services.webhook_addresses import AddressRefusedError, Target, target_resolve
from integrations.services.webhook_endpoints import webhook_deliveries_give_up

logger = logging.getLogger(__name__)
Status = WebhookDelivery.Status

EVENTS_PER_CLAIM = 200
DUE_PER_SWEEP = 500
MAX_BACKOFF_SECONDS = 3600
# A queued or running attempt holds its delivery this long; past it, the sweep sends it again.
LEASE = timedelta(minutes=5)


def _attempt_send(calls: list[tuple[int, int]]) -> None:
    """Send the tasks of these (delivery, attempt) pairs once the transaction commits."""
    from integrations.tasks import send_webhook

    tasks_send_on_commit(send_webhook, calls)


def _deliveries_queue(deliveries: list[WebhookDelivery]) -> int:
    """Hold ``deliveries`` for a lease and send their next attempt once the transaction commits."""
    if not deliveries:
        return 0
    WebhookDelivery.objects.filter(pk__in=[d.pk for d in deliveries]).update(next_attempt_at=timezone.now() + LEASE)
    _attempt_send([(delivery.pk, delivery.attempts) for delivery in deliveries])
    return len(deliveries)


@transaction.atomic
def webhook_events_fan_out() -> int:
    """One batch of the outbox: a delivery per event and endpoint that wants it, queued. How many
    events were taken (0: none left)."""
    events = events_claim(limit=EVENTS_PER_CLAIM)
    if not events:
        return 0
    endpoints = list(
        WebhookEndpoint.objects.filter(enabled=True, community_id__in={e.community_id for e in events}).order_by("pk")
    )
    made = [
        WebhookDelivery(endpoint=endpoint, event=event, message_id=f"msg_{uuid.uuid4().hex}")
        for event in events
        for endpoint in endpoints
        if endpoint.community_id == event.community_id and event.kind in endpoint.events
    ]
    WebhookDelivery.objects.bulk_create(made)
    events_delivered(events=events)
    _deliveries_queue(made)
    return len(events)


@transaction.atomic
def webhook_deliveries_due_queue() -> int:
    """Send the attempts whose time has come and that no task holds (a lost task's, after its
    lease). How many."""
    due = list(
        WebhookDelivery.objects.filter(
            status=Status.PENDING, next_attempt_at__lte=timezone.now(), endpoint__enabled=True
        )
        .select_for_update(skip_locked=True, of=("self",))
        .order_by("next_attempt_at")[:DUE_PER_SWEEP]
    )
    return _deliveries_queue(due)


def webhooks_dispatch() -> tuple[int, int]:
    """The dispatcher's run: fan out every waiting event, then send what is due. (events, due)."""
    events = 0
    while taken := webhook_events_fan_out():
        events += taken
    return events, webhook_deliveries_due_queue()


@transaction.atomic
def webhook_delivery_resend(*, delivery: WebhookDelivery) -> WebhookDelivery:
    """Send a delivery again, with its ``webhook-id`` (a receiver that took it drops it); it gets a
    day of attempts anew. Its endpoint must be enabled."""
    if not delivery.endpoint.enabled:
        raise ValueError("The endpoint is disabled: turn it on before resending.")
    now = timezone.now()
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        status=Status.PENDING, queued_at=now, next_attempt_at=now, error=""
    )
    delivery.refresh_from_db()
    _deliveries_queue([delivery])
    return delivery


# --- One attempt --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    code: int | None  # the response's status; None when no answer came (or no request was made)
    error: str = ""
    retry_in: float | None = None  # failed: seconds until the next attempt (None: given up)

    @property
    def delivered(self) -> bool:
        return self.code is not None and 200 <= self.code < 300


def webhook_request_signed(*, delivery: WebhookDelivery, at: datetime) -> tuple[bytes, dict[str, str]]:
    """The body and the Standard Webhooks headers of an attempt made at ``at``."""
    endpoint = delivery.endpoint
    body = json.dumps(
        webhook_payload(
            event=delivery.event, community=endpoint.community, include_text=endpoint.include_text, url=endpoint.url
        ),
        separators=(",", ":"),
        ensure_ascii=False,
    )
    headers = {
        "webhook-id": delivery.message_id,
        "webhook-timestamp": str(int(at.timestamp())),
        "webhook-signature": Webhook(endpoint.secret).sign(msg_id=delivery.message_id, timestamp=at, data=body),
        "content-type": "application/json",
        "user-agent": "MemoryHub-Webhooks",
    }
    return body.encode(), headers


def _post(target: Target, url: str, body: bytes, headers: dict[str, str]) -> Outcome:
    """POST to the address checked, not to whatever the name resolves to a moment later: the URL
    names the address, the Host header and TLS (SNI and the certificate's check) the name."""
    parsed = httpx.URL(url)
    pinned = parsed.copy_with(host=str(target.address), port=target.port)
    timeout = settings.MEMORYHUB_WEBHOOKS_TIMEOUT_SECONDS
    # No proxy from the environment (it would pick the address itself), no redirects followed.
    with httpx.Client(timeout=timeout, follow_redirects=False, trust_env=False) as client:
        request = client.build_request(
            "POST",
            pinned,
            content=body,
            headers=headers | {"host": parsed.netloc.decode("ascii")},
            extensions={"sni_hostname": target.host},
        )
        try:
            response = client.send(request, stream=True)  # the answer's body is never read
            response.close()
        except httpx.TimeoutException:
            return Outcome(None, f"no answer within {timeout:g} s")
        except httpx.HTTPError as error:
            return Outcome(None, f"{type(error).__name__}: {error}"[:300])
    if 300 <= response.status_code < 400:
        return Outcome(response.status_code, f"HTTP {response.status_code}: redirects are not followed")
    if not 200 <= response.status_code < 300:
        return Outcome(response.status_code, f"HTTP {response.status_code}")
    return Outcome(response.status_code)


def webhook_delivery_attempt(*, delivery_id: int, attempt: int) -> Outcome | None:
    """Make attempt number ``attempt`` (counted from 0) of a delivery, once: None when it is not
    this attempt's turn (made already, delivered, given up, or its endpoint disabled)."""
    now = timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, attempts=attempt, status=Status.PENDING, endpoint__enabled=True
    ).update(attempts=F("attempts") + 1, last_attempt_at=now, next_attempt_at=now + LEASE)
    delivery = webhook_delivery_for_attempt(pk=delivery_id) if claimed else None
    if delivery is None:
        return None  # an erasure may have taken it meanwhile, too
    url = delivery.endpoint.url
    try:
        target = target_resolve(url)
    except AddressRefusedError as error:
        outcome = Outcome(None, f"refused, no request made: {error}"[:300])
    else:
        body, headers = webhook_request_signed(delivery=delivery, at=now)
        outcome = _post(target, url, body, headers)
    return replace(outcome, retry_in=_outcome_record(delivery=delivery, outcome=outcome))


def backoff_seconds(attempts: int) -> float:
    """How long after its ``attempts``-th failed attempt a delivery is tried again."""
    first: float = settings.MEMORYHUB_WEBHOOKS_RETRY_SECONDS
    return float(min(first * 2 ** max(attempts - 1, 0), MAX_BACKOFF_SECONDS))


@transaction.atomic
def _outcome_record(*, delivery: WebhookDelivery, outcome: Outcome) -> float | None:
    """Record an attempt's outcome; after a failure, the seconds until the next (None: none)."""
    now = timezone.now()
    mine = WebhookDelivery.objects.filter(pk=delivery.pk, attempts=delivery.attempts)
    endpoint = WebhookEndpoint.objects.select_for_update().filter(pk=delivery.endpoint_id).first()
    if endpoint is None:
        return None  # deleted meanwhile, with its log
    if outcome.delivered:
        mine.update(status=Status.DELIVERED, response_code=outcome.code, error="", delivered_at=now)
        if endpoint.failing_since is not None:
            WebhookEndpoint.objects.filter(pk=endpoint.pk).update(failing_since=None)
        logger.info("webhook delivery %s delivered (HTTP %s)", delivery.pk, outcome.code)
        return None
    logger.warning("webhook delivery %s attempt %d failed: %s", delivery.pk, delivery.attempts, outcome.error)
    window = timedelta(seconds=settings.MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS)
    failing_since = endpoint.failing_since or now
    if endpoint.failing_since is None:
        WebhookEndpoint.objects.filter(pk=endpoint.pk).update(failing_since=now)
    if now - failing_since >= window:
        mine.update(status=Status.FAILED, response_code=outcome.code, error=outcome.error, next_attempt_at=None)
        reason = f"disabled {now:%Y-%m-%d %H:%M} UTC: no delivery succeeded since {failing_since:%Y-%m-%d %H:%M} UTC"
        WebhookEndpoint.objects.filter(pk=endpoint.pk).update(enabled=False, disabled_reason=reason)
        webhook_deliveries_give_up(endpoint=endpoint, error="the endpoint was disabled: it kept failing")
        logger.error("webhook endpoint %s disabled: %s", endpoint.pk, reason)
        return None
    if now - delivery.queued_at >= window:
        mine.update(status=Status.FAILED, response_code=outcome.code, error=outcome.error, next_attempt_at=None)
        return None
    delay = backoff_seconds(delivery.attempts)
    # The task sends the retry with this countdown; the sweep sends it only if that is lost.
    mine.update(response_code=outcome.code, error=outcome.error, next_attempt_at=now + timedelta(seconds=delay) + LEASE)
    return delay


def webhook_log_prune(*, now: datetime | None = None) -> dict[str, int]:
    """Delete the delivery log older than ``MEMORYHUB_WEBHOOKS_LOG_DAYS``, with the outbox events
    behind it: every event fanned out before then, but one whose delivery is still pending or was
    queued (made or resent) since. The rows deleted per model label."""
    cutoff = (now or timezone.now()) - timedelta(days=settings.MEMORYHUB_WEBHOOKS_LOG_DAYS)
    in_use = WebhookDelivery.objects.filter(Q(status=Status.PENDING) | Q(queued_at__gte=cutoff)).values("event_id")
    return events_prune(delivered_before=cutoff, keep=in_use)
