"""Trips and outings: to come ("flying to Lisbon next week"), made ("we went kayaking"), and back from."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.rules.answers import date_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, third_person, topics_of, words_of
from memoryhub.ai.offline.vocabulary import GATHERINGS, MONTHS, WEEKDAYS, word_set

# What one goes out to do, or where: "going hiking tomorrow", "went to the beach".
OUTINGS = (
    r"hiking|camping|glamping|fishing|skiing|snowboarding|surfing|swimming|climbing|bouldering|sailing|kayaking|cycling"
    r"|biking|running|shopping|dancing|clubbing|bowling|skating|ice skating|horse riding|diving|scuba diving"
    r"|paintballing|karaoke|go-karting|hunting|birdwatching|golfing"
)


# An outing told in the past tense, and the outing it is: "we hiked up Pen y Fan on Saturday".
_DONE = {
    "hiked": "hiking",
    "camped": "camping",
    "skied": "skiing",
    "snowboarded": "snowboarding",
    "kayaked": "kayaking",
}  # not "fished", "sailed", "surfed": "fished it out", "sailed through the exam", "surfed the web"


DONE_OUTINGS = "|".join(_DONE)


OUTING_PLACES = (
    r"beach|park|zoo|lake|cinema|movies|pub|mountains|coast|museum|aquarium|theatre|theater|fair|festival|spa|races"
)


# Who one went with: "with my little brother", up to where the sentence goes on.
_COMPANY = re.compile(
    r"with (?:my|our)(?: (?!(?:and|to|for|at|in|on|this|next|last|tonight|tomorrow|yesterday)\b)[\w'-]+){1,3}",
    re.IGNORECASE,
)


def outing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going hiking tomorrow", "we're going to the beach on Saturday", "going fishing with my
    dad this weekend": an outing with a when is a plan (without one, "I'm going running" is now)."""
    time = time_in(said.clause)
    if not time:
        return None
    where = match["activity"] or f"to {match['place']}"
    rest = match["rest"] or ""
    at = _OUTING_AT.match(rest) if match["activity"] else None  # "going skiing in Val d'Isere in February"
    if at and (re.fullmatch(_WHEN_WORD, at["place"].split()[0], re.IGNORECASE) or at["place"] in _NOT_PLACES):
        at = None
    rest = phrase_cut(rest[at.end() :] if at else rest, max_words=6)
    company = _COMPANY.match(rest.lower().replace(time, "").strip())
    text = f"{said.name} is going {where.lower()}" + (f" {at['prep'].lower()} {at['place']}" if at else "")
    text += f" {third_person(company[0], said.name)}" if company else ""
    text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", where.split()[-1]))


_WHEN_WORD = rf"{MONTHS}|{WEEKDAYS}|Christmas|Easter|half-term"
_NOT_PLACES = word_set("Love Charge Bed Hospital School Class Trouble Pain Shock Tears Heaven Hell")


# A place by its name, up to three capitalised words: "Bruges", "Lake Tahoe", "St. Ives".
NAMED_PLACE = r"(?-i:[A-Z])[\w\u2024.'-]*(?: (?-i:[A-Z])[\w\u2024.'-]*){0,2}"
# Where an outing goes, said after it: "in Val d'Isere", "at Bamburgh" (not "in February").
_OUTING_AT = re.compile(
    r"\s+(?P<prep>in|at|near|around|on)"
    r" (?P<place>(?-i:[A-Z])[\w\u2024.'-]*(?: (?:d'|de |du )?(?-i:[A-Z])[\w\u2024.'-]*){0,2})"
)


# A trip made, told by the way: "that mug is a souvenir from my trip to Porto in 2022", "it's
# from our trip to Crete".
TRIP_TAKEN = re.compile(
    rf"\b(?:on|from|during|of) (?:my|our) (?:(?:last|recent|first|[a-z]+) ){{0,2}}?(?:trip|holiday|vacation)"
    rf" to (?P<place>(?:the )?{NAMED_PLACE})(?P<rest>.*)"
    # "our ski trip last winter", "I'll always remember our road trip last year": with a time gone
    r"|\b(?:my|our) (?P<kind>(?:[a-z]+ ){1,2}?)?(?:trip|holiday|vacation)\b(?P<rest2>.*)",
    re.IGNORECASE,
)


