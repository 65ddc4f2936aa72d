"""Plans, appointments, what someone is doing at a given time, and feelings."""

from __future__ import annotations

import re

from memories.models import MemoryKind
from memories.offline.facts import LOW, MEDIUM, Fact, Said, expiration_for, time_in
from memories.offline.splitting import phrase_cut
from memories.offline.text import article_for, content_words, third_person, topics_of


def plan_rule(match: re.Match[str], said: Said) -> Fact | None:
    what = phrase_cut(match["what"], max_words=12)
    if not what:
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
    if reason and why:
        text = f"{said.name} is {feeling} {reason['prep'].lower()} {third_person(why, said.name)}"
        time = time_in(why)  # "excited about the DLC dropping next week" lasts until next week
        return said.fact(text, MemoryKind.EMOTION, MEDIUM, expiration_for(time) if time else "3d", topics)
    return said.fact(f"{said.name} is feeling {feeling}", MemoryKind.EMOTION, LOW, "1d", topics)
