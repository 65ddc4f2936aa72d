"""Names, ages, birthdays and nationality; what someone used to be or do, and how they are."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.rules.birthdays import month_day, yearly_day
from memoryhub.ai.offline.rules.couples import STATUSES
from memoryhub.ai.offline.rules.health import CHOSEN_DIETS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    MONTH_OR_DAY,
    article_for,
    content_words,
    name_token,
    since_age,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import (
    ASIDES,
    DECADES,
    FAMILY,
    FEELINGS,
    HELLOS,
    I_AM,
    MONTHS,
    NATIONALITIES,
    NOT_NAMES,
    WEEKDAYS,
    word_set,
)


def name_rule(match: re.Match[str], said: Said) -> Fact | None:
    name = name_token(match["name"])
    if not name:
        return None
    second = (match["second"] or "").strip()
    if second and second[0].isupper() and second.lower() not in NOT_NAMES:
        name = f"{name} {second}"
    own = said.name.split()
    if name == said.name or (not second and own and name == own[0]):
        return None  # "my name is yusuf" from Yusuf: the name they already go by here (an account "tomasz" who
        # says "I'm Tomasz" gets their name written as they write it)
    how = match["how"].lower()
    if how == "i prefer" and not _NAMING.search(f"{said.scene.line_text} {said.scene.question_text}"):
        return None  # "I prefer Pepsi": a taste; "Alexander, but I prefer Alex" after "what's your name?"
    if "call me" in how or "calls me" in how or "go by" in how or "prefer" in how or " here" in how:
        text = f"{said.name} likes to be called {name}"
    else:
        text = f"{said.name}'s name is {name}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["name"], slot="name")


_NAMING = re.compile(r"\b(?:name|names|call|called|calls|go by|goes by|nickname|short for)\b", re.IGNORECASE)


_HELLO_FIRST = re.compile(rf"^(?:{HELLOS})\b", re.IGNORECASE)


# A whole message that only gives a name: "I'm Daniel", "I'm Daniel, nice to meet you!".
_ONLY_A_NAME = re.compile(r"^I(?:'m| am) \S+(?: \S+)?[\s,.!]*(?:nice to meet (?:you|u|ya)[\s.!]*)?$", re.IGNORECASE)
# More about themselves after a name: "I'm Farah, I teach …", "I'm Farah, 34, …", "I'm Farah, mum of two".
_DESCRIBED_AFTER = re.compile(r"\s*,\s*(?:and\s+)?(?:I|I'm|I've|my|mum|mom|dad|\d{1,2})\b", re.IGNORECASE)
# Capitalised words that follow "I'm" and are not names: a faith, who one is, a sign.
_NOT_A_NAME = re.compile(
    r"^(?:Catholic|Christian|Jewish|Muslim|Hindu|Buddhist|Sikh|Mormon|Protestant|Orthodox|Pagan|Atheist|Agnostic"
    r"|Deaf|Autistic|Black|White|Brown|Asian|Latino|Latina|Latinx|Gay|Lesbian|Bi|Queer|Trans|Straight|Disabled"
    r"|Aries|Taurus|Gemini|Virgo|Libra|Scorpio|Sagittarius|Capricorn|Aquarius|Pisces"
    r"|Iron|Bronze|Silver|Gold|Platinum|Plat|Diamond)$"  # a message alone: "I'm Gold lol" is a rank
)


_RENAMED = re.compile(
    r"\b(?:changed|changing|took|taken|taking) (?:my|his|her|their) (?:last |sur|married )?name\b", re.I
)


def introduced_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "hi I'm Tom", "hey everyone, I'm Tom" (the hello a clause of its own), "I'm Tom btw", or a
    message that says only "I'm Tom", or "I'm Farah, I teach …" (more about themselves after it): the
    name they give. "I'm Tom" inside more could be anything ("I'm Groot, obviously, and …"); "I'm
    Catholic" is no name."""
    own = match["how"].lower() in ("i'm", "i am", "im")
    alone = own and _ONLY_A_NAME.match(said.scene.line_text.strip()) and not _NOT_A_NAME.match(match["name"])
    # "I'm Farah, I teach year 6 …", "I'm Farah, 34, …": a name, then more about themselves
    named = re.search(rf"\b{re.escape(match[0])}", said.scene.line_text)  # the clause ends at the next "I …"
    described = bool(own and named and _DESCRIBED_AFTER.match(said.scene.line_text, named.end()))
    described = described and not _NOT_A_NAME.match(match["name"])
    renamed = own and _RENAMED.search(said.scene.line_text)  # "… changed my last name, I'm Morgan Okafor now"
    if match["hello"] or match["aside"] or (own and _HELLO_FIRST.match(said.scene.line_text)) or alone or described:
        return name_rule(match, said)
    if renamed and not _NOT_A_NAME.match(match["name"]):
        return name_rule(match, said)
    return None


