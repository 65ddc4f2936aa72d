"""A grave health event of one's own, told after it: "I had a heart attack in 2021", "I had a stroke last
year", "I've had three miscarriages". Kept for good and weighed high, as a companion would remember it
(an operation of a few weeks ago, "I'm two weeks post-op", for a month; a relative's is
``rules/family.py``'s; an illness one lives with is ``rules/health.py``'s). Also the patterns by which
``rules/family.py`` tells a relative's injury or treatment (news for a month) and the end of their life
(weighed high). Good news too: home from hospital, a scan clear."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import article_for, topics_of
from memoryhub.ai.offline.vocabulary import COUNTS

_EVENTS = (
    r"heart attack|cardiac arrest|stroke|mini[- ]stroke|TIA|miscarriage|pulmonary embolism|blood clot|DVT"
    r"|(?:nervous|mental) breakdown|brain haemorrhage|brain hemorrhage|aneurysm|sepsis|seizure"
)


# A relative's injury or treatment, news for a month (``rules/family.py``): "broke her wrist at netball",
# "got out of hospital after his knee replacement", "is having an operation on Friday".
HURT_OR_TREATED = re.compile(
    r"^(?:(?:just|finally|recently|only) )?(?:broke|fractured|sprained|twisted|dislocated|tore|snapped|injured"
    r"|did|has broken|has fractured|has sprained|has torn) (?:his|her|their) (?:[a-z]+ )?(?:wrist|arm|leg|ankle|knee"
    r"|hip|shoulder|collarbone|foot|hand|finger|thumb|toe|ribs?|back|nose|elbow|neck|achilles|ACL|hamstring|pelvis)\b"
    r"|^(?:(?:just|finally) )?(?:got|came|is|was|'s|has been|is being) (?:out of|home from|discharged from|back from)"
    r" (?:the )?(?:hospital|ICU|intensive care)|^(?:has been |was |is being |got )?(?:moved|transferred|taken)"
    r" (?:in)?to (?:a |the )?hospice|^(?:is|'s|has been|was) (?:now )?(?:on|receiving|getting|in) (?:palliative"
    r"|end[- ]of[- ]life) care|^(?:is|'s|has been) (?:now )?in (?:a |the )?hospice"
    r"|^(?:is having|has|had|is getting|got|is recovering from|'s recovering from|is waiting for|is booked in for)"
    r" (?:an? |her |his |their )?(?:[a-z]+ ){0,2}?(?:operation|surgery|op|replacement|transplant|scan|biopsy)s?\b"
    r"|^(?:(?:just|recently) )?(?:had|has had|took) (?:a|another) (?:bad |nasty |little |big )?(?:fall|tumble)\b",
    re.IGNORECASE,
)
# A relative at the end of their life, weighed high (``rules/family.py``'s grave ones): "has been moved
# to a hospice", "is on palliative care".
END_OF_LIFE = (
    r"\b(?:moved|transferred|gone|went|taken|admitted) (?:in)?to (?:a |the )?hospice|\b(?:is|'s) in (?:a |the )?hospice"
    r"|\b(?:on|receiving|getting) (?:palliative|end[- ]of[- ]life) care"
)


# What makes it a fright said big: "… when I saw the price lol".
_FRIGHT = re.compile(
    r"\bwhen I (?:saw|heard|opened|got|read|looked|checked|found|realis|realiz)|\b(?:lol|lmao|haha)\b|[😂🤣]", re.I
)


def health_event_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I had a heart attack in 2021", "I've had three miscarriages": what happened, how often, when."""
    if _FRIGHT.search(match["rest"]):
        return None  # "I had a heart attack when I saw the price lol": a fright, said big
    event = " ".join(match["event"].split())
    event = event if event.isupper() else event.lower()
    count = (match["count"] or "").lower()
    if count and count not in ("a", "an", "one"):
        text = f"{said.name} has had {count} {event}s"  # "three miscarriages", "two TIAs"
    else:
        text = f"{said.name} had {article_for(event)} {event}"
    rest = match["rest"]
    if age := re.match(r"\s+(?:at|when I was) (?P<age>\d{1,2})\b", rest, re.IGNORECASE):
        text += f" at {age['age']}"  # "when I was 40"
    elif when := past_day_in(re.split(r"[,;!]| but ", rest)[0]):  # "in 2021", "in March", "… at work today"
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("health", event.split()[-1]))


def post_op_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm two weeks post-op and walking a bit more every day": an operation of a few weeks ago, news for a
    month as "I had surgery last week" is."""
    span = match["span"].lower()
    what = f"a {match['what'].lower()}" if match["what"] else "surgery"  # "… post op from my hip replacement"
    return said.fact(f"{said.name} had {what} {span} ago", MemoryKind.EVENT, HIGH, "30d", ["health", "surgery"])


def discharged_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've just been discharged from hospital", "I got out of hospital yesterday": home again, news
    for a month (met as good news)."""
    text = f"{said.name} was discharged from hospital"
    if when := past_day_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "hospital"))


def clear_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my scan was clear", "my biopsy came back benign": a fear lifted, news for a month."""
    what = " ".join(match["what"].lower().split()).replace("mri", "MRI").replace("ct ", "CT ")
    verb = "were" if match["verb"].lower() == "were" or what.endswith(("results", "bloods")) else "was"
    text = f"{said.name}'s {what} {verb} {' '.join(match['how'].lower().split())}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", what.split()[-1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1737,
        pattern=re.compile(
            r"\bI(?:(?:'ve| have)? (?:just |finally |now )?been discharged(?: from (?:the )?hospital)?"
            r"|(?:'ve| have)? (?:just |finally )?(?:got|came|been let) (?:out of|home from) (?:the )?hospital)\b",
            re.IGNORECASE,
        ),
        build=discharged_rule,
    ),
    Rule(
        priority=1738,
        pattern=re.compile(
            r"\bmy (?P<what>(?:(?:CT|MRI|PET|latest|last|follow[- ]up|six[- ]month|annual) )?(?:scan|biopsy|mammogram"
            r"|test results|results|bloods|blood tests?|smear(?: test)?|MRI))"
            r" (?P<verb>was|were|came back|has come back|have come back)"
            r" (?P<how>(?:all )?clear|normal|negative|benign|fine|all good)\b",
            re.IGNORECASE,
        ),
        build=clear_rule,
    ),
    Rule(
        priority=1682,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |recently |also |actually )?(?:had|suffered) (?P<count>"
            rf"{COUNTS}) (?:(?:massive|major|minor|small|big|bad|mild|serious|silent) )?(?P<event>{_EVENTS})s?\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=health_event_rule,
    ),
    Rule(
        priority=1718,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:only |now |just |nearly |almost )?(?P<span>(?:a|one|two|three|four|five|six|\d{1,2})"
            r" (?:days?|weeks?|months?)) post[- ]?(?:op|surgery|operation)\b"
            r"(?: (?:from|after) (?:my|a|the) (?P<what>(?:[\w-]+ ){0,2}?(?:replacement|surgery|operation|op|removal"
            r"|transplant|bypass|reconstruction|repair)))?",
            re.IGNORECASE,
        ),
        build=post_op_rule,
    ),
]
