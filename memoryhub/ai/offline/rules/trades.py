"""What someone does for a living said by what they do, not by a job title: "I drive buses", "I
deliver parcels for a courier", "I fix boilers for a living", "I farm 300 acres in Devon". (A title,
"I'm a bus driver", is ``work.py``'s.)"""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import ASIDES, TRAILING_WORDS

# Words that may follow a trade's vehicle: "I drive buses btw", "I drive trucks now", "… these days".
_TRAILING = "|".join(sorted(TRAILING_WORDS | {"now", "nowadays", "these", "full-time", "part-time"}))
# Driving that is a trade: "I drive buses", "I drive a cab", "I drive for Uber".
_VEHICLES = r"bus(?:es)?|trucks?|lorr(?:y|ies)|taxis?|cabs?|vans?|forklifts?|ambulances?|trams?|trains?|coaches"


def livelihood_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I drive buses" → "Dana drives buses for a living", so that "what do I do for a living?" finds it."""
    verb = (match["verb"] or match["verb2"]).lower()
    what = phrase_cut(match["what"] or match["what2"], max_words=8)
    if not what or not content_words(what) or verb in ("am", "was", "used", "want", "need", "wish", "hate"):
        return None  # "I used to sing for a living", "I want to write for a living": not what they do now
    text = third_person(f"I {verb} {what}", said.name) + " for a living"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", *content_words(what)[:1]))


def farm_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I farm 300 acres in Devon", "we farm sheep on the Welsh border": a farmer's land or stock."""
    what = " ".join(match["what"].split())
    text = f"{said.name} farms {what}"
    if match["place"]:
        text += f" {match['prep'].lower()} {third_person(match['place'], said.name)}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", "farming"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=225,
        pattern=re.compile(
            rf"\bI (?:(?:currently|also|still|now) )?(?P<verb>drive) (?P<what>(?:(?:a|an|the) )?(?:{_VEHICLES})\b"
            r"(?: (?!for a living)(?:for|in|around) [^,.!?]{2,40}?)?|for (?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*)?)"
            rf"(?=$|[,.!?]| for a living| (?:{ASIDES}|{_TRAILING})\b)"
            r"|\bI (?:(?:currently|also|still|now) )?(?P<verb2>[a-z]+) (?P<what2>[^,.!?]{3,60}?) for a living\b",
            re.IGNORECASE,
        ),
        build=livelihood_rule,
    ),
    Rule(
        priority=226,
        pattern=re.compile(
            r"\b(?:I|we) (?:(?:currently|also|still|now) )?farm (?P<what>(?:about |around )?\d[\d,]* (?:acres|hectares)"
            r"|(?:sheep|cattle|beef|dairy|pigs|arable|organic|hill)(?: (?:and|&) (?:sheep|cattle|beef|pigs|arable))?)"
            r"(?: (?P<prep>in|near|on) (?P<place>the (?:[\w-]+ ){0,2}(?:border|coast|hills|moors|fens|dales)"
            r"|(?:the )?(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2}))?",
            re.IGNORECASE,
        ),
        build=farm_rule,
    ),
]
