"""Days that come back every year, said as near: "it's my birthday tomorrow", "today is my birthday",
"it's our wedding anniversary on Friday". Kept for good with the day of the year the day it was said
makes of them (``dates.anchored``: "Priya's birthday is on March 2"), not as news of a day. Also how
such a day reads when it is said ("the 14th of April" → "April 14"), one's own or a relative's."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.rules.answers import DATE, date_text
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import ANNIVERSARY_NAMES, MONTHS, WEEKDAYS


def month_day(raw: str) -> str:
    """ "Dec. 5" → "December 5", "the 14th of April" → "April 14"; other dates as they are."""
    found = re.match(rf"(?:the )?(?:{DATE})", raw, re.IGNORECASE)
    return (date_text(found) or raw) if found else raw


# A day near, that the day it was said makes a date: "today", "tomorrow", "on Friday", "next Tuesday".
SOON = rf"today|tomorrow|(?:on |this |next )?(?:{WEEKDAYS})"


def yearly_day(said: str) -> str:
    """The day of the year in what follows "birthday is": "on the 9th of June" → "June 9", "in May",
    "tomorrow", "Friday" → "on Friday" (to be made a date); "" when it names none ("a big one", "next
    week", "the same day as mine")."""
    said = re.sub(r"^on (?=the |\d)", "", said.strip(" .!"), flags=re.IGNORECASE)
    if (dated := month_day(said)) != said:
        return dated
    if month := re.fullmatch(rf"in (?P<m>{MONTHS})", said, re.IGNORECASE):
        return f"in {month['m'].title()}"
    if re.fullmatch(SOON, said, re.IGNORECASE):
        near = re.match(r"(?:today|tomorrow|on|this|next)\b", said, re.IGNORECASE)
        return said.lower() if near else f"on {said}"  # "Friday": "on Friday"
    return ""


def coming_round_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "it's my birthday tomorrow", "it's our 10th wedding anniversary today": the day of the year,
    kept for good (its count is of this year only)."""
    thing = re.sub(
        rf"^(?:\d+(?:st|nd|rd|th)|{ANNIVERSARY_NAMES}) ", "", (match["thing"] or match["thing2"]).lower()
    ).replace("bday", "birthday")
    text = f"{said.name}'s {thing} is {yearly_day(match['when'] or match['when2'])}"
    if thing == "birthday":
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("anniversary"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=305,
        pattern=re.compile(
            r"\b(?:it's|its|it is) (?:my|our)"
            rf" (?P<thing>(?:(?:\d+(?:st|nd|rd|th)|{ANNIVERSARY_NAMES}) )?(?:(?:wedding )?anniversary|birthday|bday))"
            rf" (?P<when>{SOON})\b(?! (?:party|dinner|drinks))"
            rf"|^(?P<when2>today|tomorrow)(?: is|'s) (?:my|our) (?P<thing2>(?:wedding )?anniversary|birthday|bday)\b",
            re.IGNORECASE,
        ),
        build=coming_round_rule,
    ),
]
