"""One's own occasion said with its time: "my exam is on Monday", "our wedding is in June", "my first
day at the new job is Monday", "my surgery is on the 14th"; and "our anniversary is March 3rd", a
date that comes back every year. ("I have an exam on Monday" is ``plans.appointment_rule``'s.)"""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.rules.answers import DATE, date_text
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import OCCASIONS

# Occasions that are a life event, not an errand: they outrank a taste when a window must choose.
_LIFE_EVENTS = re.compile(r"wedding|graduation|surgery|operation|due date|anniversary|defen[cs]e|viva", re.I)
_YEARLY = re.compile(r"anniversary", re.I)

# A day of the month alone ("on the 14th"): a time, though no date can be worked out from it.
_DAY_OF_MONTH = re.compile(r"^(?:on )?the \d{1,2}(?:st|nd|rd|th)\b", re.I)


def occasion_rule(match: re.Match[str], said: Said) -> Fact | None:
    when = phrase_cut(match["when"], max_words=6)
    calendar = re.match(rf"^(?:on )?(?:{DATE})", when, re.IGNORECASE)
    date = date_text(calendar) if calendar else ""
    time = time_in(when)
    day_of_month = _DAY_OF_MONTH.match(when)
    if not (date or time or day_of_month):
        return None  # "my exam is so hard": no time, no occasion to remember
    thing = match["thing"].lower()
    about = third_person(phrase_cut(match["about"] or "", max_words=6), said.name)
    if date:
        said_when = f"on {date}"
    elif day_of_month is not None and not time:
        said_when = "on " + re.sub(r"^on ", "", day_of_month[0].lower())
    else:
        said_when = time
    if date and not time and _YEARLY.search(thing):
        text = f"{said.name}'s {thing} is {date}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of(thing.split()[-1]))
    text = f"{said.name}'s {thing}{f' {about}' if about else ''} is {said_when}"
    importance = HIGH if _LIFE_EVENTS.search(thing) else MEDIUM
    topics = topics_of("plans", thing.split()[-1])
    return said.fact(text, MemoryKind.PLAN, importance, expiration_for(time), topics, time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=835,
        pattern=re.compile(
            r"\b(?:my|our) (?P<thing>(?:[a-z-]+ ){0,2}?(?:"
            rf"{OCCASIONS}|graduation|anniversary|operation|check-?up|marathon|housewarming|due date|viva"
            r"|defen[cs]e|first day|last day))"
            r"(?P<about> (?:to|in|at|with|for|of) [^,.!?]{1,40}?)?"
            r" (?:is|'s) (?:(?:now|still|finally|actually) )?(?P<when>[^,.!?]+)",
            re.IGNORECASE,
        ),
        build=occasion_rule,
    ),
]
