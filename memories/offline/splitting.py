"""Splitting messages into sentences and clauses, and reading one spelling of chat English."""

from __future__ import annotations

import re

_FILLERS = (
    r"yeah|yea|yes|yep|yup|oh|ok|okay|well|lol|lmao|haha\w*|omg|wow|um+|uh+|hmm+|btw|also|and|anyway|actually"
    r"|so|like|nice|cool|great|no way|hey|man|dude|bro|guys"
)


_LEADING_FILLERS = re.compile(rf"^(?:(?:{_FILLERS})\b[\s,!.]*)+", re.IGNORECASE)


TRAILING_FILLERS = re.compile(r"[\s,]*(?:\b(?:actually|lol|lmao|haha\w*|tbh|too|though|honestly)\b[\s!.]*)+$", re.I)


CONTINUATION = re.compile(
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


_TYPOGRAPHIC_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def normalise(text: str) -> str:
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


def clauses(text: str) -> list[str]:
    """Sentences, further split where a new first-person statement starts ("…, and I live in…")."""
    parts = re.split(
        r"(?<=[.!?])\s+|\s*;\s*|,\s*(?:(?:and|but|so)\s+)?(?=(?:I|I'm|I've|I'll|my)\b)"
        r"|\s+(?:and|but|so)\s+(?=(?:I|I'm|I've|I'll|my)\b)",
        text,
        flags=re.IGNORECASE,
    )
    return [part.strip() for part in parts if part and part.strip()]


def is_question(clause: str) -> bool:
    return clause.rstrip().endswith("?") and bool(_QUESTION_START.match(strip_fillers(clause)))


def strip_fillers(text: str) -> str:
    return TRAILING_FILLERS.sub("", _LEADING_FILLERS.sub("", text.strip())).strip()


def phrase_cut(text: str, *, max_words: int = 10, commas: bool = False) -> str:
    """The phrase at the start of ``text``: up to the end of its clause, at most ``max_words``."""
    text = _CLAUSE_CUT.sub("", text)
    if not commas:
        text = text.split(",")[0]
    words = text.split()[:max_words]
    return " ".join(words).strip(" ,.'\"")
