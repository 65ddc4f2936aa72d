"""What a Sunday league or five-a-side team tells of its players: the position one plays and for whom
("I play centre back for the Red Lion"). A captaincy is ``rules/roles.py``'s; a season ticket
``rules/gigs.py``'s; an injury ``rules/health.py``'s ("I've done my ACL")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME

_POSITIONS = (
    r"goalkeeper|keeper|in goal|centre back|center back|centre half|full back|left back|right back|wing back"
    r"|centre mid|central midfield|midfield|defensive mid|attacking mid|left wing|right wing|on the wing|winger"
    r"|striker|up front|number (?:9|10)"
)
# A team by its name: "the Red Lion", "the Fox and Hounds", "Hackney Wick FC".
_TEAM = rf"(?:the |my local |our )?{PROPER_NAME}"


def position_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I play centre back for the Red Lion", "I play in goal for our five-a-side team"."""
    position = " ".join(match["position"].lower().split())
    text = f"{said.name} plays {position}" + (f" for {match['team']}" if match["team"] else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("football", "position"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1628,
        pattern=re.compile(
            rf"\bI (?:usually |normally |mostly |now |still )?play (?P<position>{_POSITIONS})\b"
            rf"(?: for (?P<team>{_TEAM}))?",
            re.IGNORECASE,
        ),
        build=position_rule,
    ),
]
