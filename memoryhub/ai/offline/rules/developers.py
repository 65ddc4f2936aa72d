"""What a developers' channel tells of its members beside their jobs and the languages they learn: a
pull request merged into a project ("my first PR got merged into Django!"), a project they maintain,
a certification got, a role looked for, and the tools they use at work ("we use Postgres at work")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, third_person, topics_of


def merged_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my first PR got merged into Django!", "my pull request was merged in CPython", "I just got my first
    pull request merged into Django"."""
    first = "first " if match["first"] or match["got_first"] else ""
    text = f"{said.name}'s {first}pull request was merged into {match['project']}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("programming", match["project"]))


def maintains_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I maintain a small open source library", "I maintain the Django docs"."""
    what = third_person(phrase_cut(match["what"], max_words=7), said.name)
    if not content_words(what):
        return None
    return said.fact(
        f"{said.name} maintains {what}", MemoryKind.FACT, MEDIUM, PERMANENT, ["programming", "open source"]
    )


def certified_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just got my AWS certification", "I passed my CCNA cert", "I've got my Day Skipper certificate":
    a certification got, named as it was said."""
    what = " ".join(match["what"].split())
    paper = "certificate" if match["paper"].lower() == "certificate" else "certification"
    text = f"{said.name} got their {what} {paper}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", what.split()[0]))


def role_wanted_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm looking for a junior dev role", "I'm job hunting for a data role": a role they look for."""
    what = " ".join(match["what"].split()).lower()
    text = f"{said.name} is looking for {article_for(what)} {what}"
    return said.fact(text, MemoryKind.PLAN, HIGH, "30d", topics_of("work", "job hunting"))


def stack_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we use Postgres at work", "we're on Kubernetes at work": the tools of their work."""
    tools = " ".join(match["tools"].split())
    text = f"{said.name} uses {tools} at work"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", tools.split()[0]))


# A tool by its name: "Java", "Google Cloud", "C#", "Node.js".
_TOOL = r"(?-i:[A-Z])[\w+#.-]*(?: (?-i:[A-Z])[\w+#.-]*)?"


def switched_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we switched from Java to Kotlin at work", "I migrated from Heroku to Fly": the tool they use now
    (not "moved from": a move between towns is no tool, ``rules/places.py``)."""
    who = f"{said.name}'s team" if match["we"] else said.name
    text = f"{who} switched from {match['old']} to {match['new']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("programming", match["new"]))


def raised_round_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our startup just raised a seed round", "we closed our Series A": a round of funding."""
    round_ = " ".join(match["round"].split())
    round_ = round_[0].upper() + round_[1:] if round_.lower().startswith("series") else round_.lower()
    text = f"{said.name}'s startup raised {article_for(round_)} {round_} round"
    if amount := re.match(
        r"\s+of (?P<amount>[£$€]\d[\d,.]*\s?(?:[kKmM]|million|billion)?)", match.string[match.end() :]
    ):
        text += f" of {amount['amount']}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", "startup", "funding"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1574,
        pattern=re.compile(
            r"\b(?:my (?P<first>first )?(?:PR|pull request|patch|MR|merge request) (?:got|was|has been|just got) merged"
            r"|I (?:just |finally |'ve )?got (?:my (?P<got_first>first )?|an? )"
            r"(?:PR|pull request|patch|MR|merge request) merged)"
            r" (?:into|in|to) (?P<project>(?-i:[A-Z])[\w.+-]*(?: (?-i:[A-Z])[\w.+-]*)?)",
            re.IGNORECASE,
        ),
        build=merged_rule,
    ),
    Rule(
        priority=1575,
        pattern=re.compile(
            r"\bI (?:help )?maintain (?P<what>(?:a|an|the|my|our|two|three|some) (?:[\w.+-]+ ){0,4}?(?:librar(?:y|ies)"
            r"|packages?|projects?|repos?|crates?|gems?|plugins?|modules?|frameworks?|tools?|apps?|docs|forks?|bots?"
            r"|extensions?|SDKs?|CLIs?|APIs?)\b.*)",
            re.IGNORECASE,
        ),
        build=maintains_rule,
    ),
    Rule(
        priority=1576,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |officially )?(?:got|passed|earned) my"
            r" (?P<what>(?-i:[A-Z])[\w+-]*(?: [\w+-]+){0,2}?) "
            r"(?P<paper>certification|certificate|cert)\b",
            re.IGNORECASE,
        ),
        build=certified_rule,
    ),
    Rule(
        priority=1577,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:currently|still|now) )?(?:looking for|job hunting for|applying for) (?:a|an)"
            r" (?:new )?(?P<what>(?:[\w-]+ ){0,3}?(?:role|job|position|internship|apprenticeship))\b",
            re.IGNORECASE,
        ),
        build=role_wanted_rule,
    ),
    Rule(
        priority=1578,
        pattern=re.compile(
            r"\b(?:we|I)(?: use|(?:'re| are|'m| am) on)"
            r" (?P<tools>(?-i:[A-Z])[\w.+#-]*(?:(?:,| and| &) (?-i:[A-Z])[\w.+#-]*){0,3}) at work\b",
            re.IGNORECASE,
        ),
        build=stack_rule,
    ),
    Rule(
        priority=1680,
        pattern=re.compile(
            r"\b(?:(?P<we>we)|I)(?:'ve| have)? (?:just |finally |recently )?(?:switched|migrated)"
            rf" (?:over )?from (?P<old>{_TOOL}) to (?P<new>{_TOOL})\b",
            re.IGNORECASE,
        ),
        build=switched_rule,
    ),
    Rule(
        priority=1681,
        pattern=re.compile(
            r"\b(?:(?:my|our) (?:startup|company|start-up)|we)(?: (?:just|finally|officially))?"
            r" (?:raised|closed) (?:a|an|our) (?P<round>pre-?seed|seed|series [a-d])(?: funding)?(?: round)?\b",
            re.IGNORECASE,
        ),
        build=raised_round_rule,
    ),
]
