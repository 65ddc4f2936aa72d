from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from memories.management.progress import embedding_arguments, embedding_options, progress_bar
from memories.services.embeddings import memory_embeddings_rebuild
from memoryhub.ai.embeddings import embedder_get


class Command(BaseCommand):
    help = (
        "Rebuild memory embeddings with the active embedding model (MEMORYHUB_EMBEDDINGS): those with no "
        "embedding or another model's, or all of them with --all."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all", action="store_true", dest="everything", help="Rebuild every memory, even the current model's."
        )
        embedding_arguments(parser, unit="Memories")

    def handle(self, *args: Any, **options: Any) -> None:
        batch_size, community = embedding_options(options)
        model_name = embedder_get().model_name
        with progress_bar(self, "Re-embedding", " memories", options["verbosity"]) as progress:
            rewritten = memory_embeddings_rebuild(
                community=community,
                everything=options["everything"],
                batch_size=batch_size,
                progress=progress,
            )
        if rewritten:
            self.stdout.write(f"Re-embedded {rewritten} memories with {model_name}.")
        else:
            self.stdout.write(f"Nothing to do: every memory already has an embedding from {model_name}.")
