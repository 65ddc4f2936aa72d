"""The offline engine: the LLM used when no ``OPENAI_API_KEY`` is set (PRODUCT.md §2.1, §4.1).

It speaks the same interface as the OpenAI implementation, so the same pipeline runs on it:
extraction answers with one ``record_memories`` tool call, profiles with ``write_profile``,
summaries and chat replies with text. Everything is rules over regular expressions: no
network, no model, and the same input always gives the same output.

Extraction reads the prompt back with :func:`extraction_prompt_parse` (what a real model
reads) and walks the conversation line by line, clause by clause:

- a table of first-person rules ("my name is…", "I work as…", "I'm moving to…", "I hate…",
  pets, family, plans, feelings) turns a clause into a fact about the SPEAKER, written in
  the third person and naming them;
- "<member> got engaged / a new job / …" gives a fact about that known member, "reported by"
  the speaker; names that are not participants or known members get nothing;
- a short answer to another person's "where are you moving?" completes the question;
- a speaker's following messages that add details (a time, a number, a name, "that startup…")
  are folded into their last fact, so rapid-fire messages make one memory (seed 002 §4.6);
- near-duplicates of an existing memory (word Jaccard ≥ 0.7, or the same slot such as
  "lives in") become updates of that memory; a memory repeated word for word is skipped;
- at most 5 operations per person and 15 in all, the most important first;
- participants who learned a permanent fact about themselves get their profile paragraph
  rewritten (old profile minus what the new facts replace, plus the new facts, < 120 words).
  Hearsay never rewrites a profile, and known members' profiles are not in the prompt.

Summaries are extractive: the facts the same rules find, then the most topical lines
("Bob said "…"."), in conversation order, within the word and sentence limits asked for.
Profiles sort remembered facts into summary, preferences, personality and habits. Chat
replies are short templates spoken to the person: at most two remembered facts that share a
word with their message, turned into the second person ("you work as a nurse").

Token counts are estimates: words * 4 / 3, rounded up (a common rule of thumb for English
with OpenAI's tokenisers). They are only there so cost accounting has numbers to add up.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from memories.extraction_tool import (
    BOT_HANDLE,
    CONVERSATION_START,
    PROFILE_TOOL_NAME,
    REDACTED,
    REMEMBER_TOOL_NAME,
    TALKING_WITH,
    TOOL_NAME,
    ConversationLine,
    conversation_lines_parse,
    extraction_prompt_parse,
    profile_prompt_parse,
    summary_limits_parse,
)
from memories.models import MEMORY_MAX_LENGTH, EntityType, MemoryKind
from memoryhub.ai.types import Completion, Message, Purpose, Tool, ToolCall

MODEL_NAME = "offline"
MAX_OPERATIONS_PER_PERSON = 5
MAX_OPERATIONS = 15
UPDATE_SIMILARITY = 0.7  # word Jaccard at which a new fact replaces an existing memory (PRODUCT.md §4.1)
PROFILE_MAX_WORDS = 119  # "under 120 words"
# How many other people's lines may come between a fact and its speaker's follow-up detail.
MAX_DETAIL_GAP = 3
MAX_DETAILS = 4
MAX_DETAIL_WORDS = 12

HIGH, MEDIUM, LOW = "high", "medium", "low"
_IMPORTANCE_RANK = {HIGH: 0, MEDIUM: 1, LOW: 2}
PERMANENT = "permanent"

# --- Vocabulary -----------------------------------------------------------------------------


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_WEEKDAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
_SOON_TIME = (
    rf"today|tonight|tomorrow(?: (?:morning|afternoon|evening|night))?"
    rf"|this (?:week(?:end)?|morning|afternoon|evening|{_WEEKDAYS})|next (?:week(?:end)?|{_WEEKDAYS})"
    rf"|on (?:{_WEEKDAYS})s?|over the weekend|later (?:today|tonight|this week)"
    rf"|in (?:a day|a few days|a couple of days|two days|three days|\d days)"
)
_LATER_TIME = (
    rf"next (?:month|year|summer|winter|spring|fall|autumn)|this (?:month|year|summer|winter|spring|fall|autumn)"
    rf"|later this (?:month|year)|in (?:{_MONTHS})|in (?:a|one|two|three|four|a few|a couple of|\d+) "
    rf"(?:weeks?|months?|years?)|(?:at|by) the end of the (?:week|month|year)|soon"
)
_TIME = re.compile(rf"\b(?:{_SOON_TIME}|{_LATER_TIME})\b", re.IGNORECASE)
_SOON = re.compile(rf"(?:{_SOON_TIME})", re.IGNORECASE)

_JOBS = (
    "accountant|actor|actress|administrator|analyst|architect|artist|baker|barber|barista|bartender|builder"
    "|butcher|carpenter|cashier|chef|chemist|cleaner|clerk|coach|consultant|contractor|cook|cop|counsell?or"
    "|dentist|designer|dev|developer|doctor|driver|economist|editor|electrician|engineer|farmer|firefighter"
    "|freelancer|gardener|hairdresser|historian|intern|janitor|journalist|judge|lawyer|lecturer|librarian"
    "|lifeguard|linguist|machinist|manager|mechanic|midwife|miner|musician|nanny|nurse|officer|painter"
    "|paralegal|paramedic|pharmacist|photographer|physician|physicist|physiotherapist|pilot|plumber|poet"
    "|producer|professor|programmer|psychiatrist|psychologist|receptionist|reporter|researcher|sailor"
    "|salesman|scientist|secretary|singer|soldier|streamer|student|surgeon|surveyor|sysadmin|tailor|teacher"
    "|technician|therapist|trader|translator|trucker|tutor|vet|veterinarian|waiter|waitress|welder|writer"
    "|youtuber"
)
_PETS = (
    "dog|cat|puppy|kitten|hamster|rabbit|bunny|parrot|bird|goldfish|fish|snake|lizard|turtle|tortoise"
    "|horse|guinea pig|ferret|gecko|hedgehog|rat"
)
_FAMILY = (
    "sister|brother|mom|mum|mother|dad|father|wife|husband|son|daughter|girlfriend|boyfriend|partner"
    "|fianc[ée]e?|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|niece|nephew|twin"
    "|stepmom|stepdad|stepsister|stepbrother|kid|child"
)
_FRIENDS = "best friend|friend|roommate|flatmate|neighbou?r"
_COLLEAGUES = "boss|coworker|co-worker|colleague|manager"
_RELATIONS = f"{_FAMILY}|{_FRIENDS}|{_COLLEAGUES}"
_FEELINGS = (
    "tired|exhausted|excited|stressed out|stressed|sad|happy|anxious|nervous|worried|angry|mad|upset|bored"
    "|lonely|sick|ill|frustrated|depressed|overwhelmed|burnt out|burned out|drunk|thrilled|pumped|hyped"
    "|scared|proud|grateful|thankful|relieved|annoyed|confused|sleepy|hungover|homesick|heartbroken"
    "|furious|miserable|ecstatic|stoked"
)
_NEGATIVE_FEELINGS = _word_set(
    "tired exhausted stressed sad anxious nervous worried angry mad upset bored lonely sick ill frustrated"
    " depressed overwhelmed burnt burned scared annoyed confused sleepy hungover homesick heartbroken"
    " furious miserable"
)
_INTENSIFIERS = (
    r"(?: (?:so+|really|very|super|pretty|kinda|kind of|a bit|a little|quite|totally|extremely"
    r"|incredibly|absolutely|just|honestly|lowkey|literally|soo+))*"
)
_ADVERBS = r"(?: (?:just|really|absolutely|totally|honestly|genuinely|also|still|kinda|actually|do|truly))?"

_STOPWORDS = _word_set(
    """a about above after again against all am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
    here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its
    itself let's me more most mustn't my myself no nor not of off on once only or other ought our ours
    ourselves out over own same shan't she she'd she'll she's should shouldn't so some such than that
    that's the their theirs them themselves then there there's these they they'd they'll they're they've
    this those through to too under until up very was wasn't we we'd we'll we're we've were weren't what
    what's when when's where where's which while who who's whom why why's will with won't would wouldn't
    you you'd you'll you're you've your yours yourself yourselves yeah yes yep ok okay oh lol haha hey hi
    hello just like really got get gonna wanna also well now then actually anyone anybody guys thing
    things much many lot lots one way know think going still even though said says say"""
)
# Words that look like a name after "call me" / "my sister" but are not one.
_NOT_NAMES = _STOPWORDS | _word_set(
    "later tomorrow tonight back maybe sometime anytime whenever crazy old anything whatever lives works is"
    " was has had said says got just who that named called"
)
_OBJECT_PRONOUNS = _word_set("it that this them you him her those these how when what u ya ur your")
_FILLERS = (
    r"yeah|yea|yes|yep|yup|oh|ok|okay|well|lol|lmao|haha\w*|omg|wow|um+|uh+|hmm+|btw|also|and|anyway|actually"
    r"|so|like|nice|cool|great|no way|hey|man|dude|bro|guys"
)
_LEADING_FILLERS = re.compile(rf"^(?:(?:{_FILLERS})\b[\s,!.]*)+", re.IGNORECASE)
_TRAILING_FILLERS = re.compile(r"[\s,]*(?:\b(?:actually|lol|lmao|haha\w*|tbh|too|though|honestly)\b[\s!.]*)+$", re.I)
_CONTINUATION = re.compile(
    r"^(?:that|the|they|they're|they've|it|it's|which|who|where|at|in|with|for|from|to|and|plus|starting"
    r"|since|because|cause|he|she|his|her|its|their|them|named|called|especially|mostly)\b",
    re.IGNORECASE,
)
_QUESTION_START = re.compile(
    r"^(?:do|does|did|is|are|am|was|were|can|could|would|should|will|what|where|when|why|how|who|which"
    r"|anyone|anybody|have|has|ever|any|u|you|wanna|want)\b",
    re.IGNORECASE,
)
# A clause ends at a full stop or a conjunction that starts a new thought.
_CLAUSE_CUT = re.compile(
    r"\s*(?:\b(?:because|since|cause|cuz|coz|but|though|although|while|whereas|unless|lol|lmao|rofl"
    r"|haha\w*|hehe\w*|tbh|honestly|imo|idk)\b|[;:!?()]|\.(?:\s|$)|\s[-\u2013\u2014]\s).*$",
    re.IGNORECASE | re.DOTALL,
)
_PLACE_STOP = (
    r"now|next|this|last|in|on|for|with|and|but|or|because|since|soon|tomorrow|today|tonight|later|by"
    r"|after|before|to|where|which|who|that|when|near|outside|actually|lol|haha|eventually|finally|again"
    r"|too|forever|permanently|temporarily|someday|probably|maybe|hopefully|i|we|so|then|already|yet"
    r"|right|at|from|is|was|it|its|it's|and|with|like|tho|though|currently|anymore"
)
_PLACE = re.compile(
    rf"^(?!(?:{_PLACE_STOP})\b)(?P<place>[a-z][\w'.-]*(?:\s+(?!(?:{_PLACE_STOP})\b)[a-z][\w'.-]*){{0,3}})",
    re.IGNORECASE,
)
_ABBREVIATIONS = _word_set("uk us usa nyc la sf dc uae eu nz")
_SMALL_WORDS = _word_set("of the and de upon on la")


# --- Text helpers ---------------------------------------------------------------------------


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _content_words(text: str) -> list[str]:
    return [w for w in _words(text) if w not in _STOPWORDS and (len(w) >= 3 or w.isdigit())]


def _word_count(text: str) -> int:
    return len(text.split())


def _tokens(text: str) -> int:
    return math.ceil(_word_count(text) * 4 / 3)


def _jaccard(first: str, second: str) -> float:
    a, b = set(_words(first)), set(_words(second))
    return len(a & b) / len(a | b) if a and b else 0.0


def _clip(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:-—") + "…"


_TYPOGRAPHIC_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _normalise(text: str) -> str:
    """Straight apostrophes and the chat spellings of "I'm", "don't"… so the rules read one spelling."""
    text = text.translate(_TYPOGRAPHIC_QUOTES)
    for pattern, replacement in (
        (r"\bim\b", "I'm"),
        (r"\bive\b", "I've"),
        (r"\bdont\b", "don't"),
        (r"\bcant\b", "can't"),
        (r"\bi\b", "I"),
    ):
        text = re.sub(pattern, replacement, text, flags=re.IGNORECASE)
    return " ".join(text.split())


def _clauses(text: str) -> list[str]:
    """Sentences, further split where a new first-person statement starts ("…, and I live in…")."""
    parts = re.split(
        r"(?<=[.!?])\s+|\s*;\s*|,\s*(?:(?:and|but|so)\s+)?(?=(?:I|I'm|I've|I'll|my)\b)"
        r"|\s+(?:and|but|so)\s+(?=(?:I|I'm|I've|I'll|my)\b)",
        text,
        flags=re.IGNORECASE,
    )
    return [part.strip() for part in parts if part and part.strip()]


def _is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") and bool(_QUESTION_START.match(_strip_fillers(clause)))


def _strip_fillers(text: str) -> str:
    return _TRAILING_FILLERS.sub("", _LEADING_FILLERS.sub("", text.strip())).strip()


def _cut(text: str, *, max_words: int = 10, commas: bool = False) -> str:
    """The phrase at the start of ``text``: up to the end of its clause, at most ``max_words``."""
    text = _CLAUSE_CUT.sub("", text)
    if not commas:
        text = text.split(",")[0]
    words = text.split()[:max_words]
    return " ".join(words).strip(" ,.'\"")


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _place(raw: str, *, there: str = "") -> str:
    """A place name from the start of ``raw``; "there" means the last place mentioned."""
    raw = raw.strip(" ,.!?")
    if re.match(r"^there\b", raw, re.IGNORECASE):
        return there
    match = _PLACE.match(raw)
    if not match:
        return ""
    place = match["place"].strip(" .'")
    words = place.split()
    if place == place.lower() and words[0] not in ("a", "an", "the", "my", "our", "their", "his", "her"):
        words = [w if w in _SMALL_WORDS and i else w.capitalize() for i, w in enumerate(words)]
    return " ".join(w.upper() if w.lower() in _ABBREVIATIONS else w for w in words)


def _name_token(raw: str) -> str:
    name = raw.strip(" ,.!?'\"")
    if not name or name.lower() in _NOT_NAMES or not name[0].isalpha():
        return ""
    return name[0].upper() + name[1:]


_NO_CONJUGATION = _word_set(
    """can could will would shall should may might must did had was were got went made saw took came bought
    found met left lost ran won sent told said thought felt kept began became gave wrote ate drove flew sold
    paid heard knew built spent brought caught taught fell put set let cut hit read quit"""
)
_ADVERB_WORDS = _word_set(
    """just really also still never always finally totally actually already even usually often sometimes
    literally kinda probably definitely absolutely honestly basically recently only mostly seriously
    genuinely"""
)


def _conjugate(verb: str) -> str:
    lower = verb.lower()
    if lower in _NO_CONJUGATION or "'" in lower or lower.endswith("ed") or not lower.isalpha():
        return verb
    irregular = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is"}
    if lower in irregular:
        return irregular[lower]
    if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _literal(value: str) -> Callable[[re.Match[str]], str]:
    """A replacement for re.sub that is taken as is (a name may contain a backslash)."""
    return lambda _match: value


def _third_person(text: str, name: str) -> str:
    """Rewrite the speaker's "I / me / my" as "<name> / <name> / their" so a fact stands alone."""
    for pattern, replacement in (
        (r"\bI'm\b|\bI am\b", f"{name} is"),
        (r"\bI've\b|\bI have\b", f"{name} has"),
        (r"\bI'll\b", f"{name} will"),
        (r"\bI'd\b", f"{name} would"),
        (r"\bI was\b", f"{name} was"),
        (r"\bI don't\b|\bI do not\b", f"{name} doesn't"),
        (r"\bmyself\b", "themselves"),
        (r"\bmine\b", "theirs"),
        (r"\bmy\b", "their"),
        (r"\bme\b", name),
    ):
        text = re.sub(pattern, _literal(replacement), text, flags=re.IGNORECASE)

    def verb(match: re.Match[str]) -> str:
        adverb, word = match["adverb"] or "", match["verb"]
        return f"{name} {adverb}{_conjugate(word)}"

    adverbs = "|".join(sorted(_ADVERB_WORDS))
    text = re.sub(rf"\bI (?P<adverb>(?:{adverbs}) )?(?P<verb>[\w']+)", verb, text)
    return re.sub(r"\bI\b", _literal(name), text)


