"""Gigs, festivals, matches and weddings one has a part in: tickets got, a band seen live, a tour
going to, a bridesmaid or a best man."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.weddings import wedding_told
from memoryhub.ai.offline.text import article_for, third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, MONTHS

_NAME = r"(?-i:[A-Z])[\w'&-]*(?: (?:(?-i:[A-Z])[\w'&-]*|of|the|and|&))*"
# Where a band plays, said as its name: "at Wembley", "at the O2", "at the Brixton Academy".
_VENUE = (
    r"(?:Wembley|the O2|Glastonbury|Madison Square Garden|(?:the )?(?:(?-i:[A-Z])[\w'-]+ ){1,2}(?-i:Arena|Academy"
    r"|Apollo|Stadium|Hall|Palladium|Bowl|Roundhouse|Ballroom|Forum|Dome|Barrowlands|Garden))"
)
_SHOWS = r"gig|concert|festival|match|game|show|tour|final|musical|play|premiere|derby"
# Festivals named as people type them, in lower case or by a nickname ("tickets for glasto"); a name
# that is also a word ("Reading", "Download") only as "… festival", which ``_NAME`` reads already.
_FESTIVALS = {
    "glasto": "Glastonbury",
    "glastonbury": "Glastonbury",
    "coachella": "Coachella",
    "bestival": "Bestival",
    "boomtown": "Boomtown",
    "creamfields": "Creamfields",
    "parklife": "Parklife",
    "tramlines": "Tramlines",
    "primavera": "Primavera Sound",
    "roskilde": "Roskilde",
    "sziget": "Sziget",
    "lollapalooza": "Lollapalooza",
    "lolla": "Lollapalooza",
    "bonnaroo": "Bonnaroo",
    "burning man": "Burning Man",
}


def _with_time(text: str, rest: str, said: Said, topics: list[str]) -> Fact:
    month = re.match(rf"\s+for ({MONTHS})\b", rest, re.IGNORECASE)
    time = f"in {month[1].title()}" if month else when_said(rest)  # "Taylor Swift tickets for June"
    if time and time not in text:
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else "30d", topics, time=time)


def tickets_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've got tickets for Glastonbury!", "we got tickets to the cup final": a day out ahead."""
    what = " ".join((match["what"] or match["what2"]).split())
    what = _FESTIVALS.get(what.lower(), what)
    return _with_time(f"{said.name} has tickets for {what}", match["rest"], said, topics_of("events", "tickets"))


def tour_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're going to the Eras tour": a named show ahead."""
    what = " ".join(match["what"].split())
    return _with_time(f"{said.name} is going to {what}", match["rest"], said, topics_of("events", match["show"]))


def saw_live_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I saw Radiohead live last night", "we saw Coldplay at Wembley on Saturday": a band seen, for a
    month; "I've seen Radiohead 12 times": for good."""
    if match["times"]:  # "I've seen Radiohead 12 times": a fan's count, for good (a band's or a film's)
        live = " live" if match["live"] else ""
        text = f"{said.name} has seen {match['who2']}{live} {match['times'].lower()} times"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("music" if live else "fan", "seen"))
    text = f"{said.name} saw {match['who']} live" + (f" {match['venue']}" if match["venue"] else "")
    if when := past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("music", "gig"))


def season_ticket_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've had a season ticket at Elland Road for 15 years", "I'm a season ticket holder at Anfield",
    "I've had a season ticket since 2015", "I've been a Liverpool season ticket holder since 1998":
    a ground they go to every home game, kept for good."""
    named = match["where"] or match["club"]
    where = f" at {' '.join(named.split())}" if named else ""
    span = re.match(rf"\s+(?P<span>{FOR_A_SPAN}|since \d{{4}})\b", match["rest"] or match["rest2"] or "")
    verb = "has had" if span or match["had"] or match["been"] else "has"
    text = f"{said.name} {verb} a season ticket{where}" + (f" {span['span']}" if span else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("football", "season ticket"))


