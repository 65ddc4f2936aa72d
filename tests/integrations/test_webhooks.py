"""Webhooks against a real receiver on 127.0.0.1, one attempt at a time in this process: what is
sent and signed, what is never sent, where nothing is sent, when an endpoint gives up, and what an
erasure leaves. (tests/integrations/test_webhook_worker.py sends them through a real worker.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.utils import timezone
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

from accounts.models import Community, User
from accounts.services import identity_resolve
from core.models import OutboxEvent, OutboxEventKind
from integrations.forms import WebhookEndpointForm
from integrations.models import WebhookDelivery, WebhookEndpoint
from integrations.selectors import webhook_payload
from integrations.services.webhook_deliveries import (
    LEASE,
    Outcome,
    webhook_deliveries_due_queue,
    webhook_delivery_attempt,
    webhook_delivery_resend,
    webhook_log_prune,
    webhooks_dispatch,
)
from integrations.services.webhook_endpoints import webhook_endpoint_check, webhook_endpoint_create
from privacy.services.erasure import user_erase
from tests.support.memories import remember
from tests.support.webhook_receiver import WebhookReceiver

pytestmark = pytest.mark.django_db
Status = WebhookDelivery.Status


@pytest.fixture(scope="module")
def receiver_running() -> Iterator[WebhookReceiver]:
    with WebhookReceiver() as receiver:
        yield receiver


@pytest.fixture
def receiver(receiver_running: WebhookReceiver, settings: Any) -> WebhookReceiver:
    settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = True  # the receiver is on loopback
    receiver_running.reset()
    return receiver_running


@pytest.fixture
def olga(community: Community) -> User:
    return identity_resolve(community=community, external_id="olga_42", display_name="Olga")


@pytest.fixture
def endpoint(community: Community, receiver: WebhookReceiver) -> WebhookEndpoint:
    return webhook_endpoint_create(community=community, url=receiver.url, events=OutboxEventKind.values)


def _attempt_each_pending() -> list[Outcome | None]:
    """What beat and the worker do: fan the outbox out, then one attempt of each pending delivery."""
    webhooks_dispatch()
    return [
        webhook_delivery_attempt(delivery_id=delivery.pk, attempt=delivery.attempts)
        for delivery in WebhookDelivery.objects.filter(status=Status.PENDING).order_by("pk")
    ]


def _bodies(receiver: WebhookReceiver) -> list[dict[str, Any]]:
    return [json.loads(request.body) for request in receiver.requests]


def test_a_memory_event_is_posted_signed_naming_the_person_by_platform_id_without_its_text(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver
) -> None:
    memory = remember(community, olga, "Olga keeps bees on her roof")

    assert [outcome.code for outcome in _attempt_each_pending() if outcome] == [200]

    (request,) = receiver.requests
    body = Webhook(endpoint.secret).verify(request.body, request.headers)  # raises unless signed with it
    assert body["type"] == "memory.created"
    assert body["data"] == {"community": "gamers", "user": "olga_42", "memory": memory.pk}
    assert b"bees" not in request.body
    other = webhook_endpoint_create(community=community, url=endpoint.url, events=["memory.created"])
    with pytest.raises(WebhookVerificationError):
        Webhook(other.secret).verify(request.body, request.headers)
    delivery = WebhookDelivery.objects.get()
    assert request.headers["webhook-id"] == delivery.message_id
    assert (delivery.status, delivery.response_code, delivery.attempts) == (Status.DELIVERED, 200, 1)


def test_a_memorys_text_goes_only_to_an_https_endpoint_that_asked_for_it(community: Community, olga: User) -> None:
    memory = remember(community, olga, "Olga keeps bees on her roof")
    event = OutboxEvent.objects.get(kind="memory.created")

    def data(url: str, include_text: bool) -> dict[str, Any]:
        return webhook_payload(event=event, community=community, include_text=include_text, url=url)["data"]

    assert data("https://hooks.example.org/in", True)["content"] == "Olga keeps bees on her roof"
    assert "content" not in data("https://hooks.example.org/in", False)
    assert "content" not in data("http://hooks.example.org/in", True)
    with pytest.raises(ValidationError) as refusal:
        webhook_endpoint_check(url="http://93.184.215.14/in", events=["memory.created"], include_text=True)
    assert "https" in str(refusal.value.error_dict["include_text"])
    assert memory.pk == data("https://hooks.example.org/in", True)["memory"]


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:8000/hooks", "a loopback address"),
        ("http://localhost/hooks", "a loopback address"),
        ("http://[::ffff:127.0.0.1]/hooks", "a loopback address"),
        ("http://10.1.2.3/hooks", "a private address"),
        ("http://192.168.0.10/hooks", "a private address"),
        ("http://169.254.169.254/latest/meta-data", "a link-local address"),
        ("ftp://93.184.215.14/hooks", "http:// or https://"),
    ],
)
def test_an_endpoint_on_a_private_address_is_refused_when_saved(community: Community, url: str, reason: str) -> None:
    form = WebhookEndpointForm({"url": url, "events": ["memory.created"], "enabled": True})

    assert not form.is_valid()
    assert reason in str(form.errors["url"])
    with pytest.raises(ValidationError):
        webhook_endpoint_create(community=community, url=url, events=["memory.created"])
    assert not WebhookEndpoint.objects.exists()


def test_a_public_address_is_taken_and_a_private_one_too_when_the_setting_allows_it(
    settings: Any,
) -> None:
    assert WebhookEndpointForm({"url": "https://93.184.215.14/in", "events": ["memory.created"]}).is_valid()
    settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = True
    assert WebhookEndpointForm({"url": "http://10.1.2.3/in", "events": ["memory.created"]}).is_valid()


def test_a_name_that_resolves_to_a_private_address_at_send_time_is_refused_with_no_request(
    community: Community,
    olga: User,
    receiver: WebhookReceiver,
    settings: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    url = receiver.url.replace("127.0.0.1", "localhost")
    endpoint = webhook_endpoint_create(community=community, url=url, events=["memory.created"])
    remember(community, olga, "Olga keeps bees on her roof")
    settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = False  # as if the name now pointed at a private address

    (outcome,) = _attempt_each_pending()

    assert outcome is not None and outcome.code is None and outcome.retry_in is not None
    assert receiver.requests == []
    delivery = WebhookDelivery.objects.get(endpoint=endpoint)
    assert delivery.error.startswith("refused, no request made: localhost resolves to")
    assert "a loopback address" in delivery.error
    assert delivery.error in caplog.text


def test_a_redirect_is_not_followed(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver
) -> None:
    receiver.answer(302)
    remember(community, olga, "Olga keeps bees on her roof")

    (outcome,) = _attempt_each_pending()

    assert outcome is not None and (outcome.code, outcome.delivered) == (302, False)
    assert "redirects are not followed" in outcome.error
    assert len(receiver.requests) == 1


def test_an_endpoint_failing_for_a_day_is_disabled_and_its_deliveries_give_up(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver
) -> None:
    receiver.answer(500, 500, 500)
    remember(community, olga, "Olga keeps bees on her roof")
    remember(community, olga, "Olga moved to Tromsø")
    webhooks_dispatch()
    first, second = WebhookDelivery.objects.order_by("pk")
    start = timezone.now()

    with time_machine.travel(start, tick=False):
        assert webhook_delivery_attempt(delivery_id=first.pk, attempt=0) == Outcome(500, "HTTP 500", retry_in=30)
    with time_machine.travel(start + timedelta(hours=23), tick=False):
        webhook_delivery_attempt(delivery_id=first.pk, attempt=1)
    endpoint.refresh_from_db()
    assert (endpoint.enabled, endpoint.failing_since) == (True, start)
    with time_machine.travel(start + timedelta(hours=24, minutes=1), tick=False):
        outcome = webhook_delivery_attempt(delivery_id=first.pk, attempt=2)

    assert outcome is not None and outcome.retry_in is None
    endpoint.refresh_from_db()
    assert not endpoint.enabled and "no delivery succeeded since" in endpoint.disabled_reason
    assert list(WebhookDelivery.objects.order_by("pk").values_list("status", "attempts")) == [
        (Status.FAILED, 3),
        (Status.FAILED, 0),  # waiting, it gives up with its endpoint
    ]
    assert webhook_delivery_attempt(delivery_id=second.pk, attempt=0) is None  # nothing is sent any more
    assert len(receiver.requests) == 3


def test_the_sweep_sends_again_only_an_attempt_whose_task_was_lost(
    community: Community, olga: User, endpoint: WebhookEndpoint
) -> None:
    remember(community, olga, "Olga keeps bees on her roof")
    webhooks_dispatch()  # its task is queued, and holds the delivery for a lease

    assert webhook_deliveries_due_queue() == 0
    with time_machine.travel(timezone.now() + LEASE + timedelta(seconds=1)):
        assert webhook_deliveries_due_queue() == 1  # the task never came: it is sent again


def test_resend_sends_a_delivery_again_with_the_same_webhook_id(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver
) -> None:
    remember(community, olga, "Olga keeps bees on her roof")
    _attempt_each_pending()
    delivery = WebhookDelivery.objects.select_related("endpoint").get()

    webhook_delivery_resend(delivery=delivery)
    assert webhook_delivery_attempt(delivery_id=delivery.pk, attempt=0) is None  # the first attempt is not made twice
    _attempt_each_pending()

    first, again = receiver.requests
    assert first.headers["webhook-id"] == again.headers["webhook-id"] == delivery.message_id
    assert first.body == again.body
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (Status.DELIVERED, 2)


def test_an_erasure_takes_the_persons_deliveries_and_is_announced_by_its_request_alone(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver
) -> None:
    remember(community, olga, "Olga keeps bees on her roof")
    receiver.answer(500)  # hers failed once: the erasure takes it all the same
    _attempt_each_pending()
    assert WebhookDelivery.objects.filter(event__subject_id=olga.pk).count() == 1

    tombstone = user_erase(user=olga, via="self", requested_by=olga)

    assert not WebhookDelivery.objects.exists()
    assert tombstone.deleted_counts["integrations.WebhookDelivery"] == 1
    _attempt_each_pending()
    body = _bodies(receiver)[-1]
    assert body["type"] == "erasure.completed"
    assert body["data"] == {"community": "gamers", "erasure_request": tombstone.pk}
    assert b"olga" not in receiver.requests[-1].body.lower()


def test_the_log_keeps_its_days_and_what_is_still_in_use_then_goes_with_its_events(
    community: Community, olga: User, endpoint: WebhookEndpoint, receiver: WebhookReceiver, settings: Any
) -> None:
    settings.MEMORYHUB_WEBHOOKS_LOG_DAYS = 30
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        receiver.answer(200, 500)
        remember(community, olga, "Olga keeps bees on her roof")  # delivered
        remember(community, olga, "Olga moved to Tromsø")  # failed once: still pending
        remember(community, olga, "Olga sings in a choir")  # delivered, then resent later
        _attempt_each_pending()
    delivered, pending, resent = WebhookDelivery.objects.order_by("pk")
    assert [delivered.status, pending.status, resent.status] == [Status.DELIVERED, Status.PENDING, Status.DELIVERED]
    with time_machine.travel(start + timedelta(days=20), tick=False):
        webhook_delivery_resend(delivery=resent)
        webhook_delivery_attempt(delivery_id=resent.pk, attempt=resent.attempts)
        remember(community, olga, "Olga learns Sámi")  # fanned out 20 days in
        webhooks_dispatch()
    assert webhook_log_prune(now=start + timedelta(days=29)) == {}  # nothing is 30 days old yet

    deleted = webhook_log_prune(now=start + timedelta(days=30, seconds=1))

    assert deleted == {"core.OutboxEvent": 1, "integrations.WebhookDelivery": 1}
    assert not WebhookDelivery.objects.filter(pk=delivered.pk).exists()
    assert not OutboxEvent.objects.filter(pk=delivered.event_id).exists()
    assert WebhookDelivery.objects.filter(pk__in=[pending.pk, resent.pk]).count() == 2
    assert OutboxEvent.objects.count() == 3
