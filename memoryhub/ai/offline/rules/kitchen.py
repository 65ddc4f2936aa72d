"""What a cooking channel tells of its cooks: what they make themselves, their sourdough starter, the
meals they prepare and for whom."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import conjugate, phrase_ends, third_person, topics_of
from memoryhub.ai.offline.vocabulary import word_set

# What is made at home rather than bought, by its verb (and the verb's -ing form, "I've been fermenting").
_MAKING = {
    "make": "make", "making": "make", "bake": "bake", "baking": "bake", "brew": "brew", "brewing": "brew",
    "ferment": "ferment", "fermenting": "ferment", "pickle": "pickle", "pickling": "pickle", "roast": "roast",
    "roasting": "roast", "cure": "cure", "curing": "cure", "smoke": "smoke", "smoking": "smoke", "mill": "mill",
    "milling": "mill", "press": "press", "pressing": "press",
}  # fmt: skip
# Made one's own, but not a thing made: "I make my own decisions", "I make my own way home".
_NOT_MADE = word_set(
    "decision decisions choice choices way mind rules money luck fun mistakes path schedule hours life friends"
    " plans happiness destiny judgement judgment opinion opinions"
)
# What a kitchen makes, for the topic; "I make my own clothes" is making, not cooking.
_FOOD = word_set(
    "pasta bread pizza sauce sauces jam jams stock kimchi sauerkraut kombucha yoghurt yogurt butter cheese granola"
    " hummus pesto noodles dumplings tortillas bagels pastry chocolate wine beer cider gin coffee curry paste"
    " sourdough baby food pickles chutney marmalade ketchup mayo mayonnaise kefir tofu sausages bacon ham"
)
_ALONE_AFTER = phrase_ends("and|but|now|lol|too|these days|every|each|at|from|for")


def own_made_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I make my own pasta from scratch", "I've been fermenting my own kimchi": what they make
    themselves (what to ask about, what to never offer them shop-bought)."""
    verb = _MAKING[match["verb"].lower()]
    what = " ".join(match["what"].lower().split())
    if set(what.split()) & _NOT_MADE:
        return None
    kitchen = verb != "make" or what.split()[-1] in _FOOD
    how = " ".join((match["how"] or "").lower().split())
    text = f"{said.name} {conjugate(verb)} their own {what}" + (f" {how}" if how else "")
    topics = topics_of("cooking" if kitchen else "making", what.split()[-1])
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics)


def starter_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my sourdough starter is called Doughby": a named thing a baker keeps alive."""
    text = f"{said.name}'s sourdough starter is called {match['name']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("cooking", "sourdough"))


def cooks_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I meal prep every Sunday", "I cook for a family of six": how and for whom they cook."""
    if match["prep"]:
        when = " ".join(match["when"].lower().split())
        return said.fact(
            f"{said.name} meal preps {when}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("cooking", "meal prep")
        )
    whom = third_person(" ".join(match["whom"].split()), said.name)
    family = re.search(r"\b(?:family|kids|children|husband|wife|partner|parents)\b", whom)
    topics = topics_of("cooking", "family") if family else topics_of("cooking")
    return said.fact(f"{said.name} cooks for {whom}", MemoryKind.FACT, MEDIUM, PERMANENT, topics)


RULES = [
    Rule(
        priority=1551,
        pattern=re.compile(
            r"\bI(?:'ve been| have been)? (?:(?:always|usually|also|now|still) )?(?P<verb>"
            + "|".join(_MAKING)
            + r") (?:all )?(?:my|our) own (?P<what>[a-z][a-z'-]*(?: [a-z][a-z'-]*)?)"
            r"(?P<how> from scratch| at home| by hand)?" + _ALONE_AFTER,
            re.IGNORECASE,
        ),
        build=own_made_rule,
    ),
    Rule(
        priority=1552,
        pattern=re.compile(
            r"\bmy (?:sourdough )?starter(?:'s| is) (?:called|named) (?P<name>(?-i:[A-Z])[\w-]+)", re.IGNORECASE
        ),
        build=starter_rule,
    ),
    Rule(
        priority=1553,
        pattern=re.compile(
            r"\bI (?:(?:always|usually|normally) )?(?P<prep>meal[- ]?prep) (?P<when>every \w+|on \w+days?"
            r"|at the weekend|on weekends|for the week)\b"
            r"|\bI (?:(?:usually|normally|have to) )?cook for (?P<whom>a family of (?:\w+)|my (?:whole )?family"
            r"|(?:\w+) (?:people|kids|children)|my (?:kids|husband|wife|partner|parents|flatmates|housemates))\b",
            re.IGNORECASE,
        ),
        build=cooks_for_rule,
    ),
]
