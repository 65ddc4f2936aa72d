"""What came of something applied or put forward for, told as it lands: a job not got ("I didn't get
the job at the BBC"), a shortlist or a nomination ("I've been shortlisted for the job at the BBC",
"I've been nominated for a Pride of Britain award"), papers refused ("my visa got rejected") and
citizenship got ("I'm finally a British citizen!"), a stage offered ("I've been asked to give a talk at
PyCon"). A rejection by name is ``rules/job_hunting.py``'s, papers granted ``rules/paperwork.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.text import article_for, third_person, topics_of
from memoryhub.ai.offline.vocabulary import PROPER_NAME

# What one was after, said after it: "the job at the BBC", "a Pride of Britain award".
_AT = rf"(?: (?:at|with|for) (?:the )?{PROPER_NAME})?"
_NOT_GOT = (
    rf"(?P<what>(?:the|a|an|my) (?:[\w'&-]+ ){{0,3}}?(?:job|role|position|post|promotion|scholarship|grant|part|flat"
    rf"|house){_AT})\b"
)
_PUT_FORWARD = (
    rf"(?P<what>(?:the|a|an|my|our) (?:[\w'&-]+ ){{0,4}}?(?:job|role|position|post|award|prize|medal|scholarship|grant"
    rf"|fellowship|promotion){_AT})\b"
)
_NATIONALITY = r"(?-i:[A-Z])[a-z]+"
# Where a talk or a show is to be given: "at PyCon", "at the Edinburgh Fringe", "at our local library".
_VENUE = (
    rf"(?:the )?{PROPER_NAME}(?: (?:festival|conference|summit|meetup|show|fair))?"
    r"|(?:a|the|our|my) [\w'-]+(?: [\w'-]+){0,2}"
)


def not_got_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I didn't get the job at the BBC", "I didn't get the promotion": a disappointment, for a month."""
    what = third_person(" ".join(match["what"].split()), said.name)
    text = f"{said.name} didn't get {what}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("work", "job search"))


def put_forward_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been shortlisted for the job at the BBC", "I've been offered a job in Dubai" (news for a month),
    "I've been nominated for a Pride of Britain award" (an honour, for good)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    if match["offered"]:  # "I've been offered a job in Dubai": good news, for a month
        where = re.match(rf"\s+in {NAMED_PLACE}", match.string[match.end() :])
        text = f"{said.name} has been offered {what}" + (where[0].rstrip() if where else "")
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", ["work", "job search"])
    how = match["how"].lower()
    honour = how == "nominated" or re.search(r"\b(?:award|prize|medal)\b", what, re.IGNORECASE)
    text = f"{said.name} has been {how} for {what}"
    topic = "awards" if honour else "job search"
    return said.fact(text, MemoryKind.EVENT, HIGH if honour else MEDIUM, PERMANENT if honour else "30d", [topic])


def papers_refused_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my visa got rejected", "my asylum claim was refused": papers refused, news of weight for a month."""
    papers = " ".join(match["papers"].lower().split())
    text = f"{said.name}'s {papers} was refused"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("immigration", "papers"))


def citizen_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm finally a British citizen!", "I became a citizen yesterday": citizenship got, for good ("I'm an Irish
    citizen": which they are)."""
    of = f"{match['nationality']} " if match["nationality"] else ""
    article = article_for(of.strip() or "citizen")
    new = match["new"] or match["became"] or match.string[match.end() :].startswith(" now")
    text = f"{said.name} {'became' if new else 'is'} {article} {of}citizen"
    if new and (when := past_day_in(match.string[match.end() :])):
        text += f" {when}"  # "I became a British citizen yesterday"
    kind = MemoryKind.EVENT if new else MemoryKind.FACT
    return said.fact(text, kind, HIGH, PERMANENT, topics_of("immigration", "citizenship"))


def invited_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been asked to give a talk at PyCon", "I've been invited to speak at DjangoCon", "my talk got
    accepted at PyCon": a stage offered, news for a month."""
    if match["talk"]:
        text = f"{said.name}'s {match['talk'].lower()} was accepted at {said.phrase(match['where2'], max_words=5)}"
    else:
        to = " ".join(match["to"].split())
        text = f"{said.name} has been {match['how'].lower()} to {to} at {said.phrase(match['where'], max_words=5)}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("work", "talk"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1734,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just )?(?:been|was|got) (?P<how>asked|invited) to (?P<to>give (?:a|the)"
            r" (?:talk|speech|keynote|workshop|lecture|reading)|speak|present|perform|play|sing|DJ|judge|exhibit|read)"
            rf" at (?P<where>{_VENUE})"
            r"|\bmy (?P<talk>talk|paper|proposal|abstract|workshop|poster|submission) (?:got|was|has been) accepted"
            rf" (?:at|for|to|by) (?P<where2>{_VENUE})",
            re.IGNORECASE,
        ),
        build=invited_rule,
    ),
    Rule(
        priority=1722,
        pattern=re.compile(
            rf"\bI (?:didn't|did not|didnt) (?:get|land) {_NOT_GOT}(?!'s)",  # not "the job's details"
            re.IGNORECASE,
        ),
        build=not_got_rule,
    ),
    Rule(
        priority=1723,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally )?(?:been|got|was) (?:(?P<how>shortlisted|nominated) for"
            r"|(?P<offered>offered)(?= (?:a|the) (?:[\w'&-]+ ){0,3}?(?:job|role|position|post|promotion)\b))"
            rf" {_PUT_FORWARD}",
            re.IGNORECASE,
        ),
        build=put_forward_rule,
    ),
    Rule(
        priority=1724,
        pattern=re.compile(
            r"\bmy (?P<papers>(?:(?:work|student|spouse|partner|family|skilled worker|tourist) )?visa"
            r"(?: application| renewal| extension)?|asylum (?:claim|application)|citizenship application"
            r"|residence permit(?: application)?) (?:got|was|has been) (?:rejected|refused|denied|turned down)\b",
            re.IGNORECASE,
        ),
        build=papers_refused_rule,
    ),
    Rule(
        priority=1725,
        pattern=re.compile(
            rf"\bI(?:(?:'m| am) (?P<new>(?:now |finally |officially )+)?|(?P<became> (?:(?:just|finally|officially) )*"
            rf"became) )an? (?:(?P<nationality>{_NATIONALITY}) )?citizen(?= now\b|[!.]|$|(?(became) \w))",
            re.IGNORECASE,
        ),
        build=citizen_rule,
    ),
]
