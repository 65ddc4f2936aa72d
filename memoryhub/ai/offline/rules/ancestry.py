"""What a family history group's channel tells: the research itself ("I've been doing my family tree for
years"), how far back it reaches ("traced my dad's side back to 1740") and a DNA test taken. What an
ancestor was ("my great grandad was a miner in Wales") is ``rules/family.py``'s, as any relative's."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import LOW, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN

_SIDE = r"(?:my|our) (?:mum|mom|mother|dad|father)'s side"


def researching_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been doing my family tree for years", "I'm researching my family history": the pastime, and
    for how long when said."""
    text = f"{said.name} researches their family history"
    if span := re.match(
        rf"\s+(?P<span>{FOR_A_SPAN}|for (?:years|decades))\b", match.string[match.end() :], re.IGNORECASE
    ):
        text = f"{said.name} has been researching their family history {span['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("family history", "genealogy"))


def traced_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "traced my family back to 1740 on my dad's side", "I've traced my mum's side back to the 1600s": how
    far their research reaches."""
    whose = match["whose"] or match["side"] or "my family"
    if match["on_side"] and re.fullmatch(r"(?:my|our) family", whose, re.IGNORECASE):
        whose = f"{match['on_side']} of the family"  # "my family … on my dad's side": one "their", said back
    text = f"{said.name} has traced {third_person(' '.join(whose.split()), said.name)} back to {match['year']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("family history", "genealogy"))


def dna_test_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I did an Ancestry DNA test", "my 23andMe results came back": a test taken, news for a while."""
    return said.fact(
        f"{said.name} did a DNA test", MemoryKind.EVENT, LOW, "30d", topics_of("family history", "dna test")
    )


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1658,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:been |started |just started |also )?(?:doing|researching|working on|building)"
            r" (?:my|our) (?:family tree|family history|genealogy)"
            r"|\bI(?:'m| am) (?:really )?into (?:genealogy|family history)\b",
            re.IGNORECASE,
        ),
        build=researching_rule,
    ),
    Rule(
        priority=1659,
        pattern=re.compile(
            rf"\btraced (?:(?P<whose>(?:my|our) (?:family|(?:family|mum's|mom's|mother's|dad's|father's) tree"
            rf"|ancestors|roots))|(?P<side>{_SIDE})) (?:all the way )?back to (?P<year>(?:the )?1\d{{2}}0s|1\d{{3}})"
            rf"(?: on (?P<on_side>{_SIDE}))?",
            re.IGNORECASE,
        ),
        build=traced_rule,
    ),
    Rule(
        priority=1660,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally )?(?:did|done|took|taken|sent off|got) (?:an? |my )"
            r"(?:Ancestry(?:DNA)? |23andMe |MyHeritage )?DNA (?:test|kit)\b"
            r"|\bmy (?:Ancestry(?:DNA)? |23andMe |MyHeritage |DNA )(?:test |DNA )?results (?:came|are) (?:back|in)\b",
            re.IGNORECASE,
        ),
        build=dna_test_rule,
    ),
]
