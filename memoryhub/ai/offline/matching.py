"""The rule table tried on a clause: which matches count (not negated, hypothetical, someone else's
words or said to "you"), the words a fact's list goes on from, and when a speaker's next short
lines are details of their last fact."""

from __future__ import annotations

import functools
import re
from dataclasses import fields

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import Builder, Fact, Said, revised
from memoryhub.ai.offline.guards import (
    is_hypothetical,
    is_negated,
    is_someone_elses_words,
    starts_a_statement,
)
from memoryhub.ai.offline.rules import NEGATABLE, RULES
from memoryhub.ai.offline.rules.babies import BABY_TO_COME
from memoryhub.ai.offline.rules.work import JOB_TITLE
from memoryhub.ai.offline.splitting import (
    CONTINUATION,
    partner_and_i,
    strip_fillers,
)
from memoryhub.ai.offline.text import content_words, third_person
from memoryhub.ai.offline.vocabulary import (
    HOW_OFTEN,
    INVITING_IF,
    PARTNERS,
    RELATIONS,
    RELATIVE_AGES,
    STOPWORDS,
    TIME,
    word_set,
)

# "For sure!", "To be honest": agreement or an aside, not more of the fact before.
_AGREEING = re.compile(r"(?:for (?:sure|real|certain)|to be (?:honest|fair)|in fact|that's (?:true|right))\b", re.I)


# A reassurance after sympathy ("oh no, sorry Ben" … "it's fine, I've got another"): no detail of the news.
_REASSURING = re.compile(r"(?:it's|its|i'm|im) (?:fine|ok|okay|alright|all good)|all good|no worries|never mind", re.I)


_SEGMENT_START = re.compile(r"[,;]\s|\bbut\s", re.IGNORECASE)


def _negation_scope(clause: str, match: re.Match[str]) -> str:
    """The words a negation must be in to negate what ``match`` found: from the start of its part of
    the clause (after the last comma or "but" before it) to the end of the fact itself, without the
    free words after it ("I'm a line cook so weekends are a no go": the cook is not negated) or its
    next part ("my mum passed away in March, still doesn't feel real": the loss is not negated)."""
    start = clause.rfind('"', 0, match.start()) + 1 if clause.count('"', 0, match.start()) % 2 == 0 else 0
    for cut in _SEGMENT_START.finditer(clause, start, match.start()):
        start = cut.end()
    groups = match.re.groupindex
    end = match.end()
    if "rest" in groups and match.start("rest") >= 0:
        end = match.start("rest")
    if next_part := _SEGMENT_START.search(clause, match.start(), end):
        end = next_part.start()
    return clause[start:end]


_INVITING = re.compile(INVITING_IF, re.IGNORECASE)


def _hypothesis_scope(clause: str, match: re.Match[str]) -> str:
    """The words an "if", "maybe" or "would" must be in to make what ``match`` found a wish: the clause
    up to the end of the match's own part (the next comma), not the free words after it ("Tomás
    loves board games, bring Catan if you're coming": the love is no maybe)."""
    comma = clause.find(",", match.start())
    end = match.end() if comma < 0 else min(match.end(), comma)
    if inviting := _INVITING.search(clause, match.start(), end):
        end = inviting.start()  # "I'm playing tennis on Saturday if anyone wants to join": no maybe
    if "modal" in match.re.groupindex and match.start("modal") >= 0:  # "I could eat sushi every day": a liking
        return clause[: match.start("modal")] + clause[match.end("modal") : end]
    return clause[:end]


# The words a list's next item cannot start with: a new subject, a pronoun, a question word.
NOT_LISTED = word_set(
    """I I'm I've I'll I'd i my me you your he she it it's they we his her their our this that these those
    then so but if when what who how why where which there here not no yes yeah lol"""
)


A_VERB = re.compile(
    r"\b(?:is|are|was|were|am|be|been|has|have|had|do|does|did|will|would|can|could|should|'s|'re|'m)\b|'(?:s|re|m)\b",
    re.IGNORECASE,
)


REASON = re.compile(r"\b(?:because|cause|cuz|coz|although|whereas|unless)\b", re.IGNORECASE)


SUBJECT_AND_VERB = re.compile(r"\b(?:it|they|he|she|we|you|I)\s+[a-z']+", re.IGNORECASE)


EXAMPLES = re.compile(
    r"\b(?:e[.\u2024]\s?g\b|eg\b|such as|including|especially|for example|for instance|like\b)", re.IGNORECASE
)


_YOU = r"you|your|yours|you're|y'all"


_SECOND_PERSON = re.compile(rf"\b(?:{_YOU})\b", re.IGNORECASE)


