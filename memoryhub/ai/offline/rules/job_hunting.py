"""What a job hunters' channel tells of its members' search: an interview had ("had my third
interview at Monzo today") and a rejection ("I got rejected from Deloitte after the final round"),
each news for a month, and how long or hard the search has gone ("I've been job hunting for six
months"), for a month. An interview ahead is ``rules/plans.py``'s appointment; the offer got is
``rules/work.py``'s new job."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import MONTHS, PROPER_NAME

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
    if match["job"]:  # "the Amazon job", "the nursing job"
        text = f"{said.name} was turned down for the {match['what']} {match['job'].lower()}"
    else:
        text = f"{said.name} was turned down by {match['org']}"
    if stage := _ROUND.search(match["rest"]):
        text += f" after the {stage['round'].lower()} round"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "job search"))


def searching_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been job hunting for six months now", "I've been out of work since March", "I've applied
    for 50 jobs": how long or how hard the search has gone, for a month (the next job ends it)."""
    if match["count"]:
        text = f"{said.name} has applied for {match['count'].lower()} jobs"
    else:
        text = f"{said.name} has been {match['what'].lower()} {match['how'].lower()} {match['long'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("work", "job search"))


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
            r"\bI(?: got|'ve been| have been| was| just got) (?:rejected|turned down) (?:from|by|for a job at"
            rf"|(?=(?:from|for) the (?:[\w-]+ ){{1,2}}?(?:job|role|position)\b)(?:from|for) the (?P<what>[\w -]+?)"
            rf" (?P<job>job|role|position)\b)(?(job)| (?P<org>{PROPER_NAME}))(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=rejected_rule,
    ),
    Rule(
        priority=1702,
        pattern=re.compile(
            r"\bI(?:'ve| have) been (?P<what>job[- ]hunting|job[- ]searching|unemployed|out of work|between jobs"
            r"|looking for (?:a |an )?(?:new )?(?:job|work|role))"
            r" (?P<how>for|since)"
            r" (?P<long>(?:about |over |almost |nearly )?(?:a|an|\d+|[a-z]+) (?:weeks?|months?|years?)"
            rf"|(?:last )?(?:{MONTHS})"
            r"|christmas|the summer|last year|(?:19|20)\d\d)\b"
            r"|\bI(?:'ve| have) (?:now )?applied (?:for|to) (?P<count>\d+|dozens of|hundreds of|so many) jobs\b",
            re.IGNORECASE,
        ),
        build=searching_rule,
    ),
]
