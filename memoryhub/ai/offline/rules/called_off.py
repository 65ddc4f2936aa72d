"""A plan called off: "I'm not moving to Leeds after all", "we're no longer going to Paris", "the
Paris trip is off", "we had to cancel our trip to Rome". What it says takes the place of the plan
remembered (``known.replaced_memory_index``), which a bot would otherwise go on asking after."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import topics_of

# What "X is no longer going to P" says, which the remembered plan to P it replaces said too.
CALLED_OFF = re.compile(r" is no longer (?:moving|going) (?:back )?to (?P<place>.+)$")


def called_off_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm not moving to Leeds after all", "the Paris trip is off": a plan that will not happen."""
    place = (match["place"] or match["place2"] or match["place3"]).rstrip(".")
    doing = "moving" if (match["doing"] or "").lower() == "moving" else "going"
    back = "back " if match["back"] else ""  # "I'm not moving back to Tampere after all"
    text = f"{said.name} is no longer {doing} {back}to {place}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("plans", place))


def journey_cancelled_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my flight to Oslo got cancelled", "our train home was delayed by 3 hours": a journey gone wrong,
    this week's news (what to ask after; whether the trip is off, the message does not say)."""
    journey = " ".join(match["journey"].lower().split())
    where = f" {match['dir'].lower()} {match['place']}" if match["place"] else (" home" if match["home"] else "")
    how = "cancelled" if match["how"].lower().startswith("cancel") else "delayed"
    text = f"{said.name}'s {journey}{where} was {how}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "7d", topics_of("travel", journey))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table). Before the
# trips and moves of ``rules/trips.py`` and ``rules/places.py`` (50), which read "not" as no plan.
RULES = [
    Rule(
        priority=45,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?P<no>no longer)|not) (?P<doing>moving|going|flying|heading"
            rf"|travell?ing) (?P<back>back )?to (?P<place>{NAMED_PLACE})"
            r"(?(no)|(?= (?:after all|anymore|any more|now|this year)\b))"
            rf"|\bthe (?P<place2>{NAMED_PLACE}) trip(?:'s| is| has been| got) (?:off|cancell?ed|called off)\b"
            r"|\b(?:I|we)(?:'ve| have)? (?:had to cancel|(?:just )?cancell?ed) (?:the|our|my) (?:trip|holiday|flights?)"
            rf" to (?P<place3>{NAMED_PLACE})",
            re.IGNORECASE,
        ),
        build=called_off_rule,
    ),
    Rule(
        priority=1758,
        pattern=re.compile(
            r"\b(?:my|our) (?P<journey>(?:(?:connecting|return|outbound|early|late|night) )?"
            r"(?:flight|train|ferry|coach))"
            rf"(?: (?P<dir>to|from) (?P<place>{NAMED_PLACE})|(?P<home> home))?"
            r"(?: got| was| has been| is|'s)(?: just)? (?P<how>cancell?ed|delayed)\b",
            re.IGNORECASE,
        ),
        build=journey_cancelled_rule,
    ),
]
