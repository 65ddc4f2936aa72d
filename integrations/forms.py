"""The webhook endpoint's form, for the moderation pages and the admin alike: the services'
checks, shown beside their fields."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from core.models import OutboxEventKind
from integrations.models import WebhookEndpoint
from integrations.services.webhook_endpoints import webhook_endpoint_check


class WebhookEndpointForm(forms.ModelForm):
    url = forms.URLField(
        label="URL",
        max_length=2000,
        assume_scheme="https",
        help_text="Where each event is posted (a public address; https:// to receive memories' text).",
    )
    events = forms.MultipleChoiceField(
        choices=OutboxEventKind.choices,
        widget=forms.CheckboxSelectMultiple,
        help_text="What to send: docs/integrations.md shows each event's body.",
    )

    class Meta:
        model = WebhookEndpoint
        fields = ["url", "events", "include_text", "enabled"]
        help_texts = {
            "enabled": "Off: nothing is sent. A day of failures turns it off; turning it on starts afresh.",
        }

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            webhook_endpoint_check(
                url=cleaned["url"], events=cleaned["events"], include_text=cleaned.get("include_text", False)
            )
        except ValidationError as error:
            for field, errors in error.error_dict.items():
                self.add_error(field, errors)
        return cleaned
