"""Names, ages, birthdays and nationality; what someone used to be or do, and how they are."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said
from memoryhub.ai.offline.rules.family import STATUSES
from memoryhub.ai.offline.rules.health import CHOSEN_DIETS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import MONTH_OR_DAY, article_for, content_words, name_token, third_person, topics_of
from memoryhub.ai.offline.vocabulary import HELLOS, NOT_NAMES, word_set


def name_rule(match: re.Match[str], said: Said) -> Fact | None:
    name = name_token(match["name"])
    if not name:
        return None
    second = (match["second"] or "").strip()
    if second and second[0].isupper() and second.lower() not in NOT_NAMES:
        name = f"{name} {second}"
    own = said.name.lower().split()
    if name.lower() == said.name.lower() or (not second and own and name.lower() == own[0]):
        return None  # "my name is yusuf": the name they already go by here
    how = match["how"].lower()
    if how == "i prefer" and not _NAMING.search(f"{said.reader.line_text} {said.reader.question_text}"):
        return None  # "I prefer Pepsi": a taste; "Alexander, but I prefer Alex" after "what's your name?"
    if "call me" in how or "calls me" in how or "go by" in how or "prefer" in how:
        text = f"{said.name} likes to be called {name}"
    else:
        text = f"{said.name}'s name is {name}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["name"], slot="name")


_NAMING = re.compile(r"\b(?:name|names|call|called|calls|go by|goes by|nickname|short for)\b", re.IGNORECASE)


_HELLO_FIRST = re.compile(rf"^(?:{HELLOS})\b", re.IGNORECASE)


def introduced_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "hi I'm Tom", "hey everyone, I'm Tom" (the hello a clause of its own), "I'm Tom btw": the
    name they give. "I'm Tom" with no hello before it could be anything ("I'm Groot")."""
    own = match["how"].lower() in ("i'm", "i am", "im")
    if match["hello"] or match["aside"] or (own and _HELLO_FIRST.match(said.reader.line_text)):
        return name_rule(match, said)
    return None


def age_rule(match: re.Match[str], said: Said) -> Fact | None:
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age"
    )


def _date(raw: str) -> str:
    """ "Dec. 5" → "December 5", "oct 30" → "October 30"; other dates as they are."""
    from memoryhub.ai.offline.rules.answers import DATE, date_text  # the answers read dates the same way

    found = re.match(rf"(?:{DATE})", raw, re.IGNORECASE)
    return (date_text(found) or raw) if found else raw


def birthday_rule(match: re.Match[str], said: Said) -> Fact | None:
    date = _date(phrase_cut(match["date"], max_words=4))
    relative = said.teller and re.fullmatch(r"today|tomorrow", date, re.IGNORECASE)  # news told by someone else
    if not date or not (MONTH_OR_DAY.search(date) or re.search(r"\d", date) or relative):
        return None
    text = f"{said.name}'s birthday is {date}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")


def turned_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just turned 30": their age."""
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age", "birthday"], slot="age"
    )


def born_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I was born in 1994", "I was born on March 3rd", "I was born in Lagos"."""
    raw = match["what"] or match["what2"]
    what = phrase_cut(raw, max_words=5)
    if short := re.match(r"'(?P<yy>\d\d)\b", raw):  # "born in '97"
        what = ("19" if int(short["yy"]) > 30 else "20") + short["yy"]
    elif year := re.match(r"(?:19|20)\d\d\b", raw):
        what = year[0]
    if not what:
        return None
    dated = _date(what)
    if dated != what:
        text = f"{said.name}'s birthday is {dated}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
    if re.fullmatch(r"(?:19|20)\d\d", what):
        text = f"{said.name} was born in {what}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["age", "birthday"], slot="age")
    if (match["prep"] or "on").lower() == "on" or MONTH_OR_DAY.search(what):
        text = f"{said.name}'s birthday is {what}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
    if not what[0].isupper():
        return None
    text = f"{said.name} was born in {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", what), slot="origin")


