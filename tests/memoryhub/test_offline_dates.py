"""The dates the offline engine reads in what people say, from the day they said it."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from typing import Any

import pytest

from memoryhub.ai.contract import (
    EXTRACTION_SYSTEM_PROMPT,
    EXTRACTION_TOOL,
    TOOL_NAME,
    PromptParticipant,
    conversation_line_format,
    extraction_prompt_build,
)
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.offline.dates import anchored, date_said
from memoryhub.ai.types import Purpose

SAID_ON = date(2023, 5, 8)  # a Monday


@pytest.mark.parametrize(
    ("text", "on"),
    [
        ("is getting married on June 14th", date(2023, 6, 14)),
        ("the wedding is the 14th of June", date(2023, 6, 14)),
        ("my birthday was on May 2nd", date(2023, 5, 2)),  # a few days back: this year's
        ("we go back on March 3", date(2024, 3, 3)),  # long past this year: next year's
        ("is flying to Lisbon next month", date(2023, 6, 30)),
        ("is moving this month", date(2023, 5, 31)),
        ("has a job interview tomorrow", date(2023, 5, 9)),
        ("is going hiking this weekend", date(2023, 5, 14)),
        ("starts the new job next week", date(2023, 5, 21)),
        ("has a dentist appointment on Friday", date(2023, 5, 12)),
        ("is going to Rome in September", date(2023, 9, 30)),
        ("is running the Berlin marathon next September", date(2023, 9, 30)),
        ("is moving next May", date(2024, 5, 31)),  # this May is under way: the next is a year on
        ("said this may take a while", None),  # "may" the verb, not the month
        ("is going to a wedding on the 12th", date(2023, 5, 12)),  # a day of the month alone: the next one
        ("is going to a wedding on the 2nd", date(2023, 6, 2)),
        ("lives on the 3rd floor", None),
        ("is visiting family for Christmas", date(2023, 12, 25)),
        ("graduates in two weeks", date(2023, 5, 22)),
        ("went to a concert yesterday", date(2023, 5, 7)),
        ("ran a race last Saturday", date(2023, 5, 6)),
        ("adopted a cat three days ago", date(2023, 5, 5)),
        ("loves olives", None),
        # a habit on a day of the week is no date (it had been kept until a week after the next one)
        ("swims in open water at Clevedon every Sunday", None),
        ("does yoga each Tuesday", None),
        ("plays five-a-side every other Friday", None),
        ("runs with the club on Thursday evenings", None),
        ("is running with the club on Thursday evening", date(2023, 5, 11)),
        ("has to move out by June", date(2023, 6, 30)),  # a month's end (was no date)
        ("has to move out by the end of July", date(2023, 7, 31)),
        # a month said with how far into it (was no date, 2026-11-30)
        ("is due in early October", date(2023, 10, 31)),
        ("is moving mid-June", date(2023, 6, 30)),
        ("finishes at the end of August", date(2023, 8, 31)),
        ("has been running since mid-January", None),  # since then: no date ahead
        ("booked a week in Crete for June", date(2023, 6, 30)),  # was no date: a plan lived 30 days
        ("is on maternity leave till September", date(2023, 9, 30)),  # was no date
        # 2026-12-01: a month a change starts from is its date, if ahead (was none: deleted before it)
        ("is going part-time from July", date(2023, 7, 31)),
        ("has been off work from February", None),  # a start gone, not the next February
        ("is moving to Canada in the summer", date(2023, 8, 31)),  # was none
        ("has been missing since Tuesday", None),  # was 9 May: "Tuesday" read as ahead
        # 2026-12-02: the end of this week, month or year, and the new year (were none)
        ("is retiring at the end of the year", date(2023, 12, 31)),
        ("is moving out by the end of the month", date(2023, 5, 31)),
        ("finishes the contract at the end of the week", date(2023, 5, 14)),
        ("is having a knee replacement in the new year", date(2024, 1, 31)),
        ("streams on Twitch every Friday", None),
    ],
)
def test_a_time_said_points_at_its_date(text: str, on: date | None) -> None:
    assert date_said(text, SAID_ON) == on


def _extracted(said: list[str], *, at: datetime, memories: list[str] | None = None) -> tuple[str, dict[str, Any]]:
    """The prompt of Nora's lines said at ``at``, and what the offline engine extracts from it."""
    prompt = extraction_prompt_build(
        place="#general of Book Club",
        lines=[
            conversation_line_format(at=at, name="Nora", handle="nora", content=line, number=number)
            for number, line in enumerate(said, start=1)
        ],
        participants=[PromptParticipant(handle="nora", name="Nora", memories=memories or [])],
        known_members=[],
        day=at.date(),
    )
    completion = OfflineLLM().complete(
        purpose=Purpose.EXTRACTION,
        messages=[{"role": "system", "content": EXTRACTION_SYSTEM_PROMPT}, {"role": "user", "content": prompt}],
        tools=[EXTRACTION_TOOL],
        tool_choice={"type": "function", "function": {"name": TOOL_NAME}},
    )
    return prompt, json.loads(completion.tool_calls[0].arguments)


