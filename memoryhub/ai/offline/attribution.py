"""Walking a conversation: who each clause is about (the speaker, a known member, the answer to
someone's question), and a speaker's follow-up details joined to their last fact."""

from __future__ import annotations

import re
from collections.abc import Callable

from memoryhub.ai.contract import (
    BOT_HANDLE,
    REDACTED,
    ConversationLine,
    EntityType,
    MemoryKind,
)
from memoryhub.ai.offline.facts import HIGH, Fact, Said, expiration_for
from memoryhub.ai.offline.guards import (
    begins_with_verb,
    is_english,
    is_general,
    is_hypothetical,
    is_joke,
    is_negated,
    is_question,
    is_someone_elses_words,
    modal_lead,
    starts_a_statement,
    under_be,
    under_lead,
    with_implied_subject,
)
from memoryhub.ai.offline.rules import ANSWER, NEGATABLE, NON_ANSWERS, QUESTIONS, RULES
from memoryhub.ai.offline.rules.answers import FAVOURITE_ASKED, HAS_FAVOURITE_ASKED, TYPED_ANSWERS, favourite_answer
from memoryhub.ai.offline.rules.fragments import fragment_fact
from memoryhub.ai.offline.rules.opinions import HOT_TAKE
from memoryhub.ai.offline.rules.pets import PET_NAMING
from memoryhub.ai.offline.rules.work import JOB_TITLE
from memoryhub.ai.offline.splitting import (
    CONTINUATION,
    MAX_CLAUSE_CHARS,
    clauses,
    normalise,
    sentences,
    strip_fillers,
    strip_trailing,
)
from memoryhub.ai.offline.text import content_words, is_or_has, name_token, third_person
from memoryhub.ai.offline.vocabulary import (
    FAMILY,
    HE_RELATIONS,
    HELLOS,
    MONTHS,
    NOT_NAMES,
    NUMBER_WORDS,
    PAST_TIME,
    PETS,
    RELATIONS,
    RELATIVE_AGES,
    SHE_RELATIONS,
    STOPWORDS,
    TIME,
    WEEKDAYS,
    word_set,
)

_MENTION = re.compile(r"^(?P<who>@?[A-Za-z\u00c0-\u024f][\w'.-]{0,39}?)(?P<possessive>'s?)?\s+(?P<rest>\S.*)$")
_FULL_NAME_MENTION = re.compile(
    r"^(?P<who>[A-Za-z\u00c0-\u024f][\w'.-]{0,39} [A-Za-z\u00c0-\u024f][\w'.-]{0,39}?)"
    r"(?P<possessive>'s?)?\s+(?P<rest>\S.*)$"
)
_ADVERB_WORDS = word_set("""just finally really also still recently totally actually now officially apparently""")
_IS_NOT_POSSESSIVE = word_set(
    """a an the so very really super totally moving going getting leaving starting allergic vegan
    vegetarian pescatarian married engaged pregnant from in at back off away out only just still always
    basically never definitely officially finally"""
)
_HAS_NOT_POSSESSIVE = word_set("been got")
_FIRST_PERSON_VERBS = {"is": "I'm", "has": "I have", "was": "I was", "will": "I will", "does": "I do"}


