"""What those close to one gave or sprang on one: "my partner surprised me with a trip to Paris for our
anniversary", "my son got me a kindle for my birthday". News of theirs for a month: what to ask after
("how was Paris?"), and who to thank."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import RELATIONS

# The occasion, said after the gift: "for our anniversary", "for my 40th".
_FOR = re.compile(
    r"\s+for (?P<occasion>(?:my|our) (?:[\w'-]+ )?(?:birthday|bday|anniversary|40th|30th|50th|60th|21st|18th)"
    r"|christmas|mother's day|father's day|valentine's(?: day)?)\b",
    re.IGNORECASE,
)


def surprised_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my partner surprised me with a trip to Paris for our anniversary", "my son got me a kindle for my
    birthday" (a gift needs its occasion: "my boss got me a coffee" is nothing to keep)."""
    who = third_person(" ".join(match["who"].lower().split()), said.name)
    what = phrase_cut(match["what"], max_words=8)
    occasion = _FOR.match(match.string[match.end("what") :])
    if not content_words(what) or (match["gave"] and not occasion):
        return None
    verb = "surprised them with" if match["surprised"] else "gave them"
    text = f"{said.name}'s {who} {verb} {third_person(what, said.name)}"
    if occasion:
        text += f" for {third_person(occasion['occasion'], said.name)}"
    if when := past_day_in(match.string[match.end("what") :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("family", *content_words(what)[-1:]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=405,
        pattern=re.compile(
            rf"\bmy (?P<who>(?:best |older |younger |little |big )?(?:{RELATIONS}))"
            r" (?:(?P<surprised>surprised me with)|(?P<gave>got me|bought me|gave me))"
            r" (?P<what>(?:a|an|some|tickets|flowers|my|the) [^,.!?;]{2,60}?)(?=\s+for\b|\s*$|\s*[,.!?;])",
            re.IGNORECASE,
        ),
        build=surprised_rule,
    ),
]
