"""A series followed through: "I've read every Discworld book", "I'm on book 3 of the Expanse",
"I'm on season 2 of Severance", "I've been on a Tana French binge"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import content_words, topics_of

# A series' name as written: "Discworld", "the Expanse", "Harry Potter".
_NAME = r"(?:the )?(?-i:[A-Z])[\w':-]*(?: (?:(?-i:[A-Z])[\w':-]*|of|the|and))*?"


def read_them_all_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've read every Discworld book", "I've seen all the Star Wars films": a series one knows whole,
    for good."""
    verb = {"read": "read", "seen": "seen", "watched": "watched", "played": "played"}[match["verb"].lower()]
    text = f"{said.name} has {verb} {' '.join(match['what'].split())}"
    return said.fact(
        text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(match["name"])[:2])
    )


def part_of_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on book 3 of the Expanse", "on season 2 of Severance": the series being read or
    watched, for a month."""
    doing = "reading" if match["part"].lower() in ("book", "volume") else "watching"
    text = f"{said.name} is {doing} {match['name']}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("hobbies", *content_words(match["name"])[:2]))


def binge_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been on a Tana French binge", "I'm on a big Ghibli kick": a writer, a show or a maker
    taken up in a rush, for a month."""
    text = f"{said.name} has been on {match['a'].lower()} {match['name']} {match['what'].lower()}"
    topics = topics_of("hobbies", *content_words(match["name"])[:2])
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, "30d", topics)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1430,
        pattern=re.compile(
            r"\bI(?:'ve| have) (?:now |finally )?(?P<verb>read|seen|watched|played)"
            rf" (?P<what>(?:every|all(?: of)? the|all) (?P<name>{_NAME}) (?:books?|novels?|films?|movies?|games?"
            r"|episodes?|seasons?))\b",
            re.IGNORECASE,
        ),
        build=read_them_all_rule,
    ),
    Rule(
        priority=1440,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:now |currently |already )?on (?P<part>book|volume|season|series|episode)"
            rf" (?:\d{{1,3}}|one|two|three|four|five|six|seven|eight|nine|ten) of (?P<name>{_NAME})"
            r"(?=\W*$|[,.!?]| and\b| now\b)",
            re.IGNORECASE,
        ),
        build=part_of_rule,
    ),
    Rule(
        priority=1445,
        pattern=re.compile(
            r"\bI(?:'ve| have)? been on (?P<a>an?)(?: (?:big|huge|massive|real|bit of a|total))?"
            rf" (?P<name>{_NAME}) (?P<what>binge|kick|marathon)\b",
            re.IGNORECASE,
        ),
        build=binge_rule,
    ),
]
