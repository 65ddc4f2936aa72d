"""What an amateur radio club's channel tells: the licence one holds ("got my foundation licence through"),
the call sign that comes with it ("call sign M0XRK"; a new one replaces the last, ``SLOTS``), being a
radio ham, and a first contact with a far country. A licence without a word of radio in the message is
a driving licence (``rules/events.py``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import topics_of

# An amateur call sign: a prefix of letters and digits, one digit, then up to four letters (M0XRK,
# 2E0ABC, G4ABC, KD2XYZ).
_CALL_SIGN = r"(?-i:[A-Z0-9]{1,3}[0-9][A-Z]{1,4})"
_RADIO = re.compile(r"\b(?:call ?sign|amateur radio|ham radio|radio ham|(?-i:HF|VHF|UHF|QSO|RSGB)|repeater)\b", re.I)


def call_sign_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my call sign is M0XRK", "call sign 2E0ABC": theirs until they say a new one."""
    text = f"{said.name}'s call sign is {match['sign']}"
    return said.fact(
        text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("amateur radio", "call sign"), slot="call sign"
    )


def licence_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "got my foundation licence through", "passed my ham licence": an amateur radio licence, when the
    message speaks of radio ("my full licence" alone is a driver's)."""
    level = (match["level"] or "").lower()
    if level in ("full", "foundation", "intermediate") and not _RADIO.search(said.scene.line_text):
        return None
    level = "" if level in ("amateur radio", "ham", "radio", "ham radio") else f"{level} "
    text = f"{said.name} got their {level}amateur radio licence"
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    if sign := re.search(rf"\bcall ?sign(?: is|'s|:)? (?P<sign>{_CALL_SIGN})\b", match["rest"], re.IGNORECASE):
        text += f", call sign {sign['sign']}"  # "…licence through, call sign M0XRK": a part no rule reads alone
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("amateur radio", "licence"))


def radio_ham_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a radio ham", "I've got into ham radio": the pastime."""
    return said.fact(f"{said.name} is a radio ham", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("amateur radio"))


def first_contact_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I made my first contact with Japan last night on 20m": a milestone of the pastime."""
    text = f"{said.name} made their first radio contact with {match['where']}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("amateur radio", match["where"]))


# What a new call sign replaces among the memories (consolidation.SLOTS).
SLOTS = {"call sign": r"'s call sign is\b"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1654,
        pattern=re.compile(rf"\b(?:(?:my|our) )?call ?sign(?: is|'s|:|,| =)? (?P<sign>{_CALL_SIGN})\b", re.I),
        build=call_sign_rule,
    ),
    Rule(
        priority=1655,
        pattern=re.compile(
            r"\b(?:got|passed|received|got through) (?:my|the) (?P<level>full|foundation|intermediate|amateur radio"
            r"|ham radio|ham|radio) licen[cs]e\b(?: (?:through|back|in the post))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=licence_rule,
    ),
    Rule(
        priority=1656,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:a |an )?(?:radio ham|amateur radio operator|ham radio operator)\b"
            r"|\bI(?:'ve| have)? (?:just |recently )?got into (?:amateur|ham) radio\b",
            re.IGNORECASE,
        ),
        build=radio_ham_rule,
    ),
    Rule(
        priority=1657,
        pattern=re.compile(
            r"\bI (?:just |finally )?made my first (?:radio )?(?:contact|QSO) with (?P<where>(?-i:[A-Z])[\w'-]+"
            r"(?: (?-i:[A-Z])[\w'-]+)?)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=first_contact_rule,
    ),
]
