from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.management.progress import embedding_arguments, embedding_options, progress_bar
from memories.services.recall import recall_index_stored, recall_packs_build


class Command(BaseCommand):
    help = (
        "Make the lines already stored searchable for recall ('From past conversations'): every person's "
        "line not indexed yet, except those said with memory off; then embed again the entries without a "
        "vector of the active model. New lines are indexed by the worker as their windows are extracted. "
        "--packs makes every person's packs (what ranking reads) again from their entries."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        embedding_arguments(parser, unit="Lines")
        parser.add_argument(
            "--packs", action="store_true", help="only make the packs again from the entries (after a restore)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        batch_size, community = embedding_options(options)
        if options["packs"]:
            packs = recall_packs_build(community=community)
            self.stdout.write(f"Made {packs} recall packs from the entries.")
            return
        with progress_bar(self, "Indexing", " lines", options["verbosity"]) as progress:
            written = recall_index_stored(community=community, batch_size=batch_size, progress=progress)
        self.stdout.write(f"Indexed or re-embedded {written} lines for recall.")