def trip_taken_rule(match: re.Match[str], said: Said) -> Fact | None:
    """A trip mentioned in passing, as one made ("…from my trip to Porto in 2022", "our ski trip
    last winter"); not one to come ("on my trip to Japan next month I'll…", which
    ``trip_rule`` reads), nor one with no place and no time gone ("our trip was great")."""
    if time_in(said.clause):
        return None
    rest = match["rest"] if match["place"] else match["rest2"]
    when = past_time_in(rest) or past_time_in(match.string[: match.start()])
    if match["place"]:
        place = match["place"].strip(" .,")
        if said.scene.member(place) is not None:
            return None
        what, topics = f"a trip to {place}", topics_of("travel", place)
    elif when and match["kind"] and not re.search(r"\b(?:next|upcoming|coming|planned|dream)\b", match["kind"], re.I):
        kind = match["kind"].strip().lower()
        what, topics = f"{article_for(kind)} {kind} trip", topics_of("travel", *content_words(kind)[:1])
    else:
        return None
    text = f"{said.name} went on {what}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics)


def went_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we went kayaking three weeks ago", "I took my parents on a day trip to Bruges", "we visited
    Rome in May", "I went to a Taylor Swift concert last night": an outing or a trip made, with whom
    and when when they say so. A place gone to by its name only when they say when, and not yesterday
    ("I went to Tesco yesterday" is an errand); one visited or stayed in with or without ("I was in
    Lisbon, it was lovely!"); an outing only with a when or company ("I went shopping")."""
    groups = match.groupdict()
    rest = groups["rest"] or ""
    month = re.search(rf"\bin (?:{MONTHS})\b|\bon (?:{WEEKDAYS})\b", rest, re.I)  # in the past tense, a day gone
    when = (
        past_time_in(rest)
        or (month[0].lower() if month else "")
        or past_time_in(match.string[: match.start()])
        or said.when_before()
    )
    company = _COMPANY.search(re.sub(re.escape(when), "", rest, flags=re.IGNORECASE) if when else rest)
    place = (groups["place"] or groups["place2"] or "").strip(" .,")
    if place:
        errand_day = when.startswith("on ") and not re.search(r"\b(?:flew|travell?ed|visited|spent)\b", match[0], re.I)
        visited = not groups["place"] and bool(groups["visit"])  # "I visited Rome", "I was in Lisbon": not an errand
        errand = when in ("yesterday", "recently") or (not when and not visited)
        if errand or errand_day or said.scene.member(place) is not None:
            return None  # "I went to Tesco yesterday", "… on Monday": an errand
        if place in _NOT_PLACES:
            return None
        what = f"went to {place}" if groups["place"] else f"{' '.join(groups['visit'].lower().split())} {place}"
    elif groups["activity"] or groups["done"]:
        if not when and not company:
            return None
        what = f"went {groups['activity'].lower() if groups['activity'] else _DONE[groups['done'].lower()]}"
        if groups["done"] and (there := re.match(rf"\s+(?:in|at|on|through|around) (?P<p>{NAMED_PLACE})", rest)):
            what += f" in {there['p'].rstrip('.')}"  # "I skied in Whistler last winter"
    elif (
        groups["event"]
        and re.search(rf"\b(?:{OUTING_PLACES})$", groups["event"])
        and not (when or company or groups["took3"])
    ):
        return None  # "I went to the park": an outing with no when or company (those taken are), as above
    elif groups["event"] and groups["took3"]:  # "took my nephew to a cooking workshop"
        what = f"took {third_person(groups['took3'].lower(), said.name)} to {third_person(groups['event'], said.name)}"
    elif groups["event"]:
        what = f"{groups['attended'].lower()} {third_person(groups['event'], said.name)}"
    else:
        trip = third_person(groups["trip"] or groups["trip2"], said.name).replace("another ", "a ")
        what = f"took {third_person(groups['took'], said.name)} on {trip}" if groups["took"] else f"went on {trip}"
        to = re.match(rf"\s*(?P<how>to|in|through|around) (?P<p>{NAMED_PLACE})", rest)
        if to and not re.fullmatch(rf"(?:{MONTHS}|{WEEKDAYS})\.?", to["p"], re.I):  # "in February" is when
            what += f" {to['how']} {to['p'].rstrip('.')}"
    text = f"{said.name} {what}"
    if company and not groups["took"]:
        text += f" {third_person(company[0].lower(), said.name)}"
    if when:
        text += f" {when}"
    topic = "travel" if place or groups["trip"] or groups["trip2"] else "hobbies"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of(topic, *content_words(what)[1:3]))


