from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.management.progress import maintenance_arguments, maintenance_run
from memories.services.maintenance import memories_prune_expired


class Command(BaseCommand):
    help = (
        "Delete every expired memory, each with its revision, in batches (beat runs this hourly). "
        "Does nothing if another run is under way."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        maintenance_arguments(parser)

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = maintenance_run(self, options, label="Pruning", unit=" memories", run=memories_prune_expired)
        self.stdout.write(f"{deleted} expired memories deleted.")
