"""Facts said back to the person: "Alice works as a nurse" becomes "you work as a nurse", with their
pronouns and possessives turned the same way."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memoryhub.ai.offline.text import (
    NO_CONJUGATION,
    word_count,
)
from memoryhub.ai.offline.vocabulary import (
    ADVERB_WORDS,
    HE_RELATIONS,
    MONTHS,
    PARTNERS,
    PETS,
    RELATIONS,
    SHE_RELATIONS,
    STOPWORDS,
    WEEKDAYS,
    word_set,
)


@dataclass(frozen=True)
class Person:
    """Who the persona talks with, as their memories name them."""

    name: str
    pronoun: str = ""  # "she" or "he" when the memories call the person so, else unknown

    def forms(self) -> list[str]:
        """The full name and the first name, as written and capitalised."""
        words = self.name.split()
        forms = [self.name.strip(), *(words[:1] if len(words) > 1 and len(words[0]) > 1 else [])]
        return list(dict.fromkeys(variant for form in forms for variant in (form, form[:1].upper() + form[1:])))

    def pattern(self) -> re.Pattern[str] | None:
        forms = sorted(self.forms(), key=len, reverse=True)
        if not forms or not forms[0]:
            return None
        alternatives = "|".join(map(re.escape, forms))
        return re.compile(rf"(?<![\w'])(?:{alternatives})(?P<possessive>'s|')?(?![\w'])")

    def named_in(self, text: str) -> bool:
        return any(re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text, re.IGNORECASE) for form in self.forms() if form)


def pronoun_in(texts: list[str]) -> str:
    """ "she" or "he" when sentences about the person start with it, and never with the other."""
    found = {match[1].lower() for text in texts for match in re.finditer(r"(?:^|[.!?]\s+)(She|He)\b", text)}
    return found.pop() if len(found) == 1 else ""


_YOU_VERBS = {
    "is": "are",
    "isn't": "aren't",
    "was": "were",
    "wasn't": "weren't",
    "has": "have",
    "hasn't": "haven't",
    "does": "do",
    "doesn't": "don't",
}


# After "Alice's", these words mean "Alice is" ("Alice's moving"), anything else means her ("Alice's sister").
_AFTER_IS = word_set("a an not from going gonna moving in at on into still always never now currently so very really")


# Verbs a second predicate of the person starts with ("… and lives in Lyon"): nouns end in -s too.
_COMMON_VERBS = word_set(
    """live work play love like hate enjoy prefer have go want need study teach run walk visit own keep make take
    read write watch cook bake drive speak know think feel hope plan try miss use spend volunteer train coach
    collect attend support listen sing dance paint draw swim ride grow care help travel eat drink sleep call talk"""
)


_THEIR = {
    "they": "you",
    "them": "you",
    "their": "your",
    "theirs": "yours",
    "themselves": "yourself",
    "themself": "yourself",
    "they're": "you're",
    "they've": "you've",
    "they'll": "you'll",
    "they'd": "you'd",
}


_GENDERED = {
    "she": {"her": "your", "hers": "yours", "herself": "yourself"},
    "he": {"his": "your", "him": "you", "himself": "yourself"},
}


_PERSON_NOUN = re.compile(
    rf"(?:{RELATIONS}|{PETS}|people|person|family|parents|kids|children|team|guy|girl|boy|man|woman|baby"
    r"|someone|somebody|everyone)s?",
    re.IGNORECASE,
)


_PLACE_PREPOSITIONS = word_set("in at to from near of on into via")
# Verbs whose object is a place: "visited Brussels with their team" (not someone "their" could mean).
_PLACE_VERBS = word_set("visited toured explored reached hiked climbed")


def _you_verb(verb: str) -> str:
    """The form of a third-person verb that goes with "you" ("loves" → "love"), or "" if unknown."""
    if re.fullmatch(r"[A-Z]{2,}s", verb):  # "DJs", "MCs": the initialism as written
        return verb[:-1]
    lower = verb.lower()
    if lower in _YOU_VERBS:
        return _YOU_VERBS[lower]
    if lower in NO_CONJUGATION or lower.endswith("n't"):
        return lower  # "moved", "can", "won't" go with "you" as they are
    if re.fullmatch(r"[a-z]+(?:-[a-z]+)*ed", lower):  # "moved", "self-published"
        return lower
    if not lower.isalpha() or len(lower) < 3 or not lower.endswith("s") or lower.endswith(("ss", "us", "is")):
        return ""
    if lower.endswith("ies") and len(lower) > 4:
        return lower[:-3] + "y"
    if lower.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return lower[:-2]
    return lower[:-1]


def _could_be_meant(word: str, previous: str) -> bool:
    """Whether a later "they", "her"… in a fact could mean ``word`` rather than the person."""
    if word.lower() in PARTNERS and previous.lower() == "your":
        return False  # "your wife is expecting their first baby": the couple's
    if _PERSON_NOUN.fullmatch(word):
        return True
    if re.fullmatch(r"\d{1,2}(?:st|nd|rd|th)?", previous) and re.fullmatch(MONTHS, word, re.IGNORECASE):
        return False  # "on 23 February 2025, their personal best": a date, no one (a June alone may be someone)
    # "is the DM for their group", "the CEO of their firm", "the Manchester marathon with their club" ("the
    # Smiths", a family, are people as plurals are, below)
    role = previous.lower() == "the"
    if re.fullmatch(rf"(?:{WEEKDAYS})s?", word, re.IGNORECASE):
        return False  # "every Sunday with their parents": a day, no one (a June may be someone)
    # A partner's name: "their" after it is the couple's, theirs and the person's ("your wife Ana is expecting
    # their first baby", written from "our"); a relative's own is "his" or "her" in what the engine writes.
    partner = previous.lower() in PARTNERS
    if (
        word[:1].isupper()
        and word != "I"
        and previous.lower() not in (*_PLACE_PREPOSITIONS, *_PLACE_VERBS, "a", "an")
        and not role
        and not partner
    ):
        return True  # a name; "in Lyon", "on Monday", "a Minecraft server" are not someone
    if word[:1].isupper() and (previous.lower() in _PLACE_PREPOSITIONS or previous.lower() in _PLACE_VERBS):
        return False  # "lives in Leeds with their partner": a place, not people (whatever its last letter)
    lower = word.lower()
    plural = lower.endswith("s") and not lower.endswith(("ss", "us", "is", "'s")) and lower not in _THINGS
    return plural and lower.isalpha() and len(lower) >= 4 and lower not in STOPWORDS


# A relative whose "his" or "her" is their own ("your sister lost her job"), said back as it is.
_KIN_PRONOUNS = {
    **dict.fromkeys(HE_RELATIONS, frozenset({"he", "him", "his", "himself"})),
    **dict.fromkeys(SHE_RELATIONS, frozenset({"she", "her", "hers", "herself"})),
}
# Things, never someone "their" could mean: "got the keys to their first house".
_THINGS = frozenset({"keys", "contracts", "results", "papers", "grades", "bills", "glasses", "clothes", "shoes"})


def _subject_and_verb(rest: str, *, plural: bool) -> tuple[str, str] | None:
    """ "you" and the verb of the person's sentence ("really loves hiking" → "you really love"), and the rest."""
    words = rest.split()
    adverbs = []
    while len(words) > 1 and words[0].lower() in ADVERB_WORDS:
        adverbs.append(words.pop(0).lower())
    if not words:
        return None
    verb = words.pop(0)
    form = verb.lower() if plural and re.fullmatch(r"[a-z]+(?:n't)?", verb.lower()) else _you_verb(verb)
    if not form:
        return None
    head = "you're" if form == "are" and not adverbs else " ".join(["you", *adverbs, form])
    return head, " ".join(words)