_MONTH_OR_DAY = re.compile(rf"\b(?:{_MONTHS.replace('may|', '')}|{_WEEKDAYS})\b|\b(?<=in )may\b", re.IGNORECASE)


def _tidy(text: str) -> str:
    text = _MONTH_OR_DAY.sub(lambda match: match[0].capitalize(), " ".join(text.split()))
    return text.strip(" ,;")


def _topics(*items: str) -> list[str]:
    topics: list[str] = []
    for item in items:
        topic = item.lower().strip()[:40]
        if topic and topic not in topics:
            topics.append(topic)
    return topics[:5]


def _message_text(message: Message) -> str:
    content = message.get("content") or ""
    if isinstance(content, list):  # OpenAI content parts
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


def _join_names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# --- Facts ------------------------------------------------------------------------------------


@dataclass
class _Fact:
    subject: str  # the handle the fact is ABOUT
    text: str  # third person, naming the subject
    kind: str
    importance: str
    expiration: str
    topics: list[str]
    speaker: str  # handle of who said it
    speaker_name: str
    source: str  # the clause it came from
    slot: str = ""  # what a new value replaces: "name", "home", "job", "age"… (see _SLOTS)
    reported: bool = False  # said by someone else about the subject
    details: list[str] = field(default_factory=list)
    entities: list[dict[str, Any]] = field(default_factory=list)
    species: str = ""  # a pet still waiting for its name
    pet: str = ""
    partner_open: bool = False  # "got engaged" waiting for "to whom"
    time: str = ""
    question: str = ""  # the other person's question this fact answers
    lines: list[int] = field(default_factory=list)

    @property
    def content(self) -> str:
        text = self.text + (" — " + ", ".join(self.details) if self.details else "")
        return _clip(_tidy(text), MEMORY_MAX_LENGTH)


@dataclass(frozen=True)
class _Said:
    """One clause, with who said it and where."""

    handle: str
    name: str
    clause: str
    line_index: int
    reader: _Reader

    def fact(self, text: str, kind: str, importance: str, expiration: str, topics: list[str], **extra: Any) -> _Fact:
        return _Fact(
            subject=self.handle,
            text=text,
            kind=kind,
            importance=importance,
            expiration=expiration,
            topics=topics,
            speaker=self.handle,
            speaker_name=self.name,
            source=self.clause,
            lines=[self.line_index],
            **extra,
        )

    def entity(self, type_: str, name: str, relationship: str = "", **attributes: str) -> dict[str, Any]:
        return {
            "user_id": self.handle,
            "type": type_,
            "name": name,
            "relationship": relationship,
            "attributes": {key: value for key, value in attributes.items() if value},
        }


def _expiration_for(time: str) -> str:
    return "7d" if time and _SOON.fullmatch(time) else "30d"


def _time_in(text: str) -> str:
    match = _TIME.search(text)
    return match[0].lower() if match else ""


# --- The rules: (pattern, builder); a builder returns None when the match is not a fact after all ---

Builder = Callable[[re.Match[str], _Said], _Fact | None]


def _name(match: re.Match[str], said: _Said) -> _Fact | None:
    name = _name_token(match["name"])
    if not name:
        return None
    second = (match["second"] or "").strip()
    if second and second[0].isupper() and second.lower() not in _NOT_NAMES:
        name = f"{name} {second}"
    if "call me" in match["how"].lower():
        text = f"{said.name} likes to be called {name}"
    else:
        text = f"{said.name}'s name is {name}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["name"], slot="name")


def _said_place(raw: str, said: _Said) -> str:
    """The place in ``raw`` ("my parents' place" becomes "their parents' place")."""
    return _third_person(_place(raw, there=said.reader.last_place), said.name)


def _place_entity(fact: _Fact, said: _Said, place: str, relationship: str) -> None:
    if place[:1].isupper():  # a named place, not "their parents' place"
        fact.entities.append(said.entity(EntityType.PLACE, place, relationship))


def _move(match: re.Match[str], said: _Said) -> _Fact | None:
    place = _said_place(match["place"] or "", said)
    time = _time_in(said.clause)
    if not place and not time:
        return None
    text = f"{said.name} is moving" + (f" to {place}" if place else "") + (f" {time}" if time else "")
    fact = said.fact(text, MemoryKind.PLAN, HIGH, "30d", _topics("moving", place), time=time)
    _place_entity(fact, said, place, f"where {said.name} is moving")
    return fact


