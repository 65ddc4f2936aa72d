"""What one is part of and does week by week: "I'm in a choir", "got my black belt in karate", "I've
started doing parkrun every Saturday", "I'm doing couch to 5k", "I've read 40 books this year", "our
book club meets on the first Tuesday of the month"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import BELT_COLOURS, FOR_A_SPAN, MARTIAL_ARTS, WEEKDAYS

_GROUPS = r"choir|band|orchestra|club|team|league|quartet|ensemble|society|crew|squad|troupe|guild|clan"


def member_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in a choir", "I'm in the running club", "I've been in the choir for 8 years": a group they
    belong to, for good."""
    what = third_person(" ".join(match["what"].split()).lower(), said.name)
    if named := re.match(
        r" (?:called|named) (?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){0,3}", match.string[match.end() :]
    ):
        what += named[0]  # "I'm in a book club called Page Turners"
    text = f"{said.name} is in {what}"
    if match["been"] and (span := re.match(rf"\s+(?P<span>{FOR_A_SPAN}|since [^,.!?;]+)", match.string[match.end() :])):
        text = f"{said.name} has been in {what} {span['span'].lower()}"  # "I've been in the choir for 8 years"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", what.split()[-1]))


def belt_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "got my black belt in karate last weekend!": a grade won, for good."""
    text = f"{said.name} got their {match['belt'].lower()}" + (f" in {match['art'].lower()}" if match["art"] else "")
    topics = topics_of("hobbies", (match["art"] or "belt").lower())
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics, slot="belt")  # rules/coaching.py's SLOTS


def weekly_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've started doing parkrun every Saturday", "I go to the climbing wall every Tuesday": a habit."""
    what = " ".join(match["what"].split())
    if not content_words(what) or what.lower() in ("it", "that", "this", "them", "the same"):
        return None
    if re.search(r"\b(?:dishes|washing|laundry|hoovering|vacuuming|ironing|same)\b", what, re.IGNORECASE):
        return None  # a chore, not a pastime
    verb = "goes to" if "go" in match["verb"].lower() else "does"
    text = f"{said.name} {verb} {third_person(what, said.name)} {match['when'].lower()}"
    text = re.sub(rf"\b({WEEKDAYS})\b", lambda day: day[0].capitalize(), text, flags=re.IGNORECASE)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:1]))


def meets_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our book club meets on the first Tuesday of every month", "my choir meets every Wednesday": when
    a group of theirs meets, for good."""
    group = " ".join(match["group"].split()).lower()
    when = re.sub(rf"\b({WEEKDAYS})\b", lambda day: day[0].capitalize(), " ".join(match["when"].split()), flags=re.I)
    text = f"{said.name}'s {group} meets {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", group.split()[-1]))


def program_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm doing couch to 5k, week 4": a running programme under way, for a month."""
    return said.fact(f"{said.name} is doing Couch to 5K", MemoryKind.FACT, MEDIUM, "30d", ["hobbies", "running"])


def books_read_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've read 40 books this year": how much they read, for a month."""
    text = f"{said.name} has read {match['count']} books {match['when'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", ["hobbies", "reading"])


def club_reading_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my book club is reading Middlemarch", "we're reading Beloved for book club": this month's book."""
    book = " ".join((match["book"] or match["book2"]).split())
    text = f"{said.name}'s book club is reading {book}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("books", "book club"))


RULES = [
    Rule(
        priority=1446,
        pattern=re.compile(
            rf"\bI(?:'m| am|(?P<been>'ve been| have been)) (?:(?:also|now|still) )?in"
            rf" (?P<what>(?:a|an|the|my) (?:[\w'-]+ ){{0,2}}?(?:{_GROUPS}))\b"
            r"(?! (?:meeting|call|chat|photo|picture|building|room|event|night)\b)",
            re.IGNORECASE,
        ),
        build=member_rule,
    ),
    Rule(
        priority=1447,
        pattern=re.compile(
            rf"\b(?:I )?(?:just |finally )?got my (?P<belt>(?:{BELT_COLOURS}|first)"
            rf" belt)(?: in (?P<art>{MARTIAL_ARTS}))?\b",
            re.IGNORECASE,
        ),
        build=belt_rule,
    ),
    Rule(
        priority=1448,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:started|also|still|now) )?(?P<verb>doing|do|go to|going to)"
            r" (?P<what>(?:the )?[\w'-]+(?: [\w'-]+)?)"
            rf" (?P<when>every (?:morning|evening|night|day|week|weekend|{WEEKDAYS}))\b",
            re.IGNORECASE,
        ),
        build=weekly_rule,
    ),
    Rule(
        priority=1449,
        pattern=re.compile(r"\bI(?:'m| am) (?:doing|on|halfway through) (?:the )?(?:couch to 5k|c25k)\b", re.I),
        build=program_rule,
    ),
    Rule(
        priority=1451,
        pattern=re.compile(
            r"\bI(?:'ve| have) (?:already |now )?read (?P<count>\d{1,3}) books"
            r" (?P<when>(?:so far )?this year|(?:so far )?in \d{4})\b",
            re.IGNORECASE,
        ),
        build=books_read_rule,
    ),
    Rule(
        priority=1678,
        pattern=re.compile(
            r"\b(?:my|our) book (?:club|group)(?:'s| is)(?: (?:currently|now))? reading"
            r" (?P<book>(?-i:[A-Z])[\w'-]*(?: (?:(?:of|the|and|in|a|on) )?(?-i:[A-Z])[\w'-]*){0,5})"
            r"|\bwe(?:'re| are) reading (?P<book2>(?-i:[A-Z])[\w'-]*(?: (?:(?:of|the|and|in|a|on) )?(?-i:[A-Z])[\w'-]*)"
            r"{0,5}) for (?:my |our |the )?book (?:club|group)\b",
            re.IGNORECASE,
        ),
        build=club_reading_rule,
    ),
    Rule(
        priority=1715,
        pattern=re.compile(
            rf"\b(?:our|my) (?P<group>(?:[\w'-]+ ){{0,2}}(?:{_GROUPS}|group)) meets"
            rf" (?P<when>(?:on|every) (?:the )?(?:(?:first|second|third|fourth|last|other) )?(?:{WEEKDAYS}|week|month)"
            r"(?:s| of (?:every|each|the) month| each month| every month| night)?)",
            re.IGNORECASE,
        ),
        build=meets_rule,
    ),
]
