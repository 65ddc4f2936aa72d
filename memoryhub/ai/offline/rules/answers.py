"""Short answers to someone else's question: "what do you all do for work?" — "accountant 😐",
"drop your birthdays" — "nov. 11th", "anyone speak Japanese?" — "only Swedish and English"."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Builder, Fact, Said, revised
from memoryhub.ai.offline.rules.pastimes import ACTIVITIES, LANGUAGES
from memoryhub.ai.offline.rules.pets import pet_named, pet_waiting
from memoryhub.ai.offline.rules.work import studies_rule
from memoryhub.ai.offline.text import article_for, join_names, lowered_as_said, name_token, topics_of
from memoryhub.ai.offline.vocabulary import JOB, MONTH_NAMES, NON_ANSWERS, PETS, word_set

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}[.\u2024]?"
DATE = (
    rf"(?P<month>{_MONTH}) (?P<day>[0-3]?\d)(?:st|nd|rd|th)?\b|(?P<day2>[0-3]?\d)(?:st|nd|rd|th)? (?:of )?"
    rf"(?P<month2>{_MONTH})(?![a-z])"
)


def date_text(match: re.Match[str]) -> str:
    """ "nov. 11th" → "November 11", "29 feb" → "February 29"."""
    month = (match["month"] or match["month2"]).lower().strip(".\u2024")
    full = MONTH_NAMES.get(month[:3], "")
    if not full or (
        len(month) > 3 and not full.lower().startswith(month[:4].rstrip("t") if month != "sept" else "sep")
    ):
        return ""
    day = int(match["day"] or match["day2"])
    return f"{full} {day}" if 1 <= day <= 31 else ""


def date_in(text: str) -> str:
    """The date ``text`` names with its month ("on the 28th of March", "3 March", "March 3rd") as "on
    March 28"; "" if none."""
    date = re.search(rf"\b(?:on )?(?:the )?(?:{DATE})", text, re.IGNORECASE)
    return f"on {date_text(date)}" if date and date_text(date) else ""


def _job(match: re.Match[str], said: Said) -> Fact | None:
    job = lowered_as_said(match["job"])  # "UX designer"
    text = f"{said.name} is {article_for(job)} {job}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")
    if match["org"]:
        org = match["org"].strip(" .!")
        fact.text += f" at {org}"
        fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s employer"))
    return fact


def _age(match: re.Match[str], said: Said) -> Fact | None:
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age"
    )


def _birthday(match: re.Match[str], said: Said) -> Fact | None:
    date = date_text(match)
    if not date:
        return None
    return said.fact(
        f"{said.name}'s birthday is {date}", MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday"
    )


def _languages(match: re.Match[str], said: Said) -> Fact | None:
    languages = re.findall(LANGUAGES, match["what"])
    if not languages:
        return None
    listed = join_names(languages)
    return said.fact(
        f"{said.name} speaks {listed}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("languages", *languages[:2])
    )


def _native(match: re.Match[str], said: Said) -> Fact | None:
    """ "anyone here speak Japanese?" — "native speaker here, DM me!"."""
    question = said.scene.question_text
    languages = re.findall(rf"\b(?:{LANGUAGES})\b", question)
    if len(languages) != 1:
        return None
    how = "is a native speaker of" if "native" in match[0].lower() else "is fluent in"
    return said.fact(
        f"{said.name} {how} {languages[0]}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("languages", languages[0])
    )


# The favourite a question asks about, to its question mark: "(all-time) fav movie (of all time)?".
_FAVOURITE_THING = r"fav(?:ou?rite|e)? (?P<thing>[a-z][\w -]{1,30}?)(?: of all time| ever| rn| right now)?\s*\?"
# "what's your favourite Ghibli film?", or their own "fav movie of all time?": the thing asked about.
FAVOURITE_ASKED = re.compile(
    r"(?:^|\b(?:what(?:'s| is| are)|whats|which is|which's) (?:your|ur|ya|everyone's|y'all's) )(?:all[- ]time "
    rf"|absolute )?{_FAVOURITE_THING}",
    re.IGNORECASE,
)
_NOT_A_VALUE = word_set(
    """i i'm it it's that this idk dunno hmm um uh no nope yes yeah yep not none nothing too so probably maybe
    hard tough good great lol haha oh ok okay what why how you u mine same depends honestly ngl definitely
    here here's there's that's and but or in on at with for from"""
)