@pytest.mark.parametrize(
    ("said", "content", "expires_on"),
    [
        (["My sister is getting married on June 14th"], "Nora's sister is getting married on June 14th", "2023-06-14"),
        (  # the date put right in the next line
            ["My sister is getting married on June 14th", "wait no, it's the 15th"],
            "Nora's sister is getting married on June 15th",
            "2023-06-15",
        ),
        # told as done, on a Monday: the Sunday is behind it (it had lived until a week after the next),
        # and is said as its date (2026-11-30: was "on Sunday")
        (
            ["I went to my nephew's christening on Sunday"],
            "Nora went to their nephew's christening on 7 May 2023",
            None,
        ),
        # a death is no plan: it had a date ahead, and one told more than a week late was never kept
        (["sadly my cat Pip passed away on Sunday"], "Nora's cat Pip died on 7 May 2023", None),
        # a day that comes back every year lives on (it had gone a week after its day); a 70th comes once
        (["my birthday is on May 20th"], "Nora's birthday is May 20", None),
        (["our anniversary is on June 2nd"], "Nora's anniversary is June 2", None),
        (["my mum's 70th is on May 20th"], "Nora's mum's 70th birthday is on May 20th", "2023-05-20"),
        (["I became a dad in March"], "Nora became a dad in March", None),  # done: no March ahead to live until
        # done today, said with "got" or "hit": kept for good, the day said as its date (it had gone a week on)
        (
            ["picked up my new car today, a 2019 Mazda MX-5"],
            "Nora got a new car on 8 May 2023, a 2019 Mazda MX-5",
            None,
        ),
        (["I got a hole in one today"], "Nora hit a hole in one on 8 May 2023", None),
        (["got tickets for Glastonbury in June"], "Nora has tickets for Glastonbury in June", "2023-06-30"),
        (["I'm going to hit the slopes in January"], "Nora is going to hit the slopes in January", "2024-01-31"),
        (  # the day of the month said in the clause before
            ["I can't do the 12th though, I'm at my cousin's wedding in Porto"],
            "Nora is going to their cousin's wedding in Porto on the 12th",
            "2023-05-12",
        ),
        # a party given and a stay with family, on a day of the month: until a week after it
        (
            ["we're doing a birthday party for Omar on the 21st"],
            "Nora is having a birthday party for Omar on the 21st",
            "2023-05-21",
        ),
        (
            ["can't do the 2nd, we're at my in-laws that weekend"],
            "Nora will be at their in-laws on the 2nd",
            "2023-06-02",
        ),
        (
            ["I'm back at work from Thursday, first time since mat leave"],
            "Nora is going back to work on Thursday after maternity leave",
            "2023-05-11",
        ),
        # a habit on a day of the week lives on (2026-11-30: it had been deleted a week after the next Sunday)
        (["I swim at the lido every Sunday"], "Nora swims at the lido every Sunday", None),
        # leave until a day lives until that day, not its first (it had gone a week after the Friday)
        (["I'm on leave from Friday till the 14th"], "Nora is on leave from Friday until the 14th", "2023-05-14"),
        # who someone is, kept for good, lives on past a day in it (2026-11-30: each had been deleted a week
        # after that day's next date)
        (["I start at the hospital on Monday"], "Nora is starting at the hospital on Monday", None),
        (["we've been married 12 years this June"], "Nora has been married 12 years this June", None),
        (["I never miss Thursday chess club"], "Nora never misses Thursday chess club", None),
        (["I moved to Leeds in March"], "Nora moved to Leeds in March", None),
        # so does a due date: past it, a bot asks after the baby
        (["I'm due in early October"], "Nora's baby is due in early October", None),
        # a birthday by its day of the month alone is that day of the next month it falls in (was "the 12th")
        (["my birthday is the 12th"], "Nora's birthday is May 12", None),
        (["I'm turning 30 on the 12th"], "Nora is turning 30 on the 12th", "2023-05-12"),  # kept nothing
        # 2026-12-01: "May 14 of April" (the day of the month read alone)
        (["my birthday is on the 14th of April"], "Nora's birthday is April 14", None),
        # a day of the year said as near is that day, kept for good (each had kept nothing)
        (["it's my birthday tomorrow!"], "Nora's birthday is on May 9", None),
        (["today is my birthday"], "Nora's birthday is on May 8", None),
        (["it's our 10th wedding anniversary on Friday"], "Nora's wedding anniversary is on May 12", None),
        # the plan of a yearly day lives until it (it had a month's lifetime and no date: gone before it)
        (
            ["we're celebrating our anniversary next month"],
            "Nora is celebrating their anniversary next month",
            "2023-06-30",
        ),
        (
            ["we're celebrating our silver wedding anniversary in July"],
            "Nora is celebrating their silver wedding anniversary in July",
            "2023-07-31",
        ),
        # a plan at the end of the year, or in the new year, lives until then (was a month: gone before it)
        (["I'm retiring at the end of the year"], "Nora is retiring at the end of the year", "2023-12-31"),
        (
            ["I'm having a knee replacement in the new year"],
            "Nora is having a knee replacement in the new year",
            "2024-01-31",
        ),
        (
            ["can't make it Friday, I've got a dentist appointment"],
            "Nora has a dentist appointment on Friday",
            "2023-05-12",
        ),
    ],
)
def test_a_dated_event_told_in_a_conversation_carries_its_date_to_the_extraction(
    said: list[str], content: str, expires_on: str | None
) -> None:
    prompt, arguments = _extracted(said, at=datetime(2023, 5, 8, 14, 0, tzinfo=UTC))

    (operation,) = arguments["operations"]
    assert "It took place on Monday 8 May 2023" in prompt
    assert (operation["content"], operation["expires_on"]) == (content, expires_on)