def _unconjugated(verb: str) -> str:
    """ "lives" → "live", "studies" → "study", "watches" → "watch"; other words as they are."""
    lower = verb.lower()
    if lower.endswith("ies") and len(lower) > 4:
        return verb[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if lower.endswith("s") and not lower.endswith("ss") and len(lower) > 3:
        return verb[:-1]
    return verb


# "Alex told me he's moving to Berlin", "Dana said she got the job": what a member said of
# themselves, passed on.
_SAID_THAT = re.compile(
    r"^(?:(?:just|finally|also) )?(?:said|says|told (?:me|us|everyone)|mentioned|was saying)(?: that)? (?:he|she|they)"
    r"(?P<be>'s|'re| is| are)? (?P<tail>\S.*)$",
    re.IGNORECASE,
)


def reported_as_first_person(clause: str, member: Callable[[str], str | None]) -> tuple[str, str] | None:
    """(the member's handle, the clause as they would have said it) when ``clause`` starts with a
    participant's or known member's name: "Carol is moving to Austin" → "I'm moving to Austin",
    "Carol's sister lives in Lyon" → "my sister lives in Lyon", "Frank just got engaged" → "I just
    got engaged". None otherwise."""
    # A full name first ("Carol Díaz is moving…"), then a first name or handle.
    match = _FULL_NAME_MENTION.match(clause)
    handle = member(match["who"]) if match is not None else None
    if handle is None:
        match = _MENTION.match(clause)
        if match is None:
            return None
        handle = member(match["who"])
    if handle is None or match is None:
        return None
    rest = match["rest"]
    if not match["possessive"] and (said := _SAID_THAT.match(rest)):
        be = "has " if said["be"] == "'s" and said["tail"].split()[0].lower() in ("got", "been") else "is "
        rest = (be if said["be"] else "") + said["tail"]  # "Alex told me he's moving" → "Alex is moving"
    words = rest.split()
    if match["possessive"]:
        if words[0].lower() in _HAS_NOT_POSSESSIVE:
            return handle, " ".join(["I've", *words])  # "Dana's been anxious", "Nora's got twins"
        if words[0].lower() in _IS_NOT_POSSESSIVE or words[0].lower().endswith("ing"):
            return handle, " ".join(["I'm", *words])  # "Carol's moving", "Emma's vegan"
        return handle, " ".join(["my", *words])
    adverbs = []
    while words and words[0].lower() in _ADVERB_WORDS:
        adverbs.append(words.pop(0))
    if not words:
        return None
    verb = words.pop(0)
    first = _FIRST_PERSON_VERBS.get(verb.lower())
    if first is not None:
        subject, *rest = first.split()
        return handle, " ".join([subject, *adverbs, *rest, *words])
    return handle, " ".join(["I", *adverbs, _unconjugated(verb), *words])


_GREETING = re.compile(
    r"^(?:happy|hbd|happiest) (?:birthday|bday)[,!]* (?P<who>@?[A-Za-z\u00c0-\u024f][\w'-]{1,39})\W*$"
    r"|^it(?:'s| is) (?P<who2>@?[A-Z][\w'-]{1,39})'s (?P<day>birthday|bday) (?P<when>today|tomorrow)\b",
    re.IGNORECASE,
)
_CONGRATS = re.compile(
    r"^(?:congrats|congratulations|well done|so proud of you)(?: on| for)? (?P<what>.{2,60}?),? "
    r"(?P<who>@?[A-Z][\w'-]{1,39})\W*$",
)
# What "congrats on …" was for, said as the person would: "making senior engineer" → "I'm a senior engineer".
_CONGRATULATED = (
    (r"(?:making|becoming|being promoted to|getting promoted to|your promotion to) (?:an? )?(?P<x>.+)", "I'm a {x}"),
    (r"(?:the |your )?new job", "I got a new job"),
    (r"(?:getting |the |your )?engage(?:d|ment)", "I got engaged"),
    (r"(?:the |your )?(?:wedding|getting married)", "I got married"),
    (r"(?:the |your )?(?:new )?baby(?: (?:girl|boy))?", "I had a baby"),
    (r"graduating|(?:your |the )?graduation", "I graduated"),
    (r"(?:the |your )?promotion|getting promoted", "I got promoted"),
)


def _addressed(clause: str, member: Callable[[str], str | None]) -> str:
    """ "happy birthday Kwame!!" → "Kwame's birthday is today", "congrats on making senior engineer,
    Dan" → "Dan is a senior engineer": what a greeting says about the member it is for ("" if none)."""
    if (greeting := _GREETING.match(clause)) and member(greeting["who"] or greeting["who2"]):
        return f"{greeting['who'] or greeting['who2']}'s birthday is {(greeting['when'] or 'today').lower()}"
    congrats = _CONGRATS.match(clause)
    if congrats and member(congrats["who"]):
        for pattern, said_as in _CONGRATULATED:
            if done := re.fullmatch(pattern, congrats["what"], re.IGNORECASE):
                told = said_as.format(x=done.groupdict().get("x", ""))
                return told.replace("I'm", f"{congrats['who']} is", 1).replace("I ", f"{congrats['who']} ", 1)
    return ""


# A name spoken to, not about: at the start of a clause or after a greeting, thanks or a comma, and
# before the clause's punctuation or end ("Thanks, Priya!", "Priya, look", "that's awesome, Nora").
_VOCATIVE_BEFORE = re.compile(
    rf"(?:^|,|\b(?:{HELLOS}|thanks|thank you|thx|congrats|congratulations|sorry|aw+|oh|wow|dear|bye|cheers))\W*$",
    re.IGNORECASE,
)
_VOCATIVE_AFTER = re.compile(r"\s*(?:[,!?.]|$)")
# Praise of what the other showed, even in one's own message: "that picture is awesome", "this cake looks amazing".
_ADMIRED = re.compile(
    r"(?:that|this|the|your|those|these) (?:[a-z]+ ){0,3}(?:looks?|sounds?|seems?)\b"
    r"|(?:that|this|the|your) (?:[a-z]+ )?(?:pic|photo|picture|shot|view|painting|drawing)s?(?:'s| is)\b",
    re.I,
)
# A reaction to what the other person just said, not more of one's own news: "That's a chill pic!", praise,
# or anything said to them ("… must add cheer to your house").
_REACTION = re.compile(
    rf"(?:that(?:'s| is| was| sounds| looks| stinks| sucks| rocks)|sounds|looks|what an?|how (?:cool|nice|fun|sweet))\b"
    rf"|{_ADMIRED.pattern}"
    r"|.*\b(?:you|your|you're|u|ur)\b",
    re.I,
)
# What the other person is or does: "So glad you're liking it!" after one's own "I've
# played chess before" is about them, not more of one's own fact.
_OF_THEIRS = re.compile(r"\byou(?:'re| are| were|'ve| have been| did| got)\b", re.I)
# "For sure!", "To be honest": agreement or an aside, not more of the fact before.
_AGREEING = re.compile(r"(?:for (?:sure|real|certain)|to be (?:honest|fair)|in fact|that's (?:true|right))\b", re.I)
# Where a part of a clause starts: after a comma, colon or semicolon, or at "and"/"but"/"then".
_SEGMENT_CUT = re.compile(r"[,:;]\s+(?:(?:and|but|so|then)\s+)?|\s+(?:but|and|then|now)\s+", re.IGNORECASE)
# "I'm a nurse from Texas": a job, then where its speaker is from, read as a part of its own.
_JOB_THEN_ORIGIN = re.compile(rf"^I(?:'m| am) (?:an? )(?:{JOB_TITLE})\b(?= from (?-i:[A-Z]))", re.IGNORECASE)
# A clause about someone else: "my son is 12 and obsessed with Minecraft", "she's 30 and moving to
# Paris". A later part that drops its subject goes on about them, not the speaker.
_THEIR_SUBJECT = re.compile(
    rf"^(?:(?P<relative>my (?:(?:{RELATIVE_AGES}) )?(?:{FAMILY})s?)(?! (?:and|&) I\b)"
    r"|(?:he|she|they)(?:'s|'re)?)\s",
    re.IGNORECASE,
)
# A relation of the speaker's named in a message, whom a later "she"/"he" in it goes on about: "my
# sister", "my wife Sarah", "my wife's name is Sarah", "a sister named Anna".
_AGE_WORDS = rf"(?:{RELATIVE_AGES}|best) "
_THEIR_NAME = r"(?-i:(?P<{group}>[A-Z][a-z]{{1,20}}))\b"  # a capitalised name, in the group named
_RELATIVE_NAMED = re.compile(
    rf"\bmy (?P<age>{_AGE_WORDS})?(?P<who>{RELATIONS})\b(?:(?:'s name is|,? named|,? called)? "
    + _THEIR_NAME.format(group="name")
    + rf")?(?!'s)|\b(?:a|an|one) (?P<age2>{_AGE_WORDS})?(?P<who2>{RELATIONS}) (?:named|called) "
    + _THEIR_NAME.format(group="name2"),
    re.IGNORECASE,
)
# What a part about a relation cannot say on its own: what "it"/"there" is, or the speaker's own
# part ("she's the reason I cook the way I do", "he told me I should…").
_POINTS_BACK = re.compile(r"\b(?:it|there|that|this|them|those|these|I|I'm|me|my)\b", re.IGNORECASE)
_PRONOUN_LED = re.compile(r"^(?P<pronoun>she|he|her|his)(?P<verb>'s|'ll)?(?= )", re.IGNORECASE)
_WORDY = re.compile(r"[^\W_]{2}")
_OWN_SUBJECT = re.compile(r"(?:I|I'm|I've|I'll|I'd|my|we|we're|he|she|they|it)\b", re.IGNORECASE)
_PRONOUN = re.compile(r"^(?:she|he|(?P<own>his|her))(?P<s>'s)?(?=\s)", re.IGNORECASE)
_PAIR = re.compile(
    r"^(?P<first>[A-Z][\w'-]{1,39}) (?:and|&) (?P<second>[A-Z][\w'-]{1,39}) (?:(?:just|finally|both|officially) )?"
    r"(?P<verb>[a-z']{2,20})(?P<rest>.{0,200})$"
)
_PLURAL_VERBS = {"are": "'m", "have": "have", "were": "was", "'re": "'m"}
# A line that asks people to tell something about themselves without a question mark.
_PROMPT = re.compile(
    r"\b(?:introduce|intro thread|intros|drop your|share your|tell us|post your|say hi"
    r"|new (?:ppl|people|folks|members))\b",
    re.IGNORECASE,
)
_TO_EVERYONE = re.compile(
    r"\b(?:everyone|everybody|y'all|you all|all of you|guys|folks|drop your|below|ppl|people|anyone)\b", re.I
)
# "anyone here play guitar?", "do you have a dog?", "is anyone else vegan?": a question that a
# "yeah I do" / "me!" answers by saying it of oneself. Only these verbs: "anyone know a good
# dentist?" or "anyone want pizza?" answered "me" tells nothing lasting.
_ASKED_VERBS = (
    r"play|have|own|speak|live|work|like|love|watch|read|cook|bake|collect|drive|ride|run|swim|knit|paint|sing"
    r"|climb|hike|surf|ski|garden|meditate|volunteer|study|teach"
)
_ASKED_OF_ALL = re.compile(
    r"^(?:(?:do|does) )?(?:anyone|anybody|any of you|you guys|y'all|you|u)(?: (?:here|else|guys|all))?"
    rf" (?P<verb>{_ASKED_VERBS})"
    r" (?P<what>[^?]{2,60})\?+$"
    r"|^(?:is|are) (?:anyone|anybody|any of you|you guys|y'all|you|u)(?: (?:here|else|guys|all))?"
    r" (?P<trait>(?:an? )?[a-z][\w -]{2,30})\?+$"
    r"|^(?:anyone|anybody) (?:here |else )?(?P<trait2>(?:an? )?(?:vegan|vegetarian|left-handed|introvert|night owl"
    r"|morning person|gamer|parent|student|teacher|nurse|developer|engineer)[\w -]{0,20})\?+$",
    re.IGNORECASE,
)
# What says "yes, me" to such a question: "yeah I do", "I do!", "me!", "me too", "yep, I am".
_YES_WORDS = r"yes|yeah|yep|yup|yea|ya|sure"
_SAYS_YES = re.compile(
    rf"(?:(?:{_YES_WORDS}|totally|definitely|absolutely|oh|ooh)\W*)*"
    r"(?:I do|I do too|I have|I am|I'm|me|me too|me!|yes|yeah|yep|yup|I did)(?: lol| haha)?\W*",
    re.IGNORECASE,
)


# "do you have any pets?" … "yeah a golden retriever named Max", "do you speak any other languages?" …
# "yes a bit of French": what one has or does, named in the answer (not "did you have any pets as a kid?").
_ASKED_ANY = re.compile(rf"\bdo (?:you|u) (?P<verb>{_ASKED_VERBS}|got) (?:any|a|an)\b[^?]*\?", re.IGNORECASE)
# "And the names of your cats?", "what are your twins' names?", "what's your puppy's name?".
_WHOSE = (
    r"kids?|children|sons?|daughters?|twins|boys|girls|pets?|dogs?|cats?|puppy|puppies|kittens?|bunny|bunnies"
    r"|rabbits?|hamsters?|birds?|horses?"
)
_NAMES_ASKED = re.compile(
    rf"\bnames? of (?:your|ur) (?P<who1>{_WHOSE})\b|\b(?:your|ur) (?P<who2>{_WHOSE})(?:'s|s'|')? names?\b"
    rf"|\bwhat (?:are|r|is|'s) (?:your|ur) (?P<who3>{_WHOSE}) called\b",
    re.IGNORECASE,
)
# The names given in answer: "Max and Daisy", "they're called Leo, Mia and Ivy", "Rex!".
_NAMES_GIVEN = re.compile(
    r"(?:(?:they're|they are|their names are|they're called|his name is|her name is|its name is|it's|he's|she's)\s+)?"
    r"(?P<names>(?-i:[A-Z])[a-z'-]+(?:(?:, |,? and |,? & )(?-i:[A-Z])[a-z'-]+){0,5})",
    re.IGNORECASE,
)
_COUNTED = {number: word for word, number in NUMBER_WORDS.items()}  # 2 → "two"
_SINGULAR = {"children": "child", "puppies": "puppy", "bunnies": "bunny", "twins": "twin"}


_YES_A = re.compile(
    rf"(?:(?:{_YES_WORDS}|I do|I have)\W+)*(?P<what>(?:a|an|one|two|three|four|\d) [\w' -]{{2,60}})",
    re.IGNORECASE,
)


def _asked_of_themselves(question: str) -> str | None:
    """The statement a "yes, me" to ``question`` makes: "anyone here play guitar?" → "I play guitar",
    "is anyone else vegan?" → "I'm vegan"; None when the question is not one of those."""
    asked = _ASKED_OF_ALL.match(strip_fillers(question.strip()))
    if asked is None:
        return None
    if asked["verb"]:
        what = re.sub(r"\byour\b", "my", asked["what"], flags=re.IGNORECASE)
        return f"I {asked['verb'].lower()} {what}"
    return "I'm " + re.sub(r"\s+(?:here|too|as well)$", "", asked["trait"] or asked["trait2"])


_AGE_TALK = re.compile(r"\b(?:how old|ages?|older|younger|baby of|oldest|youngest)\b", re.IGNORECASE)


_SEGMENT_START = re.compile(r"[,;]\s|\bbut\s", re.IGNORECASE)


def _negation_scope(clause: str, match: re.Match[str]) -> str:
    """The words a negation must be in to negate what ``match`` found: from the start of its part of
    the clause (after the last comma or "but" before it) to the end of the fact itself, without the
    free words after it ("I'm a line cook so weekends are a no go": the cook is not negated)."""
    start = clause.rfind('"', 0, match.start()) + 1 if clause.count('"', 0, match.start()) % 2 == 0 else 0
    for cut in _SEGMENT_START.finditer(clause, start, match.start()):
        start = cut.end()
    groups = match.re.groupindex
    end = match.end()
    if "rest" in groups and match.start("rest") >= 0:
        end = match.start("rest")
    return clause[start:end]


def _hypothesis_scope(clause: str, match: re.Match[str]) -> str:
    """The words an "if", "maybe" or "would" must be in to make what ``match`` found a wish: the clause
    up to the end of the match's own part (the next comma), not the free words after it ("Tomás
    loves board games, bring Catan if you're coming": the love is no maybe)."""
    comma = clause.find(",", match.start())
    end = match.end() if comma < 0 else min(match.end(), comma)
    if "modal" in match.re.groupindex and match.start("modal") >= 0:  # "I could eat sushi every day": a liking
        return clause[: match.start("modal")] + clause[match.end("modal") : end]
    return clause[:end]


# The words a list's next item cannot start with: a new subject, a pronoun, a question word.
_NOT_LISTED = word_set(
    """I I'm I've I'll I'd i my me you your he she it it's they we his her their our this that these those
    then so but if when what who how why where which there here not no yes yeah lol"""
)
_A_VERB = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|'s|'re|'m)\b|'(?:s|re|m)\b",
    re.IGNORECASE,
)


