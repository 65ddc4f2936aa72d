"""A baby on the way, told further: the name chosen for it ("a girl! calling her Zofia", "we're
naming him Leo") after the speaker said they are expecting; and a baby's age ("my little one is 4
months today"). Whether it is a boy or a girl, answering "boy or girl?", is a detail of the baby to
come (``matching.answers_about``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import name_token, topics_of

# What tells of a baby to come, in a fact of the speaker's said a moment before.
BABY_TO_COME = re.compile(r"\b(?:expecting|pregnant|having a baby|baby (?:is )?due|due in|on the way)\b", re.I)
# How far back (in lines) the baby was told for a name to be its.
_SAID_JUST_BEFORE = 4


def baby_age_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my little one is 4 months today", "my baby girl is 7 weeks old": a baby's age, for a month."""
    text = f"{said.name}'s baby is {match['age']} {match['unit'].lower()} old"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("family", "baby"))


def baby_name_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "calling her Zofia", "we're naming him Leo", "her name's going to be Ada": the name of the
    baby the speaker just said they are expecting (a pet or a car named so is not one)."""
    expecting = next(
        (
            fact
            for fact in reversed(said.scene.facts)
            if fact.subject == said.handle and not fact.reported and BABY_TO_COME.search(fact.text)
        ),
        None,
    )
    name = name_token(match["name"] or match["name2"])
    if expecting is None or not name or said.line_index - max(expecting.lines) > _SAID_JUST_BEFORE:
        return None
    entity = said.entity(EntityType.PERSON, name, f"{said.name}'s baby")
    text = f"{said.name}'s baby is to be called {name}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"), entities=[entity])


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1581,
        pattern=re.compile(
            r"(?:^|\b(?:we(?:'re| are)|I(?:'m| am)) )(?:(?:probably|definitely|thinking of|going to be|gonna be) )?"
            r"(?:calling|naming|call|name) (?:her|him|them|the baby|our (?:little )?(?:girl|boy))"
            r" (?P<name>(?-i:[A-Z])[\w'-]+)\b"
            r"|\b(?:her|his|their|the baby's) name(?:'s| is| will be| is going to be|'s going to be) "
            r"(?P<name2>(?-i:[A-Z])[\w'-]+)\b",
            re.IGNORECASE,
        ),
        build=baby_name_rule,
    ),
    Rule(
        priority=1619,
        pattern=re.compile(
            r"\bmy (?:little one|LO|baby(?: girl| boy)?|newborn) is (?:now |nearly |almost )?(?P<age>\d{1,2})"
            r" (?P<unit>weeks?|months?)\b",
            re.IGNORECASE,
        ),
        build=baby_age_rule,
    ),
]
