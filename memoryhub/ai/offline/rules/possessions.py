"""Things people own, just bought, sold or lost: a car, a house, a bike; a wallet lost, a shed broken into."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in, past_time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, conjugate, content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, word_set

THINGS = (
    r"car|bike|e-bike|ebike|motorbike|motorcycle|house|home|flat|apartment|condo|cabin|boat|truck|van|camper"
    r"|campervan|rv|scooter|moped|laptop|pc|gaming pc|computer|macbook|ipad|tablet|phone|iphone|camera|drone"
    r"|piano|guitar|keyboard|3d printer|printer|ps5|playstation|xbox|switch|nintendo switch|steam deck|tv"
    r"|telescope|kayak|canoe|narrowboat|canal boat|houseboat|yacht|sailboat|sewing machine|tesla|jeep|honda|toyota"
    r"|subaru|mustang|vespa|farm|plot|allotment"
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
     "phd", "pb", "pr", "ma", "ba", "bsc", "msc", "mba", "masters", "degree", "diploma", "covid", "ptsd", "adhd", "ocd"]
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
    else:  # "we bought our first house in 2019": their first, and when
        text = f"{said.name} bought " + (
            f"their first {home}" if match["first"] == "first " else f"{article_for(home)} {home}"
        )
    text = " ".join(text.split()) + (f" in {place}" if place else "")
    if (when := past_time_in(match.string[match.start("home") :])) and not place:
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", home))


def business_lease_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finally signed the lease on my own bakery last week": premises of one's own, for a business."""
    premises = match["premises"].lower()
    text = f"{said.name} signed the lease on their {'own ' if match['own'] else ''}{match['first'] or ''}{premises}"
    if when := past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", premises))


def possession_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just bought a house", "I finally got a new bike", "I own a 3D printer", "I drive a Jeep"."""
    thing = phrase_cut(match["thing"], max_words=6)
    verb = conjugate(match["verb"].lower().split()[-1])
    if not thing or (match[0][:2].lower() == "we" and verb not in ("bought", "purchased")):
        return None  # "we got an allotment", "we have a dog": another rule's, not a thing bought
    if thing == "place" and re.match(r" (?:at|on) ", match.string[match.end() :]):
        return None  # "I got a place at Leeds uni": a place won (studies), not a home
    article = match["article"].lower()
    article = {"my own": "their own", "my first": "their first", "my new": "a new"}.get(article, article)
    if article in ("two", "three") and not thing.endswith("s"):
        thing += "s"
    text = f"{said.name} {verb} {article} {thing}"
    if verb in ("bought", "got") and (when := past_time_in(match.string[match.end() :].split(",")[0])):
        text += f" {when}"  # "we bought an electric car last month"
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


def had_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've had a caravan for twelve years", "I've had my allotment since 2015": a thing owned, and
    for how long."""
    article = {"my": "their", "our": "their"}.get(match["article"].lower(), match["article"].lower())
    thing = " ".join(match["thing"].split())
    text = f"{said.name} has had {article} {thing} {' '.join(match['span'].lower().split())}"
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


def sold_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just sold my car", "we sold the house last month": a thing of theirs gone, news for a month
    (a car sold takes the place of the car they drove, ``cars.SLOTS``)."""
    thing = match["thing"].lower()
    text = f"{said.name} sold their {thing}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    home = thing in ("house", "flat", "home", "place", "apartment", "bungalow", "cottage")
    slot = {"slot": "car"} if thing in ("car", "van") else {}
    return said.fact(text, MemoryKind.EVENT, HIGH if home else MEDIUM, "30d", topics_of("possessions", thing), **slot)


def selling_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm selling my old road bike if anyone wants it", "we're selling our house": a thing of theirs for
    sale, news for a month (a home sold or put up for sale is news of weight)."""
    thing = " ".join(match["thing"].split())  # as said: "PS5"
    home = thing.lower() in ("house", "flat", "home", "apartment", "bungalow", "cottage")
    text = f"{said.name} is selling their {thing}"
    return said.fact(text, MemoryKind.PLAN, HIGH if home else MEDIUM, "30d", topics_of("possessions", thing))


def lost_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I lost my wallet on the bus", "I've lost my wedding ring somewhere in the garden": a thing lost,
    and where, for a month (not "lost my job", "lost my mum": ``rules/work.py``, ``rules/events.py``)."""
    thing = " ".join(match["thing"].lower().split())
    text = f"{said.name} lost their {thing}"
    rest = match.string[match.end() :]
    if where := _LOST_WHERE.match(rest):  # "on the bus", "somewhere in the garden"
        text += f" {third_person(where[1], said.name)}"
    if when := past_day_in(rest):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("possessions", thing.split()[-1], "lost"))


