"""What a chess club tells of its players: the rating one plays at ("I'm rated 1650", "finally hit 1800
on lichess", "my rating just went over 1800 on lichess"); a new rating replaces the last."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import topics_of

_WHERE = r"lichess|chess\.com|FIDE|ECF|blitz|rapid|bullet|classical"


def rating_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm rated 1650", "finally hit 1800 on lichess": the rating, kept until a new one replaces it."""
    where = (match["where"] or match["where2"] or "").lower()
    text = f"{said.name}'s chess rating is {match['rating']}"
    if where in ("lichess", "chess.com"):
        text += f" on {where}"
    elif where:  # "in blitz", "(FIDE)"
        text += f" ({where.upper()})" if where in ("fide", "ecf") else f" in {where}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("chess", "rating"), slot="chess rating")


# What a new rating replaces among the memories (consolidation.SLOTS).
SLOTS = {"chess rating": r"'s chess rating is\b"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1631,
        pattern=re.compile(
            r"\b(?:I(?:'m| am) (?:now |only )?rated (?:about |around )?"
            rf"|my (?:chess |elo |(?P<where2>{_WHERE}) )?rating is (?:now |about |around |up to )?"
            rf"|(?:I )?(?:just |finally )?(?:hit|reached|got to|broke) (?=\d{{3,4}} (?:on (?:{_WHERE})|elo|rating)\b)"
            r"|my rating (?:just |finally )?(?:went|got) (?:over|past|above) )"  # "my rating just went over 1800"
            rf"(?P<rating>[1-3]?\d{{3}})\b(?: (?:elo|rating))?(?: (?:on|in) (?P<where>{_WHERE}))?",
            re.IGNORECASE,
        ),
        build=rating_rule,
    ),
]
