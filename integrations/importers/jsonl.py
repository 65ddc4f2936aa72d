"""A JSON Lines file, one message a line: ``{"author", "author_name", "content", "sent_at"}``.

``author`` is the person's platform id and ``sent_at`` an ISO 8601 time (UTC without an offset).
A line may carry its own ``id`` (or ``message_id``); without one, its id is a hash of its author,
time and text, so the same line imported again is still recognised.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path

from integrations.importers.common import ImportFileError, time_read
from integrations.importers.history import HistoryRead


def line_id(author: str, sent_at: datetime, content: str) -> str:
    """A line's id when it brings none: the same line, its time written in any offset, has the same one."""
    moment = sent_at.astimezone(UTC).isoformat()
    digest = hashlib.sha256(json.dumps([author, moment, content]).encode()).hexdigest()
    return f"jsonl-{digest[:40]}"


def read(path: Path, *, channel: str | None) -> HistoryRead:
    read = HistoryRead()
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ImportFileError(f"{path.name} is not UTF-8 text: {error.reason}.") from error
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        where = f"line {number}"
        try:
            record = json.loads(raw)
        except json.JSONDecodeError as error:
            read.report.skip("malformed", where, f"not JSON: {error.msg}")
            continue
        if not isinstance(record, dict):
            read.report.skip("malformed", where, "not a JSON object")
            continue
        author, content = record.get("author"), record.get("content")
        if isinstance(author, int) and not isinstance(author, bool):
            author = str(author)  # platform ids written as numbers
        if not isinstance(author, str) or not author.strip() or not isinstance(content, str):
            read.report.skip("malformed", where, "needs author (a platform id) and content (text)")
            continue
        try:
            sent_at = time_read(record.get("sent_at"))
        except ValueError as error:
            read.report.skip("malformed", where, f"sent_at: {error}")
            continue
        own_id = record.get("id", record.get("message_id"))
        read.line_add(
            where,
            message_id=str(own_id)[:200] if own_id not in (None, "") else line_id(author, sent_at, content),
            author=author.strip()[:200],
            author_name=str(record.get("author_name") or ""),
            text=content,
            sent_at=sent_at,
        )
    if (first := read.unreadable()) is not None:
        raise ImportFileError(f"No line of {path.name} is a message: {first.where}: {first.detail}.")
    return read
