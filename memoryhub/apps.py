from __future__ import annotations

from django.apps import AppConfig


class MemoryHubConfig(AppConfig):
    name = "memoryhub"
    verbose_name = "MemoryHub"

    def ready(self) -> None:
        from memoryhub import checks  # noqa: F401  (registers the configuration checks)
