"""The memory block of a chat prompt, read back: the remembered facts, the profile, what was said
last time and the person's own earlier lines, whichever way the context was injected."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from memoryhub.ai.offline.excerpts import EXCERPT_LABEL, Excerpt, excerpts_parse
from memoryhub.ai.offline.text import (
    word_count,
)

# The labels of the memory block's lines (memories.services.context.LAYER_LABELS, and older ones).
_SUMMARY_LABELS = ("Profile", "Last time", "Summary")  # paragraphs, used a sentence at a time


_OTHER_LABELS = ("People and things", "This conversation so far")  # names, and the talk itself: not facts


_MEMORY_LINE = re.compile(
    r"^\s*(?:[-*\u2022]|\[\d+\]|\d+[.)]|(?P<label>Recent|On this topic|Relevant|"
    + "|".join((*_SUMMARY_LABELS, *_OTHER_LABELS, EXCERPT_LABEL))
    + r")\s*:)\s*(?P<rest>.+)$"
)


_MEMORY_HEADING = re.compile(r"\b(?:memor\w*|remember\w*|know about|profile)\b", re.IGNORECASE)


_MEMORY_DELIMITER = re.compile(r"^\s*<\s*(?P<closing>/)?\s*memories\s*>\s*$", re.IGNORECASE)


_KNOW_ABOUT = re.compile(r"\bknow about (?P<name>[^:\]\n]+?)\s*:\s*\]?\s*$", re.IGNORECASE)


_AGE_SUFFIX = re.compile(r"\s*\((?:[^()]*\bago|just now|today|yesterday)\)\s*$")


@dataclass
class Memories:
    """What the memory block of a prompt says about the person."""

    facts: list[str] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)  # what was said last time
    name: str = ""  # from a heading such as "[What you know about Alice:]"
    excerpts: list[Excerpt] = field(default_factory=list)  # their own earlier lines, dated


def _memory_item(raw: str) -> str:
    item = re.sub(r"</?[\w-]+[^>]*>", "", raw)  # delimiters such as <memory>…</memory>
    item = re.sub(r"^(?:\[[^\]]*\]\s*)+", "", item.strip())  # [fact] [high] [2 days ago]
    return _AGE_SUFFIX.sub("", item).strip(" \"'«»")


def memory_block(text: str, *, labels_anywhere: bool, memories: Memories) -> str:
    """Add the remembered facts in ``text`` to ``memories``; return what is left of ``text``.

    Facts are list items ("- …", "[0] …") after a heading that talks about memory ("You have
    the following relevant memories…"), lines labelled "Recent:", "Relevant:"…, or any such
    line between ``<memories>`` delimiters. Bullet points with no such heading are the
    persona's own instructions, not memories. The line right after the items that talks about
    memory again is the template's suffix; inside the delimiters every other line is template.
    """
    rest: list[str] = []
    in_memory = after_items = delimited = False
    for raw in text.splitlines():
        if delimiter := _MEMORY_DELIMITER.match(raw):
            delimited, in_memory, after_items = not delimiter["closing"], False, False
            continue
        if heading := _KNOW_ABOUT.search(raw):
            memories.name = memories.name or heading["name"].strip()
        match = _MEMORY_LINE.match(raw)
        if match and (in_memory or delimited or (labels_anywhere and match["label"])):
            after_items = True
            label = match["label"] or ""
            if label in _OTHER_LABELS:
                continue
            if label == EXCERPT_LABEL:
                memories.excerpts += excerpts_parse(match["rest"].split(" | "))
                continue
            into = {"Profile": memories.profile, "Last time": memories.sessions, "Summary": memories.sessions}
            items = [match["rest"]] if label in into else match["rest"].split(" | ")
            found = into.get(label, memories.facts)
            found += [
                item for item in dict.fromkeys(map(_memory_item, items)) if word_count(item) >= 3 and item not in found
            ]
            continue
        if delimited:
            continue
        if after_items and _MEMORY_HEADING.search(raw):
            after_items = False
            continue
        if not match and _MEMORY_HEADING.search(raw) and raw.rstrip(" ])").endswith(":"):
            in_memory = True
            continue
        in_memory = after_items = False
        rest.append(raw)
    return "\n".join(rest).strip()
