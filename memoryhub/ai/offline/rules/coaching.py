"""What a sports club or a dojo tells of its people beyond the sport: the class or squad one teaches
or coaches ("I teach the kids class on Saturdays", "I coach the under 10s"), and the belt one holds
("I'm a yellow belt in taekwondo"; a new belt, held or won, replaces the last)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import conjugate, topics_of
from memoryhub.ai.offline.vocabulary import BELT_COLOURS, MARTIAL_ARTS

# Said of once, not as a matter of course: "I teach the kids class tomorrow".
_ONCE = re.compile(r"\b(?:tomorrow|tonight|today|next|this (?:week(?:end)?|morning|afternoon|evening))\b", re.I)


def teaches_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I teach the kids class on Saturdays", "I coach the under 10s", "I lead the beginners' group
    on Sunday mornings": what they give their club every week, kept for good."""
    rest = match["rest"] or ""
    if _ONCE.search(rest) or not (rest.strip(" .!") or match["what"].split()[1:-1]):
        return None  # "I teach the kids class tomorrow": once; "I teach a class": of nothing
    text = f"{said.name} {conjugate(match['verb'].lower())} {said.phrase(match['what'] + rest, max_words=10)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("volunteering", match["group"].lower()))


def belt_held_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a yellow belt in taekwondo", "I'm only a white belt": the grade they hold."""
    art = f" in {match['art'].lower()}" if match["art"] else ""
    text = f"{said.name} is {'an' if match['belt'][0] in 'oO' else 'a'} {match['belt'].lower()} belt{art}"
    topics = topics_of("hobbies", (match["art"] or "belt").lower())
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics, slot="belt")


# What a new belt replaces among the memories (consolidation.SLOTS): the one held, or the one won.
SLOTS = {"belt": rf" (?:is an?|got their) (?:{BELT_COLOURS}) belt\b"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1629,
        pattern=re.compile(
            r"\bI (?:(?:also|still|now) )?(?P<verb>teach|coach|lead) (?P<what>(?:(?:the|a|an|our)"
            r"|my (?:son|daughter|kid|boy|girl)'s|my (?:kids|boys|girls)') (?:[\w'-]+ ){0,3}?"
            r"(?P<group>class(?:es)?|session|squad|team|group|juniors|under[- ]?\d{1,2}s))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=teaches_rule,
    ),
    Rule(
        priority=1630,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:now|still|only|just) )?an? (?P<belt>{BELT_COLOURS}) belt"
            rf"(?: in (?P<art>{MARTIAL_ARTS}))?\b",
            re.IGNORECASE,
        ),
        build=belt_held_rule,
    ),
]