# A question about the one who answers it: "what do you do?", "wbu?", "what about u".
ASKS_ABOUT_THEM = re.compile(rf"\b(?:{_YOU}|u|ur|yourself|yourselves|wbu|hbu)\b", re.IGNORECASE)


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


_FIRST_PERSON_WORDS = frozenset({"i", "i'm", "i've", "i'll", "i'd", "my", "me"})


def _first_word(text: str) -> str:
    words = text.split(maxsplit=1)
    return words[0].lower().strip(",.!") if words else ""


# Where a clause's own statement ends and a comment on it begins.
HEAD_END = re.compile(r",\s|\s(?:so|but|because|cause|cuz|which|though|lol|haha)\s", re.IGNORECASE)


# How many other people's lines may come between a fact and its speaker's follow-up detail.
MAX_DETAIL_GAP = 3


MAX_DETAILS = 4

# A start said without its subject after the news: "got the job!!" — "start in two weeks".
_START = re.compile(r"(?:I (?:will |'ll )?)?(?:start|begin)s?(?=\s)", re.IGNORECASE)


def detail_text(body: str, name: str) -> str:
    """A follow-up line as the fact's detail, said of ``name``: "we're flying…" → "they're flying…",
    "start in two weeks" → "starting in two weeks"."""
    if (start := _START.match(body)) and TIME.search(body):
        body = "starting" + body[start.end() :]
    detail = third_person(re.sub(r"\bwe(?='|\s)", "they", body, flags=re.I), name)
    return detail[0].lower() + detail[1:] if detail.split()[0].lower() in STOPWORDS else detail


MAX_DETAIL_WORDS = 12


MAX_RUN_WORDS = 3  # a message this short may be one piece of a sentence sent word by word


_THIRD_PERSON_VERB = re.compile(
    r"(?:loves|likes|hates|enjoys|works|lives|plays|speaks|runs|teaches|coaches|studies|has|owns|collects"
    r"|volunteers|makes|writes|paints|sings|swims|rides|drives)\b",
    re.IGNORECASE,
)


def carried_subject(theirs: re.Match[str], part: str, implied: str | None) -> str | None:
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


# Where a list or a sentence goes on with its next part: ", and then", " & ".
AND_THEN = r",? (?:and|&) (?:then )?"


def end_before(part: str, earlier: list[Fact], speaker: str) -> None:
    """ "I love hiking and play tennis on weekends": the part after "and" (or a comma) said something of
    its own, so the fact before it ends there ("loves hiking", not "loves hiking and play tennis…")."""
    head = re.escape(" ".join(part.split()[:2]))
    for fact in earlier:
        joint = re.search(rf"(?:{AND_THEN}|, ){head}\b", fact.text) if fact.subject == speaker else None
        if joint is not None:
            fact.text = fact.text[: joint.start()].rstrip(" ,")


def written_back(fact: Fact) -> Fact:
    """``fact`` kept: a new reading of a fact made before (``Fact.revises``) is written over that fact,
    which goes on in its place (the window's facts and a speaker's open fact hold it); any other fact
    is itself."""
    earlier = fact.revises
    if earlier is None:
        return fact
    for each in fields(Fact):
        if each.name != "revises":
            setattr(earlier, each.name, getattr(fact, each.name))
    return earlier


def build(builder: Builder, match: re.Match[str], said: Said) -> Fact | None:
    """What ``builder`` makes of ``match``, kept (``written_back``) as soon as it returns: builders
    change nothing themselves, the engine does."""
    fact = builder(match, said)
    return written_back(fact) if fact is not None else None


@functools.lru_cache(maxsize=512)
def _matches(clause: str) -> tuple[tuple[re.Match[str], Builder], ...]:
    """Every rule's matches in ``clause``, in the order they are tried. The statement a clause makes
    starts early: of the rules that match, the one whose match starts first is tried first
    ("heading to Mexico City … for my cousin's wedding" is a trip), then the table's order. Kept
    for a clause said again (a wall of one phrase, a line quoted, a clause read twice): scanning
    every rule is most of what a clause costs."""
    found = sorted(
        ((match.start(), order, match, builder) for order, (pattern, builder) in enumerate(RULES)
         for match in pattern.finditer(clause)),
        key=lambda candidate: (candidate[0], candidate[1]),
    )  # fmt: skip
    return tuple((match, builder) for _start, _order, match, builder in found)


