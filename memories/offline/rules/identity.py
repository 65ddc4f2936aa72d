"""Names, ages and birthdays."""

from __future__ import annotations

import re

from memories.models import MemoryKind
from memories.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said
from memories.offline.splitting import phrase_cut
from memories.offline.text import MONTH_OR_DAY, name_token
from memories.offline.vocabulary import NOT_NAMES


def name_rule(match: re.Match[str], said: Said) -> Fact | None:
    name = name_token(match["name"])
    if not name:
        return None
    second = (match["second"] or "").strip()
    if second and second[0].isupper() and second.lower() not in NOT_NAMES:
        name = f"{name} {second}"
    if "call me" in match["how"].lower():
        text = f"{said.name} likes to be called {name}"
    else:
        text = f"{said.name}'s name is {name}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["name"], slot="name")


def age_rule(match: re.Match[str], said: Said) -> Fact | None:
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age"
    )


def birthday_rule(match: re.Match[str], said: Said) -> Fact | None:
    date = phrase_cut(match["date"], max_words=4)
    if not date or not (MONTH_OR_DAY.search(date) or re.search(r"\d", date)):
        return None
    text = f"{said.name}'s birthday is {date}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
