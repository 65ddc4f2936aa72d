"""Books, films, shows and games: titles being read or watched, finished, loved, and what one takes in as a habit."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    content_words,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import CALLED, I_AM, MONTHS, WEEKDAYS

_MEDIA_VERBS = {"listen to": "listens to", "watch": "watches", "read": "reads", "play": "plays"}


def media_habit_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I listen to a lot of jazz", "I watch loads of anime", "I read mostly fantasy": what one
    takes in as a habit (the quantity says it is one; "I watch the game tonight" is not)."""
    what = phrase_cut(match["what"], max_words=4)  # "a lot of Catan" keeps its capital
    if not content_words(what):
        return None
    verb = _MEDIA_VERBS[" ".join(match["verb"].lower().split())]
    much = match["much"].lower().strip()
    first = "adverb_first" in match.re.groupindex  # "I mainly read sci-fi"
    text = f"{said.name} {much} {verb} {what}" if first else f"{said.name} {verb} {much} {what}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


_NOT_A_TITLE = frozenset({"netflix", "youtube", "tv", "tiktok", "twitch", "stuff", "something", "it"})


def _title(match: re.Match[str], said: Said) -> tuple[str, str]:
    """The title the match names, in quotes or without the small words it ran on into ("Dune and
    loved it"), and what follows it; "" when it is not one ("netflix", "Leo's message", a member)."""
    if match["quoted"]:
        title = match["quoted"].strip(" .!,")
        return title, match.string[match.end("quoted") + 1 :]
    title = re.sub(r"(?: (?:of|the|and|a|in|on|to))+$", "", match["title"].strip(" .!,"), flags=re.IGNORECASE)
    if (
        title.lower() in _NOT_A_TITLE
        or title.endswith("'s")
        or said.scene.member(title) is not None
        or re.fullmatch(f"{MONTHS}|{WEEKDAYS}|christmas|easter", title, re.IGNORECASE)
    ):
        return "", ""
    after = match.string[match.start("title") + len(title) :]
    if _PUZZLE.match(after):
        return "", ""  # "the Guardian crossword": a puzzle, ``rules/achievements.py``'s
    return title, after


# What a paper's name before it makes no title: "I finished the Guardian cryptic".
_PUZZLE = re.compile(r"\s+(?:cryptic|crossword|puzzle|quiz|jigsaw|sudoku)\b", re.IGNORECASE)


def current_media_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm currently reading The Hobbit", "rewatching Breaking Bad": what one is in the middle of,
    for a month. Only a title (capitalised), not "reading a book" or "watching Netflix"."""
    title, after = _title(match, said)
    if not title:
        return None
    verb = " ".join(match["verb"].lower().replace("re-", "re").replace("half way", "halfway").split())
    if "halfway" in verb and re.match(r"\s+(?!(?:and|but|now|already|lol|so|tbh|haha|atm)\b)\w", after, re.I):
        return None  # "halfway through Couch to 5k": a title that goes on is no title
    if again := re.match(r"on (?:my|a) (?:[\w-]+ )?(re(?:read|watch)) of$", verb):  # "on my third reread of Wolf Hall"
        verb = f"{again[1]}ing"
    text = f"{said.name} is {verb} {title}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("hobbies", *content_words(title)[:2]))


_LOVED_IT = re.compile(
    r"^\s*(?:,|-|and|&)?\s*(?:I )?(?:(?:absolutely|really|totally|just) )?(?P<how>loved|adored|enjoyed|really liked)"
    r" (?:it|every (?:minute|page|second) of it)\b",
    re.IGNORECASE,
)


def finished_media_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just finished reading Dune", "I finally watched Oppenheimer and loved it", "just binged
    Severance": a title one has read, seen or played, for a month; for good when they loved it.
    Only a title (capitalised): "I just finished a book" names none."""
    title, after = _title(match, said)
    if not title:
        return None
    topics = topics_of("hobbies", *content_words(title)[:2])
    if match["verb"]:
        done = match["verb"].lower()
    else:
        done = " ".join(filter(None, [match["finished"].lower(), (match["how"] or "").lower()]))
    text = f"{said.name} {done} {title}" + (" 100%" if re.match(r"\s*(?:to )?100 ?%", after) else "")
    if loved := _LOVED_IT.match(after):
        how = "enjoyed" if loved["how"].lower() == "enjoyed" else "loved"
        return said.fact(f"{text} and {how} it", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics)


# When a title was a childhood favourite: "as a kid", "growing up", "when I was little" (said "as a kid").
_YOUNG = re.compile(r"\s*(?:(?P<when>as a (?:kid|child|teen|teenager)|growing up)|when I was (?:a kid|little|young))")


