"""What a single parents' or a separated people's channel tells: a divorce that went through ("my divorce
came through last week", "our divorce was finalised on Friday") and when one has the children ("I've
got the kids every other weekend", "we share custody of our son"). "we got divorced" itself is
``rules/events.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import WEEKDAYS

_CHILDREN = r"kids|children|boys|girls|twins|(?:son|daughter|boy|girl)(?: (?-i:[A-Z])[a-z'-]+)?"


def divorce_final_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my divorce came through last week", "the decree absolute came through on Friday": divorced, for
    good, on the day said."""
    text = f"{said.name} got divorced"
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("relationship", "divorce"))


def custody_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've got the kids every other weekend", "I have my daughter Mia on Wednesdays": when the children
    are with them, a thing a companion keeps in mind ("I've got the kids tonight" is an evening, no
    arrangement)."""
    whom = third_person(" ".join(match["whom"].split()), said.name)
    text = f"{said.name} has {whom} {' '.join(match['when'].lower().split())}"
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", "children"))


def shared_custody_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we share custody of our son", "I co-parent my two girls with my ex": the children's time shared."""
    whom = third_person(" ".join(match["whom"].split()), said.name)
    verb = "co-parents" if match["verb"].lower().startswith("co") else "shares custody of"
    return said.fact(
        f"{said.name} {verb} {whom}", MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", "children")
    )


_WHOM = rf"(?P<whom>(?:the|my|our) (?:(?:two|three|four|\d|little) )?(?:{_CHILDREN}))"
_ARRANGED = (
    rf"(?P<when>(?:every|each) (?:other |second )?(?:weekend|week|fortnight|{WEEKDAYS})|on (?:weekends|(?:{WEEKDAYS})s)"
    r"|half (?:the|of the|each) week|(?:for )?half (?:the|of the) (?:holidays|time))\b"
)

# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1651,
        pattern=re.compile(
            r"\b(?:my|our|the) (?:divorce|decree absolute)(?: (?:papers|settlement))?"
            r" (?:(?:finally|officially|just) )?(?:came through|went through|(?:was|got|is|has been) (?:finally )?"
            r"(?:finali[sz]ed|final|granted|signed|through))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=divorce_final_rule,
    ),
    Rule(
        priority=1225,  # before "I have my <brand>" (rules/possessions.py, 1230)
        pattern=re.compile(rf"\bI(?:'ve| have)?(?: got| have) {_WHOM} {_ARRANGED}", re.IGNORECASE),
        build=custody_rule,
    ),
    Rule(
        priority=1653,
        pattern=re.compile(rf"\b(?:I|we)(?: now)? (?P<verb>share custody of|co-?parent) {_WHOM}\b", re.IGNORECASE),
        build=shared_custody_rule,
    ),
]
