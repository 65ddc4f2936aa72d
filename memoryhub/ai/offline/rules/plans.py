"""Plans, appointments, what someone is doing at a given time, and feelings."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.guards import is_negated
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, third_person, topics_of, words_of
from memoryhub.ai.offline.vocabulary import MONTHS, WEEKDAYS, word_set


def plan_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going to paint the kitchen this weekend", "we're planning to visit the coast next month"."""
    what = phrase_cut(match["what"] or match["what2"], max_words=12)
    if not what or re.match(r"(?:need|have to|probably|just|be (?:honest|fine|ok|okay|there))\b", what, re.IGNORECASE):
        return None
    time = time_in(said.clause) or said.time_leading()
    auxiliary = (match["aux"] or match["aux2"]).lower().strip(" '")
    auxiliary = re.sub(r"^(?:m|am|re|are) ", "", auxiliary)  # "'m planning to" → "planning to"
    explicit = auxiliary.startswith(("plan", "intend"))
    if not time and not explicit:
        return None  # "I'm going to be honest": without a when, not a plan
    if auxiliary.startswith(("plan", "intend")):
        verb = "plans on" if auxiliary.endswith("on") else "plans to"
    elif "going to" in auxiliary or "gonna" in auxiliary:
        verb = "is going to"
    elif "about to" in auxiliary:
        verb = "is about to"
    elif "hoping" in auxiliary:
        verb = "hopes to"
    elif "off to" in auxiliary or "heading" in auxiliary:
        verb = "is heading to"
    else:
        verb = "will"
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    if time and time not in what.lower():
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", *content_words(what)[:2]))


