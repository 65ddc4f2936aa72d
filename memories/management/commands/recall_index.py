from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import Community
from memories.management.progress import progress_bar
from memories.services.recall import recall_index_stored


class Command(BaseCommand):
    help = (
        "Make the lines already stored searchable for recall ('From past conversations'): every person's "
        "line not indexed yet, except those said with memory off; then embed again the entries without a "
        "vector of the active model. New lines are indexed by the worker as their windows are extracted."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--batch-size", type=int, default=256, help="Lines read and embedded per batch.")
        parser.add_argument("--community", metavar="SLUG", help="Only this community's lines.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["batch_size"] < 1:
            raise CommandError("--batch-size must be at least 1.")
        community = None
        if options["community"]:
            community = Community.objects.filter(slug=options["community"]).first()
            if community is None:
                raise CommandError(f"No community has the slug {options['community']!r}.")
        with progress_bar(self, "Indexing", " lines", options["verbosity"]) as progress:
            written = recall_index_stored(community=community, batch_size=options["batch_size"], progress=progress)
        self.stdout.write(f"Indexed or re-embedded {written} lines for recall.")
