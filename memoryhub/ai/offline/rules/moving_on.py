"""A job left, the next one, and the one held: "I've handed in my notice at the council", "I'm leaving
the company" (news for a month; with a day it is a plan, ``rules/plans.py``), "I'm joining the NHS as a
data analyst" (the job, for good, in the place of the last), "I've been at Tesco for 12 years", "I've
been made a partner at the firm!", "my contract ends in June" (until then). "where are you off to?"
after the leaving asks of the next one (``matching.answers_about``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.text import article_for, topics_of
from memoryhub.ai.offline.vocabulary import MONTHS, PROPER_NAME

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


def tenure_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been at Tesco for 12 years now", "been with the council since 2009": where they work, and
    how long."""
    org = " ".join(match["org"].split())
    if re.search(r"\b(?:University|Uni|College|School|Academy|Sixth Form)\b", org, re.IGNORECASE):
        return None  # "I've been at Durham University for 3 years": studying, as likely as working
    text = f"{said.name} has worked at {org} {' '.join(match['span'].lower().split())}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", org), slot="employer")
    fact.entities.append(said.entity(EntityType.ORGANISATION, org.removeprefix("the "), f"{said.name}'s employer"))
    return fact


def made_partner_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been made a partner at the firm!", "I made partner": a step up that lasts."""
    where = f" {match['prep'].lower()} {said.phrase(match['where'], max_words=5)}" if match["where"] else ""
    text = f"{said.name} was made a partner{where}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", "partner"))


def own_boss_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I went freelance in January", "I've gone self-employed", "I set up on my own last year": how they
    work now, in the place of the job remembered."""
    how = "freelance" if (match["how"] or "").lower() == "freelance" else "self-employed"
    text = f"{said.name} went {how}"
    rest = match.string[match.end() :]
    if when := past_day_in(rest):  # "in January", "in 2021", "last year"
        text += f" {when}"
    # no slot: the job stays ("a graphic designer", now freelance)
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", how))


def contract_end_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my contract ends in June", "my fixed term contract is up at the end of March": a job's end
    ahead, kept until that day (as "my contract's been extended until June"); "my contract ended last month"
    is news for a month."""
    rest = match.string[match.end() :]
    if match["ended"]:
        when = past_day_in(rest)
        text = f"{said.name}'s contract ended" + (f" {when}" if when else "")
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("work", "contract"))
    if match["extended"]:  # "my contract's been extended until June": good news, kept until then
        until = re.match(
            rf"\s+(?:until|till|to) (?P<when>(?:the end of )?(?:{MONTHS}|the year)|(?:19|20)\d\d)\b", rest, re.I
        )
        text = f"{said.name}'s contract has been {match['extended'].lower()}"
        if not until:
            return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "contract"))
        time = time_in(f"in {until['when']}")
        text += f" until {until['when']}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(time), topics_of("work", "contract"), time=time)
    if not (when := time_in(rest)):
        return None  # "my contract ends when the project does": no day to keep it until
    text = f"{said.name}'s contract ends {when}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(when), topics_of("work", "contract"), time=when)


# Where a notice went in: "at Tesco", "at the council" (not "at the end of the month").
_LEFT_AT = re.compile(
    rf"\s+(?P<prep>at|with|from) (?P<org>{PROPER_NAME}"
    r"|the (?!end\b|start\b|weekend\b)[a-z]+(?: (?!today|yesterday|this|last|on)[a-z]+)?)(?=$|[,.!?;]| )",
    re.IGNORECASE,
)


def notice_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "handed in my notice today, done with retail forever": quitting a job."""
    done = re.search(r"\bdone with (?P<what>[\w -]{2,30}?)(?: forever| for good| now|[,.!]|$)", said.clause, re.I)
    if match["soon"] and (time := time_in(match.string[match.end() :])):  # "handing my notice in on Friday"
        text = f"{said.name} is handing in their notice {time}"
        return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics_of("work", "quit"), time=time)
    text = f"{said.name} {'resigned' if match['resigned'] else 'handed in their notice'}"
    if where := _LEFT_AT.match(match.string[match.end() :]):  # "… at the council", "… at Tesco"
        text += f" {where['prep'].lower()} {where['org']}"
    if when := past_day_in(match.string[match.end() :]):  # "today", "on Friday": the day it went in
        text += f" {when}"
    text += f", done with {done['what']}" if done else ""
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("work", "quit"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=130,
        pattern=re.compile(
            r"\b(?:handed|gave|put|(?P<soon>handing|giving|putting))(?: in)? (?:my |in my )?(?:notice|resignation)"
            r"(?: in)?\b"
            r"|\bI(?:'ve| have)? (?:just |finally |officially )?(?P<resigned>resigned)\b(?! (?:myself|to|from)\b)",
            re.I,
        ),
        build=notice_rule,
    ),
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
    Rule(
        priority=1647,
        pattern=re.compile(
            r"\bI(?:'ve| have) been (?:at|with) (?P<org>(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,3}"
            r"|the (?:council|NHS|bank|company|firm|civil service|police|fire service))"
            r" (?P<span>for (?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twenty) years"
            r"|since (?:19|20)\d\d)\b",
            re.IGNORECASE,
        ),
        build=tenure_rule,
    ),
    Rule(
        priority=1648,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|officially) )?(?:been made|made|got made) (?:a |an )?"
            r"(?:equity |salaried )?partner\b(?: (?P<prep>at|in) (?P<where>(?:the|my|our|a) [\w'&-]+(?: [\w'&-]+){0,2}"
            r"|(?-i:[A-Z])[\w&'-]*))?",
            re.IGNORECASE,
        ),
        build=made_partner_rule,
    ),
    Rule(
        priority=1675,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |recently )?(?:went|gone|go) (?P<how>freelance|self[- ]employed)\b"
            r"|\bI (?:just |finally )?set up (?P<how2>on my own)\b",
            re.IGNORECASE,
        ),
        build=own_boss_rule,
    ),
    Rule(
        priority=1691,
        pattern=re.compile(
            r"\bmy (?:(?:fixed[- ]term|temp|temporary|current|teaching|maternity cover|agency|work) )?contract"
            r"(?: (?:ends|finishes|runs out|is up|expires|comes to an end)"
            r"| (?P<ended>ended|finished|ran out|expired)|(?:'s| has|'s been| has been| got| was) (?P<extended>extended"
            r"|renewed))\b",
            re.IGNORECASE,
        ),
        build=contract_end_rule,
    ),
]
