"""A report about someone that they deny or put right themselves, in their next line of the window:
"Maya's moving to Berlin next month" — Maya: "no I'm not lol" keeps nothing of the report; — "not
Berlin, Hamburg", "haha not quite, Hamburg" or "Hamburg actually!" keeps it with the place they give.
A denial is read only from the one the report is about, and only right after it: someone else's "no
way!!" is surprise, and a "no" ten lines on answers something else."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memoryhub.ai.contract import ConversationLine, EntityType
from memoryhub.ai.offline.facts import Fact
from memoryhub.ai.offline.vocabulary import PROPER_NAME

# How many lines after the report the one it is about may deny it in.
_WITHIN_LINES = 2

# What the one reported on says first to deny it: "no", "nope", "not quite", "that's not true", "I'm not".
_DENIED = re.compile(
    r"^(?:(?:ha(?:ha)+|lol|lmao|um+|uh+|erm|well|wait|actually)\W+)*"
    # "no" alone or before what denies ("no I'm not", "no, Hamburg"): not "no regrets so far"
    r"(?:no+(?=\s*(?:$|[,.!?;:)]|lol\b|haha|I\b|it'?s\b|that'?s\b|not\b|we\b|she\b|he\b))|nope|nah"
    r"|not (?:quite|really|true|exactly|anymore|any more)|(?:that's|thats|that is) (?:not (?:true|right)"
    r"|wrong)|I(?:'m| am) not|I (?:haven't|have not|didn't|did not|don't|do not|won't|will not)|wrong|fake news)\b",
    re.IGNORECASE,
)
# The name they put in its place: "not Berlin, Hamburg", "…, it's Hamburg", "Hamburg actually!".
_NOT_THIS_BUT = re.compile(
    rf"^(?:\W*\w+\W+){{0,2}}?not (?P<old>{PROPER_NAME}),? (?:it's |its |but )?(?P<new>{PROPER_NAME})\b"
)
_NEW_AFTER_DENIAL = re.compile(rf"^[\s,.!:;-]*(?:it's |its |but )?(?P<new>{PROPER_NAME})(?: actually)?[\s.!]*$")
_NEW_THEN_ACTUALLY = re.compile(rf"^(?P<new>{PROPER_NAME}),? actually\b[\s.!]*$")


def reports_as_put_right(facts: list[Fact], lines: Sequence[ConversationLine]) -> list[Fact]:
    """``facts`` without the reports their subject denies, and with the place put right in those they
    correct (the correcting line joins the fact's lines)."""
    kept = []
    for fact in facts:
        answer = _answer_of_subject(fact, lines) if fact.reported else None
        if answer is None:
            kept.append(fact)
            continue
        index, text = answer
        old, new = _put_right(fact, text)
        if old and new:
            kept.append(_with_name(fact, old, new, index))
        elif not _DENIED.match(text):
            kept.append(fact)  # "yep!", "can't wait": borne out, or about something else
    return kept


def _answer_of_subject(fact: Fact, lines: Sequence[ConversationLine]) -> tuple[int, str] | None:
    """The subject's first line right after the report (its index and words), if they said one."""
    last = max(fact.lines, default=-1)
    for index in range(last + 1, min(last + 1 + _WITHIN_LINES, len(lines))):
        if lines[index].handle == fact.subject:
            return index, lines[index].content.strip()
    return None


def _put_right(fact: Fact, text: str) -> tuple[str, str]:
    """(the name in the report, the name the subject puts in its place), or ("", "")."""
    if (swap := _NOT_THIS_BUT.match(text)) and swap["old"] in fact.text:
        return swap["old"], swap["new"]
    places = [e["name"] for e in fact.entities if e.get("type") == EntityType.PLACE and e["name"] in fact.text]
    if len(places) != 1:
        return "", ""
    denied = _DENIED.match(text)
    given = _NEW_AFTER_DENIAL.match(text[denied.end() :]) if denied else _NEW_THEN_ACTUALLY.match(text)
    return (places[0], given["new"]) if given and given["new"] != places[0] else ("", "")


def _with_name(fact: Fact, old: str, new: str, index: int) -> Fact:
    entities = [{**e, "name": new} if e["name"] == old else e for e in fact.entities]
    topics = [new.lower() if topic == old.lower() else topic for topic in fact.topics]
    text = re.sub(rf"\b{re.escape(old)}\b", new, fact.text)
    return replace(fact, text=text, entities=entities, topics=topics, lines=sorted({*fact.lines, index}))
