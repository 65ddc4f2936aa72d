"""A fact found in a clause (``Fact``), the clause it came from (``Said``), what a builder may read
of the window around it (``Scene``), and what they carry."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from memoryhub.ai.contract import MEMORY_MAX_LENGTH
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import clip, third_person, tidy
from memoryhub.ai.offline.vocabulary import MONTH_NAMES, MONTHS, PAST_TIME, SOON, TIME, WEEKDAYS

HIGH, MEDIUM, LOW = "high", "medium", "low"


IMPORTANCE_RANK = {HIGH: 0, MEDIUM: 1, LOW: 2}


PERMANENT = "permanent"
# The slots that say what one does for a living: a job, an employer, a field.
WORK_SLOTS = ("job", "employer", "field")


@dataclass
class Fact:
    subject: str  # the handle the fact is ABOUT
    text: str  # third person, naming the subject
    kind: str
    importance: str
    expiration: str
    topics: list[str]
    speaker: str  # handle of who said it
    speaker_name: str
    source: str  # the clause it came from
    slot: str = ""  # what a new value replaces: "name", "home", "job", "age"… (see consolidation.SLOTS)
    reported: bool = False  # said by someone else about the subject
    details: list[str] = field(default_factory=list)
    entities: list[dict[str, Any]] = field(default_factory=list)
    species: str = ""  # a pet still waiting for its name
    pet: str = ""
    partner_open: bool = False  # "got engaged" waiting for "to whom"
    time: str = ""
    corrected: bool = False  # its date put right by a later line ("wait no, it's the 15th")
    question: str = ""  # the other person's question this fact answers
    lines: list[int] = field(default_factory=list)
    lead: str = ""  # the words before the object in the clause ("I'm a sucker for "): a list's next item
    gathered: bool = False  # the builder read the whole list itself ("speaks Portuguese and Spanish")
    # The fact made before this clause that this one is a new reading of ("I adopted a cat" … "my cat
    # Luna"): a builder never changes a fact it was shown, it returns ``revised`` and the engine writes
    # that over the fact before (``matching.written_back``).
    revises: Fact | None = field(default=None, compare=False, repr=False)

    @property
    def content(self) -> str:
        text = self.text + (" — " + ", ".join(self.details) if self.details else "")
        return clip(tidy(text), MEMORY_MAX_LENGTH)


def revised(earlier: Fact, **changes: Any) -> Fact:
    """A new reading of ``earlier``, a fact made before the clause: a copy with ``changes``, which the
    engine writes over ``earlier`` (``earlier`` itself is left as it was)."""
    return replace(earlier, revises=earlier.revises or earlier, **changes)


def member_named(names: Mapping[str, str | None], mention: str) -> str | None:
    """The handle of the member ``mention`` names ("@kim", "Kim", "Kim Lee"), else None (also when two
    members share the name): ``names`` maps a name, first name or handle, lower case, to its handle."""
    return names.get(mention.lstrip("@").strip(".'").lower())


@dataclass(frozen=True)
class Scene:
    """What a builder may read of the window around its clause, as it was when the clause was read:
    builders read this, never the engine that walks the window, so that what they make depends on
    their arguments alone."""

    line_text: str  # the message being read, normalised
    question_text: str  # the last question asked in the window ("" when none)
    last_place: str  # the place last named in a fact ("" when none)
    names: Mapping[str, str | None]  # read-only: see ``member_named``
    facts: tuple[Fact, ...]  # the facts made before the clause, oldest first: read, never changed

    def member(self, mention: str) -> str | None:
        return member_named(self.names, mention)


# A day one cannot come, said before what keeps one away: "sorry, can't make it Thursday".
_EXCUSED = re.compile(
    r"(?:(?:sorry|ah|oh|argh|damn)\W+)?(?:I\s+)?(?:can't|cannot|can not|won't be able to)\s+(?:make it|come|do"
    rf"|join(?: you(?: all)?)?)\s+(?P<when>{TIME.pattern})",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Said:
    """One clause, with who said it and where."""

    handle: str
    name: str
    clause: str
    line_index: int
    scene: Scene
    teller: str = ""  # who said it, when it is news about ``handle`` told by someone else
    teller_name: str = ""

    def fact(self, text: str, kind: str, importance: str, expiration: str, topics: list[str], **extra: Any) -> Fact:
        return Fact(
            subject=self.handle,
            text=text,
            kind=kind,
            importance=importance,
            expiration=expiration,
            topics=topics,
            speaker=self.teller or self.handle,
            speaker_name=self.teller_name or self.name,
            source=self.clause,
            lines=[self.line_index],
            reported=bool(self.teller),
            **extra,
        )

    def phrase(self, raw: str, *, max_words: int = 7) -> str:
        """The phrase at the start of ``raw``, said of the speaker ("our residents' association" →
        "their residents' association")."""
        return third_person(phrase_cut(" ".join(raw.split()), max_words=max_words), self.name)

    def message_before(self) -> str:
        """The words of the message being read before the clause ("" when it starts the message)."""
        at = self.scene.line_text.find(self.clause[:30])
        return self.scene.line_text[:at] if at > 0 else ""

    def message_after(self) -> str:
        """The words of the message being read after the clause, from its last word on."""
        at = self.scene.line_text.find(self.clause[:30])
        return self.scene.line_text[at + len(self.clause.rstrip(" !.")) :] if at >= 0 else ""

    def sentence_before(self) -> str:
        """The words of the clause's sentence before the clause, in the message being read."""
        return re.split(r"[.!?]\s", self.message_before())[-1]

    def when_before(self) -> str:
        """A past time said earlier in the clause's sentence, in a clause of its own: "Last Saturday, I
        competed in a pub quiz" ("" if none)."""
        return past_time_in(self.sentence_before())

    def time_leading(self) -> str:
        """A time that leads the clause's sentence on its own: "Next week, I'm going to visit my
        parents", "Starting tomorrow, I'll cycle to work", or the day one cannot come: "can't make it
        Thursday, I've got parents' evening" ("" if none)."""
        lead = self.sentence_before().strip(" ,")
        alone = re.fullmatch(rf"(?:(?:starting|from|beginning|as of)\s+)?(?:{TIME.pattern})", lead, re.I)
        if alone:
            return " ".join(alone[0].lower().split())  # "starting tomorrow": a habit begun, kept 30 days
        # "can't make it Thursday, I've got parents' evening": the day one is kept from is the day of it
        excused = _EXCUSED.fullmatch(lead)
        when = " ".join(excused["when"].lower().split()) if excused else ""
        return f"on {when}" if re.fullmatch(WEEKDAYS, when) else when

    def entity(self, type_: str, name: str, relationship: str = "", **attributes: str) -> dict[str, Any]:
        return {
            "user_id": self.handle,
            "type": type_,
            "name": name,
            "relationship": relationship,
            "attributes": {key: value for key, value in attributes.items() if value},
        }


