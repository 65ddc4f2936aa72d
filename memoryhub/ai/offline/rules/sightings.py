"""What a birders' or an astronomy club's channel tells: a first sighting ("saw my first hoopoe in Spain
last spring", "saw Saturn's rings for the first time last week") and the telescope one observes with
("I've got an 8 inch Dobsonian")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, third_person, topics_of

# Where a sighting was, said after it: "in Spain", "at Minsmere", "on Mull".
_WHERE = re.compile(r"^ (?P<where>(?:in|at|on|over|off) (?:the )?(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})")
_TELESCOPES = r"dobsonian|dob|telescope|refractor|reflector|SCT|Schmidt-Cassegrain"  # not "a scope on my rifle"
# Wildlife a walker or a birder is glad to have seen: "a kingfisher", "two otters".
_WILD = (
    r"whales?|dolphins?|orcas?|otters?|owls?|eagles?|kingfishers?|puffins?|hoopoes?|badgers?|beavers?|seals?"
    r"|red kites?|ospreys?|herons?|deer|stags?|fox(?:es)?|fox cubs|hedgehogs?|hares?|red squirrels?|woodpeckers?"
)
# What one sees "for the first time" that a birder or a stargazer tells of (not a film or a show).
_SKY_AND_WILD = (
    r"(?:the )?(?:northern lights|aurora|milky way|andromeda(?: galaxy)?|orion nebula"
    r"|(?:saturn|jupiter)'s (?:rings|moons)|saturn|jupiter|mars|venus"
    r"|(?:a |the )?(?:comet|meteor shower|total eclipse|eclipse|iss|space station)"
    rf"|(?:a |an )?(?:[\w-]+ )?(?:{_WILD}))"
)


def first_seen_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "saw my first hoopoe in Spain last spring", "finally saw the northern lights for the first time":
    a first sighting, kept for good (a birder's lifer, an astronomer's first)."""
    seen = third_person(phrase_cut(" ".join((match["seen"] or match["seen2"]).split()), max_words=4), said.name)
    if not content_words(seen):
        return None
    rest = match["rest"]
    verb = "heard" if match["verb"].lower() == "heard" else "saw"  # "heard my first cuckoo"
    text = (
        f"{said.name} {verb} their first {seen}" if match["seen"] else f"{said.name} {verb} {seen} for the first time"
    )
    if where := _WHERE.match(rest):
        text += f" {where['where']}"
    if when := past_day_in(re.split(r"[,;!]| but | and ", rest)[0]):
        text += f" {when}"
    elif age := re.match(r"\s+at (?:age )?(?P<age>\d{1,2})\b", rest):
        text += f" at {age['age']}"  # "I saw my first gig at 14"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("sightings", *content_words(seen)[-1:]))


# Where wildlife was seen: "at the reservoir", "on the nature reserve" (not its time: "this morning").
_SEEN_AT = re.compile(
    r" (?:at|on|in|by|near|over) (?:the|a|our|my) [\w'-]+"
    r"(?: (?!(?:this|last|yesterday|today|tonight|earlier|on|at|in|when|while|and|but)\b)[\w'-]+)?(?=\W|$)",
    re.IGNORECASE,
)


def wildlife_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I saw a kingfisher at the reservoir this morning", "we spotted two otters on the river": a
    walk's or a birder's news, for a month."""
    seen = " ".join(match["seen"].lower().split())
    text = f"{said.name} {match['verb'].lower()} {seen}"
    rest = re.split(r"[,;!]| but | and ", match.string[match.end() :])[0]
    if where := _SEEN_AT.match(rest):
        text += where[0].lower()
    if when := past_day_in(rest):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("wildlife", seen.split()[-1]))


def telescope_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've got an 8 inch Dobsonian", "I use a 102mm refractor": the telescope they observe with."""
    size = ""
    if match["size"]:
        size = f"{match['size_n']}mm " if "mm" in match["size"].lower() else f"{match['size_n']} inch "
    kind = match["kind"]
    kind = "Dobsonian" if kind.lower() in ("dob", "dobsonian") else kind if kind.isupper() else kind.lower()
    scope = f"{size}{kind}" + ("" if kind == "telescope" else " telescope")
    text = f"{said.name} has {article_for(scope)} {scope}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("astronomy", "telescope"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1669,
        pattern=re.compile(
            r"\b(?:I (?:just |finally )?|finally )?(?P<verb>saw|spotted|seen|heard)"
            r" (?:my (?:first ever|first|very first)"
            r" (?P<seen>[\w' -]{2,40}?(?<! movie)(?<! film)(?<! show)(?<! episode))"
            rf"|(?P<seen2>{_SKY_AND_WILD}) for the (?:first|very first) time)"
            r"(?P<rest>(?= (?:in|at|on|over|off|last|yesterday|today|this|tonight)\b| ?[,.!]|$).*)",
            re.IGNORECASE,
        ),
        build=first_seen_rule,
    ),
    Rule(
        priority=1742,
        pattern=re.compile(
            r"\b(?:I|we) (?:just |finally )?(?P<verb>saw|spotted)"
            rf" (?P<seen>(?:a|an|two|three|four|five|some|a pair of|a family of) (?:[\w-]+ )?(?:{_WILD}))\b",
            re.IGNORECASE,
        ),
        build=wildlife_rule,
    ),
    Rule(
        priority=1670,
        pattern=re.compile(
            r"\bI(?:'ve| have)?(?: got| have| own| use| observe with| bought| just got) an?"
            rf" (?:(?P<size>(?P<size_n>\d{{1,3}})(?:\"|-inch| ?inch| ?in\b| ?mm\b)) )?(?P<kind>{_TELESCOPES})\b",
            re.IGNORECASE,
        ),
        build=telescope_rule,
    ),
]
