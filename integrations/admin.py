"""The webhooks in the admin: endpoints (their secret shown, rotated by an action) and the
delivery log, read-only, with a Resend action. Every change goes through the services."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from core.readonly_admin import ReadOnlyModelAdmin
from integrations.forms import WebhookEndpointForm
from integrations.models import WebhookDelivery, WebhookEndpoint
from integrations.services.webhook_deliveries import webhook_delivery_resend
from integrations.services.webhook_endpoints import (
    webhook_endpoint_create,
    webhook_endpoint_delete,
    webhook_endpoint_secret_rotate,
    webhook_endpoint_update,
)


class WebhookEndpointAdminForm(WebhookEndpointForm):
    class Meta(WebhookEndpointForm.Meta):
        fields = ["community", *WebhookEndpointForm.Meta.fields]


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    form = WebhookEndpointAdminForm
    list_display = ("url", "community", "enabled", "include_text", "failing_since", "created_at")
    list_filter = ("enabled", "community")
    list_select_related = ("community",)
    search_fields = ("url", "community__name", "community__slug")
    readonly_fields = ("secret", "failing_since", "disabled_reason", "created_at")
    actions = ("rotate_secret",)

    def get_readonly_fields(self, request: HttpRequest, obj: WebhookEndpoint | None = None) -> tuple[str, ...]:
        return ("community", *self.readonly_fields) if obj is not None else self.readonly_fields

    def save_model(self, request: HttpRequest, obj: WebhookEndpoint, form: forms.ModelForm, change: bool) -> None:
        fields: dict[str, Any] = {
            "url": obj.url,
            "events": form.cleaned_data["events"],
            "include_text": obj.include_text,
        }
        if change:
            enabled = obj.enabled
            obj.enabled = WebhookEndpoint.objects.values_list("enabled", flat=True).get(pk=obj.pk)
            webhook_endpoint_update(endpoint=obj, enabled=enabled, **fields)
            return
        made = webhook_endpoint_create(community=obj.community, **fields)
        obj.pk, obj.secret, obj.created_at = made.pk, made.secret, made.created_at

    def delete_model(self, request: HttpRequest, obj: WebhookEndpoint) -> None:
        webhook_endpoint_delete(endpoint=obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint]) -> None:
        for endpoint in queryset:
            webhook_endpoint_delete(endpoint=endpoint)

    @admin.action(description="Rotate the secret of the selected endpoints", permissions=["change"])
    def rotate_secret(self, request: HttpRequest, queryset: QuerySet[WebhookEndpoint]) -> None:
        for endpoint in queryset:
            webhook_endpoint_secret_rotate(endpoint=endpoint)
        self.message_user(request, f"New secrets for {queryset.count()} endpoint(s): give them to the receivers.")


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(ReadOnlyModelAdmin):
    list_display = (
        "message_id",
        "endpoint",
        "kind",
        "status",
        "response_code",
        "attempts",
        "queued_at",
        "last_attempt_at",
        "delivered_at",
    )
    list_filter = ("status", "endpoint__community")
    list_select_related = ("endpoint", "event")
    search_fields = ("message_id", "endpoint__url")
    actions = ("resend",)

    @admin.display(description="event")
    def kind(self, delivery: WebhookDelivery) -> str:
        return delivery.event.kind

    def has_resend_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.is_staff) and self.has_view_permission(request)

    @admin.action(description="Resend the selected deliveries", permissions=["resend"])
    def resend(self, request: HttpRequest, queryset: QuerySet[WebhookDelivery]) -> None:
        sent = 0
        for delivery in queryset.select_related("endpoint"):
            try:
                webhook_delivery_resend(delivery=delivery)
            except ValueError as error:
                self.message_user(request, f"{delivery}: {error}", messages.WARNING)
            else:
                sent += 1
        self.message_user(request, f"Resending {sent} deliver{'y' if sent == 1 else 'ies'}.")
