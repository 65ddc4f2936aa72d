"""Fragments: the parts of a chat introduction that have no verb at all ("28", "backend dev at a
fintech", "lagos based", "2 kids", "3rd yr cs at uoft"). One alone is weak (a bare number may be
anything); it counts when the clause lists such things or the window asked for introductions, or
when its own shape leaves no doubt ("ER nurse here", "physio at St. Mary's", "23 y/o")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said
from memoryhub.ai.offline.rules.health import DIETS, FOODS
from memoryhub.ai.offline.rules.pastimes import ACTIVITIES, SPORTS
from memoryhub.ai.offline.text import article_for, place_name, third_person, topics_of
from memoryhub.ai.offline.vocabulary import JOB, STOPWORDS, word_set

# Words that never qualify a job title: "I nurse at the Royal" is a verb, not "an I nurse".
_NOT_QUALIFIERS = (
    r"(?!(?:my|your|his|her|our|their|the|this|that|a|an|some|any|no|every|each|i|we|you|he|she|they|it)\b)"
)
_AGE = re.compile(
    r"(?P<age>[1-9]\d)(?P<unit>\s?(?:y/?o|yo|yrs? old|years? old))?(?P<tail> here| today| now)?", re.IGNORECASE
)
_OFFICIALLY = re.compile(r"(?:officially|now|finally) (?P<age>[1-9]\d)", re.IGNORECASE)
_JOB = re.compile(
    rf"(?:(?:an?|fellow|full[- ]time|part[- ]time) )?(?P<job>(?:{_NOT_QUALIFIERS}[\w-]{{1,20}} ){{0,2}}?{JOB})"
    r"(?:(?P<prep> (?:at|for|in|with) )(?P<org>[^,]{1,60})|(?P<tail> here| by day| by trade| life\b.{0,60}))?",
    re.IGNORECASE,
)
_DEGREE = re.compile(
    r"(?:an? )?(?P<degree>B[.\u2024]?Sc[.\u2024]?|B[.\u2024]?A[.\u2024]?|M[.\u2024]?Sc[.\u2024]?|M[.\u2024]?A[.\u2024]?"
    r"|Ph[.\u2024]?D[.\u2024]?|MBA|masters?|master's|bachelor'?s)(?: degree)? (?:in|of) (?P<field>[a-z][\w -]{1,40})",
    re.IGNORECASE,
)
_YEAR_OF = re.compile(
    r"(?P<year>\d(?:st|nd|rd|th)|first|second|third|fourth|final|last) (?:yr|year)(?: of)? (?P<subject>[\w -]{2,30}?)"
    r" (?:at|@) (?P<school>[\w'\u2024. -]{2,40})",
    re.IGNORECASE,
)
_MAJOR = re.compile(r"(?P<subject>[a-z]{2,20}(?: [a-z]{2,20})?) major(?: life| here)?", re.IGNORECASE)
_BASED = re.compile(r"(?P<place>[\w'\u2024.-]{2,30}(?: [\w'\u2024.-]{2,30})?)[- ]based", re.IGNORECASE)
_FROM = re.compile(
    r"(?:(?:originally )?from |originally (?=(?-i:[A-Z])))(?P<place>[\w'\u2024. -]{2,40})", re.IGNORECASE
)  # "from Leeds", "originally Leeds"
_RAISED = re.compile(r"(?P<place>[A-Z][\w'\u2024.-]{1,30}(?: [A-Z][\w'\u2024.-]{1,30})?) born (?:and|n|&) raised")
_KIDS = re.compile(
    r"(?:and )?(?P<n>\d{1,2}|two|three|four|five|six|a|an|one) (?P<relation>kids|children|sons|daughters|boys|girls"
    r"|husband|wife|partner|boyfriend|girlfriend|son|daughter|kid)\b.{0,60}",
    re.IGNORECASE,
)
_HEALTH_HERE = re.compile(
    rf"(?:fully |strictly |mostly |still |now )?(?P<what>(?:type [12] )?diabetic|asthmatic|epileptic|(?:{DIETS}))"
    r"(?: here| btw| fyi| only(?: for me)?| since [\w ]{2,20}| for [\w ]{2,20})?(?: pls| please| thanks)?",
    re.IGNORECASE,
)
_NO_FOOD = re.compile(rf"no (?P<food>{FOODS}) for me(?: thanks| pls| please)?", re.IGNORECASE)
_SEASON = re.compile(r"(?P<what>hay ?fever|allergy|allergies|pollen allergy) season(?: again| is here| is back)?", re.I)


def _age(match: re.Match[str], said: Said) -> Fact:
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age"
    )


_SHIFTS = re.compile(
    r"(?:(?:night|day|early|late|double|weekend|long) )?shifts? (?:at|in) (?P<org>[A-Z][\w'\u2024. -]{1,40}?)"
    r"(?: again| this week| tonight| all week| today| tomorrow)*",
)
_REMOTE = re.compile(r"(?:fully |100% |mostly )?remote (?:for|at|with) (?P<org>(?:an? )?[\w' -]{2,40})", re.IGNORECASE)


_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
# "Seoul for the whole spring semester", "Paris in 2 weeks!!", "then Vegas for my 30th in July".
_TRIP = re.compile(
    r"(?:then )?(?P<place>[A-Za-z][\w'\u2024.-]{1,30}(?: [A-Za-z][\w'\u2024.-]{1,30}){0,2})"
    r" (?P<when>for (?:the whole |a |an "
    r"|one |two |three |four |\d+ |my \d+(?:st|nd|rd|th)(?: birthday| bday)?)(?:[a-z]+ )?(?:weeks?|months?|days?"
    r"|nights?"
    r"|semester|summer|year|weekend|term|holidays?|birthday|bday|\d+(?:st|nd|rd|th))?(?: in [A-Za-z]+)?"
    rf"|in (?:a |one |two |three |\d+ )(?:days?|weeks?|months?)|next (?:week|month|year|summer|spring|winter|fall)"
    rf"|this (?:weekend|summer|week|spring|winter|fall)|in (?:{_MONTH_NAMES}))",
    re.IGNORECASE,
)
_NOT_PLACES = word_set(
    """work school home class classes bed uni college lunch dinner breakfast holiday vacation leave it that this me
    you here there off out back away now then gym office sick bedrest rehab jail camp church training shift shifts
    night nights day days morning mornings exams exam finals overtime quarantine isolation detention pizza coffee
    food ramen rice soup salad leftovers netflix tv games gaming sleep naps meetings meeting calls deadlines crunch
    rain snow sun heat weather traffic rent bills payday diet cardio practice rehearsals rehearsal tour season
    time times start starts begin begins finish finishes end ends due done ready free open closed
    first second third fourth fifth sixth seventh eighth ninth tenth last another"""
)
_ACTIVITY_FREQUENCY = re.compile(
    rf"(?P<what>{ACTIVITIES}|{SPORTS}) (?P<freq>(?:\d+ ?x|\d+ times|twice|once|three times|four times) (?:a|per)"
    r" (?:week|day|month)|every (?:day|week|morning|night|weekend|saturday|sunday)|daily|weekly)",
    re.IGNORECASE,
)


# "mine's due in 3 weeks", "it's in 2 weeks": a subject said with its "is", not a place.
_NOT_A_PLACE_START = word_set(
    "my the a an our i i'm we we're been just your his her their no mine mine's it's its that's he's she's there's"
)


def _trip(match: re.Match[str], said: Said) -> Fact | None:
    place = match["place"]
    first = place.split()[0].lower()
    if any(word.lower() in _NOT_PLACES for word in place.split()) or first in _NOT_A_PLACE_START:
        return None
    if any(word.lower().endswith(("ing", "ed")) or word.lower() in STOPWORDS for word in place.split()):
        return None  # "been lurking for months": a doing, not a place
    if not place[0].isupper() and not said.scene.line_text.islower():
        return None  # a lowercase word is a place only in an all-lowercase message
    place = place_name(place) if not place[0].isupper() else place
    when = match["when"]
    text = f"{said.name} is going to {place} {third_person(when, said.name)}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("travel", place))


def fragment_fact(piece: str, said: Said) -> tuple[Fact, bool] | None:
    """(the fact in ``piece``, whether it stands on its own), or None. ``piece`` is one comma part."""
    piece = piece.strip(" .!~")
    if not piece or len(piece) > 90:
        return None
    if (age := _AGE.fullmatch(piece)) and 13 <= int(age["age"]) <= 99:
        return _age(age, said), bool(age["unit"] or (age["tail"] and age["tail"].strip() == "today"))
    if age := _OFFICIALLY.fullmatch(piece):
        return _age(age, said), True
    if job := _JOB.fullmatch(piece):
        title = job["job"]
        title = (
            title if title.isupper() or any(c.isupper() for c in title.split()[0][1:]) else title[0].lower() + title[1:]
        )
        text = f"{said.name} is {article_for(title)} {title}"
        fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", title.split()[-1]), slot="job")
        if job["org"]:
            org = job["org"].strip()
            fact.text += f"{job['prep'].rstrip()} {org}"
            fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s employer"))
        return fact, bool(job["org"] or job["tail"])
    if (trip := _TRIP.fullmatch(piece)) and (going := _trip(trip, said)):
        return going, True
    if often := _ACTIVITY_FREQUENCY.fullmatch(piece):  # "bjj 3x a week"
        what = often["what"].upper() if len(often["what"]) <= 3 else often["what"].lower()
        verb = "plays" if re.fullmatch(SPORTS, often["what"], re.IGNORECASE) else "does"
        text = f"{said.name} {verb} {what} {often['freq'].lower()}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", what)), True
    if (shifts := _SHIFTS.fullmatch(piece)) or (remote := _REMOTE.fullmatch(piece)):
        org = (shifts or remote)["org"].strip()  # type: ignore[index]
        text = f"{said.name} works at {org}" if shifts else f"{said.name} works remotely for {org}"
        fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", org), slot="employer")
        fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s employer"))
        return fact, True
    if degree := _DEGREE.fullmatch(piece):
        text = f"{said.name} has {article_for(degree['degree'])} {degree['degree']} in {degree['field'].strip()}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", degree["field"])), True
    if year := _YEAR_OF.fullmatch(piece):
        text = f"{said.name} is a {year['year']} year {year['subject']} student at {year['school'].strip()}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", year["subject"])), True
    if major := _MAJOR.fullmatch(piece):
        text = f"{said.name} majors in {major['subject']}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", major["subject"])), True
    if based := _BASED.fullmatch(piece):
        place = place_name(based["place"])
        if place:
            text = f"{said.name} lives in {place}"
            return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", place), slot="home"), True
    if raised := _RAISED.fullmatch(piece):
        if raised["place"].strip("\u2024.").isupper():
            return None  # "MO. born and raised": a state's initials, the place was said before
        text = f"{said.name} was born and raised in {raised['place']}"
        return said.fact(
            text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", raised["place"]), slot="origin"
        ), True
    if origin := _FROM.fullmatch(piece):
        place = place_name(origin["place"])
        if place:
            text = f"{said.name} is from {place}"
            return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", place), slot="origin"), False
    if kids := _KIDS.fullmatch(piece):
        n, relation = kids["n"].lower(), kids["relation"].lower()
        text = f"{said.name} has {n if n not in ('an', 'one') else article_for(relation)} {relation}"
        return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", relation)), False
    if no_food := _NO_FOOD.fullmatch(piece):  # "no pork for me thanks"
        text = f"{said.name} doesn't eat {no_food['food'].lower()}"
        return said.fact(text, MemoryKind.PREFERENCE, HIGH, PERMANENT, topics_of("diet", no_food["food"])), True
    if season := _SEASON.fullmatch(piece):  # "hay fever season again"
        what = "seasonal allergies" if "allerg" in season["what"].lower() else season["what"].lower()
        text = f"{said.name} has {what}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", what)), True
    if (health := _HEALTH_HERE.fullmatch(piece)) and " " in piece:  # "type 1 diabetic here", not a bare word
        only = " only" in piece.lower()
        text = f"{said.name} {'only eats' if only else 'is'} {health['what'].lower()}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", health["what"])), True
    return None