def _lives(match: re.Match[str], said: _Said) -> _Fact | None:
    place = _said_place(match["place"], said)
    if not place:
        return None
    fact = said.fact(f"{said.name} lives in {place}", MemoryKind.FACT, HIGH, PERMANENT, _topics("home", place))
    fact.slot = "home"
    _place_entity(fact, said, place, f"where {said.name} lives")
    return fact


def _origin(match: re.Match[str], said: _Said) -> _Fact | None:
    place = _said_place(match["place"], said)
    if not place:
        return None
    fact = said.fact(f"{said.name} is from {place}", MemoryKind.FACT, HIGH, PERMANENT, _topics("origin", place))
    fact.slot = "origin"
    _place_entity(fact, said, place, f"where {said.name} is from")
    return fact


def _works_as(match: re.Match[str], said: _Said) -> _Fact | None:
    job = _cut(match["job"], max_words=6)
    if not job or job.split()[0].lower() in _OBJECT_PRONOUNS:
        return None
    head = re.split(r"\s+(?:at|for|in|with)\s+", job)[0].split()[-1]
    text = f"{said.name} works as {_article(job)} {job}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, _topics("work", head), slot="job")


def _job_title(match: re.Match[str], said: _Said) -> _Fact | None:
    job = match["job"].lower()
    rest = re.match(r"^\s+(?:at|for|in|with)\s+\S.*", match["rest"] or "")
    where = _cut(rest[0], max_words=6) if rest else ""
    text = f"{said.name} is {_article(job)} {job}" + (f" {where}" if where else "")
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, _topics("work", job.split()[-1]), slot="job")
    employer = re.match(r"^(?:at|for) (?P<org>.+)", where, re.IGNORECASE)
    if employer:
        fact.entities.append(said.entity(EntityType.ORGANISATION, employer["org"], f"{said.name}'s employer"))
    return fact


def _works_at(match: re.Match[str], said: _Said) -> _Fact | None:
    place = _cut(match["org"], max_words=5)
    if not place or place.split()[0].lower() in _OBJECT_PRONOUNS:
        return None
    preposition = match["prep"].lower()
    if place.lower() == "home":
        return said.fact(f"{said.name} works from home", MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "home"])
    if preposition == "from":
        return None
    when = (match["when"] or "").lower()
    fact = said.fact(
        f"{said.name} works {when}{preposition} {place}",
        MemoryKind.FACT,
        HIGH,
        PERMANENT,
        _topics("work", place),
        slot="employer" if preposition != "in" else "field",
    )
    if preposition != "in":
        fact.entities.append(said.entity(EntityType.ORGANISATION, place, f"{said.name}'s employer"))
    return fact


def _studies(match: re.Match[str], said: _Said) -> _Fact | None:
    subject = _cut(match["subject"], max_words=6)
    if not subject or subject.split()[0].lower() in (*_OBJECT_PRONOUNS, "for", "hard", "a", "all", "tonight"):
        return None
    text = f"{said.name} studies {_third_person(subject, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, _topics("study", *_content_words(subject)[:2]))


def _pet_verb(raw: str) -> str:
    raw = raw.lower()
    for word, verb in (("adopted", "adopted"), ("rescued", "rescued"), ("bought", "bought"), ("own", "owns")):
        if word in raw:
            return verb
    return "has" if ("have" in raw or "'ve" in raw) else "got"


def _pet(match: re.Match[str], said: _Said) -> _Fact | None:
    species = match["species"].lower()
    quantity = match["quantity"].lower()
    plural = quantity not in ("a", "an", "another", "one")
    article = quantity if plural or quantity == "another" else _article(species)
    noun = species + ("" if not plural or species.endswith("fish") else "s")
    text = f"{said.name} {_pet_verb(match['verb'])} {article} {noun}"
    fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, _topics("pets", species))
    if plural:
        return fact
    fact.species = species
    name = _name_token(match["pet"] or "")
    if name:
        said.reader.pet_name(fact, name, said)
    return fact


def _my_pet(match: re.Match[str], said: _Said) -> _Fact | None:
    explicit = bool(match["how"] and match["how"].strip(" ,"))
    word = match["pet"]
    name = _name_token(word)
    if not name or not (explicit or word[0].isupper()):
        return None
    species = match["species"].lower()
    waiting = said.reader.pet_waiting(said.handle, species)
    if waiting is not None:  # "I adopted a cat" … "my cat Luna": one memory
        said.reader.pet_name(waiting, name, said)
        return waiting
    fact = said.fact(
        f"{said.name} has {_article(species)} {species}", MemoryKind.FACT, MEDIUM, PERMANENT, _topics("pets", species)
    )
    fact.species = species
    said.reader.pet_name(fact, name, said)
    return fact


def _relation_topic(relation: str) -> str:
    if re.fullmatch(_FRIENDS, relation):
        return "friends"
    return "work" if re.fullmatch(_COLLEAGUES, relation) else "family"


def _relative(match: re.Match[str], said: _Said) -> _Fact | None:
    relation = match["relation"].lower()
    rest = match["rest"] or ""
    name = ""
    named = re.match(r"^(?P<how>'s name is|,? named|,? called|,)?\s*(?P<word>[A-Za-z][\w'-]*)", rest)
    if named:
        candidate = _name_token(named["word"])
        explicit = bool(named["how"] and named["how"].strip(" ,"))
        if candidate and (explicit or named["word"][0].isupper()):
            name, rest = candidate, rest[named.end() :]
    rest = rest.strip(" ,")
    predicate, place, job, event = "", "", "", None
    if happened := re.match(rf"^(?:(?:just|finally|recently) )?(?P<event>{_EVENT_ALTERNATIVES})\b", rest, re.I):
        event = next(e for e in _EVENTS if re.fullmatch(e.pattern, happened["event"], re.IGNORECASE))
        predicate = event.phrase.format(pet=happened["event"].split()[-1].lower())
    elif lives := re.match(
        r"^(?:also |still |now |currently )?(?:lives|is living) (?:in|near|at) (?P<p>.+)", rest, re.I
    ):
        place = _place(lives["p"], there=said.reader.last_place)
        predicate = f"lives in {place}" if place else ""
    elif there := re.match(r"^(?:also |still |now )?lives (?:there|here)\b", rest, re.IGNORECASE):
        place = said.reader.last_place if "there" in there[0].lower() else ""
        predicate = f"lives in {place}" if place else ""
    elif title := re.match(rf"^(?:is|'s) (?P<a>an?) (?P<job>(?:[a-z-]+ ){{0,2}}?(?:{_JOBS}))\b", rest, re.I):
        job = title["job"].lower()
        predicate = f"is {_article(job)} {job}"
    elif works := re.match(r"^works (?P<how>as (?:an? )?|at |for |in )(?P<x>.+)", rest, re.IGNORECASE):
        what = _cut(works["x"], max_words=5)
        predicate = f"works {works['how'].strip()} {what}" if what else ""
        if works["how"].startswith("as") and what:
            predicate = f"works as {_article(what)} {what}"
            job = what
    owner = f"{said.name}'s {relation}"
    if name and predicate:
        text = f"{owner} {name} {predicate}"
    elif name:
        text = f"{said.name} has {_article(relation)} {relation} named {name}"
    elif predicate:
        text = f"{owner} {predicate}"
    else:
        return None
    topics = _topics(_relation_topic(relation), relation)
    if event is not None:  # "my sister Sarah just had a baby": news, not a lasting fact about the speaker
        fact = said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", _topics(*topics, *event.topics))
    else:
        fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics)
    fact.entities.append(said.entity(EntityType.PERSON, name or relation, owner, lives_in=place, job=job))
    if place:
        fact.entities.append(said.entity(EntityType.PLACE, place, f"where {owner} lives"))
    return fact


def _has_relatives(match: re.Match[str], said: _Said) -> _Fact | None:
    relation = match["relation"].lower()
    quantity = match["quantity"].lower()
    plural = quantity not in ("a", "an", "one")
    noun = relation + ("s" if plural else "")
    name = "" if plural else _name_token(match["name"] or "")
    text = f"{said.name} has {quantity if plural else _article(relation)} {noun}" + (f" named {name}" if name else "")
    fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, _topics(_relation_topic(relation), relation))
    if name:
        fact.entities.append(said.entity(EntityType.PERSON, name, f"{said.name}'s {relation}"))
    return fact


_PREFERENCE_VERBS = {
    "love": ("loves", HIGH),
    "adore": ("adores", HIGH),
    "like": ("likes", MEDIUM),
    "enjoy": ("enjoys", MEDIUM),
    "prefer": ("prefers", MEDIUM),
    "into": ("is into", MEDIUM),
    "obsessed with": ("is obsessed with", HIGH),
    "hate": ("hates", HIGH),
    "can't stand": ("can't stand", HIGH),
    "cannot stand": ("can't stand", HIGH),
    "can not stand": ("can't stand", HIGH),
    "dislike": ("dislikes", MEDIUM),
    "despise": ("despises", HIGH),
    "loathe": ("loathes", HIGH),
    "don't like": ("doesn't like", MEDIUM),
    "do not like": ("doesn't like", MEDIUM),
    "don't enjoy": ("doesn't enjoy", MEDIUM),
    "do not enjoy": ("doesn't enjoy", MEDIUM),
    "not into": ("is not into", MEDIUM),
}


def _preference(match: re.Match[str], said: _Said) -> _Fact | None:
    what = _cut(match["what"], max_words=10, commas=True)
    what = re.sub(r"\s+(?:so much|a lot|very much|too|as well|lol)$", "", what, flags=re.IGNORECASE).strip()
    first = what.split()[0].lower() if what else ""
    if not what or first in _OBJECT_PRONOUNS or re.match(r"^to (?:think|say|believe|imagine)\b", what, re.I):
        return None
    raw_verb = match["verb"].lower()
    fan = re.fullmatch(r"(?:not )?an? (?:big |huge |massive )?fan of", raw_verb)
    if fan:
        verb, importance = f"is {raw_verb}", MEDIUM
    else:
        verb, importance = _PREFERENCE_VERBS[raw_verb]
    text = f"{said.name} {verb} {_third_person(what, said.name)}"
    head = what.split(",")[0]  # "guitar, especially at night": the topic is guitar
    return said.fact(text, MemoryKind.PREFERENCE, importance, PERMANENT, _topics(*_content_words(head)[:3]))


