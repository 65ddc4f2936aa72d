"""A job left and the next one: "I'm leaving the company" (news for a month; with a day it is a plan,
``rules/plans.py``), and "I'm joining the NHS as a data analyst" (the job, for good, in the place of the
last). "where are you off to?" after the leaving asks of the next one (``matching.answers_about``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import article_for, topics_of

# What one leaves that is one's work: "the company", "my job", "teaching".
_WORK = (
    r"the (?:company|firm|business|practice|agency|bank|council|school|department|team)|my (?:job|role|post)|work"
    r"|teaching|nursing|the (?:police|army|navy|NHS|civil service|force)"
)


def leaving_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm leaving the company", "I'm leaving teaching after 20 years": a job being left."""
    what = " ".join(match["what"].split())
    left = re.sub(
        r"^(?:the (?:company|firm|business|practice|agency|team)|my (?:job|role|post)|work)$", "their job", what
    )
    text = f"{said.name} is leaving {left.replace('my ', 'their ')}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("work", "leaving"))


def joining_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm joining the NHS as a data analyst", "joined Monzo as a product manager": the next job."""
    org, job = " ".join(match["org"].split()), " ".join(match["job"].split()).lower()
    verb = "joined" if match["verb"].lower() == "joined" else "is joining"
    text = f"{said.name} {verb} {org} as {article_for(job)} {job}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")
    fact.entities.append(said.entity(EntityType.ORGANISATION, org.removeprefix("the "), f"{said.name}'s employer"))
    return fact


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1639,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:finally|officially|actually|also) )?leaving (?P<what>{_WORK})\b"
            r"(?! (?:early|late|now|soon|at \d|for the day|tonight|in (?:a|an|\d+) (?:min|hour)))",
            re.IGNORECASE,
        ),
        build=leaving_rule,
    ),
    Rule(
        priority=1640,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve| have)? (?:(?:just|finally|officially) )?(?P<verb>joining|joined)"
            r" (?P<org>(?:the )?(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,3}|the (?:[a-z-]+ )?(?:fire service"
            r"|police|army|navy|council|ambulance service|prison service|civil service|NHS)) as (?:an? |the )?"
            r"(?P<job>[a-z][\w -]{2,30}?)(?=\s*(?:[,.!?;]|$)| (?:in|on|from|next|this|and|but)\b)",
            re.IGNORECASE,
        ),
        build=joining_rule,
    ),
]