def rules_on(said: Said, clause: str) -> list[Fact]:
    for match, builder in _matches(clause):
        before = clause[: match.start()]
        first_person = _first_word(match[0]) in _FIRST_PERSON_WORDS
        if first_person and not starts_a_statement(clause, match.start()) and not _after_preposition(clause, match):
            continue  # "doing something I love is awesome": not a statement of theirs
        if is_hypothetical(_hypothesis_scope(clause, match)) or is_someone_elses_words(before):
            continue  # "if I had a dog…", "my boss keeps saying I'm moving": not theirs
        if builder not in NEGATABLE and is_negated(_negation_scope(clause, match)):
            continue  # "I don't have any siblings", "I'm not a nurse": no fact
        fact = build(builder, match, said)
        if fact is not None and _SECOND_PERSON.search(fact.text.split(",")[0]):
            continue  # "can't wait to see you guys": a memory never says "you"
        if fact is not None:
            fact.lead = fact.lead or _lead(clause, match)
            return [_done_together(said, clause, fact) or fact]
    return []


# "my husband and I run a B&B in Cornwall", "me and my partner live in Bristol": what the two do.
_TOGETHER = re.compile(
    r"^(?:my (?P<who>[\w-]+) and I|me and my (?P<who2>[\w-]+)) (?P<rest>(?!both\b|each\b|are\b|were\b|have been\b)"
    r"[a-z][^,;]*)",
    re.IGNORECASE,
)


def _done_together(said: Said, clause: str, fact: Fact) -> Fact | None:
    """What the speaker does with their partner, when the clause says no more of the partner than that
    they have one: "Priya runs a B&B in Cornwall with their husband", not "Priya has a husband". Not what
    "both" do ("my wife and I both work in IT" is not one job), nor a plan of the two ("are going …")."""
    together = _TOGETHER.match(strip_fillers(clause))
    who = (together["who"] or together["who2"]).lower() if together else ""
    if together is None or who not in PARTNERS or fact.text != f"{said.name} has a {who}":
        return None
    own = rules_on(said, f"I {together['rest']}")
    if not own or not own[0].text.startswith(f"{said.name} ") or f"their {who}" in own[0].text:
        return None
    return revised(own[0], text=f"{own[0].text} with their {who}")


# A clause with a subject of its own: the speaker ("we moved here in 2019", "I think it was May"), or
# a thing that is somewhere or at some time ("the kids' recital is on May 2nd" after "I love sushi").
_OWN_STATEMENT = re.compile(
    r"^(?:(?:I|we|my|our)(?:'m|'ve|'re|'d|'ll)?\s|the [\w' -]{1,30}? (?:is|are|was|were) (?:on|in|at|this|next)\b)",
    re.IGNORECASE,
)

# News of someone else of theirs: "my lad's just started in the under 11s", said after their own.
_RELATIVE_NEWS = re.compile(
    rf"^(?:my|our) (?:(?:{RELATIVE_AGES}) )?(?:{RELATIONS}|lad|lass|boy|girl|kids|little one)s?"
    r"(?:'s|\s+(?:is|has|was|just|got|started|turned))\b",
    re.IGNORECASE,
)


def is_detail(clause: str, *, partner: bool = False, lasting: bool = False) -> bool:
    """A short fragment that adds to what came before: a time, a number, "that startup…", and the
    name of whom someone got engaged to. A capitalised word alone is not enough ("Congrats to
    Emma" is not a detail of the move said before it); nor, after a ``lasting`` fact (a job, not a
    plan), is a statement with a subject of its own ("I'm a pharmacist" … "we moved here in 2019"),
    nor after any one that says how often ("going to Font in April" … "I route set on Tuesdays"), nor
    news of a relative of theirs ("my lad's just started in the under 11s")."""
    body = strip_fillers(clause)
    words = body.strip(" !.").split()
    if not words or len(words) > MAX_DETAIL_WORDS or body.endswith("?") or ":" in body:
        return False  # a long line or a question is a new thought, not a detail
    if _OWN_STATEMENT.match(body) and (lasting or HOW_OFTEN.search(body)):
        return False  # "I'm going to Font in April" … "I route set on Tuesdays": a habit of its own
    if _RELATIVE_NEWS.match(body):
        return False
    if not content_words(body) or _REASSURING.fullmatch(body.strip(" !.,")):
        return False
    single_name = partner and len(words) == 1 and words[0][0].isupper()
    continues = bool(CONTINUATION.match(body)) and not _AGREEING.match(body)
    return bool(TIME.search(body) or re.search(r"\d", body)) or continues or single_name


