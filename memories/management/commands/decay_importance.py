from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.management.progress import maintenance_arguments, maintenance_run
from memories.services.maintenance import DECAY_BATCH_SIZE, memories_decay_importance


class Command(BaseCommand):
    help = (
        "Lower by 1 %% the importance of every memory nobody recalled in the last day, in batches "
        "(beat runs this daily: run it once a day). Does nothing if another run is under way."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        maintenance_arguments(parser, batch_size=DECAY_BATCH_SIZE)

    def handle(self, *args: Any, **options: Any) -> None:
        decayed = maintenance_run(self, options, label="Decaying", unit=" ids", run=memories_decay_importance)
        self.stdout.write(f"{decayed} memories lost 1 % of their importance.")
