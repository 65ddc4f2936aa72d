"""How they are in their mind and health, as a companion would want to know: "I got diagnosed with
ADHD last month", "I'm on the waiting list for therapy", "my anxiety's been bad this week", "I had a
panic attack on the bus", "I'm 6 months clean today", "I'm grieving my nan", "I'm going through the
menopause", "I came out to my parents last week"."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in, past_time_in
from memoryhub.ai.offline.rules.health import condition_name
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import third_person, topics_of


def diagnosed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got diagnosed with ADHD last month", "I was diagnosed with type 1 when I was 12": a diagnosis,
    for good, and the age it came at."""
    said_condition, age = match["condition"], ""
    if at := _AT_AN_AGE.search(said_condition):
        said_condition, age = said_condition[: at.start()], f" at {at['age']}"
    condition = condition_name(phrase_cut(said_condition, max_words=5))
    when = past_time_in(match["condition"])
    condition = condition.removesuffix(f" {when}") if when else condition
    if not condition:
        return None
    condition = re.sub(r"^type (?:1|one|2|two)$", lambda m: f"{m[0]} diabetes", condition)  # "type 1"
    text = f"{said.name} was diagnosed with {condition}" + (f" {when}" if when else "") + age
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", condition.split()[-1]))


_AT_AN_AGE = re.compile(r"\s+(?:when I was|at(?: the age of)?|aged) (?P<age>\d{1,2})\b", re.IGNORECASE)


def waiting_list_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on the waiting list for therapy": care they are waiting for, for a month."""
    what = third_person(phrase_cut(match["what"], max_words=6), said.name)
    return said.fact(f"{said.name} is on the waiting list for {what}", MemoryKind.FACT, MEDIUM, "30d", ["health"])


def flare_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my anxiety's been bad this week": how a condition is lately, for a week."""
    condition = condition_name(match["condition"])
    how = match["how"].lower()
    text = f"{said.name}'s {condition} has been {how}" + (f" {match['when'].lower()}" if match["when"] else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "7d", topics_of("health", condition))


def panic_attack_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I had a panic attack on the bus last Tuesday": an attack had, for a month."""
    where = re.match(r"\s+(?P<where>(?:at|in|on) (?:work|school|uni|the \w+|my \w+))", match["rest"] or "")
    when = past_time_in(match["rest"] or "")
    text = f"{said.name} had {match['what'].lower()}" + (f" {third_person(where['where'], said.name)}" if where else "")
    text += f" {when}" if when else ""
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "anxiety"))


def clean_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm 6 months clean today": how long sober or clean, for good."""
    text = f"{said.name} has been {match['state'].lower()} for {match['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "sobriety"))


def relapse_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I relapsed last weekend": a step back in recovery, told for a month (what a peer asks after)."""
    when = past_time_in(match["rest"] or "")
    text = f"{said.name} relapsed" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "sobriety"))


def attacks_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I get panic attacks at work", "I've been having nightmares": what keeps happening to them."""
    what = " ".join(match["what"].lower().split())
    where = re.match(r"\s+(?P<where>(?:at|in|on|before|when) (?:work|school|uni|night|the \w+|my \w+))", match["rest"])
    lasting = "having" not in match[0].lower()
    verb = "gets" if lasting else "has been having"  # "I've been having nightmares": lately, for a month
    text = f"{said.name} {verb} {what}" + (f" {third_person(where['where'], said.name)}" if where else "")
    topic = "sleep" if what.startswith(("nightmares", "night terrors")) else "anxiety"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT if lasting else "30d", topics_of("health", topic))


def grieving_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm grieving my nan": a loss they are living with, for a month."""
    who = third_person(match["who"].lower(), said.name)
    return said.fact(f"{said.name} is grieving {who}", MemoryKind.EVENT, HIGH, "30d", topics_of("family", "loss"))


def menopause_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going through the menopause", "I'm perimenopausal": a stage of life of years, for good."""
    what = (
        "perimenopause" if "peri" in match[0].lower() else "the early menopause" if match["early"] else "the menopause"
    )
    text = f"{said.name} is going through {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", what))


