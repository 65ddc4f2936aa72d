"""What a street's or a village's group tells of its neighbours: the road one lives on ("I live on Elm
Road", "Elm Road, number 14" answering "which street are you on?"), a move into it ("we only moved in
last month"), how long one has lived there ("I've lived on this street for 30 years"), and a pet gone
missing ("our cat Pebble didn't come home last night")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import PETS

# A road as a neighbour names it: "Elm Road", "Oak Close", "the High Street", "Marsh Lane".
_ROAD = (
    r"(?P<road>(?:the )?(?:(?-i:[A-Z])[\w'-]+ ){1,2}(?-i:Road|Rd|Street|St|Avenue|Ave|Lane|Close|Drive|Way|Crescent"
    r"|Grove|Place|Terrace|Gardens|Court|Row|Hill|Mews|Walk|Square|Rise|View))\b"
)


def road_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I live on Elm Road", "I'm on Oak Close", "we're on the High Street": the road, not the number."""
    road = " ".join(match["road"].split())
    text = f"{said.name} lives on {road}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", "neighbourhood"), slot="road")


def moved_in_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we only moved in last month", "I just moved in two weeks ago": new to the street (only with
    when: "I moved in with my boyfriend" is another move)."""
    when = past_time_in(match["when"])
    if not when:
        return None
    return said.fact(
        f"{said.name} moved in {when}", MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("home", "neighbourhood")
    )


def lived_here_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've lived on this street for 30 years", "we've lived here since 1998": how long they have been
    a neighbour (where "here" is the street or village the group is for)."""
    where = re.sub(r"^(?:here|round here|around here)$", "in the area", " ".join(match["where"].lower().split()))
    span = third_person(" ".join(match["span"].lower().split()), said.name)  # "all my life": "all their life"
    text = f"{said.name} has lived {where.replace('this ', 'the ')} {span}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", "neighbourhood"))


def pet_missing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our cat Pebble didn't come home last night", "my dog's gone missing": a pet lost, for a week. It
    reads its negation itself."""
    pet = match["pet"].lower()
    name = match["name"] or ""
    text = f"{said.name}'s {pet}{' ' + name if name else ''} is missing"
    fact = said.fact(text, MemoryKind.EVENT, HIGH, "7d", topics_of("pets", pet))
    if name:  # the pet itself is kept as one of theirs once the news has passed
        fact.entities.append(said.entity(EntityType.THING, name, f"{said.name}'s {pet}", species=pet))
    return fact


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1569,
        pattern=re.compile(rf"\b(?:I|we)(?: live|(?:'m|'re| am| are)(?: living)?) on {_ROAD}", re.IGNORECASE),
        build=road_rule,
    ),
    Rule(
        priority=1570,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:only |just |finally )?moved in(?! with\b)(?P<when> .+)", re.IGNORECASE
        ),
        build=moved_in_rule,
    ),
    Rule(  # before "our cat Pebble" is read as a pet named (rules/pets.py, 340)
        priority=338,
        pattern=re.compile(
            rf"\b(?:my|our) (?P<pet>{PETS})(?: (?P<name>(?-i:[A-Z])[\w'-]+))?"
            r"(?:(?:'s| is| has) (?:gone )?missing|(?: has)? (?:didn't|did not|hasn't|has not|never) c[oa]me home)\b",
            re.IGNORECASE,
        ),
        build=pet_missing_rule,
    ),
    Rule(
        priority=1649,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have) lived (?P<where>here|round here|around here|(?:on|in) (?:this|the) (?:street|road"
            r"|close|village|town|estate|area|house|flat|block))"
            r" (?P<span>for (?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty) years"
            r"|since (?:19|20)\d\d|all (?:my|our) li(?:fe|ves))\b",
            re.IGNORECASE,
        ),
        build=lived_here_rule,
    ),
]