_ASKS_WHICH = re.compile(r"\b(?:which|what|where|who|whose|when|how)\b", re.IGNORECASE)
# "going anywhere nice?", "where are you off to?": asked of time off or a plan, where it takes them.
_WHERE_TO = re.compile(
    r"\b(?:going|heading|off) anywhere\b|\bwhere (?:are (?:you|u)|r u|u) (?:going|off to|heading)\b", re.I
)
# A job being left: "where are you going?" asks where to next ("a product role at Monzo").
_LEAVING = re.compile(
    r"\b(?:handed in|gave|is giving|is handing in) (?:their|his|her) notice|\b(?:quit|resigned)\b"
    r"|\bis leaving their job\b",
    re.I,
)
_TIME_OFF = re.compile(r"\b(?:on (?:[\w-]+ )?leave|taking .+ off|a (?:career )?break|a sabbatical)\b", re.I)
# "which one?", "congrats! which site?", "ooh what's it on?", "where?": asked of what was just said, in two words.
_WHICH_OF_IT = re.compile(
    r"(?:^|[.!?]\s+)(?:(?:oh|ooh|ah|nice|cool|so|and)\W+)?"
    r"(?:(?:which|what) [a-z]+|what(?:'s| is| was) it (?:on|about|for|called)|where(?:abouts)?|whereabouts)\W*$",
    re.I,
)
_BOY_OR_GIRL = re.compile(
    r"\b(?:boy or (?:a )?girl|girl or (?:a )?boy|do (?:you|u) know what (?:you|u)(?:'re| are) having)\b", re.I
)
_ASKS_WHAT = re.compile(r"\b(?:which|what|who|whose)\b", re.IGNORECASE)


def _asked_since(question: tuple[int, str, str] | None, fact: Fact, said: Said) -> str:
    """The question another asked since ``fact`` was said, just before ``said`` ("" when none):
    ``question`` is the window's last, as line index, asker and text."""
    if question is None or question[1] == said.handle or not max(fact.lines) < question[0] >= said.line_index - 2:
        return ""
    return question[2]


def answers_about(question: tuple[int, str, str] | None, fact: Fact, said: Said) -> bool:
    """ "Little Acorns, the one by the park" after another's "which nursery?" about "our twins start
    nursery on Monday": a short answer to what another asked of ``fact`` since, a detail of it."""
    asked = _asked_since(question, fact, said)
    body = strip_fillers(said.clause).strip(" !.")
    return (
        bool(
            (_ASKS_WHICH.search(asked) and set(content_words(asked)) & set(content_words(fact.text)))
            or (_BOY_OR_GIRL.search(asked) and BABY_TO_COME.search(fact.text))  # "boy or girl?" … "a girl!"
            or _WHICH_OF_IT.search(asked.strip())  # "I start a new medication next week" … "which one?"
            or (
                _WHERE_TO.search(asked)
                and (fact.kind == MemoryKind.PLAN or _TIME_OFF.search(fact.text) or _LEAVING.search(fact.text))
            )
        )
        and "?" not in body
        and 0 < len(body.split()) <= MAX_DETAIL_WORDS
        and bool(content_words(body))
        and not _AGREEING.match(body)
    )


def answers_something_else(question: tuple[int, str, str] | None, fact: Fact, said: Said) -> bool:
    """ "the 42, it's always late" after another's "which bus do you take?", said since "our daughter
    starts nursery on Monday": the answer to what they asked of something else, no detail of it
    ("when?" or "where to?" ask of the fact itself)."""
    asked = _asked_since(question, fact, said)
    words = set(content_words(asked))
    elliptic = _WHICH_OF_IT.search(asked.strip())  # "which site?": of the fact, whatever its words
    return bool(_ASKS_WHAT.search(asked) and words and not words & set(content_words(fact.text)) and not elliptic)


# Where a part of a clause starts: after a comma, colon or semicolon, or at "and"/"but"/"then".
_SEGMENT_CUT = re.compile(r"[,:;]\s+(?:(?:and|but|so|then)\s+)?|\s+(?:but|and|then|now)\s+", re.IGNORECASE)


def part_cuts(clause: str) -> list[tuple[int, str]]:
    """Where each part of ``clause`` starts, with the words that cut it off ("" for the first part);
    "my wife and I have been married 46 years" is one part (``partner_and_i``)."""
    cuts = (
        cut
        for cut in _SEGMENT_CUT.finditer(clause)
        if not (partner_and_i(clause, cut) and re.match(r"I(?:'m|'ve|'d|'ll)?\b", clause[cut.end() :]))
    )
    return [(0, ""), *((cut.end(), cut[0]) for cut in cuts)]


# "I'm a nurse from Texas", "I'm a native Spanish speaker from Bogotá": a job or a first language,
# then where its speaker is from, read as a part of its own.
JOB_THEN_ORIGIN = re.compile(
    rf"^I(?:'m| am) (?:an? )(?:{JOB_TITLE}|native (?-i:[A-Z])\w+ speaker)\b(?= from (?-i:[A-Z]))", re.IGNORECASE
)