def loved_title_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I loved \"The Overstory\" by Richard Powers", "I really enjoyed The Bear", "I loved reading
    \"The Hobbit\" as a kid": a title one loved."""
    title, after = _title(match, said)
    if not title:
        return None
    how = "enjoyed" if match["loved"].lower() == "enjoyed" else "loved"
    young = _YOUNG.match(after)
    when = f" {young['when'] or 'as a kid'}" if young else ""  # a childhood favourite
    topics = topics_of("hobbies", *content_words(title)[:2])
    return said.fact(f"{said.name} {how} {title}{when}", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics)


def mains_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I main Mercy in Overwatch", "I main Mercy and Ana": the characters one plays most in a game."""
    who = f"{match['who']} and {match['who2']}" if match["who2"] else match["who"]
    text = f"{said.name} mains {who}" + (f" in {match['game'].strip()}" if match["game"] else "")
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("gaming", match["who"]))


# A title as written: "Dune", "The Lord of the Rings", "Breaking Bad", a title in quotes (not "a
# book", "netflix").
_TITLE = (
    rf"(?:{CALLED})?"
    r"(?:[\"“](?P<quoted>[^\"“”]{2,60})[\"”]"
    r"|(?P<title>(?:the (?:new |latest )?(?=(?-i:[A-Z])))?(?-i:[A-Z])[\w':-]*"  # "the new Sally Rooney": an author's
    r"(?: (?:(?-i:[A-Z])[\w':-]*|\d{1,4}\b(?!%)|of|the|and|a|in|on|to)){0,5}))"  # not "Hollow Knight 100%"
)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1000,
        pattern=re.compile(
            r"\bI (?:(?:really|mostly|usually|mainly|also) )?(?P<verb>listen to|watch|read|play)"
            r" (?P<much>a lot of|loads of|lots of|tons of|so much|mostly|mainly) (?P<what>[a-z][\w -]{2,30})",
            re.IGNORECASE,
        ),
        build=media_habit_rule,
    ),
    Rule(  # "I mainly read sci-fi", "I mostly listen to jazz" ("I mostly play it safe" is no habit)
        priority=1001,
        pattern=re.compile(
            r"\bI (?P<much>mostly|mainly|usually)(?P<adverb_first>) (?P<verb>listen to|watch|read|play)"
            r" (?!(?:it|on|at|in|with|for|to|before|after|when|while|by|along)\b)(?P<what>[a-z][\w -]{2,30})",
            re.IGNORECASE,
        ),
        build=media_habit_rule,
    ),
    Rule(
        priority=1010,
        pattern=re.compile(
            rf"\b(?:{I_AM}|I(?:'ve| have) been) (?:(?:currently|now|also|finally) )?(?P<verb>reading|rewatching"
            r"|re-?reading|(?:about |nearly |only )?half ?way through|on (?:my|a) (?:[\w-]+ )?re-?(?:read|watch) of"
            rf"|re-watching|binging|bingeing|binge-watching|watching|(?<=currently )playing|playing(?= [\"“]|"
            r" (?-i:[A-Z])[\w':-]*(?: [\w':-]+)*? (?:again|nonstop|non-stop|lately|rn|atm|right now|at the moment)\b"
            r"|(?: (?-i:[A-Z0-9])[\w':-]*){2,}\W*$))"
            rf" {_TITLE}",
            re.IGNORECASE,
        ),
        build=current_media_rule,
    ),
    Rule(
        priority=1020,
        pattern=re.compile(
            r"\bI (?:(?:just|finally|recently) (?P<verb>read|watched|beat)|(?:(?:just|finally|recently|also) )?"
            r"(?P<finished>finished|binged)(?: (?P<how>reading|watching|playing|listening to))?)"
            rf" {_TITLE}(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=finished_media_rule,
    ),
    Rule(
        priority=1040,
        pattern=re.compile(
            rf"\bI (?:(?:really|absolutely|just|totally) )?(?P<loved>loved|adored|enjoyed)"
            rf" (?:(?:reading|watching|playing|listening to) )?{_TITLE}",
            re.IGNORECASE,
        ),
        build=loved_title_rule,
    ),
    Rule(
        priority=1080,
        pattern=re.compile(
            r"\bI (?:(?:usually|mostly|mainly) )?main (?P<who>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?"
            r"|tank|healer|support|dps|jungle|mid|top lane|adc)"
            r"(?: (?:and|&) (?!I\b)(?P<who2>(?-i:[A-Z])[\w'-]*))?"  # "I main Mercy and Ana", not "… and I"
            r"(?: in (?P<game>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z0-9])[\w'-]*){0,3}))?",
            re.IGNORECASE,
        ),
        build=mains_rule,
    ),
]
