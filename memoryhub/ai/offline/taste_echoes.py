"""A taste said of what someone just named: "I'm not a big fan of jazz" … "really? I love it" is "I
love jazz", said by the one who answers."""

from __future__ import annotations

import re

_TASTE_VERBS = r"love|like|hate|adore|can't stand|cannot stand|don't like|do not like|don't mind"
# What the line before named as a taste: "I love jazz", "not a big fan of jazz tbh", "jazz is overrated",
# "do you like jazz?".
_NAMED = re.compile(
    rf"\b(?:I|you|u) (?:really |absolutely |honestly |just |kind of |kinda )?(?:{_TASTE_VERBS})"
    r" (?P<what>[\w' -]{2,40})"
    r"|\bfan of (?P<what2>[\w' -]{2,40})"
    r"|^(?P<what3>[\w' -]{2,30}?) (?:is|are) (?:so |totally |completely |honestly )?(?:overrated|underrated)",
    re.IGNORECASE,
)
_ENDS = re.compile(
    r"(?: (?:tbh|at all|either|too|then|honestly|tho|though|lol|haha|to be honest|really))*[\s!.?]*$", re.IGNORECASE
)
# Not a thing of one's own ("I love my job" … "I hate it": theirs is not the other's), nor a doing
# or a pronoun ("I like when it rains", "I love that").
_NOT_A_TASTE = re.compile(
    r"^(?:my|our|your|his|her|their|it|that|this|them|those|these|when|how|what|to|being|the way|you|him)\b",
    re.IGNORECASE,
)
# The answer: "really? I love it", "ugh I hate them lol", "I actually like it".
_OF_IT = re.compile(
    r"^(?:(?:really|what|wait|oh|omg|ooh|nah|no way|seriously|aw|ugh|ha|haha|lol|hmm|see)[?!,. ]+)*"
    rf"I (?P<how>(?:really |actually |absolutely |honestly |kind of |kinda )?(?:{_TASTE_VERBS})) (?:it|them)"
    r"(?:[!. ]*(?:lol|haha|tbh|though|tho|actually))*[!. ]*$",
    re.IGNORECASE,
)


def taste_of_it(before: str, said: str) -> str | None:
    """``said`` with its "it" named by ``before``, another's line: "really? I love it" after "I'm not
    a big fan of jazz" is "I love jazz"; None when ``said`` is no such answer, or ``before`` names
    no taste it could mean."""
    answer = _OF_IT.match(said.strip())
    named = _NAMED.search(before.strip()) if answer else None
    if answer is None or named is None:
        return None
    what = _ENDS.sub("", named["what"] or named["what2"] or named["what3"]).strip()
    if _NOT_A_TASTE.match(what) or len(what.split()) > 5 or re.search(r"[,;:]", what):
        return None
    return f"I {answer['how'].lower()} {what}"
