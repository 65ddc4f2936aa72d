"""A home being bought or rented, as a channel hears of it step by step: the offer accepted, the
mortgage, the contracts and the day of completion, the keys; a room in a shared house; rent fallen
behind on or going up."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.text import third_person, topics_of

_HOME = (
    r"(?:my|our|the|a) (?:(?:first|new|own|dream|little) )*(?:house|home|flat|apartment|place|bungalow|cottage)"
    r"(?: in (?-i:[A-Z])[\w'-]+)?"
)


def _home(said_home: str, name: str) -> str:
    return third_person(" ".join(said_home.split()), name)


def keys_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we just got the keys to our first house!", "we got the keys today!!!": a home of their own, for good."""
    if match["home"] is None:
        text = f"{said.name} got the keys to their new home" + (f" {match['when'].strip()}" if match["when"] else "")
        return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("home", "moving"))
    text = f"{said.name} got the keys to {_home(match['home'], said.name)}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("home", "moving"))


def contracts_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we exchanged contracts today", "we completed on the flat": a purchase going through."""
    said_home = match["home"] or match["home2"]
    home = f" on {_home(said_home, said.name)}" if said_home else ""
    verb = "exchanged contracts" if match["exchanged"] else "completed"
    return said.fact(f"{said.name} {verb}{home}", MemoryKind.EVENT, HIGH, "30d", topics_of("home", "buying"))


def offer_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our offer on the house was accepted!", "we've had an offer accepted on a flat": a home being
    bought, news for a month."""
    said_home = match["home"] or match["home2"]
    if not said_home:
        return None  # "our offer got accepted": a car's, a job's or a home's, not said
    text = f"{said.name}'s offer on {_home(said_home, said.name)} was accepted"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("home", "buying"))


def completion_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we complete on the 15th of January", "we're exchanging on Friday": the day a purchase goes
    through, kept until then (without a day, nothing: "we complete soon")."""
    if not (when := when_said(match.string[match.end() :])):
        return None
    home = _home(match["home"], said.name) if match["home"] else "their home"
    verb = "exchanging contracts on" if match["verb"].lower().startswith("exchang") else "completing the purchase of"
    text = f"{said.name} is {verb} {home} {when}"
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(when), topics_of("home", "buying"), time=when)


def mortgage_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our mortgage offer came through", "we got our mortgage approved"."""
    return said.fact(f"{said.name}'s mortgage was approved", MemoryKind.EVENT, HIGH, "30d", ["home", "mortgage"])


def room_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm renting a room in a shared house", "in a flatshare": how they live."""
    where = " ".join(match["where"].lower().split())
    where = re.sub(r"\b(?:house ?share|houseshare|flat ?share|flatshare)\b", "shared house", where)
    text = f"{said.name} rents a room in {third_person(where, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("home", "renting"))


def behind_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm behind on rent", "we're two months behind with the mortgage": money owed, for a month."""
    what = match["what"].lower()
    return said.fact(
        f"{said.name} is behind on {'' if what == 'rent' else 'their '}{what}",
        MemoryKind.FACT,
        MEDIUM,
        "30d",
        topics_of("money", what),
    )


def homeowner_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "guess who's finally a homeowner!!", "we're first-time homeowners": a home of their own, for good."""
    finally_ = re.search(r"\b(?:finally|officially|now)\b", match[0], re.IGNORECASE)
    text = f"{said.name} became a homeowner" if finally_ else f"{said.name} is a homeowner"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("home", "homeowner"))


def evicted_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've been given a section 21", "I got served an eviction notice": a home to leave, news for a month."""
    notice = "a section 21 notice" if "21" in match["notice"] else "an eviction notice"
    text = f"{said.name} has been served {notice}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("home", "eviction"))


# How much a rent goes up: "by £150", "to £1,200 a month", "by 8%".
_RISE = re.compile(
    r"\s*(?:by|to) (?P<amount>(?:£|\$|€)\d[\d,]*(?:\.\d\d)?(?: a month| pcm| a week)?|\d{1,2}(?:\.\d)? ?%)",
    re.IGNORECASE,
)


