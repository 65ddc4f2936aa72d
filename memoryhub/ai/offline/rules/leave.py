"""Leave from work and the return from it: "I'm going on maternity leave in March", "I'm on
paternity leave till June", "I'm taking the whole of August off", "I'm back at work from Monday,
first time since mat leave", "I went back to work last week after six months off"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, Fact, Rule, Said, expiration_for, past_time_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import MONTHS, WEEKDAYS

_LEAVE = (
    r"(?:(?:maternity|paternity|parental|shared parental|adoption|mat|pat|sick|compassionate|study|annual)"
    r" leave|leave|a career break|a sabbatical)"
)
_SHORT = {"mat leave": "maternity leave", "pat leave": "paternity leave"}
# Why they were away, said after the return: "after mat leave", "first time since my surgery".
_AWAY = re.compile(
    rf"\b(?:after|since) (?:my |the )?(?P<why>{_LEAVE}|(?:six|two|three|four|five|\d+|a few|several)"
    r" (?:weeks|months) off)\b|\b(?:after|since) (?P<what>(?:my|the|a) (?:surgery|op|operation|burnout|breakdown))\b",
    re.IGNORECASE,
)


# "from Friday", "from May": when the leave starts.
_FROM_DAY = re.compile(rf"\s+(?:(?:from|on) (?=(?:{WEEKDAYS})\b)|from (?=(?:{MONTHS})\b))(?P<day>\w+)", re.IGNORECASE)


def _leave(said: str) -> str:
    leave = " ".join(said.lower().split())
    return _SHORT.get(leave, leave)


def on_leave_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going on maternity leave in March", "I'm on paternity leave till June": time off work
    of weeks or months, with its time when they say it."""
    leave = _leave(match["leave"])
    rest = match["rest"] or ""
    since = _FROM_DAY.match(rest)  # "I'm on leave from Friday till the 14th"
    until = re.match(
        r"\s+(?P<until>(?:till|until|til) (?:the )?\w+(?: \w+)?)", rest[since.end() :] if since else rest, re.I
    )
    time = when_said(rest)
    if leave == "leave" and not match["going"] and not (until or time):
        return None  # "I'm on leave": a day off as often as months; not so with its days said
    verb = "is going on" if match["going"] else "is on"
    text = f"{said.name} {verb} {leave}"
    if since:
        text += f" from {since['day'].capitalize()}"
    if until:
        text += " " + re.sub(r"^til+\b", "until", until["until"].lower())
    elif time:
        text += f" {time}"
    kind = MemoryKind.PLAN if match["going"] else MemoryKind.EVENT
    return said.fact(text, kind, HIGH, expiration_for(time) if time else "30d", topics_of("work", leave.split()[0]))


def back_at_work_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm back at work from Monday, first time since mat leave", "I go back to work on Monday", "I
    went back to work last week after six months off": a return to work, with when and from what."""
    rest = match["rest"] or ""
    away = _AWAY.search(rest) or _AWAY.search(said.sentence_before())
    why = ""
    if away and away["why"]:
        why = f" after {_leave(away['why'])}"
    elif away:
        why = f" after {third_person(away['what'].lower(), said.name)}"  # "after their surgery"
    if match["went"]:
        when = past_time_in(rest)
        text = f"{said.name} went back to work" + (f" {when}" if when else "") + why
        return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "return"))
    day = _FROM_DAY.match(rest)  # "from Monday after mat leave": the day, though more follows it
    time = when_said(rest) or (f"on {day['day'].capitalize()}" if day else "")
    if not time and not why:
        return None  # "I'm back at work": where they are today
    text = f"{said.name} {'is going back to work' if time else 'is back at work'}"
    text += (f" {time}" if time else "") + why
    kind = MemoryKind.PLAN if time else MemoryKind.EVENT
    return said.fact(text, kind, MEDIUM, expiration_for(time) if time else "30d", topics_of("work", "return"))


# What time off is taken for, said after it: "…, finally going to Japan".
_OFF_FOR = re.compile(rf"\b(?:going|flying|heading|off) (?:to|back to) (?P<place>{NAMED_PLACE})", re.IGNORECASE)


def time_off_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm taking the whole of August off, finally going to Japan", "taking next week off": time off
    work ahead, and where it takes them when they say so."""
    when = " ".join(match["when"].split())
    text = f"{said.name} is taking {when[0].lower() + when[1:]} off"
    if going := _OFF_FOR.search(match["rest"] or ""):
        text += f" to go to {going['place']}"
    time = when_said(when)
    topics = topics_of("work", "holiday", *([going["place"]] if going else []))
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics, time=time)


RULES = [
    Rule(
        priority=558,
        pattern=re.compile(
            rf"\bI(?:'m| am|'ll be| will be) taking (?P<when>(?:the )?(?:(?:whole|rest|end|start) of |all of )?"
            rf"(?:(?:{MONTHS})|(?:next|this) (?:week|month|friday|monday)|(?:a|the) (?:week|fortnight|month)|"
            rf"(?:two|three|four|\d+) (?:days|weeks)|the summer|christmas)) off\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=time_off_rule,
    ),
    Rule(
        priority=556,
        pattern=re.compile(
            rf"\bI(?:'m| am|'ll be| will be) (?:(?:now|currently|still|officially) )?(?P<going>going |off )?on"
            rf" (?P<leave>{_LEAVE})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=on_leave_rule,
    ),
    Rule(
        priority=557,
        pattern=re.compile(
            r"\bI(?:(?P<went> went| finally went| just went)|(?:'m| am|'ll be| will be)(?: going| heading)?"
            r"| (?:go|head|start))"
            r" back (?:at|to) work\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=back_at_work_rule,
    ),
]
