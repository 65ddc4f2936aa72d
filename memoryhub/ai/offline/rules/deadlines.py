"""Work that is due: "my dissertation is due on Friday", "I've got an essay due tomorrow"; and a
household's dues: "our mortgage renewal is due in April", "the MOT is due next month"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import lowered_as_said, topics_of

_WORK = (
    r"(?:[\w-]+ ){0,2}?(?:dissertation|thesis|essay|assignment|coursework|report|paper|project|application"
    r"|tax return|proposal|portfolio|homework|manuscript|grant|draft|lab report|chapter)"
)

# A household's dues, kept as such (not as work): a renewal, a car's test or tax, a service.
_DUES = (
    r"MOT|car tax|(?:mortgage|insurance|car insurance|home insurance|visa|passport|lease|tenancy|contract|membership)"
    r" renewal|remortgage|boiler service|(?:car|annual) service|tax bill|council tax bill|TV licen[cs]e"
)


def due_rule(match: re.Match[str], said: Said) -> Fact | None:
    """Work due at a time they say: a deadline a companion may ask after."""
    what = lowered_as_said(match["what"] or match["what2"])  # "MOT", "TV licence" as written
    time = when_said(match["rest"] or "")
    if not time:
        return None  # "my essay is due soon-ish": no day to ask after
    if match["mine"]:
        text = f"{said.name}'s {what} is due {time}"
    else:
        article = {"my": "their"}.get(match["a"].lower(), match["a"].lower())  # "I've got my dissertation due"
        text = f"{said.name} has {article} {what} due {time}"
    important = HIGH if re.search(r"dissertation|thesis|grant|application|mortgage|visa", what) else MEDIUM
    topics = (
        topics_of(what.split()[0]) if re.fullmatch(_DUES, what, re.IGNORECASE) else topics_of("work", what.split()[-1])
    )
    return said.fact(text, MemoryKind.PLAN, important, expiration_for(time), topics)


RULES = [
    Rule(
        priority=559,
        pattern=re.compile(
            rf"\b(?:(?P<mine>my|our|the(?= (?:{_DUES})\b)) (?P<what>{_WORK}|{_DUES})"
            r" (?:is|'s) (?:(?:finally|actually|now) )?due"
            rf"|I(?: have|'ve got| have got| got) (?P<a>a|an|my|the) (?P<what2>{_WORK}|{_DUES}) due)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=due_rule,
    ),
]
