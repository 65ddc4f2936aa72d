"""What a car club tells of its drivers' cars: the car one drives ("I drive a 2008 Golf"), a new one
("picked up my new car today, a 2019 Mazda MX-5") and its MOT ("my car failed its MOT"). A car said
is kept until another replaces it (``SLOTS``); the MOT is news for a month."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import article_for, topics_of

# A make and model, with its year: "a 2008 Golf", "an old Land Rover Defender", "a Mazda MX-5".
_CAR = (
    r"(?:(?:19|20)\d\d |(?:old|new|used|little|red|blue|black|white|silver|grey) )?"
    r"(?-i:[A-Z])[\w-]*(?: (?-i:[A-Z0-9])[\w-]*){0,3}"
)
# The car a new one is, said after it: "…, a 2019 Mazda MX-5", "… - an MX-5".
_WHICH_CAR = re.compile(rf"^[^,.!?]*?(?:,|-|:) (?:it's |its )?(?:a|an) (?P<car>{_CAR})", re.IGNORECASE)


def drives_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I drive a 2008 Golf, 190k miles and still going": the car one drives, by its name."""
    text = f"{said.name} drives {match['article'].lower()} {match['car']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("cars", match["car"].split()[-1]), slot="car")


def new_car_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "picked up my new car today, a 2019 Mazda MX-5": a new car, and which it is when said."""
    rest = match["rest"]
    which = _WHICH_CAR.match(rest)
    text = f"{said.name} got a new car"
    if when := past_day_in(rest.split(",")[0]):
        text += f" {when}"
    if which:
        text += f", {article_for(which['car'])} {which['car']}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("cars", "new car"), slot="car")


def mot_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my car failed its MOT", "just passed my MOT first time": the car's, not its driver's, test."""
    vehicle = (match["vehicle"] or "car").lower()
    text = f"{said.name}'s {vehicle} {match['verb'].lower()} its MOT"
    if re.match(r"\s+first time\b", match["rest"], re.IGNORECASE):
        text += " first time"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("cars", "MOT"))


# What a new car replaces among the memories (consolidation.SLOTS).
SLOTS = {"car": r" (?:drives an? |got a new car\b|sold their (?:car|van)\b)"}


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1605,
        pattern=re.compile(rf"\bI (?:now |still |currently |mostly )?drive (?P<article>an?) (?P<car>{_CAR})", re.I),
        build=drives_rule,
    ),
    Rule(
        priority=1606,
        pattern=re.compile(
            r"(?:\bI |^)(?:(?:just|finally|'ve just|have just) )?(?:picked up|collected|got|bought)"
            r" (?:my|our) new car\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=new_car_rule,
    ),
    Rule(
        priority=1607,
        pattern=re.compile(
            r"(?:\b(?:my|our|the) (?P<vehicle>car|van|motorbike|bike) |\bI |^)(?:(?:just|finally) )?"
            r"(?P<verb>passed|failed) (?:its |it's |my |the )?MOT\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=mot_rule,
    ),
]
