"""What a support group tells of living with an illness beside the illness itself (``rules/health.py``):
a treatment begun or about to begin ("I start a new medication next week"), a flare-up ("my flare up
has lasted two weeks now"), a course of treatment finished ("I finished chemo last month"), work cut
down for it ("I've had to go part time"), and a counsellor or therapist one sees ("I started seeing
a grief counsellor last month")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_day_in,
    past_time_in,
)
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import article_for, third_person, topics_of
from memoryhub.ai.offline.vocabulary import HOW_OFTEN

_TREATMENTS = (
    r"(?:a )?(?:new )?(?:medication|meds|tablets|treatment|injections|infusions|antidepressants|painkillers"
    r"|biologics|immunotherapy|physio|physiotherapy|therapy|CBT|HRT|course of [\w-]+|chemo|chemotherapy|radiotherapy"
    r"|dialysis)"
    r"|(?:(?:my|our|a|another) )?(?:(?:first|second|third|fourth|next|new) )?(?:round|cycle) of IVF|IVF"
)
# How long a flare has gone on: "two weeks now", "for a week".
_LASTED = re.compile(
    r"\b(?:for |lasted |going on |been going on )?(?P<span>(?:a|one|two|three|four|five|six|a few|\d+)"
    r" (?:days|weeks?|months?))\b",
    re.IGNORECASE,
)


def treatment_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I start a new medication next week", "I've just started physio", "I'm going on HRT": a
    treatment begun or about to begin (its name, asked "which one?", is a detail of it; "I'm starting
    CBT on Monday" is ``plans.doing_rule``'s); "I'm on chemo", "I'm having dialysis three times a week":
    under way."""
    treatment = third_person(" ".join(match["what"].split()), said.name)
    time = when_said(match["rest"])
    if match["begun"]:
        text = f"{said.name} has started {treatment}"
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "treatment"))
    going = (match["going"] or "").lower()  # "" for "I start …"
    often = HOW_OFTEN.match(match["rest"].lstrip())  # "every three weeks"
    if going in ("on", "going through", "undergoing") or (often and going in ("having", "doing")):
        # "I'm on chemo", "I'm having chemo every three weeks": a treatment under way, for a month at a time
        text = f"{said.name} is {going} {treatment}" + (f" {often[0].lower()}" if often else "")
        return said.fact(text, MemoryKind.FACT, HIGH, "30d", topics_of("health", "treatment"))
    verb = going if going in ("doing", "having") else "starting"  # "we're doing IVF again"
    again = " again" if re.match(r"\s+again\b", match["rest"], re.IGNORECASE) else ""
    text = f"{said.name} is {verb} {treatment}{again}" + (f" {time}" if time else "")
    expiration = expiration_for(time) if time else "30d"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration, topics_of("health", "treatment"), time=time)


def counselling_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I started seeing a grief counsellor last month", "I see a therapist every week": the help one
    has in talking, and since when or how often."""
    who = " ".join(match["who"].split())
    who = who if who.isupper() else who.lower()
    since = past_day_in(match["rest"]) if match["started"] else past_time_in(match["rest"])  # "I'm seeing … last month"
    text = f"{said.name} {'started seeing' if match['started'] or since else 'sees'} {article_for(who)} {who}"
    if how_often := HOW_OFTEN.match(match["rest"].lstrip()):
        text += f" {how_often[0].lower()}"
    elif since:
        text += f" {since}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "therapy"))


def treatment_done_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finished chemo last month", "I had my last radiotherapy session on Friday": a course of
    treatment behind them, for good."""
    what = (match["what"] or match["what2"]).lower()
    text = f"{said.name} finished {what}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("health", "treatment"))


_COURSES = r"chemo|chemotherapy|radiotherapy|radiation|immunotherapy|physio|IVF|rehab"


def flare_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my flare up has lasted two weeks now", "I'm in a bad flare": a flare-up, for a month."""
    text = f"{said.name} is having a flare-up"
    if lasted := _LASTED.search(match["rest"]):
        text += f" ({lasted['span'].lower()} so far)"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "flare"))


def part_time_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've had to go part time at work", "I went part-time last year": work cut down, kept for good."""
    return said.fact(f"{said.name} went part time at work", MemoryKind.EVENT, MEDIUM, PERMANENT, ["work", "health"])


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1588,
        pattern=re.compile(
            r"\b(?:I|we)(?:(?P<begun>(?:'ve| have)? (?:just |finally |now )?started)| (?:start|begin)"
            r"|(?:'m| am|'re| are) (?:still |now )?(?P<going>going on|starting|doing|having|on|going through"
            r"|undergoing))"
            rf" (?P<what>{_TREATMENTS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=treatment_rule,
    ),
    Rule(
        priority=1589,
        pattern=re.compile(
            r"(?:\bmy (?:current )?flare(?:[- ]?up)? (?:has|is|'s)|\bI(?:'m| am) (?:in|having) (?:a |another )?"
            r"(?:(?:bad|big|massive|horrible|nasty) )?flare(?:[- ]?up)?)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=flare_rule,
    ),
    Rule(
        priority=1590,
        pattern=re.compile(
            r"\bI(?:(?:'ve| have) (?:just )?gone|(?:'ve| have)? had to go| (?:have to )?go| went) part[- ]time\b",
            re.IGNORECASE,
        ),
        build=part_time_rule,
    ),
    Rule(
        priority=1616,
        pattern=re.compile(
            r"\bI(?:(?P<started>(?:'ve| have)? (?:just |recently |finally )?started (?:seeing|going to))"
            r"|(?:'m| am) (?:now )?seeing| (?:now )?see) (?:a|my) (?P<who>(?:grief |bereavement |couples |CBT |new )?"
            r"(?:counsellor|counselor|therapist|psychologist|psychiatrist))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=counselling_rule,
    ),
    Rule(
        priority=1618,
        pattern=re.compile(
            r"\bI(?:(?:'ve| have)? (?:just |finally |officially )?(?:finished|completed) (?:my )?(?:last )?"
            rf"(?P<what>{_COURSES})\b(?! (?:session|appointment) (?:on|next|tomorrow))"
            rf"| (?:just )?had my (?:last|final) (?P<what2>{_COURSES})(?: session| cycle| round| dose| treatment)?\b)"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=treatment_done_rule,
    ),
]
