from __future__ import annotations

from django.apps import AppConfig


class IntegrationsConfig(AppConfig):
    """What connects MemoryHub to other systems (webhooks, the MCP server, importers): the top floor."""

    name = "integrations"
    default_auto_field = "django.db.models.BigAutoField"
