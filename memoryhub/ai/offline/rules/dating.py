"""What a dating channel tells: the apps one is on ("I've been on Hinge for a month") and a date ahead
("second date with Tom tonight!"). Being with someone is ``rules/couples.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN

# By their names as written ("I'm on her side" is no app), or "dating apps".
_APPS = r"(?-i:Hinge|Tinder|Bumble|Feeld|Grindr|OkCupid|Match\.com|Raya|Her)|dating apps?"


def on_app_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on Hinge", "I've been on Hinge for a month, nothing yet": where they look for a partner."""
    app = match["app"]
    app = app.lower() if app.lower().startswith("dating") else app
    text = f"{said.name} is on {app}"
    if match["been"] and (span := re.match(rf"\s+(?P<span>{FOR_A_SPAN})", match.string[match.end() :], re.I)):
        text = f"{said.name} has been on {app} {span['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("dating", app))


def date_ahead_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "second date with Tom tonight!", "I've got a first date on Friday": a date ahead, until it."""
    time = when_said(match["rest"])
    if not time:
        return None  # "our first date was at a pub quiz": a memory of theirs, not a day ahead
    nth = match["nth"].lower()
    with_whom = f" with {match['who']}" if match["who"] else ""
    text = f"{said.name} has a {nth} date{with_whom} {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("dating", "date"), time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1684,
        pattern=re.compile(
            rf"\bI(?:'m| am|(?P<been>'ve been| have been))(?: back)? on (?P<app>{_APPS})\b", re.IGNORECASE
        ),
        build=on_app_rule,
    ),
    Rule(
        priority=1685,
        pattern=re.compile(
            r"(?:^|\bI(?:'ve| have)? got (?:a|my) )(?P<nth>first|second|third|1st|2nd|3rd) date"
            r"(?: with (?P<who>(?-i:[A-Z])[\w'-]+))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=date_ahead_rule,
    ),
]
