"""What one has, asked after and answered: "do you have any pets?" … "yeah a golden retriever named
Max", "got any kids?" … "yeah 2", "do you have kids?" … "two, a boy and a girl", "anyone have pets?"
… "yep, two cats"."""

from __future__ import annotations

import re

from memoryhub.ai.offline.splitting import strip_fillers
from memoryhub.ai.offline.text import counted
from memoryhub.ai.offline.vocabulary import PETS, WHICH_KIDS, YES_WORDS

# "got any kids?", "any pets Tom?": asked with no "do you", of what one has.
_ANY_BARE = re.compile(
    r"^(?:(?:so|and|oh) )?(?:(?:have )?(?:you|u) )?(?:got )?any (?:kids|children|pets|siblings)\b[^?]*\?", re.IGNORECASE
)
# Asked after how many there are, not after one thing: "any pets?", "do you have kids?" (not "do
# you have a dog?", which "yes, a big one" answers with the dog).
_ASKED_MANY = re.compile(r"\bany\b|\b(?:pets|kids|children|siblings)\b", re.IGNORECASE)
# Named in the answer: "a golden retriever named Max", "yep, two cats", "2 kids, 3 cats".
_NAMED = re.compile(
    rf"(?:(?:{YES_WORDS}|I do|I have)\W+)*(?P<what>(?:a|an|one|two|three|four|\d) [\w' ,&-]{{2,60}})",
    re.IGNORECASE,
)
# "2 kids, 3 cats", "a dog and two cats": one thing had, and the next counted apart.
_COUNTED_APART = re.compile(r"(?:,\s*|\s+and\s+)(?=(?:a|an|one|two|three|four|five|six|\d+) \w)", re.IGNORECASE)
# What a bare count answers ("yeah 2", "two, a boy and a girl"): the one thing asked after.
_ASKED_ONE = re.compile(r"\b(?:any|have|got) (?P<noun>kid|child|pet|sibling|dog|cat)(?:s|ren)?\b(?! or\b)", re.I)
_COUNT = re.compile(
    rf"(?:(?:{YES_WORDS})\W+)*(?P<count>one|two|three|four|five|six|\d)(?:\s*[,:;\u2013\u2014-]\s*(?P<rest>.+))?", re.I
)


# A count said without its noun: "I have two anyway", "we've got three", "I've got about five now".
_BARE_COUNT = re.compile(
    r"(?:(?:but|and|so|though)\s+)?(?:I|we)(?: have|'ve got| have got| got| own) (?:about |like |around )?"
    r"(?P<count>two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?: of them)?(?: (?:anyway|now|already|at home))?",
    re.IGNORECASE,
)
# The noun it counts, ending the words before it: "I'm allergic to cats", "I love dogs" (not a
# group of them: "we went to see the ducks, I have two").
_COUNTED_BEFORE = re.compile(
    r"(?<!\bthe )(?<!\bthose )(?<!\bthese )(?<!\btheir )(?<!\byour )(?<!\bher )(?<!\bhis )"
    rf"\b(?P<noun>(?:{PETS})(?:e?s)?|puppies|bunnies|mice|kids|children|houseplants|plants)\W*$",
    re.IGNORECASE,
)


def count_named_before(clause: str, text: str) -> str | None:
    """``clause`` with the noun its bare count counts, when the message named it just before: "I'm
    allergic to cats but I have two anyway" is "I have two cats"; None for another clause."""
    if (count := _BARE_COUNT.fullmatch(clause.strip(" !.,"))) is None or (at := text.find(clause)) <= 0:
        return None
    before = re.sub(r"(?:\s*\b(?:but|and|so|though))?[\s,.!;]*$", "", text[:at], flags=re.IGNORECASE)
    if (named := _COUNTED_BEFORE.search(before)) is None:
        return None
    noun, number = named["noun"].lower(), count["count"].lower()
    return f"I have {f'{number} {noun}' if noun.endswith(('s', 'ice', 'ren', 'fish')) else counted(number, noun)}"


def had_answered(question: str, answer: str, verb: str) -> list[str]:
    """The statements of what one has (or plays, speaks…: ``verb``, as asked) an answer names: "yeah
    a golden retriever named Max" is "I have a golden retriever named Max", "two, a dog and a cat" is
    "I have a dog" and "I have a cat", "two, a boy and a girl" after "kids?" is "I have two kids, a
    boy and a girl"; none for another answer. ``verb``: the question's, "" when it asked none."""
    verb = verb or ("have" if _ANY_BARE.search(strip_fillers(question.strip())) else "")
    given = answer.strip(" !.")
    if not verb:
        return []
    if had := _NAMED.fullmatch(given):
        return _each_had(verb, had["what"])
    if (count := _COUNT.fullmatch(given)) is None or (one := _ASKED_ONE.search(question)) is None:
        return []
    noun, rest = one["noun"].lower(), (count["rest"] or "").strip(" !.")
    if rest and (pieces := _NAMED.fullmatch(rest)) and noun not in ("kid", "child"):
        return _each_had(verb, pieces["what"])  # "two, a dog and a cat"
    which = WHICH_KIDS.fullmatch(f", {rest}") if rest and noun in ("kid", "child") else None
    kept = f"I {verb} {counted(count['count'].lower(), noun)}".replace("childs", "children")
    return [f"{kept}, {which['which']}" if which else kept]  # "two, a boy and a girl": which they are


def _each_had(verb: str, named: str) -> list[str]:
    """ "I have 2 kids" and "I have 3 cats" of "2 kids, 3 cats": each thing named, had apart."""
    return [f"I {verb} {piece}" for piece in _COUNTED_APART.split(named)]


def asked_after_many(question: str) -> bool:
    """Whether ``question`` asks after how many one has ("anyone have pets?", "do you have kids?"),
    which a "yep, two cats" answers better than its "yes"; not after one thing ("do you have a dog?",
    which "yes, a big one" answers with the dog)."""
    return _ASKED_MANY.search(question) is not None


def names_one(had: list[str]) -> bool:
    """Whether what one has, as answered, goes by a name ("I have a Honda", "I have a Labrador called
    Max"): said more exactly than the question's "a car" or "a dog", which a "yes, a big one" keeps."""
    return any(re.search(r"\b[A-Z]", statement[1:]) for statement in had)
