"""One's own occasion said with its time: "my exam is on Monday", "our wedding is in June", "my first
day at the new job is Monday", "my surgery is on the 14th"; "our anniversary is March 3rd", a date
that comes back every year; how one went ("my interview went badly"); an operation had or to come
("I had knee surgery last week", "I'm having my wisdom teeth out on Friday"); and a relative's
occasion one goes to ("got my sister's hen do on Saturday"). ("I have an exam on Monday" is
``plans.appointment_rule``'s.)"""

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
    time_in,
)
from memoryhub.ai.offline.rules.answers import DATE, date_text
from memoryhub.ai.offline.rules.birthdays import yearly_day
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import lowered_as_said, third_person, topics_of
from memoryhub.ai.offline.vocabulary import DAY_OF_MONTH, EVENT_ADVERBS, OCCASIONS, RELATIONS

# One's own occasion, named: "exam", "job interview", "first day", "knee surgery".
_OCCASION = (
    rf"(?:[a-z0-9-]+ ){{0,2}}?(?:{OCCASIONS}|anniversary|operation|check-?up|housewarming"
    r"|viva|defen[cs]e|first day|last day|result)s?"
)

# Occasions that are a life event, not an errand: they outrank a taste when a window must choose.
_LIFE_EVENTS = re.compile(r"wedding|graduation|surgery|operation|anniversary|defen[cs]e|viva", re.I)
_YEARLY = re.compile(r"anniversary", re.I)


def occasion_rule(match: re.Match[str], said: Said) -> Fact | None:
    when = phrase_cut(match["when"], max_words=6)
    calendar = re.match(rf"^(?:on )?(?:the )?(?:{DATE})", when, re.IGNORECASE)  # "on the 3rd of May"
    date = date_text(calendar) if calendar else ""
    time = time_in(when)
    day_of_month = DAY_OF_MONTH.match(when)
    if not (date or time or day_of_month):
        return None  # "my exam is so hard": no time, no occasion to remember
    thing = lowered_as_said(match["thing"])
    about = third_person(phrase_cut(match["about"] or "", max_words=6), said.name)
    if date:
        said_when = f"on {date}"
    elif day_of_month is not None and not time:
        said_when = "on " + re.sub(r"^on ", "", day_of_month[0].lower())
    else:
        said_when = time
    if date and not time and _YEARLY.search(thing):
        text = f"{said.name}'s {thing} is {date}"  # "our anniversary is March 3rd"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of(thing.split()[-1]))
    verb = {"'s": "is"}.get(match["verb"].strip().lower(), match["verb"].strip().lower())
    text = f"{said.name}'s {thing}{f' {about}' if about else ''} {verb} {said_when}"
    importance = HIGH if _LIFE_EVENTS.search(thing) else MEDIUM
    topics = topics_of("plans", thing.split()[-1])
    return said.fact(text, MemoryKind.PLAN, importance, expiration_for(time), topics, time=time)


def operation_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I had knee surgery last week", "I just had my appendix out", "I've had my cataracts done": news for a
    month; "I'm having surgery on Friday", "I have a hip replacement booked for February": until a week after
    it; "I'm waiting for a knee replacement": a month."""
    rest = match["rest"] or ""
    on = re.match(r"\s+(?P<on>on (?:my|his|her|the) (?:left |right )?(?!\d)[\w-]+)", rest, re.IGNORECASE)
    what = " ".join(match["what"].lower().split()) + (f" {on['on'].lower()}" if on else "")  # "on my knee"
    what = third_person(what, said.name)
    topics = topics_of("health", match["op"].lower())
    if match["had"] or match["had2"]:
        when = past_day_in(rest)  # "last week", "in January", "on Monday"
        text = f"{said.name} had {what}" + (f" {when}" if when else "")
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics)
    if match["waiting"]:  # "I'm waiting for a hip replacement": on a list, for a month at a time
        return said.fact(f"{said.name} is waiting for {what}", MemoryKind.FACT, HIGH, "30d", topics)
    time = time_in(re.sub(r"^\s+booked(?: in)? for\b", " in", rest, flags=re.IGNORECASE))  # "booked for May"
    if not time:
        return None  # "I have surgery scars": no operation to come
    text = f"{said.name} is having {what} {time}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics, time=time)


def how_it_went_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my knee surgery went fine", "my interview went really badly": news for a month."""
    thing = lowered_as_said(match["thing"])
    text = f"{said.name}'s {thing} went {' '.join(match['how'].lower().split())}"
    importance = HIGH if _LIFE_EVENTS.search(thing) else MEDIUM
    return said.fact(text, MemoryKind.EVENT, importance, "30d", topics_of(thing.split()[-1]))


