"""The webhooks' moderation pages (/moderation/communities/<id>/webhooks): a community's
endpoints, their secret and delivery log, with a Resend. Moderation links here by URL name; the
permission checks are moderation's own (``community_get_for_moderator``, and getters that start
from the communities the signed-in person moderates)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from accounts.web import signed_in
from core.htmx import HtmxHttpRequest, page_notice
from integrations.forms import WebhookEndpointForm
from integrations.selectors import (
    webhook_deliveries_log,
    webhook_delivery_get_for_moderator,
    webhook_endpoint_get_for_moderator,
    webhook_endpoints_of,
)
from integrations.services.webhook_deliveries import webhook_delivery_resend
from integrations.services.webhook_endpoints import (
    webhook_endpoint_create,
    webhook_endpoint_delete,
    webhook_endpoint_secret_rotate,
    webhook_endpoint_update,
)
from moderation.selectors import community_get_for_moderator


@login_required
@require_http_methods(["GET", "POST"])
def webhook_list(request: HtmxHttpRequest, community_id: int) -> HttpResponse:
    """The community's endpoints, a form for a new one, and the latest deliveries to any."""
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    form = WebhookEndpointForm(request.POST or None, initial={"enabled": True})
    if request.method == "POST" and form.is_valid():
        endpoint = webhook_endpoint_create(
            community=community,
            url=form.cleaned_data["url"],
            events=form.cleaned_data["events"],
            include_text=form.cleaned_data["include_text"],
        )
        messages.success(request, "Endpoint added. Give its secret to the receiver: it verifies every request.")
        return redirect("moderation-webhook", pk=endpoint.pk)
    return render(
        request,
        "integrations/webhooks.html",
        {
            "community": community,
            "endpoints": webhook_endpoints_of(community=community),
            "form": form,
            "deliveries": webhook_deliveries_log(community=community),
            "nav": "moderation",
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def webhook_detail(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """One endpoint: its settings, its secret, its delivery log."""
    endpoint = webhook_endpoint_get_for_moderator(user=signed_in(request), pk=pk)
    form = WebhookEndpointForm(request.POST or None, instance=endpoint)
    if request.method == "POST" and form.is_valid():
        webhook_endpoint_update(
            endpoint=webhook_endpoint_get_for_moderator(user=signed_in(request), pk=pk),  # as stored
            url=form.cleaned_data["url"],
            events=form.cleaned_data["events"],
            include_text=form.cleaned_data["include_text"],
            enabled=form.cleaned_data["enabled"],
        )
        messages.success(request, "Endpoint saved.")
        return redirect("moderation-webhook", pk=pk)
    return render(
        request,
        "integrations/endpoint.html",
        {
            "endpoint": endpoint,
            "community": endpoint.community,
            "form": form,
            "deliveries": webhook_deliveries_log(community=endpoint.community, endpoint=endpoint),
            "nav": "moderation",
        },
    )


@login_required
@require_POST
def webhook_rotate(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    endpoint = webhook_endpoint_get_for_moderator(user=signed_in(request), pk=pk)
    webhook_endpoint_secret_rotate(endpoint=endpoint)
    messages.success(request, "New secret: requests are signed with it from now on. Give it to the receiver.")
    return redirect("moderation-webhook", pk=pk)


@login_required
@require_POST
def webhook_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    endpoint = webhook_endpoint_get_for_moderator(user=signed_in(request), pk=pk)
    community_id = endpoint.community_id
    webhook_endpoint_delete(endpoint=endpoint)
    messages.success(request, "Endpoint deleted, with its delivery log.")
    return redirect("moderation-webhooks", community_id=community_id)


@login_required
@require_POST
def webhook_resend(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """Send a delivery again (same ``webhook-id``); over HTMX, its row comes back as it is now."""
    delivery = webhook_delivery_get_for_moderator(user=signed_in(request), pk=pk)
    try:
        delivery = webhook_delivery_resend(delivery=delivery)
        notice = "Queued to be sent again."
    except ValueError as error:
        notice = str(error)
    if request.htmx:
        context = {"delivery": delivery, "show_endpoint": bool(request.POST.get("show_endpoint"))}
        response = render(request, "integrations/_delivery_row.html", context)
        return page_notice(response, notice)
    messages.info(request, notice)
    return redirect("moderation-webhook", pk=delivery.endpoint_id)
