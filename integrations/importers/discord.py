"""A DiscordChatExporter JSON file: one channel's messages, with their ids, authors and times.

``{"guild": {…}, "channel": {"id", "name", …}, "messages": [{"id", "type", "timestamp",
"timestampEdited", "content", "author": {"id", "name", "nickname", "isBot"}, "attachments", …}]}``.
An edited message carries its last text (what people last read), dated when it was first sent.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from integrations.importers.common import ImportFileError, json_load, mapping, time_read
from integrations.importers.history import HistoryRead

# What people wrote; every other type is the platform's (joins, pins, boosts, calls, thread notices).
_SAID = {"Default", "Reply"}


def read(path: Path, *, channel: str | None) -> HistoryRead:
    data = json_load(path)
    if not isinstance(data, dict) or not isinstance(data.get("messages"), list):
        raise ImportFileError(f"{path.name} is not a DiscordChatExporter JSON export: no list of messages.")
    exported = mapping(data.get("channel"))
    read = HistoryRead(channel_id=str(exported.get("id") or ""), channel_name=str(exported.get("name") or ""))
    for index, message in enumerate(data["messages"]):
        _message_read(read, index, message)
    if (first := read.unreadable()) is not None:
        raise ImportFileError(f"No message of {path.name} could be read: {first.where}: {first.detail}.")
    return read


def _message_read(read: HistoryRead, index: int, message: Any) -> None:
    author = message.get("author") if isinstance(message, dict) else None
    where = f"message {message.get('id') or index + 1}" if isinstance(message, dict) else f"message #{index + 1}"
    if not isinstance(author, dict) or not author.get("id") or not message.get("id"):
        read.report.skip("malformed", where, "no id or author id")
        return
    if author.get("isBot"):
        read.report.skip("bot", where)
        return
    if message.get("type", "Default") not in _SAID:
        read.report.skip("system", where, str(message.get("type")))
        return
    try:
        sent_at = time_read(message.get("timestamp"))
    except ValueError as error:
        read.report.skip("malformed", where, str(error))
        return
    content = message.get("content")
    read.line_add(
        where,
        message_id=str(message["id"]),
        author=str(author["id"]),
        author_name=str(author.get("nickname") or author.get("name") or ""),
        text=content if isinstance(content, str) else "",
        sent_at=sent_at,
    )
