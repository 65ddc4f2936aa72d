from __future__ import annotations

from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    """Forget me, export and erasure: the workflows that touch every app, so they stand above them."""

    name = "privacy"
    default_auto_field = "django.db.models.BigAutoField"
