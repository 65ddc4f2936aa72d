"""Where one goes or whom one visits, time and again: "we go to Cornwall every summer", "I visit my
mum in Leeds every other weekend", and "my wife's from Kerala, we go back every other year" (back to
the place just named). Kept for good, as a habit."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import conjugate, third_person, topics_of
from memoryhub.ai.offline.vocabulary import HOW_OFTEN

# How often (``HOW_OFTEN``), or when each year: "every other year", "twice a year", "every summer", "in
# the summer".
_OFTEN = (
    rf"{HOW_OFTEN.pattern}|(?:every|each|once a|twice a|three times a) (?:other |couple of |few )?(?:years?|summer"
    r"|winter|spring|autumn|christmas|easter|half term|holidays?|weekend)|every (?:two|three|four|\d) years"
    r"|(?:in|at|over) the (?:summer|winter|holidays)|(?:at|for|over) (?:christmas|easter)"
)
# Whom or where one visits: "my mum in Leeds", "Gran", "our friends at the coast".
_AWAY = r"(?:(?-i:[A-Z])|my |our )[\w'-]*(?: (?:in |at )?(?:(?-i:[A-Z])|[a-z]+'s )?[\w'-]+){0,3}?"


def regular_trip_rule(match: re.Match[str], said: Said) -> Fact | None:
    """The place or person, with how often; back to the place last named for "we go back"."""
    often = " ".join(match["often"].split()).lower()
    often = re.sub(r"\b(christmas|easter)\b", lambda m: m[1].title(), often)
    usually = f"{match['usually'].lower()} " if match["usually"] else ""
    verb = conjugate(match["verb"].lower())
    if match["back"]:
        line = said.scene.line_text
        before = line[: max(line.find(match[0]), 0)]  # the message before it: "my wife's from Kerala, we …"
        named = re.findall(rf"\b(?:from|in) ({NAMED_PLACE})", before)
        place = named[-1] if named else said.scene.last_place
        if not place and not match["home"]:
            return None  # "we go back every year": back where? Not said
        where = f" back to {place}" if place else " back home"
    else:
        place = " ".join((match["where"] or match["where2"]).split())
        where = f" to {place}" if verb != "visits" else f" {place}"
    text = f"{said.name} {usually}{verb}{third_person(where, said.name)} {often}"
    return said.fact(
        text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("travel", place.split()[-1] if place else "home")
    )


RULES = [
    Rule(
        priority=1719,
        pattern=re.compile(
            r"\b(?:I|we) (?P<usually>always |usually |normally |still )?(?P<verb>go|head|fly|drive|travel|visit)"
            rf"(?:(?P<back> back(?P<home> home)?(?: there)?)| to (?P<where>{NAMED_PLACE})"
            rf"|(?<=visit) (?P<where2>{_AWAY}))"
            rf" (?P<often>{_OFTEN})\b",
            re.IGNORECASE,
        ),
        build=regular_trip_rule,
    ),
]