def age_rule(match: re.Match[str], said: Said) -> Fact | None:
    age = match["age"] or match["age2"]
    return said.fact(f"{said.name} is {age} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age")


def birthday_rule(match: re.Match[str], said: Said) -> Fact | None:
    raw = phrase_cut(match["date"], max_words=4)
    yearly = yearly_day(raw)  # "Friday" → "on Friday", a date once the day it was said is known
    date = yearly or month_day(raw)
    if not yearly and not (MONTH_OR_DAY.search(date) or re.search(r"\d", date)):
        return None
    text = f"{said.name}'s birthday is {date}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")


def turned_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just turned 30": their age."""
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age", "birthday"], slot="age"
    )


def decade_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in my mid-thirties", "hitting my forties": their age, as near as they say it."""
    part = match["part"].lower() if match["part"] else ""
    part += "-" if part == "mid" else " " if part else ""  # "mid-thirties", "early twenties"
    text = f"{said.name} is in their {part}{match['decade'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age")


# A place and, in brackets, where in it: "the U.S. (Ohio)", "Spain (Valencia)".
_WITHIN = re.compile(
    r"(?P<outer>(?:the )?(?-i:[A-Z])[\w.\u2024'-]*(?: (?-i:[A-Z])[\w.\u2024'-]*)?)"
    r"\s*\((?P<inner>(?-i:[A-Z])[\w' -]{1,30})\)"
)


def born_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I was born in 1994", "I was born on March 3rd", "I was born in Lagos"."""
    raw = match["what"] or match["what2"]
    what = phrase_cut(raw, max_words=5)
    if short := re.match(r"'(?P<yy>\d\d)\b", raw):  # "born in '97"
        what = ("19" if int(short["yy"]) > 30 else "20") + short["yy"]
    elif year := re.match(r"(?:19|20)\d\d\b", raw):
        what = year[0]
    if not what or re.fullmatch(rf"(?:a |the )?(?:{WEEKDAYS})", what, re.IGNORECASE):
        return None  # "born on a Tuesday" is no birthday; "Ada, born on Tuesday" is a baby's birth
    dated = month_day(what)
    if dated != what:
        text = f"{said.name}'s birthday is {dated}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
    if re.fullmatch(r"(?:19|20)\d\d", what):
        text = f"{said.name} was born in {what}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["age", "birthday"], slot="age")
    if (match["prep"] or "on").lower() == "on" or MONTH_OR_DAY.search(what):
        text = f"{said.name}'s birthday is {what}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")
    if inner := _WITHIN.match(raw):  # "the U.S. (Ohio)": Ohio, in the U.S.
        what = f"{inner['inner']} in {inner['outer']}"
    if not (what[0].isupper() or re.match(r"the (?-i:[A-Z])", what)):  # "the U.S.", "the Netherlands"
        return None
    text = f"{said.name} was born in {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("origin", what), slot="birthplace")


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
    """ "I'm left-handed", "I'm bilingual", "I'm a lefty": what someone is, in one word."""
    word = "-".join(match["word"].lower().replace("-", " ").split())
    word = "left-handed" if word in ("a-lefty", "a-leftie", "a-southpaw") else word
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
    text = f"{said.name} {'doesn' if match['dont'] else 'can'}'t {what}"  # "I don't drive"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("abilities", what.split()[0]))


# What is learned once and kept: "I learned to swim as a kid", "I know how to knit" (not "I learned to
# live with it", "I learned to ignore him", "to speak up", "to play it cool").
LEARNED_SKILLS = (
    r"swim|drive|code|program|cook|bake|knit|crochet|sew|ski|snowboard|surf|skate|sail|juggle|dance|fly|climb|fish"
    r"|paint|draw|garden|row|weld"
    r"|ride a (?:bike|horse|motorbike)|play (?:the )?(?!(?:it|them|this|that|along|nice|fair|dead|games)\b)[a-z]+"
    r"|read music|speak (?-i:[A-Z])[a-z]+"
)
# When it was learned, said after it: "during lockdown", "as a kid", "last year".
_LEARNED_WHEN = re.compile(r"^ (?P<when>(?:during|in|at|as|when|last|over|this|after) .+)", re.IGNORECASE)


