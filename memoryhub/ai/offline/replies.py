"""Chat replies: short templates spoken to the person, using at most two remembered facts that
share a word with their message (or the first three, asked what it knows about them), and the
reply model's ``remember`` tool calls."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace

from memoryhub.ai.contract import (
    MEMORY_OFF_LINE,
    REMEMBER_TOOL_NAME,
    TALKING_WITH,
    ConversationLine,
    MemoryKind,
)
from memoryhub.ai.offline.attribution import Reader
from memoryhub.ai.offline.consolidation import SLOTS
from memoryhub.ai.offline.excerpts import EXCERPT_LABEL, Excerpt, excerpt_answer, excerpts_parse
from memoryhub.ai.offline.facts import Fact
from memoryhub.ai.offline.rules.plans import NEWS_AWAITED
from memoryhub.ai.offline.splitting import normalise
from memoryhub.ai.offline.splitting import sentences as sentences_in  # chat_reply's `sentences` is its reply
from memoryhub.ai.offline.text import (
    ADVERB_WORDS,
    NO_CONJUGATION,
    content_words,
    jaccard,
    join_names,
    message_text,
    word_count,
    words_of,
)
from memoryhub.ai.offline.vocabulary import (
    ACCIDENT,
    GRAVE_ILLNESSES,
    HELLOS,
    HOSPITALS,
    NEGATIVE_FEELINGS,
    PETS,
    RELATIONS,
    STOPWORDS,
    word_set,
)
from memoryhub.ai.types import Message, ToolCall

# The labels of the memory block's lines (memories.services.context.LAYER_LABELS, and older ones).
_SUMMARY_LABELS = ("Profile", "Last time", "Summary")  # paragraphs, used a sentence at a time


_OTHER_LABELS = ("People and things", "This conversation so far")  # names, and the talk itself: not facts


_MEMORY_LINE = re.compile(
    r"^\s*(?:[-*\u2022]|\[\d+\]|\d+[.)]|(?P<label>Recent|On this topic|Relevant|"
    + "|".join((*_SUMMARY_LABELS, *_OTHER_LABELS, EXCERPT_LABEL))
    + r")\s*:)\s*(?P<rest>.+)$"
)


_MEMORY_HEADING = re.compile(r"\b(?:memor\w*|remember\w*|know about|profile)\b", re.IGNORECASE)


_MEMORY_DELIMITER = re.compile(r"^\s*<\s*(?P<closing>/)?\s*memories\s*>\s*$", re.IGNORECASE)


_KNOW_ABOUT = re.compile(r"\bknow about (?P<name>[^:\]\n]+?)\s*:\s*\]?\s*$", re.IGNORECASE)


_AGE_SUFFIX = re.compile(r"\s*\((?:[^()]*\bago|just now|today|yesterday)\)\s*$")


# A greeting, or a time of day said as one before a name or alone ("morning Mira"; not "morning run").
_GREETING = re.compile(
    rf"^(?:(?:{HELLOS})\b(?: there\b)?|(?:morning|evening|afternoon)(?=[\s,!.]*$|[\s,]+(?-i:[A-Z])))[\s,!.]*", re.I
)


_SMALL_TALK = re.compile(r"\bhow (?:are|r) (?:you|u)\b|\bhow(?:'s| is) it going\b|\bhow have you been\b", re.I)


@dataclass
class _Memories:
    """What the memory block of a prompt says about the person."""

    facts: list[str] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)  # what was said last time
    name: str = ""  # from a heading such as "[What you know about Alice:]"
    excerpts: list[Excerpt] = field(default_factory=list)  # their own earlier lines, dated


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
            if label == EXCERPT_LABEL:
                memories.excerpts += excerpts_parse(match["rest"].split(" | "))
                continue
            into = {"Profile": memories.profile, "Last time": memories.sessions, "Summary": memories.sessions}
            items = [match["rest"]] if label in into else match["rest"].split(" | ")
            found = into.get(label, memories.facts)
            found += [
                item for item in dict.fromkeys(map(_memory_item, items)) if word_count(item) >= 3 and item not in found
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


_PAST_FORMS = word_set("grew drew threw swam sang rode wore began broke chose forgot spoke stole woke")


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


def _you_verb(verb: str) -> str:
    """The form of a third-person verb that goes with "you" ("loves" → "love"), or "" if unknown."""
    lower = verb.lower()
    if lower in _YOU_VERBS:
        return _YOU_VERBS[lower]
    if lower in NO_CONJUGATION or lower in _PAST_FORMS or lower.endswith("n't"):
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
    return plural and lower.isalpha() and len(lower) >= 4 and lower not in STOPWORDS


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


_COUPLE = re.compile(r"\s+and (?:their|his|her) (?P<who>[\w-]+) (?P<verb>are|have|were)\b")


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
    spoken = re.sub(r"^you have (?=been\b|\w+ed\b)", "you've ", spoken)  # "you've been a nurse for years"
    if person.named_in(spoken) or re.search(r"[<>\[\]{}|\"]", spoken) or word_count(spoken) > 25:
        return ""
    return spoken


_VAGUE = word_set("today tonight tomorrow yesterday day days week month year time good great nice bad feel feeling")


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
    return {_stem(word) for word in content_words(text)} - _VAGUE_STEMS


_VAGUE_STEMS = frozenset(map(_stem, _VAGUE))  # "years" is as vague as "year"


def _says_again(fact: str, earlier: str) -> bool:
    """ "you love hiking with your dog" after "you love hiking": nothing new worth a clause."""
    words, before = set(words_of(fact)), set(words_of(earlier))
    return words <= before or before <= words or jaccard(fact, earlier) >= 0.5


# What someone eats is answered by what they do not eat: "any snack ideas?" by "you're allergic
# to peanuts", "what should I cook tonight?" by "you're vegetarian" (stems, as `_stem` makes them).
_MEALS = frozenset(map(_stem, word_set("cook eat food dinner lunch breakfast meal recipe snack restaurant takeaway")))
_DIETS = frozenset(
    map(_stem, word_set("vegetarian vegan pescatarian allergic allergy gluten lactose dairy halal kosher diet"))
)


# Music is answered by what one listens to and plays: "what kind of music do I like?" by "you
# listen to a lot of jazz".
_MUSIC = frozenset(
    map(
        _stem,
        word_set(
            """music song songs band album listen jazz rock pop k-pop hip-hop rap classical country metal
            indie punk techno edm singer concert guitar piano drums bass violin cello playlist"""
        ),
    )
)
_MUSIC_ASKED = frozenset(map(_stem, word_set("music song songs band album listen playlist")))
# Plans are answered by what one is going to do: "what are my plans?" by "you're going hiking tomorrow".
_PLANS = frozenset(map(_stem, word_set("plan plans going trip visit flying moving")))
# What someone cannot stand is answered however they said it: "what food do I hate?" by "you can't
# stand olives".
_DISLIKES = frozenset(map(_stem, word_set("hate dislike stand loathe detest")))
_TRAVEL = frozenset(map(_stem, word_set("went trip travel travelled traveled visited flew holiday vacation")))


# What a question asks about, by its word's stem, and the stems of the facts that answer it:
# "where do I live?" is answered by "you moved to Lisbon", "what's my dog called?" by "named".
_ANSWERED_BY = {
    "liv": {"liv", "mov", "hom"},
    "call": {"call", "nam"},
    "nam": {"call", "nam"},
    "work": {"work", "job"},
    "job": {"work", "job"},
    "old": {"old", "age"},
    "age": {"old", "age"},
    "birthday": {"birthday", "born"},
    **dict.fromkeys(_MEALS, _MEALS | _DIETS),
    **dict.fromkeys(_MUSIC_ASKED, _MUSIC),
    _stem("plans"): _PLANS,
    **dict.fromkeys(_TRAVEL, _TRAVEL),  # "do you remember where I went?" … "Nora went on a trip to Lisbon"
    **dict.fromkeys(_DISLIKES, _DISLIKES),
    _stem("flying"): _PLANS,  # "where am I flying next month?" … "Nora is going to Lisbon next month"
}


def _summary_sentences(paragraphs: list[str]) -> list[str]:
    """The sentences of summaries (the profile, the last session), for use one at a time."""
    return [sentence for paragraph in paragraphs for sentence in re.split(r"(?<=[.!?])\s+", paragraph)]


_ASKED_NAME = re.compile(r"\bwhat(?:'s| is) my name\b|\bwhat do (?:you|people) call me\b|\bwho am I\b", re.I)
# Questions about one of the person's slots, and the slots that answer them: "where am I from?" is
# answered by "Nora is from Texas", which shares no word with it.
_ASKED_SLOTS = (
    (re.compile(r"\bwhere\b.*\b(?:from|grow up|grew up|born)\b", re.I), ("origin",)),
    (re.compile(r"\bwhere\b.*\b(?:live|living|based|stay|staying)\b", re.I), ("home",)),
    (
        re.compile(r"\b(?:what|which)\b.*\b(?:job|do for (?:a )?living|do I do|work as)\b|\bwhere do I work\b", re.I),
        ("job", "employer"),
    ),
    (re.compile(r"\bhow old\b|\bmy age\b", re.I), ("age",)),
    (_ASKED_NAME, ("name",)),
)
# "what's my favorite book?": a favourite of their own, answered by "Nora's favourite book is …".
_ASKED_FAVOURITE = re.compile(r"\bmy (?:all[- ]time )?fav(?:ou?rite|e)? (?P<thing>[a-z]+)\b", re.I)
_OF_THEMSELVES = re.compile(r"\b(?:I|my|me)\b", re.I)
_OF_A_RELATIVE = re.compile(rf"\b(?:my|your) (?:{RELATIONS})s?\b", re.I)
_MY_RELATIVE = re.compile(rf"\bmy (?P<relation>(?:{RELATIONS})s?)\b", re.I)
_ASKED_PETS = re.compile(r"\b(?:pets?|animals?)\b", re.I)
_PET_OWNED = re.compile(rf"\b(?:has|have|got|adopted)\b.*\b(?:{PETS})s?\b", re.I)


def _last_sentence(said: str) -> str:
    return (sentences_in(said) or [""])[-1]


def _relative_asked(said: str) -> re.Match[str] | None:
    """Their relative a question in ``said``'s last sentence asks about ("where does my sister live?"), not
    one named in the news before it ("… my brother broke his arm. How've you been?")."""
    asked = _last_sentence(said)
    return _MY_RELATIVE.search(asked) if asked.endswith("?") else None


def _asks_about_themselves(said: str) -> bool:
    """Whether ``said``'s last sentence asks about one of the person's own slots or pets ("where am I
    from?"; not "… my guinea pig. How are your pets?")."""
    asked = _last_sentence(said)
    if not _OF_THEMSELVES.search(asked) or _OF_A_RELATIVE.search(asked):
        return False
    return bool(_ASKED_PETS.search(asked) or _ASKED_FAVOURITE.search(asked)) or any(
        pattern.search(asked) for pattern, _ in _ASKED_SLOTS
    )


def _answers_for(said: str, person: _Person) -> re.Pattern[str] | None:
    """What a remembered fact that answers ``said`` looks like, when ``said`` asks about one of the
    person's own slots or their pets ("where am I from?": "Nora is from Texas"); None when it does
    not ("where does my sister live?" is answered by the sister's facts, if any)."""
    if not said.endswith("?") or not _asks_about_themselves(said):
        return None
    names = "|".join(map(re.escape, person.forms()))
    slots = [SLOTS[slot] for asked, asked_slots in _ASKED_SLOTS if asked.search(said) for slot in asked_slots]
    shapes = [rf"^(?:{names})(?:{'|'.join(slots)})"] if names and slots else []
    if _ASKED_PETS.search(said):
        shapes.append(_PET_OWNED.pattern)  # "do I have any pets?" … "Nora has two cats"
    if names and (favourite := _ASKED_FAVOURITE.search(said)):
        shapes.append(rf"^(?:{names})'s favou?rite {re.escape(favourite['thing'].lower())}\b")
    return re.compile("|".join(f"(?:{shape})" for shape in shapes), re.I) if shapes else None


def _asked_stems(said: str, person: _Person) -> set[str]:
    """The stems of what ``said`` asks about (not the person's own name), with the stems of what
    answers them ("what food do I hate?" is answered by "can't stand")."""
    wanted = _stems(said) - {_stem(word) for word in words_of(person.name)}
    return wanted | {answer for stem in wanted for answer in _ANSWERED_BY.get(stem, ())}


def _relevant(memories: _Memories, person: _Person, said: str) -> list[str]:
    """At most two remembered facts that share a word with what the person said (or answer
    what they asked about), said to them.

    The profile and last session are summaries of many facts: one sentence of them at most.
    """
    ignored = {_stem(word) for word in words_of(person.name)}
    wanted = _asked_stems(said, person)
    summaries = _summary_sentences(memories.profile + memories.sessions)
    candidates = [(fact, False) for fact in memories.facts] + [(sentence, True) for sentence in summaries]
    # A fact that answers the question asked is the answer, whatever words it shares ("what do I do
    # for a living?" is not about where they live).
    answer = _answers_for(said, person)
    answers = [answer is not None and answer.search(text) is not None for text, _ in candidates]
    if not any(answers) and person.name and said.endswith("?") and _ASKED_NAME.search(said):
        return [f"you're {person.name}"]  # the name they are known by, when no memory says another
    shared = [
        1 if answered else 0 if any(answers) else len((_stems(text) - ignored) & wanted)
        for (text, _), answered in zip(candidates, answers, strict=True)
    ]
    # Asked about their relative, only what is remembered of that relative answers: "where does my sister
    # live?" is not answered with "you're moving to Berlin" too, nor "where do my parents live?" with the sister.
    if relative := _relative_asked(said):
        relation = re.escape(relative["relation"].lower().removesuffix("s"))
        of_them = [bool(re.search(rf"\b{relation}s?\b", text, re.I)) for text, _ in candidates]
        shared = [count if about else 0 for count, about in zip(shared, of_them, strict=True)]
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
_LOSS_COMFORT = ("I'm here if you want to talk.", "Take all the time you need. I'm here.")


# News that is hard to hear (a divorce, an illness, a job lost) is met with sympathy, and good news
# (a promotion, a baby, an engagement) with congratulations, not "Got it … Good to know!".
_HARD_NEWS = re.compile(
    rf"\b(?:divorce|break-?up|broke up|split up|separated|{GRAVE_ILLNESSES}|chemo|(?:in|had) {ACCIDENT}"
    rf"|(?:in|(?:rushed|taken|admitted|had to go) to) (?:the )?(?:{HOSPITALS})|icu"
    r"|recovering|surgery|lost (?:their|his|her) job|laid off|fired|made redundant|miscarriage"
    r"|diagnosed|failed (?:their|his|her) |flunked"
    r"|(?:been|is) (?:(?:really|very|so|pretty|quite) )?(?:sick|ill|unwell)(?! of)"
    r"|broke down|(?:got|was) stolen|broken into|(?:got|was) written off|totall?ed"
    r"|(?:is|was|been) at the vet'?s?|(?:broke|sprained|twisted|fractured|tore|dislocated|injured|hurt)"
    r" (?:their|his|her) )\b",
    re.IGNORECASE,
)
_WORK_SLOTS = ("job", "employer", "field")
_GOOD_NEWS = re.compile(
    r"\b(?:promoted|promotion|pregnant|expecting|engaged|getting married|got married|graduated|got into"
    r"|finished (?:their|his|her) (?:thesis|dissertation|degree)|defended (?:their|his|her) "
    r"|got accepted|(?:got|landed|found) (?:a new|the|their dream) job|bought (?:their|his|her) first"
    r"|passed (?:their|his|her) |aced|got (?:their|his|her) (?:driver's )?license|got a raise"
    r"|won (?:the|a|an|their|his|her|first) |had a baby"
    r"|(?:ran|finished|completed) (?:their|his|her|a) first (?:marathon|half marathon|race|5k|10k|triathlon))\b",
    re.IGNORECASE,
)


# An outing planned: "going hiking tomorrow", "going to the beach on Saturday", "going to a concert".
_OUTING = re.compile(r" (?:is|are) going (?:[a-z]+ing\b|to (?:the|a|an) (?!doctor|dentist|hospital|funeral)\w)")
_TRIP = re.compile(r" (?:is|are) (?:going|heading|flying) (?:to (?-i:[A-Z])|home for )")
# An outing or a trip made: "went camping two weekends ago", "visited Rome in May".
_WENT = re.compile(
    r"^\S+ (?:(?:went (?:[a-z]+ing\b|to|on)|visited|took \w+ \w+ on|spent \w+ \w+ in) |was in (?-i:[A-Z]))"
)
# How an outing was, said with it: "it was amazing!", "that was really fun", "we had such a blast".
_HOW_IT_WAS = re.compile(
    r"\b(?:it|that) was (?:(?:so|really|super|pretty|absolutely|such) )*(?:awesome|amazing|great|fun|much fun"
    r"|lovely|wonderful|fantastic|incredible|beautiful|perfect|a blast|the best)\b|\bhad (?:a|such a) blast\b",
    re.I,
)
# A start ahead: "starting their new job on Monday", "starting uni in September".
_START = re.compile(
    r" is starting (?:their |a |the )?(?:new |first )?(?:job|uni|university|college|school|role"
    r"|position|internship|course|degree|apprenticeship|residency)\b"
)


_AFTER_NEWS = ("Thanks for telling me!", "How do you feel about it?", "Tell me more!")


# After something lasting (a diet, a taste, a relative): asking how one feels about being
# vegetarian, or about a dislike just said, would be odd.
_AFTER_FACT = ("Thanks for telling me!", "Good to know!", "I'll keep that in mind.")


_QUESTION_OPENERS = ("Good question!", "Hmm, good question.", "Interesting question!")


_CANNOT_LOOK_UP = "I can't look that up right now, but I'm happy to think it through with you."
# What only a look-up could answer: "what's the weather like?", "what time is it?".
_LIVE = re.compile(
    r"\b(?:weather|forecast|temperature outside|what time is it|what's the time|what(?:'s| is) the date"
    r"|what day is it|today's date|the news|the score|stock price|exchange rate)\b",
    re.I,
)
# Asked to recall what they told, without a question mark: "remind me what I told you about my job".
_RECALL_ASKED = re.compile(
    r"^(?:can you |could you |please )?(?:remind me|tell me) what I (?:told|said)"
    r"|^(?:do|did) (?:you|u) (?:still )?remember (?:what|anything) I (?:told|said)",  # "… about my sister?"
    re.I,
)
_QUESTION_CLOSERS = (
    "I can only give a simple answer right now, but tell me more and I'll keep up.",
    _CANNOT_LOOK_UP,
    "What do you think yourself?",
)
_REQUEST_OPENERS = ("Hmm, let me think.",)
# A choice of their own asked about: "what should I wear to the wedding?", "should I text him?".
_SHOULD_I = re.compile(r"^(?:(?:so|hmm|ok|okay|ugh),? )?(?:(?:what|which|where|how|when) )?should i\b", re.I)
# Advice asked for: not something to look up, nor a mood ("What are you in the mood for?" is a book's).
_ADVICE_ASKED = re.compile(r"\b(?:tips?|advice)\b", re.I)
_THINK_IT_THROUGH = "I'm happy to think it through with you. What have you tried so far?"
_ABOUT_ME_THE_BOT = "Me? I don't have a life outside our chats, but I love hearing about yours. What about you?"
_NOT_TOLD_YET = "I don't think you've told me that yet. Tell me and I'll remember it!"
# A request, answered as a question is: "recommend me a book", "can you suggest a film?".
_REQUEST = re.compile(
    r"^(?:(?:please|pls|ok|okay|so|hey)[, ]+)?(?:recommend|suggest|give me|help me|find me|show me"
    r"|any (?:ideas|tips|suggestions|recommendations|advice)|(?:can|could|would|will) you (?:please )?(?:recommend"
    r"|suggest|help|give|find|tell|explain|show))\b",
    re.I,
)


_STATEMENT_OPENERS = ("I hear you.", "I see.", "Got it.")


_STATEMENT_CLOSERS = ("Tell me more!", "How's that going?", "What else is on your mind?")


_RECALLS = ("I know {}.", "If I remember right, {}.", "From what I remember, {}.")


_RECALLED_CLOSERS = ("Did I get that right?", "Is that right?", "Have I got that right?")


# "what do you know about me?", "do you remember me?", "who am I?": everything bears on it.
_ABOUT_ME = re.compile(
    r"\b(?:what|anything)\b[^?]*\b(?:know|remember|recall)\b[^?]*\babout me\b"
    r"|\bdo you (?:still )?(?:know|remember) me\b|\bwho am i\s*(?:[?!.]|$)",  # not "who am I kidding"
    re.IGNORECASE,
)


_ABOUT_ME_OPENERS = ("Here's what I remember: {}.", "I remember that {}.", "Let me see: {}.")


_NOTHING_ABOUT_ME = "I don't know much about you yet. Tell me about yourself!"


# While memory is off for the person (``MEMORY_OFF_LINE`` in the prompt) nothing they say is kept:
# no reply promises to remember it, and what they told earlier in this conversation is what they
# said, not what is remembered.
_AFTER_FACT_MEMORY_OFF = ("Thanks for telling me!", "Good to know!")
_NOT_TOLD_YET_MEMORY_OFF = "I don't think you've told me that in this conversation, and my memory is off for you."
_RECALLS_MEMORY_OFF = ("You said {}.", "You mentioned {}.")
_ABOUT_ME_MEMORY_OFF = "My memory is off for you, so I only know what you've said in this conversation: {}."
_NOTHING_ABOUT_ME_MEMORY_OFF = "My memory is off for you, so I don't keep anything you tell me."


def chat_reply(messages: list[Message]) -> str:
    """A short, friendly reply in the second person, by the kind of message it answers.

    A fact the person just told is said back to them (a death with sympathy); otherwise at most
    two remembered facts that share a word with their message, or answer what it asks about, are
    ("I know you love hiking."), and none when none does; asked what it knows about them, the
    first three. What they told earlier in the conversation counts as remembered. The memory
    context may be in system messages, or (injection mode ``user_prefix``) in front of the user's
    own words in the last user message.
    """
    memories = _Memories()
    last, earlier = "", []  # the person's last message, and their messages before it
    for message in messages:
        role = message.get("role")
        if role in ("system", "user"):
            rest = _memory_block(message_text(message), labels_anywhere=role == "system", memories=memories)
            if role == "user":
                earlier.append(last)
                last = rest
    system = "\n".join(message_text(m) for m in messages if m.get("role") == "system")
    memory_off = MEMORY_OFF_LINE in system
    named = TALKING_WITH.search(system)
    person = _Person(named["name"].strip() if named else memories.name, _pronoun_in(memories.profile + memories.facts))
    remembered = memories.facts or memories.profile or memories.sessions
    said = normalise(last)
    greeting = _GREETING.match(said)
    body = said[greeting.end() :] if greeting else said
    question = said.endswith("?") or bool(_RECALL_ASKED.match(said))
    speaker = _Person(_SPEAKER)
    # Their message before is read first, for what this one goes on from ("my sister lives in Boston" …
    # "her name is Clara"; "what's your favourite food?" … "mine is ramen"); what it told is not told again.
    before = [normalise(earlier[-1])] if earlier and earlier[-1] else []
    lines = [ConversationLine(time="00:00:00", name=_SPEAKER, handle="you", content=text) for text in [*before, said]]
    told = [
        fact
        for fact in Reader({"you": _SPEAKER}).read(lines)
        if fact.subject == "you" and fact.lines[0] == len(lines) - 1
    ]

    def back(fact: Fact) -> str:  # a fact just told, said back
        spoken = _second_person(fact.content, speaker)
        return "" if person.named_in(spoken) else spoken

    def back_all(facts: list[Fact]) -> str:  # facts just told, said back in a row
        return " and ".join(_subjects_once(list(dict.fromkeys(filter(None, map(back, facts))))))

    sentences = []
    if greeting:
        sentences.append(_pick(_WELCOME_BACK if remembered else _WELCOME, said))
    if losses := [fact for fact in told if "loss" in fact.topics]:  # a death: sympathy, not "thanks"
        spoken = back(losses[0])
        # (not "What's been going on?" after a death: the loss is what is going on; nor a cheerful welcome
        # before it: "Hi, nice to meet you! I'm so sorry to hear your grandma died")
        sentences = [f"I'm so sorry to hear {spoken}." if spoken else "I'm so sorry.", _pick(_LOSS_COMFORT, said)]
    elif emotions := [fact for fact in told if fact.kind == MemoryKind.EMOTION]:
        feeling = emotions[0].topics[-1]
        spoken = back(emotions[0]) or f"you're feeling {feeling}"
        if feeling in NEGATIVE_FEELINGS:
            sentences += [f"Sorry {spoken}.", _pick(_COMFORT, said)]
        else:
            sentences += [f"So glad {spoken}!", _pick(_CHEER, said)]
    elif told:
        spoken = back_all(told[:2])
        # A job is not news to be sorry about: "I work in the ER", "I'm a nurse in the ICU".
        hard = [fact for fact in told[:2] if _HARD_NEWS.search(fact.content) and fact.slot not in _WORK_SLOTS]
        good = [fact for fact in told[:2] if _GOOD_NEWS.search(fact.content)]
        said_back = back_all(hard or good) or spoken  # only the news is met so, not what came beside it
        if spoken and hard:
            sentences += [f"I'm sorry to hear {said_back}.", _pick(_COMFORT, said)]
        elif spoken and good:
            sentences += [f"Congratulations — {said_back}!", _pick(_CHEER, said)]
        else:
            if not spoken and any(fact.slot == "name" for fact in told):
                first = f" {person.name.split()[0]}" if person.name else ""
                # "hi! I'm Nora": one welcome, by name (was "Hi there, nice to meet you! Nice to meet you, Nora!")
                if greeting:
                    sentences[-1:] = [f"Hi{first}, nice to meet you!", _AFTER_GREETING[0]]
                else:
                    sentences.append(f"Nice to meet you,{first}!" if first else "Nice to meet you!")
            else:
                thanks = "Thanks for telling me." if memory_off else "Thanks for telling me, I'll keep that in mind."
                sentences.append(f"Got it — {spoken}." if spoken else thanks)
            news = any(fact.kind in (MemoryKind.EVENT, MemoryKind.PLAN) for fact in told[:2])
            if any(_OUTING.search(fact.content) for fact in told[:2]):
                sentences.append("Have fun!")  # "I'm going hiking tomorrow"
            elif any(_TRIP.search(fact.content) for fact in told[:2]):
                sentences.append("Have a great trip!")  # "I'm flying to Lisbon on Friday"
            elif any(_WENT.search(fact.content) for fact in told[:2]):
                # "we went camping last weekend" (asked how it was, unless they said: "… it was so much fun")
                sentences.append("Sounds like a great time!" if _HOW_IT_WAS.search(said) else "How was it?")
            elif any(_START.search(fact.content) for fact in told[:2]):
                sentences.append("Good luck!")  # "I start my new job on Monday"
            elif spoken:  # (the words with nothing said back have thanked already)
                after_fact = _AFTER_FACT_MEMORY_OFF if memory_off else _AFTER_FACT
                sentences.append(_pick(_AFTER_NEWS if news else after_fact, said))
    elif _SMALL_TALK.search(said):
        sentences += ["I'm doing well, thanks for asking!", "How about you?"]
    elif social := _social(body.strip(), said, system):
        sentences += social
    elif greeting and len(words_of(body)) <= 1 and not question:  # "hi", "hey Mira!"
        sentences.append(_pick(_AFTER_GREETING, said))
    elif _ABOUT_ME.search(said):
        known = _known(_with_told_earlier(memories, earlier, person), person)
        openers = (_ABOUT_ME_MEMORY_OFF,) if memory_off else _ABOUT_ME_OPENERS
        nothing = _NOTHING_ABOUT_ME_MEMORY_OFF if memory_off else _NOTHING_ABOUT_ME
        sentences.append(_pick(openers, said).format(join_names(_subjects_once(known))) if known else nothing)
    else:
        request = bool(_REQUEST.match(body.strip()))  # "recommend me a book": asked, as a question is
        if not greeting:
            openers = _REQUEST_OPENERS if request else _QUESTION_OPENERS if question else _STATEMENT_OPENERS
            sentences.append(_pick(openers, said))
        facts = _relevant(_with_told_earlier(memories, earlier, person), person, said)
        if facts:
            sentences.append(_pick(_RECALLS_MEMORY_OFF if memory_off else _RECALLS, said).format(", and ".join(facts)))
        elif question and (recalled := excerpt_answer(memories.excerpts, _asked_stems(said, person), _stems)):
            facts = [recalled]  # what they said before answers it: "You told me on 8 May that …"
            sentences.append(recalled)
        # Having answered from memory, it does not also say it cannot look the answer up; asked about
        # themselves with nothing remembered, it says so rather than asking them back.
        closers: tuple[str, ...]
        not_told_yet = _NOT_TOLD_YET_MEMORY_OFF if memory_off else _NOT_TOLD_YET
        if question and not facts and _asks_about_themselves(said):
            closers = (not_told_yet,)
        elif question and _SHOULD_I.search(body):
            closers = ("What are you leaning towards?",)  # "what should I wear to the wedding?": theirs to decide
        elif question and not facts and (_RECALL_ASKED.search(said) or _relative_asked(said)):
            closers = (not_told_yet,)  # "do you remember what I told you about my sister?", nothing remembered
        elif question and not facts and _LIVE.search(said):
            closers = (_CANNOT_LOOK_UP,)  # "what's the weather like?": not "what do you think yourself?"
        elif request and _ADVICE_ASKED.search(body):  # "any tips for making friends in a new city?"
            closers = ("What have you tried so far?",) if facts else (_THINK_IT_THROUGH,)
        elif request:
            closers = ("What are you in the mood for?",) if facts else (_CANNOT_LOOK_UP,)
        elif question and not facts and _ABOUT_PERSONA.search(said) and not _OF_THEMSELVES.search(said):
            closers = (_ABOUT_ME_THE_BOT,)  # "do you have any hobbies?": not "what do you think yourself?"
        else:
            closers = (_RECALLED_CLOSERS if facts else _QUESTION_CLOSERS) if question else _STATEMENT_CLOSERS
        sentences.append(_pick(closers, said))
    return " ".join(sentences)


# What a person says to be sociable rather than to tell or ask something: thanks, a goodbye, a
# laugh, a question about the persona itself, a hard day, a request for a joke.
# The words that thank: "thanks", "thank u", "tysm" (alone, or with a few words more).
_THANKED = r"thanks|thank you|thank u|thx|ty|tysm"
_THANKS = re.compile(
    rf"^(?:{_THANKED}|cheers|much appreciated)(?: (?:so much|a lot|a bunch|again"
    r"|for (?:that|everything|the (?:help|chat|advice)|listening|asking|remembering)))*(?:[ ,]+(?-i:[A-Z])[a-z]+)?"
    r"[\s!.]*$",
    re.I,
)
_BYE = (
    r"bye|goodbye|good night|goodnight|gn|night|nite|see (?:you|ya|u)(?: later| soon| tomorrow)?"
    r"|talk (?:to you )?(?:later|soon|tomorrow)|ttyl|cya|later|gotta go|got to go|g2g|i (?:have|need) to go"
    r"|i'm off|i'm heading off|take care|stay safe|catch (?:you|ya|u) later|have a good (?:one|day|night|evening)"
    r"|have a safe (?:trip|flight|journey)|safe travels"
)
# What may stand beside a goodbye and still leave it one: "Bye, Priya! Can't wait to see the photos."
_PLEASANTRY = re.compile(
    r"^(?:great|awesome|cool|perfect|nice|ok(?:ay)?|will do|you too|same to you"
    r"|(?:wow,? )?(?:that )?sounds (?:good|fun|great|awesome|amazing|lovely)"
    rf"|(?:i )?can't wait (?:{NEWS_AWAITED.pattern})"
    r"|have (?:fun|a (?:great|good|nice|lovely) (?:time|trip|weekend|day|evening))(?: and stay safe)?)[\s!.]*$",
    re.I,
)
_GOODBYE = re.compile(
    rf"^(?:(?:ok(?:ay)?|alright|well|anyway|cool|great|awesome|perfect|nice|{_THANKED})[, ]+)?"
    rf"(?:{_BYE})(?:[ ,!.]+(?:{_BYE}|now|then|all|everyone|guys|for now|friend|mate|x+|(?-i:[A-Z])[a-z]+))*[\s!.]*$",
    re.I,
)
_LAUGH = re.compile(
    r"^(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|ha(?: ?ha)+|xd)(?:[ ,]+(?:ok(?:ay)?|yeah|yep|true|fair|nice|cool|same))?"
    r"[\s!.]*$",  # "lol ok"
    re.I,
)
_WHO_ARE_YOU = re.compile(
    r"\b(?:what(?:'s| is) your name|who (?:are|r) (?:you|u)|what (?:are|r) (?:you|u)\b(?! (?:doing|up to|thinking))"
    r"|tell me about yourself|introduce yourself|(?:are|r) (?:you|u) (?:a |an )?(?:robot|bot|ai|human|real|person)"
    r"|what can (?:you|u) do|how do (?:you|u) work|how does (?:this|it) work|what are (?:you|u) for)\b",
    re.I,
)
_JOKE = re.compile(r"\b(?:tell me a joke|(?:know|got) any (?:good )?jokes|make me laugh|say something funny)\b", re.I)
# A hard stretch said of work or life: "ugh work has been so stressful lately".
_HARD_TIMES = re.compile(
    r"\b(?:work|school|uni|life|things|everything|my job|this week|the week|today)(?: has| have|'s) been"
    r"(?: (?:so|really|very|pretty|super|kinda|kind of|a bit|quite))* (?:stressful|hard|rough|tough|crazy|hectic"
    r"|overwhelming|exhausting|awful|terrible|a lot|brutal|intense)\b",
    re.I,
)
_NO_SLEEP = re.compile(r"\b(?:can't|cannot|couldn't) (?:sleep|fall asleep|get to sleep)\b|\binsomnia\b", re.I)
_BORED = re.compile(
    r"^(?:ugh,? )?I'?m (?:so |really |super |kinda )?bored\b(?: (?:lol|haha\w*|tbh|rn))*"
    r"(?:[,.!]*\s*(?:any ideas|ideas|any suggestions|what should I do)\??)?[\s!.?]*$",  # "I'm bored, any ideas?"
    re.I,
)
_HARD_DAY = re.compile(
    r"\b(?:rough|bad|long|terrible|awful|horrible|hard|tough|crappy|shitty|stressful)"
    r" (?:day|week|night|shift|morning)\b",
    re.I,
)
_FEELING_NOW = re.compile(
    r"(?:^|[,.;!]\s*|\b(?:and|but|so|ugh|honestly|tbh|omg)\s+)(?:I'm|I am|I've been|I have been|I feel|feeling"
    r"|been feeling|just)(?: (?:so|really|very|pretty|kinda|kind of"
    r"|sort of|a bit|a little|super|quite|feeling|just))*"
    r" (?P<feeling>sad|lonely|down|low|blue|meh|anxious|stressed|tired|exhausted|bored|happy|great|good|excited"
    r"|homesick|depressed|overwhelmed|miserable|frustrated|sick|ill|unwell)"
    # "I'm good, just tired from work"
    r"(?: (?:from|after) (?:work|school|uni|class|the week|the gym|the trip|travel(?:l?ing)?|my shift))?"
    r"(?: (?:today|tonight|lately|rn|atm|right now|these days))?[\s!.]*$",
    re.I,
)
_PERSONA = re.compile(r"\bYou are (?P<name>[A-Z][\w'-]{1,30})(?:, (?P<what>an? [^.\n]{3,80}?))?[.\n]")
_JOKES = (
    "Why don't scientists trust atoms? Because they make up everything.",
    "I told my computer I needed a break, and it said: no problem, I'll go to sleep.",
    "Why did the scarecrow win an award? He was outstanding in his field.",
)


# Thanks with a few words more: "thanks, you're sweet", "thank you, that helps".
_THANKS_AND = re.compile(rf"^(?:{_THANKED})\b,? +(?:[^\s.!?]+\s*){{1,5}}[.!]*$", re.I)
# Help asked for, with nothing yet of what: "can you help me with something?".
_HELP_ASKED = re.compile(
    r"^(?:(?:can|could|would|will) (?:you|u) )?(?:please )?help(?: me)?(?: (?:with|out with) (?:something|sth|smth"
    r"|a thing|a few things|sth quick))?(?: please)?[\s?!.]*$",
    re.I,
)
# A question about the persona itself: "what do you do for fun?", "do you have any hobbies?".
_ABOUT_PERSONA = re.compile(
    r"\b(?:do|did|are|have|would|will|can) (?:you|u)\b(?! (?:mean|know|remember|recall|think)\b)"
    r"|\bwhat(?:'s| is| are) your\b|\byour favou?rite\b|\bwhat do (?:you|u) (?:do|like|enjoy)\b",
    re.I,
)


def _social(body: str, said: str, system: str) -> list[str]:
    """The reply to thanks, a goodbye, a laugh, "who are you?", a plain "can you help me?", a hard
    day or "tell me a joke"; [] for anything else. The persona's name and what it is come from its
    prompt ("You are Mira, a warm and curious companion.")."""
    parts = [part for part in re.split(r"(?<=[.!])\s+", body) if part]  # "Thanks! Talk to you later!"
    if any(_GOODBYE.match(part) for part in parts) and all(
        _GOODBYE.match(p) or _THANKS.match(p) or _PLEASANTRY.match(p) for p in parts
    ):
        night = re.search(r"\b(?:good ?)?(?:night|nite)\b|\bgn\b", body, re.I)  # "goodnight!" too
        thanked = re.match(rf"(?:{_THANKED})\b", body, re.I)  # "thanks, bye!" (was "Anytime!" alone)
        farewell = "Good night, sleep well!" if night else "Bye for now!"
        return ["Anytime!", farewell] if thanked else [farewell, "Talk soon."]
    if _THANKS.match(body) or (_THANKS_AND.match(body) and "?" not in body):
        return [_pick(("You're welcome!", "Anytime!", "Happy to help!"), said)]
    if parts and all(_PLEASANTRY.match(part) for part in parts):  # "Great!", "ok", "have fun!"
        said_first = parts[0].lower()
        opener = "Okay!" if said_first.startswith(("ok", "will do")) else "Glad to hear it!"
        opener = "Thanks!" if said_first.startswith(("have", "you too", "same to you")) else opener
        return [opener, "What else is on your mind?"]
    if _LAUGH.match(body):
        return ["Haha!", "What else is on your mind?"]
    if _WHO_ARE_YOU.search(body):
        persona = _PERSONA.search(system)
        memory_off = MEMORY_OFF_LINE in system
        if persona is None:
            me = (
                "I'm a companion, and my memory is off for you."
                if memory_off
                else "I'm a companion who remembers what you tell me."
            )
            return [me, "What would you like to talk about?"]
        what = f", {persona['what']}" if persona["what"] else ""
        invite = "My memory is off for you, but" if memory_off else "I remember what you tell me, so"
        return [f"I'm {persona['name']}{what}.", f"{invite} tell me about yourself!"]
    if _HELP_ASKED.match(body):
        return ["Of course!", "What do you need?"]
    if _JOKE.search(body):
        return [_pick(_JOKES, said)]
    if (_HARD_DAY.search(body) or _HARD_TIMES.search(body)) and not body.endswith("?"):
        return ["Sorry to hear that.", _pick(_COMFORT, said)]
    if _NO_SLEEP.search(body) and not body.endswith("?"):  # "I can't sleep"
        return ["Sorry you can't sleep.", "Want to talk about what's keeping you up?"]
    if _BORED.search(body):  # "I'm bored, any ideas?"
        return ["Let's fix that!", "What have you been into lately?"]
    if feeling := _FEELING_NOW.search(body):  # "I'm sad", "long day, I'm exhausted": no reason, so no memory
        low = feeling["feeling"].lower()
        if low == "bored":
            return ["Let's fix that!", "What have you been into lately?"]
        if low in ("sick", "ill", "unwell"):  # "I'm sick today"
            return ["Sorry you're not feeling well.", "Take it easy and get some rest!"]
        if low in NEGATIVE_FEELINGS or low in ("down", "low", "blue", "meh"):
            return [f"Sorry you're feeling {low}.", _pick(_COMFORT, said)]
        return [f"Glad you're feeling {low}!", "What's made your day?"]
    return []


def _with_told_earlier(memories: _Memories, earlier: list[str], person: _Person) -> _Memories:
    """``memories`` and what the person told earlier in this conversation, which is known too before
    it becomes a memory once the conversation goes quiet: after the memories, as a block gives them.
    Read only for the replies that answer from memory (the rules cost about a millisecond a message)."""
    told = [fact for fact in _told_earlier(earlier, person) if fact not in memories.facts]
    return replace(memories, facts=memories.facts + told)


def _told_earlier(texts: list[str], person: _Person) -> list[str]:
    """The facts the person's earlier messages of this conversation tell, in the third person as the
    memory block words them (none when the person's name is not known)."""
    said = [normalise(text) for text in texts if text.strip()]
    if not said or not person.name:
        return []
    lines = [ConversationLine(time="00:00:00", name=person.name, handle="you", content=text) for text in said]
    return [fact.content for fact in Reader({"you": person.name}).read(lines) if fact.subject == "you"]


def _subjects_once(spoken: list[str]) -> list[str]:
    """Facts said back in a row, the words that begin both left out of the second: "your son is 12"
    and "your son is obsessed with Minecraft" read "your son is 12" and "obsessed with Minecraft";
    "your wife is a nurse", "loves hiking". Kept when what is left would start with a name, or when only
    "your" is shared ("your dog is 3" and "your mom is a nurse": not "mom is a nurse")."""
    said: list[str] = []
    for text in spoken:
        words, before = text.split(), said[-1].split() if said else []
        common = 0
        while common < min(len(words), len(before)) - 1 and words[common] == before[common]:
            common += 1
        while common and words[common - 1] in ("a", "an", "the"):  # "you have a dog and a cat"
            common -= 1
        if common > (words[0] == "your") and words[0] in ("your", "you're", "you") and words[common][0].islower():
            text = " ".join(words[common:])
        said.append(text)
    return said


def _known(memories: _Memories, person: _Person, *, limit: int = 3) -> list[str]:
    """The first ``limit`` remembered facts (the block's order), else sentences of the profile,
    said to the person."""
    known: list[str] = []
    for text in memories.facts + _summary_sentences(memories.profile):
        spoken = _second_person(text.rstrip(". "), person)
        if spoken and not any(_says_again(spoken, earlier) for earlier in known):
            known.append(spoken)
        if len(known) == limit:
            break
    return known


def remember_calls(messages: list[Message], said: str) -> list[ToolCall]:
    """``llm_triggered`` personas: remember what the rules find in the person's last message."""
    system = " ".join(message_text(m) for m in messages if m.get("role") == "system")
    named = TALKING_WITH.search(system)
    name = named["name"].strip() if named else "The user"
    line = ConversationLine(time="00:00:00", name=name, handle="user", content=normalise(said))
    calls = []
    for fact in Reader({"user": name}).read([line]):
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
