"""Plans, appointments, what someone is doing at a given time, and feelings."""

from __future__ import annotations

import re

from memories.models import MemoryKind
from memories.offline.facts import MEDIUM, Fact, Said, expiration_for, time_in
from memories.offline.splitting import phrase_cut
from memories.offline.text import article_for, content_words, third_person, topics_of


def plan_rule(match: re.Match[str], said: Said) -> Fact | None:
    what = phrase_cut(match["what"], max_words=12)
    if not what or re.match(r"(?:need|have to|probably|just|be (?:honest|fine|ok|okay|there))\b", what, re.IGNORECASE):
        return None
    time = time_in(said.clause)
    auxiliary = match["aux"].lower().strip()
    explicit = auxiliary.startswith(("plan", "intend"))
    if not time and not explicit:
        return None  # "I'm going to be honest": without a when, not a plan
    if auxiliary.startswith(("plan", "intend")):
        verb = "plans on" if auxiliary.endswith("on") else "plans to"
    elif "going to" in auxiliary or "gonna" in auxiliary:
        verb = "is going to"
    elif "about to" in auxiliary:
        verb = "is about to"
    elif "hoping" in auxiliary:
        verb = "hopes to"
    elif "off to" in auxiliary or "heading" in auxiliary:
        verb = "is heading to"
    else:
        verb = "will"
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    if time and time not in what.lower():
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", *content_words(what)[:2]))


def doing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm playing GTA tonight": what someone is doing at a given time is a plan."""
    time = time_in(said.clause)
    what = phrase_cut(match["what"], max_words=12)
    if not time or not what:
        return None
    text = f"{said.name} is {third_person(what, said.name)}"
    if time not in what.lower():
        text += f" {time}"
    topics = topics_of("plans", *content_words(what)[:2])
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics, time=time)


def appointment_rule(match: re.Match[str], said: Said) -> Fact | None:
    time = time_in(said.clause)
    if not time:
        return None
    thing = match["thing"].lower()
    rest = phrase_cut(match["rest"] or "", max_words=8)
    text = f"{said.name} has {article_for(thing)} {thing}" + (f" {third_person(rest, said.name)}" if rest else "")
    if time not in text.lower():
        text += f" {time}"
    topic = thing.split()[-1]
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", topic), time=time)


def feeling_rule(match: re.Match[str], said: Said) -> Fact | None:
    feeling = match["feeling"].lower()
    reason = re.match(r"^\s+(?P<prep>about|for|of|with|to|that|because)\s+(?P<why>.+)", match["rest"] or "", re.I)
    why = phrase_cut(reason["why"], max_words=10) if reason else ""
    topics = topics_of("mood", feeling.split()[0])
    if reason and why and content_words(why):
        text = f"{said.name} is {feeling} {reason['prep'].lower()} {third_person(why, said.name)}"
        time = time_in(why)  # "excited about the DLC dropping next week" lasts until next week
        return said.fact(text, MemoryKind.EMOTION, MEDIUM, expiration_for(time) if time else "3d", topics)
    # "I'm so tired lol", "so nervous 😬": a passing mood with nothing it is about is not worth
    # remembering (and "so proud of her 😭" does not say what about).
    return None


_WHEN = re.compile(
    r"\b(?:on the \d{1,2}(?:st|nd|rd|th)"
    r"|(?:in|on|for|next|this|over) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov"
    r"|dec)[a-z]*\b[\u2024.]?(?: \d{1,2}(?:st|nd|rd|th)?)?|for (?:a|an|one|two|three|four|\d+|the whole) (?:[a-z]+ )?"
    r"(?:weeks?|months?|days?|nights?|semester|term|year|summer|weekend)|(?:this|next) (?:christmas|easter|thanksgiving"
    r"|spring|summer|fall|autumn|winter)|in \d+ (?:days?|weeks?|months?))",
    re.IGNORECASE,
)


def trip_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm flying to Lisbon on the 14th", "visiting Japan in April", "off to Peru next month"."""
    groups = match.groupdict()
    place = (groups["place"] or groups["place2"] or groups["place3"] or "").strip(" .,")
    if not place or place.lower() in ("the", "i") or place.split()[0] in ("I", "I'm"):
        return None
    found = _WHEN.search(said.clause)
    when = time_in(said.clause) or (found[0] if found else "")
    sure = groups["sure"] or groups["sure2"] or groups["sure3"]
    if not when and not sure:
        return None  # "going to Berlin": without a when or a trip word, not sure it is a trip
    text = f"{said.name} is going to {place}" + (f" {when}" if when and when.lower() not in place.lower() else "")
    time = time_in(said.clause)
    return said.fact(
        text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics_of("travel", place), time=time
    )
