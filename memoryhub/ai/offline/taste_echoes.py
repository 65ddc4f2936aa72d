"""A taste or a start said of what someone just named: "I'm not a big fan of jazz" … "really? I love
it" is "I love jazz", and "I've started homebrewing" … "oh nice, I only started last autumn" is "I
started homebrewing last autumn", said by the one who answers."""

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


# Another asks after one's own new thing: "how's the new job going?", "how's your new flat?".
_HOW_IS_YOURS = re.compile(
    r"\bhow(?:'s| is) (?:the|your|ur) (?P<what>new (?:job|role|place|flat|house|car|puppy|kitten|course))"
    r"(?: going| treating (?:you|u))?\W*$",
    re.IGNORECASE,
)
# The answer that says how they take to it: "loving it, the team is great", "hate it tbh".
_TAKING_TO_IT = re.compile(
    r"^(?:(?:honestly|tbh|ngl|oh|omg|yeah|yes|ugh|so far)[?!,. ]+)*(?:I )?(?:(?P<love>love|loving|absolutely love"
    r"|really love|really loving)|(?P<hate>hate|hating|really hate|can't stand)) it"
    r"(?=\s*(?:[,.!]|$|tbh|so far|honestly|lol|haha))",  # not "I love it when people ask that"
    re.IGNORECASE,
)


def taste_of_it(before: str, said: str) -> str | None:
    """``said`` with its "it" named by ``before``, another's line: "really? I love it" after "I'm not
    a big fan of jazz" is "I love jazz", "loving it" after "how's the new job going?" is "I love my
    new job"; None when ``said`` is no such answer, or ``before`` names no taste it could mean."""
    if (yours := _HOW_IS_YOURS.search(before.strip())) and (taken := _TAKING_TO_IT.match(said.strip())):
        return f"I {'love' if taken['love'] else 'hate'} my {yours['what'].lower()}"
    answer = _OF_IT.match(said.strip())
    named = _NAMED.search(before.strip()) if answer else None
    if answer is None or named is None:
        return None
    what = _ENDS.sub("", named["what"] or named["what2"] or named["what3"]).strip()
    if _NOT_A_TASTE.match(what) or len(what.split()) > 5 or re.search(r"[,;:]", what):
        return None
    return f"I {answer['how'].lower()} {what}"


# What the line before says one took up: "I've started homebrewing", "I just took up climbing, first
# session was brutal" (not "I started a new job": a job is no pastime; nor "I started to …").
_STARTED = re.compile(
    r"\bI(?:'ve| have)? (?:just |recently |finally )?(?:started|took up|taken up|got into)"
    r" (?P<what>(?!a |an |the |my |to |it\b|at |on |work|school|uni)[a-z][\w' -]{2,30}?)"
    r"(?=[,.;!?]|$| (?:and|but|so)\b)",
    re.IGNORECASE,
)
# The answer: "oh nice, I only started last autumn", "same! I started it in March too".
_STARTED_TOO = re.compile(
    r"^(?:(?:oh|ooh|nice|cool|same|wow|amazing|me too|yay|haha|lol)[?!,. ]+)*"
    r"I (?:only |just |also |actually )?(?:started|took it up|got into it)(?: it)?"
    r" (?P<when>last (?:spring|summer|autumn|fall|winter|year|month|week)|this year|in (?-i:[A-Z])[a-z]+|in \d{4}"
    r"|(?:a|one|two|three|four|five|six|\d+) (?:weeks?|months?|years?) ago)(?: too| as well)?[!. ]*$",
    re.IGNORECASE,
)


def start_of_it(before: str, said: str) -> str | None:
    """``said`` with what it started named by ``before``, another's line: "oh nice, I only started
    last autumn" after "I've started homebrewing" is "I started homebrewing last autumn"; None when
    ``said`` is no such answer, or ``before`` names no pastime taken up."""
    answer = _STARTED_TOO.match(said.strip())
    named = _STARTED.search(before.strip()) if answer else None
    if answer is None or named is None:
        return None
    return f"I started {named['what'].strip()} {answer['when']}"
