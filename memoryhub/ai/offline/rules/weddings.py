"""What a wedding-planning group tells of its couples' plans beside the wedding's date
(``rules/occasions.py``): the venue booked ("we've finally booked the venue!! Hazel Barn"), the dress
found ("I've found my wedding dress!") and who stands beside them ("my maid of honour is my sister
Jo")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import third_person, topics_of


def venue_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've finally booked the venue!!": the wedding venue booked (its name and day, said next in the
    line, "Hazel Barn, 21 June next year", are its detail)."""
    text = f"{said.name} has booked their wedding venue"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("wedding", "venue"))


def dress_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've found my wedding dress!", "I said yes to the dress": the dress for their wedding, kept with
    the plans (for good, as the venue is)."""
    text = f"{said.name} has found their wedding dress"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("wedding", "dress"))


def wedding_party_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my maid of honour is my sister Jo", "my best man will be Tom": who stands beside them."""
    role = " ".join(match["role"].lower().split())
    who = third_person(match["who"], said.name)
    verb = "are" if role.endswith("s") else "is"
    text = f"{said.name}'s {role} {verb} {who}"
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("wedding", role.split()[-1]))


def wedding_told(said: Said) -> tuple[str, str] | None:
    """Whose wedding the speaker told of earlier in the window, as they would say it ("my best friend's
    wedding"), and the rest of that fact, where its day is ("in Crete in August"); None for none."""
    for fact in reversed(said.scene.facts):
        told = re.match(
            rf"{re.escape(said.name)}'s (?P<who>[\w ]{{1,30}}?) is getting married\b(?P<rest>.*)", fact.text
        )
        if fact.subject == said.handle and told:
            return f"my {told['who']}'s wedding", told["rest"]
    return None


def standing_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm my brother's best man in August", "I'm going to be Amy's maid of honour": whom they stand
    beside, until a little after the day."""
    role = " ".join(match["role"].lower().split())
    whose = third_person(" ".join(match["whose"].split()), said.name)
    text = f"{said.name} is {whose} {role}"
    time = when_said(match["rest"])
    text += f" {time}" if time else ""
    expiration = expiration_for(time) if time else "30d"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration, topics_of("wedding", role.split()[-1]), time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1614,
        pattern=re.compile(
            r"\bwe(?:'ve| have)? (?:(?:finally|just|officially) )?booked (?:the|our) (?:wedding )?venue\b"
            r"(?! for (?:the|a|my|our|his|her) (?!wedding))",  # "booked the venue for the party": no wedding
            re.IGNORECASE,
        ),
        build=venue_rule,
    ),
    Rule(
        priority=1615,
        pattern=re.compile(
            r"\bmy (?P<role>maid of hono(?:u)?r|matron of hono(?:u)?r|best man|chief bridesmaid|bridesmaids|best woman)"
            r" (?:is|are|will be|'s) (?P<who>my [\w-]+(?: (?-i:[A-Z])[\w'-]+)?"
            r"|(?-i:[A-Z])[\w'-]+(?: and (?-i:[A-Z])[\w'-]+)?)",
            re.IGNORECASE,
        ),
        build=wedding_party_rule,
    ),
    Rule(
        priority=1683,
        pattern=re.compile(
            r"\bI(?:'m| am)(?: going to be| gonna be)? (?P<whose>my [\w-]+'s|(?-i:[A-Z])[\w-]+'s)"
            r" (?P<role>maid of hono(?:u)?r|matron of hono(?:u)?r|best man|bridesmaid|best woman)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=standing_for_rule,
    ),
    Rule(
        priority=1701,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:finally|just|officially) )?(?:found|bought|ordered|chosen|picked)"
            r" my wedding dress\b"
            r"|\bI (?:finally |just )?said yes to the dress\b",
            re.IGNORECASE,
        ),
        build=dress_rule,
    ),
]
