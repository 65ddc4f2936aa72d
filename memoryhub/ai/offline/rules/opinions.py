"""Opinions said without "I think": verdicts ("pineapple on pizza is elite", "The Office is
overrated"), comparisons ("Linux > Windows", "tabs over spaces, always") and hot takes
("unpopular opinion: …", "IMO e-bikes are the future")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of, uncapitalised
from memoryhub.ai.offline.vocabulary import LEAD_FILLERS, word_set

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
    traffic weather work school class today's tonight's yesterday's mornings everything's
    bet betcha guess surely hopefully presumably"""  # "bet the hours are better": a guess at another's
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
        r"(?:(?:way |so much |much )?better) (?:than (?:nothing|before|ever|yesterday|last|others|the rest)|now|already"
        r"|today)\b",
        verdict,
    ):
        return None  # "better than nothing", "some days are better than others": not a view on the subject
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


# What a thought starting so says is of oneself or the moment, not a view held: "I think I've been
# to Paris", "I don't think it's open".
_NOT_A_VIEW = word_set("i i'm i've i'd i'll it it's so that this you we we're we've they")


_WHOM = word_set("us me them him her yourself yourselves myself each")


def opinion_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "honestly I think remote work is the best" — a view held, not a passing remark."""
    what = phrase_cut(match["what"], max_words=14, commas=True)
    words = what.split()
    verb = " ".join(match["verb"].lower().split())
    believes_in = "believe" in verb and bool(words) and words[0].lower() == "in"  # "I believe in ghosts": a value
    if len(words) < (2 if believes_in else 3) or words[0].lower() in _NOT_A_VIEW:
        return None
    if words[0].lower() in ("about", "of", "back") and not words[1].lower().endswith("ing"):
        return None  # "I think about the places I've lived": a musing; "I think about quitting" is kept
    if believes_in and words[1].lower().strip("!.,") in _NOT_A_VIEW | _WHOM:
        return None  # "I believe in us!", "I believe in you": cheer, not a value
    if "convinced" in verb:
        think = "is convinced"
    elif "n't" in verb or " not " in f" {verb} ":
        think = "doesn't think" if "think" in verb else "doesn't believe"
    elif "always" in verb:
        think = "has always thought"
    elif believes_in:
        think = "believes"
    else:
        think = "thinks"
    text = f"{said.name} {think} {third_person(uncapitalised(what), said.name)}"
    fact = said.fact(
        text, MemoryKind.INSIGHT, LOW_IMPORTANCE, PERMANENT, topics_of("opinions", *content_words(what)[:2])
    )
    fact.gathered = believes_in  # "believes in honesty and looking out for others": one value, not a list
    return fact


LOW_IMPORTANCE = "low"


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1330,
        pattern=re.compile(
            rf"^{LEAD_FILLERS}I(?P<verb> (?:really |honestly |genuinely |still |truly )?"
            r"(?:think|believe|reckon|feel like|don't (?:really )?think|do not think|don't believe)"
            r"|(?:'m| am) (?:totally |fully |absolutely |100% )?convinced|(?:'ve| have) always (?:thought|believed))"
            r" (?:that )?(?P<what>[a-z].+)",
            re.IGNORECASE,
        ),
        build=opinion_rule,
    ),
    Rule(
        priority=1340,
        pattern=re.compile(HOT_TAKE.pattern + r"(?P<what>.+)", re.IGNORECASE),
        build=hot_take_rule,
    ),
    Rule(
        priority=1350,
        pattern=re.compile(
            rf"^{LEAD_FILLERS}(?P<what>[^,]{{2,60}}?)(?: (?:just|really|honestly|literally|simply|still|always))?"
            r" (?P<verb>is|are|was|were|sounds?|tastes?|looks?|feels?)"
            r"(?: (?:so|just|honestly|literally|way|easily|objectively|genuinely|clearly|absolutely|totally|still"
            r"|kinda|lowkey|truly|simply|actually|always|forever|officially|massively|hugely|lowkey|deeply"
            r"|seriously)){0,3}"
            rf" (?P<verdict>{VERDICTS})\b(?P<rest>[^,]{{0,40}})",
            re.IGNORECASE,
        ),
        build=verdict_rule,
    ),
    Rule(
        priority=1360,
        pattern=re.compile(
            rf"^{LEAD_FILLERS}(?P<what>\w[\w' .&+-]{{0,40}}?\w) ?>{{1,5}} ?(?P<other>\w[\w' &+-]{{0,40}}\w)"
            rf"|^{LEAD_FILLERS}(?P<what2>\w[\w'-]*(?: [\w'-]+){{0,2}})(?<!\ball) over"  # not "all over the place"
            r" (?!(?:the place|there|here|it|time|the years|the weekend|the top|the moon)\b)"
            rf"(?P<other2>\w[\w'-]*(?: [\w'-]+){{0,2}}?)"
            r"(?:,? (?:always|any day|every (?:single )?time|all day|forever|hands down|no contest|fight me|no debate"
            r"|no question|every day|for me)\b|\s*$)",
            re.IGNORECASE,
        ),
        build=comparison_rule,
    ),
]