_COUPLE = re.compile(
    r"\s+and (?:their|his|her) (?P<who>[\w-]+) (?P<verb>are|have|were|moved|celebrated|got|bought|adopted|welcomed)\b"
)


def second_person(fact: str, person: Person) -> str:
    """``fact`` about the person said to them: "Alice is vegetarian" → "you're vegetarian".

    "" when the fact does not start with the person, or cannot be said cleanly: a verb these
    rules do not know, a name or a "they", "her" that could mean someone else. Without a
    pronoun the memories use for the person, "his" and "her" always could.
    """
    text = " ".join(fact.split()).rstrip(" .!;,")
    pattern = person.pattern()
    named = pattern.match(text) if pattern else None
    they = re.match(r"they(?P<contraction>'re|'ve|'ll|'d)?(?![\w'])", text, re.IGNORECASE)
    pronoun = re.match(r"(?:she|he)(?![\w'])", text, re.IGNORECASE)
    subject_is_person = True
    if named and named["possessive"]:
        rest = text[named.end() :].strip()
        following = rest.split(" ", 1)[0].lower()
        head = "you've" if following == "been" else "you're" if following in _AFTER_IS else "your"
        if head == "you've":
            rest = rest[len("been") :].strip()
            head = "you've been"
        subject_is_person = head != "your"
    elif they and they["contraction"]:
        head, rest = "you" + they["contraction"].lower(), text[they.end() :].strip()
    elif named and (couple := _COUPLE.match(text[named.end() :])):  # "Alice and their husband are going…"
        head, rest = f"you and your {couple['who']} {couple['verb']}", text[named.end() + couple.end() :].strip()
    else:
        subject = they or named or (pronoun if pronoun and pronoun[0].lower() == person.pronoun else None)
        said = _subject_and_verb(text[subject.end() :], plural=they is not None) if subject else None
        if said is None:
            return ""
        head, rest = said
    if pattern:
        rest = pattern.sub(lambda match: "your" if match["possessive"] else "you", rest)
    words: list[str] = []
    someone_else = False
    kin: frozenset[str] = frozenset()  # the pronouns of the relative the fact is about: theirs, kept
    tokens = rest.split()
    for index, token in enumerate(tokens):
        parts = re.fullmatch(r"(?P<lead>\W*)(?P<core>.*?)(?P<trail>[^\w']*)", token)
        assert parts is not None  # the pattern matches any token
        core, lower = parts["core"], parts["core"].lower()
        previous = words[-1].strip(",;:") if words else head.split()[-1]
        following = re.sub(r"\W", "", tokens[index + 1]).lower() if index + 1 < len(tokens) else ""
        if previous.lower() == "your" and lower in _KIN_PRONOUNS:  # "your brother passed his driving test"
            kin = _KIN_PRONOUNS[lower]
        if previous == "you" and lower in _YOU_VERBS:  # "… that you is"
            core = _YOU_VERBS[lower]
        elif lower in kin:
            pass  # the relative's own: "his driving test"
        elif lower in _THEIR or lower in _GENDERED.get(person.pronoun, {}):
            if someone_else:
                return ""
            core = _THEIR.get(lower) or _GENDERED[person.pronoun][lower]
            if lower == "her":
                core = "your" if following and following not in STOPWORDS else "you"
        elif lower in ("he", "she", "him", "his", "her", "hers", "himself", "herself"):
            return ""
        elif (
            subject_is_person
            and (previous.lower() in ("and", "but", "or") or (words and words[-1].endswith(",")))
            and (lower in _YOU_VERBS or _you_verb(core) in _COMMON_VERBS)
        ):
            core = _you_verb(core)  # "… and lives in Lyon"
        elif core and lower not in ("you", "your") and _could_be_meant(core, previous):
            someone_else = True
        words.append(parts["lead"] + core + parts["trail"])
    spoken = " ".join([head, *words])
    spoken = re.sub(r"^you have (?=been\b|had\b|never\b|\w+ed\b)", "you've ", spoken)  # "you've been a nurse for years"
    if person.named_in(spoken) or re.search(r"[<>\[\]{}|\"]", spoken) or word_count(spoken) > 25:
        return ""
    return spoken
