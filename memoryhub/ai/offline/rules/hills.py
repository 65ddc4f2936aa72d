"""What a hill-walking club tells of its walkers: a summit reached ("did Helvellyn via Striding Edge on
Saturday", "I summited Ben Nevis yesterday") and a list of hills completed ("I just finished my last
Munro!! all 282 done")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import MONTHS, WEEKDAYS

_HILL = r"(?:Mt\.? |Mount |Ben |Pen y |Pen-y-)?(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,2}"
_ROUTE = r"(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,2}"
_LISTS = r"Munro|Wainwright|Corbett|Marilyn|Nuttall|Hewitt|county top|Welsh 3000|Scottish 4000"
# What makes "did Snowdon" a walk and not a gig: a walker's word said with it.
_WALKED = re.compile(r"\b(?:via|summit(?:ed)?|hike|hiked|walk|walked|climb|climbed|ridge|scramble|peak|fell)\b", re.I)


def summit_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "did Helvellyn via Striding Edge on Saturday", "I summited Ben Nevis yesterday": a hill
    climbed, for a month ("did" only with a walker's word: "did Glastonbury" is a festival)."""
    if match["verb"].lower() == "did" and not _WALKED.search(said.scene.line_text):
        return None
    hill = " ".join(match["hill"].split())
    text = f"{said.name} climbed {hill}" + (f" via {match['route']}" if match["route"] else "")
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("hiking", hill))


def round_completed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just finished my last Munro!! all 282 done", "I've done all the Wainwrights": a list of
    hills completed, kept for good."""
    hills = (match["list"] or match["list2"]).rstrip("s")
    hills = hills if hills[0].isupper() else hills.lower()
    text = f"{said.name} has climbed all the {hills}s"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("hiking", hills))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1598,
        pattern=re.compile(
            r"(?:\b(?:I|we) |^)(?:(?:just|finally) )?"
            r"(?P<verb>did|climbed|summited|bagged|hiked up|walked up|scrambled up|hiked)"
            rf" (?!(?:{WEEKDAYS}|{MONTHS})\b)(?P<hill>{_HILL})(?: via (?:the )?(?P<route>{_ROUTE}))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=summit_rule,
    ),
    Rule(
        priority=1599,
        pattern=re.compile(
            rf"\bI(?:'ve| have)? (?:just |finally )?(?:finished|climbed|done|bagged|completed) my (?:last|final)"
            rf" (?P<list>{_LISTS})\b"
            rf"|\bI(?:'ve| have) (?:now |finally )?(?:done|climbed|bagged|completed) (?:all )?(?:the |all \d+ )"
            rf"(?P<list2>(?:{_LISTS})s)\b",
            re.IGNORECASE,
        ),
        build=round_completed_rule,
    ),
]
