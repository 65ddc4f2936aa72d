"""What a job hunters' channel tells of its members' search: an interview had ("had my third
interview at Monzo today") and a rejection ("I got rejected from Deloitte after the final round"),
each news for a month. An interview ahead is ``rules/plans.py``'s appointment; the offer got is
``rules/work.py``'s new job."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME

_ROUND = re.compile(
    r"\b(?:after|at) the (?P<round>final|first|second|third|last|phone|technical) (?:round|stage)\b", re.IGNORECASE
)


def interview_had_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "had my third interview at Monzo today, fingers crossed": an interview had, and where."""
    which = f"{match['nth'].lower()} " if match["nth"] else ""
    text = f"{said.name} had {'their' if which else 'an'} {which}interview {match['prep'].lower()} {match['org']}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "interview"))


def rejected_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got rejected from Deloitte after the final round": a job not got, and at which stage."""
    text = f"{said.name} was turned down by {match['org']}"
    if stage := _ROUND.search(match["rest"]):
        text += f" after the {stage['round'].lower()} round"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "job search"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1612,
        pattern=re.compile(
            r"(?:\bI |^)(?:(?:just|finally) )?had (?:my|an|a) (?P<nth>first|second|third|fourth|final|last|2nd|3rd)?"
            rf" ?(?:job )?interview (?P<prep>at|with|for) (?P<org>{PROPER_NAME})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=interview_had_rule,
    ),
    Rule(
        priority=1613,
        pattern=re.compile(
            r"\bI(?: got|'ve been| have been| was| just got) (?:rejected|turned down) (?:from|by|for a job at)"
            rf" (?P<org>{PROPER_NAME})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=rejected_rule,
    ),
]
