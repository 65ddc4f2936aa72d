"""Homes, origins and moves (also a known member's move, reported by the speaker)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_time_in,
    time_in,
)
from memoryhub.ai.offline.rules.answers import date_in
from memoryhub.ai.offline.rules.online import TOOLS
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    content_words,
    join_names,
    place_name,
    since_age,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import (
    ABBREVIATIONS,
    COUNTS,
    DECADES,
    FOR_A_SPAN,
    I_AM,
    MONTHS,
    NATIONALITIES,
    PETS,
    WEEKDAYS,
)


def said_place(raw: str, said: Said) -> str:
    """The place in ``raw`` ("my parents' place" becomes "their parents' place"); "our new place in
    Utrecht" is Utrecht, "the U.S. for work, Chicago specifically" is Chicago."""
    inner = _INNER_PLACE.match(raw)
    if inner:
        return place_name(inner["place"])
    specific = _SPECIFIC_PLACE.search(raw[:200])
    if specific:
        return specific["place"]
    return third_person(place_name(raw, there=said.scene.last_place), said.name)


_INNER_PLACE = re.compile(
    r"(?:our|my|a|the|their) (?:(?:new|own|first|little|tiny|bigger|smaller|small|big|quiet) )*(?:place|flat"
    r"|apartment|house|home|condo|studio|room|dorm|village|town|city|suburb|island|bungalow|cottage|farmhouse"
    r"|terrace|semi) (?:in|near|outside|on)"
    rf" (?P<place>(?!(?:{MONTHS}|{WEEKDAYS})\b)(?-i:[A-Z]).{{1,60}})",  # not "our first house in August"
    re.IGNORECASE,
)
_SPECIFIC_PLACE = re.compile(
    r", (?P<place>[A-Z][\w'-]{1,30}(?: [A-Z][\w'-]{1,30})?) (?:specifically|exactly|to be exact|to be precise)\b"
)


def _place_entity(fact: Fact, said: Said, place: str, relationship: str) -> None:
    if place[:1].isupper():  # a named place, not "their parents' place"
        fact.entities.append(said.entity(EntityType.PLACE, place, relationship))


def move_rule(match: re.Match[str], said: Said) -> Fact | None:
    place = said_place(match["place"] or "", said)
    time = time_in(said.clause) or date_in(said.clause)  # "I'm moving house on the 28th of March"
    if not place and not time:
        return None
    said_of = match.groupdict()  # an answer's match ("Austin!" to "where are you moving?") has neither part
    back = "back " if place and said_of.get("back") else ""  # "we're moving back to Ireland": where they came from
    where = f" {back}to {place}" if place else " back home" if said_of.get("home") else ""
    if not where and re.match(r"\s+in together\b", match.string[match.end() :], re.IGNORECASE):
        where = " in together"  # "we're moving in together next month": a couple's home, not just a move
    text = f"{said.name} is moving{where}" + (f" {time}" if time else "")
    fact = said.fact(text, MemoryKind.PLAN, HIGH, "30d", topics_of("moving", place), time=time)
    _place_entity(fact, said, place, f"where {said.name} is moving")
    return fact


def _place_group(match: re.Match[str]) -> str:
    groups = match.groupdict()
    return next((groups[name] for name in ("place", "place2", "place3") if groups.get(name)), "")


_VISIT = re.compile(
    r"\b(?:for (?:a|the|two|three|\d+) (?:week|weekend|days?|nights?|trip|conference|holiday|vacation)|visiting|trip"
    r"|holiday|vacation|until|till|this week|for work)\b",
    re.IGNORECASE,
)


# Who they live there with, said after the place: "in Leeds with my partner Leo", "in Cork with
# my two flatmates". One fact says both (related facts combined, as the prompt asks of an LLM).
_LIVES_WITH = re.compile(
    r"\bwith (?P<who>(?:my|our) (?:(?:two|three|four|\d+|little|older|younger|new) )?"
    r"(?:partner|wife|husband|boyfriend|girlfriend|fianc[eé]e?|spouse|family|kids|children|son|daughter|parents"
    r"|mum|mom|dad|flatmates?|roommates?|housemates?|sister|brother|grandparents?|dogs?|cats?)"
    r"(?: (?-i:[A-Z])[a-z'-]+)?)",
    re.IGNORECASE,
)


