"""Text helpers: words, places, names, the third person, topics."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from memoryhub.ai.offline.vocabulary import (
    ABBREVIATIONS,
    ADVERB_WORDS,
    ASIDES,
    HE_RELATIONS,
    IRREGULAR_PARTICIPLES,
    MONTHS,
    NOT_NAMES,
    NOT_TOPICS,
    OBJECT_PRONOUNS,
    PLACE_PATTERN,
    SHE_RELATIONS,
    SMALL_WORDS,
    STOPWORDS,
    WEEKDAYS,
    word_set,
)
from memoryhub.ai.types import Message


def words_of(text: str) -> list[str]:
    """The words of ``text``, lower case, letters of any alphabet kept ("café", not "caf")."""
    return re.findall(r"[^\W_]+(?:'[^\W_]+)*", text.lower())


def content_words(text: str) -> list[str]:
    return [w for w in words_of(text) if w not in STOPWORDS and w not in ADVERB_WORDS and (len(w) >= 3 or w.isdigit())]


def word_count(text: str) -> int:
    return len(text.split())


def token_estimate(text: str) -> int:
    return math.ceil(word_count(text) * 4 / 3)


def jaccard(first: str, second: str) -> float:
    a, b = set(words_of(first)), set(words_of(second))
    return len(a & b) / len(a | b) if a and b else 0.0


def clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:-—") + "…"


# Letters whose names start with a vowel sound: "an NBA fan", "an HR manager", "a UX designer".
_AN_LETTERS = frozenset("AEFHILMNORSX")
# Spellings whose first sound is not their first letter's: "a university", "an hour".
_SOUNDS_LIKE_A = ("uni", "use", "usu", "eu", "one", "once")
_SOUNDS_LIKE_AN = ("hour", "honest", "honou", "heir")


def article_for(word: str) -> str:
    """ "a" or "an" before ``word``, by its first sound (an initialism is read letter by letter, a
    number as it is said: "an 8-year-old", "an 11-year-old", "a 12-year-old")."""
    if word[:1].isdigit():
        return "an" if re.match(r"8|1[18](?!\d)", word) else "a"
    if 1 < len(word) <= 5 and word.isupper():
        return "an" if word[0] in _AN_LETTERS else "a"
    lowered = word.lower()
    if lowered.startswith(_SOUNDS_LIKE_A):
        return "a"
    if lowered.startswith(_SOUNDS_LIKE_AN):
        return "an"
    return "an" if lowered[:1] in "aeiou" else "a"


def counted(quantity: str, noun: str) -> str:
    """ "a cat", "an older brother", "two cats", "another dog", "three goldfish": ``noun`` counted by
    ``quantity`` as said ("a", "an", "another", "one", "two", "3"…)."""
    plural = quantity not in ("a", "an", "another", "one")
    article = quantity if plural or quantity == "another" else article_for(noun)
    ending = "" if not plural or noun.endswith("fish") else "ren" if noun.endswith("child") else "s"
    return f"{article} {noun}{ending}"


# Where one lives that is no place's name, said in lower case: "I live in halls", "in town".
_COMMON_PLACES = ("halls", "dorms", "student", "town", "campus", "residence", "accommodation", "barracks")


def place_name(raw: str, *, there: str = "") -> str:
    """A place name from the start of ``raw``; "there" means the last place mentioned."""
    raw = raw.strip(" ,.!?")
    if re.match(r"^there\b", raw, re.IGNORECASE):
        return there
    match = PLACE_PATTERN.match(raw)
    if not match:
        return ""
    place = match["place"].strip(" .'")
    if place in OBJECT_PRONOUNS:  # "near us", "with me": a person, not a place ("the US" is written so)
        return ""
    if place.isupper() and len(place) > 4:
        place = place.title()  # "BERLIN!!!"
    words = place.split()
    if place == place.lower() and words[0] not in (
        "a",
        "an",
        "the",
        "my",
        "our",
        "their",
        "his",
        "her",
        *_COMMON_PLACES,
    ):
        words = _capitalised(words)
    return " ".join(w.upper() if w.lower() in ABBREVIATIONS else w for w in words)


def _capitalised(words: list[str]) -> list[str]:
    """Words of a name given in lower case, as it is written: "isle of man" is "Isle of Man"."""
    return [w if w in SMALL_WORDS and i else w.capitalize() for i, w in enumerate(words)]


# Words that end a name given in lower case: "leeds united sadly", "jett mostly".
_AFTER_A_NAME = word_set("sadly mostly usually obviously ofc lol lmao haha tbh atm now still though tho innit really")


def name_as_written(phrase: str) -> str:
    """A name given in lower case as it is written: "leeds united sadly" is "Leeds United sadly",
    "ravencrest eu" is "Ravencrest EU" (the words after it as they were)."""
    words = phrase.split()
    end = next((i for i, word in enumerate(words) if word in _AFTER_A_NAME), len(words))
    named = [w.upper() if w.lower() in ABBREVIATIONS else w for w in _capitalised(words[:end])]
    return " ".join(named + words[end:])


def name_token(raw: str) -> str:
    name = raw.strip(" ,.!?'\"")
    if not name or name.lower() in NOT_NAMES or not name[0].isalpha():
        return ""
    return name[0].upper() + name[1:]


NO_CONJUGATION = word_set(
    """can could will would shall should may might must did had was were got went made saw took came bought
    found met left lost ran won sent told said thought felt kept began became gave wrote ate drove flew sold
    paid heard knew built spent brought caught taught fell put set let cut hit read quit meant lent bent slept
    dealt sat stood held understood forgot grew drew threw swam sang rode wore tore broke chose spoke stole
    woke shook hurt"""
)


def uncapitalised(phrase: str) -> str:
    """``phrase`` with the capital its sentence gave its first word taken off, when that word is no
    name: "Trying the street food is a must" → "trying…", "All that hard work…" → "all…"; "Harry
    Potter" keeps its capitals."""
    first, _, rest = phrase.partition(" ")
    common = first.lower() in STOPWORDS or (len(first) > 4 and first.endswith("ing"))
    if first[:1].isupper() and first[1:].islower() and common and not rest[:1].isupper():  # "The Alchemist"
        return first.lower() + phrase[len(first) :]
    return phrase