_REASON = re.compile(r"\b(?:because|cause|cuz|coz|although|whereas|unless)\b", re.IGNORECASE)


_SUBJECT_AND_VERB = re.compile(r"\b(?:it|they|he|she|we|you|I)\s+[a-z']+", re.IGNORECASE)


_EXAMPLES = re.compile(
    r"\b(?:e[.\u2024]\s?g\b|eg\b|such as|including|especially|for example|for instance|like\b)", re.IGNORECASE
)


_YOU = r"you|your|yours|you're|y'all"
_SECOND_PERSON = re.compile(rf"\b(?:{_YOU})\b", re.IGNORECASE)
# A question about the one who answers it: "what do you do?", "wbu?", "what about u".
_ASKS_ABOUT_THEM = re.compile(rf"\b(?:{_YOU}|u|ur|yourself|yourselves|wbu|hbu)\b", re.IGNORECASE)
_PREPOSITIONS = word_set("w w/ with for to at from of about and by")


def _after_preposition(clause: str, match: re.Match[str]) -> bool:
    """ "dinner w my husband tonight", "calls with my sister": "my …" after a preposition is still
    the speaker's own relative (not "I …", which would be inside a relative clause)."""
    if clause[match.start() : match.start() + 3].lower() != "my ":
        return False
    before = clause[: match.start()].split()
    return bool(before) and before[-1].lower() in _PREPOSITIONS