def _plan(match: re.Match[str], said: _Said) -> _Fact | None:
    what = _cut(match["what"], max_words=12)
    if not what:
        return None
    time = _time_in(said.clause)
    auxiliary = match["aux"].lower().strip()
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
    text = f"{said.name} {verb} {_third_person(what, said.name)}"
    if time and time not in what.lower():
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, _expiration_for(time), _topics("plans", *_content_words(what)[:2]))


def _doing(match: re.Match[str], said: _Said) -> _Fact | None:
    """ "I'm playing GTA tonight": what someone is doing at a given time is a plan."""
    time = _time_in(said.clause)
    what = _cut(match["what"], max_words=12)
    if not time or not what:
        return None
    text = f"{said.name} is {_third_person(what, said.name)}"
    if time not in what.lower():
        text += f" {time}"
    topics = _topics("plans", *_content_words(what)[:2])
    return said.fact(text, MemoryKind.PLAN, MEDIUM, _expiration_for(time), topics, time=time)


def _age(match: re.Match[str], said: _Said) -> _Fact | None:
    return said.fact(
        f"{said.name} is {match['age']} years old", MemoryKind.FACT, MEDIUM, PERMANENT, ["age"], slot="age"
    )


def _birthday(match: re.Match[str], said: _Said) -> _Fact | None:
    date = _cut(match["date"], max_words=4)
    if not date or not (_MONTH_OR_DAY.search(date) or re.search(r"\d", date)):
        return None
    text = f"{said.name}'s birthday is {date}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["birthday"], slot="birthday")


def _appointment(match: re.Match[str], said: _Said) -> _Fact | None:
    time = _time_in(said.clause)
    if not time:
        return None
    thing = match["thing"].lower()
    rest = _cut(match["rest"] or "", max_words=8)
    text = f"{said.name} has {_article(thing)} {thing}" + (f" {_third_person(rest, said.name)}" if rest else "")
    if time not in text.lower():
        text += f" {time}"
    topic = thing.split()[-1]
    return said.fact(text, MemoryKind.PLAN, MEDIUM, _expiration_for(time), _topics("plans", topic), time=time)


def _feeling(match: re.Match[str], said: _Said) -> _Fact | None:
    feeling = match["feeling"].lower()
    reason = re.match(r"^\s+(?P<prep>about|for|of|with|to|that|because)\s+(?P<why>.+)", match["rest"] or "", re.I)
    why = _cut(reason["why"], max_words=10) if reason else ""
    topics = _topics("mood", feeling.split()[0])
    if reason and why:
        text = f"{said.name} is {feeling} {reason['prep'].lower()} {_third_person(why, said.name)}"
        time = _time_in(why)  # "excited about the DLC dropping next week" lasts until next week
        return said.fact(text, MemoryKind.EMOTION, MEDIUM, _expiration_for(time) if time else "3d", topics)
    return said.fact(f"{said.name} is feeling {feeling}", MemoryKind.EMOTION, LOW, "1d", topics)


@dataclass(frozen=True)
class _Event:
    pattern: str
    phrase: str
    kind: str
    importance: str
    expiration: str
    topics: tuple[str, ...]
    partner: bool = False  # "engaged", "married": completed by "to <name>"


