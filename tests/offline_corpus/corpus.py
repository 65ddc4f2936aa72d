"""The offline engine's labelled corpus: chat windows written for it, with the memories each
should give (``corpus_*.txt`` beside this file; the format is described in ``README.md`` there).

``case_extract`` runs one window through the engine exactly as the pipeline does (the real
extraction prompt in, the ``record_memories`` call out); ``case_score`` matches what it saved
against the labels, one memory to one expected fact.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from memoryhub.ai.contract import (
    EXTRACTION_SYSTEM_PROMPT,
    EXTRACTION_TOOL,
    TOOL_NAME,
    PromptParticipant,
    conversation_line_format,
    extraction_prompt_build,
)
from memoryhub.ai.types import LLM, Purpose

HERE = Path(__file__).resolve().parent
START = datetime(2026, 3, 1, 18, 0, 0, tzinfo=UTC)
_CASE = re.compile(r"^=== (?P<id>[a-z0-9][a-z0-9-]*) \| (?P<categories>[a-z, -]+)$")
_SAID = re.compile(r"^(?P<handle>[a-z0-9_]+)(?: \((?P<name>[^()]+)\))?: (?P<text>.+)$")
_MEMBER = re.compile(r"^\? (?P<handle>[a-z0-9_]+) \((?P<name>[^()]+)\)$")
_EXPECT = re.compile(r"^(?P<mark>[>~]) (?P<handle>[a-z0-9_]+)(?: <- (?P<reporter>[a-z0-9_]+))?: (?P<keys>.+)$")
_REPORTED = re.compile(r"^reported by (?P<name>.+)$")


class CorpusError(ValueError):
    """A corpus file that does not follow the format: says where."""


@dataclass(frozen=True)
class Expected:
    subject: str  # handle
    keys: tuple[tuple[str, ...], ...]  # every key must be in the memory; a key's alternatives
    reporter: str | None  # handle of whoever told it, for hearsay
    known_miss: bool  # "~": the engine is allowed to miss it (counted apart)

    def found_in(self, content: str) -> bool:
        return all(any(_contains(content, alternative) for alternative in key) for key in self.keys)

    def __str__(self) -> str:
        told = f" <- {self.reporter}" if self.reporter else ""
        return f"{self.subject}{told}: " + "; ".join("|".join(key) for key in self.keys)


@dataclass
class Case:
    id: str
    categories: tuple[str, ...]
    where: str  # file:line
    lines: list[tuple[str, str]] = field(default_factory=list)  # (handle, text)
    names: dict[str, str] = field(default_factory=dict)  # handle -> display name (speakers)
    members: dict[str, str] = field(default_factory=dict)  # known members who do not speak
    expected: list[Expected] = field(default_factory=list)
    nothing: bool = False  # "> none"


@dataclass(frozen=True)
class Produced:
    subject: str
    content: str
    reporter: str | None  # display name read from the context, as the applier reads it
    lines: tuple[int, ...]


@dataclass
class Score:
    matched: list[tuple[Expected, Produced]]
    missed: list[Expected]  # ">" expectations nothing matched
    known_missed: list[Expected]
    unexpected: list[Produced]  # memories no expectation asked for (precision's losses)
    misattributed: list[Produced]  # an unexpected memory that matches another person's fact
    wrong_reporter: list[tuple[Expected, Produced]]

    @property
    def perfect(self) -> bool:
        return not (self.missed or self.unexpected or self.wrong_reporter)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    return text.casefold()


def _contains(content: str, key: str) -> bool:
    key, content = _fold(key.strip()), _fold(content)
    start = r"(?<![\w])" if key[:1].isalnum() else ""
    end = r"(?![\w])" if key[-1:].isalnum() else ""
    return re.search(start + re.escape(key) + end, content) is not None


def corpus_load(paths: list[Path] | None = None) -> list[Case]:
    """Every case of the corpus files (``corpus_*.txt`` here unless ``paths``), in file order."""
    cases: list[Case] = []
    seen: set[str] = set()
    for path in paths or sorted(HERE.glob("corpus_*.txt")):
        case: Case | None = None
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            line = raw.rstrip()
            where = f"{path.name}:{number}"
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            if header := _CASE.match(line):
                if case is not None:
                    _check(case)
                if header["id"] in seen:
                    raise CorpusError(f"{where}: case {header['id']} again")
                seen.add(header["id"])
                categories = tuple(c.strip() for c in header["categories"].split(",") if c.strip())
                case = Case(id=header["id"], categories=categories, where=where)
                cases.append(case)
            elif case is None:
                raise CorpusError(f"{where}: a line before the first '=== id | categories'")
            elif line == "> none":
                case.nothing = True
            elif expect := _EXPECT.match(line):
                keys = tuple(
                    tuple(alternative.strip() for alternative in key.split("|") if alternative.strip())
                    for key in expect["keys"].split(";")
                    if key.strip()
                )
                if not keys or any(not key for key in keys):
                    raise CorpusError(f"{where}: an expectation without keys")
                case.expected.append(Expected(expect["handle"], keys, expect["reporter"], expect["mark"] == "~"))
            elif member := _MEMBER.match(line):
                case.members[member["handle"]] = member["name"].strip()
            elif said := _SAID.match(line):
                handle = said["handle"]
                if said["name"]:
                    case.names.setdefault(handle, said["name"].strip())
                elif handle not in case.names:
                    raise CorpusError(f"{where}: {handle} speaks before their name is given")
                case.lines.append((handle, said["text"].strip()))
            else:
                raise CorpusError(f"{where}: not a case header, message, member or expectation: {line!r}")
        if case is not None:
            _check(case)
    return cases


def _check(case: Case) -> None:
    if not case.lines:
        raise CorpusError(f"{case.where}: case {case.id} has no message")
    if case.nothing == bool(case.expected):
        raise CorpusError(f"{case.where}: case {case.id} needs either '> none' or expectations, not both")
    people = case.names.keys() | case.members.keys()
    for expected in case.expected:
        for handle in (expected.subject, expected.reporter):
            if handle is not None and handle not in people:
                raise CorpusError(f"{case.where}: case {case.id} expects {handle}, who is neither speaker nor member")


def case_prompt(case: Case) -> str:
    """The extraction prompt the pipeline would build for the window: no memories yet."""
    lines = [
        conversation_line_format(
            at=START + timedelta(seconds=20 * i), name=case.names[handle], handle=handle, content=text, number=i + 1
        )
        for i, (handle, text) in enumerate(case.lines)
    ]
    participants = [PromptParticipant(handle=handle, name=name, memories=[]) for handle, name in case.names.items()]
    return extraction_prompt_build(
        place="a Discord channel",
        lines=lines,
        participants=participants,
        known_members=[(name, handle) for handle, name in case.members.items()],
    )


def case_extract(case: Case, llm: LLM) -> list[Produced]:
    """What the engine saves for the window (updates cannot happen: nothing is remembered yet)."""
    completion = llm.complete(
        purpose=Purpose.EXTRACTION,
        messages=[
            {"role": "system", "content": EXTRACTION_SYSTEM_PROMPT},
            {"role": "user", "content": case_prompt(case)},
        ],
        tools=[EXTRACTION_TOOL],
        tool_choice={"type": "function", "function": {"name": TOOL_NAME}},
    )
    arguments: dict[str, Any] = json.loads(completion.tool_calls[0].arguments)
    produced = []
    for operation in arguments["operations"]:
        reported = _REPORTED.match(operation.get("context") or "")
        produced.append(
            Produced(
                subject=operation["user_id"],
                content=operation["content"],
                reporter=reported["name"] if reported else None,
                lines=tuple(operation.get("lines") or ()),
            )
        )
    return produced


def case_score(case: Case, produced: list[Produced]) -> Score:
    """One memory per expected fact: each memory matches at most one expectation (a memory that
    glues two facts covers one of them), expectations in corpus order."""
    free = list(produced)
    matched: list[tuple[Expected, Produced]] = []
    missed: list[Expected] = []
    known_missed: list[Expected] = []
    for expected in case.expected:
        memory = next((p for p in free if p.subject == expected.subject and expected.found_in(p.content)), None)
        if memory is None:
            (known_missed if expected.known_miss else missed).append(expected)
            continue
        free.remove(memory)
        matched.append((expected, memory))
    reporter_name = {**case.names, **case.members}
    wrong_reporter = [
        (expected, memory)
        for expected, memory in matched
        if (reporter_name.get(expected.reporter) if expected.reporter else None) != memory.reporter
    ]
    misattributed = [
        memory
        for memory in free
        if any(e.subject != memory.subject and e.found_in(memory.content) for e in case.expected)
    ]
    return Score(matched, missed, known_missed, free, misattributed, wrong_reporter)