# Where an occasion is, named: " in Brighton", " at the Crown".
_NAMED_PLACE = re.compile(r"\s+(?P<where>(?:in|at) (?:the )?(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)", re.I)


def theirs_to_attend_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "got my sister's hen do in Brighton on Saturday", "I have my brother's stag do next weekend": a
    relative's occasion the speaker goes to, until a week after it."""
    rest = match["rest"] or ""
    time = time_in(rest)
    if not time:
        return None  # "I have my brother's wedding photos": no occasion to go to
    where = _NAMED_PLACE.match(rest)
    whose = match["whose"].lower()
    thing = " ".join(match["thing"].lower().split())
    text = f"{said.name}'s {whose} {thing}{' ' + where['where'] if where else ''} is {time}"
    kin = re.sub(r"(?:'s|s')$", "", whose)
    if thing == "birthday" and (day := yearly_day(time)) and not where:  # "it's my son's birthday today"
        text = f"{said.name}'s {whose} birthday is {day}"  # the day of the year, for good (``dates.anchored``)
        return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of(kin, "birthday"))
    topics = topics_of("plans", kin, thing.split()[-1])
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics, time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=835,
        pattern=re.compile(
            rf"\b(?:my|our) (?P<thing>{_OCCASION})"
            r"(?P<about> (?:to|in|at|with|for|of) [^,.!?]{1,40}?)?"
            r"(?P<verb> comes? out| (?:is|are) out| is| are|'s| starts?| begins?| ends?)"
            r" (?:(?:now|still|finally|actually) )?(?P<when>[^,.!?]+)",
            re.IGNORECASE,
        ),
        build=occasion_rule,
    ),
    Rule(
        priority=836,
        pattern=re.compile(
            r"(?:\bI(?: have|'ve got| got| have got)|^(?:got|it's|its)) my"
            rf" (?P<whose>(?:{RELATIONS})(?:'s|s'))"
            rf" (?P<thing>(?:[a-z-]+ ){{0,2}}?(?:{OCCASIONS}"
            r"|baby shower|birthday(?: party| dinner)?|funeral|graduation|leaving do|engagement party))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=theirs_to_attend_rule,
    ),
    Rule(
        priority=837,
        pattern=re.compile(
            rf"\b(?:my|our) (?P<thing>{_OCCASION}) went (?P<how>(?:(?:really|so|pretty|super|very|surprisingly) )?"
            r"(?:well|fine|ok|okay|great|badly|terribly|horribly|amazing(?:ly)?|smoothly|alright|wrong))\b",
            re.IGNORECASE,
        ),
        build=how_it_went_rule,
    ),
    Rule(
        priority=945,
        pattern=re.compile(
            rf"\bI(?:(?:'ve| have){EVENT_ADVERBS} (?P<had>had)|{EVENT_ADVERBS} (?P<had2>had|underwent)"
            r"|(?:'m| am) (?:having|getting|booked in for)|(?: have|'ve got| have got)"
            r"|(?P<waiting>(?:'m| am) (?:still )?(?:waiting (?:for|on)|on (?:the|a) waiting list for)))"
            r" (?P<what>(?:(?:my|a|an|the) )?(?:[\w-]+ ){0,2}?(?P<op>surgery|operation|op|c-section"
            r"|(?:hip|knee|shoulder|joint) replacement|(?:appendix|tonsils|wisdom teeth|gallbladder) (?:out|removed)"
            r"|(?<=my )(?:cataracts?|hip|knee|bunions?|varicose veins) done))"
            r"(?![\w-])(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=operation_rule,
    ),
]
