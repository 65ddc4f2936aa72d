"""What a tabletop channel tells of its players: who runs the game, the character one plays, the
miniatures one paints."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, third_person, topics_of

# Games played only at a table ("I'm new to D&D"); a campaign of a film's or a video game's name is one too
# ("I run a Star Wars campaign"), being new to it is not ("I'm new to Star Wars").
_TABLE_ONLY = (
    r"D&D|DnD|Dungeons (?:and|&) Dragons|Pathfinder|Call of Cthulhu|Blades in the Dark|Warhammer(?: 40k| Fantasy)?"
    r"|Shadowrun|Delta Green|Mothership"
)
_SYSTEMS = rf"{_TABLE_ONLY}|Cthulhu|Vampire|Star Wars|Cyberpunk(?: Red)?|Alien"
_CLASSES = (
    r"rogue|warlock|wizard|paladin|cleric|bard|druid|ranger|fighter|barbarian|monk|sorcerer|artificer"
    r"|necromancer|witch|investigator"
)
# How and when the game is run, said after it: "every other Sunday", "for my coworkers", "online".
_RUN_HOW = re.compile(r"^ (?P<how>(?:every|each|on|for|with|at|online|twice|once|weekly|monthly)\b.*)", re.I)


def _system(text: str) -> str:
    return re.sub(r"^(?:dnd|d&d)$", "D&D", text.strip(), flags=re.IGNORECASE)


def game_master_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I DM a Pathfinder campaign every other Sunday", "I'm running a D&D campaign for my coworkers",
    "I'm the DM for our Thursday D&D group", "I DM for a group on Thursdays": who runs the game."""
    if role := match["role"] or match["role2"]:
        role = "DM" if role.lower() in ("dm", "dungeon master") else "GM"
        group = third_person(match["group"] or match["group2"] or "", said.name)
        text = f"{said.name} is the {role}" + (f" for {group}" if group else "")
        if how := _RUN_HOW.match(match["rest2"] or ""):  # "I DM for a group on Thursdays"
            text += f" {third_person(phrase_cut(how['how'], max_words=6), said.name)}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", "tabletop"))
    system = _system(match["system"] or "")
    game = " ".join(match["game"].lower().split())
    what = f"{system} {game}" if system else game
    verb = "is running" if match["running"] else "runs"
    text = f"{said.name} {verb} {article_for(what)} {what}"
    if how := _RUN_HOW.match(match["rest"] or ""):
        text += f" {third_person(phrase_cut(how['how'], max_words=6), said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", "tabletop", system.lower()))


def character_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my character is a tiefling warlock", "I play a halfling rogue in our campaign": the character
    one plays (what the table will ask after)."""
    character = " ".join(filter(None, [(match["kind"] or "").lower(), match["class"].lower()]))
    text = f"{said.name} plays {article_for(character)} {character}"
    if match["where"]:
        text += f" in {third_person(match['where'], said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", "tabletop", match["class"].lower()))


def miniatures_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I paint Warhammer minis", "I collect Warhammer 40k": a table's other pastime."""
    verb = match["verb"].lower()
    what = " ".join(match["what"].split())
    return said.fact(
        f"{said.name} {verb}s {what}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", "miniatures")
    )


def new_to_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm new to D&D", "I'm pretty new to Pathfinder": a beginner at the table."""
    return said.fact(
        f"{said.name} is new to {_system(match['system'])}",
        MemoryKind.FACT,
        MEDIUM,
        "30d",
        topics_of("hobbies", "tabletop"),
    )


RULES = [
    Rule(
        priority=1547,
        pattern=re.compile(
            r"\bI(?:'m| am) the (?P<role>DM|GM|dungeon master|game master)\b(?: (?:for|of) (?P<group>(?:our|my|a) "
            r"(?:[\w&]+ ){0,2}?(?:group|table|party|friends|coworkers|kids|campaign)))?"
            r"|\bI (?P<role2>(?-i:DM|GM)) for (?P<group2>(?:our|my|a) (?:[\w&]+ ){0,2}?(?:group|table|party|friends"
            r"|coworkers|kids))\b(?P<rest2>[^,.!?;]*)"
            r"|\bI(?: (?:DM|GM|run)|(?P<running>'m running| am running)) (?:an?|our|my)"
            r" (?:(?:new|weekly|monthly|long) )?"
            rf"(?P<system>(?:{_SYSTEMS}) )?(?P<game>campaign|one-shot|game|table)\b(?P<rest>[^,.!?;]*)",
            re.IGNORECASE,
        ),
        build=game_master_rule,
    ),
    Rule(
        priority=1548,
        pattern=re.compile(
            r"\b(?:my (?:character|PC|main) is|I(?:'m| am)? play(?:ing)?) an? (?P<kind>[a-z-]+ )??"
            rf"(?P<class>{_CLASSES})\b"
            r"(?: in (?P<where>(?:our|my|the|a) (?:[\w&]+ )?(?:campaign|game|group|one-shot)))?",
            re.IGNORECASE,
        ),
        build=character_rule,
    ),
    Rule(
        priority=1549,
        pattern=re.compile(
            r"\bI (?P<verb>paint|collect|build) (?P<what>(?:(?-i:[A-Z])[\w-]+(?: 40k)? )?(?:minis|miniatures|models"
            r"|figures|terrain)|Warhammer(?: 40k| Fantasy)?)\b",
            re.IGNORECASE,
        ),
        build=miniatures_rule,
    ),
    Rule(
        priority=1550,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:pretty|quite|very|fairly|totally|completely) )?new to (?P<system>{_TABLE_ONLY}"
            r"|tabletop(?: games| gaming| RPGs)?|TTRPGs|RPGs)\b",
            re.IGNORECASE,
        ),
        build=new_to_rule,
    ),
]