@pytest.mark.parametrize(
    ("said", "content"),
    [
        ("my wife's birthday is the 9th of June", "Nora's wife's birthday is June 9"),
        ("my mum's birthday is tomorrow", "Nora's mum's birthday is on May 9"),
        ("my dad's birthday is in July", "Nora's dad's birthday is in July"),
    ],
)
def test_a_relatives_birthday_is_kept_for_good_as_its_day_of_the_year(said: str, content: str) -> None:
    _, arguments = _extracted([said], at=datetime(2023, 5, 8, 14, 0, tzinfo=UTC))

    (operation,) = arguments["operations"]
    # each was news for a month ("… birthday is the 9th of June", "… is tomorrow"), gone before it came round
    assert (operation["content"], operation["expiration"], operation["expires_on"]) == (content, "permanent", None)


@pytest.mark.parametrize(
    ("memory", "anchored_text"),
    [
        ("Nora went hiking yesterday", "Nora went hiking on 7 May 2023"),
        ("Nora ran a race last Saturday", "Nora ran a race on 6 May 2023"),
        ("Nora adopted a cat three days ago", "Nora adopted a cat on 5 May 2023"),
        ("Nora moved to Leeds last month", "Nora moved to Leeds in April 2023"),
        ("Nora moved to Leeds last weekend", "Nora moved to Leeds on the weekend of 6 May 2023"),  # was as said
        ("Nora had the flu last week", "Nora had the flu in the week of 1 May 2023"),
        ("Nora has a job interview tomorrow", "Nora has a job interview tomorrow"),  # ahead: as said
        ("Nora loves olives", "Nora loves olives"),
        ("Nora went to Rome last year", "Nora went to Rome in 2022"),  # was as said (2026-11-30)
        ("Nora has been chair of the PTA since last year", "Nora has been chair of the PTA since 2022"),
        ("Nora is in the last year of uni", "Nora is in the last year of uni"),
        # "the last Friday of every month" was "the on 5 May 2023 of every month" (2026-12-01)
        (
            "Nora's quiz team meets on the last Friday of the month",
            "Nora's quiz team meets on the last Friday of the month",
        ),
        ("Nora has been ill for the last week", "Nora has been ill for the last week"),
        # was as said; a count of years, months or weeks back goes stale as "last year" does (2026-12-01)
        ("Nora went to Rome two years ago", "Nora went to Rome in 2021"),
        ("Nora started running three months ago", "Nora started running in February 2023"),
        ("Nora started running 6 weeks ago", "Nora started running in the week of 27 March 2023"),
        ("Nora has lived here since two years ago", "Nora has lived here since 2021"),
        ("Nora's birthday is today", "Nora's birthday is on May 8"),  # a day of the year, not of 2023
    ],
)
def test_a_memory_says_its_relative_day_or_month_as_a_date(memory: str, anchored_text: str) -> None:
    assert anchored(memory, SAID_ON) == anchored_text


