"""What a faith group tells of its members, as they say it of themselves: their faith ("I'm Catholic")
and its milestones ("I've just been confirmed!", "I got baptised on Sunday", "I converted to Islam
last year", "I'm converting to Judaism"). Kept as said, like anything else a person tells of
themselves, and erased with it."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of

_FAITHS = (
    r"Catholic|Roman Catholic|Muslim|Jewish|Christian|Hindu|Sikh|Buddhist|Anglican|Methodist|Baptist|Quaker"
    r"|Orthodox|Mormon|Pagan|Jain|Evangelical|Pentecostal|Presbyterian|Lutheran|atheist|agnostic"
)
_FAITH_NAMES = r"Islam|Judaism|Catholicism|Christianity|Hinduism|Sikhism|Buddhism|Orthodoxy"


def faith_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm Catholic", "I'm a Quaker", "I'm an atheist": their faith, or none, as they say it."""
    faith = match["faith"]
    if faith.lower() == "christian" and not match["article"]:
        return None  # "hi, I'm Christian": a name as often ("I'm a Christian" is the faith)
    faith = faith.lower() if faith.lower() in ("atheist", "agnostic") else faith[0].upper() + faith[1:]
    text = f"{said.name} is {(match['article'] or '').lower()}{faith}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("faith", faith.lower()), slot="faith")


def milestone_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've just been confirmed!", "I got baptised on Sunday", "I converted to Islam last year":
    a milestone of their faith, kept for good."""
    if match["faith2"]:  # "I'm converting to Judaism": under way, and who they are becoming
        text = f"{said.name} is converting to {match['faith2']}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("faith"))
    if match["faith"]:
        text = f"{said.name} converted to {match['faith']}"
    else:
        done = match["done"].lower().replace("baptized", "baptised")
        text = f"{said.name} was {done}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("faith"))


def fasting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm fasting for Ramadan", "I'm observing Lent this year": a season of faith kept, for its weeks."""
    season = match["season"].title()
    verb = "fasting for" if match["verb"].lower() == "fasting for" else "observing"
    return said.fact(
        f"{said.name} is {verb} {season}", MemoryKind.PLAN, MEDIUM, "30d", topics_of("faith", season.lower())
    )


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=15,  # before "I'm Tom" (20): "I'm Methodist" is no name
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:also|actually|now) )*(?P<article>an? )?(?P<faith>{_FAITHS})"
            r"(?=\s*$|\s*[,.!]| (?:and|but|myself)\b)",
            re.IGNORECASE,
        ),
        build=faith_rule,
    ),
    Rule(
        priority=1601,
        pattern=re.compile(
            r"(?:\bI(?:'ve| have)? (?:just |finally )?(?:got|was|been|just got) (?P<done>baptised|baptized|confirmed"
            r"|ordained|received into the church)(?! (?:as|for|by|that|on the)\b)"
            rf"|\bI (?:just |finally )?converted to (?P<faith>{_FAITH_NAMES})\b"
            rf"|\bI(?:'m| am) (?:currently |slowly )?converting to (?P<faith2>{_FAITH_NAMES})\b)"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=milestone_rule,
    ),
    Rule(
        priority=1688,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:also|currently|still) )?"
            r"(?P<verb>fasting for|observing|keeping|doing) (?P<season>Ramadan|Lent|Yom Kippur|Navratri)\b",
            re.IGNORECASE,
        ),
        build=fasting_rule,
    ),
]
