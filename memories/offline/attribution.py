"""Walking a conversation: who each clause is about (the speaker, a known member, the answer to
someone's question), and a speaker's follow-up details joined to their last fact."""

from __future__ import annotations

import re

from memories.extraction_tool import (
    BOT_HANDLE,
    REDACTED,
    ConversationLine,
)
from memories.models import EntityType, MemoryKind
from memories.offline.facts import HIGH, Fact, Said, expiration_for
from memories.offline.rules import ANSWER, NON_ANSWERS, QUESTIONS, RULES
from memories.offline.rules.pets import PET_NAMING
from memories.offline.splitting import CONTINUATION, TRAILING_FILLERS, clauses, is_question, normalise, strip_fillers
from memories.offline.text import content_words, name_token, third_person
from memories.offline.vocabulary import STOPWORDS, TIME

# How many other people's lines may come between a fact and its speaker's follow-up detail.
MAX_DETAIL_GAP = 3
MAX_DETAILS = 4
MAX_DETAIL_WORDS = 12


class Reader:
    """Walks a conversation and collects the facts the rules find, with consolidation."""

    def __init__(self, members: dict[str, str]) -> None:
        self.members = members
        self.facts: list[Fact] = []
        self.last_place = ""
        self._open: dict[str, Fact] = {}  # per speaker: the fact their next details belong to
        self._last_line: dict[str, int] = {}
        self._question: tuple[int, str, str] | None = None  # (line index, asker, text)
        names: dict[str, str | None] = {}
        for handle, name in members.items():
            for key in {name.lower(), name.split()[0].lower() if name.split() else "", handle.lower()}:
                if key:
                    names[key] = handle if names.get(key, handle) == handle else None  # None: ambiguous
        self._names = names

    def member(self, mention: str) -> str | None:
        return self._names.get(mention.lstrip("@").strip(".'").lower())

    def read(self, lines: list[ConversationLine]) -> list[Fact]:
        for index, line in enumerate(lines):
            self._line(index, line)
        return self.facts

    def _line(self, index: int, line: ConversationLine) -> None:
        previous = self._last_line.get(line.handle)
        if previous is None or index - previous - 1 > MAX_DETAIL_GAP:
            self._open.pop(line.handle, None)
        if line.content != REDACTED:
            text = normalise(line.content)
            for clause in clauses(text) if line.handle != BOT_HANDLE else []:
                clause = TRAILING_FILLERS.sub("", clause) or clause  # "I'm 26 actually"
                self._clause(Said(line.handle, line.name, clause, index, self))
            if "?" in text:
                self._question = (index, line.handle, text)
        self._last_line[line.handle] = index

    def _clause(self, said: Said) -> None:
        if not is_question(said.clause):
            facts = self._rules(said) or self._answer(said)
            if facts:
                for fact in facts:
                    if not any(fact is known for known in self.facts):
                        self._add(fact)
                self._open[said.handle] = facts[-1]
                return
        if self._name_pet_later(said):
            return
        opened = self._open.get(said.handle)
        # "I love pizza" … "Going out with Bob tonight": only an obvious continuation joins these.
        if (
            opened is not None
            and opened.kind in (MemoryKind.PREFERENCE, MemoryKind.EMOTION)
            and not CONTINUATION.match(strip_fillers(said.clause))
        ):
            opened = None
        if opened is not None and self._is_detail(said.clause):
            self._join(opened, said)
        elif content_words(strip_fillers(said.clause)) and not is_question(said.clause):
            self._open.pop(said.handle, None)  # they moved on to something else

    def _rules(self, said: Said) -> list[Fact]:
        for pattern, builder in RULES:
            for match in pattern.finditer(said.clause):
                fact = builder(match, said)
                if fact is not None:
                    return [fact]
        return []

    def _answer(self, said: Said) -> list[Fact]:
        question = self._question
        if question is None or question[1] == said.handle or said.line_index - question[0] > 2:
            return []
        answer = strip_fillers(said.clause).strip(" !.")
        words = answer.split()
        if not words or len(words) > 4 or words[0].lower() in NON_ANSWERS:
            return []
        for pattern, builder in QUESTIONS:
            if pattern.search(question[2]) and (whole := ANSWER.fullmatch(answer)):
                fact = builder(whole, said)
                if fact is None:
                    return []
                fact.question = question[2]
                return [fact]
        return []

    def _add(self, fact: Fact) -> None:
        self.facts.append(fact)
        for entity in fact.entities:
            if entity["type"] == EntityType.PLACE:
                self.last_place = entity["name"]

    def pet_waiting(self, handle: str, species: str = "") -> Fact | None:
        for fact in reversed(self.facts):
            if fact.speaker == handle and fact.species and not fact.pet and species in ("", fact.species):
                return fact
        return None

    def pet_name(self, fact: Fact, name: str, said: Said) -> None:
        fact.pet = name
        fact.text += f" named {name}"
        fact.importance = HIGH
        fact.entities.append(said.entity(EntityType.THING, name, f"{said.name}'s {fact.species}", species=fact.species))
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)

    def _name_pet_later(self, said: Said) -> bool:
        """ "Named her Luna" after "I just adopted a cat!" (seed 002 §4.5)."""
        match = PET_NAMING.search(strip_fillers(said.clause))
        waiting = self.pet_waiting(said.handle)
        if not match or waiting is None:
            return False
        name = name_token(match["pet"] or match["pet2"] or "")
        if not name:
            return False
        self.pet_name(waiting, name, said)
        self._open[said.handle] = waiting
        return True

    @staticmethod
    def _is_detail(clause: str) -> bool:
        """A short fragment that adds to what came before: a time, a number, a name, "that startup…"."""
        body = strip_fillers(clause)
        words = body.strip(" !.").split()
        if not words or len(words) > MAX_DETAIL_WORDS or body.endswith("?") or ":" in body:
            return False  # a long line or a question is a new thought, not a detail
        if not content_words(body):
            return False
        single_name = len(words) == 1 and words[0][0].isupper()
        later_capital = any(w[0].isupper() and w not in ("I", "I'm", "I've", "I'll") for w in words[1:])
        continues = bool(CONTINUATION.match(body))
        return bool(TIME.search(body) or re.search(r"\d", body)) or continues or single_name or later_capital

    def _join(self, fact: Fact, said: Said) -> None:
        body = strip_fillers(said.clause).strip(" !.")
        time = TIME.search(body)
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)
        if time and not fact.time and fact.kind == MemoryKind.PLAN:
            rest = body[: time.start()] + body[time.end() :]
            if not content_words(strip_fillers(rest)):  # "Next month actually"
                fact.time = time[0].lower()
                fact.text += f" {fact.time}"
                if "moving" not in fact.topics:
                    fact.expiration = expiration_for(fact.time)
                return
        if fact.partner_open and re.fullmatch(r"[A-Z][\w'-]*", body):  # "…got engaged!" — "Yeah, Heather!"
            fact.text += f" to {body}"
            fact.partner_open = False
            return
        if len(fact.details) < MAX_DETAILS:
            detail = third_person(body, said.name)
            if detail.split()[0].lower() in STOPWORDS:
                detail = detail[0].lower() + detail[1:]
            fact.details.append(detail)
