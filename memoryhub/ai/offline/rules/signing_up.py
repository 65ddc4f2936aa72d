"""What one signs up for: a course or classes taken up, kept for good, and a race, a walk or a jump on a
date ahead, a plan until then ("I registered for the Lisbon half in June, raising money for Shelter");
and what one signs up to be ("I've signed up to be a blood donor")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.rules.pastimes import RACE_HALF
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME


def signed_up_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've signed up for a welding course", "I enrolled in a coding bootcamp", "I registered for a
    half marathon in May": something taken up, with its time when they say it."""
    if match["what2"]:  # "I've signed up for Couch to 5k": a programme by its name
        what = match["what2"]
    else:
        what = RACE_HALF.sub(r"\1 marathon", " ".join(match["what"].split()))
        what = third_person(f"{match['article'].lower()} {what}", said.name)
    text = f"{said.name} signed up for {what}"
    ahead = time_in(match["rest"])
    if when := ahead or past_time_in(match["rest"]):  # "…, starts next Tuesday": its start
        text += f", which starts {when}" if re.search(r"\b(?:starts|starting|begins)\b", match["rest"]) else f" {when}"
    if cause := _FOR_A_CAUSE.search(match["rest"]):  # "…, raising money for Shelter"
        text += f", raising money for {cause['cause']}"
    topics = topics_of("hobbies", *content_words(what)[-1:])
    if ahead and not _TAKEN_UP.search(what):  # "a half marathon in June": that day's
        return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(ahead), topics, time=ahead)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics)


# What one signs up for that goes on after its start: kept for good ("a pottery course, which starts in May").
_TAKEN_UP = re.compile(
    r"\b(?:class|classes|course|lessons|program|programme|bootcamp|degree|masters|league|Couch to 5k|C25K|parkrun)\b",
    re.I,
)


def signed_up_as_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've signed up to be a blood donor", "I registered as an organ donor": what one offers, for good."""
    role = " ".join(match["role"].lower().split())
    text = (
        f"{said.name} signed up to be {match['article'].lower()} {role}{third_person(match['where'] or '', said.name)}"
    )
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("volunteering", role.split()[-1]))


_FOR_A_CAUSE = re.compile(rf"\braising (?:money|funds) for (?P<cause>(?:the )?{PROPER_NAME})")


RULES = [
    Rule(
        priority=980,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|recently|finally|also|officially) )?(?:signed up for|enrolled in|registered"
            r" for) (?:(?P<what2>Couch to 5k|C25K|parkrun|Veganuary|Movember|Sober October|Stoptober)"
            r"|(?P<article>a|an|the|my) (?P<what>(?:[\w-]+ ){0,3}?(?:class|classes|course|lessons"
            r"|workshop|marathon|race|5k|10k|triathlon|program|programme|bootcamp|retreat|degree|masters|competition"
            r"|tournament|league|challenge|abseil|skydive|sky dive|trek|sleepout|sleep out|fun run|run|walk|ride"
            r"|sportive|swim|ultra)"
            r"|(?-i:[A-Z])[\w'-]+ half(?! of\b)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=signed_up_rule,
    ),
    Rule(
        priority=981,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|recently|finally|also|officially) )?(?:signed up to be|registered as"
            r"|signed up as) (?P<article>an?) (?P<role>(?:blood|organ|stem cell|bone marrow|plasma|platelet) donor"
            r"|(?:foster|respite) carer|school governor|special constable|volunteer|mentor|befriender|buddy)\b"
            r"(?P<where> (?:at|with|for) (?:the |a |an )?[\w'&-]+(?: [\w'&-]+){0,3}?(?=[,.!?;]|$| (?:and|but|so)\b))?",
            re.IGNORECASE,
        ),
        build=signed_up_as_rule,
    ),
]