def lowered_as_said(phrase: str) -> str:
    """``phrase`` in lower case, but for a word with a capital after its first letter or an "A-", whose
    case is how it is spelled: "Senior UX designer" → "senior UX designer", "A-level results"."""
    return " ".join(word if re.match(r"[A-Z]-|.+[A-Z]", word) else word.lower() for word in phrase.split())


def conjugate(verb: str) -> str:
    """The verb after "she"/"he": "run" → "runs", "have" → "has", "co-own" → "co-owns"; a past
    tense or a modal as it is."""
    if "-" in verb and verb.rsplit("-", 1)[1].isalpha():
        head, last = verb.rsplit("-", 1)
        return f"{head}-{conjugate(last)}"
    lower = verb.lower()
    if lower in NO_CONJUGATION or "'" in lower or lower.endswith("ed") or not lower.isalpha():
        return verb
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is"}
    if lower in irregular:
        return irregular[lower]
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def pronoun_of(relation: str) -> str:
    """ "he" for a brother or a husband, "she" for a sister or a wife, "they" for a partner or a friend."""
    return "he" if relation in HE_RELATIONS else "she" if relation in SHE_RELATIONS else "they"


def is_or_has(after: str) -> str:
    """What a "'s" stands for before ``after``: "has" before "been"/"got" ("she's been sick", "my
    brother's got a new job") or a deed just done ("dad's just retired"), else "is"."""
    has = re.match(
        r"\s*(?:(?:just|already|finally|recently|also|still|never|not|always) )?(?:been|got|gotten)\b", after, re.I
    )
    done = re.match(  # "dad's just had a pacemaker fitted" too
        r"\s*(?:just|already|finally|recently) (?!(?:been|tired|bored|scared)\b)"
        rf"(?:[a-z]+ed|{IRREGULAR_PARTICIPLES})\b",
        after,
        re.I,
    )
    # a deed without "just": "my mum's moved into a care home", "he's started a new job", "she's lost her keys"
    deed = re.match(
        r"\s*(?:moved|gone|started|finished|left|booked|decided|signed|applied|joined|quit|changed|lost|won"
        r"|taken|bought|sold|passed|had)\b",
        after,
        re.I,
    )
    return "has" if has or done or deed else "is"


def _literal(value: str) -> Callable[[re.Match[str]], str]:
    """A replacement for re.sub that is taken as is (a name may contain a backslash)."""
    return lambda _match: value


def ours_as_theirs(text: str) -> str:
    """A "we" statement's "our" as the person's: "closed our seed round", "expecting our first baby"."""
    return re.sub(r"\bour\b", "their", text, flags=re.IGNORECASE)


