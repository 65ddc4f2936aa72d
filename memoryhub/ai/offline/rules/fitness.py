"""What a fitness community keeps count of: a lift, a personal best, weight lost."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import topics_of
from memoryhub.ai.offline.vocabulary import WEEKDAYS

_LIFTS = r"deadlift|squat|bench(?: press)?|overhead press|clean and jerk|snatch"
_WEIGHT = r"\d{2,3}(?:\.\d)?\s?(?:kg|kgs|kilos|lbs?|pounds)\b"
_DISTANCES = r"5k|10k|parkrun|half marathon|half|marathon|mile|ultra|10 ?mile|5 ?mile"
_TIME = r"(?:\d{1,2}:)?\d{1,2}:\d{2}|sub[- ]\d{1,2}(?::\d{2})?"


# What a new lift or best replaces among the memories (consolidation.SLOTS): the same lift, the same distance.
SLOTS = {
    "lift deadlift": r" deadlifts \d",
    "lift squat": r" squats \d",
    "lift bench": r" benches \d",
    **{
        f"best {distance}": rf"(?:'s {distance} personal best is| set a new {distance} personal best of)\b"
        for distance in ("5k", "10k", "parkrun", "marathon", "half marathon")
    },
    "best": r"(?:'s personal best is| set a new personal best of)\b",  # of what, unsaid
}


_LIFTED = {"deadlift": "deadlifts", "squat": "squats", "bench": "benches", "bench press": "benches"}


def lift_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I deadlift 140kg now", "I can squat 100kg", "I benched 80kg today", "I hit a new deadlift PR
    today, 140kg": a lift and its weight."""
    lift = (match["lift"] or match["lift2"] or match["lift3"]).lower()
    weight = (
        re.sub(r"\s+", "", (match["weight"] or match["weight2"]).lower()).replace("kgs", "kg").replace("kilos", "kg")
    )
    verb = _LIFTED.get(lift, "can lift")
    text = f"{said.name} {verb} {weight}" + (f" ({lift})" if verb == "can lift" else "")
    if not match["lift"]:  # "I hit a new PR on deadlift": news, and said as such (the persona congratulates on it)
        text = f"{said.name} set a new {lift} personal best of {weight}"
    slot = f"lift {lift.split()[0]}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("fitness", lift), slot=slot)


def best_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my 5k PB is 22:30", "new PB today, 1:45 half marathon!": a best time, and one just set."""
    distance = (match["distance"] or match["distance2"] or match["distance3"] or match["distance4"] or "").lower()
    distance = "half marathon" if distance == "half" else distance  # (none: "my PB is 24:30")
    time = (match["time"] or match["time2"] or match["time3"] or match["time4"] or "").lower()
    if match["distance4"] and not time and (after := re.match(rf"[\s!,.:]*({_TIME})\b", said.message_after())):
        time = after[1]  # "new parkrun PB today! 24:10"
    # "new PB today, …": news, and said as such (the persona congratulates on it)
    of = f"{distance} " if distance else ""
    if match["time"]:
        text = f"{said.name}'s {of}personal best is {time}"
    else:
        text = f"{said.name} set a new {of}personal best" + (f" of {time}" if time else "")
    slot = f"best {distance}" if distance else "best"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("running", distance or "best"), slot=slot)


def weight_lost_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've lost 10kg since January": weight lost, and since when."""
    amount = re.sub(r"(\d)\s+(?=kg|lb)", r"\1", match["amount"].lower())  # "10 kg" → "10kg"; "2 stone" stays
    since = f" since {match['since']}" if match["since"] else ""
    text = f"{said.name} has lost {amount}{since}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, ["fitness"])


RULES = [
    Rule(
        priority=1498,
        pattern=re.compile(
            rf"\bI (?:can |could )?(?:now |just |finally )?(?P<lift>{_LIFTS})(?:ted|ed|s)? (?P<weight>{_WEIGHT})"
            # "I hit a new deadlift PR today, 140kg"
            rf"|\bI (?:just |finally )?(?:hit|got|set) (?:a )?(?:new )?(?:(?P<lift2>{_LIFTS}) (?:PR|PB|personal best)"
            rf"|(?:PR|PB|personal best) (?:on|in|for) (?:my |the )?(?P<lift3>{_LIFTS}))\b"  # "a new PR on deadlift"
            rf"(?: (?:today|yesterday|this morning|tonight|of))?[,!:\s-]*(?P<weight2>{_WEIGHT})",
            re.IGNORECASE,
        ),
        build=lift_rule,
    ),
    Rule(
        priority=1499,
        pattern=re.compile(
            rf"\bmy (?:(?P<distance>{_DISTANCES}) )?(?:PB|PR|personal best|best time)(?: is|'s| is now| now)"
            rf" (?P<time>{_TIME})"
            rf"|^new (?:PB|PR|personal best)\b(?: today| at the weekend)?[,!:]* (?P<time2>{_TIME})"
            rf" (?:at (?:the |my )?|for (?:the |my )?|in (?:the |my )?)?(?P<distance2>{_DISTANCES})\b"
            # "I got a new PB at parkrun today, 24:10", "PB at parkrun today, 24:31!"
            r"|(?:\bI (?:just |finally )?(?:got|set|ran|hit) (?:a )?new |^(?:(?:just |finally )?(?:got|set|ran|hit)"
            r" (?:a )?)?(?:new )?)(?:PB|PR|personal best) (?:at|in|for)"
            r" (?:the |my )?"
            rf"(?P<distance3>{_DISTANCES})\b(?: today| this morning| on (?:{WEEKDAYS}))?(?:[,!:]* (?P<time3>{_TIME}))?"
            # "new parkrun PB today! 24:10", "got a 5k PB of 22:41 on Saturday"
            r"|(?:^(?:a )?new |(?:\bI |^)(?:just |finally )?(?:got|set|ran|hit) (?:a )?(?:new )?)"
            rf"(?P<distance4>{_DISTANCES}) (?:PB|PR|personal best)\b(?: today| this morning| on (?:{WEEKDAYS}))?"
            rf"(?:(?: of|[,!:]*) (?P<time4>{_TIME}))?",
            re.IGNORECASE,
        ),
        build=best_rule,
    ),
    Rule(
        priority=1501,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:now |finally |just )?lost (?P<amount>\d{1,3}(?:\.\d)?\s?"
            # pounds of weight, not of money: "lost 10 pounds since May", not "lost 10 pounds on a bet"
            r"(?:kg|kgs|kilos|lbs?|stone|st|pounds(?=\s*(?:$|[,.!]|since\b|so far\b|already\b|this\b"
            r"|in (?:a|\d+|two|three) )))\b"
            r"|(?:a|one|two|three|four|five|six|seven|eight|nine|ten|half a) stone\b)"  # "lost two stone"
            r"(?: since (?P<since>(?-i:[A-Z])\w+|the summer|last year|christmas))?",
            re.IGNORECASE,
        ),
        build=weight_lost_rule,
    ),
]
