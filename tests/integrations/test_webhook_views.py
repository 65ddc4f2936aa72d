"""The webhooks' moderation pages: only a community's moderators see them, an endpoint on a private
address is refused with its reason, and the delivery log's Resend queues a delivery again."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, User
from accounts.services import identity_resolve
from integrations.models import WebhookDelivery, WebhookEndpoint
from integrations.services.webhook_deliveries import webhook_delivery_attempt, webhooks_dispatch
from integrations.services.webhook_endpoints import webhook_endpoint_create
from tests.moderation import test_moderation_views as moderation_views
from tests.support.memories import remember

pytestmark = pytest.mark.django_db

moderator = moderation_views.moderator  # a moderator of the community


@pytest.fixture
def failed_delivery(community: Community) -> WebhookDelivery:
    """A delivery to an endpoint whose name resolves to nowhere: failed once, waiting."""
    endpoint = webhook_endpoint_create(community=community, url="https://93.184.215.14/in", events=["memory.created"])
    WebhookEndpoint.objects.filter(pk=endpoint.pk).update(url="https://hooks.invalid/in")
    olga = identity_resolve(community=community, external_id="olga_42", display_name="Olga")
    remember(community, olga, "Olga keeps bees on her roof")
    webhooks_dispatch()
    delivery = WebhookDelivery.objects.get()
    webhook_delivery_attempt(delivery_id=delivery.pk, attempt=0)
    delivery.refresh_from_db()
    return delivery


def test_a_member_who_does_not_moderate_gets_no_webhook_page(
    client: Client, community: Community, member: User, failed_delivery: WebhookDelivery
) -> None:
    client.force_login(member)
    assert client.get(reverse("moderation-webhooks", args=[community.pk])).status_code == 404
    assert client.get(reverse("moderation-webhook", args=[failed_delivery.endpoint_id])).status_code == 404
    assert client.post(reverse("moderation-webhook-resend", args=[failed_delivery.pk])).status_code == 404


def test_a_moderator_sees_the_delivery_log_and_resends_a_delivery(
    client: Client, community: Community, moderator: User, failed_delivery: WebhookDelivery
) -> None:
    client.force_login(moderator)
    assert (
        reverse("moderation-webhooks", args=[community.pk])
        in client.get(reverse("moderation-overview", args=[community.pk])).content.decode()
    )

    page = client.get(reverse("moderation-webhook", args=[failed_delivery.endpoint_id])).content.decode()

    assert failed_delivery.endpoint.secret in page
    assert "memory.created" in page and "hooks.invalid does not resolve" in page
    assert "olga" not in page.lower()  # the log names no one
    row = client.post(reverse("moderation-webhook-resend", args=[failed_delivery.pk]), headers={"HX-Request": "true"})
    assert row.status_code == 200 and f'id="delivery-{failed_delivery.pk}"' in row.content.decode()
    failed_delivery.refresh_from_db()
    assert (failed_delivery.status, failed_delivery.error) == (WebhookDelivery.Status.PENDING, "")


def test_an_endpoint_on_a_loopback_address_is_refused_with_its_reason(
    client: Client, community: Community, moderator: User
) -> None:
    client.force_login(moderator)
    url = reverse("moderation-webhooks", args=[community.pk])

    refused = client.post(url, {"url": "http://127.0.0.1:8000/in", "events": ["memory.created"], "enabled": "on"})
    taken = client.post(url, {"url": "https://93.184.215.14/in", "events": ["memory.created", "window.failed"]})

    assert "127.0.0.1 is a loopback address" in refused.content.decode()
    endpoint = WebhookEndpoint.objects.get()
    assert taken["Location"] == reverse("moderation-webhook", args=[endpoint.pk])
    assert (endpoint.url, endpoint.events, endpoint.secret[:6]) == (
        "https://93.184.215.14/in",
        ["memory.created", "window.failed"],
        "whsec_",
    )


def test_staff_add_an_endpoint_and_resend_a_delivery_in_the_admin(
    admin_client: Client, community: Community, failed_delivery: WebhookDelivery
) -> None:
    added = admin_client.post(
        reverse("admin:integrations_webhookendpoint_add"),
        {"community": community.pk, "url": "http://10.0.0.7/in", "events": ["window.failed"], "enabled": "on"},
    )
    assert "10.0.0.7 is a private address" in added.content.decode()
    admin_client.post(
        reverse("admin:integrations_webhookendpoint_add"),
        {"community": community.pk, "url": "https://93.184.215.14/other", "events": ["window.failed"]},
    )
    assert WebhookEndpoint.objects.filter(url="https://93.184.215.14/other", secret__startswith="whsec_").exists()

    log = admin_client.get(reverse("admin:integrations_webhookdelivery_changelist")).content.decode()
    assert failed_delivery.message_id in log
    admin_client.post(
        reverse("admin:integrations_webhookdelivery_changelist"),
        {"action": "resend", "_selected_action": [failed_delivery.pk]},
    )
    failed_delivery.refresh_from_db()
    assert (failed_delivery.status, failed_delivery.error) == (WebhookDelivery.Status.PENDING, "")
