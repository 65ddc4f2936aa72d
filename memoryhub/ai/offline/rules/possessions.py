"""Things people own or just bought: a car, a house, a bike."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, conjugate, content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import word_set

THINGS = (
    r"car|bike|e-bike|ebike|motorbike|motorcycle|house|home|flat|apartment|condo|cabin|boat|truck|van|camper"
    r"|campervan|rv|scooter|moped|laptop|pc|gaming pc|computer|macbook|ipad|tablet|phone|iphone|camera|drone"
    r"|piano|guitar|keyboard|3d printer|printer|ps5|playstation|xbox|switch|nintendo switch|steam deck|tv"
    r"|telescope|kayak|canoe|sewing machine|tesla|jeep|honda|toyota|subaru|mustang|vespa|farm|plot|allotment"
    r"|kindle|e-reader|watch|smartwatch|record player|turntable|vinyl collection|synth|amp|bass|drum kit|tent"
    r"|caravan|motorhome|place|studio|townhouse|bungalow|cottage|lens|headphones|kayaks|bikes|cars"
    r"|boiler|washing machine|fridge|freezer|dishwasher|oven|heating|air fryer|slow cooker|instant pot"
    r"|stand mixer|pizza oven|bread maker|espresso machine|coffee machine"
)


def brand_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "just got a Pentax K1000", "picked up a vintage Fender Strat", "I bought a Tesla"."""
    brand = match["brand"].strip()
    following = match.string[match.end() :].split()
    if brand.split()[0].lower() in _NOT_BRANDS or (
        following and following[0][:1].islower() and following[0].strip(",.!") not in _AFTER_A_THING
    ):
        return None  # "got a Netflix subscription", "have a Zoom call": the brand names something else
    verb = " ".join(match["verb"].lower().split())
    verb = "got" if verb == "picked up" else conjugate(verb)
    thing = f"{match['kind'] or ''}{brand}"
    article = match["article"].lower()
    article = article_for(thing) if article in ("a", "an") else article  # "an old Golf": "a Golf"
    if article == "my":  # "picked up my new Triumph": theirs, and new (was "got my Triumph")
        said_of_it = match.string[match.start("article") : match.start("kind")]  # "my new", "my shiny"
        article = "a new" if re.search(r"\bnew\b", said_of_it, re.IGNORECASE) else "their"
    text = f"{said.name} {verb} {article} {thing}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("possessions", brand.split()[0]))


_NOT_BRANDS = frozenset(
    ["i", "a", "the", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
     "february", "march", "april", "june", "july", "august", "september", "october", "november", "december",
     "christmas", "new", "b", "c", "d", "f", "lot", "job", "text", "call", "message", "dm", "reply", "chance",
     "phd", "ma", "ba", "bsc", "msc", "mba", "masters", "degree", "diploma", "covid", "ptsd", "adhd", "ocd"]
)  # fmt: skip


_AFTER_A_THING = word_set(
    """and but so lol lmao haha today yesterday last this for from with at on in off now too recently which that
    to because cause after finally tonight earlier still again yet already who dis w/ approx sounds is was"""
)


def home_bought_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we finally closed on the flat in Glasgow", "signed the lease on my first flat", "got my own apartment"."""
    home = match["home"].lower()
    place = match["place"] or ""
    place = place.split(",")[0].strip(" .!") if place and place[:1].isupper() else ""
    how = match["how"].lower() + (" own" if match["own"] else "")
    if how == "got":
        return None  # "got the house": too loose without "own"
    if "lease" in how:
        text = f"{said.name} signed the lease on their {match['first'] or ''}{home}"
    elif "own" in how:
        text = f"{said.name} got their own {home}"
    elif how == "rented":  # "we rented an apartment close to the river"
        text = f"{said.name} rented {article_for(home)} {home}"
    else:
        text = f"{said.name} bought {article_for(home)} {home}"
    text = " ".join(text.split()) + (f" in {place}" if place else "")
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", home))


