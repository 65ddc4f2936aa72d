"""What a collectors' channel tells: how long one has collected a thing and how many one has ("I've been
collecting vinyl for 20 years, about 1500 records now", "been collecting stamps since I was 10"). "I
collect vinyl" is ``rules/pastimes.py``'s, as any habit."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import since_age, third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, SINCE_WHEN

# How many they have, said after the span: ", about 1500 records now".
_HOW_MANY = re.compile(
    r"^\s*,?\s*(?:with )?(?P<count>(?:about |around |over |nearly |almost |just over |just under )?\d[\d,]*"
    r" [a-z]+)(?: now| so far)?\s*[.!]*$",
    re.IGNORECASE,
)


def collected_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been collecting vinyl for 20 years", "been collecting stamps since I was 10": the collection,
    how long, and how big when said."""
    what = third_person(" ".join(match["what"].split()), said.name)
    span = third_person(since_age(" ".join(match["span"].split())), said.name).lower()
    text = f"{said.name} has collected {what} {span}"
    if count := _HOW_MANY.match(match.string[match.end() :]):
        text += f", {count['count'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("collecting", what))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1663,
        pattern=re.compile(
            r"\b(?:I(?:'ve| have) )?been collecting (?P<what>(?:[\w'-]+ ){0,2}?[\w'-]+)"
            rf" (?P<span>{FOR_A_SPAN}|for (?:years|decades)|{SINCE_WHEN})\b",
            re.IGNORECASE,
        ),
        build=collected_rule,
    ),
]