# What one takes part in: "I participated in a charity bike ride last weekend", "we competed in a quiz".
TAKING_PART = re.compile(
    r"\b(?:I|we) (?:(?:also|even|finally|just|recently|actually) )?(?P<verb>participated|took part|competed|raced"
    r"|performed) in (?P<what>(?:a|an|the|my|our|this|that) (?:[\w'-]+ ){0,4}(?:run|race|marathon|triathlon"
    r"|tournament|tourney|competition|contest|championships?|hackathon|game jam|relay|fundraiser|walk|ride|challenge"
    r"|quiz|talent show|play|musical|concert|recital|protest|march|parade|event|match|meet|open mic|spelling bee"
    r"|science fair|debate|festival|cook-off|bake-off|5k|10k|showcase|exhibition|fair))\b(?P<rest>.*)",
    re.IGNORECASE,
)


def taking_part_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I participated in a charity bike ride last weekend": an event one took part in, for a month."""
    what = third_person(match["what"], said.name)
    text = f"{said.name} {match['verb'].lower()} in {what}"
    if when := past_time_in(match["rest"]) or past_time_in(match.string[: match.start()]) or said.when_before():
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("events", *content_words(what)[-1:]))


_WHEN = re.compile(
    r"\b(?:on the \d{1,2}(?:st|nd|rd|th)"
    r"|(?:in|on|for|next|this|over) (?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov"
    r"|dec)[a-z]*\b[\u2024.]?(?: \d{1,2}(?:st|nd|rd|th)?)?|for (?:a|an|one|two|three|four|\d+|the whole) (?:[a-z]+ )?"
    r"(?:weeks?|months?|days?|nights?|semester|term|year|summer|weekend)|(?:this|next) (?:christmas|easter|thanksgiving"
    r"|spring|summer|fall|autumn|winter)|(?:in|over|during) (?:the )?(?:spring|summer|fall|autumn|winter|holidays"
    r"|half[- ]term)\b|in \d+ (?:days?|weeks?|months?))",
    re.IGNORECASE,
)


_NOT_TRIPS = word_set("work school home class bed gym office store shop shops bar pub party meeting doctor dentist vet")


_NOT_AWAY = _NOT_TRIPS | word_set(
    "walk run jog shift lunch dinner break errands appointment hospital training practice"
)


def back_from_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just got back from two weeks in Japan", "we came back from Lisbon yesterday": a trip made."""
    where = third_person(phrase_cut(match["where"] or match["where2"], max_words=12), said.name)
    proper = re.match(r"the (?-i:[A-Z])", where, re.IGNORECASE)  # "the Alps", not "the shops"
    first = where.split()[0].lower() if where else ""
    if not content_words(where) or (first in ("the", "it", "that", "there") and not proper):
        return None
    if set(words_of(where)) & _NOT_AWAY:  # "back from my dog walk", "back from work"
        return None
    text = f"{said.name} got back from {where}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("travel", *content_words(where)[-1:]))


