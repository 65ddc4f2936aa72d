"""A Slack export: a folder (or its zip) with ``channels.json``, ``users.json`` and a folder per
channel holding a JSON file per day, ``[{"type": "message", "user", "text", "ts", "subtype"?, …}]``.

``--channel`` picks the channel by its name or Slack id (it may be left out when the export holds
one channel); its messages go to the MemoryHub channel with its Slack id, the id a live Slack bot
posts with, so history and live talk share one channel. ``ts`` is a message's id in its channel.
Mentions (``<@U…>``, ``<#C…|name>``, links) are written as people read them.
"""

from __future__ import annotations

import html
import re
import zipfile
from datetime import UTC, datetime
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from integrations.importers.common import ImportFileError, json_load, mapping
from integrations.importers.history import HistoryRead

# What people wrote: a plain message, "/me …", a file with a comment, a thread reply sent to the channel too.
_SAID = {None, "me_message", "file_share", "thread_broadcast"}
_MENTION = re.compile(r"<([@#!])?([^<>|]*)(?:\|([^<>]*))?>")


def _root(path: Path) -> Traversable:
    if path.is_dir():
        return path
    try:
        root: Traversable = zipfile.Path(path)
    except zipfile.BadZipFile as error:
        raise ImportFileError(f"{path.name} is neither a folder nor a zip file: {error}.") from error
    if not (root / "channels.json").is_file():  # zipped with its folder around it
        folders = [entry for entry in root.iterdir() if entry.is_dir()]
        if len(folders) == 1:
            root = folders[0]
    return root


def _list(root: Traversable, name: str) -> list[Any]:
    entry = root / name
    if not entry.is_file():
        return []
    data = json_load(entry)
    if not isinstance(data, list):
        raise ImportFileError(f"{name} of the Slack export is not a list.")
    return [item for item in data if isinstance(item, dict)]


def _user_name(user: dict[str, Any]) -> str:
    profile = mapping(user.get("profile"))
    return str(
        profile.get("display_name") or profile.get("real_name") or user.get("real_name") or user.get("name") or ""
    )


def read(path: Path, *, channel: str | None) -> HistoryRead:
    root = _root(path)
    if not (root / "channels.json").is_file():
        raise ImportFileError(f"{path.name} is not a Slack export: it has no channels.json.")
    channels = _list(root, "channels.json") + _list(root, "groups.json")  # public, then private channels
    names = ", ".join(sorted(str(c.get("name")) for c in channels))
    if channel is None and len(channels) != 1:
        raise ImportFileError(f"The Slack export holds the channels {names}: name one with --channel.")
    picked = next((c for c in channels if channel in (None, c.get("name"), c.get("id"))), None)
    if picked is None or not picked.get("id") or not (root / str(picked.get("name"))).is_dir():
        raise ImportFileError(f"The Slack export has no channel {channel!r} with messages; it holds {names}.")
    users = {str(u["id"]): u for u in _list(root, "users.json") if u.get("id")}
    read = HistoryRead(channel_id=str(picked["id"]), channel_name=str(picked["name"]))
    folder = root / str(picked["name"])
    for day in sorted((entry for entry in folder.iterdir() if entry.name.endswith(".json")), key=lambda e: e.name):
        messages = json_load(day)
        if not isinstance(messages, list):
            read.report.skip("malformed", f"{folder.name}/{day.name}", "not a list of messages")
            continue
        for number, message in enumerate(messages, start=1):
            _message_read(read, f"{folder.name}/{day.name} #{number}", message, users)
    if (first := read.unreadable()) is not None:
        raise ImportFileError(f"No message of the Slack channel could be read: {first.where}: {first.detail}.")
    return read


def _text(text: str, users: dict[str, dict[str, Any]]) -> str:
    def shown(match: re.Match[str]) -> str:
        sign, target, label = match.group(1), match.group(2), match.group(3)
        if sign == "@":
            return "@" + (label or _user_name(users.get(target, {})) or target)
        if sign == "#":
            return "#" + (label or target)
        if sign == "!":
            return "@" + (label or target.split("^")[0])  # <!here>, <!channel>
        return label or target  # a link

    return html.unescape(_MENTION.sub(shown, text))


def _message_read(read: HistoryRead, where: str, message: Any, users: dict[str, dict[str, Any]]) -> None:
    if not isinstance(message, dict) or message.get("type") != "message" or not isinstance(message.get("ts"), str):
        read.report.skip("malformed", where, "not a message with a ts")
        return
    author = message.get("user")
    if message.get("subtype") == "bot_message" or message.get("bot_id") or users.get(str(author), {}).get("is_bot"):
        read.report.skip("bot", where)
        return
    if message.get("subtype") not in _SAID:
        read.report.skip("system", where, str(message.get("subtype")))
        return
    if not isinstance(author, str) or not author:
        read.report.skip("no_author", where)
        return
    try:
        sent_at = datetime.fromtimestamp(float(message["ts"]), tz=UTC)
    except (ValueError, OverflowError):
        read.report.skip("malformed", where, f"ts {message['ts']!r} is not a time")
        return
    profile = mapping(message.get("user_profile"))
    text = message.get("text")
    read.line_add(
        where,
        message_id=message["ts"],
        author=author,
        author_name=_user_name(users[author]) if author in users else _user_name({"profile": profile}),
        text=_text(text, users) if isinstance(text, str) else "",
        sent_at=sent_at,
    )