def _visit(said: Said, raw: str) -> Fact | None:
    """ "I'm in Berlin for work all week", "I'm in Vegas this weekend": where they are for a while."""
    place = said_place(raw, said)
    if not place:
        return None
    why = " for work" if re.search(r"\bfor work\b", said.clause, re.IGNORECASE) else ""
    when = time_in(said.clause)
    text = f"{said.name} is in {place}{why}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(when) if when else "7d", topics_of("travel", place))


def lives_rule(match: re.Match[str], said: Said) -> Fact | None:
    raw = _place_group(match)
    being_in = re.match(r"(?:I|we)\b", match[0], re.IGNORECASE) and re.search(r"\bin\b", match[0][:40])
    settled = re.search(r"liv|based|pat", match[0], re.IGNORECASE)  # "based in Nairobi but travel for work"
    if being_in and not settled and (_VISIT.search(said.clause) or time_in(said.clause)):
        return _visit(said, raw)  # "I'm in Vegas this weekend": a visit, not a home
    fact = _place_fact(said, said_place(raw, said), verb="lives in", slot="home")
    found, who = match.groupdict().get("from") or "", match.groupdict().get("who") or ""  # (other rules call it)
    if fact is not None and re.fullmatch(NATIONALITIES, found, re.IGNORECASE):
        fact.text += f" as {article_for(found)} {found.title()} expat"  # "I'm a British expat in Spain"
    elif fact is not None and who:
        fact.text += f" as {article_for(who)} {who}"  # "I'm a Brit living in Dubai"
    company = _LIVES_WITH.search(raw[:80]) if settled else None
    if fact is not None and company:
        fact.text += f" with {third_person(company['who'], said.name)}"
        fact.topics = topics_of(*fact.topics, *content_words(company["who"])[:1])
    return fact


# "alone with my two cats": the pets one lives with.
_WITH_PETS = re.compile(rf"\s+with (?:my|our) (?:{COUNTS}) (?:{PETS})(?:e?s)?\b", re.IGNORECASE)
# "…, Miso and Tofu": the names of the pets just counted.
_NAMES_AFTER = re.compile(
    r",? (?:named |called )?(?P<names>(?-i:[A-Z])[\w'-]{1,20}(?:, (?-i:[A-Z])[\w'-]{1,20})*,? (?:and|&)"
    r" (?-i:[A-Z])[\w'-]{1,20})"
)


def lives_with_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I live with my parents", "I live alone", "I live with two roommates in Leeds", "I live alone
    with my two cats, Miso and Tofu"."""
    who = phrase_cut(match["who"], max_words=7)
    rest = match.string[match.end() :]
    if (pets := _WITH_PETS.match(rest)) and not who.lower().startswith("with"):
        who, rest = who + pets[0], rest[pets.end() :]
    text = f"{said.name} lives {third_person(who, said.name)}"
    if re.search(rf"\b(?:{PETS})e?s$", who, re.IGNORECASE) and (named := _NAMES_AFTER.match(rest)):
        text += " named " + join_names(re.split(r",? (?:and|&) |, ", named["names"]))
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", *content_words(who)[-1:]))