# Life events, said of oneself ("I got engaged") or of a known member ("Frank got engaged").
_EVENTS = (
    _Event("got engaged", "got engaged", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship", "engagement"), True),
    _Event("got married", "got married", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship", "marriage"), True),
    _Event("got divorced", "got divorced", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship",)),
    _Event("broke up", "broke up", MemoryKind.EVENT, HIGH, "30d", ("relationship",)),
    _Event(
        r"(?:got|received|landed) (?:a|an|the) (?:new )?(?:job )?offer",
        "got a job offer",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "job offer"),
    ),
    _Event(
        r"(?:got|landed|found|started) (?:a|the) new job|got (?:a|the) job",
        "got a new job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "new job"),
    ),
    _Event(r"got promoted|got (?:a|the) promotion", "got promoted", MemoryKind.EVENT, HIGH, "30d", ("work",)),
    _Event(
        r"got (?:fired|laid off|let go)|lost (?:my|his|her|their|the) job",
        "lost their job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work",),
    ),
    _Event(r"had (?:a|the|their|her|his) baby", "had a baby", MemoryKind.EVENT, HIGH, PERMANENT, ("family", "baby")),
    _Event(
        r"graduated|finished (?:my|his|her|their) degree",
        "graduated",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education",),
    ),
    _Event(rf"got (?:a|an) (?:new )?(?:{_PETS})", "got a new {pet}", MemoryKind.FACT, MEDIUM, PERMANENT, ("pets",)),
)
_EVENT_ADVERBS = r"(?: (?:just|finally|recently|officially|actually))?"


def _event_fact(event: _Event, match: re.Match[str], said: _Said, *, subject: str, subject_name: str) -> _Fact:
    phrase = event.phrase
    topics = list(event.topics)
    if "{pet}" in phrase:
        species = re.search(_PETS, match["event"], re.IGNORECASE)
        pet = species[0].lower() if species else "pet"
        phrase, topics = phrase.format(pet=pet), [*topics, pet]
    rest = _cut(match["rest"] or "", max_words=8)
    partner_open = event.partner
    text = f"{subject_name} {phrase}"
    if rest and re.match(r"^(?:to|with|at|from|in|as)\b", rest, re.IGNORECASE):
        text += " " + _third_person(rest, said.name)
        partner_open = partner_open and not rest.lower().startswith("to ")
    entities = []
    employer = re.match(r"^(?:at|for) (?P<org>.+)", rest, re.IGNORECASE)
    if employer and "work" in topics and subject == said.handle:
        entities.append(said.entity(EntityType.ORGANISATION, employer["org"], f"{subject_name}'s employer"))
    return _Fact(
        subject=subject,
        text=text,
        kind=event.kind,
        entities=entities,
        importance=event.importance,
        expiration=event.expiration,
        topics=_topics(*topics),
        speaker=said.handle,
        speaker_name=said.name,
        source=said.clause,
        reported=subject != said.handle,
        partner_open=partner_open,
        lines=[said.line_index],
    )


def _self_event(match: re.Match[str], said: _Said) -> _Fact | None:
    for event in _EVENTS:
        if "{pet}" not in event.phrase and re.fullmatch(event.pattern, match["event"], re.IGNORECASE):
            return _event_fact(event, match, said, subject=said.handle, subject_name=said.name)
    return None


def _reported_event(match: re.Match[str], said: _Said) -> _Fact | None:
    subject = said.reader.member(match["who"])
    if subject is None or subject == said.handle:
        return None  # not a participant or known member (Heather), or oneself
    for event in _EVENTS:
        if re.fullmatch(event.pattern, match["event"], re.IGNORECASE):
            return _event_fact(event, match, said, subject=subject, subject_name=said.reader.members[subject])
    return None


def _reported_move(match: re.Match[str], said: _Said) -> _Fact | None:
    subject = said.reader.member(match["who"])
    place = _place(match["place"], there=said.reader.last_place)
    if subject is None or subject == said.handle or not place:
        return None
    time = _time_in(said.clause)
    name = said.reader.members[subject]
    text = f"{name} is moving to {place}" + (f" {time}" if time else "")
    return _Fact(
        subject=subject,
        text=text,
        kind=MemoryKind.PLAN,
        importance=HIGH,
        expiration="30d",
        topics=_topics("moving", place),
        speaker=said.handle,
        speaker_name=said.name,
        source=said.clause,
        reported=True,
        time=time,
        lines=[said.line_index],
    )


_EVENT_ALTERNATIVES = "|".join(f"(?:{event.pattern})" for event in _EVENTS)
_I_AM = r"I(?:'m| am)"

_RULES: list[tuple[re.Pattern[str], Builder]] = [
    (
        re.compile(
            r"(?P<how>\bmy name is|\bmy name's|\bI(?:'m| am) called|(?:^|\b(?:just|you can|u can|please|everyone"
            r"|people|friends|y'all)\s+)call me)\s+(?P<name>[a-z][\w'-]*)(?P<second>\s+[\w'-]+)?",
            re.IGNORECASE,
        ),
        _name,
    ),
    (
        re.compile(
            rf"\b(?:{_I_AM}(?: (?:finally|actually|officially|probably))? (?:moving|relocating)"
            rf"|{_I_AM} (?:going to|gonna|planning to) move|I(?:'ll| will) be moving|we(?:'re| are) moving)"
            r"(?: (?:back )?to (?P<place>.+))?",
            re.IGNORECASE,
        ),
        _move,
    ),
    (re.compile(rf"\bI{_EVENT_ADVERBS} (?P<event>{_EVENT_ALTERNATIVES})\b(?P<rest>.*)", re.IGNORECASE), _self_event),
    (
        re.compile(r"\bI(?:'m| am)? (?:currently |now |also )?work(?:ing)? as (?:an? )?(?P<job>.+)", re.IGNORECASE),
        _works_as,
    ),
    (re.compile(r"\bmy job is (?:as |being )?(?:an? )(?P<job>.+)", re.IGNORECASE), _works_as),
    (
        re.compile(
            rf"\b{_I_AM} (?:currently |now |actually |also )?(?:an?) "
            rf"(?P<job>(?:(?!of\b|fan\b)[a-z-]+ ){{0,2}}?(?:{_JOBS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        _job_title,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:currently |now |also )?work(?:ing)? (?P<when>(?:nights|night shifts|days|weekends"
            r"|part[- ]time|full[- ]time|remotely) )?(?P<prep>at|for|in|from) (?P<org>.+)",
            re.IGNORECASE,
        ),
        _works_at,
    ),
    (re.compile(r"\bI(?:'m| am)? (?:currently |also )?study(?:ing)? (?P<subject>.+)", re.IGNORECASE), _studies),
    (
        re.compile(
            r"\b(?:I(?: currently| now| still)? live (?:in|at|near)|I(?:'m| am) (?:currently |now )?(?:based|living) in"
            r"|I(?: currently| now)? live(?= there))\s*(?P<place>.+)",
            re.IGNORECASE,
        ),
        _lives,
    ),
    (re.compile(r"\b(?:I(?:'m| am)|I come) (?:originally )?from (?P<place>.+)", re.IGNORECASE), _origin),
    (re.compile(r"\bI(?:'m| am) (?P<age>[1-9]\d?)(?: years? old| yo| y/o)?\W*$", re.IGNORECASE), _age),
    (re.compile(r"\bmy (?:birthday|bday) is (?:on )?(?P<date>.+)", re.IGNORECASE), _birthday),
    (
        re.compile(
            rf"\b(?:I|we)(?P<verb>(?: just| finally| recently)? (?:adopted|got|rescued|bought|have got|have|own)"
            rf"|'ve (?:got|adopted|rescued))"
            rf" (?P<quantity>an?|another|one|two|three|four|\d+) (?:(?:new|little|cute|baby|rescue|pet|old|tiny|big"
            rf"|fluffy) )*(?P<species>{_PETS})(?:e?s)?\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        _pet,
    ),
    (
        re.compile(
            rf"\bmy (?:new |little |baby |old )?(?P<species>{_PETS})(?P<how>'s name is|,? named|,? called|,)?"
            r"\s+(?P<pet>[a-z][\w'-]*)",
            re.IGNORECASE,
        ),
        _my_pet,
    ),
    (
        re.compile(
            rf"\bmy (?:older |younger |little |big |baby |twin |eldest |oldest |youngest |step)?"
            rf"(?P<relation>{_RELATIONS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        _relative,
    ),
    (
        re.compile(
            rf"\bI(?: have|'ve got| have got) (?P<quantity>an?|one|two|three|four|\d+) (?:older |younger |little "
            rf"|big |twin )?(?P<relation>{_FAMILY})s?\b(?:,? (?:named|called) (?P<name>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        _has_relatives,
    ),
    (
        re.compile(
            rf"\bI{_ADVERBS} (?P<verb>hate|can't stand|cannot stand|can not stand|dislike|despise|loathe"
            rf"|don't like|do not like|don't enjoy|do not enjoy) (?P<what>.+)",
            re.IGNORECASE,
        ),
        _preference,
    ),
    (
        re.compile(
            rf"\b{_I_AM}(?: really| so| totally| kinda)? (?P<verb>not into|not a (?:big )?fan of) (?P<what>.+)", re.I
        ),
        _preference,
    ),
    (re.compile(rf"\bI{_ADVERBS} (?P<verb>love|adore|like|enjoy|prefer) (?P<what>.+)", re.IGNORECASE), _preference),
    (
        re.compile(
            rf"\b{_I_AM}(?: really| so| totally| kinda)? "
            r"(?P<verb>into|obsessed with|an? (?:big |huge |massive )?fan of) (?P<what>.+)",
            re.IGNORECASE,
        ),
        _preference,
    ),
    (
        re.compile(
            r"\bI(?P<aux>(?:'m| am)? (?:planning|plan|intend|intending) (?:to|on)"
            r"|(?:'m| am) (?:going to|gonna|about to|off to|heading to|hoping to)|'ll| will| shall) (?P<what>.+)",
            re.IGNORECASE,
        ),
        _plan,
    ),
    (
        re.compile(r"\bI(?:'m| am) (?P<what>(?!going\b|gonna\b|feeling\b|moving\b)[a-z]+ing\b.+)", re.IGNORECASE),
        _doing,
    ),
    (
        re.compile(
            r"\bI(?: have|'ve got| got| have got) (?:an? |my |the )(?P<thing>(?:[a-z-]+ ){0,2}?(?:exam|interview|test"
            r"|appointment|meeting|match|game|date|flight|trip|tournament|concert|wedding|surgery|presentation"
            r"|deadline|shift|vacation|holiday|party|finals?|raid|race|recital|audition)s?)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        _appointment,
    ),
    (
        re.compile(
            rf"\bI(?:'m| am| feel|'m feeling| am feeling){_INTENSIFIERS} (?P<feeling>{_FEELINGS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        _feeling,
    ),
    (
        re.compile(rf"(?P<who>@?[\w.'-]+){_EVENT_ADVERBS} (?P<event>{_EVENT_ALTERNATIVES})\b(?P<rest>.*)", re.I),
        _reported_event,
    ),
    (
        re.compile(r"(?P<who>@?[\w.'-]+) (?:is|'s) (?:moving|relocating) (?:back )?to (?P<place>.+)", re.IGNORECASE),
        _reported_move,
    ),
]

# "Where are you moving?" — "Austin!": a short answer completes the other person's question.
_QUESTIONS: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"\bwhere\b.*\b(?:mov\w*|relocat\w*)\b", re.IGNORECASE), _move),
    (re.compile(r"\bwhere\b.*\b(?:live|living|based)\b", re.IGNORECASE), _lives),
    (re.compile(r"\bwhere\b.*\bfrom\b", re.IGNORECASE), _origin),
]
_ANSWER = re.compile(r"(?P<place>.*)", re.DOTALL)  # the whole answer is the place
_NON_ANSWERS = _word_set("idk dunno not no nope nowhere yes yep maybe why what who lol haha sure")
_PET_NAMING = re.compile(
    rf"^(?:I |we )?(?:named|called|call|name) (?:her|him|it|them|the (?:{_PETS}))\s+(?P<pet>[a-z][\w'-]*)"
    r"|\b(?:her|his|its|their) name(?:'s| is)\s+(?P<pet2>[a-z][\w'-]*)",
    re.IGNORECASE,
)


class _Reader:
    """Walks a conversation and collects the facts the rules find, with consolidation."""

    def __init__(self, members: dict[str, str]) -> None:
        self.members = members
        self.facts: list[_Fact] = []
        self.last_place = ""
        self._open: dict[str, _Fact] = {}  # per speaker: the fact their next details belong to
        self._last_line: dict[str, int] = {}
        self._question: tuple[int, str, str] | None = None  # (line index, asker, text)
        names: dict[str, str | None] = {}
        for handle, name in members.items():
            for key in {name.lower(), name.split()[0].lower() if name.split() else "", handle.lower()}:
                if key:
                    names[key] = handle if names.get(key, handle) == handle else None  # None: ambiguous
        self._names = names

    def member(self, mention: str) -> str | None:
        return self._names.get(mention.lstrip("@").strip(".'").lower())

    def read(self, lines: list[ConversationLine]) -> list[_Fact]:
        for index, line in enumerate(lines):
            self._line(index, line)
        return self.facts

    def _line(self, index: int, line: ConversationLine) -> None:
        previous = self._last_line.get(line.handle)
        if previous is None or index - previous - 1 > MAX_DETAIL_GAP:
            self._open.pop(line.handle, None)
        if line.content != REDACTED:
            text = _normalise(line.content)
            for clause in _clauses(text) if line.handle != BOT_HANDLE else []:
                clause = _TRAILING_FILLERS.sub("", clause) or clause  # "I'm 26 actually"
                self._clause(_Said(line.handle, line.name, clause, index, self))
            if "?" in text:
                self._question = (index, line.handle, text)
        self._last_line[line.handle] = index

    def _clause(self, said: _Said) -> None:
        if not _is_question(said.clause):
            facts = self._rules(said) or self._answer(said)
            if facts:
                for fact in facts:
                    if not any(fact is known for known in self.facts):
                        self._add(fact)
                self._open[said.handle] = facts[-1]
                return
        if self._name_pet_later(said):
            return
        opened = self._open.get(said.handle)
        # "I love pizza" … "Going out with Bob tonight": only an obvious continuation joins these.
        if (
            opened is not None
            and opened.kind in (MemoryKind.PREFERENCE, MemoryKind.EMOTION)
            and not _CONTINUATION.match(_strip_fillers(said.clause))
        ):
            opened = None
        if opened is not None and self._is_detail(said.clause):
            self._join(opened, said)
        elif _content_words(_strip_fillers(said.clause)) and not _is_question(said.clause):
            self._open.pop(said.handle, None)  # they moved on to something else

    def _rules(self, said: _Said) -> list[_Fact]:
        for pattern, builder in _RULES:
            for match in pattern.finditer(said.clause):
                fact = builder(match, said)
                if fact is not None:
                    return [fact]
        return []

    def _answer(self, said: _Said) -> list[_Fact]:
        question = self._question
        if question is None or question[1] == said.handle or said.line_index - question[0] > 2:
            return []
        answer = _strip_fillers(said.clause).strip(" !.")
        words = answer.split()
        if not words or len(words) > 4 or words[0].lower() in _NON_ANSWERS:
            return []
        for pattern, builder in _QUESTIONS:
            if pattern.search(question[2]) and (whole := _ANSWER.fullmatch(answer)):
                fact = builder(whole, said)
                if fact is None:
                    return []
                fact.question = question[2]
                return [fact]
        return []

    def _add(self, fact: _Fact) -> None:
        self.facts.append(fact)
        for entity in fact.entities:
            if entity["type"] == EntityType.PLACE:
                self.last_place = entity["name"]

    def pet_waiting(self, handle: str, species: str = "") -> _Fact | None:
        for fact in reversed(self.facts):
            if fact.speaker == handle and fact.species and not fact.pet and species in ("", fact.species):
                return fact
        return None

    def pet_name(self, fact: _Fact, name: str, said: _Said) -> None:
        fact.pet = name
        fact.text += f" named {name}"
        fact.importance = HIGH
        fact.entities.append(said.entity(EntityType.THING, name, f"{said.name}'s {fact.species}", species=fact.species))
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)

    def _name_pet_later(self, said: _Said) -> bool:
        """ "Named her Luna" after "I just adopted a cat!" (seed 002 §4.5)."""
        match = _PET_NAMING.search(_strip_fillers(said.clause))
        waiting = self.pet_waiting(said.handle)
        if not match or waiting is None:
            return False
        name = _name_token(match["pet"] or match["pet2"] or "")
        if not name:
            return False
        self.pet_name(waiting, name, said)
        self._open[said.handle] = waiting
        return True

    @staticmethod
    def _is_detail(clause: str) -> bool:
        """A short fragment that adds to what came before: a time, a number, a name, "that startup…"."""
        body = _strip_fillers(clause)
        words = body.strip(" !.").split()
        if not words or len(words) > MAX_DETAIL_WORDS or body.endswith("?") or ":" in body:
            return False  # a long line or a question is a new thought, not a detail
        if not _content_words(body):
            return False
        single_name = len(words) == 1 and words[0][0].isupper()
        later_capital = any(w[0].isupper() and w not in ("I", "I'm", "I've", "I'll") for w in words[1:])
        continues = bool(_CONTINUATION.match(body))
        return bool(_TIME.search(body) or re.search(r"\d", body)) or continues or single_name or later_capital

    def _join(self, fact: _Fact, said: _Said) -> None:
        body = _strip_fillers(said.clause).strip(" !.")
        time = _TIME.search(body)
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)
        if time and not fact.time and fact.kind == MemoryKind.PLAN:
            rest = body[: time.start()] + body[time.end() :]
            if not _content_words(_strip_fillers(rest)):  # "Next month actually"
                fact.time = time[0].lower()
                fact.text += f" {fact.time}"
                if "moving" not in fact.topics:
                    fact.expiration = _expiration_for(fact.time)
                return
        if fact.partner_open and re.fullmatch(r"[A-Z][\w'-]*", body):  # "…got engaged!" — "Yeah, Heather!"
            fact.text += f" to {body}"
            fact.partner_open = False
            return
        if len(fact.details) < MAX_DETAILS:
            detail = _third_person(body, said.name)
            if detail.split()[0].lower() in _STOPWORDS:
                detail = detail[0].lower() + detail[1:]
            fact.details.append(detail)


# --- Extraction -------------------------------------------------------------------------------

_HEADER = re.compile(r"^(?:Existing memories for|No existing memories for) .+? \((?P<handle>[^()\s]+)\):?\.?$")
_PROFILE_LINE = re.compile(r"^\s+Profile: (?P<profile>.*)$")
_END_LINE = re.compile(r"^</conversation>$", re.MULTILINE)
_SLOTS = {
    "name": r"(?:'s name is| likes to be called| goes by)\b",
    "home": r" lives in\b",
    "origin": r" (?:is|comes) from\b",
    "job": rf" (?:works as\b|is an? (?:[\w-]+ ){{0,2}}(?:{_JOBS})\b)",
    "employer": r" works (?:[\w-]+ )?(?:at|for)\b",
    "age": r" is \d+ years old\b",
    "birthday": r"'s birthday is\b",
}


def _conversation(text: str) -> tuple[list[ConversationLine], str]:
    """The conversation lines, and the text after them.

    The block ends at the first line that is exactly ``</conversation>``: a message may contain
    that text, but never on a line of its own (lines are folded), so it cannot cut the block short.
    """
    start = text.find(CONVERSATION_START)
    if start < 0:
        return [], text
    end = _END_LINE.search(text, start)
    stop = end.start() if end else len(text)
    return conversation_lines_parse(text[start + len(CONVERSATION_START) : stop]), text[stop:] if end else ""


def _profiles_parse(after_conversation: str) -> dict[str, str]:
    """Each participant's "  Profile: …" line, which :func:`extraction_prompt_parse` does not return."""
    profiles: dict[str, str] = {}
    current: str | None = None
    for raw in after_conversation.splitlines():
        if header := _HEADER.match(raw):
            current = header["handle"]
        elif (line := _PROFILE_LINE.match(raw)) and current is not None:
            profiles[current] = line["profile"].strip()
        elif not raw.startswith(" "):
            current = None if raw.strip() else current
    return profiles


def _slot_index(fact: _Fact, name: str, memories: list[str]) -> int | None:
    if not fact.slot or fact.slot not in _SLOTS:
        return None
    pattern = re.compile(rf"^{re.escape(name)}{_SLOTS[fact.slot]}", re.IGNORECASE)
    return next((index for index, memory in enumerate(memories) if pattern.match(memory)), None)


def _profile_rewrite(current: str, facts: list[_Fact], name: str, replaced: list[str]) -> str:
    """The old profile without what the new facts replace, plus the new facts: one paragraph."""
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", current) if s.strip()]
    kept = []
    for sentence in sentences:
        stale = any(_jaccard(sentence, old) >= 0.5 for old in replaced) or any(
            _jaccard(sentence, fact.content) >= 0.5
            or (fact.slot in _SLOTS and re.match(rf"^{re.escape(name)}{_SLOTS[fact.slot]}", sentence, re.I))
            for fact in facts
        )
        if not stale:
            kept.append(sentence)
    new = [fact.content.rstrip(".") + "." for fact in facts]
    while kept and sum(_word_count(s) for s in kept + new) > PROFILE_MAX_WORDS:
        kept.pop(0)  # the oldest part of the profile gives way to what was just learned
    words = " ".join(kept + new).split()
    return " ".join(words[:PROFILE_MAX_WORDS])


def _context(fact: _Fact) -> str:
    if fact.reported:
        return f"reported by {fact.speaker_name}"  # the applier reads the reporter from this
    answering = f' answering "{fact.question}"' if fact.question else ""
    quoted = f'{fact.speaker_name} said: "{fact.source}"{answering}'
    # The applier reads "reported by <name>" from the context: a quote must not forge it.
    return _clip(re.sub(r"reported(\s+)by", r"reported\1-by", quoted, flags=re.IGNORECASE), 500)


def _extraction_arguments(text: str) -> dict[str, Any]:
    parsed = extraction_prompt_parse(text)
    lines, after = _conversation(text)
    members = dict(parsed.members)
    for line in lines:
        members.setdefault(line.handle, line.name)
    profiles = _profiles_parse(after)
    facts = _Reader(members).read(lines)

    # Update or save, skipping what is already remembered word for word.
    candidates: list[tuple[_Fact, int | None]] = []
    for fact in facts:
        if fact.subject not in members:
            continue
        content = fact.content
        existing = parsed.memories.get(fact.subject, [])
        if any(_words(content) == _words(memory) for memory in existing):
            continue
        same_slot = [c for c in candidates if fact.slot and (c[0].subject, c[0].slot) == (fact.subject, fact.slot)]
        if same_slot:  # "I'm 25" … "I'm 26 actually": the last word wins
            candidates = [c for c in candidates if c not in same_slot]
            candidates.append((fact, same_slot[0][1]))
            continue
        if any(c.subject == fact.subject and _jaccard(c.content, content) >= UPDATE_SIMILARITY for c, _ in candidates):
            continue
        scores = [(_jaccard(content, memory), -index) for index, memory in enumerate(existing)]
        best = max(scores, default=(0.0, 0))
        index = -best[1] if best[0] >= UPDATE_SIMILARITY else _slot_index(fact, members[fact.subject], existing)
        if index is not None and any(c.subject == fact.subject and i == index for c, i in candidates):
            index = None  # one update per existing memory; a second fact is saved beside it
        candidates.append((fact, index))

    # At most 5 per person and 15 in all: the most important first, then the earliest.
    # Ties go round the people (everyone's first fact before anyone's second) so one chatty person
    # cannot use up the whole window's allowance.
    ordinal: dict[int, int] = {}
    seen_per_subject: Counter[tuple[str, str]] = Counter()
    for i, (fact, _) in enumerate(candidates):
        ordinal[i] = seen_per_subject[(fact.subject, fact.importance)]
        seen_per_subject[(fact.subject, fact.importance)] += 1
    order = sorted(range(len(candidates)), key=lambda i: (_IMPORTANCE_RANK[candidates[i][0].importance], ordinal[i], i))
    per_person: Counter[str] = Counter()
    chosen: set[int] = set()
    for position in order:
        subject = candidates[position][0].subject
        if per_person[subject] < MAX_OPERATIONS_PER_PERSON and len(chosen) < MAX_OPERATIONS:
            per_person[subject] += 1
            chosen.add(position)
    kept = [candidates[position] for position in range(len(candidates)) if position in chosen]

    operations = []
    for fact, index in kept:
        cited = sorted({lines[i].number or i + 1 for i in fact.lines if 0 <= i < len(lines)})
        operations.append(
            {
                "user_id": fact.subject,
                "action": "update" if index is not None else "save",
                "content": fact.content,
                "topics": fact.topics,
                "kind": str(fact.kind),
                "importance": fact.importance,
                "expiration": fact.expiration,
                "memory_index": index,
                "context": _context(fact),
                "lines": cited,
            }
        )

    # Profiles only for participants (their current profile is in the prompt) and from what they said
    # themselves: a profile update replaces the whole paragraph, so a known member's is left alone.
    profile_updates = []
    for handle in parsed.memories:
        durable = [fact for fact, _ in kept if fact.subject == handle and fact.expiration == PERMANENT]
        durable = [fact for fact in durable if not fact.reported]
        if not durable:
            continue
        replaced = [parsed.memories[handle][i] for fact, i in kept if fact.subject == handle and i is not None]
        profile = _profile_rewrite(profiles.get(handle, ""), durable, members[handle], replaced)
        if profile and profile != profiles.get(handle, ""):
            profile_updates.append({"user_id": handle, "profile": profile})

    entities: list[dict[str, Any]] = []
    seen: set[tuple[str, str, str]] = set()
    for fact, _ in kept:
        for entity in fact.entities:
            key = (entity["user_id"], entity["type"], entity["name"].casefold())
            if key not in seen and entity["name"]:
                seen.add(key)
                entities.append({**entity, "type": str(entity["type"])})
    return {"operations": operations, "profile_updates": profile_updates, "entities": entities}


# --- Summaries --------------------------------------------------------------------------------

_SENTENCES = re.compile(r"\bin (?P<low>\d+)(?:\s*(?:-|\u2013|to)\s*(?P<high>\d+))? sentences?\b", re.IGNORECASE)


def _sentence_safe(text: str) -> str:
    """No full stops inside a sentence, so sentences can be counted by their ends."""
    return re.sub(r"[.!?]+(?=\s)", ",", text).strip().rstrip(".!?,;: ")


def _summary(text: str) -> str:
    max_words = summary_limits_parse(text)
    shape = _SENTENCES.search(text)
    low, high = (int(shape["low"]), int(shape["high"] or shape["low"])) if shape else (1, 4)
    lines, after = _conversation(text)
    previous = ""
    if match := re.search(r"^Summary so far:\n(?P<summary>.+)$", after, re.MULTILINE):
        previous = match["summary"].strip()

    members: dict[str, str] = {}
    for line in lines:
        members.setdefault(line.handle, line.name)
    facts = _Reader(members).read(lines)
    covered = {index for fact in facts for index in fact.lines}
    frequency = Counter(word for line in lines if line.content != REDACTED for word in _content_words(line.content))

    # (score, position, sentence): facts first, then the summary so far, then the most topical lines.
    candidates: list[tuple[float, float, str]] = []
    for fact in facts:
        candidates.append((100 - _IMPORTANCE_RANK[fact.importance], fact.lines[0], _sentence_safe(fact.content) + "."))
    for position, sentence in enumerate(re.split(r"(?<=[.!?])\s+", previous) if previous else []):
        candidates.append((50, -1 + position / 1000, _sentence_safe(sentence) + "."))
    for index, line in enumerate(lines):
        body = _strip_fillers(_normalise(line.content))
        words = _content_words(body)
        if index in covered or line.content == REDACTED or len(words) < 2:
            continue
        score = sum(frequency[word] for word in set(words)) + (2 if re.search(r"\b(?:I|my)\b", body) else 0)
        quoted = " ".join(_sentence_safe(body).split()[:20])
        verb = "asked" if body.endswith("?") else "said"
        candidates.append((score, index, f'{line.name} {verb} "{quoted}".'))

    chosen: list[tuple[float, str]] = []
    used = 0
    for _score, order, sentence in sorted(candidates, key=lambda c: (-c[0], c[1])):
        if len(chosen) >= high:
            break
        if used + _word_count(sentence) <= max_words:
            chosen.append((order, sentence))
            used += _word_count(sentence)
    if not chosen and candidates:  # even the best sentence is too long: cut it
        best = min(candidates, key=lambda c: (-c[0], c[1]))
        cut = " ".join(best[2].split()[: max(max_words, 1)]).rstrip(".") + "."
        chosen.append((best[1], cut))
        used = _word_count(cut)
    speakers = [
        name for handle, name in members.items() if any(ln.handle == handle and ln.content != REDACTED for ln in lines)
    ]
    if len(chosen) < low and speakers:
        opening = f"{_join_names(speakers)} talked." if len(speakers) > 1 else f"{speakers[0]} talked."
        if used + _word_count(opening) <= max_words:
            chosen.append((-2, opening))
    if not chosen:
        return " ".join(previous.split()[:max_words]) if previous else "Nothing was said yet."
    return " ".join(sentence for _, sentence in sorted(chosen))


# --- Semantic profile -------------------------------------------------------------------------

_PREFERENCE_MEMORY = re.compile(
    r"\b(?:loves|likes|enjoys|adores|prefers|is into|is obsessed with|is (?:not )?an? (?:big |huge )?fan of|hates"
    r"|can't stand|dislikes|doesn't like|doesn't enjoy|despises|loathes)\b",
    re.IGNORECASE,
)
_FEELING_MEMORY = re.compile(
    rf"\b(?:is|was|feels|felt|seems|seemed)(?: feeling)?{_INTENSIFIERS} (?P<f>{_FEELINGS})\b", re.I
)
_BEHAVIOUR_MEMORY = re.compile(
    r"\b(?:usually|often|always|regularly|tends to|every (?:day|night|week|weekend|morning)|most (?:days|nights)"
    r"|plays|streams|banters|grinds|night shifts|works from home)\b",
    re.IGNORECASE,
)


def _without_name(memory: str, name: str) -> str:
    if name and memory.lower().startswith(name.lower() + " "):
        return memory[len(name) + 1 :]
    return memory


def _profile_arguments(text: str) -> dict[str, Any]:
    name, _, memories = profile_prompt_parse(text)
    name = name or "This person"
    current = ""
    if match := re.search(r"^Current profile:\n(?P<summary>.+)$", text, re.MULTILINE):
        current = match["summary"].strip()

    preferences = [_without_name(m, name) for m in memories if _PREFERENCE_MEMORY.search(m)]
    feelings: list[str] = []
    for memory in memories:
        for match in _FEELING_MEMORY.finditer(memory):
            if match["f"].lower() not in feelings:
                feelings.append(match["f"].lower())
    emotional = [m for m in memories if _FEELING_MEMORY.search(m)]
    behaviours = [_without_name(m, name) for m in memories if _BEHAVIOUR_MEMORY.search(m)]
    name_words = set(_words(name))
    mentions: Counter[str] = Counter()
    for memory in memories:
        mentions.update({w for w in _content_words(memory) if w not in name_words})
    first_seen: dict[str, int] = {}
    for word in (w for memory in memories for w in _content_words(memory)):
        first_seen.setdefault(word, len(first_seen))
    repeated = sorted((w for w, n in mentions.items() if n >= 2), key=lambda w: (-mentions[w], first_seen[w]))
    behaviours += [f"often talks about {word}" for word in repeated[:3]]

    durable = [m.rstrip(".") + "." for m in memories if m not in emotional]
    summary_words = " ".join(durable).split()[:PROFILE_MAX_WORDS]
    summary = " ".join(summary_words) or " ".join(current.split()[:PROFILE_MAX_WORDS])
    if feelings:
        personality = f"{name} has come across as {_join_names(feelings[:3])} lately."
    elif behaviours:
        personality = f"{name} comes across through their habits: {behaviours[0]}."
    else:
        personality = "Not enough known yet."
    return {
        "summary": summary or f"Not much is known about {name} yet.",
        "personality": personality,
        "preferences": preferences[:10],
        "behaviour_patterns": behaviours[:6],
    }


# --- Chat ---------------------------------------------------------------------------------------

# The labels of the memory block's lines (memories.services.context.LAYER_LABELS, and older ones).
_SUMMARY_LABELS = ("Profile", "Last time", "Summary")  # paragraphs, used a sentence at a time
_OTHER_LABELS = ("People and things", "This conversation so far")  # names, and the talk itself: not facts
_MEMORY_LINE = re.compile(
    r"^\s*(?:[-*\u2022]|\[\d+\]|\d+[.)]|(?P<label>Recent|On this topic|Relevant|"
    + "|".join(_SUMMARY_LABELS + _OTHER_LABELS)
    + r")\s*:)\s*(?P<rest>.+)$"
)
_MEMORY_HEADING = re.compile(r"\b(?:memor\w*|remember\w*|know about|profile)\b", re.IGNORECASE)
_MEMORY_DELIMITER = re.compile(r"^\s*<\s*(?P<closing>/)?\s*memories\s*>\s*$", re.IGNORECASE)
_KNOW_ABOUT = re.compile(r"\bknow about (?P<name>[^:\]\n]+?)\s*:\s*\]?\s*$", re.IGNORECASE)
_AGE_SUFFIX = re.compile(r"\s*\((?:[^()]*\bago|just now|today|yesterday)\)\s*$")
_GREETING = re.compile(
    r"^(?:hi|hello|hey|heya|hiya|yo|howdy|sup|good (?:morning|afternoon|evening))\b(?: there\b)?[\s,!.]*", re.I
)
_SMALL_TALK = re.compile(r"\bhow (?:are|r) (?:you|u)\b|\bhow(?:'s| is) it going\b|\bhow have you been\b", re.I)


@dataclass
class _Memories:
    """What the memory block of a prompt says about the person."""

    facts: list[str] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)  # what was said last time
    name: str = ""  # from a heading such as "[What you know about Alice:]"


