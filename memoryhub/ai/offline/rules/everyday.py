"""Everyday things a companion would ask after: an aid one lives with ("I use a wheelchair"), a home
or a job being hunted, a debt paid off, a landlord's notice to move out."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import third_person, topics_of


def aid_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I use a wheelchair", "I wear hearing aids": what someone lives with, for good."""
    aid = " ".join(match["aid"].lower().split()).replace("cpap", "CPAP")
    text = f"{said.name} {'wears' if match['verb'].lower() == 'wear' else 'uses'} {aid}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", aid.split()[-1]))


def hunting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're flat hunting", "I'm job hunting again": a search under way, for a month."""
    what = match["what"].lower()
    time = time_in(match["rest"] or "")
    where = re.match(r"\s+(?:in|around|near) (?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?", match["rest"] or "")
    text = f"{said.name} is {what} hunting" + (where[0].rstrip() if where else "") + (f" {time}" if time else "")
    topic = "work" if what == "job" else "home"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of(topic, "hunting"), time=time)


def paid_off_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finally paid off my student loans": a debt gone, for good."""
    debt = third_person(" ".join(match["debt"].split()), said.name)
    text = f"{said.name} paid off {debt}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("money", debt.split()[-1]))


def notice_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my landlord is kicking us out in January": a move one must make, and when."""
    time = time_in(match.string)
    text = f"{said.name} has to move out" + (f" {time}" if time else "")
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics_of("home", "moving"), time=time)


def career_change_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm thinking about retraining as a teacher", "I'm considering going back to uni": a change of
    course weighed, which a companion would ask after."""
    what = third_person(" ".join(match["what"].split()).rstrip(" .!,"), said.name)
    text = f"{said.name} is thinking about {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("work", "career"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1370,
        pattern=re.compile(
            r"\bI (?:(?:now|also|still|sometimes|mostly) )?(?P<verb>use|wear|rely on|need)"
            r" (?P<aid>(?:an? )?(?:wheelchair|cane|walking stick|walker|crutches|mobility scooter|hearing aids?"
            r"|cochlear implant|CPAP(?: machine)?|insulin pump|prosthetic (?:leg|arm)|guide dog|oxygen))\b",
            re.IGNORECASE,
        ),
        build=aid_rule,
    ),
    Rule(
        priority=1380,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:now|currently|still|finally|officially|also) )?"
            r"(?P<what>house|flat|apartment|home|job) hunting\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hunting_rule,
    ),
    Rule(
        priority=1390,
        pattern=re.compile(
            r"\b(?:I|we) (?:(?:finally|just|officially|actually) )?paid off (?P<debt>(?:my|our|the) (?:[a-z]+ )?"
            r"(?:loans?|mortgage|debts?|credit cards?|car|overdraft))\b",
            re.IGNORECASE,
        ),
        build=paid_off_rule,
    ),
    Rule(
        priority=1410,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:also|seriously|really|kinda|sort of) )?(?:thinking (?:about|of)"
            r"|considering) (?P<what>retraining as (?:an? )?[a-z]+(?: [a-z]+)?|becoming an? [a-z]+(?: [a-z]+)?"
            r"|(?:switching|changing) careers|a career change|going back to (?:uni|university|school|college)"
            r"|going freelance|going part[- ]time)\b",
            re.IGNORECASE,
        ),
        build=career_change_rule,
    ),
    Rule(
        priority=1400,
        pattern=re.compile(
            r"\bmy landlord(?:'s| is| has)? (?:(?:finally|just|now) )?(?:kicking (?:us|me) out|evicting (?:us|me)"
            r"|given (?:us|me) notice|selling (?:the|our|my) (?:flat|house|place|apartment))\b",
            re.IGNORECASE,
        ),
        build=notice_rule,
    ),
]
