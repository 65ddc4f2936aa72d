"""What a group of people new to a country tells of its papers: a permit or a visa waited on ("I'm
still waiting on my residence permit, 4 months now") and one granted ("I finally got my settled
status!", "I'm a citizen now"), and when one runs out ("my visa expires in June")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import third_person, topics_of

_PAPERS = (
    r"(?:residence|work|resident) permit|(?:work |student |spouse |partner |family |skilled worker )?visa|passport"
    r"|green card|citizenship|settled status|pre-settled status|naturali[sz]ation|indefinite leave to remain|ILR"
    r"|residency|blue card|biometrics appointment"
)
_SO_FAR = re.compile(r"\b(?P<span>(?:a|one|two|three|four|five|six|\d+) (?:weeks?|months?)(?: now)?)\b", re.I)


def papers_awaited_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm still waiting on my residence permit, 4 months now": papers waited on, for a month."""
    papers = third_person(" ".join(match["papers"].split()), said.name)
    text = f"{said.name} is waiting on {papers}"
    if so_far := _SO_FAR.search(match["rest"]):
        text += f" ({so_far['span'].lower().removesuffix(' now')} so far)"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("immigration", "papers"))


def papers_granted_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finally got my settled status!", "my visa came through": papers granted, kept for good."""
    papers = third_person(" ".join((match["papers"] or match["papers2"]).split()), said.name)
    text = f"{said.name} got {papers}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("immigration", "papers"))


def papers_expire_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my visa expires in June", "my passport runs out next month": papers to renew by a time, until
    then."""
    time = time_in(match["rest"])
    if not time:
        return None
    papers = third_person(" ".join(match["papers"].split()), said.name)
    text = f"{said.name}'s {papers.removeprefix('my ').removeprefix('their ')} expires {time}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics_of("immigration", "papers"), time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1596,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:still )?waiting (?:on|for) "
            rf"(?P<papers>(?:my|our|a) (?:{_PAPERS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=papers_awaited_rule,
    ),
    Rule(
        priority=1597,
        pattern=re.compile(
            r"\bI (?:(?:finally|just|have|'ve) )*(?:got|received|been granted|was granted)"
            rf" (?P<papers>my (?:{_PAPERS}))\b(?! (?:photos?|form|application|renewal|appointment)\b)"
            rf"|\b(?P<papers2>my (?:{_PAPERS})) (?:finally |just )?(?:came through|got approved|was approved"
            r"|arrived)\b",
            re.IGNORECASE,
        ),
        build=papers_granted_rule,
    ),
    Rule(
        priority=1708,
        pattern=re.compile(
            rf"\b(?P<papers>my (?:{_PAPERS})) (?:expires|runs out|is running out|ends|is up)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=papers_expire_rule,
    ),
]