def expiration_for(time: str) -> str:
    return "7d" if time and SOON.fullmatch(time) else "30d"


def time_in(text: str) -> str:
    """When ``text`` says something is to happen ("tomorrow", "in june"), else "" (lower case: the
    memory's text capitalises the months and days, ``text.tidy``)."""
    match = TIME.search(text)
    time = match[0].lower() if match else ""
    time = re.sub(r"(?<=^in )[a-z]{3,4}$", lambda month: MONTH_NAMES[month[0][:3]].lower(), time)  # "in jan"
    return re.sub(r"^(?:the )?end of\b", "at the end of", time)  # "end of April": "at the end of April"


def past_time_in(text: str) -> str:
    """When ``text`` says something happened ("last summer", "two weekends ago"), else ""."""
    match = PAST_TIME.search(text)
    return match[0].lower() if match else ""


_DAY_JUST_GONE = re.compile(
    rf"\b(?:on (?:{WEEKDAYS})|today|this morning|at the weekend|in (?:{MONTHS}))\b", re.IGNORECASE
)


def past_day_in(text: str) -> str:
    """When ``text`` says something was done, the day just gone too ("on Sunday", "this morning",
    which ``dates.anchored`` makes a date) or the month: "I pulled my hamstring on Sunday"."""
    match = _DAY_JUST_GONE.search(text)
    return past_time_in(text) or (match[0].lower() if match else "")


# A rule's builder: the fact its match in a clause says, or None. A pure function: what it returns
# depends on the match and the ``Said`` alone, and it changes nothing it is given (a fact of the scene
# it reads anew, it returns ``revised``); the engine keeps what it returns.
Builder = Callable[[re.Match[str], Said], Fact | None]


class Rule(NamedTuple):
    """A pattern and the builder that reads its match. Of the rules whose pattern matches a clause,
    the one whose match starts first is tried first; at the same start, the lower ``priority``."""

    priority: int
    pattern: re.Pattern[str]
    build: Builder
