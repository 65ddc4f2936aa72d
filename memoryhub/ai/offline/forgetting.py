"""A memory a person asks to have forgotten: "forget that I'm vegan, I eat meat now", "please forget
what I said about my ex". The memory that says it goes (a ``forget`` operation); the request is not
read as the fact again."""

from __future__ import annotations

import re
from collections.abc import Sequence

from memoryhub.ai.offline.text import third_person, words_of
from memoryhub.ai.offline.vocabulary import STOPWORDS

_FORGET = re.compile(
    r"^\W*(?:(?:please|pls|plz|can you|could you|would you|actually|oh|ok|okay)[, ]+)*forget"
    r"(?: (?:please|pls))?\s+(?:that\s+|about\s+|what I said about\s+|the (?:bit|part|thing) about\s+)?"
    r"(?P<what>(?!it\b|that\b|this\b|me\b|you\b|everything\b)[^,;]{3,160}?)\s*(?:[,;.!?]\s*(?P<rest>.*))?$",
    re.IGNORECASE,
)
# Of the words of what is asked forgotten, this share must be the memory's.
_SAID_ENOUGH = 0.75


def forget_asked(text: str) -> re.Match[str] | None:
    """The request to forget in ``text``: its ``what`` and the ``rest`` said after it, else None."""
    return _FORGET.match(text.strip())


def memory_asked_forgotten(what: str, memories: Sequence[str], name: str) -> int | None:
    """The index of the one of ``memories`` (of the person called ``name``) that ``what``, said in
    the first person, asks forgotten ("I'm vegan" … "Una is vegan"); None when none says it."""
    if re.search(r"\b(?:it|that|this|them|those)\b", what, re.IGNORECASE):
        return None  # "forget that I like it": what "it" is was said elsewhere
    own = {*_words(name), *(f"{word}'s" for word in _words(name))}
    asked = _words(third_person(what, name)) - own
    best: tuple[float, float, int] | None = None
    for index, memory in enumerate(memories):
        said = _words(memory) - own
        if not asked or not said:
            continue
        covered, same = len(asked & said) / len(asked), len(asked & said) / len(asked | said)
        if covered >= _SAID_ENOUGH and (best is None or (covered, same) > best[:2]):
            best = (covered, same, index)
    return best[2] if best else None


def _words(text: str) -> set[str]:
    return {word for word in words_of(text) if word not in STOPWORDS}