def _memory_item(raw: str) -> str:
    item = re.sub(r"</?[\w-]+[^>]*>", "", raw)  # delimiters such as <memory>…</memory>
    item = re.sub(r"^(?:\[[^\]]*\]\s*)+", "", item.strip())  # [fact] [high] [2 days ago]
    return _AGE_SUFFIX.sub("", item).strip(" \"'«»")


def _memory_block(text: str, *, labels_anywhere: bool, memories: _Memories) -> str:
    """Add the remembered facts in ``text`` to ``memories``; return what is left of ``text``.

    Facts are list items ("- …", "[0] …") after a heading that talks about memory ("You have
    the following relevant memories…"), lines labelled "Recent:", "Relevant:"…, or any such
    line between ``<memories>`` delimiters. Bullet points with no such heading are the
    persona's own instructions, not memories. The line right after the items that talks about
    memory again is the template's suffix; inside the delimiters every other line is template.
    """
    rest: list[str] = []
    in_memory = after_items = delimited = False
    for raw in text.splitlines():
        if delimiter := _MEMORY_DELIMITER.match(raw):
            delimited, in_memory, after_items = not delimiter["closing"], False, False
            continue
        if heading := _KNOW_ABOUT.search(raw):
            memories.name = memories.name or heading["name"].strip()
        match = _MEMORY_LINE.match(raw)
        if match and (in_memory or delimited or (labels_anywhere and match["label"])):
            after_items = True
            label = match["label"] or ""
            if label in _OTHER_LABELS:
                continue
            into = {"Profile": memories.profile, "Last time": memories.sessions, "Summary": memories.sessions}
            items = [match["rest"]] if label in into else match["rest"].split(" | ")
            found = into.get(label, memories.facts)
            found += [
                item for item in dict.fromkeys(map(_memory_item, items)) if _word_count(item) >= 3 and item not in found
            ]
            continue
        if delimited:
            continue
        if after_items and _MEMORY_HEADING.search(raw):
            after_items = False
            continue
        if not match and _MEMORY_HEADING.search(raw) and raw.rstrip(" ])").endswith(":"):
            in_memory = True
            continue
        in_memory = after_items = False
        rest.append(raw)
    return "\n".join(rest).strip()