@pytest.mark.parametrize(
    ("memory", "past", "anchored_text"),
    [
        ("Nora's dog died on Friday", True, "Nora's dog died on 5 May 2023"),
        ("Nora went to Leeds on Monday", True, "Nora went to Leeds on 1 May 2023"),  # said on a Monday: the last
        ("Nora has a dentist appointment on Friday", False, "Nora has a dentist appointment on Friday"),  # ahead
        ("Nora ran a race last Saturday", True, "Nora ran a race on 6 May 2023"),
        # the day it was said, for something done (was "ran their first parkrun today" for good)
        ("Nora ran their first parkrun today", True, "Nora ran their first parkrun on 8 May 2023"),
        ("Nora pulled their hamstring this morning", True, "Nora pulled their hamstring on 8 May 2023"),
        ("Nora is going to the gym today", False, "Nora is going to the gym today"),  # ahead: as said
    ],
)
def test_a_weekday_of_something_done_is_said_as_its_date(memory: str, past: bool, anchored_text: str) -> None:
    assert anchored(memory, SAID_ON, past=past) == anchored_text


@pytest.mark.parametrize(
    ("text", "said_on", "on"),
    [
        # a month's campaign is that month, wherever the year said falls (was the end of this year)
        ("doing Dry January this year", date(2026, 11, 20), date(2027, 1, 31)),
        ("doing Dry January", date(2027, 1, 15), date(2027, 1, 31)),  # said in it: this one
        ("doing Veganuary", date(2026, 12, 30), date(2027, 1, 31)),
        ("doing Sober October", date(2026, 9, 1), date(2026, 10, 31)),
    ],
)
def test_a_months_campaign_points_at_that_month(text: str, said_on: date, on: date) -> None:
    assert date_said(text, said_on) == on


def test_a_pets_death_told_on_a_weekday_replaces_the_pet_and_dates_the_profile() -> None:
    """ "my dog passed away on Sunday" left "has a 12-year-old dog" standing, and the profile said "on
    Sunday" where the memory said its date."""
    _, arguments = _extracted(
        ["my dog passed away on Sunday"],
        at=datetime(2023, 5, 9, 14, 0, tzinfo=UTC),  # a Tuesday
        memories=["Nora has a 12-year-old dog"],
    )

    (operation,) = arguments["operations"]
    assert (operation["action"], operation["memory_index"]) == ("update", 0)
    assert operation["content"] == "Nora's dog died on 7 May 2023"
    assert arguments["profile_updates"] == [{"user_id": "nora", "profile": "Nora's dog died on 7 May 2023."}]
