"""What a recovery group tells of its members: how long one has been sober, clean, smoke-free or free
of self-harm ("100 days sober today!", "I'm 2 years alcohol free this month", "6 weeks without self
harm"), the meetings one goes to ("I go to AA meetings twice a week") and being in recovery ("I'm in
recovery from an eating disorder"). Said of oneself, kept like a health condition; a later count
replaces the last (``SLOTS``). Quitting itself is ``rules/health.py``'s ("I quit drinking in
January"); starting again is this module's ("I'm back on the cigs")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import HOW_OFTEN

_FREE = {"sober": "sober", "clean": "clean", "dry": "sober", "alcohol free": "alcohol-free", "smoke free": "smoke-free"}


def sober_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "100 days sober today!", "I'm 2 years alcohol free this month": how long, as said."""
    span = f"{(match['count'] or match['count2']).lower()} {(match['unit'] or match['unit2']).lower()}"
    said_state = " ".join((match["state"] or match["state2"]).lower().replace("-", " ").split())
    if "harm" in said_state or said_state.startswith("sh "):  # "6 weeks without self harm today"
        text = f"{said.name} has been self-harm free for {span}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "recovery"), slot="self-harm")
    text = f"{said.name} has been {_FREE[said_state]} for {span}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "sobriety"), slot="sober")


def meetings_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I go to AA meetings twice a week": the meetings, and how often when said."""
    text = f"{said.name} goes to {match['group']} meetings"
    if how_often := HOW_OFTEN.match(match["rest"].lstrip()):
        text += f" {how_often[0].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("health", "recovery"))


# What one recovers from, when "in recovery" says it: an addiction or an eating disorder, not an operation.
_FROM_ADDICTION = (
    r"alcohol(?:ism)?|(?:an? |my )?(?:drug |alcohol |gambling )?addiction|drugs|drink(?:ing)?|gambling|heroin|cocaine"
    r"|(?:an |my )?eating disorder|anorexia|bulimia|self[- ]harm"
)


def recovery_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in recovery", "I've been in recovery from alcoholism for six years": in a recovery group,
    for good (not "in recovery after my knee op", which ``rules/health.py`` reads as healing)."""
    text = f"{said.name} {'has been' if match['been'] else 'is'} in recovery"
    if match["from"]:
        text += f" from {re.sub(r'^my ', '', match['from'].lower())}"
    if match["count"]:
        text += f" for {match['count'].lower()} {match['unit'].lower()}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "recovery"))


_HABIT_OF = {"cigs": "smoking", "fags": "smoking", "cigarettes": "smoking", "vape": "vaping", "vapes": "vaping"}


def relapse_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I started smoking again", "I'm back on the cigs after 2 years off": a habit taken up again,
    which a companion should know before congratulating a count that no longer holds."""
    habit = (match["habit"] or match["habit_"] or _HABIT_OF[match["habit2"].lower()]).lower()
    text = f"{said.name} started {habit} again"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("health", habit))


# What a later count replaces among the memories (consolidation.SLOTS).
SLOTS = {
    "sober": r" has been (?:sober|clean|alcohol-free|smoke-free) for\b",
    "self-harm": r" has been self-harm free for\b",
}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1610,
        pattern=re.compile(
            r"(?:\bI(?:'m| am|'ve been| have been) |^)(?:(?:now|officially|just over|over|nearly|almost) )?"
            r"(?P<count>\d{1,4}|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (?P<unit>days?|weeks?"
            r"|months?|years?)(?: now)? (?P<state>sober|clean|dry|alcohol[- ]free|smoke[- ]free"
            r"|without self[- ]harm(?:ing)?|self[- ]harm[- ]free|sh[- ]free)\b"
            # "I've been clean for 18 months today"
            r"|\bI(?:'ve| have) been (?P<state2>sober|clean|dry|alcohol[- ]free|smoke[- ]free) for (?:(?:just )?over )?"
            r"(?P<count2>\d{1,4}|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve) (?P<unit2>days?|weeks?"
            r"|months?|years?)\b",
            re.IGNORECASE,
        ),
        build=sober_rule,
    ),
    Rule(
        priority=1611,
        pattern=re.compile(
            r"\bI (?:go to|attend|(?:have |'ve )?started going to) (?P<group>(?-i:AA|NA|CA|GA|Al-Anon|SMART Recovery))"
            r"(?: meetings?)?\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=meetings_rule,
    ),
    Rule(
        priority=1619,
        pattern=re.compile(
            rf"\bI(?:'m| am|(?P<been>'ve been| have been)) (?:(?:now|still|also) )?in recovery"
            rf"(?: from (?P<from>{_FROM_ADDICTION}))?"
            r"(?: for (?P<count>\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
            r" (?P<unit>months?|years?))?(?=\s*(?:$|[,.!;)]|and\b|but\b|now\b|myself\b))",
            re.IGNORECASE,
        ),
        build=recovery_rule,
    ),
    Rule(
        priority=1636,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|recently) )?started (?P<habit>smoking|vaping|drinking|gambling) again\b"
            r"|\bI(?:'m| am) (?P<habit_>smoking|vaping|gambling) again\b"  # not "I'm drinking again, it's Friday"
            r"|\bI(?:'m| am) back on the (?P<habit2>cigs|fags|cigarettes|vapes?)\b",
            re.IGNORECASE,
        ),
        build=relapse_rule,
    ),
]
