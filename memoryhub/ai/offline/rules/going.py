"""A gathering one is going to: "I'm going to my cousin's wedding in Porto on the 12th", "I'll be at
my nephew's christening on June 3rd", "I can't do Saturday, I'm at a wedding"; and a stay with
family at a time: "can't do the 14th, we're at my in-laws in Bradford that weekend"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.rules.answers import date_in
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import DAY_OF_MONTH, FAMILY, GATHERINGS, WEEKDAYS

# A gathering that marks a life, kept without a time ("I'm going to my cousin's wedding"); the
# others are kept with one ("I'm at a conference next week").
_LIFE = re.compile(r"wedding|funeral|christening|baptism|mitzvah|graduation|memorial", re.IGNORECASE)


def when_said(text: str) -> str:
    """The time ``text`` says: a date ("on June 3"), a time ahead ("next week"), or a day of the
    month alone ("on the 12th"); "" if none."""
    if date := date_in(text):
        return date
    if time := time_in(text):
        return f"on {time}" if re.fullmatch(WEEKDAYS, time) else time  # "I can't make Saturday"
    day = DAY_OF_MONTH.search(text)
    return "on " + re.sub(r"^on ", "", day[0].lower()) if day else ""


def going_rule(match: re.Match[str], said: Said) -> Fact | None:
    """A gathering ahead with its time, said in the clause or the one before; a life's (a wedding, a
    funeral) without one too; "I'm at my cousin's wedding", with no time, is where they are now."""
    what = " ".join(match["what"].split())
    rest = match["rest"] or ""
    where = re.match(rf"\s+(?P<where>(?:in|at) {NAMED_PLACE})", rest)
    time = when_said(rest) or when_said(said.sentence_before())  # "I can't do the 12th though, I'm at …"
    life = _LIFE.search(what)
    if not time and not life:
        return None  # "I'm at a concert": where they are tonight, not a plan to remember
    now = not time and match["verb"].lower().strip(" '") in ("m at", "am at")
    text = f"{said.name} {'is at' if now else 'is going to'} {third_person(what, said.name)}"
    if where and where["where"].lower() not in time.lower():  # "in June" is its time, not a place
        text += f" {where['where']}"
    if time:
        text += f" {time}"
    kind = MemoryKind.EVENT if now else MemoryKind.PLAN
    topics = topics_of("plans", what.split()[-1])
    return said.fact(text, kind, HIGH if life else MEDIUM, expiration_for(time) if time else "30d", topics, time=time)


def away_at_family_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "sorry can't do the 14th, we're at my in-laws in Bradford that weekend", "I'll be at my mum's
    next week": a stay with family at a time, said in the clause or the one before."""
    rest = match["rest"] or ""
    where = re.match(rf"\s+(?P<where>in {NAMED_PLACE})", rest)
    time = when_said(rest) or when_said(match.string[: match.start()]) or when_said(said.sentence_before())
    if not time:
        return None  # "I'm at my mum's": where they are now
    text = (
        f"{said.name} will be at {third_person(match['who'], said.name)}"
        + (f" {where['where']}" if where else "")
        + f" {time}"
    )
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", "family"), time=time)


RULES = [
    Rule(
        priority=554,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'m|'re| am| are|'ll be| will be) (?:at|staying at) (?P<who>my (?:{FAMILY})(?:'s?)?)"
            # the family's home, not "my sister's wedding"
            r"(?=\s*(?:$|[,.!])|\s(?:in|for|on|this|next|that|over|until|till|from)\b)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=away_at_family_rule,
    ),
    Rule(
        priority=555,
        pattern=re.compile(
            r"\bI(?P<verb>'m going to|'m off to|'m heading to|'m attending|'ll be (?:going to|at|attending)"
            r"| am (?:going to|off to|heading to|attending|at)| will be (?:going to|at|attending)|'m at)"
            rf" (?P<what>(?:a|an|the|my|our) (?:[\w'-]+ ){{0,3}}?(?:{GATHERINGS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=going_rule,
    ),
]