def fitness_goal_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm trying to lose weight", "my goal is to get fit", "I want to lose 10 pounds": a goal for
    one's body, which a companion may ask after."""
    if match["diet"]:  # "I'm on a diet"
        return said.fact(f"{said.name} is on a diet", MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness", "diet"))
    what = " ".join(match["what"].lower().split())
    return said.fact(f"{said.name} is trying to {what}", MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness"))


def diet_started_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've started a new diet", "I went on a keto diet last month": a diet begun, which a companion
    may ask after as it asks after "I'm on a diet"."""
    kind = " ".join((match["kind"] or "").lower().split())
    text = f"{said.name} started {article_for(kind or 'diet')} {kind + ' ' if kind else ''}diet"
    if when := past_time_in(match["rest"] or ""):
        text += f" {when}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness", "diet"))


def goal_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm saving up for a house", "I'm trying to learn to cook", "I want to learn Spanish", "I'm
    thinking about learning Japanese", "I'm studying for my driving test": something worked towards,
    with or without a date."""
    said_what = match["what"] or match["what3"]
    what = third_person(re.sub(r"\s+(?:lately|recently)$", "", phrase_cut(said_what, max_words=8)), said.name)
    if not content_words(what) or what.split()[0].lower() in ("it", "that", "this", "them", "you"):
        return None
    if purpose := re.search(r"\bso (?:that )?I (?:can|could) (?P<to>.+)", said_what, re.IGNORECASE):
        what += " to " + third_person(phrase_cut(purpose["to"], max_words=8), said.name)  # "so I can travel"
    verb = " ".join((match["verb"] or match["verb2"] or match["verb3"]).lower().split())
    if "sav" in verb:
        text = f"{said.name} is saving up {match['prep'].lower()} {what}"
    elif "study" in verb or "revis" in verb:
        text = f"{said.name} is studying for {what}"
    elif verb.startswith("learning"):  # "I'm learning to drive"
        text = f"{said.name} is {verb} {what}"
    elif "started" in verb:  # "I started learning to paint last month": a pastime begun
        text = f"{said.name} started learning{verb.split('learning', 1)[1]} {what}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))
    elif "think" in verb or "consider" in verb:
        text = f"{said.name} is thinking about learning {what}"
    else:  # "trying to learn (how) to cook"
        how = re.search(r"learn(?P<to>(?: how)? to)?$", verb)
        to = (how["to"] or "") if how else ""
        text = f"{said.name} wants to learn{to} {what}"
    topics = topics_of("goals", *content_words(what)[:2])
    time = time_in(said.clause)
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else PERMANENT, topics, time=time)


def looking_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm looking for a new apartment", "I've been hunting for a job": what they are out to find,
    which a companion may ask after (for a month)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    text = f"{said.name} is looking for {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("plans", what.split()[-1]))


# Tonight's dinner weighed up is nothing to ask after: "I'm thinking of getting pizza tonight".
_A_MEAL = re.compile(
    r"\b(?:tonight|today|this (?:morning|evening|afternoon)|for (?:breakfast|lunch|dinner|tea)"
    r"|getting (?:some |a )?(?:pizza|takeout|takeaway|food|coffee|lunch|dinner|breakfast|drinks?|snacks?|ice cream"
    r"|sushi|burgers?|tacos))\b",
    re.IGNORECASE,
)


def considering_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm thinking about getting a cat", "I'm considering moving to Lisbon": something weighed up,
    which a companion may ask after (for a month)."""
    what = third_person(phrase_cut(match["what"], max_words=8), said.name)
    if (len(what.split()) < 2 and what.lower() not in ("quitting", "retiring", "moving")) or _A_MEAL.search(what):
        return None  # "thinking about getting": getting what? ("thinking about quitting" says)
    text = f"{said.name} is thinking about {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("plans", *content_words(what)[:2]))


# What one goes out to do, or where: "going hiking tomorrow", "went to the beach".
OUTINGS = (
    r"hiking|camping|fishing|skiing|snowboarding|surfing|swimming|climbing|bouldering|sailing|kayaking|cycling"
    r"|biking|running|shopping|dancing|clubbing|bowling|skating|ice skating|horse riding|diving|scuba diving"
    r"|paintballing|karaoke|go-karting|hunting|birdwatching|golfing"
)
# An outing told in the past tense, and the outing it is: "we hiked the trails last week".
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
    rest = phrase_cut(match["rest"] or "", max_words=6)
    company = _COMPANY.match(rest.lower().replace(time, "").strip())
    text = f"{said.name} is going {where.lower()}" + (f" {third_person(company[0], said.name)}" if company else "")
    text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", where.split()[-1]))


_NOT_PLACES = word_set("Love Charge Bed Hospital School Class Trouble Pain Shock Tears Heaven Hell")
# A place by its name, up to three capitalised words: "Bruges", "Lake Tahoe", "St. Ives".
NAMED_PLACE = r"(?-i:[A-Z])[\w\u2024.'-]*(?: (?-i:[A-Z])[\w\u2024.'-]*){0,2}"


# A trip made, told by the way: "I took that photo on my trip to the Lake District last year", "it's
# from our trip to Crete".
TRIP_TAKEN = re.compile(
    rf"\b(?:on|from|during|of) (?:my|our) (?:(?:last|recent|first|[a-z]+) ){{0,2}}?(?:trip|holiday|vacation)"
    rf" to (?P<place>(?:the )?{NAMED_PLACE})(?P<rest>.*)"
    # "our camping trip last summer", "I'll always remember our road trip last year": with a time gone
    r"|\b(?:my|our) (?P<kind>(?:[a-z]+ ){1,2}?)?(?:trip|holiday|vacation)\b(?P<rest2>.*)",
    re.IGNORECASE,
)


def trip_taken_rule(match: re.Match[str], said: Said) -> Fact | None:
    """A trip mentioned in passing, as one made ("…on my trip to the Lake District last year", "our
    camping trip last summer"); not one to come ("on my trip to Japan next month I'll…", which
    ``trip_rule`` reads), nor one with no place and no time gone ("our trip was great")."""
    if time_in(said.clause):
        return None
    rest = match["rest"] if match["place"] else match["rest2"]
    when = past_time_in(rest) or past_time_in(match.string[: match.start()])
    if match["place"]:
        place = match["place"].strip(" .,")
        if said.reader.member(place) is not None:
            return None
        what, topics = f"a trip to {place}", topics_of("travel", place)
    elif when and match["kind"] and not re.search(r"\b(?:next|upcoming|coming|planned|dream)\b", match["kind"], re.I):
        kind = match["kind"].strip().lower()
        what, topics = f"{article_for(kind)} {kind} trip", topics_of("travel", *content_words(kind)[:1])
    else:
        return None
    text = f"{said.name} went on {what}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics)


_TIME_WORD = r"(?:next|this|last|on|in|at|by|tomorrow|tonight|today|soon|later)\b"


def planning_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're planning a small garden wedding next summer", "I'm planning a surprise party for my wife":
    an occasion being organised, a plan until its day (a month when none is said)."""
    what = third_person(match["what"], said.name)
    rest = match["rest"] or ""
    # "for my wife", "for our son's birthday"; not the "next" of "for my dad next month"
    if guest := re.match(rf"\s+(?P<for>for (?:my|our|his|her) [\w'-]+(?: (?!{_TIME_WORD})[\w'-]+)?)", rest):
        what += f" {third_person(guest['for'], said.name)}"
    time = time_in(said.clause)
    text = f"{said.name} is planning {what}" + (f" {time}" if time else "")
    return said.fact(
        text,
        MemoryKind.PLAN,
        MEDIUM,
        expiration_for(time) if time else "30d",
        topics_of("plans", *content_words(what)[:2]),
        time=time,
    )


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
        if errand or errand_day or said.reader.member(place) is not None:
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
    elif groups["event"] and re.search(rf"\b(?:{OUTING_PLACES})$", groups["event"]) and not when and not company:
        return None  # "I went to the park": an outing with no when or company, as above
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


def doing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm playing GTA tonight": what someone is doing at a given time is a plan."""
    said_what = match["what"] or match["what2"] or match["what3"]  # "I'm on vacation next week" too
    return _doing(said_what, said, before=match.string[: match.start()])


# What one starts on a date: "I start my new job on Monday", "my chemo starts next week".
STARTS = (
    r"(?:new |first )?(?:job|uni|university|college|school|classes|course|training|internship|placement"
    r"|residency|apprenticeship|chemo|chemotherapy|treatment|therapy|rehab|maternity leave|paternity leave|role"
    r"|position|semester|term|degree|masters|phd)"
)


def starting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I start my new job on Monday", "my new job starts Monday": a start on a date is a plan, as
    "I'm starting my new job on Monday" is."""
    if match["what"]:
        return _doing(f"starting {match['what']}", said)
    return _doing(f"starting my {match['thing']} {match['rest']}", said)


def _doing(said_what: str, said: Said, *, before: str | None = None) -> Fact | None:
    what = phrase_cut(said_what, max_words=12)
    what = re.split(r"\s+(?=I(?:'m|'ve|'ll|'d| am| will)?\b)", what)[0]  # "starting today I'm gonna…"
    # the time of what they are doing: in its words or before them, not in a clause after ("I'm getting
    # inspired by a video I watched, so starting today…")
    time = (time_in(said.clause) if before is None else time_in(what) or time_in(before)) or said.time_leading()
    if not time or not what or what.lower() == f"starting {time.lower()}":
        return None
    text = f"{said.name} is {third_person(what, said.name)}"
    if time not in what.lower():
        text += f" {time}"
    topics = topics_of("plans", *content_words(what)[:2])
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics, time=time)


def appointment_rule(match: re.Match[str], said: Said) -> Fact | None:
    time = time_in(said.clause)
    if not time:
        return None
    thing = (match["thing"] or match["things"]).lower()
    rest = phrase_cut(match["rest"] or "", max_words=8)
    article = "" if match["things"] else article_for(thing) + " "  # "exams all next week"
    text = f"{said.name} has {article}{thing}" + (f" {third_person(rest, said.name)}" if rest else "")
    if time not in text.lower():
        text += f" {time}"
    topic = thing.split()[-1]
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", topic), time=time)


def feeling_rule(match: re.Match[str], said: Said) -> Fact | None:
    feeling = match["feeling"].lower()
    if feeling in ("dreading", "looking forward to"):  # "I'm dreading the speech": the reason is the object
        reason = re.match(r"^\s+(?P<prep>)(?P<why>.+)", match["rest"] or "")
    else:
        reason = re.match(
            r"^(?:\s+(?:lately|recently))?\s+(?P<prep>about|for|of|with|to|that|because"
            r"|at(?= (?:work|school|uni|college|my job)\b))\s+(?P<why>.+)",
            match["rest"] or "",
            re.I,
        )
    why = phrase_cut(reason["why"], max_words=10) if reason else ""
    if reason and reason["prep"].lower() == "to" and (NEWS_AWAITED.fullmatch(why) or _ONLY_IT.fullmatch(why)):
        return None  # "excited to see what happens", "excited to try this": about nothing one can name
    topics = topics_of("mood", feeling.split()[0])
    before = re.split(r"[,;]\s|\bbut\s", said.clause[: match.start("feeling")])[-1]
    negated = is_negated(before)
    if negated and not (reason and reason["prep"]):
        return None  # "I'm not tired": no feeling to remember
    if reason and why and content_words(why):
        prep = f" {reason['prep'].lower()}" if reason["prep"] else ""
        feeling = f"not {feeling}" if negated else feeling
        text = f"{said.name} is {feeling}{prep} {third_person(why, said.name)}"
        time = time_in(why)  # "excited about the DLC dropping next week" lasts until next week
        return said.fact(text, MemoryKind.EMOTION, MEDIUM, expiration_for(time) if time else "3d", topics)
    # "I'm so tired lol", "so nervous 😬": a passing mood with nothing it is about is not worth
    # remembering (and "so proud of her 😭" does not say what about). One that has lasted is: "I've
    # been feeling lonely since the move", "I've been so anxious lately".
    lasting = _LASTING.match(match["rest"] or "")
    if (
        negated
        or feeling not in _MOODS
        or not (lasting or "been" in said.clause[match.start() : match.start("feeling")])
    ):
        return None
    since = f" {phrase_cut(lasting['since'], max_words=8)}" if lasting and lasting["since"] else ""
    text = f"{said.name} has been feeling {feeling}{third_person(since, said.name)}"
    if lasting and lasting["lately"]:
        text += f" {' '.join(lasting['lately'].lower().split()).replace('latley', 'lately')}"
    return said.fact(text, MemoryKind.EMOTION, MEDIUM, "7d", topics)


# Moods that can last ("lonely for weeks"), unlike "drunk", "hyped" or "sick" (an illness, read elsewhere).
_MOODS = word_set(
    "tired exhausted stressed sad happy anxious worried angry upset bored lonely frustrated depressed"
    " overwhelmed miserable homesick heartbroken"
) | {"stressed out", "burnt out", "burned out", "on edge"}
# How long a mood has lasted, after it: "lately", "for weeks", "since the move".
_LASTING = re.compile(
    r"^[\s,]*(?:(?P<lately>lately|latley|recently|these days|this week|all week|this month"
    r"|for (?:a while|ages|weeks|months|days|(?:a few|a couple of|two|three|several) (?:days|weeks|months)))"
    r"|(?P<since>since (?:the|my|i|we|our|last)\b.*))",
    re.IGNORECASE,
)


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
    if set(words_of(where)) & _NOT_AWAY:  # "back from my morning walk", "back from work"
        return None
    text = f"{said.name} got back from {where}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("travel", *content_words(where)[-1:]))


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
    found = _WHEN.search(said.clause)
    when = time_in(said.clause) or (found[0] if found else "")
    sure = groups["sure"] or groups["sure2"] or groups["sure3"] or groups["place4"] or groups["planning"]
    if not when and not sure:
        return None  # "going to Berlin": without a when or a trip word, not sure it is a trip
    going = f"is {groups['planning'].lower()} to" if groups["planning"] else "is going to"
    text = f"{said.name} {going} {place}" + (f" {when}" if when and when.lower() not in place.lower() else "")
    time = time_in(said.clause)
    return said.fact(
        text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics_of("travel", place), time=time
    )


_JUST_A_TIME = re.compile(
    r"(?:the |this |next )?(?:weekend|week|tonight|tomorrow|today|later|friday|saturday|sunday|monday|tuesday"
    r"|wednesday|thursday|summer|winter|spring|fall|autumn|holidays?|break|payday|bed|bedtime|home time|lunch"
    r"|dinner|it to be over|this to be over|this week to end|the day to end)",
    re.IGNORECASE,
)


# News of someone else's awaited: "to hear about it", "to see how it goes", "to see the outcome".
NEWS_AWAITED = re.compile(
    r"(?:to )?(?:hear|see|read|know|find out|learn)(?: (?:more )?(?:about|of|from))? (?:it|that|this|them|you|more"
    r"|how (?:it|things|that|they) (?:goes|go|went|turns? out|turned out)|what happens(?: next)?"
    r"|the (?:outcome|result|results|pics|photos|update)|your \w+|what(?:'s| is) (?:up|next)"
    r"|what (?:you|they) (?:come up with|do next))",
    re.IGNORECASE,
)


# What a verb is done to when it is only "it" or "this": "try this", "jump into it again".
_ONLY_IT = re.compile(r"(?:[a-z]+ ){1,2}(?:it|this|that|them)(?: (?:again|out|too|now|soon))?", re.IGNORECASE)


def looking_forward_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "can't wait for my sister's wedding next month", "ski season can't come soon enough"."""
    what = phrase_cut(match["what"] or match["what2"] or "", max_words=10)
    if not content_words(what) or what.split()[0].lower() in ("it", "this", "that", "you", "u", "them", "tonight"):
        return None
    if NEWS_AWAITED.fullmatch(what):
        return None  # "can't wait to find out more", "… to see the results": nothing of theirs
    if _JUST_A_TIME.fullmatch(what):
        return None  # "can't wait for the weekend", "friday can't come soon enough": a day, not a plan
    if match["what2"]:
        what = "the " + what if not what.lower().startswith(("the ", "my ", "our ")) else what
        what = "for " + what
    else:
        what = match["prep"].lower() + " " + what
    time = time_in(said.clause)
    text = f"{said.name} can't wait {third_person(what, said.name)}"
    return said.fact(
        text,
        MemoryKind.EMOTION,
        MEDIUM,
        expiration_for(time) if time else "30d",
        topics_of("plans", *content_words(what)[:2]),
    )


def ambition_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I want to become a pilot", "my dream is to open a bookshop", "I'd love to retrain as a teacher"."""
    what = third_person(phrase_cut(match["what"], max_words=8), said.name)
    if not content_words(what):
        return None
    verb = match["verb"].lower()
    wants = f"dreams of {_ing(verb)}" if match["dream"] and "dream" in match["dream"].lower() else f"wants to {verb}"
    text = f"{said.name} {wants} {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("goals", *content_words(what)[:2]))


def _ing(verb: str) -> str:
    """ "open" → "opening", "become" → "becoming", "retrain" → "retraining"."""
    return (verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb) + "ing"
