"""How and how long someone works, as a workplace's channel tells it: the week worked ("I'm on a 4 day
week now"), a change of shifts ("I switched to nights last month"), hours cut, years in one place ("I've
been at the same company for 15 years") and a new manager. Where and as what is ``rules/work.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import NUMBER_WORDS

_DAYS = {str(number): word for word, number in NUMBER_WORDS.items()}  # "4" → "four"


def week_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on a 4 day week now", "I've switched to a four day week", "I work three days a week": the week
    they work, for good."""
    if match["days2"]:
        days = _DAYS.get(match["days2"], match["days2"].lower())
        text = f"{said.name} works {days} days a week"
    else:
        text = f"{said.name} works a {_DAYS.get(match['days'], match['days'].lower())}-day week"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "hours"])


def shifts_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I switched to nights last month", "I've moved onto earlies": the shifts they work now, for good."""
    shifts = (
        " ".join(match["shifts"].lower().split()).replace("part time", "part-time").replace("full time", "full-time")
    )
    text = f"{said.name} switched to {shifts}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "hours"])


def hours_cut_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my hours have been cut": less work, and less pay, for a month."""
    return said.fact(f"{said.name}'s hours were cut", MemoryKind.EVENT, MEDIUM, "30d", ["work", "hours"])


def tenure_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been at the same company for 15 years": years in one place, for good."""
    where = " ".join(match["where"].lower().split())
    where = re.sub(r"^my ", "their ", where)
    text = f"{said.name} has been at {where} for {match['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", "tenure"))


def new_manager_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got a new manager last week": a change at work a companion asks after, for a month."""
    who = match["who"].lower()
    text = f"{said.name} got a new {who}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", who))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1710,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve| have)? (?:(?:now|currently|only|just) )?(?:on|work|do|doing|(?:switched|moved|gone"
            r"|going|dropped|dropping) (?:down )?to) an? (?P<days>[3-5]|three|four|five)[- ]day(?: working)? week\b"
            r"|\bI(?:'m| am)? (?:(?:now|currently|only) )?(?:work|working)"
            r" (?P<days2>[1-4]|one|two|three|four) days a week\b",
            re.IGNORECASE,
        ),
        build=week_rule,
    ),
    Rule(
        priority=1711,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |recently )?(?:switched|moved|gone|went|changed) (?:over )?(?:to|onto)"
            r" (?P<shifts>nights|night shifts|days|day shifts|earlies|lates|permanent nights|part[- ]time|full[- ]time)"
            r"\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=shifts_rule,
    ),
    Rule(
        priority=1712,
        pattern=re.compile(r"\bmy (?:hours|shifts) (?:have been|got|were|are being|have) (?:just )?cut\b", re.I),
        build=hours_cut_rule,
    ),
    Rule(
        priority=1713,
        pattern=re.compile(
            r"\bI(?:'ve| have) (?:now )?been (?:at|with) (?P<where>the same (?:company|firm|school|hospital|place|job)"
            r"|my (?:company|firm|job|school|place) (?=for))"
            r" for (?P<span>(?:over |almost |nearly )?(?:\d{1,2}|[a-z]+(?:-[a-z]+)?) years)\b",
            re.IGNORECASE,
        ),
        build=tenure_rule,
    ),
    Rule(
        priority=1714,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:just )?got an? new (?P<who>manager|boss|line manager|head teacher|headteacher"
            r"|team lead|supervisor)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=new_manager_rule,
    ),
]