def possession_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just bought a house", "I finally got a new bike", "I own a 3D printer", "I drive a Jeep"."""
    thing = phrase_cut(match["thing"], max_words=6)
    if not thing:
        return None
    verb = conjugate(match["verb"].lower().split()[-1])
    article = match["article"].lower()
    article = {"my own": "their own", "my first": "their first", "my new": "a new"}.get(article, article)
    if article in ("two", "three") and not thing.endswith("s"):
        thing += "s"
    text = f"{said.name} {verb} {article} {thing}"
    after = match.string[match.end() : match.end() + 80]
    model = re.match(
        r"(?: (?-i:[A-Z0-9])[\w-]{0,20}){1,2}|,? (?:an?|the) (?:[a-z]+ ){0,2}(?P<brand>(?-i:[A-Z])[\w-]{1,20}"
        r"(?: (?-i:[A-Z0-9])[\w-]{0,20})?)",
        after,
    )
    if model:
        text += f" ({model['brand']})" if model["brand"] else model[0]
    noun = re.search(THINGS, thing, re.IGNORECASE)
    return said.fact(
        text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("possessions", noun[0].lower() if noun else thing)
    )


def broke_down_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my van broke down on the M6 last Thursday", "my new Corsa broke down", "my phone got stolen":
    what happened to a thing of theirs, for a month."""
    thing = " ".join(filter(None, [(match["age"] or "").lower().strip(), match["thing"]]))
    what = " ".join(match["what"].lower().split())
    when = past_time_in(match["rest"] or "")
    text = f"{said.name}'s {thing} {what}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("possessions", match["thing"].lower()))


def prized_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "that's my prized possession, a guitar my late uncle built", "my grandpa's
    watch is my most prized possession": what someone treasures most."""
    value = phrase_cut(match["value"] or match["value2"], max_words=10)
    value = re.sub(r"^(?:this|that|it)(?: one)?$", "", value, flags=re.IGNORECASE)
    if not value:
        return None
    text = f"{said.name}'s prized possession is {third_person(value, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("possessions", *content_words(value)[:2]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=790,
        pattern=re.compile(
            rf"^my (?P<age>new |old )?(?P<thing>{THINGS}|(?-i:[A-Z])[a-z]+) (?:just |finally |completely )?"
            r"(?P<what>broke down|broke|got stolen|was stolen|got towed|was towed|got hit|got broken into"
            r"|was broken into|got written off|was written off|got totaled|got totalled)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=broke_down_rule,
    ),
    Rule(
        priority=1180,
        pattern=re.compile(
            r"\b(?:(?:this|that|it)(?:'s| is) )?my (?:most )?(?:prized|treasured|precious) possession(?: is|,|:)"
            r" (?:(?:probably|definitely) )?"
            r"(?P<value>.+)|^(?!(?:this|that|it) is\b)(?P<value2>[^,]{2,40}?) is my (?:most )?(?:prized|treasured"
            r"|precious) possession\b",
            re.IGNORECASE,
        ),
        build=prized_rule,
    ),
    # a home bought, rented or leased, with its place, before a thing bought ("I bought a flat in Glasgow")
    Rule(
        priority=1210,
        pattern=re.compile(
            r"\b(?:I|we) (?:just |finally |officially )?(?P<how>closed on|bought|rented|signed the lease (?:on|for)"
            r"|got) (?P<article>the|a|an|our|my)(?P<own> own)? (?P<first>(?:first |new |dream )?)"
            r"(?P<home>flat|house|apartment|condo|place|home|townhouse|cottage|bungalow)\b(?: in (?P<place>.+))?",
            re.IGNORECASE,
        ),
        build=home_bought_rule,
    ),
    Rule(
        priority=1220,
        pattern=re.compile(
            rf"\bI (?P<verb>(?:just |finally |recently )?(?:bought|got|purchased|built|inherited)|own|drive|ride)"
            rf"(?: myself)? (?P<article>an?|my first|my own|a new|a used|an old|my new|two|three)"
            rf" (?P<thing>(?:[a-z0-9-]+ ){{0,3}}?(?:{THINGS}))s?\b",
            re.IGNORECASE,
        ),
        build=possession_rule,
    ),
    Rule(
        priority=1230,
        pattern=re.compile(
            r"\b(?:I|we) (?:just |finally |recently |also )?(?P<verb>got|bought|picked up|ordered|own|drive|ride|have)"
            r" (?P<article>an?|my|two|three)(?: (?:new|used|secondhand|second-hand|vintage|old|refurbished|brand new"
            r"|little|shiny))* (?P<kind>(?:[a-z]+ )?)"
            r"(?P<brand>(?-i:[A-Z])[\w-]{1,20}(?: (?-i:[A-Z0-9])[\w-]{0,20}){0,2})",
            re.IGNORECASE,
        ),
        build=brand_rule,
    ),
]
