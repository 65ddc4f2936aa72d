"""Chat history into a channel, through the ingest bots use (``chat.ingest.messages_ingest``).

Each format's reader (``discord``, ``slack``, ``jsonl``) turns its file into ``HistoryLine``s with
the platform's message ids, so that running an import again stores nothing twice. The lines go in
by their own times, in batches cut where the talk went quiet: ingest then splits them into windows
by those times (a quiet gap, the message cap, the duration cap) exactly as it would have live, and
closes the windows that are over at once, for the worker to extract like any other.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.utils import timezone

from accounts.models import Community
from chat.ingest import MAX_BATCH, MAX_FUTURE, IngestItem, messages_ingest
from chat.models import MESSAGE_MAX_LENGTH
from core.text import text_clean
from integrations.importers.common import ImportReport, Skipped
from memories.services.maintenance import Progress

FORMATS = ("discord", "slack", "jsonl")


@dataclass(frozen=True)
class HistoryLine:
    message_id: str  # the platform's: a second import of the same line is a duplicate
    author: str  # the person's platform id
    author_name: str
    content: str
    sent_at: datetime


@dataclass
class HistoryRead:
    """A file read: its lines, what was left out, and the channel as the export names it."""

    channel_id: str = ""
    channel_name: str = ""
    lines: list[HistoryLine] = field(default_factory=list)
    report: ImportReport = field(default_factory=ImportReport)

    def unreadable(self) -> Skipped | None:
        """The first record, when there were records and none could be read at all: the file is
        not what it was taken for."""
        skipped = self.report.skipped
        if self.lines or not skipped or any(skip.reason != "malformed" for skip in skipped):
            return None
        return skipped[0]

    def line_add(
        self, where: str, *, message_id: str, author: str, author_name: str, text: str, sent_at: datetime
    ) -> None:
        """Keep a line, or skip it (with ``where`` it is) when it cannot be stored."""
        content = text_clean(text).strip()
        if not content:
            self.report.skip("empty", where)
        elif len(content) > MESSAGE_MAX_LENGTH:
            self.report.skip("too_long", where, f"{len(content)} characters, at most {MESSAGE_MAX_LENGTH}")
        elif sent_at > timezone.now() + MAX_FUTURE:
            self.report.skip("malformed", where, f"sent in the future, {sent_at.isoformat()}")
        else:
            self.lines.append(HistoryLine(message_id, author, author_name[:200], content, sent_at))


def history_format(path: Path) -> str:
    """The format of ``path``, from what it holds: a folder or zip is a Slack export, a JSON object
    with ``messages`` a DiscordChatExporter file, lines of JSON objects JSONL."""
    if path.is_dir() or path.suffix.lower() == ".zip":
        return "slack"
    with path.open("rb") as file:
        first = file.readline().strip()
    try:
        record = json.loads(first)
    except ValueError:
        # DiscordChatExporter writes its object over many lines: the first is a lone "{".
        return "discord" if first.startswith(b"{") and not first.endswith(b"}") else "jsonl"
    return "discord" if isinstance(record, dict) and "messages" in record else "jsonl"


def history_read(path: Path, *, file_format: str, channel: str | None) -> HistoryRead:
    """Read ``path`` in ``file_format`` (``FORMATS``), or raise ImportFileError; writes nothing."""
    from integrations.importers import discord, jsonl, slack

    readers = {"discord": discord.read, "slack": slack.read, "jsonl": jsonl.read}
    return readers[file_format](path, channel=channel)


def _batches(lines: Sequence[HistoryLine], quiet: timedelta) -> Iterator[list[HistoryLine]]:
    """Batches for ingest (at most MAX_BATCH), cut where the talk went quiet so that no
    conversation is split between two (a batch closes its last window if it is over)."""
    batch: list[HistoryLine] = []
    last_start = 0  # where the batch's last conversation begins
    for line in lines:
        if len(batch) == MAX_BATCH:
            cut = last_start or MAX_BATCH  # one conversation longer than a batch: cut anyway
            yield batch[:cut]
            batch, last_start = batch[cut:], 0
        if batch and line.sent_at - batch[-1].sent_at >= quiet:
            last_start = len(batch)
        batch.append(line)
    if batch:
        yield batch


@dataclass(frozen=True)
class HistoryImported:
    windows: int  # windows the new lines joined
    memory_off: int  # lines said while their author's memory was off: stored, never remembered


def history_import(
    *,
    community: Community,
    channel_id: str,
    channel_name: str,
    read: HistoryRead,
    progress: Progress | None = None,
) -> HistoryImported:
    """Post the lines read into the channel ``channel_id`` of ``community``, oldest first, each batch
    all or nothing. Counts what was stored and what was already there in ``read.report``."""
    lines = sorted(read.lines, key=lambda line: (line.sent_at, line.message_id))
    windows: set[int] = set()
    memory_off = done = 0
    for batch in _batches(lines, timedelta(seconds=community.window_quiet_seconds)):
        items = [
            IngestItem(
                channel=channel_id,
                channel_name=channel_name,
                content=line.content,
                sent_at=line.sent_at,
                author=line.author,
                author_name=line.author_name,
                message_id=line.message_id,
            )
            for line in batch
        ]
        result = messages_ingest(community=community, items=items, whole=True)  # each batch a whole talk
        read.report.imported += len(items) - result.duplicates
        read.report.duplicates += result.duplicates
        windows |= {window.pk for window in result.windows}
        memory_off += len(result.memory_off)
        done += len(batch)
        if progress is not None:
            progress(done, len(lines))
    return HistoryImported(windows=len(windows), memory_off=memory_off)
