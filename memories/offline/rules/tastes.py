"""Likes and dislikes."""

from __future__ import annotations

import re

from memories.models import MemoryKind
from memories.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said
from memories.offline.splitting import phrase_cut
from memories.offline.text import content_words, third_person, topics_of
from memories.offline.vocabulary import OBJECT_PRONOUNS

_PREFERENCE_VERBS = {
    "love": ("loves", HIGH),
    "adore": ("adores", HIGH),
    "like": ("likes", MEDIUM),
    "enjoy": ("enjoys", MEDIUM),
    "prefer": ("prefers", MEDIUM),
    "into": ("is into", MEDIUM),
    "obsessed with": ("is obsessed with", HIGH),
    "hate": ("hates", HIGH),
    "can't stand": ("can't stand", HIGH),
    "cannot stand": ("can't stand", HIGH),
    "can not stand": ("can't stand", HIGH),
    "dislike": ("dislikes", MEDIUM),
    "despise": ("despises", HIGH),
    "loathe": ("loathes", HIGH),
    "don't like": ("doesn't like", MEDIUM),
    "do not like": ("doesn't like", MEDIUM),
    "don't enjoy": ("doesn't enjoy", MEDIUM),
    "do not enjoy": ("doesn't enjoy", MEDIUM),
    "not into": ("is not into", MEDIUM),
}


def preference_rule(match: re.Match[str], said: Said) -> Fact | None:
    what = phrase_cut(match["what"], max_words=10, commas=True)
    what = re.sub(r"\s+(?:so much|a lot|very much|too|as well|lol)$", "", what, flags=re.IGNORECASE).strip()
    first = what.split()[0].lower() if what else ""
    if not what or first in OBJECT_PRONOUNS or re.match(r"^to (?:think|say|believe|imagine)\b", what, re.I):
        return None
    raw_verb = match["verb"].lower()
    fan = re.fullmatch(r"(?:not )?an? (?:big |huge |massive )?fan of", raw_verb)
    if fan:
        verb, importance = f"is {raw_verb}", MEDIUM
    else:
        verb, importance = _PREFERENCE_VERBS[raw_verb]
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    head = what.split(",")[0]  # "guitar, especially at night": the topic is guitar
    return said.fact(text, MemoryKind.PREFERENCE, importance, PERMANENT, topics_of(*content_words(head)[:3]))