def grew_up_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I grew up on a farm", "I grew up by the sea": where, when it is not a place with a name."""
    where = third_person(phrase_cut(match["where"], max_words=6), said.name)
    if not content_words(where):
        return None
    return said.fact(f"{said.name} grew up {where}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("origin", where))


def origin_rule(match: re.Match[str], said: Said) -> Fact | None:
    return _place_fact(said, said_place(_place_group(match), said), verb="is from", slot="origin")


def _place_fact(said: Said, place: str, *, verb: str, slot: str) -> Fact | None:
    """ "<name> lives in <place>" / "<name> is from <place>", with the place as an entity."""
    if not place:
        return None
    fact = said.fact(f"{said.name} {verb} {place}", MemoryKind.FACT, HIGH, PERMANENT, topics_of(slot, place), slot=slot)
    _place_entity(fact, said, place, f"where {said.name} {verb.removesuffix(' in')}")
    return fact


def moved_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I moved to Berlin last year", "I just moved back to Leeds": where they live now; "moved to
    KPMG in October": where they work."""
    place = said_place(match["place"], said)
    if not place:
        return None
    # Initials that are no place's (ABBREVIATIONS: "the US") are an employer: "moved to KPMG".
    if (initials := re.fullmatch(r"(?:the )?([A-Z]{2,6})", place)) and initials[1].lower() not in ABBREVIATIONS:
        when = time_in(said.clause) or past_time_in(said.clause)
        text = f"{said.name} got a new job at {place}" + (f" {when}" if when else "")
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", place), slot="employer")
    back = " back" if "back" in match[0].lower().split(" to ")[0] else ""
    origin = _MOVED_FROM.search(match["place"])  # "to Austin from Seattle"
    return _moved(said, place, back=back, origin=origin["place"] if origin else "")


def _moved(said: Said, place: str, *, back: str = "", origin: str = "") -> Fact:
    """ "<name> moved to <place>", with where from, when and what for as the clause says them."""
    when = time_in(said.clause) or past_time_in(said.clause)
    if not when and (young := re.search(r"\bwhen I was \w+$", re.split(r"[,.!?]", said.clause)[0])):
        when = since_age(young[0])  # "we moved here when I was ten": "at age ten"
    text = f"{said.name} moved{back} to {place}" + (f" from {origin}" if origin else "")
    text += f" {when}" if when else ""
    why = re.search(
        r"\b(?P<how>for|to be) (?P<why>(?:my|a|an|work|uni|university|school|college|grad school|a job)\b[^,.!?]{0,30}"
        r"|(?<=be )(?:near|nearer|closer to|with) (?:my|our|the) [^,.!?]{2,30})",  # "to be near the grandkids"
        said.clause,
    )
    if why:
        reason = why["why"].strip()
        if when and (at := reason.lower().find(when)) > 0:
            reason = reason[:at].strip()  # "for work in 2021": the year is said once, above
        reason = re.sub(r"\s+(?:like|about|around|roughly)$", "", reason)  # "for work like two years ago"
        text += f" {why['how']} {third_person(reason, said.name)}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", "moving", place), slot="home")
    _place_entity(fact, said, place, f"where {said.name} lives")
    return fact


# Where each one is, asked of the room: "what's it like where you all are?", "how's the weather your way?"
WEATHER_ASKED = re.compile(
    r"\b(?:what(?:'s| is) (?:it|the weather) like|how(?:'s| is) the weather)"
    r" (?:where (?:you|u)(?: all| guys| lot)? (?:are|r|live)|(?:your|ur) (?:way|end))\b"
    r"|\bweather check\b",
    re.IGNORECASE,
)
# … and an answer that says it with the place: "sunny in Tunis", "it's just rain here in Bergen" (where
# they live, ``lives_rule``); not "was sunny in Rome last week", a trip.
WEATHER_TOLD = re.compile(
    r"(?:it's |its )?(?!.*\b(?:was|were|went|been|visiting|holiday|trip)\b)(?:(?-i:[a-z\d])[\w°.-]*(?: and| &)? ){1,3}?"
    rf"(?:(?:out |up |down |over )?here )?in (?P<place>{NAMED_PLACE})(?: (?:lol|haha|as usual|again|today|rn))?",
    re.IGNORECASE,
)


# The place a message named before "just moved here": "any good dentists in Leeds?", "Leeds is great", "I'm not
# from Texas".
_NAMED_BEFORE = re.compile(
    rf"\b(?:in|around|near) (?P<place>{NAMED_PLACE})|(?:^|[.!?,]\s+)(?P<place2>{NAMED_PLACE}) is\b"
    rf"|\bnot (?:originally |actually )?from (?P<place3>{NAMED_PLACE})"  # "I'm not from Texas, I just moved here"
)
_ONCE = re.compile(r"\b(?:lived|grew up|born|visited|went|was|were|used to|from)\b", re.IGNORECASE)