def burgled_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "someone broke into our shed last night", "we got burgled", "our house was broken into": a
    break-in at theirs, for a month."""
    place = (match["place"] or match["place2"] or "").lower()
    text = f"{said.name}'s {place} was broken into" if place else f"{said.name} was burgled"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("home", "burglary"))


_LOST_WHERE = re.compile(
    r" ((?:somewhere )?(?:on|in|at) (?:the|a|my|our) [\w' -]{2,30}?)"
    r"(?=[,.!?]| (?:last|this|yesterday|today|and|but|so|on)\b|$)",
    re.IGNORECASE,
)
_BROKEN_INTO = r"house|home|flat|shed|garage|car|van|office|shop|allotment shed|studio|caravan|place"

# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=790,
        pattern=re.compile(
            rf"^(?:my|our) (?P<age>new |old )?(?P<thing>{THINGS}|(?-i:[A-Z])[a-z]+) (?:just |finally |completely )?"
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
        priority=1755,
        pattern=re.compile(
            r"\b(?:I|we) (?:(?:just|finally|officially) )?signed the lease (?:on|for) (?:my|our|the|a)(?P<own> own)?"
            r" (?P<first>(?:first |new )?)(?P<premises>bakery|shop|caf[eé]|salon|studio|restaurant|bar|pub|gym"
            r"|barbershop|bookshop|florist|workshop|unit|clinic|practice)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=business_lease_rule,
    ),
    Rule(
        priority=1220,
        pattern=re.compile(
            r"\b(?:I|we)(?P<verb> (?:just |finally |recently )?(?:bought|got|purchased|built|inherited)"
            r"|(?:'ve| have) (?:just |finally |recently )?(?:bought|purchased|built|inherited"
            r"|got(?= (?:myself )?(?:a new|a brand new|my first|my own)\b))| own| drive| ride)"
            rf"(?: myself)? (?P<article>an?|my first|my own|a new|a used|an old|my new|two|three)"
            rf" (?P<thing>(?:[a-z0-9-]+ ){{0,3}}?(?:{THINGS}))s?\b",
            re.IGNORECASE,
        ),
        build=possession_rule,
    ),
    Rule(
        priority=1226,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'ve| have) had (?P<article>an?|my|our) (?P<thing>(?:[a-z0-9-]+ ){{0,2}}?(?:{THINGS}))"
            rf" (?P<span>{FOR_A_SPAN}(?: now)?|since (?:(?:19|20)\d\d|I was \d{{1,2}}|uni|school|college))\b",
            re.IGNORECASE,
        ),
        build=had_for_rule,
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
    Rule(
        priority=1692,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:just |finally |recently |already )?sold (?:my|our|the) (?:old )?"
            r"(?P<thing>car|van|motorbike|bike|house|flat|home|place|apartment|bungalow|cottage|boat|caravan"
            r"|campervan|piano|guitar|drum kit)\b",
            re.IGNORECASE,
        ),
        build=sold_rule,
    ),
    Rule(
        priority=1717,
        pattern=re.compile(
            r"\b(?:I|we)(?:'m| am|'re| are) (?:now |finally )?selling (?:my|our) (?P<thing>(?:old |spare |first )?"
            r"(?:(?:road|mountain|gravel|electric|acoustic|bass|gaming) )?(?:car|van|motorbike|bike|house|flat|home"
            r"|apartment|bungalow|cottage|boat|caravan|campervan|piano|guitar|drum kit|camera|lens|kayak|PS5"
            r"|Xbox|Switch|laptop|sofa|wedding dress|pram|buggy))\b",
            re.IGNORECASE,
        ),
        build=selling_rule,
    ),
    Rule(
        priority=1693,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |only gone and |gone and |somehow )?lost my"
            r" (?P<thing>wallet|purse|keys|car keys|house keys|phone|passport|(?:wedding |engagement )?ring|glasses|bag"
            r"|handbag|backpack|rucksack|bank card|debit card|credit card|driving licen[cs]e|airpods|earbuds|watch"
            r"|camera)\b",
            re.IGNORECASE,
        ),
        build=lost_rule,
    ),
    Rule(
        priority=1694,
        pattern=re.compile(
            rf"\b(?:someone|somebody|they|thieves|burglars) (?:just )?broke into (?:our|my) (?P<place>{_BROKEN_INTO})\b"
            rf"|\b(?:our|my) (?P<place2>{_BROKEN_INTO}) (?:got|was) (?:broken into|burgled)\b"
            r"|\b(?:we|I)(?:'ve| have)? (?:just )?(?:got|been|were|was) (?:burgled|broken into)\b",
            re.IGNORECASE,
        ),
        build=burgled_rule,
    ),
]
