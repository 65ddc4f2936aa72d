"""A grave health event of one's own, told after it: "I had a heart attack in 2021", "I had a stroke last
year", "I've had three miscarriages". Kept for good and weighed high, as a companion would remember it
(a relative's is ``rules/family.py``'s; an illness one lives with is ``rules/health.py``'s)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import article_for, topics_of
from memoryhub.ai.offline.vocabulary import COUNTS

_EVENTS = (
    r"heart attack|cardiac arrest|stroke|mini[- ]stroke|TIA|miscarriage|pulmonary embolism|blood clot|DVT"
    r"|(?:nervous|mental) breakdown|brain haemorrhage|brain hemorrhage|aneurysm|sepsis|seizure"
)


# What makes it a fright said big: "… when I saw the price lol".
_FRIGHT = re.compile(
    r"\bwhen I (?:saw|heard|opened|got|read|looked|checked|found|realis|realiz)|\b(?:lol|lmao|haha)\b|[😂🤣]", re.I
)


def health_event_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I had a heart attack in 2021", "I've had three miscarriages": what happened, how often, when."""
    if _FRIGHT.search(match["rest"]):
        return None  # "I had a heart attack when I saw the price lol": a fright, said big
    event = " ".join(match["event"].split())
    event = event if event.isupper() else event.lower()
    count = (match["count"] or "").lower()
    if count and count not in ("a", "an", "one"):
        text = f"{said.name} has had {count} {event}s"  # "three miscarriages", "two TIAs"
    else:
        text = f"{said.name} had {article_for(event)} {event}"
    rest = match["rest"]
    if age := re.match(r"\s+(?:at|when I was) (?P<age>\d{1,2})\b", rest, re.IGNORECASE):
        text += f" at {age['age']}"  # "when I was 40"
    elif when := past_day_in(re.split(r"[,;!]| but ", rest)[0]):  # "in 2021", "in March", "… at work today"
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("health", event.split()[-1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1682,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |recently |also |actually )?(?:had|suffered) (?P<count>"
            rf"{COUNTS}) (?:(?:massive|major|minor|small|big|bad|mild|serious|silent) )?(?P<event>{_EVENTS})s?\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=health_event_rule,
    ),
]
