"""A pet or a partner remembered by name, read into what the person says, and what turns a
memory the other way.

- With "Dana has a dog named Rex" remembered, Dana's "Rex passed away this morning", "we lost Rex"
  or "RIP Rex" is the death of Dana's dog Rex (read as "my dog Rex died"), and that death takes the
  place of the memory that Dana has him: a bot is not to ask after a pet that died.
- With "Dana has a boyfriend named Leo" remembered, "Leo and I broke up" is read as "my boyfriend
  and I broke up". A partner found or lost takes the place of the memory that said the other
  ("is single" … "has a girlfriend", "has a boyfriend named Leo" … "broke up with their boyfriend").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

from memoryhub.ai.contract import ConversationLine
from memoryhub.ai.offline.facts import Fact
from memoryhub.ai.offline.rules.called_off import CALLED_OFF
from memoryhub.ai.offline.vocabulary import PARTNERS, PASSED, PETS

# Who a memory names, by kind: "has a dog named Rex", "has a boyfriend called Leo".
_NAMED = re.compile(
    rf"\bhas an? (?P<kind>{PETS}|{'|'.join(sorted(PARTNERS))}) (?:named|called) (?P<name>[A-Z][\w'-]*)", re.IGNORECASE
)
_DIED = rf"(?:just |sadly |finally )?(?:passed away|{PASSED}|died|was put down|had to be put down)\b"
_DEATH_OF = re.compile(rf"'s (?:{PETS}) (?P<name>[A-Z][\w'-]*) died\b", re.IGNORECASE)
_DEATH_OF_UNNAMED = re.compile(rf"'s (?P<species>{PETS}) died\b", re.IGNORECASE)
# What says one has a partner, and what says one has none, after the person's name.
_PARTNERED = r" (?:has an? (?:new )?(?:girlfriend|boyfriend|partner)\b|is (?:dating|seeing) )"
_UNPARTNERED = r" (?:is (?:single|no longer (?:dating|seeing|with))\b|broke up with|split up with|separated from)"


def _known_names(memories: Sequence[str]) -> dict[str, str]:
    """Whom ``memories`` name, with their kind: {"Rex": "dog", "Leo": "boyfriend"}."""
    return {found["name"]: found["kind"].lower() for memory in memories for found in _NAMED.finditer(memory)}


def lines_with_known_names(
    lines: Sequence[ConversationLine], memories: Mapping[str, Sequence[str]]
) -> list[ConversationLine]:
    """``lines`` with a known pet's death said by its name alone told as "my dog Rex died", a known
    partner's name as "my boyfriend" where a parting is said, and a move told as done without its
    place ("moved, Tampere is cold") as the move remembered ("moved to Tampere") (``memories``: each
    person's, by handle)."""
    told = []
    for line in lines:
        content = line.content
        if (done := _MOVED.match(content)) and (place := _moving_to(memories.get(line.handle, ()))):
            moved = re.sub(r" in$", "", content[: done.end()], flags=re.IGNORECASE)
            content = f"{moved} to {place}{content[done.end() :]}"
        for name, kind in _known_names(memories.get(line.handle, ())).items():
            who, mine = re.escape(name), f"my {kind} {name}"
            if kind in PARTNERS:  # "Leo and I broke up", "me and Leo split up"
                content = re.sub(rf"\b{who} (?:and|&) I\b", f"my {kind} and I", content, flags=re.IGNORECASE)
                content = re.sub(rf"\bme (?:and|&) {who}\b", f"me and my {kind}", content, flags=re.IGNORECASE)
                continue
            content = re.sub(rf"^(?:RIP|R\.I\.P\.?)\s+{who}\b", f"{mine} died", content, flags=re.IGNORECASE)
            content = re.sub(rf"\b(?:we|I) (?:just |sadly )?lost {who}\b", f"{mine} died", content, flags=re.I)
            # "Rex passed away", not "my dog Rex passed away" again
            content = re.sub(rf"(?<!{kind} )\b{who}(?= {_DIED})", mine, content, flags=re.IGNORECASE)
        told.append(replace(line, content=content) if content != line.content else line)
    return told


# A move told as done, with no place: "moved!", "finally moved in, Tampere is cold", "we've moved".
_MOVED = re.compile(
    r"^(?:(?:so |well |ok )?(?:I|we)(?:'ve| have)? )?(?:(?:just|finally|all|officially) )?moved(?: in)?"
    r"(?=\s*(?:$|[,.!?]|(?:lol|yay|finally|at last|today|yesterday|this week|last week)\b))",
    re.IGNORECASE,
)
_MOVING_TO = re.compile(r" is moving (?:back )?to (?P<place>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})")


def _moving_to(memories: Sequence[str]) -> str:
    """The place of the one move ahead remembered ("Mika is moving to Tampere next month"), else ""."""
    places = {moving["place"] for memory in memories if (moving := _MOVING_TO.search(memory))}
    return places.pop() if len(places) == 1 else ""


_AGED_PET = re.compile(r" has an? \d{1,2}-year-old (?P<species>[a-z ]+?)(?: named (?P<name>[\w'-]+))?$")


def _pet_memory_index(fact: Fact, memories: Sequence[str]) -> int | None:
    """The memory that a known pet's death (``fact``) takes the place of: "Dana has a dog named Rex";
    or that its age told takes the place of: "Dana has a dog" … "has a 12-year-old dog"."""
    if aged := _AGED_PET.search(fact.text):
        called = rf" named {re.escape(aged['name'])}\b" if aged["name"] else "$"
        same = re.compile(rf" has an? (?:\d{{1,2}}-year-old )?{re.escape(aged['species'])}{called}")
        return next((index for index, memory in enumerate(memories) if same.search(memory)), None)
    if "loss" in fact.topics and (unnamed := _DEATH_OF_UNNAMED.search(fact.text)):  # "my dog passed away"
        theirs = re.compile(rf" has an? (?:\d{{1,2}}-year-old )?{re.escape(unnamed['species'].lower())}$", re.I)
        owned = [index for index, memory in enumerate(memories) if theirs.search(memory)]
        return owned[0] if len(owned) == 1 else None  # the one dog remembered, unnamed
    death = _DEATH_OF.search(fact.text) if "loss" in fact.topics else None
    if death is None:
        return None
    named = re.compile(rf"\b(?:named|called) {re.escape(death['name'])}\b", re.IGNORECASE)
    return next((index for index, memory in enumerate(memories) if named.search(memory)), None)


def _turned_memory_index(fact: Fact, name: str, memories: Sequence[str]) -> int | None:
    """The memory a partner found or lost (``fact``, of the person ``name``) turns the other way."""
    said = re.escape(name)
    for now, before in ((_PARTNERED, _UNPARTNERED), (_UNPARTNERED, _PARTNERED)):
        if re.match(rf"^{said}{now}", fact.text, re.IGNORECASE):
            was = re.compile(rf"^{said}{before}", re.IGNORECASE)
            return next((index for index, memory in enumerate(memories) if was.match(memory)), None)
    return None


def _move_done_index(fact: Fact, name: str, memories: Sequence[str]) -> int | None:
    """The move ahead remembered that ``fact`` says is done: "Mika is moving to Tampere next month" …
    "Mika moved to Tampere"."""
    done = re.match(rf"^{re.escape(name)} moved to (?P<place>[A-Z][\w'-]*(?: [A-Z][\w'-]*){{0,2}})\b", fact.text)
    if done is None:
        return None
    ahead = re.compile(rf"^{re.escape(name)} is moving (?:back )?to {re.escape(done['place'])}\b")
    return next((index for index, memory in enumerate(memories) if ahead.match(memory)), None)


def _called_off_index(fact: Fact, name: str, memories: Sequence[str]) -> int | None:
    """The plan remembered that ``fact`` calls off: "Mika is going to Paris in May" … "Mika is no
    longer going to Paris" (``rules/called_off.py``)."""
    off = re.match(rf"^{re.escape(name)}{CALLED_OFF.pattern}", fact.text)
    if off is None:
        return None
    plan = re.compile(
        rf"^{re.escape(name)} is (?:moving|going|flying|heading|travell?ing) (?:back )?to {re.escape(off['place'])}\b"
    )
    return next((index for index, memory in enumerate(memories) if plan.match(memory)), None)


def replaced_memory_index(fact: Fact, name: str, memories: Sequence[str]) -> int | None:
    """The memory of ``name``'s that ``fact`` takes the place of though they share few words: a pet
    that died or whose age is told, a partner found or lost, a move ahead now done, a plan called off."""
    index = _pet_memory_index(fact, memories)
    if index is None:
        index = _turned_memory_index(fact, name, memories)
    if index is None:
        index = _move_done_index(fact, name, memories)
    if index is None:
        index = _called_off_index(fact, name, memories)
    return index
