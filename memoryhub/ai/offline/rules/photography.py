"""What a photography or writing club tells of its members beside their camera and what they shoot
(``rules/performing.py``): a work of theirs taken by an exhibition, a competition or a magazine ("I
had a photo accepted into the RPS exhibition", "got a poem published in Mslexia")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of

_WORKS = r"photos?|photographs?|pictures?|shots?|prints?|paintings?|poems?|(?:short )?stor(?:y|ies)|articles?|essays?"


def work_taken_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I had a photo accepted into the RPS exhibition", "got a poem published in Mslexia", "my shot
    was shortlisted for Wildlife Photographer of the Year": a work of theirs taken, kept for good."""
    where = phrase_cut(match["where"], max_words=8)
    if not content_words(where):
        return None
    work = " ".join((match["work"] or match["work2"]).split()).lower()
    how = match["how"].lower()
    where = third_person(where, said.name)
    text = f"{said.name} had {third_person(work, said.name)} {how} {match['prep'].lower()} {where}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("achievements", work.split()[-1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1584,
        pattern=re.compile(
            r"(?:(?:\bI |^)(?:(?:just|finally|actually) )?(?:had|got)"
            rf" (?P<work>(?:a|an|one of my|two of my|my|two|three) (?:[\w-]+ )?(?:{_WORKS}))"
            rf"|(?P<work2>my (?:[\w-]+ )?(?:{_WORKS})) (?:was|got|has been|were|have been))"
            r" (?:(?:just|finally) )?(?P<how>accepted|selected|shortlisted|published|featured|exhibited|chosen|printed"
            r"|highly commended|commended) (?P<prep>into|in|for|by|at) (?P<where>.+)",
            re.IGNORECASE,
        ),
        build=work_taken_rule,
    ),
]
