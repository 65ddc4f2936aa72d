"""The date a time said in a line points at, from the day it was said: "on June 14th", "next month",
"this weekend", "tomorrow". A dated event or plan is kept until a week after that date
(``expires_on``), not for a fixed lifetime; "yesterday" and "last Saturday" become the date they were.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from memoryhub.ai.offline.vocabulary import MONTHS, MONTHS_NAMED, WEEKDAYS

_MONTH_NUMBER = {name: number for number, name in enumerate(MONTHS.split("|"), start=1)}
_WEEKDAY_NUMBER = {name: number for number, name in enumerate(WEEKDAYS.split("|"))}
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "a few": 3, "a couple of": 2}
_NUMBER |= {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "twelve": 12, "twenty": 20}
_COUNT = "|".join(sorted(_NUMBER, key=len, reverse=True)) + r"|\d+"  # "a couple of" before "a"
_SEASON_END = {"spring": (5, 31), "summer": (8, 31), "fall": (11, 30), "autumn": (11, 30), "winter": (2, 28)}
_FEAST = {"christmas": (12, 25), "new year": (1, 1), "new year's": (1, 1), "the holidays": (12, 31)}

_MONTH_DAY = re.compile(
    rf"\b(?:(?P<month>{MONTHS}) (?P<day>\d{{1,2}})(?:st|nd|rd|th)?|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?"
    rf"(?P<month2>{MONTHS}))\b",
    re.IGNORECASE,
)
# A month's campaign, said by its name: "I'm doing Dry January".
_CAMPAIGN_MONTH = {
    "dry january": 1,
    "veganuary": 1,
    "sober october": 10,
    "stoptober": 10,
    "movember": 11,
    "dry july": 7,
}
_AHEAD = re.compile(
    rf"\b(?P<campaign>{'|'.join(_CAMPAIGN_MONTH)})\b"
    rf"|\b(?P<soon>today|tonight|tomorrow|yesterday)\b"
    rf"|\b(?P<which>this|next|last) (?P<span>week(?:end)?|month|year|{WEEKDAYS}|spring|summer|fall|autumn|winter)\b"
    # a day of the week, not a habit on it ("every Sunday", "on Sunday mornings") nor one gone ("since Tuesday")
    rf"|\b(?:on |this )?(?<!every )(?<!each )(?<!other )(?<!since )(?P<weekday>{WEEKDAYS})\b"
    r"(?! (?:mornings|afternoons|evenings|nights)\b)"
    # "in June", "booked for June", "by the end of June", "in early October", "mid-March", "the end of May",
    # "part-time from April" (its month, as a plan starting then lives until it; not "since mid-March")
    r"|\b(?<!since )(?:(?:in|for|by(?: the end of)?|until|till|from) |(?<!from )(?:in )?(?:early|mid|late)[- ]"
    rf"|(?:at |by )?(?:the )?end of )(?P<month>{MONTHS})\b"
    rf"|\b(?:next|this) (?P<named>{MONTHS_NAMED})\b"
    rf"|\bin (?P<count>{_COUNT}) (?P<unit>days?|weeks?|months?|years?)\b"
    rf"|\b(?P<count2>{_COUNT}) (?P<unit2>days?|weeks?|months?|years?) ago\b"
    r"|\b(?:for|over|at|on) (?P<feast>christmas|new year'?s?|the holidays)\b"
    r"|\b(?:at|by) the end of the (?P<end>week|month|year)\b"  # "retiring at the end of the year": this one's
    r"|\bin the (?P<new_year>new year)\b"  # "a knee replacement in the new year": its first month
    r"|\b(?:in|over|during) the (?P<season>summer|winter|spring|autumn|fall)\b",  # the coming one
    re.IGNORECASE,
)


# A day of the month said alone: "on the 12th" (not "on the 3rd floor").
_DAY_ALONE = re.compile(
    r"\b(?:on|until|till|til) the (?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?! [a-z])", re.IGNORECASE
)
# What lasts "from Friday until the 14th" ends on its last day, not its first.
_UNTIL = re.compile(r"\b(?:until|till|til)\b", re.IGNORECASE)


def _month_end(year: int, month: int) -> date:
    return date(year, month, calendar.monthrange(year, month)[1])


def _ahead(day: date, month: int, day_of_month: int) -> date:
    """The next ``month``/``day_of_month`` from ``day`` (this year's, unless it is long past)."""
    last = calendar.monthrange(day.year, month)[1]
    this_year = date(day.year, month, min(day_of_month, last))
    return this_year if this_year >= day - timedelta(days=7) else this_year.replace(year=day.year + 1)


def _last_weekday(day: date, weekday: str) -> date:
    """The last ``weekday`` before ``day`` ("last Sunday", "died on Sunday"; a week back on a Sunday)."""
    return day - timedelta(days=(day.weekday() - _WEEKDAY_NUMBER[weekday]) % 7 or 7)


def _span_end(day: date, which: str, span: str) -> date | None:
    step = {"this": 0, "next": 1, "last": -1}[which]
    if span in _WEEKDAY_NUMBER:
        ahead = (_WEEKDAY_NUMBER[span] - day.weekday()) % 7
        if which == "last":
            return _last_weekday(day, span)
        return day + timedelta(days=ahead + (7 if which == "next" and ahead < 2 else 0))
    if span in ("week", "weekend"):
        sunday = day + timedelta(days=6 - day.weekday())
        return sunday + timedelta(weeks=step)
    if span == "month":
        month = day.month + step
        year = day.year + (month - 1) // 12
        return _month_end(year, (month - 1) % 12 + 1)
    if span == "year":
        return date(day.year + step, 12, 31)
    month, day_of_month = _SEASON_END[span]
    end = date(day.year + step + (1 if span == "winter" and day.month > 2 else 0), month, day_of_month)
    return end


def date_said(text: str, said_on: date) -> date | None:
    """The date ``text`` points at, said on ``said_on``; None when it names none."""
    if (until := _UNTIL.search(text)) and (last := _date_in(text[until.start() :], said_on)):
        return last  # "on leave from Friday until the 14th": the 14th
    return _date_in(text, said_on)


def _date_in(text: str, said_on: date) -> date | None:
    if match := _MONTH_DAY.search(text):
        month = _MONTH_NUMBER[(match["month"] or match["month2"]).lower()]
        return _ahead(said_on, month, int(match["day"] or match["day2"]))
    if alone := _DAY_ALONE.search(text):  # "on the 12th": the next 12th
        day_of_month, first = int(alone["day"]), said_on.replace(day=1)
        for _ in range(3):  # a 31st is at most two months ahead
            fits = day_of_month <= calendar.monthrange(first.year, first.month)[1]
            if fits and (on := first.replace(day=day_of_month)) >= said_on:
                return on
            first = (first + timedelta(days=31)).replace(day=1)
    match = _AHEAD.search(text)
    if match is None:
        return None
    if campaign := (match["campaign"] or "").lower():  # "I'm doing Dry January": that month, over at its end
        month = _CAMPAIGN_MONTH[campaign]
        year = said_on.year if said_on.month == month else _ahead(said_on, month, 1).year  # said in it: this one
        return _month_end(year, month)
    if soon := (match["soon"] or "").lower():
        return said_on + timedelta(days={"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}[soon])
    if match["which"]:
        return _span_end(said_on, match["which"].lower(), match["span"].lower())
    if season := (match["season"] or "").lower():  # "moving to Canada in the summer": this one, or next
        end = _span_end(said_on, "this", season)
        return end if end is not None and end >= said_on else _span_end(said_on, "next", season)
    if match["weekday"]:
        return _span_end(said_on, "this", match["weekday"].lower())
    if said_month := match["month"] or match["named"]:
        month = _MONTH_NUMBER[said_month.lower()]
        start = _ahead(said_on, month, 1)
        if match["named"] and match[0].lower().startswith("next") and month == said_on.month:
            start = start.replace(year=said_on.year + 1)  # "next May", said in May
        if match[0].lower().startswith("from ") and 0 < (said_on.month - month) % 12 <= 5:
            return None  # "off work from January", said in May: a start gone, not the next January
        return _month_end(start.year, month)
    if match["end"]:
        return _span_end(said_on, "this", match["end"].lower())
    if match["new_year"]:
        return _month_end(said_on.year + 1, 1)
    if match["feast"]:
        month, day_of_month = _FEAST[match["feast"].lower()]
        return _ahead(said_on, month, day_of_month)
    count, unit, sign = match["count"], match["unit"], 1
    if count is None:
        count, unit, sign = match["count2"], match["unit2"], -1
    number = int(count) if count.isdigit() else _NUMBER[count.lower()]
    days = {"day": 1, "week": 7, "month": 30, "year": 365}[unit.lower().rstrip("s")]
    return said_on + timedelta(days=sign * number * days)


# The past a memory anchors to the calendar: a day ("yesterday", "last Saturday", "three days
# ago"), a week or weekend ("last weekend"), a month ("last month") or a year ("last year", not "last
# year of uni"); vaguer ones stay as said.
# What is ahead keeps its words (it reads naturally while it is ahead, and its memory goes a week
# after its date: ``date_said``).
_ANCHORED = re.compile(
    rf"\b(?:yesterday|last night|(?<!the )last (?:{WEEKDAYS}|week(?:end)?)(?! of\b)"  # not "the last Friday of …"
    r"|(?:a|one|two|three|four|five|six|\d) days? ago"
    r"|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|\d{1,2}) (?:weeks?|months?|years?) ago"
    r"|last month|last year(?! of\b))\b",
    re.IGNORECASE,
)
# What a date said after it reads without its "in" or "on": "since last year" → "since 2024".
_BARE_AFTER = re.compile(r"\b(?:since|from|until|till|before|after)\s+$", re.IGNORECASE)


# A day of the year said as near: "Raj's birthday is today", "… wedding anniversary is on Friday".
_YEARLY_NEAR = re.compile(
    rf"\b(?P<what>birthday|anniversary) is (?P<when>today|tomorrow|(?:on |this |next )(?:{WEEKDAYS}))\b", re.IGNORECASE
)
# A birthday said by its day of the month alone: "my birthday is the 9th" (said in March: March 9).
_BIRTHDAY_DAY = re.compile(
    rf"\bbirthday is (?:on )?the (?P<day>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b(?! of\b| (?:{MONTHS})\b)", re.IGNORECASE
)  # not "the 2nd of May", a date with its month
_ON_WEEKDAY = re.compile(rf"\bon (?P<weekday>{WEEKDAYS})\b", re.IGNORECASE)
_DONE_TODAY = re.compile(r"\b(?:today|this (?:morning|afternoon|evening))\b", re.IGNORECASE)


def anchored(text: str, said_on: date, *, past: bool = False) -> str:
    """``text`` with its relative past day or month said as a date: "went hiking yesterday", said on
    8 May 2023, becomes "went hiking on 7 May 2023"; "moved last month", "moved in April 2023"; a
    birthday today (or tomorrow, or on Friday) is that day of the year ("Raj's birthday is on May 8").
    ``past``: the text tells of something done, so a bare weekday is the last one ("died on Sunday",
    said on a Tuesday), and "today" or "this morning" is the day it was said."""

    def date_of(match: re.Match[str]) -> str:
        said = match[0].lower()
        if said == "last year":
            year = str(said_on.year - 1)
            return year if _BARE_AFTER.search(match.string[: match.start()]) else f"in {year}"
        on = date_said("yesterday" if said == "last night" else said, said_on)
        if on is None:
            return match[0]
        if said.endswith(("year ago", "years ago")):  # "two years ago": the year, no closer
            return str(on.year) if _BARE_AFTER.search(match.string[: match.start()]) else f"in {on.year}"
        if said.endswith(("month ago", "months ago")):
            return f"in {on:%B %Y}"
        if said.endswith(("week ago", "weeks ago")):  # ``on`` is that day of the week, weeks back
            monday = on - timedelta(days=on.weekday())
            return f"in the week of {monday.day} {monday:%B %Y}"
        if said.endswith("weekend"):  # ``on`` is its Sunday
            saturday = on - timedelta(days=1)
            return f"on the weekend of {saturday.day} {saturday:%B %Y}"
        if said.endswith("week"):
            monday = on - timedelta(days=6)
            return f"in the week of {monday.day} {monday:%B %Y}"
        return f"in {on:%B %Y}" if said.endswith("month") else f"on {on.day} {on:%B %Y}"

    if (near := _YEARLY_NEAR.search(text)) and (on := date_said(near["when"], said_on)):
        # "Raj's birthday is today": a day that comes back every year ("… is on May 8")
        return f"{text[: near.start()]}{near['what']} is on {on:%B} {on.day}{text[near.end() :]}"
    if (day := _BIRTHDAY_DAY.search(text)) and (on := date_said(f"on the {day[0].split()[-1]}", said_on)):
        return f"{text[: day.start()]}birthday is {on:%B} {on.day}{text[day.end() :]}"  # the next such day
    if past and not _ANCHORED.search(text) and (weekday := _ON_WEEKDAY.search(text)):
        on = _last_weekday(said_on, weekday["weekday"].lower())
        return f"{text[: weekday.start()]}on {on.day} {on:%B %Y}{text[weekday.end() :]}"
    if past and not _ANCHORED.search(text):  # "ran their first parkrun this morning": that day
        return _DONE_TODAY.sub(f"on {said_on.day} {said_on:%B %Y}", text, count=1)
    return _ANCHORED.sub(date_of, text, count=1)
