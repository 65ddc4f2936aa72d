"""A community's webhook endpoints: made, changed, their secret rotated, deleted.

Every write checks what it is given (``webhook_endpoint_check``) and raises Django's
``ValidationError`` by field, so a form shows the reason beside the field and nothing is saved.
"""

from __future__ import annotations

import base64
import secrets
from collections.abc import Sequence
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.models import Community
from core.models import OutboxEventKind
from integrations.models import WebhookDelivery, WebhookEndpoint
from integrations.services.webhook_addresses import AddressRefusedError, target_resolve

SECRET_BYTES = 32  # Standard Webhooks asks for 24 to 64


def webhook_secret_generate() -> str:
    """A new signing secret in Standard Webhooks' form: ``whsec_`` and 32 random bytes in base64."""
    return "whsec_" + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def webhook_url_check(url: str) -> None:
    """Refuse a URL webhooks may not be sent to (not http(s), or not a public address now)."""
    try:
        target_resolve(url)
    except AddressRefusedError as error:
        raise ValidationError(f"Refused: {error}.", code="address_refused") from error


def webhook_endpoint_check(*, url: str, events: Sequence[str], include_text: bool) -> None:
    """Every reason, by field, that this endpoint cannot be saved."""
    errors: dict[str, list[ValidationError]] = {}
    try:
        webhook_url_check(url)
    except ValidationError as error:
        errors["url"] = [error]
    unknown = sorted(set(events) - set(OutboxEventKind.values))
    if unknown or not events:
        errors["events"] = [ValidationError(f"Choose at least one known event (not {', '.join(unknown) or 'none'}).")]
    if include_text and urlsplit(url).scheme != "https":
        errors["include_text"] = [ValidationError("A memory's text is sent to an https:// URL only.")]
    if errors:
        raise ValidationError(errors)


def webhook_endpoint_create(
    *, community: Community, url: str, events: Sequence[str], include_text: bool = False
) -> WebhookEndpoint:
    webhook_endpoint_check(url=url, events=events, include_text=include_text)
    return WebhookEndpoint.objects.create(
        community=community,
        url=url,
        events=sorted(set(events)),
        include_text=include_text,
        secret=webhook_secret_generate(),
    )


@transaction.atomic
def webhook_endpoint_update(
    *, endpoint: WebhookEndpoint, url: str, events: Sequence[str], include_text: bool, enabled: bool
) -> WebhookEndpoint:
    """Change an endpoint. Turned on again, it starts afresh: its failures are forgotten."""
    webhook_endpoint_check(url=url, events=events, include_text=include_text)
    endpoint.url, endpoint.events, endpoint.include_text = url, sorted(set(events)), include_text
    fields = ["url", "events", "include_text", "enabled"]
    if enabled and not endpoint.enabled:
        endpoint.failing_since, endpoint.disabled_reason = None, ""
        fields += ["failing_since", "disabled_reason"]
    if not enabled and endpoint.enabled:
        endpoint.disabled_reason = "turned off by a moderator"
        fields.append("disabled_reason")
        webhook_deliveries_give_up(endpoint=endpoint, error="the endpoint was turned off")
    endpoint.enabled = enabled
    endpoint.save(update_fields=fields)
    return endpoint


def webhook_endpoint_secret_rotate(*, endpoint: WebhookEndpoint) -> str:
    """A new secret, used from the next attempt on; the old one signs nothing more."""
    endpoint.secret = webhook_secret_generate()
    endpoint.save(update_fields=["secret"])
    return endpoint.secret


def webhook_endpoint_delete(*, endpoint: WebhookEndpoint) -> None:
    """Delete the endpoint and its delivery log."""
    endpoint.delete()


def webhook_deliveries_give_up(*, endpoint: WebhookEndpoint, error: str) -> int:
    """Mark the endpoint's waiting deliveries failed (a Resend tries one again). How many."""
    return WebhookDelivery.objects.filter(endpoint=endpoint, status=WebhookDelivery.Status.PENDING).update(
        status=WebhookDelivery.Status.FAILED, error=error[:300], next_attempt_at=None
    )