def since_age(span: str) -> str:
    """How long or since when, said without "I": "since I was a kid" is "since childhood", "since I was 9"
    "since age 9", "since I was a teenager" "since their teens", "since I was at school" "since they were
    …", and "when I was seven" (learned then) "at age seven"."""
    span = re.sub(r"\bsince I was (?:a kid|a child|little|young)\b", "since childhood", span, flags=re.IGNORECASE)
    span = re.sub(r"\bsince I was a teenager\b", "since their teens", span, flags=re.IGNORECASE)
    span = re.sub(r"\bsince I was (?=\d)", "since age ", span, flags=re.IGNORECASE)
    span = re.sub(
        r"\bwhen I was (?=(?:\d{1,2}|[a-z]+teen|four|five|six|seven|eight|nine|ten|eleven|twelve)$)",
        "at age ",
        span,
        flags=re.IGNORECASE,
    )
    return re.sub(r"\bsince I was\b", "since they were", span, flags=re.IGNORECASE)


def third_person(text: str, name: str) -> str:
    """Rewrite the speaker's "I / me / my / our / us" as "<name> / <name> / their / their / them" so a fact
    stands alone."""
    for pattern, replacement in (
        (r"\bI'm\b|\bI am\b", f"{name} is"),
        (r"\bI've\b|\bI have\b", f"{name} has"),
        (r"\bI'll\b", f"{name} will"),
        (r"\bI'd\b", f"{name} would"),
        (r"\bI was\b", f"{name} was"),
        (r"\bI don't\b|\bI do not\b", f"{name} doesn't"),
        (r"\bmyself\b", "themselves"),
        (r"\bmine\b", "theirs"),
        (r"\bmy\b|\bour\b", "their"),
        (r"\bme\b", name),
    ):
        text = re.sub(pattern, _literal(replacement), text, flags=re.IGNORECASE)
    text = re.sub(r"\b(with|for|visit|visiting|join|joined|joining|to) us\b", r"\1 them", text)  # not "Last of Us"
    text = re.sub(r"\b(at|to|round|over at) ours\b", r"\1 their place", text)  # "hosting Diwali at ours"
    text = re.sub(r"\b(leaving|left|leaves) us (?=for\b|to\b)", r"\1 ", text)  # "Yara's leaving us for Oslo"

    def verb(match: re.Match[str]) -> str:
        adverb, word = match["adverb"] or "", match["verb"]
        return f"{name} {adverb}{conjugate(word)}"

    adverbs = "|".join(sorted(ADVERB_WORDS))
    text = re.sub(rf"\bI (?P<adverb>(?:{adverbs}) )?(?P<verb>[\w']+)", verb, text)
    return re.sub(r"\bI\b", _literal(name), text)


MONTH_OR_DAY = re.compile(
    rf"\b(?:{MONTHS.replace('may|', '')}|(?:{WEEKDAYS})s?|christmas|easter|thanksgiving|hanukkah|diwali|eid|ramadan"
    r"|halloween|passover)\b|\b(?:(?<=in )|(?<=last )|(?<=next )|(?<=for )|(?<=early )|(?<=mid-)|(?<=of ))may\b",
    re.IGNORECASE,
)


# An aside at the end of what was said is not part of the fact: "Alice hates olives by the way". (The
# rules still read it: "I'm Tom, by the way" gives a name.)
_ASIDE_AT_END = re.compile(rf",?\s+{ASIDES}$", re.IGNORECASE)


def tidy(text: str) -> str:
    text = MONTH_OR_DAY.sub(lambda match: match[0].capitalize(), " ".join(text.split()))
    return _ASIDE_AT_END.sub("", text.strip(" ,;")).strip(" ,;")


# Quotes and brackets around or inside a name ('"Acme & Sons" <Ltd>'): its words keep, they do not.
_NAME_MARKS = re.compile(r"[\"“”«»<>\[\]{}()]")


def name_clean(text: str) -> str:
    """A name or phrase without quotes and brackets: '"Acme & Sons" <Ltd>' → "Acme & Sons Ltd"."""
    return " ".join(_NAME_MARKS.sub(" ", text).split())


def phrase_ends(words: str) -> str:
    """A lookahead that a phrase ends here: at the end, at a punctuation mark, or before one of ``words``
    ("and|but|now"), which go on with something else ("a greenhouse and two cats", "my jumper last night")."""
    return rf"(?=\s*$|\s*[,.!?;:)]|\s+(?:{words})\b)"


def topics_of(*items: str) -> list[str]:
    topics: list[str] = []
    for item in items:
        topic = re.sub(r"['\u2019]s$", "", name_clean(item).lower())[:40]  # "nephew's" → "nephew"
        if topic and topic not in topics and topic not in NOT_TOPICS:
            topics.append(topic)
    return topics[:5]


def message_text(message: Message) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # OpenAI content parts
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


def join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
