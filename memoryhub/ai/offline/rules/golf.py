"""What a golf club tells of its players: the handicap one plays off ("got my handicap down to 14", "I
play off 22"; a new one replaces the last), the club one is a member of ("I'm a member at Royal
Birkdale"), and a hole in one."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME


def handicap_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "got my handicap down to 14 this season", "I play off 22", "my handicap is now 9"."""
    text = f"{said.name}'s golf handicap is {match['handicap'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("golf", "handicap"), slot="handicap")


def member_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a member at Royal Birkdale", "I'm a member of Hallamshire Golf Club": a club of theirs."""
    text = f"{said.name} is a member {match['prep'].lower()} {match['club']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("clubs", match["club"].split()[-1]))


def hole_in_one_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I hit my first hole in one last week!!": for good."""
    first = "their first " if match["first"] else "a "
    text = f"{said.name} hit {first}hole in one"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("golf", "hole in one"))


# What a new handicap replaces among the memories (consolidation.SLOTS).
SLOTS = {"handicap": r"'s golf handicap is\b"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1620,
        pattern=re.compile(
            r"(?:\b(?:I )?got my handicap down to|\bmy handicap is (?:now |down to )?|\bI (?:now )?play off)"
            r" (?:about |around )?(?P<handicap>\d{1,2}(?:\.\d)?|scratch|plus \d)\b",
            re.IGNORECASE,
        ),
        build=handicap_rule,
    ),
    Rule(
        priority=1621,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:now |also )?a member (?P<prep>at|of) (?P<club>(?:the )?{PROPER_NAME})",
            re.IGNORECASE,
        ),
        build=member_at_rule,
    ),
    Rule(
        priority=1622,
        pattern=re.compile(
            r"\bI (?:(?:just|finally) )?(?:hit|got|had|made) (?:my |a )?(?P<first>first )?hole[- ]in[- ]one\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hole_in_one_rule,
    ),
]