# Who taught it, said after it: "from my grandma", "off my dad".
_LEARNED_FROM = re.compile(
    r"^ (?:from|off) (?:my|our) (?P<who>(?:late )?[a-z]+(?: [a-z]+)??)"
    r"(?=$| (?:when|as|during|in|at|last|over|after)\b)",
    re.I,
)


def learned_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I learned to code during lockdown", "I know how to knit", "my grandma taught me to knit when I was
    seven" (who taught it, and when: "at age seven"): a skill they have."""
    what = " ".join((match["what"] or match["what2"]).split())
    rest = match["rest"] or match["rest2"] or ""
    taught = match["who"]
    if not taught and (said_from := _LEARNED_FROM.match(rest)):
        taught, rest = said_from["who"], rest[said_from.end() :]
    when = _LEARNED_WHEN.match(rest)
    if match["known"]:
        text = f"{said.name} knows how to {what.lower()}"
    else:
        text = f"{said.name} learned to {what.lower()}" + (f" from their {taught.lower()}" if taught else "")
        if when:
            text += f" {third_person(since_age(phrase_cut(when['when'], max_words=5)), said.name)}"  # "at age 7"
    text = re.sub(r"\bspeak ([a-z]+)", lambda lang: f"speak {lang[1].title()}", text)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("skills", *content_words(what)[-1:]))


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
    """ "I'm not vegan anymore", "I'm no longer single", "I don't live in London anymore", "I'm back on
    meat": what was true and is not now, which takes the place of what was kept (the same slot)."""
    if match["place"] or match["place2"]:
        place = (match["place"] or match["place2"]).strip()
        text = f"{said.name} no longer lives in {place}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", place), slot="home")
    if match["meat"]:
        food = (match["food"] or match["food2"] or match["food3"]).lower()  # "I've started eating fish again"
        return said.fact(f"{said.name} eats {food} again", MemoryKind.FACT, HIGH, PERMANENT, ["diet"], slot="diet")
    what = " ".join((match["what"] or match["given_up"]).lower().split()).replace("veggie", "vegetarian")
    slot = "diet" if re.fullmatch(NO_LONGER_DIETS, what) else "relationship" if re.fullmatch(STATUSES, what) else None
    text = f"{said.name} is no longer {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of(slot or "life", what), slot=slot)


