"""What a gaming channel tells of its players beside their ranks (``rules/online.py``): a level reached
on a character ("just hit level 60 on my paladin"), the character they play most ("my main is a level
70 druid"), and the server they play on ("I play on Ravencrest EU", or "Ravencrest EU" answering
"what server u on?", ``questions._COMPLETED``); their role in a team, what they play on, the name to
find them by, the hours sunk into a game, the game they speedrun and the one played for years, and
when they raid ("I raid with my guild on Tuesdays and Thursdays")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import article_for, since_age, third_person, topics_of
from memoryhub.ai.offline.vocabulary import STOPWORDS, WEEKDAYS

# A character's class, race or role, as a player names their own: "my paladin", "a level 70 druid".
_CHARACTERS = (
    r"paladin|druid|mage|warlock|warrior|rogue|priest|hunter|shaman|monk|death knight|demon hunter|evoker"
    r"|necromancer|ranger|barbarian|bard|cleric|fighter|sorcerer|wizard|tank|healer|dps|support|main|alt|character"
    r"|toon|guardian|titan"
)


# What one plays on that is no server: "I play on Saturdays", "I play on PC", "I play on Hard".
_NOT_SERVERS = (
    rf"(?:(?:{WEEKDAYS})s?|weekends?|weeknights?|PC|Mac|Xbox|PS\d|PlayStation|Switch|Steam|Deck|mobile|console"
    r"|Android|iOS|Linux|Windows|hard|easy|normal|expert|nightmare)\b"
)


def level_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "just hit level 60 on my paladin", "I finally got my druid to level 70": a level reached."""
    level = match["level"] or match["level2"]
    character = (match["character"] or match["character2"] or "").lower()
    text = f"{said.name} reached level {level}" + (f" on their {character}" if character else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("gaming", character or "level"))


def main_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my main is a level 70 druid", "my main's a resto shaman": the character they play most."""
    what = " ".join(match["what"].split()).lower()
    text = f"{said.name}'s main is {article_for(what)} {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", what.split()[-1]), slot="main")


def team_role_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I play support in our Valorant team", "I'm the IGL for my CS team": their place in a team."""
    role = match["role"] if match["role"].isupper() else match["role"].lower()
    text = f"{said.name} plays {role}"
    if match["team"]:
        text += f" {match['prep'].lower()} {third_person(match['team'], said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", "team"), slot="team role")


def server_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I play on Ravencrest EU", "I'm on the Silvermoon server": the server they play on."""
    server = " ".join((match["server"] or match["server2"]).split())
    text = f"{said.name} plays on the {server} server"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", "server"), slot="server")


_PLATFORMS = r"PC|Mac|Xbox(?: Series [XS])?|PS[345]|PlayStation(?: [345])?|Switch|Steam Deck|Deck|mobile|console"
_GAME = r"(?-i:[A-Z])[\w':-]*(?: (?:(?-i:[A-Z0-9])[\w':-]*|of|the))*"  # "Elden Ring", "Mario 64"


def platform_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I mostly play on Switch", "I play on PC": what they play on."""
    platform = match["platform"]
    platform = platform if platform[0].isupper() else platform.lower()
    return said.fact(f"{said.name} plays on {platform}", MemoryKind.FACT, MEDIUM, PERMANENT, ["gaming", "platform"])


def handle_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my username is shadowfox99", "my gamertag's xXRazorXx": what to find them by in a game."""
    if match["handle"].lower() in STOPWORDS:
        return None  # "my username is what" asks, "my gamertag is the same" points back
    which = " ".join(match["which"].split())
    which = which if which.isupper() else which.lower()
    text = f"{said.name}'s {which} is {match['handle']}"
    slot = which if which in SLOTS else None  # a new username replaces the last
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", "username"), slot=slot)


# What a new name to find them by replaces among the memories (consolidation.SLOTS).
SLOTS = {"username": r"'s username is\b", "gamertag": r"'s gamertag is\b"}


def stuck_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm stuck on the last boss in Hollow Knight": where they are in a game, for a week."""
    where = " ".join(match["where"].split()).lower()
    text = f"{said.name} is stuck on {where} in {match['game']}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "7d", topics_of("gaming", "games"))


def sunk_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've put 400 hours into Elden Ring", "I speedrun Mario 64": a game they play a great deal."""
    if match["speedrun"]:
        text = f"{said.name} speedruns {match['game2']}"
    else:  # "I've been playing Baldur's Gate 3 for 200 hours" too
        text = f"{said.name} has put {match['hours'] or match['hours3']} hours into {match['game'] or match['game3']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", "games"))


