"""A family growing, told ahead or just now: "I'm going to be an auntie!", "I'm gonna be a grandad in
June", "we've got a new baby niece!", "I have a new nephew". News weighed high, for a month or until
its month (a role already taken is ``rules/events.py``'s "I became a grandmother")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import topics_of

# Whom a birth in the family makes one: "an auntie", "a grandad", "a big sister", "a godmother".
_ROLE = (
    r"(?:great[- ])?(?:grandmother|grandfather|grandma|grandpa|granny|grandad|granddad|grandparents?|nana|nanna"
    r"|aunt|auntie|aunty|uncle|big sister|big brother|godmother|godfather|godparents?|mum|mom|dad|mother|father"
    r"|parents?)"
)
# Who was born to the family: "a new baby niece", "a new grandson".
_NEWBORN = r"(?:niece|nephew|grandson|granddaughter|grandchild|grandbaby|baby (?:niece|nephew|cousin|brother|sister))"


def to_become_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going to be an auntie!", "we're gonna be grandparents in June": a role a birth will give."""
    role = " ".join(match["role"].lower().split())
    article = "" if role.endswith("s") else f"{match['article'] or 'a '}".lower()  # "grandparents"
    text = f"{said.name} is going to be {article}{role}"
    time = time_in(match["rest"])
    if time:
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time) if time else "30d", topics_of("family", role))


def newborn_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've got a new baby niece!", "I have a new grandson": a birth in the family, news for a month."""
    who = " ".join(match["who"].lower().split())
    text = f"{said.name} has a new {who}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("family", who.split()[-1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=553,  # before a plan said with "going to" (rules/plans.py): "we're gonna be grandparents in June"
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:going to|gonna) be (?P<article>an? )?"
            rf"(?P<role>{_ROLE})\b(?! (?:helper|governor|rep|volunteer|reader|figure|role model))(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=to_become_rule,
    ),
    Rule(
        priority=1706,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'ve| have)?(?: just)? (?:got|have) an? (?:new |brand new )(?P<who>{_NEWBORN})\b",
            re.IGNORECASE,
        ),
        build=newborn_rule,
    ),
]