# Whose wedding the message told of before a role in it: "my brother's wedding is June 14 and …",
# "my best friend is getting married in August and …".
_WEDDING_TOLD = re.compile(
    r"\bmy (?P<who>(?:best |older |younger |little |big )?[a-z]+)(?:'s wedding\b|(?:'s| is) getting married\b)",
    re.IGNORECASE,
)


def wedding_role_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a bridesmaid next month", "I'm best man at my brother's wedding in June"."""
    ahead = bool(match["ahead"])  # "I'm going to be a bridesmaid!": news told, with its day or not
    whose, rest = match["whose"], match["rest"]
    at = said.scene.line_text.find(match[0])
    before = said.scene.line_text[:at] if at > 0 else ""  # the message before the role, where a wedding is told
    if not whose and (told := _WEDDING_TOLD.search(before)):
        whose = f"my {told['who']}'s wedding"  # "my brother's wedding is June 14 and I'm the best man"
        rest = rest if when_said(rest) else before[told.end() :]  # the wedding's day, unless the role says one
    if not whose and (earlier := wedding_told(said)):
        whose, rest = earlier  # "my best friend is getting married in August" … "I'm maid of honour"
    if not whose and not when_said(rest) and not ahead:
        return None  # "I'm the best man 😬": of no wedding told, with no time of its own
    role = " ".join(match["role"].lower().split())
    said_article = (match["article"] or "").strip().lower()
    bare = role in ("best man", "maid of honour", "maid of honor")  # "I'm best man": as said
    article = "the " if said_article == "the" else "" if bare and not said_article else f"{article_for(role)} "
    text = f"{said.name} is {'going to be ' if ahead else ''}{article}{role}"
    if whose:
        text += f" at {third_person(' '.join(whose.split()), said.name)}"
    return _with_time(text, rest, said, topics_of("wedding", role.split()[-1]))


RULES = [
    Rule(
        priority=1541,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|actually) )?(?:got|bought|scored|managed to get|have)"
            r" (?:(?:two|2|a pair of|some|the) )?(?:tickets? (?:for|to)"
            rf" (?P<what>(?:the|a) (?:[^,.!?;]{{1,40}}? )?(?:{_SHOWS})|(?:the )?{_NAME}|{'|'.join(_FESTIVALS)})"
            rf"|(?P<what2>{_NAME}|{'|'.join(_FESTIVALS)}) tickets)\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=tickets_rule,
    ),
    Rule(
        priority=1542,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:going|heading|off) to"
            rf" (?P<what>the (?:{_NAME} )(?P<show>{_SHOWS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=tour_rule,
    ),
    Rule(
        priority=1543,
        pattern=re.compile(
            rf"\b(?:I|we) (?:(?:just|finally|also) )?(?:saw|went to see|got to see) (?P<who>{_NAME})"
            rf" (?:live|in concert|(?P<venue>at {_VENUE}))\b(?P<rest>.*)"
            rf"|\bI(?:'ve| have) seen (?P<who2>{_NAME})(?P<live> live)?"
            r" (?P<times>\d{1,3}|three|four|five|six|seven|eight|nine|ten|twenty|fifty) times\b",
            re.IGNORECASE,
        ),
        build=saw_live_rule,
    ),
    Rule(
        priority=1602,
        pattern=re.compile(
            rf"\bI(?:'m| am|(?P<been>'ve been| have been)) an? (?P<club>{_NAME}) season ticket holder(?P<rest2>.*)"
            r"|(?:\bI(?:'m| am) a season ticket holder|\bI(?:(?P<had>'ve had| have had)|'ve got| have got| have)"
            r" (?:a )?season tickets?)(?: (?:at|for)"
            rf" (?P<where>(?:the )?{_NAME})|(?= since \d{{4}}\b))(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=season_ticket_rule,
    ),
    Rule(
        priority=1544,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?P<ahead>going to be|gonna be) |also )?(?P<article>an? |the )?"
            r"(?P<role>bridesmaid|maid of honou?r|matron of honou?r|best man|groomsman|flower girl|page boy)\b"
            r"(?: (?:at|for) (?P<whose>(?:my|our) [^,.!?;]+?wedding))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=wedding_role_rule,
    ),
]
