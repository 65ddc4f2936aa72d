"""A speech one has to give, and where: "I've got to give a speech at my son's wedding", "I'm doing
the eulogy at my nan's funeral on Friday". Said alone after "my son is getting married in June", it
is a speech at that wedding."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.weddings import wedding_told
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import third_person, topics_of

# Where the speech is given: an occasion of someone's ("at my son's wedding") or a place ("at work").
_AT = re.compile(
    r"\s+(?P<at>at (?:my |our |(?-i:[A-Z])[\w-]+'s )(?:[\w-]+ )?(?:[\w-]+'s )?(?:[\w-]+ ){0,2}?"
    r"(?:wedding|funeral|memorial|retirement do|leaving do|party|graduation|reception|service)"
    r"|at (?:work|church|school|the [\w-]+ dinner))\b",
    re.IGNORECASE,
)


def speech_rule(match: re.Match[str], said: Said) -> Fact | None:
    """The speech, its occasion and its day; None when neither is said nor a wedding told before."""
    speech = (match["speech"] or match["speech2"]).lower()
    rest = match["rest"] if match["speech"] else match["rest2"]
    at = _AT.match(rest)
    where = at["at"] if at else ""
    if not where and (told := wedding_told(said)):
        where, rest = f"at {told[0]}", told[1]  # "my son is getting married in June" … "I've got to give a speech"
    time = when_said(rest)
    if not where and not time:
        return None  # "I've got to give a speech 😬": of nothing told
    article = "the" if (match["article"] or match["article2"]).lower() == "the" else "a"
    text = f"{said.name} is giving {article} {speech}"
    text += f" {third_person(phrase_cut(where, max_words=8), said.name)}" if where else ""
    text += f" {time}" if time and time not in text else ""
    expiration = expiration_for(time) if time else "30d"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration, topics_of("plans", speech), time=time)


RULES = [
    Rule(
        priority=1705,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:got|have|need) to|gotta|(?:'ve |have )?been asked to|was asked to"
            r"|'m (?:going to|gonna)|am (?:going to|gonna))"
            r" (?:give|make|do|read) (?P<article>a|the) (?P<speech>speech|toast|reading|eulogy)\b(?P<rest>.*)"
            r"|\bI(?:'m| am) (?:giving|making|doing|reading) (?P<article2>the) (?P<speech2>eulogy)\b(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=speech_rule,
    ),
]