def trip_together_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "me and Tom are going to Paris in May", "my sister and I are flying to Rome next week": a trip
    ahead with someone, kept as the speaker's with whom (a trip needs its time: "me and Tom are going
    to Tesco" is no trip)."""
    time = time_in(match["rest"])
    if not time:
        return None
    who = third_person(" ".join((match["who"] or match["who2"]).split()), said.name)
    place = match["place"].rstrip(".") if match["place"] else third_person(match["event"], said.name)
    text = f"{said.name} is going to {place} {time} with {who}"  # "… to a folk festival in July with …"
    topics = topics_of("travel" if match["place"] else "plans", *content_words(place)[-1:])
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics, time=time)


def trip_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm flying to Lisbon on the 14th", "visiting Japan in April", "off to Peru next month"."""
    groups = match.groupdict()
    place = (groups["place"] or groups["place2"] or groups["place3"] or "").strip(" .,")
    if not place and groups["place4"]:  # "camping in the lake district this weekend"
        place = groups["place4"]
        if (place.split()[0] in ("the", "a") and len(place.split()) == 1) or place.split()[-1] in _NOT_TRIPS:
            return None
    if not place or place.lower() in ("the", "i") or place.split()[0] in ("I", "I'm"):
        return None
    if (
        groups["place"]
        and place.lower().startswith("the ")
        and not re.match(_THE_PLACE_ENDS, match.string[match.end("place") :], re.I)
    ):
        return None  # "I'm going to the Leeds meetup": the meetup is where, not "the Leeds"
    found = _WHEN.search(said.clause)
    when = time_in(said.clause) or date_in(said.clause) or (found[0] if found else "")  # "on the 12th of April"
    sure = groups["sure"] or groups["sure2"] or groups["sure3"] or groups["place4"] or groups["planning"]
    if not when and not sure:
        return None  # "going to Berlin": without a when or a trip word, not sure it is a trip
    going = f"is {groups['planning'].lower()} to" if groups["planning"] else "is going to"
    text = f"{said.name} {going} {place}" + (f" {when}" if when and when.lower() not in place.lower() else "")
    if groups["group"]:  # "our U3A group is going to York in June"
        text += f" with {third_person(' '.join(groups['group'].split()), said.name)}"
    time = time_in(said.clause)
    return said.fact(
        text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics_of("travel", place), time=time
    )


# Whom one takes on a trip or to an outing: "my family", "the kids", "our dog".
_TAKEN = (
    r"(?:my|our|the) (?:[a-z]+ ){0,2}?(?:family|fam|kids|wife|husband|partner|mom|mum|dad|parents|son|daughter"
    r"|girlfriend|boyfriend|dog|friends|nephew|niece)"
)
# Where "the Rockies" or "the Grand Canyon" ends: not before a noun ("the Taylor Swift concert").
_THE_PLACE_ENDS = (
    r"(?=$|[^\w\s]| (?:last|next|in|on|at|with|this|over|during|for|and|to|tomorrow|tonight|today|soon|a few|two"
    r"|three|\d)\b)"
)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
def arrived_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "just landed in Tokyo!!": where they have just arrived, for a week."""
    place = match["place"].rstrip(".")
    return said.fact(f"{said.name} arrived in {place}", MemoryKind.EVENT, MEDIUM, "7d", topics_of("travel", place))


def booked_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've booked a cruise for our anniversary in May", "I've booked a holiday to Crete", "we're doing
    a road trip down the west coast in May", "I'm going travelling for six months next year": a trip
    paid for or planned."""
    said_what = match["what"] or match["what2"]
    what = third_person(phrase_cut(said_what, max_words=10), said.name)
    if (detail := _trip_detail(said_what)) and detail not in what:  # "my solo trip, two weeks in Japan in May"
        what = f"{what}, {detail}"
    time = time_in(said_what) or date_in(said_what)  # "my driving test for the 3rd of May"
    place = re.search(
        rf"\b(?:to|in|around|down|across) (?:the )?(?!(?:{MONTHS}|{WEEKDAYS})\b)((?-i:[A-Z])[\w'-]+)", what, re.I
    )
    if not time and not place and not _OCCASION.search(what):
        return None  # "I booked it": when, where or what for is what makes it a plan to remember
    verb = " ".join(match["verb"].lower().split()) if match["verb"] else "booked"
    text = f"{said.name} {_TRIP_VERBS.get(verb, 'booked')} {what}"
    return said.fact(
        text,
        MemoryKind.PLAN,
        MEDIUM,
        expiration_for(time) if time else "30d",
        topics_of(
            "travel" if place or re.search(_TRIP, what) else "plans",
            place[1].lower() if place else (re.search(_TRIP, what) or [content_words(what)[0]])[0],
        ),
        time=time,
    )