def _lead(clause: str, match: re.Match[str]) -> str:
    """The words that lead to the object of what ``match`` found ("I'm a sucker for ", "got ", "I have ",
    "hot take: "), so the next item of a list can be read with them; "" when it has no object."""
    for name in match.re.groupindex:
        if name.startswith(("what", "article", "thing", "quantity")) and match.start(name) > match.start():
            return clause[match.start() : match.start(name)]
    return ""


# A message of more clauses than this is a wall of text: the rest of it is not read, which also
# bounds the time one message takes.
MAX_CLAUSES = 40


_FIRST_PERSON_WORDS = frozenset({"i", "i'm", "i've", "i'll", "i'd", "my", "me"})


def _first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].lower().strip(",.!") if words else ""


# Where a clause's own statement ends and a comment on it begins.
_HEAD_END = re.compile(r",\s|\s(?:so|but|because|cause|cuz|which|though|lol|haha)\s", re.IGNORECASE)

# How many other people's lines may come between a fact and its speaker's follow-up detail.
MAX_DETAIL_GAP = 3
MAX_DETAILS = 4
MAX_DETAIL_WORDS = 12
MAX_RUN_WORDS = 3  # a message this short may be one piece of a sentence sent word by word


_THIRD_PERSON_VERB = re.compile(
    r"(?:loves|likes|hates|enjoys|works|lives|plays|speaks|runs|teaches|coaches|studies|has|owns|collects"
    r"|volunteers|makes|writes|paints|sings|swims|rides|drives)\b",
    re.IGNORECASE,
)


def _carried(theirs: re.Match[str], part: str, implied: str | None) -> str | None:
    """A part that dropped its subject, read with the clause's own subject put back: "my wife is a
    nurse and loves hiking" → "my wife loves hiking"; None when that subject is only "she"/"he"."""
    subject = theirs["relative"]
    if subject is None:
        return None
    if implied is None:
        return f"{subject} {part}" if _THIRD_PERSON_VERB.match(part) else None
    if implied.startswith("I'm "):
        return f"{subject} is {part}"
    return f"{subject} {part}"


def _relative_in(text: str) -> tuple[str, str] | None:
    """The last relation of the speaker's that ``text`` names, as a subject ("my wife Sarah"), with
    its word ("wife"); None when it names none."""
    for found in reversed(list(_RELATIVE_NAMED.finditer(text))):
        who = (found["who"] or found["who2"]).lower()
        name = found["name"] or found["name2"] or ""
        if name.lower() in NOT_NAMES or re.fullmatch(f"{MONTHS}|{WEEKDAYS}", name.lower()):
            name = ""  # "my mom Monday", "my sister Is"
        age = (found["age"] or found["age2"] or "").lower()
        return f"my {age}{who}{' ' + name if name else ''}", who
    return None


def _about_relative(part: str, relative: tuple[str, str] | None) -> str | None:
    """``part`` with its leading "she"/"he"/"her"/"his" put back as the relation it goes on about:
    "she's a nurse" after "my wife Sarah" → "my wife Sarah is a nurse"; None when the part does
    not start so, or the pronoun cannot be that relation ("she" after "my brother")."""
    led = _PRONOUN_LED.match(part)
    if led is None or relative is None:
        return None
    subject, who = relative
    pronoun = led["pronoun"].lower()
    if who in (HE_RELATIONS if pronoun in ("she", "her") else SHE_RELATIONS):
        return None
    if pronoun in ("her", "his"):
        if led["verb"]:
            return None  # "her's", "his'll": not a possessive before a noun
        return f"{subject}'s{part[led.end() :]}"  # "her name is Anna" → "my sister's name is Anna"
    rest = part[led.end() :]
    if _POINTS_BACK.search(re.split(r",| and | but ", rest)[0]):
        return None  # "he's really good at it", "she's been there 2 years": what it means stayed behind
    verb = {"'s": f" {is_or_has(rest)}", "'ll": " will"}.get((led["verb"] or "").lower(), "")
    return f"{subject}{verb}{rest}"


# One's own favourite, given after the question about it: "mine is ramen", "and mine's Heat".
_MINE = re.compile(
    r"(?:and |but )?mine(?:'s| is| would be| has to be| has always been)\s+"
    r"(?:(?:probably|definitely|easily|still|honestly|prob) )?(?P<value>[^,?]{2,50})",
    re.I,
)
# A clause that starts with a name, then what it is or had: "Mochi is sick", "Rex's at the vet".
_PET_NAMED_FIRST = re.compile(r"(?P<name>(?-i:[A-Z])[\w'-]{1,30}?)(?P<rest>(?: is|'s| was| has been| got) .+)")
# A relative's name given by a pronoun: "her name is Clara", "he's called Max".
_NAME_GIVEN = re.compile(r"(?:her|his) name(?:'s| is)\b|(?:she|he)(?:'s| is) (?:called|named)\b", re.IGNORECASE)
# Where a list or a sentence goes on with its next part: ", and then", " & ".
_AND_THEN = r",? (?:and|&) (?:then )?"


def _end_before(part: str, earlier: list[Fact], speaker: str) -> None:
    """ "I love hiking and play tennis on weekends": the part after "and" (or a comma) said something of
    its own, so the fact before it ends there ("loves hiking", not "loves hiking and play tennis…")."""
    head = re.escape(" ".join(part.split()[:2]))
    for fact in earlier:
        joint = re.search(rf"(?:{_AND_THEN}|, ){head}\b", fact.text) if fact.subject == speaker else None
        if joint is not None:
            fact.text = fact.text[: joint.start()].rstrip(" ,")


