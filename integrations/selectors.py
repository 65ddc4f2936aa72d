"""Reads for the webhooks: a moderator's endpoints and delivery log (permission-checked), what a
delivery's attempt needs, and the body each event is sent with."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.db.models import QuerySet
from django.http import Http404

from accounts.models import Community, User
from chat.models import Channel
from core.models import OutboxEvent, OutboxEventKind
from integrations.models import WebhookDelivery, WebhookEndpoint
from memories.models import Memory
from memories.selectors.people import platform_ids
from moderation.selectors import communities_moderated

Kind = OutboxEventKind
MEMORY_KINDS = (Kind.MEMORY_CREATED, Kind.MEMORY_UPDATED, Kind.MEMORY_DELETED)
TEXT_KINDS = (Kind.MEMORY_CREATED, Kind.MEMORY_UPDATED)  # a deleted memory's text is gone


# --- The moderation pages -------------------------------------------------------------------------


def webhook_endpoints_of(*, community: Community) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(community=community).order_by("pk")


def webhook_endpoint_get_for_moderator(*, user: User, pk: int) -> WebhookEndpoint:
    endpoint = (
        WebhookEndpoint.objects.filter(pk=pk, community__in=communities_moderated(user=user))
        .select_related("community")
        .first()
    )
    if endpoint is None:
        raise Http404("No such webhook endpoint in a community you moderate.")
    return endpoint


def webhook_delivery_get_for_moderator(*, user: User, pk: int) -> WebhookDelivery:
    delivery = (
        WebhookDelivery.objects.filter(pk=pk, endpoint__community__in=communities_moderated(user=user))
        .select_related("endpoint__community", "event")
        .first()
    )
    if delivery is None:
        raise Http404("No such webhook delivery in a community you moderate.")
    return delivery


def webhook_deliveries_log(
    *, community: Community, endpoint: WebhookEndpoint | None = None, limit: int = 50
) -> list[WebhookDelivery]:
    """The latest deliveries, newest first, with their endpoint and event (one query)."""
    deliveries = WebhookDelivery.objects.filter(endpoint__community=community)
    if endpoint is not None:
        deliveries = deliveries.filter(endpoint=endpoint)
    return list(deliveries.select_related("endpoint", "event").order_by("-pk")[:limit])


# --- Sending ------------------------------------------------------------------------------------


def webhook_delivery_for_attempt(*, pk: int) -> WebhookDelivery | None:
    return WebhookDelivery.objects.filter(pk=pk).select_related("endpoint__community", "event").first()


def webhook_payload(*, event: OutboxEvent, community: Community, include_text: bool, url: str) -> dict[str, Any]:
    """The body an event is sent with (Standard Webhooks' ``type``, ``timestamp`` and ``data``),
    read anew at each attempt: nothing of it is stored.

    A person is named by their platform id in the community (``user``), as the API names them, so
    that a bot can call ``/users/{id}/…`` at once; null for a person known only on the web. A
    memory's text goes only to an https endpoint that asked for it, and only while the memory is
    there."""
    data: dict[str, Any] = {"community": community.slug}
    payload = event.payload
    if event.kind in MEMORY_KINDS or event.kind in (Kind.MEMORY_OFF, Kind.MEMORY_ON):
        handles = platform_ids(community=community, user_ids=[event.subject_id])
        data["user"] = handles.get(event.subject_id) if event.subject_id is not None else None
    if event.kind in MEMORY_KINDS:
        data["memory"] = payload.get("memory")
        if include_text and event.kind in TEXT_KINDS and urlsplit(url).scheme == "https":
            data["content"] = (
                Memory.objects.filter(pk=payload.get("memory"), community=community)
                .values_list("content", flat=True)
                .first()
            )
    elif event.kind in (Kind.MEMORY_OFF, Kind.MEMORY_ON):
        data["scope"] = "person" if event.subject_id is not None else "community"
    elif event.kind == Kind.WINDOW_FAILED:
        data["window"] = payload.get("window")
        data["channel"] = (
            Channel.objects.filter(pk=payload.get("channel"), community=community)
            .values_list("external_id", flat=True)
            .first()
        )
    else:  # erasure.completed, erasure.community_completed: the request's id alone
        data["erasure_request"] = payload.get("erasure_request")
    return {"type": event.kind, "timestamp": event.created_at.isoformat(), "data": data}
