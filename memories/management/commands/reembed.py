from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser, OutputWrapper

from accounts.models import Community
from memories.services.embeddings import memory_embeddings_rebuild
from memoryhub.ai.embeddings import embedder_get


def _plain(text: str) -> str:
    return text


class ProgressBar:
    """``Re-embedding [#########.....]  60% 1536/2560`` on stderr: redrawn in place on a terminal,
    one line per batch in a log."""

    width = 30

    def __init__(self, stream: OutputWrapper) -> None:
        self.stream = stream
        self.in_place = stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // total if total else self.width
        percent = 100 * done // total if total else 100
        line = f"Re-embedding [{'#' * filled}{'.' * (self.width - filled)}] {percent:3d}% {done}/{total}"
        if self.in_place:
            # Plain, not the red Django gives everything on stderr: progress is no error.
            self.stream.write(f"\r{line}", style_func=_plain, ending="")
            self.stream.flush()
        else:
            self.stream.write(line, style_func=_plain)

    def close(self) -> None:
        if self.in_place:
            self.stream.write("", style_func=_plain)


class Command(BaseCommand):
    help = (
        "Rebuild memory embeddings with the active embedding model (MEMORYHUB_EMBEDDINGS): those with no "
        "embedding or another model's, or all of them with --all."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--all", action="store_true", dest="everything", help="Rebuild every memory, even the current model's."
        )
        parser.add_argument("--batch-size", type=int, default=256, help="Memories embedded per batch (default 256).")
        parser.add_argument("--community", metavar="SLUG", help="Only this community's memories.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["batch_size"] < 1:
            raise CommandError("--batch-size must be at least 1.")
        community = None
        if options["community"]:
            community = Community.objects.filter(slug=options["community"]).first()
            if community is None:
                raise CommandError(f"No community has the slug {options['community']!r}.")
        model_name = embedder_get().model_name
        progress = ProgressBar(self.stderr)
        try:
            rewritten = memory_embeddings_rebuild(
                community=community,
                everything=options["everything"],
                batch_size=options["batch_size"],
                progress=progress,
            )
        finally:
            progress.close()
        if rewritten:
            self.stdout.write(f"Re-embedded {rewritten} memories with {model_name}.")
        else:
            self.stdout.write(f"Nothing to do: every memory already has an embedding from {model_name}.")
