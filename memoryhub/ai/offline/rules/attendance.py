"""Who will and won't be at the group's next gathering: "I can't make the meetup on the 14th", "I won't
be at practice on Thursday", "I'm coming to the quiz next week". A community's bot is asked after
them ("is Priya coming on the 14th?"), and they are gone once the day has passed."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import DAY_OF_MONTH, GATHERINGS, OCCASIONS

# What a group meets for, beside the gatherings and occasions of the vocabulary.
_MEETS = (
    rf"meetup|meet-up|meet up|social|quiz|practice|training|rehearsal|session|class|lesson|ride|run|walk|hike"
    rf"|swim|book club|club night|dinner|drinks|call|stream|workshop|launch|service|show|picnic|potluck"
    rf"|{GATHERINGS}|{OCCASIONS}"
)
_NOT_COMING = {"can't": "can't make", "cannot": "can't make", "cant": "can't make", "won't": "won't be at"}


def attendance_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I can't make the meetup on the 14th", "I won't be at practice on Thursday", "I'm coming to the
    quiz next week": only with its day (a gathering without one is no plan to keep). It reads its
    negation itself."""
    rest = match.string[match.end("what") :]
    day = DAY_OF_MONTH.match(rest.strip(" ,"))
    time = time_in(rest) or (" ".join(day[0].lower().split()) if day else "")
    if not time:
        return None
    if not time.startswith(("on ", "in ", "this ", "next ", "at ", "by ", "over ", "for ", "later ")) and day:
        time = f"on {time}"
    what = third_person(" ".join(match["what"].split()), said.name)
    if match["coming"]:
        verb = "isn't coming to" if match["neg"] else "is coming to"
    else:
        verb = _NOT_COMING[match["not"].lower()]
    text = f"{said.name} {verb} {what} {time}"
    topics = topics_of("plans", match["event"].lower())
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics, time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1564,
        pattern=re.compile(
            r"\bI(?: (?P<not>can'?t|cannot|won't) (?:make(?: it to)?|come to|go to|get to|be at|attend)"
            r"|(?P<coming>(?:'m| am) (?P<neg>not )?coming to))"
            r" (?P<what>(?:(?:the|our|my|this|tomorrow's|(?-i:[A-Z])[\w]*'s) )?(?:[\w-]+ ){0,2}?"
            rf"(?P<event>{_MEETS})s?)\b(?! (?:of|about|for)\b)",
            re.IGNORECASE,
        ),
        build=attendance_rule,
    ),
]
