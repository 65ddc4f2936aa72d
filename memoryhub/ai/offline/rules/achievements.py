"""What a club, a team or a village show celebrates: a place won, a team picked for, a final
reached, a prize for something made, a maker's first sale, money raised for a cause."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_day_in,
    past_time_in,
    time_in,
)
from memoryhub.ai.offline.text import content_words, third_person, topics_of

_PLACES = r"first|second|third|fourth|fifth|last|1st|2nd|3rd|4th|5th"


def placed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I came third in the club championship", "we finished second in the league", "our quiz team came
    second last night"."""
    what = said.phrase(match["what"] or "")
    if not content_words(what) and not match["team"]:
        return None  # "I came second": in what, unsaid
    who = f"{said.name}'s {match['team'].lower().removeprefix('our ')}" if match["team"] else said.name
    text = f"{who} came {match['place'].lower()}" + (f" in {what}" if what else "")
    if when := past_time_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("achievement", *content_words(what)[-1:]))


def picked_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got picked for the county team", "I've been selected for the GB squad", "I've been moved up
    to the first eight"."""
    what = said.phrase(match["what"])
    text = f"{said.name} was moved up to {what}" if match["up"] else f"{said.name} was picked for {what}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("achievement", *content_words(what)[-1:]))


def final_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in the final of the pub quiz league tomorrow", "we made the semi-final!", "we qualified for the
    regional finals!!"."""
    stage = match["stage"].lower()
    of = f" of {said.phrase(match['of'], max_words=6)}" if match["of"] else ""
    text = f"{said.name} is in the {stage}{of}"
    when = time_in(match["rest"])
    text += f" {when}" if when else ""
    expiration = expiration_for(when) if when else "30d"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration, topics_of("achievement", stage), time=when)


def prize_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my sourdough won first prize at the fair", "our marrow won best in show"; "I won best in show at
    Comic Con Liverpool last year": a prize of their own is theirs for good."""
    where = f" {match['prep'].lower()} {said.phrase(match['where'], max_words=5)}" if match["where"] else ""
    if match["thing"] is None:
        text = f"{said.name} won {match['prize'].lower()}{where}"
        if when := past_time_in(match.string[match.end() :]):
            text += f" {when}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("achievement", match["prize"].lower()))
    thing = third_person(" ".join(match["thing"].split()), said.name)
    text = f"{said.name}'s {thing} won {match['prize'].lower()}{where}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("achievement", *content_words(thing)[-1:]))


def team_won_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my bowls club won the league", "our team won the cup last night": a title their side won, kept as
    their own ("we won the league" is ``rules/pastimes.py``'s ``did_rule``)."""
    team = said.phrase(match["team"], max_words=4)
    text = f"{said.name}'s {team.removeprefix('their ')} won the {said.phrase(match['title'], max_words=5)}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("achievement", match["kind"].lower()))


def puzzle_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finished the Telegraph crossword for the first time today", "I did the Guardian cryptic in under
    an hour": a first or a best kept for good, a puzzle done for a month."""
    if match["verb"].lower() == "did" and not match["how"]:
        return None  # "I did the crossword": the day's, every day
    what = said.phrase(match["what"], max_words=6)
    text = f"{said.name} {match['verb'].lower()} {what}{(match['how'] or '').lower()}"
    first = PERMANENT if match["how"] else "30d"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, first, topics_of("puzzles", match["puzzle"].lower()))


_FIRSTS_GOT = ("win", "podium", "pole", "pole position", "clean sheet")
_TRICKS = r"kickflip|heelflip|ollie|tre flip|backflip|front ?flip|back tuck|360|540"


def first_score_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "scored my first fifty for the club last Saturday", "hit my first 180", "got my first pole at Whilton
    Mill": a first that a player keeps for good."""
    score = " ".join(match["score"].lower().split())
    verb = "got" if score in _FIRSTS_GOT else "landed" if re.fullmatch(_TRICKS, score) else "scored"
    text = f"{said.name} {verb} their first {score}"
    if match["for"]:
        text += f" {match['prep'].lower()} {said.phrase(match['for'], max_words=5)}"
    if when := past_day_in(re.split(r"[,;]| but | and ", match.string[match.end() :])[0]):  # not the next part's
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("achievement", "sport"))


def first_sale_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I sold my first painting!", "just sold my first commission": a maker's first sale, for good."""
    work = " ".join(match["work"].lower().split())
    text = f"{said.name} sold their first {work}"
    if when := past_day_in(re.split(r"[,;]| but | and ", match.string[match.end() :])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("achievement", work.split()[-1]))


def raised_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I raised £500 for Mind!", "I'm fundraising for the hospice": money for a cause."""
    cause = said.phrase(match["cause"] or match["cause2"], max_words=6)
    if not content_words(cause):
        return None
    if match["amount"]:
        text = f"{said.name} raised {match['amount']} for {cause}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("fundraising", *content_words(cause)[-1:]))
    text = f"{said.name} is fundraising for {cause}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("fundraising", *content_words(cause)[-1:]))