def played_since_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been playing FFXIV since 2014", "I've played WoW since vanilla": a game of years."""
    since = since_age(" ".join(match["since"].split()))  # "since I was 12": "since age 12"
    return said.fact(
        f"{said.name} has played {match['game']} {since}", MemoryKind.FACT, MEDIUM, PERMANENT, ["gaming", "games"]
    )


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
def raid_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I raid with my guild on Tuesdays and Thursdays", "we raid every Friday night": when they raid,
    and with whom, for good."""
    with_whom = f" with their {match['group'].lower()}" if match["group"] else ""
    when = re.sub(rf"\b({WEEKDAYS})", lambda day: day[0].capitalize(), " ".join(match["when"].split()), flags=re.I)
    text = f"{said.name} raids{with_whom} {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", "raid"))


RULES = [
    Rule(
        priority=1735,  # after a sport or a known game (rules/pastimes.py's plays_rule, 1090)
        pattern=re.compile(
            rf"\bI(?:'ve| have) (?:been )?play(?:ed|ing) (?P<game>{_GAME})"
            r" (?P<since>since (?:(?:19|20)\d\d|it came out|launch|release|vanilla|(?:the )?beta|day one|I was \d{1,2})"
            r"|for (?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|many|a few) years)\b",
        ),
        build=played_since_rule,
    ),
    Rule(
        priority=1565,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |now )?(?:hit|reached|got to|made it to) (?:level|lvl|lv) "
            rf"(?P<level>\d{{1,3}})\b(?: (?:on|with) (?:my|our) (?P<character>(?:[\w-]+ )?(?:{_CHARACTERS})))?"
            r"|\bI (?:just |finally )?got my (?P<character2>(?:[\w-]+ )?(?:"
            rf"{_CHARACTERS})) to (?:level|lvl|lv) (?P<level2>\d{{1,3}})\b",
            re.IGNORECASE,
        ),
        build=level_rule,
    ),
    Rule(
        priority=1566,
        pattern=re.compile(
            rf"\bmy main(?:'s| is) (?:an? )?(?P<what>(?:level \d{{1,3}} )?(?:[\w-]+ )?(?:{_CHARACTERS}))\b",
            re.IGNORECASE,
        ),
        build=main_rule,
    ),
    Rule(
        priority=999,  # before "I mostly play …" (media.py)
        pattern=re.compile(
            r"\bI (?:mostly |mainly |usually |now )?play (?P<role>support|tank|healer|DPS|jungle|mid|top lane|ADC|IGL"
            r"|entry|duelist|controller|initiator|sentinel|flex)(?: (?P<prep>in|for|on) (?P<team>(?:our|my|the)"
            r" (?:(?-i:[A-Z])[\w'-]+ ){0,2}(?:team|squad|stack|clan))\b|(?=\s*(?:$|[,.!;])))",
            re.IGNORECASE,
        ),
        build=team_role_rule,
    ),
    Rule(
        priority=1567,
        pattern=re.compile(
            rf"\bI(?: mostly| mainly| usually)? play on (?:the )?(?!{_NOT_SERVERS})"
            r"(?P<server>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?"
            r"(?: (?:EU|US|NA|OCE|SEA|Asia))?)(?: server| realm)?\b"
            r"|\bI(?:'m| am) on (?:the )?(?P<server2>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?) (?:server|realm)\b",
            re.IGNORECASE,
        ),
        build=server_rule,
    ),
    Rule(
        priority=1642,
        pattern=re.compile(rf"\bI(?: mostly| mainly| usually| only)? play on (?P<platform>{_PLATFORMS})\b", re.I),
        build=platform_rule,
    ),
    Rule(
        priority=1643,
        pattern=re.compile(
            r"\bmy (?P<which>username|user name|gamertag|gamer tag|IGN|PSN(?: ID)?|Steam (?:name|ID)|battletag"
            r"|friend code|Epic (?:name|ID))(?:'s| is) (?P<handle>[\w#-]{3,32})\b",
            re.IGNORECASE,
        ),
        build=handle_rule,
    ),
    Rule(
        priority=1644,
        pattern=re.compile(
            rf"\bI(?:'ve| have) (?:put|sunk|played) (?:over |about |like )?(?P<hours>\d[\d,]*) (?:hours|hrs)"
            rf" (?:into|in|on) (?P<game>{_GAME})|\bI (?P<speedrun>speedrun|speed run) (?P<game2>{_GAME})"
            rf"|\bI(?:'ve| have) been playing (?P<game3>{_GAME}) for (?:over |about |like )?(?P<hours3>\d[\d,]*)"
            r" (?:hours|hrs)\b",
            re.IGNORECASE,
        ),
        build=sunk_rule,
    ),
    Rule(
        priority=1571,
        pattern=re.compile(
            r"\b(?:I|we) (?:usually |mostly |still )?raid(?: with (?:my|our) (?P<group>guild|clan|static|group|team))?"
            rf" (?P<when>on (?:{WEEKDAYS})s?(?: and (?:{WEEKDAYS})s?)?(?: nights?)?|every (?:{WEEKDAYS}|night|weekend)"
            r"(?: nights?)?|(?:twice|three times|once) a week)\b",
            re.IGNORECASE,
        ),
        build=raid_rule,
    ),
    Rule(
        priority=1716,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:still |totally |completely |so )?stuck on"
            rf" (?P<where>(?:the|this|that|a) (?:[\w'-]+ ){{0,3}}?(?:boss|level|puzzle|quest|mission|chapter|stage"
            rf"|dungeon|raid|fight|section|bit|part)) in (?P<game>{_GAME})",
            re.IGNORECASE,
        ),
        build=stuck_rule,
    ),
]
