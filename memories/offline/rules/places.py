"""Homes, origins and moves (also a known member's move, reported by the speaker)."""

from __future__ import annotations

import re

from memories.models import EntityType, MemoryKind
from memories.offline.facts import HIGH, PERMANENT, Fact, Said, time_in
from memories.offline.text import place_name, third_person, topics_of


def _said_place(raw: str, said: Said) -> str:
    """The place in ``raw`` ("my parents' place" becomes "their parents' place")."""
    return third_person(place_name(raw, there=said.reader.last_place), said.name)


def _place_entity(fact: Fact, said: Said, place: str, relationship: str) -> None:
    if place[:1].isupper():  # a named place, not "their parents' place"
        fact.entities.append(said.entity(EntityType.PLACE, place, relationship))


def move_rule(match: re.Match[str], said: Said) -> Fact | None:
    place = _said_place(match["place"] or "", said)
    time = time_in(said.clause)
    if not place and not time:
        return None
    text = f"{said.name} is moving" + (f" to {place}" if place else "") + (f" {time}" if time else "")
    fact = said.fact(text, MemoryKind.PLAN, HIGH, "30d", topics_of("moving", place), time=time)
    _place_entity(fact, said, place, f"where {said.name} is moving")
    return fact


def lives_rule(match: re.Match[str], said: Said) -> Fact | None:
    place = _said_place(match["place"], said)
    if not place:
        return None
    fact = said.fact(f"{said.name} lives in {place}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", place))
    fact.slot = "home"
    _place_entity(fact, said, place, f"where {said.name} lives")
    return fact


def origin_rule(match: re.Match[str], said: Said) -> Fact | None:
    place = _said_place(match["place"], said)
    if not place:
        return None
    fact = said.fact(f"{said.name} is from {place}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", place))
    fact.slot = "origin"
    _place_entity(fact, said, place, f"where {said.name} is from")
    return fact


def reported_move_rule(match: re.Match[str], said: Said) -> Fact | None:
    subject = said.reader.member(match["who"])
    place = place_name(match["place"], there=said.reader.last_place)
    if subject is None or subject == said.handle or not place:
        return None
    time = time_in(said.clause)
    name = said.reader.members[subject]
    text = f"{name} is moving to {place}" + (f" {time}" if time else "")
    return Fact(
        subject=subject,
        text=text,
        kind=MemoryKind.PLAN,
        importance=HIGH,
        expiration="30d",
        topics=topics_of("moving", place),
        speaker=said.handle,
        speaker_name=said.name,
        source=said.clause,
        reported=True,
        time=time,
        lines=[said.line_index],
    )
