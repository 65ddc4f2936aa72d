"""Jobs, workplaces and studies."""

from __future__ import annotations

import re

from memories.models import EntityType, MemoryKind
from memories.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said
from memories.offline.splitting import phrase_cut
from memories.offline.text import article_for, content_words, third_person, topics_of
from memories.offline.vocabulary import OBJECT_PRONOUNS


def works_as_rule(match: re.Match[str], said: Said) -> Fact | None:
    job = phrase_cut(match["job"], max_words=6)
    if not job or job.split()[0].lower() in OBJECT_PRONOUNS:
        return None
    head = re.split(r"\s+(?:at|for|in|with)\s+", job)[0].split()[-1]
    text = f"{said.name} works as {article_for(job)} {job}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", head), slot="job")


def job_title_rule(match: re.Match[str], said: Said) -> Fact | None:
    job = match["job"].lower()
    rest = re.match(r"^\s+(?:at|for|in|with)\s+\S.*", match["rest"] or "")
    where = phrase_cut(rest[0], max_words=6) if rest else ""
    text = f"{said.name} is {article_for(job)} {job}" + (f" {where}" if where else "")
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")
    employer = re.match(r"^(?:at|for) (?P<org>.+)", where, re.IGNORECASE)
    if employer:
        fact.entities.append(said.entity(EntityType.ORGANISATION, employer["org"], f"{said.name}'s employer"))
    return fact


def works_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    place = phrase_cut(match["org"], max_words=5)
    if not place or place.split()[0].lower() in OBJECT_PRONOUNS:
        return None
    preposition = match["prep"].lower()
    if place.lower() == "home":
        return said.fact(f"{said.name} works from home", MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "home"])
    if preposition == "from":
        return None
    when = (match["when"] or "").lower()
    fact = said.fact(
        f"{said.name} works {when}{preposition} {place}",
        MemoryKind.FACT,
        HIGH,
        PERMANENT,
        topics_of("work", place),
        slot="employer" if preposition != "in" else "field",
    )
    if preposition != "in":
        fact.entities.append(said.entity(EntityType.ORGANISATION, place, f"{said.name}'s employer"))
    return fact


def studies_rule(match: re.Match[str], said: Said) -> Fact | None:
    subject = phrase_cut(match["subject"], max_words=6)
    if not subject or subject.split()[0].lower() in (*OBJECT_PRONOUNS, "for", "hard", "a", "all", "tonight"):
        return None
    text = f"{said.name} studies {third_person(subject, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", *content_words(subject)[:2]))


def job_status_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm retired", "I'm between jobs", "I'm a stay-at-home dad"."""
    status = match["status"].lower()
    text = f"{said.name} is {status}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", status.split()[-1]), slot="job")


def degree_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm doing a PhD in linguistics", "I'm in my second year of med school", "I major in history"."""
    if match["major"] or match["major2"]:
        field = phrase_cut(match["major"] or match["major2"], max_words=5)
        if not field:
            return None
        text = f"{said.name} majors in {field}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", *content_words(field)[:2]))
    degree = match["degree"]
    field = phrase_cut(match["field"] or "", max_words=6)
    verb = match["verb"].lower()
    doing = "is in" if verb.startswith("in") else "is doing"
    text = f"{said.name} {doing} {match['article'].lower()} {degree}" + (f" in {field}" if field else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", degree, *content_words(field)[:1]))