_TRIP = r"road trip|trip|cruise|city break|holiday|safari|trek|travell?ing"
# How long and where a trip booked is, said after it: ", two weeks in Japan in October".
_TRIP_DETAIL = re.compile(
    r",\s*(?P<detail>(?:a|one|two|three|four|five|six|ten|\d{1,2}) (?:days?|nights?|weeks?) (?:in|on|around) "
    r"(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?(?: in (?-i:[A-Z])[a-z]+| next \w+| this \w+)?)"
)


def _trip_detail(said_what: str) -> str:
    """The length and place of a trip said after it, past the comma its phrase stops at ("" if none)."""
    detail = _TRIP_DETAIL.search(said_what)
    return detail["detail"] if detail else ""


# What a booking is for: "for my mum's 70th", "for our anniversary".
_OCCASION = re.compile(
    r"\bfor (?:my|our|their|his|her) (?:[\w-]+'s )?(?:\d{1,3}(?:st|nd|rd|th)|birthday|anniversary|retirement)\b", re.I
)
_TRIP_VERBS = {"doing": "is doing", "going on": "is going on", "taking": "is taking", "going": "is going"}


RULES = [
    Rule(
        priority=1603,
        pattern=re.compile(
            r"\b(?:me and (?P<who>(?:my |the )?[\w'-]+(?: [\w'-]+)?)|(?P<who2>(?:my |the )?[\w'-]+(?: [\w'-]+)?)"
            r" and I) (?:are|'re) (?:(?:going|flying|heading|off|travell?ing|driving) (?:back )?to|visiting)"
            rf" (?:(?P<place>{NAMED_PLACE})|(?P<event>(?:a|an|the) (?:[\w'-]+ ){{0,3}}?(?:{GATHERINGS}|gig|show|match"
            r"|game|play|musical)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=trip_together_rule,
    ),
    Rule(
        priority=1025,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'ve| have)? (?:just |finally |safely )?(?:landed|arrived) in (?P<place>{NAMED_PLACE})", re.I
        ),
        build=arrived_rule,
    ),
    Rule(
        priority=1026,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:just |finally |now )?booked (?P<what>(?:a|an|our|my|the|two|three|four|ten"
            r"|a few|\d+) .+)"
            r"|\b(?:I'm|I am|we're|we are) (?P<verb>doing|going on|taking|going(?= travell?ing\b))"
            r" (?P<what2>(?:a|an|our|my) (?:[\w-]+ )?(?:road trip|trip|cruise|city break|holiday|safari|trek|retreat"
            r"|pilgrimage)\b.+"
            r"|travell?ing\b.+)",
            re.IGNORECASE,
        ),
        build=booked_rule,
    ),
    Rule(
        priority=550,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)|(?P<group>(?:our|my) (?:[\w-]+ ){0,2}?(?:group|club|choir|team|class"
            r"|society|crew|squad|band))(?:'s| is)) (?:(?:also|still|finally|actually|probably) )?"
            r"(?:(?P<sure>flying|visiting|off(?= (?:up |out |over |back |down )?to\b)|heading|travell?ing"
            r"|(?:driving|cycling|touring)(?= (?:up |out |over |back |down )?(?:to|through|a?round)\b)|backpacking"
            r"|road[- ]tripping"
            r"|going (?:on (?:a )?(?:trip|holiday|vacation) )?)"
            r"|(?P<planning>planning (?:a |another |our |my |the )?(?:(?:road |big |little |short |family )?trip"
            r"|holiday|vacation|visit))"
            r"|going|spending [a-z ]{1,30}? in|camping in) (?:up |out |over |back |down )?(?:to |through |a?round )?"
            r"(?P<place>(?:the )?(?-i:[A-Z])[\w\u2024.'-]*(?: (?:of |de |la )?(?-i:[A-Z])[\w\u2024.'-]*){0,3})"
            r"|\b(?:I|we)(?:'ve| have)? (?:(?:just|finally) )?(?P<sure2>booked)"
            r" (?:a (?:trip|flight|holiday) to |flights to )?"
            rf"(?P<place2>{NAMED_PLACE})"
            r"|\b(?:I(?:'m| am) )?(?P<sure5>camping|flying|heading|backpacking|road[- ]tripping|hiking) (?:in|to"
            r"|through"
            r"|around) (?P<place4>(?:the )?[a-z]{3,20}(?: [a-z]{3,20}){0,2}?) (?=(?:this|next|on|in|for|tomorrow"
            r"|tonight)\b)"
            r"|^(?:(?P<sure3>road trip|trip|holiday|vacation) to |(?P<sure4>then) )"
            rf"(?P<place3>(?:the )?{NAMED_PLACE})",
            re.IGNORECASE,
        ),
        build=trip_rule,
    ),
    Rule(
        priority=610,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: just| recently| finally)? (?:got|came|flew|am|'m) back from (?P<where>.+)"
            r"|\b(?:I|we)(?:'m| am|'re| are)? (?:just )?back from (?P<where2>.+)",
            re.IGNORECASE,
        ),
        build=back_from_rule,
    ),
    Rule(
        priority=730,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|finally|probably|just|all) )?(?:going|heading)"
            rf" (?:(?P<activity>{OUTINGS})|to (?P<place>the (?:{OUTING_PLACES})))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=outing_rule,
    ),
    Rule(
        priority=740,
        # "we went kayaking three weeks ago", "I took my parents on a day trip to Bruges", "we visited
        # Rome in May", "I went to a Taylor Swift concert last night": an outing or a trip made.
        pattern=re.compile(
            r"\b(?:I|we) (?:(?:also|even|finally|just|recently|actually|all) )?(?:"
            # not "I hiked Ben Nevis", a summit (hills.py)
            rf"went (?P<activity>{OUTINGS})\b"
            rf"|(?P<done>{DONE_OUTINGS})\b(?! (?:up )?(?!(?:{WEEKDAYS}|{MONTHS})\b)(?-i:[A-Z]))"
            r"|(?:went on|did|took) (?P<trip>(?:a|an|another|our|my) (?:[a-z]+ ){0,2}?trip)\b(?! down memory lane)"
            rf"|took (?P<took>{_TAKEN}) on (?P<trip2>(?:a|an) (?:[a-z]+ ){{0,2}}?trip)\b"
            rf"|(?:went|flew|travell?ed) to (?P<place>{NAMED_PLACE}|the {NAMED_PLACE}{_THE_PLACE_ENDS})"
            r"|(?P<visit>visited|was in|spent (?:a|two|three|a few|\d+) (?:days?|weeks?|months?) in)"
            rf" (?P<place2>{NAMED_PLACE})"
            rf"|(?P<attended>went to|attended|took (?P<took3>{_TAKEN}) to)"
            rf" (?P<event>(?:a|an|the|this|my|our) (?:[\w'-]+ ){{0,3}}?(?:{GATHERINGS}|parade|show|match"
            r"|exhibition|museum|musical|opera|ballet|comedy show|rally|march|game|workshop|retreat|seminar"
            rf"|fundraiser|play|support group|{OUTING_PLACES}))\b"
            r")(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=went_rule,
    ),
    Rule(
        priority=750,
        pattern=TRIP_TAKEN,
        build=trip_taken_rule,
    ),
    Rule(
        priority=760,
        pattern=TAKING_PART,
        build=taking_part_rule,
    ),
]
