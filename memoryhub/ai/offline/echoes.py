"""One's own said back in a word: "mine lives in Bergen" just after another's "my sister lives in
Oslo" is "my sister lives in Bergen", of the one who says it. Only a relative or a pet named with
"my" in one of the two lines before, by someone else, gives "mine" its noun; "mine's a latte" after
"my round!" stays as it was said."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memoryhub.ai.contract import ConversationLine
from memoryhub.ai.offline.vocabulary import PETS, RELATIONS

# How many lines before "mine" the other's "my sister" may be.
_WITHIN_LINES = 2

_MINE = re.compile(
    r"^(?P<lead>(?:(?:oh|ooh|nice|cool|same|ha+|haha|lol|yeah|yes|and|but|omg|aw+)\W+)*)mine"
    r"(?='s\b| (?:is|are|was|were|has|lives|works|plays|does|did|just|loves|hates|got|goes|teaches|studies)\b)",
    re.IGNORECASE,
)
_MY = re.compile(rf"\bmy (?P<what>(?:(?:little|big|older|younger|eldest|youngest) )?(?:{RELATIONS}|{PETS}))\b", re.I)


def mine_as_said(lines: Sequence[ConversationLine]) -> list[ConversationLine]:
    """``lines`` with each "mine" that says back another's "my sister" read as "my sister"."""
    read = list(lines)
    for index, line in enumerate(lines):
        mine = _MINE.match(line.content.strip())
        if mine is None:
            continue
        for before in reversed(lines[max(0, index - _WITHIN_LINES) : index]):
            if before.handle != line.handle and (their := _MY.search(before.content)):
                content = line.content.strip()
                said = f"{mine['lead']}my {their['what'].lower()}{content[mine.end() :]}"
                read[index] = replace(line, content=said)
                break
    return read