def crossing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "swam the Channel in 2019", "I rowed the Atlantic": a crossing few make, kept for good."""
    verb, crossed = match["verb"].lower(), " ".join(match["crossed"].split())
    crossed = re.sub(r"^(?:the )?english channel$", "the English Channel", crossed, flags=re.IGNORECASE)
    text = f"{said.name} {verb} {crossed if crossed.lower().startswith('the') else 'the ' + crossed}"
    if when := past_time_in(match["rest"]):  # "in 2019", "last year"
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("achievements", crossed.split()[-1]))


RULES = [
    Rule(
        priority=1531,
        pattern=re.compile(
            r"\b(?:I|we|(?P<team>our (?:[\w-]+ ){0,2}team)) (?:(?:just|only|actually|finally) )?(?:came|finished|placed"
            rf"|got) (?P<place>{_PLACES})(?: place)?(?: (?:in|at) (?P<what>(?:the|a|an|our|my|this) [^,.!?;]+))?",
            re.IGNORECASE,
        ),
        build=placed_rule,
    ),
    Rule(
        priority=1532,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|actually) )?(?:got|been|was) (?:(?:picked|selected|chosen|called up)"
            r" (?:for|to play for|to represent)|(?P<up>moved up) (?:to|into)) (?P<what>(?:the|a|an|our|my) [^,.!?;]+)",
            re.IGNORECASE,
        ),
        build=picked_rule,
    ),
    Rule(
        priority=1533,
        pattern=re.compile(
            r"\b(?:(?:I(?:'m| am)|we(?:'re| are)) (?:now )?(?:in|through to|into)"
            r"|(?:I|we)(?:'ve| have)? (?:(?:just|finally|actually) )?(?:qualified for|made|reached|got through to)) the"
            r" (?P<stage>(?:(?:regional|national|county|area|cup|league|world|european) )?(?:final|semi-?finals?"
            r"|quarter-?finals?|finals))\b(?! (?:year|round|stretch|days|weeks?|exams?))"
            r"(?: of (?P<of>(?:the|a|an|our|my) [^,.!?;]+?)"
            r"(?=\s+(?:tomorrow|tonight|on|this|next|in)\b|\s*[,.!?;]|\s*$))?"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=final_rule,
    ),
    Rule(
        priority=1534,
        pattern=re.compile(
            r"\b(?:(?:my|our) (?P<thing>(?:[\w'-]+ ){0,2}?[\w'-]+)|I|we) (?:(?:just|finally|also|actually) )?won"
            r" (?P<prize>(?:first|second|third|1st|2nd|3rd) prize|best in show|best costume|a (?:blue |red )?ribbon"
            r"|a rosette|gold|silver|bronze)(?: (?P<prep>at|in) (?P<where>(?:the|a|an|our) [^,.!?;]+"
            r"|(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)*))?",
            re.IGNORECASE,
        ),
        build=prize_rule,
    ),
    Rule(
        priority=1535,
        pattern=re.compile(
            r"\b(?:I|we) (?:(?:just|finally|actually|also) )?raised"
            r" (?P<amount>[£$€]\s?\d[\d,.]*k?|\d[\d,.]*k\b|\d[\d,.]* (?:quid|pounds|dollars|euros))"
            r" (?:for|towards|to support) (?P<cause>\S[^,.!?;]*)"
            r"|\bI(?:'m| am) (?:(?:currently|still|also) )?(?:fundraising|raising money) for (?P<cause2>\S[^,.!?;]*)",
            re.IGNORECASE,
        ),
        build=raised_rule,
    ),
    Rule(
        priority=1671,
        pattern=re.compile(
            r"\b(?:(?:I|we) (?:just |finally )?)?(?P<verb>swam|rowed|kayaked|paddled|sailed) (?:across )?"
            r"(?P<crossed>(?:the )?(?:(?:English )?Channel|Atlantic|Pacific|Irish Sea))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=crossing_rule,
    ),
    Rule(
        priority=1632,
        pattern=re.compile(
            r"\b(?:I(?:'ve| have)? )?(?:(?:just|finally) )?(?:scored|got|made|hit|landed) my (?:very )?first"
            r" (?P<score>fifty|half[- ]century|century|hundred|ton|goal|try|hat[- ]trick|five[- ]for|maximum|147|180"
            rf"|nine[- ]darter|win|podium|pole(?: position)?|clean sheet|{_TRICKS})\b"
            r"(?: (?P<prep>for|at|in) (?P<for>(?:the|our|my) [^,.!?;]+?|(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)*)"
            r"(?=\s+(?:last|on|yesterday|today|this|at|in)\b|\s*[,.!?;]|\s*$))?",
            re.IGNORECASE,
        ),
        build=first_score_rule,
    ),
    Rule(
        priority=1741,
        pattern=re.compile(
            r"\bI (?:(?:just|finally|actually) )?(?P<verb>finished|completed|solved|did)"
            r" (?P<what>(?:the|a|my) (?:[\w'-]+ ){0,3}?(?P<puzzle>crossword|cryptic|jigsaw|sudoku))\b"
            r"(?P<how> for the first time| in under (?:an hour|\d{1,2} (?:minutes|mins)))?",
            re.IGNORECASE,
        ),
        build=puzzle_rule,
    ),
    Rule(
        priority=1740,
        pattern=re.compile(
            r"\b(?:my|our) (?P<team>(?:[\w'-]+ ){0,2}?(?P<kind>team|club|side|squad|choir|band|crew))"
            r"(?:'ve| have)? (?:(?:just|finally|actually|only) )?won the"
            r" (?P<title>(?:[\w'-]+ ){0,2}?(?:league|cup|title|championships?|tournament|final|trophy|shield"
            r"|competition|contest))\b",
            re.IGNORECASE,
        ),
        build=team_won_rule,
    ),
    Rule(
        priority=1707,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|actually) )?sold my (?:very )?first (?P<work>painting|piece|print"
            r"|book|commission|quilt|sculpture|pot|photo|photograph|song|app|design|cake|candle|necklace|ring)\b",
            re.IGNORECASE,
        ),
        build=first_sale_rule,
    ),
]
