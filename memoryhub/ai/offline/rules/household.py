"""What a parents' or a smallholders' channel tells of home: the children off school, schooling at
home, the animals one keeps, work on the house ("we've got builders in all week")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import LOW, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import article_for, third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN

_CHILDREN = r"kids|children|boys|girls|twins|son|daughter|youngest|eldest|little ones?"
_OFF = (
    r"off school|off for (?:half[- ]term|the summer|the holidays|christmas|easter)|home from school"
    r"|on (?:half[- ]term|school holidays|(?:their |the )?(?:summer|easter|spring|christmas) (?:break|holidays))"
)
_FOR_NOW = re.compile(r"\s+(?P<while>this (?:year|term)|for now|for the time being)\b", re.IGNORECASE)
KEPT_ANIMALS = r"bees|honeybees|chickens|hens|ducks|quail|goats|pigs|sheep|alpacas|llamas|geese|turkeys|hives|beehives"


def off_school_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "the kids are off school next week", "my son's on half term": children at home for a while, which a
    companion may keep in mind."""
    who = match["who"].lower()
    off = " ".join(match["off"].lower().split())
    rest = match["rest"]
    when = when_said(rest)
    text = f"{said.name}'s {who} {'are' if who.endswith('s') else 'is'} {off}" + (f" {when}" if when else "")
    expiration = expiration_for(when) if when else "7d"
    return said.fact(text, MemoryKind.EVENT, LOW, expiration, topics_of("family", "school"), time=when)


def homeschool_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I home educate my two boys", "we're homeschooling this year": how their children are taught."""
    whom = third_person(" ".join(match["whom"].split()), said.name) if match["whom"] else "their children"
    whom = f"their {match['count'].split()[-1].lower()} children" if match["count"] else whom  # "our two"
    text = f"{said.name} homeschools {whom}"
    if while_ := _FOR_NOW.match(match.string[match.end() :]):
        text = f"{said.name} is homeschooling {whom} {' '.join(while_['while'].lower().split())}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("family", "school"))


def keeps_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I keep bees", "we keep chickens in the garden", "I've got two hives at the allotment": animals
    kept for what they give, not as pets."""
    kept = match["kept"].lower()
    if kept in ("hives", "beehives"):
        kept = "bees"
    if match["have"] and kept != "bees" and not match["count"]:
        return None  # "we have chickens tonight": food as often as animals, the pets rules read a number
    text = f"{said.name} keeps {kept}"
    if match["kept_for"]:  # "I've kept bees for 5 years"
        span = re.match(rf"\s+(?P<span>{FOR_A_SPAN})", match["rest"])
        text = f"{said.name} has kept {kept} {span['span']}" if span else text
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("animals", kept))


def own_hives_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "lost my first hive over winter", "my bees swarmed on Sunday": a beekeeper speaking of their own."""
    return said.fact(f"{said.name} keeps bees", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("animals", "bees"))


_ROOMS = (
    r"kitchen|bathroom|living room|lounge|bedroom|loft|house|flat|hallway|basement|attic|garage|conservatory"
    r"|spare room|nursery|downstairs loo|en-?suite"
)


def home_project_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're redoing our kitchen, builders start Monday", "I'm renovating the bathroom myself", "I'm doing up
    an old farmhouse in Wales": work on their home under way, for a month (a project with its day is
    ``plans.doing_rule``'s)."""
    doing = match["doing"].lower()
    if match["home"]:  # "I'm renovating a Victorian terrace in Hull": a home bought to do up
        home = " ".join(match["home"].split())
        where = re.match(rf"\s+in {NAMED_PLACE}", match["rest"])
        text = f"{said.name} is {doing} {home}" + (where[0].rstrip() if where else "")
        return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("home", home.split()[-1].lower()))
    room = " ".join(match["room"].lower().split())
    text = f"{said.name} is {doing} their {room}"
    if doing == "converting" and (
        into := re.match(
            rf"\s+into (?:an? |a new )?(?P<what>(?:[a-z]+ )?(?:{_ROOMS}|office))\b", match["rest"], re.IGNORECASE
        )
    ):
        text += f" into {article_for(into['what'].lower())} {into['what'].lower()}"  # "the loft into a bedroom"
    if (time := time_in(match["rest"])) and re.search(r"\bstart", match["rest"], re.IGNORECASE):
        text += f", starting {time}"  # "builders start Monday"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("home", room))