def moved_here_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "any good dentists in Leeds? just moved here", "Leeds is great, I just moved here": the one place the
    message named before it is where they live now (none named, or two, or one lived in before: nothing)."""
    before = said.message_before()
    named = {
        place
        for found in _NAMED_BEFORE.finditer(before)
        if (place := (found["place"] or found["place2"] or found["place3"]).rstrip("."))
        and not re.fullmatch(rf"(?:{MONTHS}|{WEEKDAYS})", place, re.IGNORECASE)
        and said.scene.member(place) is None
        and not _ONCE.search(before[max(0, found.start() - 30) : found.start()])  # "I was born in York"
    }
    return _moved(said, named.pop()) if len(named) == 1 else None


_MOVED_FROM = re.compile(rf"\bfrom (?P<place>{NAMED_PLACE})")


def moved_from_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I moved here from London two years ago": where they lived before (where they live now is
    "here", which the message does not name)."""
    place = match["place"].rstrip(".")
    if said.scene.member(place) is not None or place.endswith("'s"):
        return None
    season = re.search(r"\bin the (?:summer|spring|autumn|fall|winter)\b", match["rest"], re.IGNORECASE)
    when = past_time_in(match["rest"]) or (season[0].lower() if season else "")  # "… in the summer"
    young = re.search(r"\bwhen I was\b|\bas a (?:kid|child|baby)\b", match["rest"], re.IGNORECASE)
    if not (when or young or match["here"]):
        return None  # "I moved from Windows to Mac": a move between things, not homes
    to = re.match(rf"\s+to (?P<place>{NAMED_PLACE})", match["rest"])
    if not to and re.match(r"\s+to (?!(?:a|an|the|my|our|here|there)\b)", match["rest"], re.IGNORECASE):
        return None  # "I moved from Android to iPhone last year"
    if any(re.fullmatch(rf"(?:{TOOLS})", named, re.IGNORECASE) for named in (place, to["place"] if to else "")):
        return None  # "I moved from Windows to Linux last year": rules/switching.py
    now = to["place"].rstrip(".") if to else ""
    text = f"{said.name} moved from {place}" + (f" to {now}" if now else "") + (f" {when}" if when else "")
    if now:  # "from Chicago to Denver last year": where they live now, as "I moved to Denver" says it
        fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", "moving", now), slot="home")
        _place_entity(fact, said, now, f"where {said.name} lives")
    else:
        fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", "moving", place))
    _place_entity(fact, said, place, f"where {said.name} lived before")
    return fact


# How long or when one lived somewhere before: "for two years", "in my twenties", "as a kid".
_LIVED_SPAN = re.compile(
    rf"\s*,?\s*(?P<span>{FOR_A_SPAN}|in (?:my|our) (?:{DECADES})"
    r"|as a (?:kid|child|student)"
    r"|(?:back )?in (?:19|20)\d\d)\b",
    re.IGNORECASE,
)


