"""A baby on the way, told further: the name chosen for it ("a girl! calling her Zofia", "we're
naming him Leo") after the speaker said they are expecting; a baby come ("our little girl arrived on
Tuesday, 7lb 2oz"); a baby's age ("my little one is 4 months today"); and trying for one ("we've
been trying for a baby for two years"). Whether it is a boy or a girl, answering "boy or girl?", is a
detail of the baby to come (``matching.answers_about``)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in, time_in
from memoryhub.ai.offline.text import name_token, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, MONTHS

# What tells of a baby to come, in a fact of the speaker's said a moment before.
BABY_TO_COME = re.compile(r"\b(?:expecting|pregnant|having a baby|baby (?:is )?due|due in|on the way)\b", re.I)
# How far back (in lines) the baby was told for a name to be its.
_SAID_JUST_BEFORE = 4


def baby_age_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my little one is 4 months today", "my baby girl is 7 weeks old", "my son is 8 months", "I'm 3 months
    postpartum": a baby's age, for a month."""
    if match["postpartum"]:
        text = f"{said.name} is {match['age2']} {match['unit2'].lower()} postpartum"
        return said.fact(text, MemoryKind.FACT, HIGH, "30d", topics_of("family", "baby"))
    child = (match["child"] or "baby").lower()
    text = f"{said.name}'s {child} is {match['age']} {match['unit'].lower()} old"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("family", "baby"))


def baby_name_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "calling her Zofia", "we're naming him Leo", "her name's going to be Ada": the name of the
    baby the speaker just said they are expecting (a pet or a car named so is not one)."""
    expecting = next(
        (
            fact
            for fact in reversed(said.scene.facts)
            if fact.subject == said.handle and not fact.reported and BABY_TO_COME.search(fact.text)
        ),
        None,
    )
    name = name_token(match["name"] or match["name2"])
    if expecting is None or not name or said.line_index - max(expecting.lines) > _SAID_JUST_BEFORE:
        return None
    entity = said.entity(EntityType.PERSON, name, f"{said.name}'s baby")
    text = f"{said.name}'s baby is to be called {name}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"), entities=[entity])


_CHILD = {"girl": "daughter", "boy": "son", "baby": "baby", "twins": "twins"}
# What a newborn weighed, said after the birth: "7lb 2oz", "3.2kg".
_WEIGHED = re.compile(
    r"(?:[,-]\s*|\s+(?:weighing|at)\s+)(?P<weight>\d{1,2}\s?lbs?(?:\s?\d{1,2}\s?oz)?|\d\.\d{1,2}\s?kg)\b"
)


def arrived_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our little girl arrived on Tuesday, 7lb 2oz", "baby boy is here!": the speaker's child born, for
    good (its name, asked after, joins it: ``rules/answers.py``)."""
    child = _CHILD.get((match["child"] or "baby").lower(), (match["child"] or "").lower())
    born = "were born" if child == "twins" else "was born"
    name = f" {name_token(match['named'])}" if match["named"] else ""  # "baby Ivy arrived yesterday!"
    text = f"{said.name}'s {child}{name} {born}"
    rest = match.string[match.end() :]
    if when := past_time_in(rest) or time_in(rest):
        text += f" {when}"
    if weighed := _WEIGHED.search(rest):
        text += f", weighing {weighed['weight']}"
    entity = said.entity(EntityType.PERSON, name.strip() or child, f"{said.name}'s {child}")
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"), entities=[entity])


# When a baby is due, said after "due": "in early October", "on the 3rd of May", "any day now".
DUE_WHEN = r"(?P<when>(?:in |on |at |around |by )?(?:the )?(?:(?:early|mid|late)[- ]|end of )?[^,.!?;]{2,30})"


def due_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm due in early October", "the baby's due on the 3rd of May", "my due date is mid-June": when
    the speaker's baby is due, kept past it (a bot asks after the baby)."""
    when = re.sub(r"\s+(?:now|instead|apparently)$", "", " ".join((match["when"] or match["when2"]).split()))
    if not time_in(when) and not re.search(r"\d|\b(?:early|mid|late|end of)\b", when, re.IGNORECASE):
        return None  # "I'm due a holiday", "my due date is a secret"
    if re.match(r"(?:the )?\d", when):  # "the 3rd of May"
        when = f"on {when}"
    elif re.match(rf"(?:early|mid|late|end of|{MONTHS})\b", when, re.IGNORECASE):  # "early October"
        when = f"in {when}"
    text = f"{said.name}'s baby is due {when}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"), time=when, slot="due")


def grandchild_due_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my first grandchild is due in June", "I've got my third grandchild due in the summer": a family
    growing, kept past the day as the speaker's own baby is."""
    when = " ".join(match["when"].split())
    if not time_in(when) and not re.search(r"\d|\b(?:early|mid|late|end of)\b", when, re.IGNORECASE):
        return None  # "my first grandchild is due a visit"
    when = f"in {when}" if re.match(rf"(?:early|mid|late|end of|{MONTHS})\b", when, re.IGNORECASE) else when
    who = " ".join(match["who"].lower().split())
    text = f"{said.name}'s {match['nth'].lower()} {who} is due {when}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", who.split()[-1]), time=when)