# Whom one came out to: people, not a place ("I came out to my car and it was gone").
_CAME_OUT_TO = (
    r"(?:my|our) (?:parents|mum|mom|dad|family|friends|sister|brother|wife|husband|partner|boss|colleagues|team"
    r"|grandparents|nan|gran|grandma|grandad|kids|son|daughter|manager|best friend)|everyone|work"
)


def came_out_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I came out to my parents last week", "I finally came out as bi": who they are, told, for good.
    Said alone, "came out" is as often out of hospital, the water or a meeting: nothing."""
    if not (match["what"] or match["who"]):
        return None
    text = f"{said.name} came out"
    if match["what"]:
        text += f" as {match['what'].lower()}"
    if match["who"]:
        text += f" to {third_person(match['who'].lower(), said.name)}"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("identity", "coming out"))


RULES = [
    Rule(
        priority=1481,
        pattern=re.compile(
            r"\bI(?: (?:just |recently |finally )?(?:got|was)|(?:'ve| have) (?:just |recently |finally )?been)"
            r" diagnosed with (?P<condition>.+)",
            re.IGNORECASE,
        ),
        build=diagnosed_rule,
    ),
    Rule(
        priority=1482,
        pattern=re.compile(r"\bI(?:'m| am|'ve been| have been) on (?:the|a) waiting list for (?P<what>.+)", re.I),
        build=waiting_list_rule,
    ),
    Rule(
        priority=1483,
        pattern=re.compile(
            r"\bmy (?P<condition>anxiety|depression|ocd|adhd|back|migraines|asthma|eczema|ibs|mental health|insomnia"
            r"|pcos|endo|endometriosis|arthritis|chronic pain)(?:'s| has) been (?:(?:really|so|pretty|quite) )?"
            r"(?P<how>bad|awful|terrible|rough|horrendous|worse|better|good|ok|okay|manageable|flaring up)"
            r"(?: (?P<when>this week|lately|recently|this month|today))?\b",
            re.IGNORECASE,
        ),
        build=flare_rule,
    ),
    Rule(
        priority=1484,
        pattern=re.compile(
            r"\bI (?:just |recently )?had (?P<what>(?:a|my first|another) (?:bad |massive |huge )?panic attack)\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=panic_attack_rule,
    ),
    Rule(
        priority=1485,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:now )?(?P<span>(?:\d{1,4}|one|two|three|four|five|six|a few)"
            r" (?:days|weeks|months|years)) (?P<state>clean|sober)\b",
            re.IGNORECASE,
        ),
        build=clean_rule,
    ),
    Rule(
        priority=1487,
        pattern=re.compile(r"\bI (?:just |recently |sadly )?relapsed\b(?P<rest>.*)", re.IGNORECASE),
        build=relapse_rule,
    ),
    Rule(
        priority=1488,
        pattern=re.compile(
            r"\bI(?: (?:get|have|suffer from|still get|keep getting)|(?:'ve| have) been having)"
            r" (?P<what>(?:bad |awful )?(?:panic attacks|anxiety attacks|nightmares|night terrors))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=attacks_rule,
    ),
    Rule(
        priority=1486,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:still )?grieving (?P<who>(?:my|our) (?:[\w'-]+ ){0,2}?(?:mum|mom|dad|nan|nana|gran"
            r"|granny|grandma|grandad|grandpa|grandmother|grandfather|sister|brother|son|daughter|wife|husband|partner|friend"
            r"|best friend|aunt|uncle|cousin|dog|cat|baby))\b",
            re.IGNORECASE,
        ),
        build=grieving_rule,
    ),
    Rule(
        priority=1699,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:now|currently|probably) )?(?:going through (?:the )?(?P<early>early )?"
            r"(?:menopause|perimenopause|peri-menopause|the change)|(?:peri-?menopausal|menopausal))\b",
            re.IGNORECASE,
        ),
        build=menopause_rule,
    ),
    Rule(
        priority=1700,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|officially|recently) )?came out"
            r"(?: as (?P<what>gay|lesbian|bi|bisexual|trans|transgender|non-binary|nonbinary|queer|pan|pansexual"
            rf"|asexual|ace))?(?: to (?P<who>{_CAME_OUT_TO}))?"
            r"(?=\s+(?:last|this|yesterday|today|on|in|at)\b|\s*[,.!?]|\s*$)",
            re.IGNORECASE,
        ),
        build=came_out_rule,
    ),
]