# "do you have a favorite podcast?": asked of the other, answered by their "mine is …" only.
HAS_FAVOURITE_ASKED = re.compile(
    r"\b(?:(?:do|have) (?:you|u) (?:have|got) (?:a |any )|(?:^|[.!?]\s+)(?:got|any) (?:a )?)(?:all[- ]time )?"
    + _FAVOURITE_THING,
    re.IGNORECASE,
)


def favourite_answer(value: str, thing: str, said: Said) -> Fact | None:
    """ "Howl's Moving Castle forever" to "what's your favourite Ghibli film?"."""
    value = re.sub(
        r"\s+(?:forever|for sure|obviously|no contest|hands down|easily|duh|of course|always|100%)$", "", value
    )
    value = value.strip(" !.")
    words = value.split()
    if not words or len(words) > 6 or words[0].lower() in _NOT_A_VALUE or "?" in value:
        return None
    value = value if any(c.isupper() for c in value) else value.title() if len(words) > 1 else value
    thing = thing.strip()
    if re.search(r"[^su]s$", thing) and not thing.endswith(
        ("series", "species")
    ):  # "any favorite books?" … "mine is Dune"
        thing = re.sub(r"(?<=sh|ch)es$|(?<=x)es$|s$", "", thing)
    text = f"{said.name}'s favourite {thing} is {value}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("favourites", thing))


def _favourite(match: re.Match[str], said: Said) -> Fact | None:
    asked = FAVOURITE_ASKED.search(said.scene.question_text)
    if asked is None or not asked.group(0).lower().startswith("wh") or "?" in said.clause:
        return None  # only someone else's "what's your favourite…?" is answered by another
    return favourite_answer(match["value"], asked["thing"], said)


_YOUR_PET = re.compile(rf"\b(?:your|ur) (?:new |little |baby )?(?P<species>{PETS})\b.*\bname\b", re.IGNORECASE)


def _pet_named(match: re.Match[str], said: Said) -> Fact | None:
    """ "your dog is adorable, what's his name?" — "that's Pretzel, he's a beagle"."""
    asked = _YOUR_PET.search(said.scene.question_text)
    name = name_token(match["name"])
    if asked is None or not name or not match["name"][0].isupper():
        return None
    species = asked["species"].lower()
    fact = said.fact(f"{said.name} has {article_for(species)} {species}", MemoryKind.FACT, MEDIUM, PERMANENT,
                     topics_of("pets", species))  # fmt: skip
    fact.species = species
    return pet_named(fact, name, said)


# "congrats!! what's her name?" after a birth: the baby's name is asked.
_BABY_NAME_ASKED = re.compile(
    r"\bwhat(?:'s| is| did (?:you|u|y'all|you guys|they) (?:call|name)) (?:her|him|his|them|their"
    r"|the (?:baby|little one|little (?:guy|girl|man|lady))(?:'s)?)(?: name)?\b"
    r"|\bwhat(?:'s| is| are) (?:he|she|they) (?:called|named)\b"  # "congrats!!! what's he called?"
    r"|(?:^|\W)names?\s*\?+\s*$",  # "congrats auntie!! name?"
    re.IGNORECASE,
)
# A birth told by the parent: "…had a baby boy", "…'s wife gave birth to their son", "…'s daughter was born".
_BIRTH = re.compile(
    r"^(?P<before>.+? (?:had an?|gave birth to (?:a|an|their)) (?:baby(?: boy| girl)?|daughter|son"
    r"|little (?:boy|girl)))(?P<after>.*)$"
    r"|^(?P<before2>.+?'s (?:daughter|son|baby(?: boy| girl)?|nephew|niece|grandson|granddaughter|brother|sister"
    r"|cousin))(?P<after2> was born\b.*)$"
)