# What a new due date replaces among the memories (consolidation.SLOTS).
SLOTS = {"due": r"'s baby is due\b"}


def expecting_which_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're having a boy!", "it's twins!!" (after the scan): the baby on the way, and which."""
    which = match["which"].lower()
    which = which if which == "twins" else f"a baby {which.split()[-1]}"  # "a boy", "a baby boy": "a baby boy"
    text = f"{said.name} is expecting {which}"
    rest = match.string[match.end() :]
    if due := re.match(rf",? due {DUE_WHEN}", rest, re.IGNORECASE):  # "…, due in June"
        text += f", due {' '.join(due['when'].split())}"
    elif month := re.match(rf"\s+(?P<when>in (?:(?:early|mid|late)[- ])?(?:{MONTHS}))\b", rest, re.IGNORECASE):
        text += f", due {month['when'].lower()}"  # "we're having a boy in June"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"))


def trying_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're trying for a baby", "we've been trying to conceive for two years": hoping for one, weighed
    high, and how long."""
    text = f"{said.name} is trying for a baby"
    if span := re.match(rf"\s+(?P<span>{FOR_A_SPAN})", match["rest"]):
        text = f"{said.name} has been trying for a baby {span['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("family", "baby"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1581,
        pattern=re.compile(
            r"(?:^|\b(?:we(?:'re| are)|I(?:'m| am)) )(?:(?:probably|definitely|thinking of|going to be|gonna be) )?"
            r"(?:calling|naming|call|name) (?:her|him|them|the baby|our (?:little )?(?:girl|boy))"
            r" (?P<name>(?-i:[A-Z])[\w'-]+)\b"
            r"|\b(?:her|his|their|the baby's) name(?:'s| is| will be| is going to be|'s going to be) "
            r"(?P<name2>(?-i:[A-Z])[\w'-]+)\b",
            re.IGNORECASE,
        ),
        build=baby_name_rule,
    ),
    Rule(
        priority=317,  # before what a relative is (rules/family.py): "my son is 8 months"
        pattern=re.compile(
            r"\bmy (?:little one|LO|baby(?: girl| boy)?|newborn|(?P<child>son|daughter|little (?:boy|girl)))"
            r"(?: is|'s) (?:now |nearly |almost |only |just )?(?P<age>\d{1,2})"
            r" (?P<unit>weeks?|months?)\b"
            r"|\bI(?:'m| am) (?:now |only |just )?(?P<age2>\d{1,2}) (?P<unit2>weeks?|months?) (?P<postpartum>postpartum"
            r"|post[- ]partum|pp)\b",
            re.IGNORECASE,
        ),
        build=baby_age_rule,
    ),
    Rule(
        priority=1633,
        pattern=re.compile(
            r"^(?:(?:(?:our|my) (?:(?:little|baby|new|beautiful|gorgeous) )*|baby )"
            r"(?P<child>girl|boy|daughter|son|baby|twins|little one)|baby (?P<named>(?-i:[A-Z])[\w'-]+))"
            r" (?:(?:has|have|finally|just) )*(?:arrived|is here|are here|came)\b(?! (?:home|back|round|over|to)\b)",
            re.IGNORECASE,
        ),
        build=arrived_rule,
    ),
    Rule(
        priority=1673,
        pattern=re.compile(
            r"\b(?:we(?:'re| are)|I(?:'m| am)) (?:(?:definitely|officially|actually) )?having"
            r" (?:an? )?(?P<which>baby boy|baby girl|boy|girl|twins)(?=\s*(?:$|[!.,]|\s+(?:in|due|this|next)\b))",
            re.IGNORECASE,
        ),
        build=expecting_which_rule,
    ),
    Rule(
        priority=834,  # before "my <occasion> is …" (rules/occasions.py): "due date" ends in "date"
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)|(?:the|our|my) (?:baby|little one)(?:'s| is)) due "
            + DUE_WHEN
            + r"|\bmy due date(?:'s| is) "
            + DUE_WHEN.replace("when", "when2"),
            re.IGNORECASE,
        ),
        build=due_rule,
    ),
    Rule(
        priority=1732,
        pattern=re.compile(
            r"\b(?:I(?:'ve| have)? got )?(?:my|our) (?P<nth>first|second|third|fourth|fifth|sixth|seventh)"
            r" (?P<who>(?:great[- ])?(?:grandchild|grandbaby|grandson|granddaughter))(?: is)? due " + DUE_WHEN,
            re.IGNORECASE,
        ),
        build=grandchild_due_rule,
    ),
    Rule(
        priority=1689,
        pattern=re.compile(
            r"\b(?:I|we)(?:'re| are|'m| am|'ve been| have been) (?:(?:still|now|actively|officially) )?trying"
            r" (?:for (?:a |another |our (?:first|second|third) )?(?:baby|child|kid)|to (?:conceive|get pregnant"
            r"|have (?:a )?(?:baby|kids|children)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=trying_rule,
    ),
]
