"""`manage.py import_history FILE --community SLUG [--channel ID]`: a community's chat history, in.

The whole file is read first: a file that cannot be read is refused before anything is stored.
Then its messages go through the ingest bots use, with their own times, in batches each stored
whole; a second run (or a run after an interruption) stores only what is not there yet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from chat.models import channel_id_is_web
from integrations.importers.common import ImportFileError, community_for_command
from integrations.importers.history import FORMATS, history_format, history_import, history_read
from memories.management.progress import progress_bar


class Command(BaseCommand):
    help = (
        "Import a community's chat history: a DiscordChatExporter JSON file, a Slack export (folder or zip) or "
        "JSONL of {author, author_name, content, sent_at}. Safe to run again: messages already stored are skipped."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the export: a file, or a Slack export's folder or zip")
        parser.add_argument("--community", required=True, help="the community's slug")
        parser.add_argument(
            "--channel",
            help=(
                "the channel's id, as your bot names it (default: the Discord export's channel id; needed for "
                "JSONL). For Slack, the channel to read, by name or id: it is stored under its Slack id."
            ),
        )
        parser.add_argument("--format", choices=FORMATS, help="the file's format (default: told from the file)")

    def handle(self, *args: Any, **options: Any) -> None:
        community = community_for_command(options["community"])
        path: Path = options["file"]
        if not path.exists():
            raise CommandError(f"{path} does not exist.")
        file_format = options["format"] or history_format(path)
        try:
            read = history_read(path, file_format=file_format, channel=options["channel"])
        except ImportFileError as error:
            raise CommandError(str(error)) from error
        channel_id = read.channel_id if file_format == "slack" else (options["channel"] or read.channel_id)
        if not channel_id:
            raise CommandError("Name the channel the history goes to with --channel (the id your bot uses).")
        if channel_id_is_web(channel_id):
            raise CommandError(f"{channel_id!r} is a person's web chat, which no history is imported into.")
        verbosity = options["verbosity"]
        with progress_bar(self, "Importing", " messages", verbosity) as progress:
            imported = history_import(
                community=community,
                channel_id=channel_id[:200],
                channel_name=read.channel_name or channel_id,
                read=read,
                progress=progress,
            )
        if verbosity:
            self.stdout.write(f"{file_format} export into channel {channel_id!r} of {community.slug}:")
            self.stdout.write("\n".join(read.report.lines(noun="messages", verbose=verbosity > 1)))
            self.stdout.write(f"{imported.windows} conversation windows, extracted by the worker as live ones are.")
            if imported.memory_off:
                self.stdout.write(
                    f"{imported.memory_off} messages were said while their author's memory was off: "
                    "stored for the conversation, never remembered."
                )