@dataclass(frozen=True)
class _Person:
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


def _pronoun_in(texts: list[str]) -> str:
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
_PAST_FORMS = _word_set("grew drew threw swam sang rode wore began broke chose forgot spoke stole woke")
# After "Alice's", these words mean "Alice is" ("Alice's moving"), anything else means her ("Alice's sister").
_AFTER_IS = _word_set("a an not from going gonna moving in at on into still always never now currently so very really")
# Verbs a second predicate of the person starts with ("… and lives in Lyon"): nouns end in -s too.
_COMMON_VERBS = _word_set(
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
    rf"(?:{_RELATIONS}|{_PETS}|people|person|family|parents|kids|children|team|guy|girl|boy|man|woman|baby"
    r"|someone|somebody|everyone)s?",
    re.IGNORECASE,
)
_PLACE_PREPOSITIONS = _word_set("in at to from near of on into via")


def _you_verb(verb: str) -> str:
    """The form of a third-person verb that goes with "you" ("loves" → "love"), or "" if unknown."""
    lower = verb.lower()
    if lower in _YOU_VERBS:
        return _YOU_VERBS[lower]
    if lower in _NO_CONJUGATION or lower in _PAST_FORMS or lower.endswith("n't"):
        return lower  # "moved", "can", "won't" go with "you" as they are
    if lower.endswith("ed") and lower.isalpha():
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
    if _PERSON_NOUN.fullmatch(word):
        return True
    if word[:1].isupper() and word != "I" and previous.lower() not in _PLACE_PREPOSITIONS:
        return True  # a name; "in Lyon", "on Monday" are not someone
    lower = word.lower()
    plural = lower.endswith("s") and not lower.endswith(("ss", "us", "is", "'s"))
    return plural and lower.isalpha() and len(lower) >= 4 and lower not in _STOPWORDS


