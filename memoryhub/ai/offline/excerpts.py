"""Offline replies from the block's "From past conversations" layer: the person's own earlier lines,
dated (``memories.services.context.excerpt_text``). A question a line answers is answered from it
("You told me on 8 May that you're flying to Lisbon next month.")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from memoryhub.ai.contract import asks_only

EXCERPT_LABEL = "From past conversations"

# An item as the block writes it: 'asked "Q?", said "line" (8 May 2023, #general)' or '"line" (…)'.
_ITEM = re.compile(
    r'^(?:asked "(?P<question>.*?)", said )?"(?P<line>.*)" \((?P<day>\d{1,2}) (?P<month>[A-Z][a-z]+) \d{4}, [^)]*\)$'
)
_FIRST_PERSON = (
    (r"\bI'm\b|\bI am\b", "you're"),
    (r"\bI've\b", "you've"),
    (r"\bI'll\b", "you'll"),
    (r"\bI'd\b", "you'd"),
    (r"\bI was\b", "you were"),
    (r"\bmyself\b", "yourself"),
    (r"\bmine\b", "yours"),
    (r"\bmy\b|\bour\b", "your"),
    (r"\bme\b|\bus\b", "you"),
    (r"\bI\b|\bwe\b", "you"),
)
_A_CLAUSE = re.compile(r"^(?:I|I'm|I've|I'll|I'd|my|we|we're|our)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Excerpt:
    line: str
    question: str  # the question it answered, or ""
    said_on: str  # "8 May"


def excerpts_parse(items: list[str]) -> list[Excerpt]:
    """The excerpts among a layer's items; an item in another shape is left out."""
    found = []
    for item in items:
        match = _ITEM.match(item.strip())
        if match:
            found.append(Excerpt(match["line"], match["question"] or "", f"{int(match['day'])} {match['month']}"))
    return found


def _to_them(line: str) -> str:
    """What they said in the first person, said back to them: "I'm flying" → "you're flying"."""
    for pattern, replacement in _FIRST_PERSON:
        line = re.sub(pattern, replacement, line, flags=re.IGNORECASE)
    return line


_PIECE_END = re.compile(r"(?<=[.!?])\s+|[,;]\s+|\s+[-\u2013\u2014]\s+")


def _from_the_answer(line: str, asked: set[str], stems: Callable[[str], set[str]]) -> str:
    """``line`` from its first piece that shares a word with what was asked: "I'm in! need the
    miles, I signed up for the Cardiff half in March" asked "when's my race?" is told from "I signed
    up …". What follows that piece stays: "I'm flying to Lisbon, in March" is the whole answer."""
    starts = [0, *(cut.end() for cut in _PIECE_END.finditer(line))]
    for start, end in zip(starts, [*starts[1:], len(line)], strict=True):
        if stems(line[start:end]) & asked:
            return line[start:]
    return line


def excerpt_answer(excerpts: list[Excerpt], asked: set[str], stems: Callable[[str], set[str]]) -> str:
    """The sentence that answers from the excerpt sharing the most words (``stems``) with what was
    ``asked``, or "" when none shares one."""
    scored = [
        (len(stems(f"{e.question} {e.line}") & asked), -index, e)
        for index, e in enumerate(excerpts)
        if not asks_only(e.line)  # their own question again answers nothing
    ]
    best = max(scored, default=None, key=lambda row: row[:2])
    if best is None or not best[0]:
        return ""
    excerpt = best[2]
    # The question it answered is quoted when the line needs it ("Lisbon!"); a line that tells the
    # answer itself stands alone ("I'm flying out a week before the wedding", after "What's the best part?").
    if excerpt.question and not stems(excerpt.line) & asked:
        return f'On {excerpt.said_on}, asked "{excerpt.question}", you said: "{excerpt.line}"'
    line = _from_the_answer(excerpt.line, asked, stems).strip().rstrip(".!")
    if _A_CLAUSE.match(line):
        return f"You told me on {excerpt.said_on} that {_to_them(line)}."
    return f'You told me on {excerpt.said_on}: "{excerpt.line}"'
