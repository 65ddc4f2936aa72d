"""What an adopters' channel tells: being approved to adopt, the panel ahead, the child one was matched
with ("we got matched with a little boy, he's 3") and a child adopted ("we adopted our daughter in
2020"). A pet adopted is ``rules/pets.py``'s; "I'm adopted" is ``rules/described.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import third_person, topics_of

_CHILD = (
    r"(?:a|an|our|my|two|three) (?:(?:little|baby|beautiful|gorgeous|lovely) )?(?:boy|girl|son|daughter|toddler"
    r"|baby|twins|brothers|sisters|siblings|sibling group(?: of (?:two|three|four|\d))?|children|kids)"
    r"(?: (?-i:[A-Z])[a-z'-]+)?"
)
# A child's age, said after: ", he's 3", "aged 18 months".
_AGED = re.compile(
    r"^\s*,?\s*(?:(?:he|she)(?:'s| is)|they(?:'re| are)|aged) (?P<age>\d{1,2}(?: (?:months?|years?)(?: old)?)?)\b",
    re.IGNORECASE,
)


def approved_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've been approved to adopt!!", "we got approved at panel": approved as adopters, for good."""
    text = f"{said.name} has been approved to adopt"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("family", "adoption"))


def matched_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we got matched with a little boy, he's 3": the child they are to adopt, and its age when said."""
    child = third_person(" ".join(match["child"].split()), said.name)
    text = f"{said.name} was matched for adoption with {child}"
    if aged := _AGED.match(match["rest"]):
        text += f", aged {aged['age'].lower()}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("family", "adoption"))


def adopted_child_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we adopted our daughter in 2020", "I adopted my son when he was 2", "we brought our son home from the
    adoption agency": a child of theirs, adopted."""
    child = third_person(" ".join((match["child"] or match["child2"]).split()), said.name)
    text = f"{said.name} adopted {child}"
    if when := past_time_in(match["rest"] or match["rest2"] or ""):  # "in 2020", "last year"
        text += f" {when}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "adoption"))


def panel_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our adoption panel is in June": the day that decides, until it is past."""
    when = when_said(match["rest"])
    if not when:
        return None
    text = f"{said.name}'s adoption panel is {when}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(when), topics_of("family", "adoption"), time=when)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1665,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have|'re| are)?(?: (?:just|finally|officially))? (?:been|got|were|was) approved"
            r" (?:to adopt|as adopters|for adoption|at (?:adoption )?panel)\b",
            re.IGNORECASE,
        ),
        build=approved_rule,
    ),
    Rule(
        priority=1666,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|finally))? (?:been|got|were|was) matched with"
            rf" (?P<child>{_CHILD})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=matched_rule,
    ),
    Rule(
        priority=1667,
        pattern=re.compile(
            rf"\b(?:I|we) adopted (?P<child>{_CHILD})\b(?P<rest>.*)"
            # "we finally brought our son home from the adoption agency last week"
            rf"|\b(?:I|we)(?:'ve| have)? (?:(?:just|finally) )?brought (?P<child2>{_CHILD}) home from (?:the )?adoption"
            r"(?: agency)?\b(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=adopted_child_rule,
    ),
    Rule(
        priority=1668,
        pattern=re.compile(r"\b(?:my|our) (?:adoption |approval |matching )?panel(?: date)? is\b(?P<rest>.*)", re.I),
        build=panel_rule,
    ),
]