def rent_rise_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "our landlord is putting the rent up by £150 in May", "the rent's going up next month": a dearer
    home ahead, kept until the month after it is said for."""
    rest = match.string[match.end() :]
    past = re.search(r"\b(?:has|have|upped|bumped|hiked)\b|(?<!being )\braised\b", match[0], re.IGNORECASE)
    text = f"{said.name}'s rent {'went' if past else 'is going'} up"
    if rise := _RISE.match(rest):
        text += f" {rise[0].strip()}"
    when = when_said(rest)
    text += f" {when}" if when else ""
    return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(when), topics_of("home", "rent"), time=when)


RULES = [
    Rule(
        priority=1731,
        pattern=re.compile(
            r"\b(?:(?:our|my|the) landlord(?:'s| is| has| wants to| is going to)|they(?:'re| are| have))"
            r" (?:(?:just|now) )?(?:putting|put"
            r"|upping|upped|raising|raise|raised|bumping|bumped|hiking|hike|hiked|up) (?:the|our|my) rent(?: up)?"
            r"|\b(?:our|my|the) rent(?:'s| is) (?:going up|being (?:put up|raised|increased)|rising)",
            re.IGNORECASE,
        ),
        build=rent_rise_rule,
    ),
    Rule(
        priority=1524,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|officially) )?(?:got|picked up|collected)"
            rf" (?:the )?keys (?:to|for) (?P<home>{_HOME})\b"
            # "we got the keys today!!!": a home's, said with no home (not "I got the keys from reception")
            r"|\b(?:we(?:'ve| have)?|I(?:'ve| have)? (?:finally|officially)) (?:(?:just|finally|officially) )?"
            r"(?:got|picked up|collected) (?:the|our) keys(?P<when> (?:today|yesterday|this morning|at last))?[!.\s]*$",
            re.IGNORECASE,
        ),
        build=keys_rule,
    ),
    Rule(
        priority=1525,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|officially) )?(?:(?P<exchanged>exchanged)(?: contracts)?"
            rf"(?: on (?P<home>{_HOME}))?(?=\s*(?:$|[,.!]|today|yesterday|this|on\b))|completed on (?P<home2>{_HOME}))",
            re.IGNORECASE,
        ),
        build=contracts_rule,
    ),
    Rule(
        priority=1695,
        pattern=re.compile(
            rf"\b(?:my|our) offer (?:on (?P<home>{_HOME}) )?(?:was|got|has been|'s been) accepted\b"
            r"|\b(?:I|we)(?:'ve| have)? (?:just |finally )?had (?:an|our) offer accepted"
            rf"(?: on (?P<home2>{_HOME}))?",
            re.IGNORECASE,
        ),
        build=offer_rule,
    ),
    Rule(
        priority=1696,
        pattern=re.compile(
            r"\b(?:I|we)(?:'re| are|'m| am| will| should)? (?P<verb>complete|completing|exchange|exchanging)"
            r"(?: contracts)?"
            rf"(?: on (?P<home>{_HOME}))?(?= (?:on|next|this|in|tomorrow|at the end)\b)",
            re.IGNORECASE,
        ),
        build=completion_rule,
    ),
    Rule(
        priority=1526,
        pattern=re.compile(
            r"\b(?:my|our) mortgage (?:offer )?(?:came through|was approved|got approved|is approved)\b"
            r"|\b(?:I|we) got (?:the |our |my )?mortgage (?:offer|approved|approval)\b",
            re.IGNORECASE,
        ),
        build=mortgage_rule,
    ),
    Rule(
        priority=1527,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:currently|still|now) )?(?:renting|in|living in) a room in (?P<where>a (?:shared house"
            r"|house ?share|flat ?share|houseshare|flatshare)|(?:a|my) (?:friend's|mate's) (?:house|flat|place))",
            re.IGNORECASE,
        ),
        build=room_rule,
    ),
    Rule(
        priority=1528,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:a bit|a month|two months|a couple of months|a few months|still) )?"
            r"behind (?:on|with) (?:the |my |our )?(?P<what>rent|mortgage|bills|council tax)\b",
            re.IGNORECASE,
        ),
        build=behind_rule,
    ),
    Rule(
        priority=1672,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:just )?(?:been|got) (?:given|served|handed) (?:with )?(?:a|an|our|my)"
            r" (?P<notice>section 21|s21|eviction notice|notice to quit|no[- ]fault eviction)\b",
            re.IGNORECASE,
        ),
        build=evicted_rule,
    ),
    Rule(
        priority=1641,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)|guess who(?:'s| is)) (?:(?:finally|now|officially|proud) )*(?:an? )?"
            r"(?:first[- ]time )?home ?owners?\b",
            re.IGNORECASE,
        ),
        build=homeowner_rule,
    ),
]