def never_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've never been abroad", "I've never flown": a first still ahead (a trip planned with them
    depends on it)."""
    what = " ".join(match["what"].lower().split()).replace("the uk", "the UK")
    return said.fact(f"{said.name} has never {what}", MemoryKind.FACT, MEDIUM, PERMANENT, ["travel", "never"])


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1739,
        pattern=re.compile(
            r"\bI(?:'ve| have) never (?P<what>been abroad|been on a plane|flown|been out of the country|had a passport"
            r"|left (?:the UK|the country|Europe))(?=\s*(?:$|[,.!?;]|(?:and|but|so|before|either|lol)\b))",
            re.IGNORECASE,
        ),
        build=never_rule,
    ),
    Rule(
        priority=10,
        pattern=re.compile(
            r"(?P<how>\bmy name is|\bmy name's|\bI(?:'m| am) called|(?:^|\b(?:just|you can|u can|please|pls|everyone"
            r"|people|friends|y'all|everybody|ppl|most people|they all|all|family|everyone at work)\s+)"
            r"(?:call|calls) me"
            r"|\bI (?:usually |mostly |just )?go by(?: my (?:middle |nick|first |last |real )?name,?)?"
            r"|\bI prefer(?= (?-i:[A-Z])[a-z]+(?:$|[,.!]| btw| please| pls| though| tho| instead| now))"
            # a new name, made legal: "I've changed my name to Skylar", "deed poll came through, officially Skylar now"
            r"|\bI(?:'ve| have)? (?:legally |officially |finally )?changed my (?:first )?name to"
            r"|\bdeed poll (?:came|went) through,? (?:I'm |I am )?(?:now )?(?:officially|legally)"
            # "Benedikt here, but Ben is fine": the short name offered after one's own
            r"|^(?:hi,? |hey,? )?(?-i:[A-Z])[a-z]+ here,? (?:but|though|tho)"
            r"(?= (?-i:[A-Z])[a-z]+ (?:is fine|works|is easier)\b))"
            r"\s+(?P<name>[a-z][\w'\u2024.-]*)(?P<second>\s+[\w'-]+)?",
            re.IGNORECASE,
        ),
        build=name_rule,
    ),
    Rule(
        priority=20,
        # "hi I'm Tom", "hey everyone, I'm Tom Reyes, nice to meet you", "I'm Tom btw": a name given
        # with a hello or in an aside (``introduced_rule``); not "I'm Canadian", "hi I'm new here".
        pattern=re.compile(
            rf"^(?:(?P<hello>(?:{HELLOS})(?: (?:all|everyone|everybody|guys|folks|there|y'all|friends|team|people))?)"
            r"[,!.]*\s+)?(?:(?:so|well|ok|okay|um|anyway)[,]?\s+)?(?P<how>I'm|I am|im|this is)"
            rf" (?!(?:{NATIONALITIES}|new|sorry|back|home|here|done|free|bored|tired|ready|late|fine|good|great|so"
            rf"|just|really|still|also|not|from|in|at|a|an|the|single|married|vegan|vegetarian|hungry|starving|dead"
            rf"|alive|awake|{FEELINGS}|{MONTHS}|{WEEKDAYS})\b|\w+ing\b)"
            rf"(?P<name>(?-i:[A-Z])[a-z'-]+)(?P<second>\s+(?-i:[A-Z])[a-z'-]+)?(?P<aside>,?\s+{ASIDES})?"
            r"(?=\s*$|[,.!?]| here| and | from | nice| now\b| :\))",
            re.IGNORECASE,
        ),
        build=introduced_rule,
    ),
    Rule(
        priority=90,
        pattern=re.compile(
            rf"\b{I_AM} (?:(?P<no>no longer)|not) (?P<what>{NO_LONGER_DIETS}|{STATUSES}|a student|a smoker"
            r"|unemployed|retired|in college|in school|at uni)\b(?(no)|(?= (?:anymore|any more)\b))"
            r"|\bI (?:(?:don't|do not) live in (?P<place>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})"
            r"(?= (?:anymore|any more)\b)"
            r"|no longer live in (?P<place2>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2}))"
            # "I'm back on meat", "I eat meat again", "gave up being vegan" (the last with or without "I")
            r"|\bI(?:'m| am|'ve| have)? (?:just |recently )?(?P<meat>back on (?:the )?(?P<food>meat)"
            r"|back to eating (?P<food2>meat|fish)|(?:started )?eat(?:ing)? (?P<food3>meat|fish|chicken) again)\b"
            rf"|(?:\bI(?: have|'ve)? |^)(?:given up|gave up|quit|stopped) (?:on )?being"
            rf" (?P<given_up>{NO_LONGER_DIETS})\b",
            re.IGNORECASE,
        ),
        build=no_longer_rule,
    ),
    Rule(
        priority=300,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:only |just |almost |nearly |now |officially )?(?P<age>[1-9]\d?)(?: years? old| yo"
            r"| y/o)?(?:\W*$|,? (?:and|&) (?!a half\b))"  # "I'm 19 and in college"
            # "I'm the baby of this server at 21", "I'm the oldest on the team at 58"
            r"|\bI(?:'m| am) (?:probably |definitely )?the (?:baby|youngest|oldest|eldest|old one|old timer)\b"
            r"[^,.!?]{0,30}? at (?P<age2>[1-9]\d)\b(?! ?(?:am|pm|%|mph|k\b|o'clock))",
            re.IGNORECASE,
        ),
        build=age_rule,
    ),
    Rule(
        priority=310,
        pattern=re.compile(
            r"\bmy (?:birthday|bday)(?: is|'s) (?:on )?(?P<date>.+)",
            re.IGNORECASE,
        ),
        build=birthday_rule,
    ),
    Rule(
        priority=620,
        pattern=re.compile(
            r"\bI used to (?P<what>(?:be|live|work|play|have|own|run|teach|study|smoke|drink|do|go|ride|sing|dance"
            r"|coach|race|compete|travel)\b.+)",
            re.IGNORECASE,
        ),
        build=used_to_rule,
    ),
    Rule(
        priority=630,
        pattern=re.compile(
            r"\bI(?:'m| am) (?P<negated>not |never )?(?:(?:such|quite|really|definitely|totally|a bit of|more of|very"
            r"|much|kind of|kinda|always been|100%) )*(?:an? )?(?:(?:total|real|massive|big|huge|complete|natural"
            r"|proper) |(?P<keen>avid|keen) )?(?P<trait>introvert|extrovert|ambivert|morning person|night owl"
            r"|early bird|early riser|homebody|people person|neat freak|perfectionist|workaholic|foodie|bookworm"
            r"|gym rat|adrenaline junkie|creature of habit|gamer|reader|runner(?![- ]up)|hiker|dog person|cat person"
            r"|coffee addict|(?:movie|film|history) buff|nerd|geek)\b(?! of\b)",
            re.IGNORECASE,
        ),
        build=trait_rule,
    ),
    Rule(
        priority=640,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:also|actually|fully|completely|naturally) )?(?P<word>left[- ]?handed|right[- ]?handed"
            r"|ambidextrous|bilingual|trilingual|multilingual|a (?:lefty|leftie|southpaw)(?= *(?:[,.!;]|$|lol|haha)))",
            re.IGNORECASE,
        ),
        build=one_word_trait_rule,
    ),
    Rule(
        priority=690,
        pattern=re.compile(
            r"\b(?:my pronouns are|I use|I(?:'m| am)|I go by) (?P<pronouns>(?:she|he|they|xe|ze|any)"
            r"/(?:her|him|them|hers|his|theirs|xem|zir|any|all|she|he|they)(?:/(?:hers|his|theirs|them|her|him))?)"
            r"(?: pronouns)?\b",  # "she/they" too
            re.IGNORECASE,
        ),
        build=pronouns_rule,
    ),
    Rule(
        priority=700,
        pattern=re.compile(
            r"\bI (?:still |honestly |actually |literally )?(?:can't|cannot|can not|never learned to|never learnt to"
            r"|don't know how to|do not know how to"
            r"|(?P<dont>don't|do not)(?= drive\s*(?:$|[,.!?;]|(?:so|and|but|either|myself|lol)\b)))"
            r" (?P<what>swim|drive|cook|ride a bike|dance|sing|read music|ski|skate|whistle|type)\b"
            r"(?! (?:today|tonight|now|right now|anymore|any more|this|at the moment|until|till"
            r"|without|for (?:now|a while|the next|another|a few|a couple)))",
            re.IGNORECASE,
        ),
        build=ability_rule,
    ),
    Rule(
        priority=710,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?P<part>half |part |partly )?(?P<n>{NATIONALITIES})\b"
            rf"(?:,? (?:and )?half (?P<n2>{NATIONALITIES})\b)?(?! (?:food|music|guy|girl|accent|friend|time|tv)\b)",
            re.IGNORECASE,
        ),
        build=nationality_rule,
    ),
    Rule(
        priority=840,
        pattern=re.compile(
            r"\bI(?:'m| am)(?: (?:really|pretty|so|very|super|quite|kinda|actually|honestly|also|just))*"
            r" (?P<how>good|great|decent|excellent|amazing|terrible|bad|awful|hopeless|useless|rubbish|horrible) at"
            r" (?P<what>.+)|\bI (?:really |kinda |totally )?(?P<how2>suck) at (?P<what2>.+)",
            re.IGNORECASE,
        ),
        build=skill_rule,
    ),
    Rule(
        priority=845,
        pattern=re.compile(
            r"\bI (?:(?:finally|only|first) )?(?:learned|learnt|(?P<known>know)) (?:how )?to"
            rf" (?P<what>{LEARNED_SKILLS})\b"
            r"(?P<rest>[^,.!?;]*)"
            # "my grandma taught me to knit when I was seven"
            rf"|\b(?:my|our) (?P<who>(?:late )?(?:{FAMILY}|teacher|coach|neighbour|neighbor|best friend))"
            rf" taught me (?:how )?to (?P<what2>{LEARNED_SKILLS})\b(?P<rest2>[^,.!?;]*)",
            re.IGNORECASE,
        ),
        build=learned_rule,
    ),
    Rule(
        priority=1748,
        pattern=re.compile(
            r"\b(?:I(?:'m| am) (?:now |still |well )?in|(?:I(?:'ve| have)? )?(?:just )?(?:hit|hitting|reached))"
            rf" my (?:(?P<part>early|mid|late)[- ]?)?(?P<decade>{DECADES})\b",
            re.IGNORECASE,
        ),
        build=decade_rule,
    ),
    Rule(
        priority=1290,
        pattern=re.compile(r"\bI (?:just |finally )?turned (?P<age>[1-9]\d?)\b", re.IGNORECASE),
        build=turned_rule,
    ),
    Rule(
        priority=1300,
        pattern=re.compile(
            r"\bI was born (?:(?P<prep>in|on) (?P<what>.+)|(?P<what2>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
            r"|dec)"
            r"[a-z]*[.\u2024]? \d{1,2}(?:st|nd|rd|th)?\b))",
            re.IGNORECASE,
        ),
        build=born_rule,
    ),
]