def builders_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've got builders in all week", "the builders are in until Friday": work at their home, while
    it lasts (a week, or until the day said)."""
    rest = match.string[match.end() :]
    span = re.match(
        r"\s+(?P<span>all week|all month|for (?:a|the|two|three|\d+) (?:weeks?|months?)|(?:until|till) \w+)", rest
    )
    when = "" if span else when_said(rest)
    if when.startswith("on ") and re.match(r"\s+from\b", rest):
        when = "from " + when.removeprefix("on ")  # "the builders are in from Monday"
    text = f"{said.name} has builders in" + (f" {span['span'].lower()}" if span else f" {when}" if when else "")
    expiration = "7d" if span and span["span"].lower() == "all week" else expiration_for(when) if when else "30d"
    return said.fact(text, MemoryKind.EVENT, LOW, expiration, topics_of("home", "builders"), time=when)


def broken_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our boiler's broken and we've got no heating", "my car's broken down": a household trouble of the
    week, a companion asks after it."""
    thing = match["thing"].lower()
    how = "has broken down" if thing in ("car", "van") else "is broken"
    return said.fact(f"{said.name}'s {thing} {how}", MemoryKind.EVENT, LOW, "7d", topics_of("home", thing))


def work_done_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we finally finished the loft conversion", "I've finished the bathroom at last": work on their home
    done, news for a month."""
    what = " ".join(match["what"].lower().split())
    text = f"{said.name} finished their {what}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("home", what.split()[-1]))


def fitted_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've just had solar panels fitted", "we had a heat pump installed last month", "we've just had our
    loft converted": a home made over, kept for good; "we're having an extension built": under way."""
    what = third_person(" ".join(match["what"].lower().split()), said.name)  # "our kitchen": "their kitchen"
    if not match["done"] and not match["having"]:
        return None  # "we had a new kitchen": had one, or had one put in
    done = f" {match['done'].lower()}" if match["done"] else ""  # "we're having a loft conversion"
    if match["having"]:  # "we're having an extension built": under way, news for a month (or until its day)
        when = when_said(match["rest"])  # "… fitted next month"
        text = f"{said.name} is having {what}{done}" + (f" {when}" if when else "")
        expiration = expiration_for(when) if when else "30d"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration, topics_of("home", what.split()[-1]), time=when)
    text = f"{said.name} {(match['verb'] or 'had').lower()} {what} {match['done'].lower()}"
    if when := past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("home", what.split()[-1]))


