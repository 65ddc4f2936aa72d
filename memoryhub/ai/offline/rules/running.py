"""What a running club tells of its runners beside their best times (``rules/fitness.py``): a race
run ("did my first half marathon yesterday, 2:04", "I finished the Great North Run in 2:10"), the
parkrun they go to ("I do parkrun at Heaton Park", or "Heaton Park usually" answering "which parkrun
do you do?", ``questions._COMPLETED``) and the club they run with ("I run with Hackney Harriers")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.rules.pastimes import RACE_HALF
from memoryhub.ai.offline.text import third_person, topics_of

_RACES = r"half marathon|half|marathon|ultra(?:marathon)?|10k|5k|10 ?miler?|triathlon|parkrun|fell race|trail race"
_NAME = r"(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,3}"
# A named race: "the Great North Run", "the London Marathon", "the Manchester 10k", "the Lisbon half".
_NAMED = rf"the {_NAME} (?:half marathon|half|marathon|10k|5k|run|ultra|triathlon|10 miler)"
_FINISH_TIME = re.compile(r"^[^.!?]{0,30}?(?:\bin |, |: |\()(?P<time>\d{1,2}:\d{2}(?::\d{2})?)\b")
# What a new parkrun or club replaces among the memories (consolidation.SLOTS).
SLOTS = {"parkrun": r" does parkrun at\b", "running club": r" runs with\b"}
# What a club one runs with is called: "Hackney Harriers", "Leeds City AC", "the Pudsey Pacers".
_CLUBS = r"harriers|runners|running club|run club|striders|pacers|joggers|road runners|athletic club|AC|RC|tri club"


def race_run_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "did my first half marathon yesterday, 2:04", "I finished the Great North Run in 2:10": a
    race run, a milestone kept for good, with its time when they say it."""
    what = " ".join(match["what"].split())
    what = RACE_HALF.sub(r"\1 marathon", what)  # "the Lisbon half"
    rest = match["rest"]
    text = f"{said.name} ran {third_person(what, said.name)}"
    if when := past_day_in(rest):
        text += f" {when}"
    if time := _FINISH_TIME.match(rest):
        text += f" in {time['time']}"
    distance = re.search(_RACES, what, re.IGNORECASE)
    return said.fact(
        text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("running", distance[0] if distance else "race")
    )


def race_ahead_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm running the London marathon for Macmillan", "I'm doing my first half": a race ahead with no
    day said (one with its day is a plan of ``rules/plans.py``), and the cause it runs for."""
    what = RACE_HALF.sub(r"\1 marathon", " ".join(match["what"].split()))
    text = f"{said.name} is running {third_person(what, said.name)}"
    if cause := re.match(rf"\s+for (?P<cause>(?:the )?{_NAME})", match["rest"]):
        text += f" for {cause['cause']}"
    distance = re.search(_RACES, what, re.IGNORECASE)
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("running", distance[0] if distance else "race"))


def parkrun_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I do parkrun at Heaton Park", "I usually do Heaton Park parkrun": the parkrun they go to."""
    where = " ".join((match["where"] or match["where2"]).split())
    text = f"{said.name} does parkrun at {where}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("running", "parkrun"), slot="parkrun")


def club_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I run with Hackney Harriers", "I'm a member of Leeds City AC": the club they run with."""
    club = " ".join(match["club"].split())
    text = f"{said.name} runs with {club}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("running", "club"), slot="running club")


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table). A race run
# goes before media's "I finished …" (1020), which reads "the Great North Run" as a title, and
# pastimes' "I ran …" (1160), which keeps no finishing time and knows no "… Run".
RULES = [
    Rule(
        priority=1015,
        pattern=re.compile(
            r"(?:\b(?:I|we)|^) ?(?:just |finally |actually |officially )?(?:did|ran|finished|completed|smashed"
            r"|survived)"
            rf" (?P<what>my (?:first |second |third |\d+(?:st|nd|rd|th) )?(?:{_RACES})|{_NAMED})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=race_run_rule,
    ),
    Rule(
        priority=1016,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:also|now|officially) )?(?:running|doing)"
            rf" (?P<what>my (?:first |second |third )?(?:{_RACES})|{_NAMED})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=race_ahead_rule,
    ),
    Rule(
        priority=1579,
        pattern=re.compile(
            rf"\bI (?:usually |normally |mostly |always )?(?:do|go to|run) parkrun (?:at|in) (?P<where>{_NAME})"
            rf"|\bI (?:usually |normally |mostly |always )?(?:do|go to|run) (?:the )?(?P<where2>{_NAME}) parkrun\b",
            re.IGNORECASE,
        ),
        build=parkrun_rule,
    ),
    Rule(
        priority=1580,
        pattern=re.compile(
            r"\bI(?:(?:'m| am) (?:a member of|in)| (?:usually )?(?:run|train) with) "
            rf"(?P<club>(?:the )?{_NAME} (?:{_CLUBS}))\b",
            re.IGNORECASE,
        ),
        build=club_rule,
    ),
]
