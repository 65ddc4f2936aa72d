"""What a language learners' channel keeps count of: the level one is at or aims for, the exam
passed."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in, time_in
from memoryhub.ai.offline.rules.pastimes import LANGUAGES
from memoryhub.ai.offline.text import topics_of

_LEVEL = r"[ABC][12]"
_EXAM = rf"JLPT ?N[1-5]|N[1-5]|HSK ?[1-6]|TOPIK ?[1-6]|(?:DELF|DELE|Goethe|TCF) ?{_LEVEL}|IELTS|TOEFL"

# What a new level replaces among the memories (consolidation.SLOTS): the level of the same language.
SLOTS = {f"level {language.lower()}": rf"'s {language} is at {_LEVEL}\b" for language in LANGUAGES.split("|")}


def level_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my German is B1 now", "I'm at A2 in Spanish": the level one speaks at."""
    language = match["language"] or match["language2"]
    level = (match["level"] or match["level2"]).upper()
    text = f"{said.name}'s {language[0].upper()}{language[1:]} is at {level}"
    slot = f"level {language.lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("languages", language.lower()), slot=slot)


def level_aim_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm trying to get to B2 in German by the summer": the level one works towards, and by when."""
    language = f" in {match['language']}" if match["language"] else ""
    text = f"{said.name} is aiming for {match['level'].upper()}{language}"
    if when := time_in(match["rest"]):
        text += f" {when}"
    elif by := re.match(
        r"\s+(?P<by>by (?:the )?(?:summer|spring|autumn|winter|christmas|the end of the year))", match["rest"], re.I
    ):
        text += f" {by['by'].lower()}"
    return said.fact(
        text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("languages", *(match["language"] or "").lower().split())
    )


def exam_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I passed my JLPT N3!", "just passed the DELE B2": an exam of a language passed."""
    exam = " ".join(match["exam"].split())
    exam = re.sub(r"^(JLPT|HSK|TOPIK|DELF|DELE|Goethe|TCF) ?", lambda m: f"{m[1].upper()} ", exam, flags=re.I)
    exam = re.sub(r"\b[abcn][1-6]\b", lambda level: level[0].upper(), exam)  # "passed my n3!!"
    text = f"{said.name} passed the {exam.strip()}"
    if when := past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, ["languages", "exam"])


RULES = [
    Rule(
        priority=1512,
        pattern=re.compile(
            rf"\bmy (?P<language>{LANGUAGES}) is (?:now |at |about |around |roughly |probably |solidly )*(?:an? )?"
            rf"(?P<level>{_LEVEL})\b"
            r"|\bI(?:'m| am) (?:now |at |about |around |roughly |probably |solidly |still |only |currently )*(?:an? )?"
            rf"(?P<level2>{_LEVEL})"
            rf"(?: level)? in (?P<language2>{LANGUAGES})\b",
            re.IGNORECASE,
        ),
        build=level_rule,
    ),
    Rule(
        priority=1513,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:trying|aiming|hoping|working|going) (?:to get to|to reach|to hit|for|towards)"
            rf" (?P<level>{_LEVEL})(?: level)?(?: in (?P<language>{LANGUAGES}))?\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=level_aim_rule,
    ),
    Rule(
        priority=1514,
        pattern=re.compile(
            rf"\bI (?:(?:just|finally|actually) )?passed (?:my |the )?(?P<exam>{_EXAM})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=exam_rule,
    ),
]