def _subject_and_verb(rest: str, *, plural: bool) -> tuple[str, str] | None:
    """ "you" and the verb of the person's sentence ("really loves hiking" → "you really love"), and the rest."""
    words = rest.split()
    adverbs = []
    while len(words) > 1 and words[0].lower() in _ADVERB_WORDS:
        adverbs.append(words.pop(0).lower())
    if not words:
        return None
    verb = words.pop(0)
    form = verb.lower() if plural and re.fullmatch(r"[a-z]+(?:n't)?", verb.lower()) else _you_verb(verb)
    if not form:
        return None
    head = "you're" if form == "are" and not adverbs else " ".join(["you", *adverbs, form])
    return head, " ".join(words)


def _second_person(fact: str, person: _Person) -> str:
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
    tokens = rest.split()
    for index, token in enumerate(tokens):
        parts = re.fullmatch(r"(?P<lead>\W*)(?P<core>.*?)(?P<trail>[^\w']*)", token)
        assert parts is not None  # the pattern matches any token
        core, lower = parts["core"], parts["core"].lower()
        previous = words[-1].strip(",;:") if words else ""
        following = re.sub(r"\W", "", tokens[index + 1]).lower() if index + 1 < len(tokens) else ""
        if previous == "you" and lower in _YOU_VERBS:  # "… that you is"
            core = _YOU_VERBS[lower]
        elif lower in _THEIR or lower in _GENDERED.get(person.pronoun, {}):
            if someone_else:
                return ""
            core = _THEIR.get(lower) or _GENDERED[person.pronoun][lower]
            if lower == "her":
                core = "your" if following and following not in _STOPWORDS else "you"
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
    if person.named_in(spoken) or re.search(r"[<>\[\]{}|\"]", spoken) or _word_count(spoken) > 25:
        return ""
    return spoken


_VAGUE = _word_set("today tonight tomorrow yesterday day days week month year time good great nice bad feel feeling")


def _stem(word: str) -> str:
    """A crude stem, so "hiking", "hikes" and "hike" match: the suffix off, then a final e."""
    word = word.lower().removesuffix("'s").strip("'")
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3 and not word.endswith(("ss", "us", "is")):
            word = word[: -len(suffix)] + replacement
            break
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiouls":  # "running"
        word = word[:-1]
    return word[:-1] if len(word) > 3 and word.endswith("e") else word


def _stems(text: str) -> set[str]:
    return {_stem(word) for word in _content_words(text) if word not in _VAGUE}


def _says_again(fact: str, earlier: str) -> bool:
    """ "you love hiking with your dog" after "you love hiking": nothing new worth a clause."""
    words, before = set(_words(fact)), set(_words(earlier))
    return words <= before or before <= words or _jaccard(fact, earlier) >= 0.5


def _relevant(memories: _Memories, person: _Person, said: str) -> list[str]:
    """At most two remembered facts that share a word with what the person said, said to them.

    The profile and last session are summaries of many facts: one sentence of them at most.
    """
    ignored = {_stem(word) for word in _words(person.name)}
    wanted = _stems(said) - ignored
    summaries = [s for summary in memories.profile + memories.sessions for s in re.split(r"(?<=[.!?])\s+", summary)]
    candidates = [(fact, False) for fact in memories.facts] + [(sentence, True) for sentence in summaries]
    shared = [len((_stems(text) - ignored) & wanted) for text, _ in candidates]
    chosen: list[str] = []
    summary_used = False
    for index in sorted(range(len(candidates)), key=lambda i: -shared[i]):  # stable: ties keep the block's order
        text, summary = candidates[index]
        if not shared[index] or len(chosen) == 2:
            break
        spoken = "" if summary and summary_used else _second_person(text, person)
        if spoken and not any(_says_again(spoken, earlier) for earlier in chosen):
            chosen.append(spoken)
            summary_used = summary_used or summary
    return chosen


def _pick(options: tuple[str, ...], said: str) -> str:
    """One of ``options``, always the same for the same message: replies vary, deterministically."""
    return options[sum(said.encode()) % len(options)]


_SPEAKER = "Speaker"  # who the rules say a fact just told is about, before it is said back as "you"
_WELCOME_BACK = ("Hi, good to see you again!", "Hey, good to see you again!", "Hello again, good to see you!")
_WELCOME = ("Hi, nice to meet you!", "Hi there, nice to meet you!")
_AFTER_GREETING = ("What's on your mind today?", "How have you been?", "What's new with you?")
_COMFORT = ("Want to talk about it?", "What's been going on?", "I'm here if you want to talk.")
_CHEER = ("Tell me more!", "What's the best part?", "What happens next?")
_AFTER_NEWS = ("Thanks for telling me!", "How do you feel about it?", "Tell me more!")
_QUESTION_OPENERS = ("Good question!", "Hmm, good question.", "Interesting question!")
_QUESTION_CLOSERS = (
    "I can only give a simple answer right now, but tell me more and I'll keep up.",
    "I can't look that up right now, but I'm happy to think it through with you.",
    "What do you think yourself?",
)
_STATEMENT_OPENERS = ("I hear you.", "I see.", "Got it.")
_STATEMENT_CLOSERS = ("Tell me more!", "How's that going?", "What else is on your mind?")
_RECALLS = ("I know {}.", "If I remember right, {}.", "From what I remember, {}.")


def _chat_reply(messages: list[Message]) -> str:
    """A short, friendly reply in the second person, by the kind of message it answers.

    A fact the person just told is said back to them; otherwise at most two remembered facts
    that share a word with their message are ("I know you love hiking."), and none when none
    does. The memory context may be in system messages, or (injection mode ``user_prefix``)
    in front of the user's own words in the last user message.
    """
    memories = _Memories()
    last = ""
    for message in messages:
        role = message.get("role")
        if role in ("system", "user"):
            rest = _memory_block(_message_text(message), labels_anywhere=role == "system", memories=memories)
            last = rest if role == "user" else last
    system = "\n".join(_message_text(m) for m in messages if m.get("role") == "system")
    named = TALKING_WITH.search(system)
    person = _Person(named["name"].strip() if named else memories.name, _pronoun_in(memories.profile + memories.facts))
    said = _normalise(last)
    greeting = _GREETING.match(said)
    body = said[greeting.end() :] if greeting else said
    question = said.endswith("?")
    speaker = _Person(_SPEAKER)
    line = ConversationLine(time="00:00:00", name=_SPEAKER, handle="you", content=said)
    told = [fact for fact in _Reader({"you": _SPEAKER}).read([line]) if fact.subject == "you"]

    def back(fact: _Fact) -> str:  # a fact just told, said back
        spoken = _second_person(fact.content, speaker)
        return "" if person.named_in(spoken) else spoken

    sentences = []
    if greeting:
        remembered = memories.facts or memories.profile or memories.sessions
        sentences.append(_pick(_WELCOME_BACK if remembered else _WELCOME, said))
    if emotions := [fact for fact in told if fact.kind == MemoryKind.EMOTION]:
        feeling = emotions[0].topics[-1]
        spoken = back(emotions[0]) or f"you're feeling {feeling}"
        if feeling in _NEGATIVE_FEELINGS:
            sentences += [f"Sorry {spoken}.", _pick(_COMFORT, said)]
        else:
            sentences += [f"So glad {spoken}!", _pick(_CHEER, said)]
    elif told:
        spoken = " and ".join(dict.fromkeys(filter(None, map(back, told[:2]))))
        sentences.append(f"Got it — {spoken}." if spoken else "Thanks for telling me, I'll keep that in mind.")
        sentences.append(_pick(_AFTER_NEWS, said))
    elif _SMALL_TALK.search(said):
        sentences += ["I'm doing well, thanks for asking!", "How about you?"]
    elif greeting and len(_words(body)) <= 1 and not question:  # "hi", "hey Mira!"
        sentences.append(_pick(_AFTER_GREETING, said))
    else:
        if not greeting:
            sentences.append(_pick(_QUESTION_OPENERS if question else _STATEMENT_OPENERS, said))
        if facts := _relevant(memories, person, said):
            sentences.append(_pick(_RECALLS, said).format(", and ".join(facts)))
        sentences.append(_pick(_QUESTION_CLOSERS if question else _STATEMENT_CLOSERS, said))
    return " ".join(sentences)


def _remember_calls(messages: list[Message], said: str) -> list[ToolCall]:
    """``llm_triggered`` personas: remember what the rules find in the person's last message."""
    system = " ".join(_message_text(m) for m in messages if m.get("role") == "system")
    named = TALKING_WITH.search(system)
    name = named["name"].strip() if named else "The user"
    line = ConversationLine(time="00:00:00", name=name, handle="user", content=_normalise(said))
    calls = []
    for fact in _Reader({"user": name}).read([line]):
        if fact.subject != "user":
            continue
        arguments = {
            "content": fact.content,
            "kind": fact.kind,
            "importance": fact.importance,
            "expiration": fact.expiration,
            "topics": fact.topics,
        }
        calls.append(ToolCall(name=REMEMBER_TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
    return calls


# --- The engine -------------------------------------------------------------------------------


class OfflineLLM:
    """Deterministic, rule-based stand-in for the OpenAI implementation (same interface)."""

    name = MODEL_NAME

    def complete(
        self,
        *,
        purpose: Purpose,
        messages: list[Message],
        tools: list[Tool] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
    ) -> Completion:
        last_user = next((_message_text(m) for m in reversed(messages) if m.get("role") == "user"), "")
        content = ""
        tool_calls: list[ToolCall] = []
        if purpose == Purpose.EXTRACTION:
            arguments = _extraction_arguments(last_user)
            tool_calls.append(ToolCall(name=TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
        elif purpose == Purpose.SUMMARY:
            content = _summary(last_user)
        elif purpose == Purpose.PROFILE:
            arguments = _profile_arguments(last_user)
            offered = {(tool.get("function") or {}).get("name") for tool in tools or []}
            if PROFILE_TOOL_NAME in offered:
                tool_calls.append(ToolCall(name=PROFILE_TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
            else:
                content = arguments["summary"]
        else:
            content = _chat_reply(messages)
            offered = {(tool.get("function") or {}).get("name") for tool in tools or []}
            if REMEMBER_TOOL_NAME in offered:
                tool_calls += _remember_calls(messages, last_user)
        produced = content + " ".join(call.arguments for call in tool_calls)
        return Completion(
            content=content,
            tool_calls=tool_calls,
            prompt_tokens=sum(_tokens(_message_text(m)) for m in messages),
            completion_tokens=_tokens(produced),
            model=MODEL_NAME,
        )

    def stream(self, *, purpose: Purpose, messages: list[Message]) -> Iterator[str]:
        """The same text :meth:`complete` gives, a word (with its following space) at a time."""
        text = self.complete(purpose=purpose, messages=messages).content
        yield from re.findall(r"\S+\s*|\s+", text)
