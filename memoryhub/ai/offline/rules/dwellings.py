"""Homes that are no address, as a boaters' or a van lifers' channel tells of them: "we live on a
narrowboat", "we've been living in the van full time for 2 years now", "I live aboard a 32ft yacht".
Where one lives is ``rules/places.py``'s; a boat or a van one lives in is said beside it (no slot: "lives
in Bristol" stays)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN

_DWELLINGS = (
    r"narrowboat|narrow boat|houseboat|boat|barge|yacht|sailboat|van|campervan|camper van|camper|motorhome"
    r"|caravan|static caravan|tiny house|yurt|bus|skoolie|truck|rv"
)


def dwelling_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we live on a narrowboat", "I've been living in my van full time since 2022": the home, for good
    (a span or a start said with it)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    where = match["where"].lower()
    rest = match["rest"]
    full_time = " full time" if re.match(r"\s*,?\s*full[- ]time\b", rest, re.IGNORECASE) else ""
    rest = re.sub(r"^\s*,?\s*full[- ]time\b", "", rest, flags=re.IGNORECASE)
    span = re.match(rf"\s+(?P<span>{FOR_A_SPAN}|since (?:19|20)\d\d)\b", rest, re.IGNORECASE)
    if span:
        text = f"{said.name} has lived {where} {what}{full_time} {span['span'].lower()}"
    else:
        text = f"{said.name} lives {where} {what}{full_time}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", match["what"].split()[-1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=235,  # before "I've been living in <place>" (rules/places.py, 240)
        pattern=re.compile(
            r"\b(?:I|we)(?:(?:'ve| have)(?: (?:now|always|actually))? (?:been living|lived)"
            r"|(?:'m| am|'re| are)(?: (?:now|currently|still|actually))? living"
            r"|(?: (?:now|currently|still|actually))? live)"
            r"(?: (?:full[- ]time|permanently))? (?P<where>on|aboard|in)"
            rf" (?P<what>(?:a|an|our|my|the) (?:[\w-]+ ){{0,2}}?(?:{_DWELLINGS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=dwelling_rule,
    ),
]
