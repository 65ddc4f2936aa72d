"""A date put right in the speaker's next line: "my sister's wedding is on June 14th" — "wait no, it's
the 15th", "sorry, I meant Tuesday", "oops, the 4th of May", chat's "*Tuesday". The fact says the
corrected date; it does not keep the wrong one with a detail that contradicts it ("… on June 14th —
wait no, the 15th").
"""

from __future__ import annotations

import re

from memoryhub.ai.offline.rules.answers import DATE, date_text
from memoryhub.ai.offline.vocabulary import WEEKDAYS

_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
# A day of a month as a fact says it: a date as the rules read one ("June 14th", "14 June", "the 14th
# of June"), or a day alone ("the 14th").
_MONTH_DAY = re.compile(rf"\b(?:(?:the )?(?:{DATE})|the {_DAY})\b(?!:)", re.IGNORECASE)
_WEEKDAY = re.compile(rf"\b(?:{WEEKDAYS})\b", re.IGNORECASE)
# What says the line before was wrong, then the date meant: a marker or "I meant" is needed ("the
# 15th" alone may be a detail: a second date, a time).
_CORRECTION = re.compile(
    r"^(?P<marked>(?:(?:wait|sorry|oops|whoops|no|nope|actually|correction|my bad|typo)[,!.:]*\s+)*)"
    r"(?:(?:it's|it is)\s+|(?P<meant>i meant|i mean|make that|should be|should have said)\s+)?(?:on\s+)?"
    rf"(?P<new>(?:the )?(?:{DATE})|(?:the )?{_DAY}|{WEEKDAYS})"
    r"(?:,? not (?:the )?[\w ]{1,20})?[\s.!]*$",
    re.IGNORECASE,
)
# A clause that only says the line before was wrong ("sorry", "oops, wait"): what follows corrects it.
CORRECTING = re.compile(r"(?:(?:wait|sorry|oops|whoops|no|nope|my bad|typo)[\s,!.:]*)+", re.IGNORECASE)
_NUMBER = re.compile(r"(\d{1,2})(st|nd|rd|th)?")


def date_corrected(fact: str, line: str) -> str | None:
    """``fact`` with its date replaced by the one ``line`` corrects it to; None when ``line`` is no
    such correction. A fact that says no date of that kind is given back as it was: what the
    correction replaces is not known, and it is no detail of the fact either."""
    text = line.strip()
    starred = text.startswith("*") or text.endswith("*")  # chat's "*Tuesday": a word put right
    found = _CORRECTION.match(text.strip("*").strip())
    if found is None or not (found["marked"] or found["meant"] or starred):
        return None
    new = found["new"]
    if _WEEKDAY.fullmatch(new):
        old = _WEEKDAY.search(fact)
        return fact if old is None else fact[: old.start()] + new.capitalize() + fact[old.end() :]
    old = _MONTH_DAY.search(fact)
    if old is None:
        return fact
    if calendar := re.search(DATE, new, re.IGNORECASE):  # "June 15th", "the 4th of May": as dates are written
        return fact[: old.start()] + (date_text(calendar) or new) + fact[old.end() :]
    day, said = _NUMBER.search(new), _NUMBER.search(old[0])  # "the 15th": the month stays as it was said
    if day is None or said is None:
        return fact
    number = _ordinal(int(day[1])) if said[2] else day[1]
    return fact[: old.start() + said.start()] + number + fact[old.start() + said.end() :]


def _ordinal(day: int) -> str:
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"
