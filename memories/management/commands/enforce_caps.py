from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.management.progress import maintenance_arguments, maintenance_run
from memories.services.maintenance import memories_cap_enforce_all


class Command(BaseCommand):
    help = (
        "Keep every person within their community's memory cap: the lowest importance, then the oldest, "
        "are deleted with their revisions, in batches (beat runs this hourly). Does nothing if another run "
        "is under way."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        maintenance_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = maintenance_run(self, options, label="Capping", unit=" people", run=memories_cap_enforce_all)
        self.stdout.write(f"{deleted} memories over their person's cap deleted.")
