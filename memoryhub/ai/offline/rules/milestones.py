"""What a new parents' channel tells of a child's firsts: "my son said his first word yesterday", "our
daughter took her first steps", "my little one started crawling this week", "our little one slept
through the night for the first time!". Kept as the parent's news of the child (a first for good, a
stage under way or a night slept through for a month). And the last of them: a child leaving home
("our youngest just left for uni", "both our kids have moved out now"), for good."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.rules.events import their_as_kin
from memoryhub.ai.offline.text import topics_of

_CHILD = (
    r"(?P<child>(?:son|daughter|baby|little one|boy|girl|youngest|eldest|toddler|twins|lo)"
    r"(?: (?-i:[A-Z])[a-z'-]+)?)"
)
_FIRSTS = {"word": "said {their} first word", "words": "said {their} first words", "steps": "took {their} first steps",
           "tooth": "got {their} first tooth"}  # fmt: skip
_STAGES = r"crawling|walking|talking|rolling over|sitting up|standing|pulling (?:himself|herself|themselves) up"


def _child(match: re.Match[str]) -> str:
    child = " ".join(match["child"].split())
    return "little one" if child.lower() == "lo" else child


def first_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my son said his first word yesterday", "our daughter took her first steps": a first, for good."""
    child = _child(match)
    first = match["first"].lower()
    text = f"{said.name}'s {child} " + their_as_kin(_FIRSTS[first].format(their="their"), child.split()[0].lower())
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("family", child.split()[0], first))


def stage_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my little one started crawling this week", "our son is walking now!": a stage under way, for a month."""
    child = _child(match)
    stage = " ".join(match["stage"].lower().split())
    text = f"{said.name}'s {child} {'started' if match['started'] else 'is'} {stage}"
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("family", child.split()[0], stage.split()[0]))


def slept_through_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our little one slept through the night for the first time!": a first of a baby's, news for a
    month (the nights after it are what the parent talks of next)."""
    child = _child(match)
    verb = "slept" if match["slept"].lower() == "slept" else "sleeps"  # "finally sleeps through the night!": now
    text = f"{said.name}'s {child} {verb} through the night" + (" for the first time" if match["first"] else "")
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("family", child.split()[0], "sleep"))


def potty_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're potty training this week, wish me luck": a parent's week, and what the chat turns to."""
    time = time_in(match["rest"] or match["rest2"] or "")
    doing = "started" if match["rest2"] is not None else "is starting" if match["starting"] else "is"
    text = f"{said.name} {doing} potty training" + (f" {time}" if time else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(time) if time else "30d", ["family", "potty"])


def left_home_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our youngest just left for uni", "my son's gone off to university", "both our kids have moved
    out now": a child grown and gone, a parent's life changed for good."""
    child = " ".join(match["child"].split())
    several = child.lower() in ("kids", "children", "twins", "boys", "girls")
    where = (match["where"] or "").lower()
    if where:
        text = f"{said.name}'s {child} {'have' if several else 'has'} left for {where}"
    else:
        text = f"{said.name}'s {child} {'have' if several else 'has'} moved out"
    if when := past_day_in(re.split(r"[,;!]| but | and ", match["rest"])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("family", child.split()[0], "leaving home"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=315,  # before what a relative did (rules/family.py): "my son said …"
        pattern=re.compile(
            rf"\b(?:my|our) {_CHILD} (?:(?:just|finally|actually) )?(?:said|took|got|cut) (?:his|her|their)"
            r" (?:very )?first (?P<first>words?|steps|tooth)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=first_rule,
    ),
    Rule(
        priority=314,  # "my son's first tooth came through": no "my son is" (rules/family.py)
        pattern=re.compile(
            rf"\b(?:my|our) {_CHILD}'s (?:very )?first (?P<first>tooth|words?|steps)\b(?: (?:finally|just))?"
            r" (?:came through|came in|has come through|is through|appeared|happened)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=first_rule,
    ),
    Rule(
        priority=316,
        pattern=re.compile(
            rf"\b(?:my|our) {_CHILD}(?: (?:has |is )?(?:just |finally )?(?P<started>started|began)| is(?: now)?)"
            rf" (?P<stage>{_STAGES})\b(?P<rest>(?: (?:now|already|properly|everywhere|unaided|this week|today|yesterday"
            r"|last week|at \d+ months))*\s*(?:$|[!.,;]).*)",  # not "is walking to school", "is talking about you"
            re.IGNORECASE,
        ),
        build=stage_rule,
    ),
    Rule(
        priority=319,
        pattern=re.compile(
            rf"\b(?:my|our) {_CHILD} (?:(?:just|finally|actually|now) )?(?P<slept>slept|sleeps) through(?: the night)?"
            r"(?P<first> for the (?:very )?first time)?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=slept_through_rule,
    ),
    Rule(
        priority=313,  # before what a relative did (rules/family.py): "our youngest just left …"
        pattern=re.compile(
            r"\b(?:(?:both|all) )?(?:my|our) (?:(?:two|three|four) )?(?P<child>youngest|eldest|oldest|son|daughter|kids"
            r"|children|twins|boys|girls|boy|girl)(?: (?-i:[A-Z])[a-z'-]+)?(?:'s| has| have)? (?:(?:just|finally|now"
            r"|both|all|officially) )*(?:left home|moved out|flown the nest|flew the nest|(?:left for|left to go to"
            r"|gone (?:off )?to|went off to) (?P<where>uni|university))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=left_home_rule,
    ),
    Rule(
        priority=312,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:finally|officially|just) )?(?P<starting>starting )?"
            r"potty training\b(?P<rest>.*)"
            r"|\b(?:I|we)(?:'ve| have)? (?:just |finally )?(?:started|begun|began) potty training\b(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=potty_rule,
    ),
]
