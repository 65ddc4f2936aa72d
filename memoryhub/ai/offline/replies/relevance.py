"""Which remembered facts bear on a message: those sharing a word's stem with it, those that answer
what it asks about ("where do I live?" by "you moved to Lisbon"), and what was told earlier in the
conversation."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from memoryhub.ai.contract import (
    SENTENCE_END,
    ConversationLine,
)
from memoryhub.ai.offline.attribution import Reader
from memoryhub.ai.offline.consolidation import SLOTS
from memoryhub.ai.offline.facts import WORK_SLOTS
from memoryhub.ai.offline.forgetting import forget_asked, memory_asked_forgotten
from memoryhub.ai.offline.replies.memories import Memories
from memoryhub.ai.offline.replies.person import Person, second_person
from memoryhub.ai.offline.rules.businesses import BUSINESSES
from memoryhub.ai.offline.rules.health import INJURED
from memoryhub.ai.offline.rules.household import KEPT_ANIMALS
from memoryhub.ai.offline.rules.pastimes import ACTIVITIES
from memoryhub.ai.offline.splitting import normalise, sentences
from memoryhub.ai.offline.text import (
    content_words,
    jaccard,
    words_of,
)
from memoryhub.ai.offline.vocabulary import (
    DAY_OF_MONTH,
    MONTHS,
    PETS,
    RELATIONS,
    TIME,
    WEEKDAYS,
    word_set,
)

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


# Back from somewhere is a trip made, in words that share none with "travel" or "trip": "where did I
# just travel?" … "you got back from a week in Lisbon".
_BACK_FROM = re.compile(
    r"\b(?:got|get|gets|getting|came|come|comes|coming|flew|just) back from\b|\breturned from\b", re.I
)


def word_stems(text: str) -> set[str]:
    stems = {_stem(word) for word in content_words(text)} - _VAGUE_STEMS
    return stems | {_stem("trip")} if _BACK_FROM.search(text) else stems


_VAGUE_STEMS = frozenset(map(_stem, _VAGUE))  # "years" is as vague as "year"


def _says_again(fact: str, earlier: str) -> bool:
    """ "you love hiking with your dog" after "you love hiking": nothing new worth a clause. When is no
    news: "your cat had kittens last night" after "… had kittens on 29 November 2026" (the memory
    anchored, the line told earlier in the conversation as said)."""
    words, before = _untimed(fact), _untimed(earlier)
    return words <= before or before <= words or jaccard(fact, earlier) >= 0.5


# When a fact was, as a memory anchors it or a line says it: "on 29 November 2026", "in the week of 17
# February 2025", "in 2024", "last night", "on Friday".
_WHEN = re.compile(
    rf"\b(?:on |in )?(?:the (?:week|weekend) of )?\d{{1,2}} (?:{MONTHS}) \d{{4}}\b|\bin (?:(?:{MONTHS}) )?\d{{4}}\b"
    rf"|\b(?:last|this|next) (?:night|week|weekend|month|year|{WEEKDAYS})\b|\b(?:yesterday|today|tonight|tomorrow)\b"
    rf"|\bon (?:{WEEKDAYS})\b",
    re.IGNORECASE,
)


def _untimed(text: str) -> set[str]:
    return set(words_of(_WHEN.sub(" ", text)))


# What someone eats is answered by what they do not eat: "any snack ideas?" by "you're allergic
# to peanuts", "what should I cook tonight?" by "you're vegetarian" (stems, as `_stem` makes them).
_MEALS = frozenset(map(_stem, word_set("cook eat food dinner lunch breakfast meal recipe snack restaurant takeaway")))


_DIETS = frozenset(
    map(_stem, word_set("vegetarian vegan pescatarian allergic allergy gluten lactose dairy halal kosher diet"))
)


# What belongs to a family one may be allergic to, or not eat, brings that memory up whether it is
# asked or said: "doc gave me amoxicillin" … "you're allergic to penicillin".
_FAMILIES = {
    "penicillin": "amoxicillin amoxil ampicillin flucloxacillin augmentin co-amoxiclav",
    "shellfish": "prawn prawns shrimp shrimps lobster crab mussels oysters scallops langoustine",
    "nuts": "peanut peanuts almond almonds cashew cashews walnut walnuts hazelnut pistachio pecan nutella",
    "dairy": "milk cheese butter cream yoghurt yogurt lactose",
    "gluten": "bread pasta flour wheat barley rye couscous",
}
_MEMBER_OF = {_stem(member): _stem(family) for family, members in _FAMILIES.items() for member in members.split()}


def family_named(said: str) -> tuple[str, str] | None:
    """The first word of ``said`` that belongs to a family of ``_FAMILIES``, as said, and its family:
    "doc gave me amoxicillin" → ("amoxicillin", "penicillin")."""
    for word in words_of(said):
        for family, members in _FAMILIES.items():
            if word.lower() in members.split():
                return word, family
    return None


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
# A plan asked after is not answered by a move or trip already made: "when am I flying out?" by
# "you moved from Glasgow in the spring", which shares only a plan's word with it.
_MADE_ALREADY = re.compile(r"\b(?:moved|went|flew|visited|travell?ed)\b", re.I)
# A trip asked after is answered by one told as going somewhere: "where am I flying?" … "you're going to
# Singapore" ("going" is a stop word, so no stem says it).
_TRIP_ASKED = frozenset(map(_stem, word_set("flying fly trip travelling traveling holiday visiting")))
_GOING_TO = re.compile(r"\b(?:is|are) (?:going|heading|flying|off) to (?:the )?(?-i:[A-Z])")


# What someone cannot stand is answered however they said it: "what food do I hate?" by "you can't
# stand olives".
_DISLIKES = frozenset(map(_stem, word_set("hate dislike stand loathe detest")))


_TRAVEL = frozenset(map(_stem, word_set("went trip travel travelled traveled visited flew holiday vacation")))
_WEDDINGS = frozenset(map(_stem, word_set("wedding married marry marrying engaged engagement")))
# A trade asked by its verb is answered by its doer: "how long have I been teaching?" … "has been a
# teacher for 12 years" (stems: "teach" and "teacher").
_DOERS = {
    "teach": "teacher", "driv": "driver", "bak": "baker", "writ": "writer", "design": "designer",
    "paint": "painter", "sing": "singer", "danc": "dancer", "clean": "cleaner", "manag": "manager",
    "build": "builder", "farm": "farmer", "train": "trainer", "research": "researcher", "edit": "editor",
    "program": "programmer", "develop": "developer", "photograph": "photographer",
}  # fmt: skip
_CHILDREN = frozenset(map(_stem, word_set("kid kids child children daughter daughters son sons")))
_SINGING = frozenset(map(_stem, word_set("sing singing singer choir choirs")))
_GARDENING = frozenset(map(_stem, word_set("plant planting grow growing garden gardening seeds seedlings veg")))
_RACES = frozenset(map(_stem, word_set("race racing marathon half triathlon 5k 10k")))  # "the Leeds half"


# Work on a home is answered by the rooms and fittings done, qualifications by what was passed or got.
_HOME_WORK = frozenset(
    map(_stem, word_set("house home loft kitchen bathroom boiler extension conservatory solar windows roof converted"))
)
_QUALIFIED = frozenset(map(_stem, word_set("qualification certificate certification qualified passed degree diploma")))


# Wildlife is answered by the creature seen: "what bird did I see?" by "you saw a kingfisher".
_WILDLIFE = frozenset(
    map(
        _stem,
        word_set(
            """bird wildlife kingfisher owl eagle puffin hoopoe kite osprey heron woodpecker otter badger deer fox
            hedgehog hare seal whale dolphin orca beaver"""
        ),
    )
)


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
    _stem("avoid"): _DISLIKES | _DIETS,  # "any food I should avoid?" … "you can't stand olives"
    **dict.fromkeys(_WEDDINGS, _WEDDINGS),  # "who's getting married?" … "your sister's wedding is on June 15th"
    **{verb: frozenset({verb, doer}) for verb, doer in _DOERS.items()},
    **dict.fromkeys(_CHILDREN, _CHILDREN),  # "do I have kids?" … "your daughter Mia is 5"
    **dict.fromkeys(_RACES, _RACES),  # "what race am I running?" … "… the Berlin marathon in September"
    **dict.fromkeys(_GARDENING, _GARDENING),  # "what should I plant this spring?" … "you grow tomatoes"
    **dict.fromkeys(_SINGING, _SINGING),  # "do I sing?" … "you're in a choir"
    _stem("flying"): _PLANS,  # "where am I flying next month?" … "Nora is going to Lisbon next month"
    "weekend": frozenset({"weekend", "saturday", "sunday"}),  # "plans for the weekend?" … "… on Saturday"
    "rank": frozenset({"rank", "reach"}),  # "what rank am I?" … "you reached Platinum in Valorant"
    # "what GPU do I have?", "what's my setup like?" … "your rig has a 4090"
    **dict.fromkeys(("gpu", "cpu", "spec", "setup", "rig"), frozenset({"gpu", "cpu", "rig", "setup", "laptop"})),
    "mod": frozenset({"mod", "moderator"}),  # "am I a mod?" … "you're a moderator in this community"
    "find": frozenset({"find", "found"}),  # "how did I find this place?" … "you found this community through …"
    _stem("buy"): frozenset({_stem("buy"), _stem("bought")}),  # "what did I buy?" … "you bought a narrowboat"
    # "what's my character?" … "you play a tiefling warlock"; "when's my game?" … "your campaign …"
    _stem("character"): frozenset({_stem("character"), _stem("plays")}),
    **dict.fromkeys(map(_stem, ("game", "campaign")), frozenset(map(_stem, ("game", "campaign")))),
    # "what does my dog love?" … "your dog is obsessed with tennis balls"
    _stem("love"): frozenset(map(_stem, ("love", "obsessed", "adores"))),
    # "what camera do I use?" … "you shoot on a Fuji X-T4"
    _stem("camera"): frozenset({_stem("camera"), _stem("shoots")}),
    # "what skills do I have?" … "you learned to code", "you know how to knit", "you're good at maths"
    _stem("skills"): frozenset(map(_stem, word_set("skills learned learnt knows good"))),
    # "what engine am I using?" … "you're building a roguelike in Godot"
    _stem("engine"): frozenset({_stem("engine"), "godot", "unity", "unreal", "gamemaker", "bevy"}),
    # "what books do I like?" … "you like to read mostly crime novels"; "what class do I play?" … "your
    # main is a druid"
    **dict.fromkeys(
        map(_stem, ("book", "books", "novels")), frozenset(map(_stem, ("book", "read", "reads", "novels")))
    ),
    _stem("class"): frozenset({_stem("class"), _stem("main")}),
    **dict.fromkeys(map(_stem, ("bird", "wildlife")), _WILDLIFE),
    # "what have we done to the house?" … "you had your loft converted"
    **dict.fromkeys(map(_stem, ("house", "home")), _HOME_WORK),
    # "what qualifications do I have?" … "you got your Day Skipper certificate", "you qualified as a nurse"
    **dict.fromkeys(map(_stem, ("qualification", "qualifications")), _QUALIFIED),
}


def _summary_sentences(paragraphs: list[str]) -> list[str]:
    """The sentences of summaries (the profile, the last session), for use one at a time."""
    return [sentence for paragraph in paragraphs for sentence in SENTENCE_END.split(paragraph)]


_ASKED_NAME = re.compile(r"\bwhat(?:'s| is) my name\b|\bwhat do (?:you|people) call me\b|\bwho am I\b", re.I)


# Questions about one of the person's slots, and the slots that answer them: "where am I from?" is
# answered by "Nora is from Texas", which shares no word with it.
_ASKED_SLOTS = (
    (re.compile(r"\bwhere\b.*\b(?:from|grow up|grew up|born)\b", re.I), ("origin",)),
    (re.compile(r"\bwhere\b.*\b(?:live|living|based|stay|staying)\b", re.I), ("home",)),
    (
        re.compile(
            r"\b(?:what|which)\b.*\b(?:job|do for (?:a )?living|do I do(?! for (?:fun|exercise)| in my)|work as)\b"
            r"|\bwhere do I work\b",
            re.I,
        ),
        WORK_SLOTS,  # "what do I do for a living?": "you teach maths", "you work in sales"
    ),
    (re.compile(r"\bhow old\b|\bmy age\b", re.I), ("age",)),
    (re.compile(r"\bmy (?:birthday|bday)\b", re.I), ("birthday",)),  # their own, not their wife's
    (_ASKED_NAME, ("name",)),
    (  # "what have I got coming up?": what they said they are to do, at a time
        re.compile(
            r"\bcoming up\b|\bupcoming\b|\bon my (?:calendar|schedule|plate)\b|\bwhat(?:'s| is) next for me\b", re.I
        ),
        ("plans",),
    ),
    # "what day am I off?", "when's my time off?": the time off they told of
    (re.compile(r"\b(?:am I|I'm) off\b|\b(?:time|days?) off\b|\b(?:my )?(?:annual )?leave\b", re.I), ("off",)),
    # "what are my hobbies?", "what do I do for exercise?": the pastimes they told of
    (
        re.compile(r"\b(?:hobby|hobbies|pastimes?|free time|spare time|for fun|for exercise|keep fit|sports?)\b", re.I),
        ("pastimes",),
    ),
    # "what injury do I have?", "how did I hurt myself?": the injuries they told of (rules/health.py)
    (re.compile(r"\binjur(?:y|ies|ed)\b|\bhurt (?:myself|my)\b|\bwhat happened to my\b", re.I), ("injury",)),
    # "how long was I in the army?": the service they told of (rules/service.py)
    (re.compile(r"\b(?:army|navy|RAF|air force|marines|military|forces|serve[ds]?|service)\b", re.I), ("service",)),
)


# The shapes of the facts that answer a slot: the slots one value replaces another in, and the field
# one works in, which answers "what do I do for a living?" without taking a job's place.
_ANSWER_SHAPES = {
    **SLOTS,
    # the field one works in, or the business one runs: "you manage a pub in Leeds"
    "field": rf" (?:works in|teaches|researches)\b| (?:runs|manages|owns|co-owns) (?:an? |their own )?"
    rf"(?:[\w&'-]+ ){{0,3}}?(?:{BUSINESSES}|store|salon|pub|agency|consultancy|clinic|firm)\b",
    "off": r" (?:is|will be) (?:off\b|taking\b.*\boff\b|out of office\b|on (?:annual )?leave\b)",
    "plans": rf" (?:is (?!not\b)\w+ing|will be|signed up for)\b(?=.*(?:{TIME.pattern}|{DAY_OF_MONTH.pattern}))",
    "service": r" serve[ds]\b",
    "injury": rf" (?:{INJURED}) ",
    "pastimes": rf" (?:(?:does|goes|has been|is|started|took up|loves|likes|enjoys)(?: doing)?"
    rf" (?:{ACTIVITIES}|parkrun)\b|plays (?!on\b)|sings\b)",
}


# "what's my favorite book?": a favourite of their own, answered by "Nora's favourite book is …".
_ASKED_FAVOURITE = re.compile(r"\bmy (?:all[- ]time )?fav(?:ou?rite|e)? (?P<thing>[a-z]+)\b", re.I)


OF_THEMSELVES = re.compile(r"\b(?:I|my|me)\b", re.I)


_OF_A_RELATIVE = re.compile(rf"\b(?:my|your) (?:{RELATIONS})s?\b", re.I)


_MY_RELATIVE = re.compile(rf"\bmy (?P<relation>(?:{RELATIONS})s?)\b", re.I)


_ASKED_PETS = re.compile(r"\b(?:pets?|animals?)\b", re.I)


_PET_OWNED = re.compile(rf"\b(?:has|have|got|adopted)\b.*\b(?:{PETS})s?\b", re.I)


_ANIMALS_KEPT = re.compile(rf"\bkeeps (?:{KEPT_ANIMALS})\b", re.I)  # "do I have any animals?" … "you keep bees"


def _last_sentence(said: str) -> str:
    return (sentences(said) or [""])[-1]


def relative_asked(said: str) -> re.Match[str] | None:
    """Their relative a question in ``said``'s last sentence asks about ("where does my sister live?"), not
    one named in the news before it ("… my brother broke his arm. How've you been?")."""
    asked = _last_sentence(said)
    return _MY_RELATIVE.search(asked) if asked.endswith("?") else None


def said_of_relative_asked(said: str) -> Callable[[str], bool] | None:
    """When ``said`` asks about their relative, whether a text is about that relative (only what is said of
    them answers "where does my sister live?"); None when it asks about no relative."""
    relative = relative_asked(said)
    if relative is None:
        return None
    relation = re.escape(relative["relation"].lower().removesuffix("s"))
    if relation in ("kid", "child", "baby", "toddler"):  # "how old is my kid?" … "you have a 4-year-old"
        relation = r"(?:kid|child|baby|toddler|son|daughter|\d+-year-old)"
    elif relation == "parent":  # "when are my parents visiting?" … "your mum and dad are visiting …"
        relation = r"(?:parent|mum|mom|mother|dad|father)"
    about = re.compile(rf"\b{relation}s?\b", re.IGNORECASE)
    return lambda text: about.search(text) is not None


def asks_about_themselves(said: str) -> bool:
    """Whether ``said``'s last sentence asks about one of the person's own slots or pets ("where am I
    from?"; not "… my guinea pig. How are your pets?")."""
    asked = _last_sentence(said)
    if not OF_THEMSELVES.search(asked) or _OF_A_RELATIVE.search(asked):
        return False
    return bool(_ASKED_PETS.search(asked) or _ASKED_FAVOURITE.search(asked)) or any(
        pattern.search(asked) for pattern, _ in _ASKED_SLOTS
    )


def _answers_for(said: str, person: Person) -> re.Pattern[str] | None:
    """What a remembered fact that answers ``said`` looks like, when ``said`` asks about one of the
    person's own slots or their pets ("where am I from?": "Nora is from Texas"); None when it does
    not ("where does my sister live?" is answered by the sister's facts, if any)."""
    if not said.endswith("?") or not asks_about_themselves(said):
        return None
    names = "|".join(map(re.escape, person.forms()))
    slots = [_ANSWER_SHAPES[slot] for asked, asked_slots in _ASKED_SLOTS if asked.search(said) for slot in asked_slots]
    shapes = [rf"^(?:{names})(?:{'|'.join(slots)})"] if names and slots else []
    if _ASKED_PETS.search(said):
        shapes.append(_PET_OWNED.pattern)  # "do I have any pets?" … "Nora has two cats"
        if re.search(r"\banimals?\b", said, re.I):
            shapes.append(_ANIMALS_KEPT.pattern)
    if names and (favourite := _ASKED_FAVOURITE.search(said)):
        shapes.append(rf"^(?:{names})'s favou?rite {re.escape(favourite['thing'].lower())}\b")
    return re.compile("|".join(f"(?:{shape})" for shape in shapes), re.I) if shapes else None


_PERSONAL_BEST = re.compile(r"\b(?:PB|PR)s?\b")


def asked_stems(said: str, person: Person) -> set[str]:
    """The stems of what ``said`` asks about (not the person's own name), with the stems of what
    answers them ("what food do I hate?" is answered by "can't stand")."""
    said = _PERSONAL_BEST.sub("personal best", said)  # "what's my 5k PB?" … "your 5k personal best is 21:58"
    wanted = word_stems(said) - {_stem(word) for word in words_of(person.name)}
    wanted |= {_MEMBER_OF[stem] for stem in wanted if stem in _MEMBER_OF}  # "amoxicillin": a penicillin
    if "?" not in said:  # "two people called in sick" asks for no name
        return wanted
    asking = wanted - ({"call"} if re.search(r"\bcall ?signs?\b", said, re.IGNORECASE) else set())  # not "called"
    return wanted | {answer for stem in asking for answer in _ANSWERED_BY.get(stem, ())}


def relevant_facts(memories: Memories, person: Person, said: str) -> list[str]:
    """At most two remembered facts that share a word with what the person said (or answer
    what they asked about), said to them.

    The profile and last session are summaries of many facts: one sentence of them at most.
    """
    ignored = {_stem(word) for word in words_of(person.name)}
    wanted = asked_stems(said, person)
    summaries = _summary_sentences(memories.profile + memories.sessions)
    candidates = [(fact, False) for fact in memories.facts] + [(sentence, True) for sentence in summaries]
    # A fact that answers the question asked is the answer, whatever words it shares ("what do I do
    # for a living?" is not about where they live).
    answer = _answers_for(said, person)
    answers = [answer is not None and answer.search(text) is not None for text, _ in candidates]
    if not any(answers) and person.name and said.endswith("?") and _ASKED_NAME.search(said):
        known = person.name.capitalize() if person.name.isalpha() and person.name.islower() else person.name
        return [f"you're {known}"]  # the name they are known by ("anya", an account's, said as a name)
    shared = [
        1 if answered else 0 if any(answers) else len((word_stems(text) - ignored) & wanted)
        for (text, _), answered in zip(candidates, answers, strict=True)
    ]
    if said.endswith("?") and word_stems(said) & _TRIP_ASKED:
        shared = [
            max(count, 1) if not any(answers) and _GOING_TO.search(text) else count
            for (text, _), count in zip(candidates, shared, strict=True)
        ]
    if said.endswith("?") and (asked := word_stems(said)) & _PLANS:
        shared = [
            0 if count and _MADE_ALREADY.search(text) and not (word_stems(text) - ignored) & asked else count
            for (text, _), count in zip(candidates, shared, strict=True)
        ]
    # Asked about their relative, only what is remembered of that relative answers: "where does my sister
    # live?" is not answered with "you're moving to Berlin" too, nor "where do my parents live?" with the sister.
    if of_relative := said_of_relative_asked(said):
        of_them = [of_relative(text) for text, _ in candidates]
        shared = [count if about else 0 for count, about in zip(shared, of_them, strict=True)]
    chosen: list[str] = []
    summary_used = False
    for index in sorted(range(len(candidates)), key=lambda i: -shared[i]):  # stable: ties keep the block's order
        text, summary = candidates[index]
        if not shared[index] or len(chosen) == 2:
            break
        spoken = "" if summary and summary_used else second_person(text, person)
        if spoken and not any(_says_again(spoken, earlier) for earlier in chosen):
            chosen.append(spoken)
            summary_used = summary_used or summary
    return chosen


def with_told_earlier(memories: Memories, earlier: list[str], person: Person) -> Memories:
    """``memories`` and what the person told earlier in this conversation, which is known too before
    it becomes a memory once the conversation goes quiet: after the memories, as a block gives them.
    Read only for the replies that answer from memory (the rules cost about a millisecond a message).
    A memory they asked forgotten earlier ("forget that I'm vegan") is left out: it goes once the
    conversation is read."""
    facts = list(memories.facts)
    for text in earlier:
        asked = forget_asked(text)
        index = memory_asked_forgotten(asked["what"], facts, person.name) if asked and person.name else None
        if index is not None:
            del facts[index]
    told = [fact for fact in _told_earlier(earlier, person) if fact not in facts]
    return replace(memories, facts=facts + told)


def _told_earlier(texts: list[str], person: Person) -> list[str]:
    """The facts the person's earlier messages of this conversation tell, in the third person as the
    memory block words them (none when the person's name is not known)."""
    said = [normalise(text) for text in texts if text.strip()]
    if not said or not person.name:
        return []
    lines = [ConversationLine(time="00:00:00", name=person.name, handle="you", content=text) for text in said]
    facts = [fact for fact in Reader({"you": person.name}).read(lines) if fact.subject == "you"]
    # "I'm Anya" from "anya": the name written as they write it, which the person already goes by here
    # (said back it read "your name is you").
    same_name = re.compile(rf".*\b{re.escape(person.name)}$", re.IGNORECASE)
    return [fact.content for fact in facts if not (fact.slot == "name" and same_name.match(fact.text))]


def subjects_once(spoken: list[str]) -> list[str]:
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


def known_facts(memories: Memories, person: Person, *, limit: int = 3) -> list[str]:
    """The first ``limit`` remembered facts (the block's order), else sentences of the profile,
    said to the person."""
    known: list[str] = []
    for text in memories.facts + _summary_sentences(memories.profile):
        spoken = second_person(text.rstrip(". "), person)
        if spoken and not any(_says_again(spoken, earlier) for earlier in known):
            known.append(spoken)
        if len(known) == limit:
            break
    return known
