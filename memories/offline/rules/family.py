"""Family, friends and colleagues, with their names and news."""

from __future__ import annotations

import re

from memories.models import EntityType, MemoryKind
from memories.offline.facts import MEDIUM, PERMANENT, Fact, Said
from memories.offline.rules.events import EVENT_ALTERNATIVES, EVENTS
from memories.offline.splitting import phrase_cut
from memories.offline.text import article_for, name_token, place_name, topics_of
from memories.offline.vocabulary import COLLEAGUES, FRIENDS, JOBS


def _relation_topic(relation: str) -> str:
    if re.fullmatch(FRIENDS, relation):
        return "friends"
    return "work" if re.fullmatch(COLLEAGUES, relation) else "family"


def relative_rule(match: re.Match[str], said: Said) -> Fact | None:
    relation = match["relation"].lower()
    rest = match["rest"] or ""
    name = ""
    named = re.match(r"^(?P<how>'s name is|,? named|,? called|,)?\s*(?P<word>[A-Za-z][\w'-]*)", rest)
    if named:
        candidate = name_token(named["word"])
        explicit = bool(named["how"] and named["how"].strip(" ,"))
        if candidate and (explicit or named["word"][0].isupper()):
            name, rest = candidate, rest[named.end() :]
    rest = rest.strip(" ,")
    predicate, place, job, event = "", "", "", None
    if happened := re.match(rf"^(?:(?:just|finally|recently) )?(?P<event>{EVENT_ALTERNATIVES})\b", rest, re.I):
        event = next(e for e in EVENTS if re.fullmatch(e.pattern, happened["event"], re.IGNORECASE))
        predicate = event.phrase.format(pet=happened["event"].split()[-1].lower())
    elif lives := re.match(
        r"^(?:also |still |now |currently )?(?:lives|is living) (?:in|near|at) (?P<p>.+)", rest, re.I
    ):
        place = place_name(lives["p"], there=said.reader.last_place)
        predicate = f"lives in {place}" if place else ""
    elif there := re.match(r"^(?:also |still |now )?lives (?:there|here)\b", rest, re.IGNORECASE):
        place = said.reader.last_place if "there" in there[0].lower() else ""
        predicate = f"lives in {place}" if place else ""
    elif title := re.match(rf"^(?:is|'s) (?P<a>an?) (?P<job>(?:[a-z-]+ ){{0,2}}?(?:{JOBS}))\b", rest, re.I):
        job = title["job"].lower()
        predicate = f"is {article_for(job)} {job}"
    elif works := re.match(r"^works (?P<how>as (?:an? )?|at |for |in )(?P<x>.+)", rest, re.IGNORECASE):
        what = phrase_cut(works["x"], max_words=5)
        predicate = f"works {works['how'].strip()} {what}" if what else ""
        if works["how"].startswith("as") and what:
            predicate = f"works as {article_for(what)} {what}"
            job = what
    owner = f"{said.name}'s {relation}"
    if name and predicate:
        text = f"{owner} {name} {predicate}"
    elif name:
        text = f"{said.name} has {article_for(relation)} {relation} named {name}"
    elif predicate:
        text = f"{owner} {predicate}"
    else:
        return None
    topics = topics_of(_relation_topic(relation), relation)
    if event is not None:  # "my sister Sarah just had a baby": news, not a lasting fact about the speaker
        fact = said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of(*topics, *event.topics))
    else:
        fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics)
    fact.entities.append(said.entity(EntityType.PERSON, name or relation, owner, lives_in=place, job=job))
    if place:
        fact.entities.append(said.entity(EntityType.PLACE, place, f"where {owner} lives"))
    return fact


def has_relatives_rule(match: re.Match[str], said: Said) -> Fact | None:
    relation = match["relation"].lower()
    quantity = match["quantity"].lower()
    plural = quantity not in ("a", "an", "one")
    noun = relation + ("s" if plural else "")
    name = "" if plural else name_token(match["name"] or "")
    text = f"{said.name} has {quantity if plural else article_for(relation)} {noun}" + (
        f" named {name}" if name else ""
    )
    fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of(_relation_topic(relation), relation))
    if name:
        fact.entities.append(said.entity(EntityType.PERSON, name, f"{said.name}'s {relation}"))
    return fact
