"""What a volunteers' or a fundraisers' channel tells of its members' giving: blood given ("I gave blood
for the 50th time today"), an organ donor ("I'm on the organ donor register"), a kidney given to a
relative ("I'm donating a kidney to my brother"), a head shaved for a cause ("I shaved my head for
Macmillan") or hair grown for one ("I'm growing my hair out for charity"), and years given to a
charity ("I've been an Oxfam volunteer for five years"). A sponsored event is
``rules/pastimes.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import NTH, PROPER_NAME

_SPAN = (
    r"(?:about |over |nearly |almost )?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
    r" (?:years?|months?)"
)


def blood_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I gave blood for the 50th time today" (a milestone, for good), "I give blood every 12 weeks"."""
    if match["often"]:
        text = f"{said.name} gives blood {match['often'].lower()}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["charity", "blood"])
    nth = f" for the {match['nth'].lower()} time" if match["nth"] else ""
    text = f"{said.name} gave blood{nth}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT if nth else "30d", ["charity", "blood"])


def organ_donor_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on the organ donor register", "I'm a registered organ donor"."""
    return said.fact(f"{said.name} is a registered organ donor", MemoryKind.FACT, MEDIUM, PERMANENT, ["charity"])


def donating_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm donating a kidney to my brother": a living donation ahead, news of weight."""
    what = " ".join(match["what"].lower().split())
    whom = third_person(" ".join(match["whom"].split()), said.name)
    text = f"{said.name} is donating {what} to {whom}"
    return said.fact(text, MemoryKind.PLAN, HIGH, "30d", topics_of("health", "donation"))


def head_shaved_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I shaved my head for Macmillan", "I've had my hair cut short for charity": a head given to a cause."""
    did = "shaved their head" if match["shaved"] else "had their hair cut off"
    text = f"{said.name} {did} for {match['cause']}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("charity", "fundraising"))


def hair_grown_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been growing my hair out for charity, cutting it off in June": a head of hair grown for a
    cause, until the day it comes off."""
    text = f"{said.name} is growing their hair out for {match['cause']}"
    time = time_in(match["rest"])
    if time and re.search(r"\b(?:cut|cutting|chop|chopping|shave|shaving)\b", match["rest"], re.IGNORECASE):
        text += f", to cut it off {time}"
    return said.fact(
        text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics_of("charity", "fundraising")
    )


def volunteer_years_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been an Oxfam volunteer for five years": years given to a charity, for good."""
    text = f"{said.name} has been a {match['org']} volunteer {match['long'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("charity", "volunteering"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1726,
        pattern=re.compile(
            rf"\bI (?:just |finally )?(?:gave|donated) blood\b(?: for the (?P<nth>{NTH}) time)?"
            r"|\bI (?:give|donate) blood (?P<often>regularly|every (?:\d{1,2}|few|three|four|six) (?:weeks|months)"
            r"|when I can|twice a year|three times a year)",
            re.IGNORECASE,
        ),
        build=blood_rule,
    ),
    Rule(
        priority=1727,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:on the (?:organ )?donor register|an? (?:registered )?organ donor)\b", re.IGNORECASE
        ),
        build=organ_donor_rule,
    ),
    Rule(
        priority=1728,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:going to be )?(?:donating|giving) (?P<what>a kidney|(?:my |some )?bone marrow"
            r"|(?:my |some )?stem cells|part of my liver) to (?P<whom>(?:my|a) [\w-]+(?: (?-i:[A-Z])[\w-]+)?)",
            re.IGNORECASE,
        ),
        build=donating_rule,
    ),
    Rule(
        priority=1729,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just )?(?:(?P<shaved>shaved my head|had my head shaved)|had my hair (?:cut|chopped)"
            rf" (?:short|off)) for (?P<cause>charity|{PROPER_NAME})",
            re.IGNORECASE,
        ),
        build=head_shaved_rule,
    ),
    Rule(
        priority=1743,
        pattern=re.compile(
            r"\bI(?:(?:'ve| have) been|'m| am) growing"
            rf" my hair (?:out|long) for (?P<cause>charity|(?:the )?{PROPER_NAME})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hair_grown_rule,
    ),
    Rule(
        priority=1730,
        pattern=re.compile(
            rf"\bI(?:'ve| have) been an? (?P<org>{PROPER_NAME}) volunteer (?P<long>for {_SPAN}|since (?:19|20)\d\d)\b",
            re.IGNORECASE,
        ),
        build=volunteer_years_rule,
    ),
]
