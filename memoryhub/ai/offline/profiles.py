"""Semantic profiles: remembered facts sorted into summary, preferences, personality and habits."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from memoryhub.ai.contract import (
    profile_prompt_parse,
)
from memoryhub.ai.offline.consolidation import PROFILE_MAX_WORDS
from memoryhub.ai.offline.text import content_words, join_names, words_of
from memoryhub.ai.offline.vocabulary import FEELINGS, INTENSIFIERS

_PREFERENCE_MEMORY = re.compile(
    r"\b(?:loves|likes|enjoys|adores|prefers|is into|is obsessed with|is (?:not )?an? (?:big |huge )?fan of|hates"
    r"|can't stand|dislikes|doesn't like|doesn't enjoy|despises|loathes)\b",
    re.IGNORECASE,
)


_FEELING_MEMORY = re.compile(
    rf"\b(?:is|was|feels|felt|seems|seemed)(?: feeling)?{INTENSIFIERS} (?P<f>{FEELINGS})\b", re.I
)


_BEHAVIOUR_MEMORY = re.compile(
    r"\b(?:usually|often|always|regularly|tends to|every (?:day|night|week|weekend|morning)|most (?:days|nights)"
    r"|plays|streams|banters|grinds|night shifts|works from home)\b",
    re.IGNORECASE,
)


def _without_name(memory: str, name: str) -> str:
    if name and memory.lower().startswith(name.lower() + " "):
        return memory[len(name) + 1 :]
    return memory


def profile_arguments(text: str) -> dict[str, Any]:
    name, _, memories = profile_prompt_parse(text)
    name = name or "This person"
    current = ""
    if match := re.search(r"^Current profile:\n(?P<summary>.+)$", text, re.MULTILINE):
        current = match["summary"].strip()

    preferences = [_without_name(m, name) for m in memories if _PREFERENCE_MEMORY.search(m)]
    feelings: list[str] = []
    for memory in memories:
        for match in _FEELING_MEMORY.finditer(memory):
            if match["f"].lower() not in feelings:
                feelings.append(match["f"].lower())
    emotional = [m for m in memories if _FEELING_MEMORY.search(m)]
    behaviours = [_without_name(m, name) for m in memories if _BEHAVIOUR_MEMORY.search(m)]
    name_words = set(words_of(name))
    mentions: Counter[str] = Counter()
    for memory in memories:
        # Who a memory is about is no topic: its subject ("Daniel likes jazz" after an edit that
        # named them) is left out with the profile's name, so no "often talks about daniel".
        subject = set(words_of(memory.split(" ", 1)[0].removesuffix("'s")))
        mentions.update({w for w in content_words(memory) if w not in name_words | subject})
    first_seen: dict[str, int] = {}
    for word in (w for memory in memories for w in content_words(memory)):
        first_seen.setdefault(word, len(first_seen))
    repeated = sorted((w for w, n in mentions.items() if n >= 2), key=lambda w: (-mentions[w], first_seen[w]))
    behaviours += [f"often talks about {word}" for word in repeated[:3]]

    durable = [m.rstrip(".") + "." for m in memories if m not in emotional]
    summary_words = " ".join(durable).split()[:PROFILE_MAX_WORDS]
    summary = " ".join(summary_words) or " ".join(current.split()[:PROFILE_MAX_WORDS])
    if feelings:
        personality = f"{name} has come across as {join_names(feelings[:3])} lately."
    elif behaviours:
        personality = f"{name} comes across through their habits: {behaviours[0]}."
    else:
        personality = "Not enough known yet."
    return {
        "summary": summary or f"Not much is known about {name} yet.",
        "personality": personality,
        "preferences": preferences[:10],
        "behaviour_patterns": behaviours[:6],
    }
