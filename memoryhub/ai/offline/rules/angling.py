"""What an angling club's channel tells: a fish caught, by weight and kind, where and when, and whether
it was a personal best ("landed a 6lb carp at the lake on Sunday, my PB"). Fishing as a habit is
``rules/pastimes.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import MONTHS, WEEKDAYS

_FISH = (
    r"carp|mirror carp|common carp|mirror|common|pike|bass|sea bass|trout|brown trout|rainbow trout|salmon|perch"
    r"|tench|bream|barbel|chub|roach|rudd|cod|mackerel|catfish|zander|eel|grayling|pollock|wrasse"
)
_WEIGHT = r"\d{1,3}(?:\.\d)?\s?(?:lb|lbs|kg|pound)(?: \d{1,2}\s?oz)?|\d{1,3}\s?pounder"
# Where it was caught, not a day ("on Sunday", "in March"); a river with its name ("on the River Wye").
_WHERE = re.compile(
    rf"^ (?P<where>(?:at|on|in|off) (?!(?:{WEEKDAYS}|{MONTHS})\b)(?:the |a )?(?:[\w'-]+ ){{0,2}}?"
    r"(?:lake|river|canal|reservoir|pond|pier|beach|coast|bank|(?-i:[A-Z])[\w'-]+)(?: (?-i:[A-Z])[\w'-]+)*)\b",
    re.IGNORECASE,
)
_BEST = re.compile(r"\b(?:PB|personal best|biggest (?:ever|yet)|new best)\b", re.IGNORECASE)


def caught_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "caught a 20lb pike yesterday", "landed a 6lb carp at the lake on Sunday, my PB": a catch worth
    telling, kept for good when it is their best, else for a month."""
    weight = re.sub(r"\s+", "", match["weight"].lower()).replace("pounder", "lb")
    fish = " ".join(match["fish"].lower().split())
    rest = match["rest"]
    text = f"{said.name} caught a {weight} {fish}"
    if where := _WHERE.match(rest):
        text += f" {where['where']}"
    if when := past_day_in(re.split(r"[,;!]| but ", rest)[0]):
        text += f" {when}"
    best = bool(_BEST.search(rest) or _BEST.search(said.scene.line_text))  # "…, my PB": its own clause
    text += ", their personal best" if best else ""
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT if best else "30d", topics_of("fishing", fish))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1664,
        pattern=re.compile(
            # not "had": "I had a 2lb trout for dinner"
            r"\b(?:I (?:just |finally )?)?(?:caught|landed|banked|netted) (?:a|an|my first|another)"
            rf" (?P<weight>{_WEIGHT}) (?P<fish>{_FISH})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=caught_rule,
    ),
]
