"""What a cycling club tells of its riders, and anyone of their way to work: a long ride ("did 100k
on Sunday, my longest ride yet"), a first century, a fall or a crash ("I came off my bike last week",
"got doored"), a commute ("I commute by bike, 12 miles each way"), and a journey of one's own strength
between two named places ("I cycled from Land's End to Newcastle upon Tyne last summer"). The bike one rides, named in
answer to "what bike are you on?", is completed by ``questions._COMPLETED``."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import third_person, topics_of

_DISTANCE = r"\d{2,3}(?:\.\d)? ?(?:k|km|kms|miles?|mi)\b"
# How far or long each way: "12 miles each way", "about 40 min each way".
_EACH_WAY = re.compile(
    r"(?:about |around |roughly )?\d{1,3} ?(?:k|km|miles?|mins?|minutes|hours?|hrs?) each way", re.IGNORECASE
)


def ride_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "did 100k on Sunday, my longest ride yet", "rode 60 miles today": a long ride, kept for a month
    (a "ride" said with it: "did 10k" alone is as often a run)."""
    rest, message = match["rest"], said.scene.line_text  # "…, my longest ride yet": the clause after it
    if not match["rode"] and not re.search(r"\b(?:ride|bike|cycle|cycling|sportive|gravel)\b", message, re.I):
        return None
    distance = re.sub(r"(\d) ?mile\b", r"\1 miles", " ".join(match["distance"].split()))  # "a 50 mile sportive"
    text = f"{said.name} rode {distance}"
    if when := past_day_in(rest):
        text += f" {when}"
    if longest := re.search(
        r"\b(?:my|our) (?P<what>longest|furthest|first (?:century|100k|100 mile)) ride\b", message, re.I
    ):
        text += f", their {longest['what'].lower()} ride"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("cycling", "ride"))


def first_ride_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I did my first 100 mile ride on Sunday", "rode my first century": a first ride of a distance, a
    milestone kept for good (as a first marathon is)."""
    what = " ".join(match["what"].split())
    verb = "did" if re.search(r"(?:ride|sportive|audax)$", what, re.IGNORECASE) else "rode"  # "a 100 mile ride"
    text = f"{said.name} {verb} their first {what}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("cycling", "ride"))


def crash_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I came off my bike last week", "I got doored", "I got hit by a car on my way to work": a fall
    or a crash, for a month (a bot asks how they are)."""
    what = third_person(" ".join(match["what"].lower().split()), said.name)
    what = re.sub(r"^(?:got|was) (?=hit|knocked)", "was ", what)
    text = f"{said.name} {what}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "accident"))


def commute_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I commute by bike, 12 miles each way", "I commute by train from Reading": how and from where
    they get to work (the next one replaces it)."""
    how = " ".join((match["how"] or "").lower().split())
    text = f"{said.name} commutes" + (f" {how}" if how else "")
    if match["place"]:
        text += f" from {match['place'].rstrip('.')}"
    if each_way := _EACH_WAY.search(match["rest"]):
        text += f", {each_way[0].lower()}"
    if text == f"{said.name} commutes":
        return None  # "I commute": how or from where, unsaid
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", "commute"), slot="commute")


# The place a journey ends at: "Newcastle upon Tyne", a name with "o'" in it (not a capital).
_END = r"(?-i:[A-Z])[\w'-]*(?: (?:o'|of |on |upon )?(?-i:[A-Z])[\w'-]*){0,2}"
_JOURNEYED = {"biked": "cycled", "rode": "cycled", "kayaked": "paddled"}


def journey_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I cycled from Land's End to Newcastle upon Tyne last summer", "we walked from Bath to Bristol": a
    journey by their own strength, for good."""
    verb = match["verb"].lower()
    text = f"{said.name} {_JOURNEYED.get(verb, verb)} from {match['start']} to {match['end']}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("journeys", verb))


# What a new commute replaces among the memories (consolidation.SLOTS).
SLOTS = {"commute": r" commutes\b"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1733,
        pattern=re.compile(
            r"(?:\b(?:I|we) |^)(?:(?:just|finally) )?(?:did|rode|completed|finished|cycled) (?:my|our) first"
            r" (?P<what>\d{2,3} ?(?:k|km|miles?|mi) (?:ride|sportive|audax)|(?:metric |imperial )?century(?: ride)?"
            r"|sportive|audax)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=first_ride_rule,
    ),
    Rule(
        priority=1585,
        pattern=re.compile(
            rf"(?:\b(?:I|we) |^)(?:(?:just|finally) )?(?:did|(?P<rode>rode|cycled|biked)) (?:a |an )?"
            rf"(?P<distance>{_DISTANCE})(?: (?:ride|loop|sportive|audax))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=ride_rule,
    ),
    Rule(
        priority=1586,
        pattern=re.compile(
            r"(?:\bI |^)(?:(?:just|finally|actually) )?(?P<what>came off (?:my|the) (?:bike|road bike|mountain bike)"
            r"|crashed (?:my|the) (?:bike|car)|got doored|(?:got|was) (?:hit by a (?:car|van|bus|lorry|truck)"
            r"|knocked off (?:my|the) bike))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=crash_rule,
    ),
    Rule(
        priority=1587,
        pattern=re.compile(
            r"\bI (?:usually |now |mostly |still )?commute"
            r"(?P<how> (?:by|on (?:the|my)) (?:bike|train|tube|bus|car|foot|ferry|scooter))?"
            rf"(?: (?:in )?from (?P<place>{NAMED_PLACE}))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=commute_rule,
    ),
    Rule(
        priority=1697,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:once|finally|just|actually) )?(?P<verb>cycled|biked|rode|ran|hiked|walked"
            r"|rowed|sailed|swam|paddled|kayaked) (?:(?:all the way|the whole way) )?"
            rf"from (?P<start>{_END}) to (?P<end>{_END})",
            re.IGNORECASE,
        ),
        build=journey_rule,
    ),
]