def used_to_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I used to be a teacher", "I used to live in Paris", "I used to play rugby": a past worth knowing."""
    what = re.split(r"\s+(?:when|but|because|until|before|back when)\b", match["what"], maxsplit=1, flags=re.I)[0]
    what = third_person(phrase_cut(what, max_words=9), said.name)  # "…with my grandpa when I was little"
    if len(what.split()) < 2:
        return None
    return said.fact(
        f"{said.name} used to {what}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("past", *content_words(what)[:2])
    )


def trait_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm an introvert", "I'm not a morning person", "I'm such a night owl": how someone is."""
    trait = " ".join(match["trait"].lower().split())
    if match["keen"]:  # "an avid reader": how much says something; "a huge gamer" is a gamer
        trait = f"{match['keen'].lower()} {trait}"
    negated = bool(match["negated"])
    text = f"{said.name} is {'not ' if negated else ''}{article_for(trait)} {trait}"
    return said.fact(text, MemoryKind.BEHAVIOR, MEDIUM, PERMANENT, topics_of("personality", trait))


# What someone is, said in one word, and the topic it is about.
ONE_WORD_TRAITS = {
    "left-handed": "handedness",
    "right-handed": "handedness",
    "ambidextrous": "handedness",
    "bilingual": "languages",
    "trilingual": "languages",
    "multilingual": "languages",
}


def one_word_trait_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm left-handed", "I'm bilingual": what someone is, in one word."""
    word = "-".join(match["word"].lower().replace("-", " ").split())
    return said.fact(f"{said.name} is {word}", MemoryKind.FACT, MEDIUM, PERMANENT, [ONE_WORD_TRAITS[word]])


def pronouns_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my pronouns are they/them", "I use she/her pronouns", "I'm he/him": how to speak of them."""
    pronouns = match["pronouns"].lower()
    return said.fact(
        f"{said.name}'s pronouns are {pronouns}", MemoryKind.FACT, HIGH, PERMANENT, ["pronouns"], slot="pronouns"
    )


def ability_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I can't swim", "I never learned to drive": what someone cannot do (an invitation to a swim or
    a lift depends on it)."""
    what = " ".join(match["what"].lower().split())
    text = f"{said.name} can't {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("abilities", what.split()[0]))


# Not a skill after "good at"/"bad at": "I'm good at the moment", "bad at this", "great at work".
_NOT_A_SKILL = word_set("it this that these those them all least first times the moment work home school night")


def skill_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm terrible at cooking", "I'm pretty good at math", "I suck at drawing": what someone is
    good or bad at (what to ask them for help with, or not to tease them about)."""
    what = phrase_cut(match["what"] or match["what2"], max_words=6)
    words = what.split()
    if not words or words[0].lower() in _NOT_A_SKILL or not content_words(what):
        return None
    how = "bad" if match["how2"] else match["how"].lower()
    text = f"{said.name} is {how} at {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("abilities", *content_words(what)[:1]))


def nationality_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm Irish", "I'm half Irish, half Nigerian", "I'm Korean-American"."""
    first = match["n"].title()
    if match["n2"]:
        text = f"{said.name} is half {first} and half {match['n2'].title()}"
    else:
        text = f"{said.name} is {(match['part'] or '').lower()}{first}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", first))


NO_LONGER_DIETS = rf"{CHOSEN_DIETS}|gluten-free|dairy-free"  # what "I'm not … anymore" can say of a diet


def no_longer_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm not vegan anymore", "I'm no longer single", "I don't live in London anymore": what was
    true and is not now, which takes the place of what was kept (the same slot)."""
    if match["place"] or match["place2"]:
        place = (match["place"] or match["place2"]).strip()
        text = f"{said.name} no longer lives in {place}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", place), slot="home")
    what = " ".join(match["what"].lower().split())
    slot = "diet" if re.fullmatch(NO_LONGER_DIETS, what) else "relationship" if re.fullmatch(STATUSES, what) else None
    text = f"{said.name} is no longer {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of(slot or "life", what), slot=slot)
