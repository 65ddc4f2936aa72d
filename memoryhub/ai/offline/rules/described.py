"""What people say they are, in a word or two: a gender or an orientation, a personality type or a
star sign, a wheelchair user, adopted or grown up in care, how tall; and a birthday of a round number
ahead."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, LOW, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import article_for, since_age, third_person, topics_of

# Said as a whole answer, not "I'm gay for this game" or "I'm ace at darts".
_SAID_WHOLE = r"(?=\s*(?:$|[,.!;)]|(?:and|but|btw|tbh|lol|haha|myself|too|as well|now|fwiw)\b))"
_IDENTITIES = (
    r"non-?binary|enby|trans(?:gender)?|genderfluid|genderqueer|agender|gay|lesbian|bi(?:sexual)?"
    r"|pan(?:sexual)?|queer|asexual|ace|aromantic|aro"
)
_SIGNS = r"Aries|Taurus|Gemini|(?-i:Cancer)|Leo|Virgo|Libra|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces"
_SAID_AS = {"enby": "nonbinary", "non-binary": "nonbinary", "aro": "aromantic"}


def identity_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm nonbinary", "I'm bi btw", "I'm trans": who they are, in their word."""
    word = match["word"].lower()
    return said.fact(f"{said.name} is {_SAID_AS.get(word, word)}", MemoryKind.FACT, MEDIUM, PERMANENT, ["identity"])


def type_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm an INFJ", "I'm such a Scorpio": a personality type or a star sign they go by."""
    kind = (match["type"] or "").upper() or match["sign"].capitalize()
    topic = "personality" if match["type"] else "star sign"
    return said.fact(f"{said.name} is {article_for(kind)} {kind}", MemoryKind.FACT, MEDIUM, PERMANENT, [topic])


def circumstance_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a wheelchair user", "I'm adopted", "I was adopted as a baby", "I grew up in care": what shapes
    their life."""
    if match["grew"]:
        return said.fact(f"{said.name} grew up in care", MemoryKind.FACT, HIGH, PERMANENT, ["family", "childhood"])
    if match["adopted"]:  # "I was adopted as a baby"
        young = f" {since_age(match['young'].lower())}" if match["young"] else ""
        return said.fact(f"{said.name} was adopted{young}", MemoryKind.FACT, HIGH, PERMANENT, ["family", "adopted"])
    what = " ".join(match["what"].lower().replace("full time", "full-time").split())
    what = what if what == "adopted" else f"{article_for(what)} {what}"
    text = f"{said.name} is {what}"
    if since := re.match(r"\s+(?P<since>since [\w' ]{2,40}?)\s*(?:$|[,.!])", match.string[match.end() :]):
        text = (
            f"{said.name} has been {what} {third_person(since_age(since['since']), said.name)}"  # "since my accident"
        )
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("life", what.split()[-1]))


def turning_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I turn 30 next week", "I'm turning 40 in March", "I'm 50 next week": a birthday ahead, until it
    is past."""
    when = time_in(match["rest"])
    if not when:
        return None  # "I'll be 30 by then": no day to keep it for
    text = f"{said.name} turns {match['age']} {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, expiration_for(when), ["birthday"], time=when)


def height_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm 6ft 4", "I'm only 5'2", "I'm 180cm": how tall, for good (a bike's size, a shelf out of reach)."""
    height = " ".join(match["height"].split())
    return said.fact(f"{said.name} is {height}", MemoryKind.FACT, LOW, PERMANENT, topics_of("appearance", "height"))


RULES = [
    Rule(
        priority=1736,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:only |just |nearly |almost |about |over )?(?P<height>(?:[4-7]|four|five|six|seven)"
            r" ?(?:ft|foot|feet|')(?: ?(?:1[01]|\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven)"
            r"(?: ?(?:in|inches|\"))?)?(?: tall)?|1[4-9]\d ?cm|2[01]\d ?cm)(?=\s*(?:$|[,.!;)]|tall\b|and\b|but\b))",
            re.IGNORECASE,
        ),
        build=height_rule,
    ),
    Rule(
        priority=1520,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:also|actually|openly|proudly|fully) )*(?P<word>{_IDENTITIES}){_SAID_WHOLE}",
            re.IGNORECASE,
        ),
        build=identity_rule,
    ),
    Rule(
        priority=1521,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:such|a|an|a typical|typical|a total|total|very much|very much an?) )*"
            rf"(?:(?P<type>(?-i:[IE][NS][FT][JP])(?:-[AT])?)|(?P<sign>{_SIGNS})(?! (?:survivor|patient)\b))\b",
            re.IGNORECASE,
        ),
        build=type_rule,
    ),
    Rule(
        priority=1522,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:also|actually) )?(?:an? )?(?P<what>(?:full[- ]time )?wheelchair user|amputee|adopted"
            r"|care leaver)\b|\bI (?P<grew>grew up|was raised|was brought up) in (?:foster )?(?P<what2>care)\b"
            r"|\bI was (?P<adopted>adopted)(?: (?P<young>as a baby|as a child|as a toddler|at birth|when I was \w+))?"
            r"(?=\s*(?:$|[,.!;]|and|so|but|lol)\b)",
            re.IGNORECASE,
        ),
        build=circumstance_rule,
    ),
    Rule(
        priority=1523,
        pattern=re.compile(
            r"\bI(?:(?:'m| am)? (?:turning|turn|'ll be turning|will be turning)|(?:'m| am)(?= [1-9]\d (?:next|on|this"
            r"|in|tomorrow)\b)) (?P<age>[1-9]\d)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=turning_rule,
    ),
]
