"""Empty the folder where this machine's processes write their metrics (``make run`` calls it).

Run it when none of the machine's MemoryHub processes runs, before starting them: the files of a
process that stopped keep its counts (a scrape still adds them up, so the totals only grow while
the processes come and go), and are dropped here so that the folder does not grow for ever.
Prometheus reads the totals starting again from zero as a counter reset. Nothing to do with
``MEMORYHUB_METRICS`` off.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Delete the metrics files of the processes of this machine (run it before starting them)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.MEMORYHUB_METRICS:
            self.stdout.write("metrics: off, nothing to reset")
            return
        removed = 0
        for path in settings.PROMETHEUS_MULTIPROC_DIR.glob("*.db"):
            path.unlink(missing_ok=True)
            removed += 1
        self.stdout.write(
            f"metrics: {removed} file{'s' if removed != 1 else ''} removed from {settings.PROMETHEUS_MULTIPROC_DIR}"
        )