class Reader:
    """Walks a conversation and collects the facts the rules find, with consolidation."""

    def __init__(self, members: dict[str, str]) -> None:
        self.members = members
        self.facts: list[Fact] = []
        self.last_place = ""
        self._open: dict[str, Fact] = {}  # per speaker: the fact their next details belong to
        self._last_line: dict[str, int] = {}
        self._question: tuple[int, str, str] | None = None  # (line index, asker, text)
        self._prompt: tuple[int, str] | None = None  # "introduce yourselves", "how old…": (line index, asker)
        self._mentioned: dict[int, str] = {}  # line index → the member last named in it
        self._relative: tuple[int, tuple[str, str]] | None = None  # (line index, relation) last named by its speaker
        self.line_text = ""  # the message being read, normalised
        self._own_question: dict[str, tuple[int, str]] = {}  # "fav movie of all time?" asked by themselves
        self._favourite_asked: tuple[int, str] | None = None  # (line index, thing) of the last "your favourite…?"
        self._run: dict[str, tuple[list[int], list[str]]] = {}  # per speaker: their last short messages
        names: dict[str, str | None] = {}
        for handle, name in members.items():
            for key in {name.lower(), name.split()[0].lower() if name.split() else "", handle.lower()}:
                if key:
                    names[key] = handle if names.get(key, handle) == handle else None  # None: ambiguous
        self._names = names

    def _mention(self, index: int, speaker: str, clause: str) -> None:
        pronoun = re.search(r"\b(?:she|he)\b", clause, re.IGNORECASE)
        for named in re.finditer(r"[A-Z][\w'-]{1,39}", clause[: pronoun.start()] if pronoun else clause):
            if _VOCATIVE_AFTER.match(clause, named.end()) and _VOCATIVE_BEFORE.search(clause[: named.start()][-40:]):
                continue  # "Thanks, Priya! his name is Kyle": who is spoken to is "you", not "he"
            handle = self.member(re.sub(r"'s?$", "", named[0]))
            if handle is not None and handle != speaker:
                self._mentioned[index] = handle

    def _time_of_what_follows(self, clause: str) -> bool:
        """ "Last Sunday," before "I ran my first 10K": a clause that is only a time gone, with its
        sentence going on after a comma."""
        body = strip_fillers(clause).strip(" ,.!")
        time = PAST_TIME.match(body)
        if time is None or time.end() != len(body):
            return False
        at = self.line_text.find(body)
        return at >= 0 and self.line_text[at + len(body) :].lstrip().startswith(",")

    def _spoken_to(self, clause: str) -> bool:
        """ "that's awesome, Nora": the clause ends on a member's name, spoken to."""
        name = re.search(r"(?:^|,)\s*(?P<name>[A-Z][\w'-]{1,39})\W*$", clause)
        return name is not None and self.member(name["name"]) is not None

    def member(self, mention: str) -> str | None:
        return self._names.get(mention.lstrip("@").strip(".'").lower())

    def read(self, lines: list[ConversationLine]) -> list[Fact]:
        for index, line in enumerate(lines):
            self._line(index, line)
        return self.facts

    def _line(self, index: int, line: ConversationLine) -> None:
        previous = self._last_line.get(line.handle)
        if previous is None or index - previous - 1 > MAX_DETAIL_GAP:
            self._open.pop(line.handle, None)
        if line.content != REDACTED and is_english(line.content):  # the rules read English only
            text = normalise(line.content)
            self.line_text = text
            known = len(self.facts)
            for clause in clauses(text)[:MAX_CLAUSES] if line.handle != BOT_HANDLE else []:
                clause = strip_trailing(clause) or clause  # "I'm 26 actually"
                if not _WORDY.search(clause):
                    continue  # "- - -", "?!": nothing to read
                self._mention(index, line.handle, clause)
                # "… my sister. She's a doctor."; "I have a cat named Mochi" … "Mochi is sick"
                clause = self._about_their_relative(index, clause, speaker=line.handle) or clause
                clause = self._about_their_pet(line.handle, clause) or clause
                self._clause(Said(line.handle, line.name, clause, index, self))
                if (relative := _relative_in(clause)) is not None:
                    self._relative = (index, relative)
            self._rapid_fire(index, line, text, found=len(self.facts) > known)
            if "?" in text or _PROMPT.search(text):
                self._question = (index, line.handle, text)
            if asked := FAVOURITE_ASKED.search(text) or HAS_FAVOURITE_ASKED.search(text):
                self._favourite_asked = (index, asked["thing"])  # "what's your favourite movie?" … "mine's Heat"
            if _PROMPT.search(text) or _AGE_TALK.search(text):
                self._prompt = (index, line.handle)
        self._last_line[line.handle] = index

    def _about_their_relative(self, index: int, part: str, before: str = "", speaker: str = "") -> str | None:
        """``part`` read as about the relation its speaker named just before in the message (in
        ``before``, else an earlier clause), when it starts with "she"/"he": "my sister moved to
        Berlin, she works at a startup". A member named in the message is who "she"/"he" is
        instead (``_reported``). A name given is the relative's too when the speaker named them in
        their message before: "my sister lives in Boston" … "her name is Clara"."""
        if index in self._mentioned:
            return None
        relative = _relative_in(before)
        if relative is None and self._relative is not None and self._relative[0] == index:
            relative = self._relative[1]
        if (
            relative is None
            and self._relative is not None
            and speaker
            and self._last_line.get(speaker) == self._relative[0]
            and index - self._relative[0] <= 2
            and _NAME_GIVEN.match(part)
        ):
            relative = self._relative[1]
        return _about_relative(part, relative)

    def _about_their_pet(self, speaker: str, clause: str) -> str | None:
        """ "Mochi is sick" after "I have two cats, Mochi and Pepper": the clause as said of "my cat"."""
        said = _PET_NAMED_FIRST.match(clause)
        if said is None:
            return None
        for fact in reversed(self.facts):
            for entity in fact.entities if fact.subject == speaker and not fact.reported else []:
                if entity["type"] == EntityType.THING and entity["name"] == said["name"]:
                    return f"my {entity['attributes'].get('species', 'pet')}{said['rest']}"
        return None

    def _rapid_fire(self, index: int, line: ConversationLine, text: str, *, found: bool) -> None:
        """ "moving" / "to" / "BERLIN" / "in june!!!": a speaker's run of one- to three-word messages,
        read together as one sentence once the run says something."""
        words = text.strip(" !.?").split()
        run = self._run.get(line.handle)
        if found or not words or len(words) > MAX_RUN_WORDS or line.handle == BOT_HANDLE or "?" in text:
            self._run.pop(line.handle, None)
            return
        if run is None or index - run[0][-1] > 2:
            run = ([], [])
        lines, pieces = [*run[0], index], [*run[1], text.strip(" !.")]
        self._run[line.handle] = (lines, pieces)
        if len(pieces) < 2 or sum(len(piece.split()) for piece in pieces) > 12:
            return
        facts = self._rules(Said(line.handle, line.name, " ".join(pieces), index, self), segments=False)
        for fact in facts:
            fact.lines = sorted({*fact.lines, *lines})
            self._add(fact)
        if facts:
            self._open[line.handle] = facts[-1]
            self._run.pop(line.handle, None)

    def _clause(self, said: Said) -> None:
        if is_joke(said.clause):
            return  # "I'm a professional napper jk"
        if (asked := FAVOURITE_ASKED.fullmatch(strip_fillers(said.clause))) and asked.group(0)[:3].lower() != "wha":
            self._own_question[said.handle] = (said.line_index, asked["thing"])  # "fav movie of all time?"
            return
        mine = _MINE.match(strip_fillers(said.clause))
        if (
            mine
            and self._favourite_asked
            and said.line_index - self._favourite_asked[0] <= 3
            and (fact := favourite_answer(mine["value"], self._favourite_asked[1], said))
        ):
            self._add(fact)  # "what's your favourite food?" … "What about you?" … "mine is ramen"
            return
        own = self._own_question.pop(said.handle, None)
        if (
            own
            and said.line_index - own[0] <= 1
            and (fact := favourite_answer(said.clause.split(",")[0], own[1], said))
        ):
            self._add(fact)  # … "spirited away, no contest"
            return
        if not is_question(said.clause):
            pair = _PAIR.match(strip_fillers(said.clause))
            both = pair is not None and bool(self.member(pair["first"]) and self.member(pair["second"]))
            # "Alex and Jordan broke up" is news about both, not "Jordan broke up" read after the "and".
            facts = (self._reported(said) if both else []) or self._rules(said) or self._reported(said)
            facts = facts or self._answer(said)
            if facts:
                for fact in facts:
                    if not any(fact is known for known in self.facts):
                        self._add(fact)
                self._open[said.handle] = facts[-1]
                return
        if self._name_pet_later(said):
            return
        opened = self._open.get(said.handle)
        if opened is not None and opened.lead and (more := self._next_item(said, opened)):
            self._add(more)
            self._open[said.handle] = more
            return
        # "I love pizza" … "Going out with Bob tonight": only an obvious continuation joins these.
        if (
            opened is not None
            and opened.kind in (MemoryKind.PREFERENCE, MemoryKind.EMOTION)
            and not CONTINUATION.match(strip_fillers(said.clause))
        ):
            opened = None
        body = strip_fillers(said.clause)
        answers_the_other = said.line_index > max(opened.lines, default=said.line_index) + 1 if opened else False
        if opened is not None and (
            _ADMIRED.match(body)
            or _OF_THEIRS.search(body)
            or (answers_the_other and (_REACTION.match(body) or self._spoken_to(said.clause)))
        ):
            opened = None  # "That's a chill pic!" after the other's photo: said of theirs, not of the fact
        if opened is not None and self._time_of_what_follows(said.clause):
            opened = None  # "Last Sunday, I ran my first 10K": the time of the next clause, not a detail
        if opened is not None and self._is_detail(said.clause, partner=opened.partner_open):
            self._join(opened, said)
        elif content_words(strip_fillers(said.clause)) and not is_question(said.clause):
            self._open.pop(said.handle, None)  # they moved on to something else

    def _rules(self, said: Said, *, segments: bool = True) -> list[Fact]:
        # A clause that starts with a verb has dropped its "I" ("heading to Mexico City in two weeks
        # for my cousin's wedding"): that is its statement, read first.
        implied = with_implied_subject(strip_fillers(said.clause))
        facts = self._rules_on(said, implied) if implied is not None else []
        if not facts:
            facts = self._rules_on(said, said.clause)
        head = _HEAD_END.split(said.clause, maxsplit=1)[0]
        if not facts and head != said.clause and len(head.split()) >= 2:
            # "I'm 42, which is apparently ancient here", "allergic to bees so no picnics for me": what
            # follows may negate or joke about something else; the statement before it stands.
            implied = with_implied_subject(strip_fillers(head))
            facts = (self._rules_on(said, implied) if implied is not None else []) or self._rules_on(said, head)
        if segments:
            facts += self._segments(said, facts)
        return facts

    def _segments(self, said: Said, found: list[Fact]) -> list[Fact]:
        """More facts said in one breath, part by part: "28, living in Tallinn, backend dev at a
        fintech", "originally from Cork but been in Dublin for ages", "ask Léa, she lives in Montréal".
        A part after a comma, colon or "and/but" that drops its "I" is read with it put back; a part
        that is only a fragment (an age, a job, "2 kids") counts when the clause lists such things."""
        clause = said.clause
        if len(clause) > MAX_CLAUSE_CHARS:
            return []
        cuts = [(0, ""), *((cut.end(), cut[0]) for cut in _SEGMENT_CUT.finditer(clause))]
        if job_then := _JOB_THEN_ORIGIN.match(strip_fillers(clause)):
            cuts = sorted([*cuts, (clause.index(job_then[0]) + job_then.end(), "")])
        facts: list[Fact] = []
        fragments: list[Fact] = []
        texts = {fact.text for fact in found}
        theirs = _THEIR_SUBJECT.match(strip_fillers(clause))
        lead = modal_lead(strip_fillers(clause))  # "I want to …, … and …": what the verbs go on under
        for number, (start, cut) in enumerate(cuts):
            if is_hypothetical(clause[:start]) or is_someone_elses_words(clause[:start]) or is_general(clause[:start]):
                break
            part = strip_fillers(clause[start:])
            if not part:
                continue
            piece = part.split(",")[0].strip(" .!")
            new: list[Fact] = []
            if number:
                implied = with_implied_subject(part)
                if _OWN_SUBJECT.match(part) or cut.strip(" ,").lower() not in ("", "and"):
                    lead = modal_lead(part)
                elif lead is not None and implied is not None:
                    implied = under_lead(lead, part) or implied
                elif implied is None and number == 1:
                    implied = under_be(strip_fillers(clause), part)
                if theirs is not None:
                    implied = _carried(theirs, part, implied)
                implied = self._about_their_relative(said.line_index, part, clause[:start]) or implied
                if implied is not None:
                    new = self._rules_on(said, implied)
                if not new and re.match(r"(?:I|I'm|I've|my)\b", part):
                    new = self._rules_on(said, part)
                if not new:
                    new = self._listed(said, part, clause[:start], [*found, *facts])
                if not new and not said.teller:
                    new = self._reported(Said(said.handle, said.name, part, said.line_index, self), segments=False)
            if not new and not said.teller:
                fragment = fragment_fact(piece, said, self)
                if fragment is not None:
                    fact, strong = fragment
                    employer = next((f for f in [*found, *facts] if f.slot == "employer"), None)
                    if employer is not None and fact.slot == "job" and " at " not in fact.text:
                        job = fact.text.split(" is ", 1)[1]  # "Dee works at the walgreens", "pharmacy tech"
                        employer.text = employer.text.replace(" works ", f" works as {job} ", 1)
                        continue
                    (new if strong and not self._answers_about_something_else(said) else fragments).append(fact)
            says_own = bool(new) or part.split()[0].lower() in ("have", "own")  # "I love dogs and have two"
            if (
                number
                and says_own
                and implied is not None
                and theirs is None
                and cut.strip(" ,").lower() in ("", "and")
            ):
                _end_before(part, [*found, *facts], said.handle)
                texts |= {fact.text for fact in [*found, *facts]}
            for fact in new:
                said_before = {word for known in [*found, *facts] for word in content_words(known.text)}
                if fact.text not in texts and not set(content_words(fact.text)) <= said_before:
                    texts.add(fact.text)
                    facts.append(fact)
        if fragments and (found or facts or len(fragments) > 1 or self._intro_context(said)):
            facts += [fact for fact in fragments if fact.text not in texts]
        return facts

    def _listed(self, said: Said, part: str, before: str, earlier: list[Fact]) -> list[Fact]:
        """The next item of a list the clause's last fact started: "I'm a sucker for thunderstorms and
        old jazz records" (two likes), "got a PS5 and a new 4K TV", "hot take: …, and dogs should be
        allowed in every office". The part is read again after the words that led to the first item;
        that first item is cut where the list goes on."""
        last = next((fact for fact in reversed(earlier) if fact.lead and fact.subject == said.handle), None)
        if last is None or last.gathered:
            return []
        part = re.sub(r"^then\s+", "", part, flags=re.IGNORECASE)  # "bouldering and then painting miniatures"
        piece = part.split(",")[0]
        words = piece.split()
        if not words or words[0].lower() in _NOT_LISTED:
            return []
        if begins_with_verb(piece) and not last.lead.rstrip().lower().endswith(" to"):
            return []  # "I want to learn the piano and play guitar": a second wish, not a second thing learnt
        cut = before[-8:]
        first = before.partition(last.lead.strip())[2] if last.lead.strip() else ""
        if _A_VERB.search(first) and not HOT_TAKE.match(last.lead):
            return []  # "passionate about making sure stray dogs are fed and housed": the verb goes on
        if _EXAMPLES.search(before):
            return []  # "platformers, e.g. Mega Man and Castlevania": examples of the item, not more items
        if _REASON.search(first):
            return []  # "I love long bike rides, 'cause the open road gives me calm and focus": the list ended
        if not HOT_TAKE.match(last.lead) and (
            not re.search(r"\band\b|&", cut, re.IGNORECASE)
            or len(words) > 6
            or _A_VERB.search(piece)
            or _SUBJECT_AND_VERB.search(piece)
        ):
            # only "and <thing>" continues a list; a part with a verb of its own is a new thought, and
            # "the quiet and focus it gives me" lists no second thing loved
            return []
        new = self._rules_on(said, last.lead.rstrip() + " " + part)
        head = re.escape(" ".join(words[:2]))
        joint = re.search(rf"{_AND_THEN}{head}", last.text)
        if new and joint and not HOT_TAKE.match(last.lead) and ", " in last.text[: joint.start()]:
            return []  # "I love dogs, cats and birds": a list of three or more stays one memory
        if new and joint and not HOT_TAKE.match(last.lead):
            last.text = last.text[: joint.start()].rstrip(" ,")
        elif not new or set(content_words(new[0].text)) <= set(content_words(last.text)):
            return []  # "The Office is overrated and Parks and Rec is way better": said already
        return new

    def _next_item(self, said: Said, opened: Fact) -> Fact | None:
        """ "growing up we spoke Arabic at home" … "and French at school": the next message goes on
        with the list, read after the words that led to the last one."""
        rest = re.match(r"^(?:and|&|plus|also)\s+(?P<item>[^,]{2,60})$", said.clause.strip().rstrip(" !."), re.I)
        if rest is None or rest["item"].split()[0] in _NOT_LISTED or _A_VERB.search(rest["item"]):
            return None
        found = self._rules_on(said, opened.lead.rstrip() + " " + rest["item"])
        return found[0] if found and found[0].text != opened.text else None

    def _answers_about_something_else(self, said: Said) -> bool:
        """Whether the line answers someone's question that is not about its speaker: "what's the
        job?" … "junior designer at an agency" names the job applied for, not theirs."""
        asked = self._question
        return (
            asked is not None
            and asked[1] != said.handle
            and said.line_index - asked[0] <= 2
            and not _ASKS_ABOUT_THEM.search(asked[2])
            and not _TO_EVERYONE.search(asked[2])
        )

    def _intro_context(self, said: Said) -> bool:
        """Whether the window asked people to introduce themselves, or talks about ages, just now."""
        asked = self._prompt
        return asked is not None and asked[1] != said.handle and said.line_index - asked[0] <= 6

    @staticmethod
    def _rules_on(said: Said, clause: str) -> list[Fact]:
        # The statement a clause makes starts early: of the rules that match, the one whose match
        # starts first is tried first ("heading to Mexico City … for my cousin's wedding" is a trip),
        # then the table's order.
        found = sorted(
            ((match.start(), order, match, builder) for order, (pattern, builder) in enumerate(RULES)
             for match in pattern.finditer(clause)),
            key=lambda candidate: (candidate[0], candidate[1]),
        )  # fmt: skip
        for _start, _order, match, builder in found:
            before = clause[: match.start()]
            first_person = _first_word(match[0]) in _FIRST_PERSON_WORDS
            if first_person and not starts_a_statement(clause, match.start()) and not _after_preposition(clause, match):
                continue  # "doing something I love is awesome": not a statement of theirs
            if is_hypothetical(_hypothesis_scope(clause, match)) or is_someone_elses_words(before):
                continue  # "if I had a dog…", "my boss keeps saying I'm moving": not theirs
            if builder not in NEGATABLE and is_negated(_negation_scope(clause, match)):
                continue  # "I don't have any siblings", "I'm not a nurse": no fact
            fact = builder(match, said)
            if fact is not None and _SECOND_PERSON.search(fact.text.split(",")[0]):
                continue  # "can't wait to see you guys": a memory never says "you"
            if fact is not None:
                fact.lead = fact.lead or _lead(clause, match)
                return [fact]
        return []

    def _reported(self, said: Said, *, segments: bool = True) -> list[Fact]:
        """News about a participant or known member, told by someone else ("Carol is moving to Austin
        next month", "Emma is vegan btw", "Dana's sister lives in Lyon"): read as if that person
        had said it in the first person, and remembered about them, reported by the speaker. "she"
        or "he" right after naming a member in the same message is that member ("ask Léa, she lives
        in Montréal"); "Alex and Jordan broke up" is news about both."""
        clause = _addressed(strip_fillers(said.clause), self.member) or strip_fillers(said.clause)
        pronoun = _PRONOUN.match(clause)
        mentioned = self._mentioned.get(said.line_index)
        if pronoun and mentioned and mentioned != said.handle:
            owner = "'s" if pronoun["s"] or pronoun["own"] else ""  # "his favourite song is…" → "Karim's favourite…"
            clause = self.members[mentioned].split()[0] + owner + clause[pronoun.end() :]
        subjects = []
        pair = _PAIR.match(clause)
        if pair and self.member(pair["first"]) and self.member(pair["second"]):
            first, second = self.member(pair["first"]), self.member(pair["second"])
            verb = _PLURAL_VERBS.get(pair["verb"].lower(), pair["verb"])
            for handle in (first, second):
                if handle is not None and handle != said.handle:
                    subjects.append((handle, f"I {verb}{pair['rest']}".replace("I 'm", "I'm")))
        else:
            told = reported_as_first_person(clause, self.member)
            if told is not None and told[0] != said.handle:
                subjects.append(told)
        facts: list[Fact] = []
        for subject, first_person in subjects:
            about = Said(subject, self.members[subject], first_person, said.line_index, self, said.handle, said.name)
            facts += self._rules(about, segments=segments)
        return facts

    def _answer(self, said: Said) -> list[Fact]:
        question = self._question
        if question is None or question[1] == said.handle:
            return []
        to_all = _TO_EVERYONE.search(question[2]) is not None  # "drop your dates below": several will answer
        if said.line_index - question[0] > (6 if to_all else 2):
            return []
        answer = strip_fillers(said.clause).strip(" !.")
        for asked, replied, build in TYPED_ANSWERS:
            if not asked.search(question[2]):
                continue
            for piece in answer.split(","):
                piece = strip_fillers(piece).strip(" !.")
                if (whole := replied.fullmatch(piece)) and callable(build):
                    fact = build(whole, said)
                    if fact is not None:
                        fact.question = question[2]
                        return [fact]
        if (names_asked := _NAMES_ASKED.search(question[2])) and (given := _NAMES_GIVEN.fullmatch(answer)):
            named = self._named(said, names_asked, given["names"])
            # "names of your pets?" … "Max and Daisy": read as "I have two dogs, Max and Daisy"
            facts = self._rules(Said(said.handle, said.name, named, said.line_index, self)) if named else []
            for fact in facts:
                fact.question = question[2]
            return facts
        statement = _asked_of_themselves(question[2])
        if statement is not None and _SAYS_YES.fullmatch(said.clause.split(",")[0].strip()):
            facts = self._rules_on(said, statement)  # "anyone here play guitar?" … "yeah I do"
            for fact in facts:
                fact.question = question[2]
            return facts
        if (asked_any := _ASKED_ANY.search(question[2])) and (had := _YES_A.fullmatch(said.clause.strip(" !."))):
            verb = asked_any["verb"].lower().replace("got", "have")
            facts = self._rules_on(said, f"I {verb} {had['what']}")  # "do you have any pets?" … "yeah a beagle"
            for fact in facts:
                fact.question = question[2]
            return facts
        answer = re.sub(r"^(?:originally|born in|grew up in)\s+", "", answer, flags=re.IGNORECASE)  # "originally Leeds"
        words = answer.split()
        if not words or len(words) > 4 or words[0].lower() in NON_ANSWERS:
            return []
        # only the question's own sentences: "Where else have you been? My parents learnt coding from me" asks
        # no "where … from" (was "Omar is from Priya")
        # (a prompt asks without a question mark: "introduce yourselves and say where you're from")
        own_words = " ".join(part for part in sentences(question[2]) if part.endswith("?")) or question[2]
        for pattern, builder in QUESTIONS:
            if pattern.search(own_words) and (whole := ANSWER.fullmatch(answer)):
                fact = builder(whole, said)
                if fact is None:
                    return []
                fact.question = question[2]
                return [fact]
        return []

    def _named(self, said: Said, asked: re.Match[str], names_said: str) -> str:
        """The statement an answer to "what are your dogs' names?" makes: "I have two dogs, Max and
        Daisy"; "pets" are the kind the speaker last said they have ("I have two dogs"); "" when that
        is not known or a word given is no name."""
        names = re.split(r",? and |,? & |, ", names_said)
        if any(name.lower() in NOT_NAMES for name in names) or len(names) > max(_COUNTED):
            return ""
        who = next(group for group in asked.groups() if group).lower()
        if who.startswith("pet"):
            kinds = (
                re.search(rf"\b(?:{PETS})s?\b", fact.text)
                for fact in reversed(self.facts)
                if fact.subject == said.handle
            )
            kind = next((found[0] for found in kinds if found), "")
            if not kind:
                return ""
            who = kind
        one = _SINGULAR.get(who, who[:-1] if who.endswith("s") else who)
        if len(names) == 1:
            return f"I have a {one} named {names[0]}"
        many = {"child": "children", "puppy": "puppies", "bunny": "bunnies"}.get(one, f"{one}s")
        return f"I have {_COUNTED[len(names)]} {many}, {', '.join(names[:-1])} and {names[-1]}"

    @property
    def question_text(self) -> str:
        """The last question asked in the window ("" when none)."""
        return self._question[2] if self._question else ""

    def _add(self, fact: Fact) -> None:
        self.facts.append(fact)
        for entity in fact.entities:
            if entity["type"] == EntityType.PLACE:
                self.last_place = entity["name"]

    def pet_waiting(self, handle: str, species: str = "") -> Fact | None:
        for fact in reversed(self.facts):
            if fact.speaker == handle and fact.species and not fact.pet and species in ("", fact.species):
                return fact
        return None

    def pet_name(self, fact: Fact, name: str, said: Said) -> None:
        fact.pet = name
        fact.text += f" named {name}"
        fact.importance = HIGH
        fact.entities.append(said.entity(EntityType.THING, name, f"{said.name}'s {fact.species}", species=fact.species))
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)

    def _name_pet_later(self, said: Said) -> bool:
        """ "Named her Luna" after "I just adopted a cat!" (seed 002 §4.5)."""
        match = PET_NAMING.search(strip_fillers(said.clause))
        waiting = self.pet_waiting(said.handle)
        if not match or waiting is None:
            return False
        name = name_token(match["pet"] or match["pet2"] or "")
        if not name:
            return False
        self.pet_name(waiting, name, said)
        self._open[said.handle] = waiting
        return True

    @staticmethod
    def _is_detail(clause: str, *, partner: bool = False) -> bool:
        """A short fragment that adds to what came before: a time, a number, "that startup…", and the
        name of whom someone got engaged to. A capitalised word alone is not enough ("Congrats to
        Emma" is not a detail of the move said before it)."""
        body = strip_fillers(clause)
        words = body.strip(" !.").split()
        if not words or len(words) > MAX_DETAIL_WORDS or body.endswith("?") or ":" in body:
            return False  # a long line or a question is a new thought, not a detail
        if not content_words(body):
            return False
        single_name = partner and len(words) == 1 and words[0][0].isupper()
        continues = bool(CONTINUATION.match(body)) and not _AGREEING.match(body)
        return bool(TIME.search(body) or re.search(r"\d", body)) or continues or single_name

    def _join(self, fact: Fact, said: Said) -> None:
        body = strip_fillers(said.clause).strip(" !.")
        time = TIME.search(body)
        if said.line_index not in fact.lines:
            fact.lines.append(said.line_index)
        if time and not fact.time and fact.kind == MemoryKind.PLAN:
            rest = body[: time.start()] + body[time.end() :]
            if not content_words(strip_fillers(rest)):  # "Next month actually"
                fact.time = time[0].lower()
                fact.text += f" {fact.time}"
                if "moving" not in fact.topics:
                    fact.expiration = expiration_for(fact.time)
                return
        if fact.partner_open and re.fullmatch(r"[A-Z][\w'-]*", body):  # "…got engaged!" — "Yeah, Heather!"
            fact.text += f" to {body}"
            fact.partner_open = False
            return
        if len(fact.details) < MAX_DETAILS:
            detail = third_person(body, said.name)
            if detail.split()[0].lower() in STOPWORDS:
                detail = detail[0].lower() + detail[1:]
            fact.details.append(detail)
