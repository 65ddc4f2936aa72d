"""What an older people's group tells of its members' lives beyond work: retiring ("I retired from
teaching last year after 35 years", "I retired in 2019, was an engineer") and what one has taken up
since ("I've taken up watercolours"). Grandchildren are relatives like any (``vocabulary.FAMILY``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.text import article_for, third_person, topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME

# How long one worked before retiring: "after 35 years", "after thirty years in the job".
_AFTER = re.compile(r"\bafter (?P<span>\d{1,2}|[a-z]+(?:-[a-z]+)?) years\b", re.IGNORECASE)
# What or where one worked those years, said after them: " as a teacher", " at the council", " nursing".
_AS_OR_AT = re.compile(
    r" (?:as an? [a-z][\w-]*(?: [a-z][\w-]*)?|(?:at|with|in) [\w' -]{2,30}?|[a-z]+ing)(?=\s*(?:$|[,.!;]))",
    re.IGNORECASE,
)
# What one was, said after retiring: "…, was an engineer", "…, I was a nurse".
_WAS = re.compile(r",? (?:I )?was an? (?P<job>[a-z][\w-]*(?: [a-z][\w-]*)?)\b", re.IGNORECASE)


def retired_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I retired from teaching last year after 35 years": a retirement, kept for good; it replaces
    the job remembered (the slot of ``rules/work.py``'s jobs)."""
    rest = match["rest"]
    text = f"{said.name} retired"
    if match["from"]:
        text += f" from {match['from']}"  # as said: "the NHS", "Unilever", "teaching"
    if when := past_day_in(rest):  # "last year", "in March", "on Friday"
        text += f" {when}"
    if after := _AFTER.search(rest):
        text += f" after {after['span'].lower()} years"
        if where := _AS_OR_AT.match(rest[after.end() :]):  # "after 40 years as a teacher", "… at the council"
            text += third_person(where[0].lower() if where[0].startswith(" as ") else where[0], said.name)
    if was := _WAS.match(rest[rest.find(",") :] if "," in rest else ""):
        text += f"; {said.name} was {article_for(was['job'])} {was['job'].lower()}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", "retirement"), slot="job")


def taken_up_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've taken up watercolours", "I took up bowls last spring": a pastime begun."""
    what = match["what"].lower()
    text = f"{said.name} has taken up {what}"
    if when := past_day_in(match["rest"]):  # "last spring", "in March"
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", what.split()[-1]))


# How long, and where, said after a retirement ahead: "after 35 years at the council", "after 30 years teaching".
_AFTER_AT = re.compile(
    r"\s+after (?P<span>\d{1,2}|[a-z]+) years(?P<where> (?:at|with|in) [\w' -]{2,30}?| [a-z]+ing)?\s*(?:$|[,.!])",
    re.IGNORECASE,
)


def retiring_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I retire in June after 35 years at the council": a retirement ahead, said in the present,
    until a little after its day (``plans.doing_rule`` reads "I'm retiring in June")."""
    when = time_in(match["when"])
    if not when:
        return None
    text = f"{said.name} is retiring {when}"
    if after := _AFTER_AT.match(match["rest"]):
        text += f" after {after['span'].lower()} years{third_person(after['where'] or '', said.name)}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(when), topics_of("work", "retirement"), time=when)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1608,
        pattern=re.compile(
            r"\bI (?:(?:just|finally|officially|recently) )?retired"
            r"(?: from (?P<from>teaching|nursing|the (?:police|army|navy|RAF|NHS|force|fire service|civil service"
            r"|(?:[a-z]+ )?(?:post office|council|bank|school|hospital|factory|railways?|mines?|pit|prison service"
            r"|library|university|college|fire brigade))"
            rf"|{PROPER_NAME}))?"
            # "I retired in 2019", "I retired!"; not "I retired my old laptop", "retired early from the race"
            r"(?=$|[,.!;]| (?:in|on|last|this|today|yesterday|after|a (?:year|few|couple)|\d|two|three|four|five"
            r"|now|recently)\b)"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=retired_rule,
    ),
    Rule(
        priority=1609,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |recently |also )?(?:taken|took) up"
            r" (?!(?:a|an|the|my|it|that|this|smoking|space|room|time|residence|arms|office)\b)"
            r"(?P<what>[a-z][\w-]*(?: [a-z][\w-]*)?)(?P<rest>(?:$|[,.!;]| (?:again|recently|last|this|in|since)\b).*)",
            re.IGNORECASE,
        ),
        build=taken_up_rule,
    ),
    Rule(
        priority=1687,
        pattern=re.compile(
            r"\bI (?:officially |finally )?retire (?P<when>(?:in|on|at the end of|next|this) [\w ]{2,20}?)"
            r"(?P<rest>(?= after|\s*$|[,.!]).*)",
            re.IGNORECASE,
        ),
        build=retiring_rule,
    ),
]
