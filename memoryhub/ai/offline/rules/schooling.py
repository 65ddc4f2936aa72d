"""Where and what one studied, told in the past: "I studied law at Leeds", "I went to uni in Glasgow", "I
did my PGCE at Bath Spa", "I did a PhD in chemistry", "I studied abroad in Spain". A lasting fact (what a
bot can ask after, and whom two alumni have in common); what one studies now is ``rules/studies.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.rules.work import JOKE_FIELDS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, topics_of

# A school, college or university by its name: "Leeds", "Bath Spa", "the University of Manchester", "UCL".
_SCHOOL = r"(?:the )?(?-i:[A-Z])[\w'&.-]*(?: (?:of |of the |and |upon |on )?(?-i:[A-Z])[\w'&.-]*){0,4}"
# What "I studied …" says that is no subject: "studied hard", "studied for my exams", "studied all night".
_NO_SUBJECT = re.compile(
    r"^(?:for|all|hard|really|so|too|a|an|the|late|every|with|until|till|last|this|yesterday|today|tonight|it|that"
    r"|them|up|on|together|loads|lots|a lot|non-?stop|online|there|here|abroad|at|in|from)\b",
    re.IGNORECASE,
)
# When, said after: "in 2015", "from 2009 to 2012", "back in 2010".
_YEARS = re.compile(r"^\s*,?\s*(?P<when>(?:back )?(?:in|from) (?:19|20)\d\d(?:\s*(?:-|\u2013|to) (?:19|20)?\d\d)?)\b")
# The schools whose kind is said with the name: "I went to uni in Leeds", "I went to Leeds uni".
_KINDS = (
    r"uni|university|college|school|sixth form|grad school|med school|medical school|law school|art school"
    r"|drama school|music school|boarding school|secondary school|primary school|high school|catholic school"
)


def _when(rest: str) -> str:
    found = _YEARS.match(rest)
    return f" {found['when'].replace('back ', '')}" if found else ""


def studied_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I studied law at Leeds", "I studied at the University of Manchester", "I studied abroad in Spain"."""
    if match["abroad"]:
        where = f" in {match['abroad_in']}" if match["abroad_in"] else ""
        text = f"{said.name} studied abroad{where}"
        return said.fact(text + _when(match.string[match.end() :]), *_LASTING, topics_of("education", "abroad"))
    subject = phrase_cut(match["subject"], max_words=4) if match["subject"] else ""
    if match["subject"] and (not content_words(subject) or _NO_SUBJECT.match(subject) or JOKE_FIELDS.match(subject)):
        return None
    prep, named = (match["prep"] or match["prep0"] or "").lower(), match["school"] or match["school0"]
    school = f" {prep} {named}" if named else ""
    if not subject and not school:
        return None
    text = f"{said.name} studied{f' {subject}' if subject else ''}{school}"
    topics = topics_of("education", *(content_words(subject)[-1:] or [named or ""]))
    return said.fact(text + _when(match.string[match.end() :]), *_LASTING, topics)


def went_to_school_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I went to uni in Glasgow", "I went to boarding school in Kent", "I went to Leeds uni"."""
    kind = " ".join((match["kind"] or match["kind2"]).lower().split())
    if match["school"]:
        text = f"{said.name} went to {kind} {match['prep'].lower()} {match['school']}"
    else:
        text = f"{said.name} went to {match['school2']} {kind}"
    topics = topics_of("education", kind.split()[-1], match["school"] or match["school2"])
    return said.fact(text + _when(match.string[match.end() :]), *_LASTING, topics)


def did_degree_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I did a PhD in chemistry", "I did my PGCE at Bath Spa", "I did my A levels in 2012"."""
    article = "their" if match["article"].lower() == "my" else match["article"].lower()
    text = f"{said.name} did {article} {match['degree']}"
    if match["field"]:
        field = phrase_cut(match["field"], max_words=4)
        if not content_words(field) or _NO_SUBJECT.match(field) or JOKE_FIELDS.match(field):
            return None
        text += f" in {field}"
    if match["school"]:
        text += f" {match['prep'].lower()} {match['school']}"
    topics = topics_of("education", match["degree"], *content_words(match["field"] or "")[-1:])
    return said.fact(text + _when(match.string[match.end() :]), *_LASTING, topics)


_LASTING = (MemoryKind.FACT, MEDIUM, PERMANENT)
_DEGREES = (
    r"PhD|doctorate|masters?|master's|MA|MSc|MBA|MPhil|BA|BSc|degree|PGCE|A[- ]levels|GCSEs|Highers|HND"
    r"|foundation year|foundation degree|apprenticeship|law conversion|teacher training"
)

# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1760,
        pattern=re.compile(
            r"\bI (?:originally |also )?studied (?:(?P<abroad>abroad)(?: in (?P<abroad_in>(?-i:[A-Z])[\w-]*"
            r"(?: (?-i:[A-Z])[\w-]*)?))?"
            rf"|(?P<prep0>at|in) (?P<school0>{_SCHOOL})"
            rf"|(?P<subject>[a-z][\w -]{{1,40}}?)(?: (?P<prep>at|in) (?P<school>{_SCHOOL}))?)"
            r"(?=\s*(?:$|[,.!?;]|(?:in|from|back|for|and|but|so|when|before|then|lol)\b))",
            re.IGNORECASE,
        ),
        build=studied_rule,
    ),
    Rule(
        priority=1761,
        pattern=re.compile(
            rf"\bI went to (?:(?P<kind>{_KINDS}) (?P<prep>in|at) (?P<school>{_SCHOOL})"
            rf"|(?P<school2>(?-i:[A-Z])[\w'&.-]*(?: (?-i:[A-Z])[\w'&.-]*)?) (?P<kind2>uni|university|college)\b)",
            re.IGNORECASE,
        ),
        build=went_to_school_rule,
    ),
    Rule(
        priority=1762,
        pattern=re.compile(
            rf"\bI did (?P<article>an?|my) (?P<degree>{_DEGREES})\b(?: in (?P<field>[a-z][\w -]{{1,40}}?))?"
            rf"(?: (?P<prep>at|in) (?P<school>{_SCHOOL}))?(?=\s*(?:$|[,.!?;]|(?:in|from|back|and|but|so|when|lol)\b))",
            re.IGNORECASE,
        ),
        build=did_degree_rule,
    ),
]
