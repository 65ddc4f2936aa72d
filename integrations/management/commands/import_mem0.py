"""`manage.py import_mem0 FILE --community SLUG`: memories exported from Mem0, in; safe to run again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from integrations.importers.common import ImportFileError, community_for_command
from integrations.importers.mem0 import mem0_import, mem0_read
from memories.management.progress import progress_bar
from memoryhub.ai.embeddings import EmbeddingUnavailableError


class Command(BaseCommand):
    help = (
        "Import a Mem0 export (its memories with user_id, memory, created_at, metadata, categories) as memories "
        "of source import. Safe to run again: memories imported before are skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the Mem0 export (JSON)")
        parser.add_argument("--community", required=True, help="the community's slug; user_id is a platform id in it")

    def handle(self, *args: Any, **options: Any) -> None:
        community = community_for_command(options["community"])
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"{path} is not a file.")
        try:
            memories, report = mem0_read(path)
        except ImportFileError as error:
            raise CommandError(str(error)) from error
        verbosity = options["verbosity"]
        try:
            with progress_bar(self, "Importing", " memories", verbosity) as progress:
                mem0_import(community=community, memories=memories, report=report, progress=progress)
        except EmbeddingUnavailableError as error:
            raise CommandError(
                f"Embeddings are unavailable ({error}); {report.imported} memories were imported. "
                "Run the command again once they are back: it goes on where it stopped."
            ) from error
        if verbosity:
            self.stdout.write("\n".join(report.lines(noun="memories", verbose=verbosity > 1)))