def newborn_name_asked(question: str, facts: Sequence[Fact], handle: str) -> Fact | None:
    """The birth ``handle`` told (the last of ``facts``) when ``question`` asks the baby's name, else None."""
    if not _BABY_NAME_ASKED.search(question):
        return None
    return next((fact for fact in reversed(facts) if fact.subject == handle and _BIRTH.match(fact.text)), None)


def _baby_named(match: re.Match[str], said: Said) -> Fact | None:
    """ "my daughter was born last Tuesday!" … "what's her name?" … "Aisha": the name joins the birth;
    "I just adopted a cat" … "aww what's her name?" … "Smokey": the pet's."""
    name = name_token(match["name"])
    if not name or not match["name"][0].isupper():
        return None
    birth = newborn_name_asked(said.scene.question_text, said.scene.facts, said.handle)
    if birth is None:
        waiting = pet_waiting(said.scene.facts, said.handle)
        return pet_named(revised(waiting), name, said) if waiting is not None else None
    told = _BIRTH.match(birth.text)
    assert told is not None
    if told["before"]:
        text = f"{told['before']} named {name}{told['after']}"
    else:
        text = f"{told['before2']} {name}{told['after2']}"
    relation = f"{said.name}'s {told['before2'].rsplit(' ', 1)[-1]}" if told["before2"] else ""
    entities = [{**e, "name": name} if e["relationship"] == relation else e for e in birth.entities]
    lines = birth.lines if said.line_index in birth.lines else [*birth.lines, said.line_index]
    return revised(birth, text=text, importance=HIGH, entities=entities, lines=lines)


# What one does for fun, named in answer to "what do you like to do in your free time?".
_PASTIMES = rf"{ACTIVITIES}|gaming|video games|reading|cooking|writing|music|movies|films|travell?ing|travel|netflix"


def _pastimes(match: re.Match[str], said: Said) -> Fact | None:
    """ "what do you like to do in your free time?" — "mostly gaming and hiking"."""
    what = " ".join(match["what"].lower().split())
    text = f"{said.name} likes {what}"
    return said.fact(
        text,
        MemoryKind.PREFERENCE,
        MEDIUM,
        PERMANENT,
        topics_of("hobbies", *re.split(r",? (?:and|&|or) |, ", what)[:2]),
    )


# Replies to "what are you studying?" that name no subject.
_NO_SUBJECT = NON_ANSWERS | word_set("nothing nah yeah same undecided dropped")


# The year of study said after the subject: "computer science at Edinburgh, final year".
_YEAR_OF_STUDY = re.compile(
    r",\s*(?:in )?(?:my )?(?:first|second|third|fourth|final|last|\d(?:st|nd|rd|th)) year\W*$", re.I
)


def _studies(match: re.Match[str], said: Said) -> Fact | None:
    """ "what are you studying?" — "chemical engineering", the whole message ("big news, my…" is not;
    "… at Edinburgh, final year" is)."""
    line = _YEAR_OF_STUDY.sub("", said.scene.line_text)
    if "," in line or match["subject"].split()[0].lower() in _NO_SUBJECT:
        return None
    return studies_rule(match, said)


_MANAGER_ASKED = re.compile(
    r"\bwho(?:'s| is) (?:your|ur) (?:new )?(?P<who>manager|boss|line manager|team lead)\b", re.I
)


def _manager_named(match: re.Match[str], said: Said) -> Fact | None:
    """ "who's your new manager?" … "Priyanka": their manager, by name ("she's great" names none)."""
    name = name_token(match["name"])
    asked = _MANAGER_ASKED.search(said.scene.question_text)
    if not name or asked is None or name.lower() in ("she", "he", "they", "it", "mine", "no", "not"):
        return None
    who = asked["who"].lower()
    entity = said.entity(EntityType.PERSON, name, f"{said.name}'s {who}")
    text = f"{said.name}'s {who} is {name}"
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("work", who), entities=[entity])