RULES = [
    Rule(
        priority=1751,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|at last) )?finished (?:the|our|my) (?P<what>loft conversion"
            rf"|extension|renovations?|refurb|decorating|garden room|{_ROOMS})\b",
            re.IGNORECASE,
        ),
        build=work_done_rule,
    ),
    Rule(
        priority=1745,
        pattern=re.compile(
            r"\b(?:my|our|the) (?P<thing>boiler|heating|hot water|washing machine|dishwasher|fridge|freezer|oven"
            r"|tumble dryer|car|van|cooker)(?:'s| is| has)? (?:(?:just|finally|completely|officially) )?"
            r"(?P<how>broken(?: down)?|broke(?: down)?|packed (?:up|in)|stopped working|given up|gave up)\b",
            re.IGNORECASE,
        ),
        build=broken_rule,
    ),
    Rule(
        priority=1604,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:currently|finally|still|slowly) )?"
            r"(?P<doing>renovating|redoing|doing up|redecorating|refurbishing|gutting|extending|retiling|re-tiling"
            r"|rewiring|replastering|converting)"
            rf" (?:(?:the|our|my) (?P<room>{_ROOMS})|(?P<home>an? (?:[\w-]+ ){{0,2}}?(?:house|terrace|cottage|farmhouse"
            r"|barn|bungalow|flat|chapel|narrowboat|boat|campervan|van|caravan)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=home_project_rule,
    ),
    Rule(
        priority=395,  # before the rule of a relative in general (410): "my son's on half term"
        pattern=re.compile(
            rf"(?:\b(?:the|my|our) |^)(?P<who>{_CHILDREN})(?: (?:are|is)|'re|'s) (?:(?:all|both) )?(?P<off>{_OFF})\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=off_school_rule,
    ),
    Rule(
        priority=1510,
        pattern=re.compile(
            r"\b(?:I|we)(?:'re| are|'ve been| have been| now| also|(?:'ve| have)? (?:decided|chosen) to)?"
            r" (?:homeschool(?:ing)?|home[- ]?educat(?:e|ing))"
            rf"(?: (?P<whom>(?:my|our|the|both|all) (?:[\w-]+ ){{0,2}}?(?:{_CHILDREN})"
            r"|(?P<count>(?:my|our) (?:two|three|four|five))(?!\s+\w)))?\b",
            re.IGNORECASE,
        ),
        build=homeschool_rule,
    ),
    Rule(
        priority=1511,
        pattern=re.compile(
            r"\b(?:I|we)(?: (?:also|still|now))?(?:(?P<have> have(?: got)?|'ve got)| keep| raise"
            r"|(?P<kept_for>'ve kept)|(?:'ve| have)? (?:just|finally|recently) got)"  # "we've just got chickens"
            rf" (?P<count>(?:a few|some|\d+|two|three|four|five|six) )?(?P<kept>{KEPT_ANIMALS})\b"
            r"(?! at work| in (?:the game|Minecraft|Stardew|Animal Crossing|Valheim)\b)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=keeps_rule,
    ),
    Rule(
        priority=1661,
        pattern=re.compile(
            r"\b(?:(?:lost|split|inspected|checked|requeened|treated|moved|fed) )?(?:my|our)"
            r" (?:(?:first|second|third|new|strongest|weakest|two|three|four|\d) )?"
            r"(?-i:hives?|beehives?|bees)\b(?! (?:app|thermostat|heating|hub|mind|camera|doorbell|knees))",
            re.IGNORECASE,
        ),
        build=own_hives_rule,
    ),
    Rule(
        priority=1626,
        pattern=re.compile(
            r"\b(?:I|we)(?:(?:'ve| have)? (?:just |finally |recently )?(?P<verb>had|got)|(?P<having>'re| are|'m| am)"
            r" (?:(?:finally|currently) )?having) (?P<what>(?:a |an |some |new |our |my )?(?:new )?"
            r"(?:solar panels|a heat pump|heat pump|new windows|windows|a new boiler|new boiler|boiler|a new kitchen"
            r"|new kitchen|kitchen|a new bathroom|new bathroom|bathroom|an extension|extension|a loft conversion"
            r"|loft conversion|insulation|cavity wall insulation|a log burner|log burner|an EV charger|EV charger"
            rf"|(?:the|our|my) (?:{_ROOMS})))"  # "we've just had our loft converted"
            r"(?: (?P<done>fitted|installed|put in|done|built|converted|redone|renovated|refitted|replaced)\b"
            r"|(?=\s*(?:$|[,.!?]| (?:next|this|in|on|from)\b)))"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=fitted_rule,
    ),
    Rule(
        priority=1698,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:got|have) (?:the )?builders in\b|\bthe builders are (?:in|here)\b",
            re.IGNORECASE,
        ),
        build=builders_rule,
    ),
]