def lived_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I lived in Tokyo for two years", "I lived in Berlin in my twenties": a place lived in before
    (where one lives now is "I've lived in …", ``lives_rule``)."""
    place = match["place"].rstrip(".")
    if said.scene.member(place) is not None or place.endswith("'s"):
        return None
    span = _LIVED_SPAN.match(match["rest"])
    text = f"{said.name} lived in {place}" + (f" {third_person(span['span'], said.name)}" if span else "")
    fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", place))
    _place_entity(fact, said, place, f"where {said.name} lived before")
    return fact


# "I've been to Japan twice", "I've been to Italy, Turkey and Mexico": places one has travelled to (not
# "I've visited Sarah": a person's name and a place's look alike).
BEEN_TO = re.compile(
    rf"\bI(?:'ve| have) (?:(?:also|already|actually|even|now) )?been to (?!(?:Dr|Mr|Mrs|Ms)\b)"
    rf"(?P<places>{NAMED_PLACE}"
    rf"(?:(?:,| and|, and) {NAMED_PLACE})*)(?P<rest>.*)",
    re.IGNORECASE,
)
# What makes it an errand or a person's home, not a place travelled to: "I've been to Costco twice this
# week", "I've been to Mike's".
_NOT_TRAVEL = re.compile(
    r"^\s*(?:\w+ ){0,3}?(?:today|tonight|yesterday|this (?:morning|afternoon|evening|week|weekend)"
    r"|every \w+|daily|weekly)\b",
    re.IGNORECASE,
)
_HOW_OFTEN = re.compile(r"^\s*(?P<often>once|twice|(?:two|three|four|five|a few|several|many|\d+) times)\b", re.I)


def been_to_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been to Japan twice", "I've been to Italy, Turkey and Mexico": where one has travelled,
    kept for good; not an errand ("I've been to Costco twice this week") or someone's home."""
    rest = match["rest"]
    places = [place.rstrip(".") for place in re.split(r",? and |, ", match["places"]) if place]  # not "Japan."
    if _NOT_TRAVEL.match(rest) or any(place.endswith("'s") for place in places):
        return None
    often = _HOW_OFTEN.match(rest)
    text = f"{said.name} has been to {join_names(places)}" + (f" {often['often'].lower()}" if often else "")
    fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("travel", *places[:2]))
    for place in places:
        _place_entity(fact, said, place, f"where {said.name} has been")
    return fact


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=50,
        pattern=re.compile(
            rf"\b(?:{I_AM}(?: (?:finally|actually|officially|probably))? (?:moving|relocating)"
            rf"|{I_AM} (?:going to|gonna|planning to) move|I(?:'ll| will) be moving|we(?:'re| are) moving)"
            # not "moving teams in January", "moving schools", "moving on": a move of home
            r"(?! (?:teams?|jobs?|departments?|roles?|desks?|offices?|schools?|wards?|classes|sets|banks?|gyms?"
            r"|providers?|on|forward|along|up|ahead)\b)"
            r"(?: (?P<back>back )?to (?P<place>.+)| (?P<home>back home)\b)?",
            re.IGNORECASE,
        ),
        build=move_rule,
    ),
    Rule(
        priority=240,
        pattern=re.compile(
            r"\b(?:I(?: currently| now| still)? live (?:in|at|near)"
            r"|I(?:'m| am) (?:currently |now |still |also )?(?:based|living)"
            r"(?: with (?:my |our )?[a-z]{2,15}(?: [a-z]{2,15})?)? in"
            r"|I(?:'ve| have) been (?:living|based|staying) (?:in|near)|I(?:'ve| have)(?: always)? lived (?:in|near)"
            # "I'm an expat in Dubai", "I'm a Brit living in Dubai"
            r"|I(?:'m| am) an? (?:(?:(?P<from>[\w-]+) )?ex-?pat (?:living |based )?"
            r"|(?P<who>(?-i:[A-Z])[a-z]+) (?:living|based) )in"
            r"|I(?: currently| now)? live(?= there))\s*(?P<place>.+)",
            re.IGNORECASE,
        ),
        build=lives_rule,
    ),
    Rule(
        priority=250,
        pattern=re.compile(
            r"\bI (?:still |currently |now |actually )?live (?P<who>alone\b|on my own\b|by myself\b"
            r"|with (?:my|our|two|three|four|five|\d+|a|an) [\w' -]+)",
            re.IGNORECASE,
        ),
        build=lives_with_rule,
    ),
    Rule(
        priority=260,
        pattern=re.compile(r"\b(?:I(?:'m| am)|I come) (?:originally )?from (?P<place>.+)", re.IGNORECASE),
        build=origin_rule,
    ),
    # "I'm Leeds born and bred", "Swansea girl through and through", "I'm a Yorkshire lass": where one is from
    Rule(
        priority=1749,
        pattern=re.compile(
            r"(?:\bI(?:'m| am) |^(?:(?:yep|yeah|yes|aye)\W+)?)(?:an? )?(?:proud )?"
            r"(?:(?P<place>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?) (?:lad|lass|native|born and bred)\b"
            # "Swansea girl through and through" (not "a Star Wars guy through and through")
            r"|(?P<place2>(?-i:[A-Z])[\w'-]+) (?:girl|boy) (?:born and bred|through and through)\b)",
            re.IGNORECASE,
        ),
        build=origin_rule,
    ),
    Rule(
        priority=270,
        pattern=re.compile(
            # "in a small town in Ohio": Ohio; "in a house full of dogs" is no place (grew_up_rule's)
            r"\bI (?:was )?(?:grew up|raised|brought up) (?:in an? (?:[a-z]+ ){1,2}?(?:outside|near|in|called)"
            r"|on a [a-z]+ (?:outside|near|in)|outside|near|in(?! an? | (?:foster )?care\b)) (?P<place>.+)"
            r"|\bI was born and raised in (?P<place2>.+)",
            re.IGNORECASE,
        ),
        build=origin_rule,
    ),
    Rule(
        priority=280,
        pattern=re.compile(r"\bI grew up (?P<where>(?:on|by|near|in) (?:a|an|the) (?-i:[a-z])[\w' -]*)", re.IGNORECASE),
        build=grew_up_rule,
    ),
    Rule(
        priority=290,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|I(?:'ve| have) been|we(?:'re| are)) (?:currently |now |still |back )?(?:in|out in)"
            r" (?P<place>(?-i:[A-Z])[\w'\u2024.-]*(?: (?-i:[A-Z])[\w'\u2024.-]*){0,2})\b"
            r"(?! (?:until|till|on)\b)"  # "this weekend", "next week": a visit (``_visit``)
            rf"|\bhere in (?!(?:{MONTHS}|{WEEKDAYS})\b)"  # not "we moved here in March"
            r"(?P<place2>(?-i:[A-Z])[\w'\u2024.-]*(?: (?-i:[A-Z])[\w'\u2024.-]*){0,2})"
            r"|\b(?:I(?:'m| am)|we(?:'re| are)) [^.]{0,50}?\bin (?:a|the) (?:tiny |small |little |big )?"
            r"(?:town|village|city"
            r"|suburb) called (?P<place3>(?-i:[A-Z])[\w'-]*)",
            re.IGNORECASE,
        ),
        build=lives_rule,
    ),
    # "my kitchen in Porto", "the rent on my flat in Leeds": a home's rooms are where one lives (not "our house
    # in Spain", which may be for holidays, nor a flat sold or left)
    Rule(
        priority=1752,
        pattern=re.compile(
            r"(?<!\bsold )(?<!\bselling )(?<!\bsell )(?<!\bleft )(?<!\bleaving )(?<!\bout of )"
            # the word before: "is my kitchen in Porto" is no statement of its own (matching.rules_on)
            r"(?:\b(?:is|on|of|in|at|from|for) |^)my (?:(?:little|tiny|new) )?"
            r"(?:kitchen|flat|apartment|bedroom|living room|studio flat|home office)"
            rf" in (?!(?:{MONTHS}|{WEEKDAYS})\b)(?P<place>{NAMED_PLACE})",
            re.IGNORECASE,
        ),
        build=lives_rule,
    ),
    Rule(
        priority=660,
        pattern=BEEN_TO,
        build=been_to_rule,
    ),
    Rule(
        priority=1750,
        pattern=re.compile(
            r"(?:\b(?:I|we)(?:'ve| have)? |^)(?:(?:just|recently|only) )?moved (?:over )?here\b"
            r"(?!\s+from\b)",
            re.IGNORECASE,
        ),
        build=moved_here_rule,
    ),
    Rule(
        priority=1310,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|recently|finally|actually))? (?:moved|downsized)"
            r" (?:back |out |over |here |away )?"
            # not "moved here to be near the grandkids": why, not where
            r"(?:to|into|out to|over to) (?!(?:be|get|live|work|study|start|look|help|care|take|join|retire)\b)"
            rf"(?!(?:{TOOLS})\b)"  # not "I moved over to Linux": a switch of system (rules/switching.py)
            r"(?P<place>.+?)(?=\s+(?:and|but|so)\s+(?:I|I'm|I've|we|we're|don't|do not|"
            r"have|haven't|can't|it|it's|now|still)\b|$)",
            re.IGNORECASE,
        ),
        build=moved_rule,
    ),
    Rule(
        priority=1325,
        pattern=re.compile(
            rf"\b(?:I|we) (?:(?:also|once|previously|actually) )?lived in (?P<place>{NAMED_PLACE})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=lived_rule,
    ),
    Rule(
        priority=1320,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|recently|finally|actually|originally))? moved"
            rf" (?P<here>here |over |away )?from (?P<place>{NAMED_PLACE})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=moved_from_rule,
    ),
]