# (question, answer read in one comma part of the reply, builder)
TYPED_ANSWERS: list[tuple[re.Pattern[str], re.Pattern[str], Builder]] = [
    (
        re.compile(
            r"\bwhat (?:do|does) (?:you|u|y'all|ya|everyone|you all|you guys|people|ppl|everybody)(?: \w+)? do\b"
            r"|\bfor (?:work|a living)\b|\bwhat(?:'s| is) (?:your (?:new )?|the new )(?:job|line of work|role)\b"
            r"|\bwhat line of work\b",
            re.IGNORECASE,
        ),
        re.compile(
            rf"(?:I'm |I am )?(?:an? )?(?P<job>(?:[\w-]{{1,20}} ){{0,2}}?{JOB})(?: (?:at|for) (?P<org>.{{1,50}}))?"
            r"(?: here| by day)?",
            re.IGNORECASE,
        ),
        _job,
    ),
    (
        re.compile(r"\bhow old\b|\bages?\b", re.IGNORECASE),
        re.compile(r"(?:I'm |I am )?(?P<age>[1-9]\d)(?: here| y/?o| years old| yrs old)?", re.IGNORECASE),
        _age,
    ),
    (
        re.compile(r"\b(?:birthdays?|bdays?)\b", re.IGNORECASE),
        re.compile(rf"(?:mine(?:'s| is) |my (?:birthday|bday)(?:'s| is) |it's )?(?:{DATE})", re.IGNORECASE),
        _birthday,
    ),
    (
        re.compile(r"\bspeaks?\b", re.IGNORECASE),
        re.compile(
            rf"(?:only |just |I speak |fluent in |I'm fluent in )?"
            rf"(?P<what>(?:{LANGUAGES})(?:(?:,| and| &| or) (?:{LANGUAGES}))*)"
            r"(?: only| sorry| though| tho)*",
            re.IGNORECASE,
        ),
        _languages,
    ),
    (
        re.compile(r"\bspeaks?\b", re.IGNORECASE),
        re.compile(
            r"(?:yes |yep |yeah |me |I do )?(?:I'm )?(?:a )?(?:native(?: speaker)?|fluent)(?: here| actually)?", re.I
        ),
        _native,
    ),
    (
        re.compile(
            r"\b(?:free time|spare time|for fun|hobbies|hobby|(?:like|love|enjoy) (?:to do|doing))\b", re.IGNORECASE
        ),
        re.compile(
            r"(?:(?:mostly|mainly|probably|usually|lots of|a lot of) )?(?:I (?:like|love|enjoy) |I'm into )?"
            rf"(?P<what>(?:{_PASTIMES})(?:(?:,| and| &| or) (?:{_PASTIMES}))*)(?: mostly| lol| haha| tbh| honestly)?",
            re.IGNORECASE,
        ),
        _pastimes,
    ),
    (
        re.compile(
            r"\bwhat (?:are|r) (?:you|u|y'all|you all)(?: \w+)? (?:studying|majoring in)\b"
            r"|\bwhat (?:do|did) (?:you|u)(?: \w+)? (?:study|major in)\b"
            r"|\bwhat(?:'s| is) your (?:major|degree|course)\b",
            re.IGNORECASE,
        ),
        re.compile(r"(?:I'm |I am )?(?:studying |majoring in |doing )?(?P<subject>[A-Za-z][\w&-]*(?: [\w&-]+){0,3})"),
        _studies,
    ),
    (
        _BABY_NAME_ASKED,
        re.compile(
            r"(?:(?:her|his|their) name(?:'s| is) |it's |we (?:called|named) (?:her|him|them) |(?:she|he)'s )?"
            r"(?P<name>[A-Za-z][\w'-]{1,20})(?: \W+)?"
        ),
        _baby_named,
    ),
    (
        _MANAGER_ASKED,
        re.compile(
            r"(?:it's |(?:she|he)'s called )?(?P<name>(?-i:[A-Z])[a-z-]+(?: (?-i:[A-Z])[a-z-]+)?)(?: \W+)?", re.I
        ),
        _manager_named,
    ),
    (FAVOURITE_ASKED, re.compile(r"(?P<value>[^,?]{2,50})"), _favourite),
    (
        _YOUR_PET,
        re.compile(
            r"(?:(?:thank you|thanks|aw+|haha)\W*)?(?:that's|this is|it's|his name is|her name is|he's|she's|meet)"
            r" (?P<name>[A-Za-z][\w'-]{1,20})"
        ),
        _pet_named,
    ),
]
