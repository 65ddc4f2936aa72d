"""A family growing, told ahead or just now: "I'm going to be an auntie!", "I'm gonna be a grandad in
June", "we've got a new baby niece!", "I have a new nephew"; a part one is asked to take ("I've been
asked to be godmother to my niece", for good; "… a bridesmaid", for a month). News weighed high, for a
month or until its month (a role already taken is ``rules/events.py``'s "I became a grandmother")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import third_person, topics_of

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


def asked_to_be_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been asked to be godmother to my niece", "I was asked to be a bridesmaid": a part asked of them."""
    role = " ".join(match["role"].lower().split())
    text = f"{said.name} has been asked to be {(match['article'] or '').lower()}{role}"
    if match["whose"]:
        text += f" {match['prep'].lower()} {third_person(match['whose'], said.name)}"
    for_good = role.startswith(("god", "guardian"))  # a wedding's part is news until the wedding
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT if for_good else "30d", topics_of("family", role))


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
    Rule(
        priority=1720,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just )?(?:been|was|got) asked to be (?P<article>an? |their |his |her )?"
            r"(?P<role>godmother|godfather|godparent|guardian|maid of honou?r|best man|bridesmaid|chief bridesmaid"
            r"|page ?boy|usher)\b(?: (?P<prep>to|for) (?P<whose>(?:my|our|their|his|her) [\w-]+(?: (?-i:[A-Z])\w+)?))?",
            re.IGNORECASE,
        ),
        build=asked_to_be_rule,
    ),
]
