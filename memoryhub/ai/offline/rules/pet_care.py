"""What a pet owners' group tells beside the pets themselves (``rules/pets.py``): a new pet to be
fetched ("we're picking up our new puppy on Saturday!!", "our puppy comes home on Saturday"), the vet
one goes to ("our vet is Greenway Vets"), the classes one takes a dog to ("I do puppy classes at
the Dog Barn on Thursdays"), and a pet's last visit ("we had to have our cat put to sleep", read as
``rules/family.py`` reads "my cat was put down")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.rules.family import loss_rule
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import PETS

_NAME = r"(?-i:[A-Z])[\w'&-]*(?: (?:&|and|(?-i:[A-Z])[\w'&-]*)){0,3}"
_CLASSES = r"puppy (?:classes|training|school)|dog training|obedience(?: classes| training)?|agility|flyball|canicross"


def pet_to_fetch_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're picking up our new puppy on Saturday!!", "I'm collecting my kitten next week": a new pet
    coming home, until the day."""
    species = (match["species"] or match["species2"]).lower()
    time = time_in(match["rest"] or match["rest2"] or "")
    text = f"{said.name} is getting a new {species}" + (f" {time}" if time else "")
    expiration = expiration_for(time) if time else "30d"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration, topics_of("pets", species), time=time)


def vet_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our vet is Greenway Vets", "my dog's vet is Dr Shah": who looks after their pets."""
    vet = " ".join(match["vet"].split())
    text = f"{said.name}'s vet is {vet}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", "vet"), slot="vet")


def classes_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we do puppy classes at the Dog Barn on Thursdays", "I take my dog to agility": the classes
    they take a dog to."""
    what = " ".join(match["what"].split()).lower()
    text = f"{said.name} does {what}"
    if where := re.match(rf"\s+at (?P<the>the )?(?P<where>{_NAME})", match["rest"]):
        text += f" at {where['the'] or ''}{where['where']}"
    if on := re.search(r"\bon (?P<day>(?-i:[A-Z])[a-z]+days)\b", match["rest"]):
        text += f" on {on['day']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", "training"))


def pet_award_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my dog got her first clear round at agility on Saturday", "our puppy passed his Kennel Club bronze
    award": a pet's award or first, kept for good (a plain clear round for a month)."""
    species = match["species"].lower()
    pet = f" {match['pet']}" if match["pet"] else ""
    what = " ".join(match["what"].split())
    text = f"{said.name}'s {species}{pet} {match['verb'].lower()} its {what}"  # "her": a reply could not say it
    rest = match["rest"] or ""
    if at := re.match(rf"\s+(?P<at>(?:at|in) (?:{_CLASSES}|(?-i:[A-Z])[\w'-]+|the [\w'-]+ show))\b", rest, re.I):
        text += f" {at['at']}"
    if when := past_day_in(rest):
        text += f" {when}"
    lasting = PERMANENT if re.search(r"\b(?:first|award|title|certificate)\b", what, re.IGNORECASE) else "30d"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, lasting, topics_of("pets", "achievement"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1591,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:finally|also) )?(?:picking up|collecting|bringing home)"
            rf" (?:our|my|a|the) (?:new |little )?(?P<species>{PETS})\b(?P<rest>.*)"
            # "our puppy comes home on Saturday!!"
            rf"|^(?:our|my) (?:new |little )?(?P<species2>{PETS}) (?:comes|arrives|is coming) home\b(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=pet_to_fetch_rule,
    ),
    Rule(
        priority=1592,
        pattern=re.compile(
            rf"\b(?:my|our)(?: (?:{PETS})'s)? vets? (?:is|are) (?P<vet>(?:Dr\.? )?{_NAME})",
            re.IGNORECASE,
        ),
        build=vet_rule,
    ),
    Rule(
        priority=1593,
        pattern=re.compile(
            rf"\b(?:I|we) (?:(?:also|now|still) )?(?:do|go to|take (?:him|her|them|my dog|our dog) to)"
            rf" (?P<what>{_CLASSES})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=classes_rule,
    ),
    Rule(
        priority=336,  # before the pet's name alone (rules/pets.py's 340): "my dog Biscuit passed her …"
        pattern=re.compile(
            rf"\b(?:my|our) (?:(?:little|old|rescue|new) )?(?P<species>{PETS})(?: (?P<pet>(?-i:[A-Z])[\w'-]*))?"
            r" (?:(?:just|finally|has|has just) )?(?P<verb>got|passed|earned|gained|won) (?P<their>his|her|their|its)"
            r" (?P<what>(?:(?:very )?first )?(?:clear round|qualifier|(?:Kennel Club |KC )?(?:Good Citizen )?"
            r"(?:bronze|silver|gold) award|Good Citizen(?: award)?|title|championship|certificate))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=pet_award_rule,
    ),
    Rule(
        priority=321,  # a death, before what a pet's name would make of it (rules/family.py's at 320)
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have| just| sadly| finally)* had to (?:have|get|let) (?:my|our)"
            rf" (?:old |beloved |sweet )?(?P<species>{PETS})(?: (?P<pet>(?-i:[A-Z])[\w'-]*))?"
            r" (?:be )?put (?:down|to sleep)\b(?P<when2>.*)",
            re.IGNORECASE,
        ),
        build=loss_rule,
    ),
]
