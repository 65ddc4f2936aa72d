"""Opinions said without "I think": verdicts ("pineapple on pizza is elite", "The Office is
overrated"), comparisons ("Linux > Windows", "tabs over spaces, always") and hot takes
("unpopular opinion: …", "IMO e-bikes are the future")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of, uncapitalised
from memoryhub.ai.offline.vocabulary import word_set

# What a verdict calls its subject: the words that make "X is …" an opinion held, not a remark
# about today ("traffic is insane today", "mondays are a scam" say nothing lasting).
VERDICTS = (
    r"elite|overrated|underrated|overhyped|criminally underrated|the best(?: [a-z]+)?|the worst|superior"
    r"|the superior [a-z]+|peak [a-z]+|peak|goated|the goat|evil|the future(?: of [a-z]+)?|(?:way |so much "
    r"|much )?better"
    r"|a war crime|a crime|trash|garbage|unbeatable|undefeated|a national treasure|the only (?:real |good )?[a-z]+"
    r"|worth (?:it|the (?:money|hype))|a waste of (?:time|money)|a must|the move|top tier|god tier|s tier|bottom tier"
)
# Subjects that make "X is the best" a passing remark or someone, not a topic one has a view on.
_NOT_SUBJECTS = word_set(
    """it this that these those he she they you we u ur everything everyone everybody nothing someone
    something life today tonight tomorrow yesterday mine yours his hers ours theirs who which what there here
    my your our their her him them me i i'm it's that's there's one ones game mondays tuesdays wednesdays
    thursdays fridays saturdays sundays monday tuesday wednesday thursday friday saturday sunday weekends
    traffic weather work school class today's tonight's yesterday's mornings everything's"""
)
_DEICTIC = re.compile(
    r"^(?:the|this|that|today's|tonight's|last night's) (?:game|match|episode|show|ending|weather|traffic|food"
    r"|party|meeting|finale|movie|film|song|book|season|trailer|update|server|ref|referee|bus|train|service"
    r"|vibe|vibes|one|ones|new one|first one|last one|plan|idea)$",
    re.IGNORECASE,
)


_VERB = re.compile(r"\b(?:is|are|was|were|am|i'm|has|have|had|will|would|said|says|thinks?)\b", re.IGNORECASE)


def _topic(subject: str) -> str:
    subject = subject.strip(" ,.!\"'")
    words = subject.split()
    if not words or len(words) > 7 or words[0].lower() in _NOT_SUBJECTS or _DEICTIC.match(subject):
        return ""
    if _VERB.search(subject):
        return ""  # "Lukas is convinced nuclear…": a sentence, not a topic
    return subject if content_words(subject) else ""


def verdict_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "pineapple on pizza is elite", "vinyl just sounds better", "e-bikes are the future"."""
    subject = _topic(match["what"])
    if not subject:
        return None
    verdict = phrase_cut(match["verdict"] + (match["rest"] or ""), max_words=8)
    if re.match(
        r"(?:(?:way |so much |much )?better) (?:than (?:nothing|before|ever|yesterday|last)|now|already|today)\b",
        verdict,
    ):
        return None  # "better than nothing", "better now": not a view on the subject
    text = f"{said.name} thinks {third_person(uncapitalised(subject), said.name)} {match['verb'].lower()} {verdict}"
    return said.fact(text, MemoryKind.INSIGHT, MEDIUM, PERMANENT, topics_of("opinions", *content_words(subject)[:2]))


def comparison_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "Linux > Windows", "mango sticky rice >>> every other dessert", "tabs over spaces, always"."""
    better, worse = _topic(match["what"] or match["what2"]), _topic(match["other"] or match["other2"])
    if not better or not worse or (match["what2"] and better.split()[-1].lower().endswith(("ed", "ing"))):
        return None  # "handed over the keys", "sleeping over tonight": not a preference
    text = f"{said.name} prefers {third_person(better, said.name)} over {third_person(worse, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of(*content_words(better)[:2]))


# "hot take:", "unpopular opinion:", "IMO": what follows is an opinion held.
HOT_TAKE = re.compile(
    r"^(?:(?:my |a )?(?:hot|spicy|controversial|cold) take|(?:an )?unpopular opinion|controversial opinion"
    r"|imo|imho|in my (?:humble )?opinion|opinion|fight me|my take(?: is)?)\s*[:,-]?\s+",
    re.IGNORECASE,
)
_A_CLAIM = re.compile(
    r"\b(?:is|are|was|were|should|shouldn't|must|needs? to|deserves?|beats?|sucks?|rocks?|wins?|isn't|aren't"
    r"|sounds?|tastes?|looks?)\b",
    re.IGNORECASE,
)


def hot_take_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "unpopular opinion: The Office is overrated", "hot take: public transport should be free"."""
    what = phrase_cut(match["what"], max_words=16)
    if not _A_CLAIM.search(what) or not _topic(_A_CLAIM.split(what, 1)[0]):
        return None
    text = f"{said.name} thinks {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.INSIGHT, MEDIUM, PERMANENT, topics_of("opinions", *content_words(what)[:2]))
