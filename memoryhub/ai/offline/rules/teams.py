"""What a workplace's channel tells of its people beside their jobs (``rules/work.py``): the team one
is on or was moved to ("I've just been moved onto the payments team"), and how one works: the hours
("I work nights"), hybrid or remote, and the days in the office ("in the office Tue-Thu"); how long
one has done one's work ("I've been teaching for 12 years") and an inspection ahead ("Ofsted are in
on Wednesday"). A new manager named in answer to "who's your new manager?" is ``rules/answers.py``'s."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.text import third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, WEEKDAYS, word_set

_TEAM = r"(?P<team>[\w&/-]+(?: [\w&/-]+){0,2}?) team\b"
_NO_TEAM = word_set("same other winning losing right wrong whole home away a b an my our new")
# What a new team or way of working replaces among the memories (consolidation.SLOTS).
SLOTS = {
    "team": r" (?:is (?:now )?on|joined) the [\w&/ -]+ team\b",
    "working pattern": r" works (?:hybrid|remotely)\b",
    "office days": r"(?: works (?:hybrid|remotely),)? is in the office\b",
}
_DAYS = {day[:3]: day.capitalize() for day in WEEKDAYS.split("|")} | {"tues": "Tuesday", "thurs": "Thursday"}
_DAY = rf"(?:{WEEKDAYS})s?|{'|'.join(_DAYS)}"
# The days one is in the office: "Tue-Thu", "Tuesdays and Thursdays", "3 days a week", "Mon to Wed".
_OFFICE_DAYS = (
    rf"(?:on )?(?P<days>(?:{_DAY})(?:\s*(?:-|to|and|&|,)\s*(?:{_DAY}))+|(?:{WEEKDAYS})s"
    r"|(?:two|three|four|2|3|4) days a week)\b"
)


def team_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on the frontend team", "I've just been moved onto the payments team", "I joined the data
    team", "I work nights": the team they are on (the next one replaces it) and the hours they work."""
    said_of = match.groupdict()
    if said_of.get("hours"):
        hours = said_of["hours"].lower()
        return said.fact(f"{said.name} works {hours}", MemoryKind.FACT, HIGH, PERMANENT, ["work"], slot="hours")
    team = " ".join(match["team"].split())
    if team.split()[0].lower() in _NO_TEAM:
        return None  # "I'm on the same team", "I joined a new team": no team of theirs named
    verb = "joined" if said_of["joined"] else "is now on" if said_of["moved"] else "is on"
    text = f"{said.name} {verb} the {team} team"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", team), slot="team")


def _days(said: str) -> str:
    """ "Tue-Thu" → "Tuesday to Thursday", "tues & thurs" → "Tuesday and Thursday"."""
    days = re.sub(r"\s*-\s*", " to ", " ".join(said.split()))
    days = re.sub(r"\s*&\s*", " and ", days)
    return re.sub(r"\b[A-Za-z]+\b", lambda word: _DAYS.get(word[0].lower(), word[0]), days)


def working_pattern_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm hybrid, in the office Tue-Thu", "I'm fully remote", "I'm in the office Tuesdays and
    Thursdays": how one works, and the days one comes in."""
    how = (match["how"] or "").lower()
    office = _OFFICE_DAYS_AFTER.search(match.string, match.end()) if how else match
    text = f"{said.name} works {'remotely' if how == 'remote' else how}" if how else ""
    if text and (where := _FROM_PLACE.match(match.string, match.end())):
        text += f" from {third_person(where['where'], said.name)}"
    if office is not None and office["days"]:
        days = f"in the office {_days(office['days'])}"
        text = f"{text}, {days}" if text else f"{said.name} is {days}"
    slot = "office days" if office is not None and office["days"] else "working pattern"  # the one replaces the other
    topics = topics_of("work", "office" if slot == "office days" else how)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics, slot=slot)


# Where one works from: "I work fully remote from a village in Wales", "I'm remote from Lisbon".
_FROM_PLACE = re.compile(
    r" from (?P<where>(?:(?:a|an|the|my|our) )?(?:[\w'-]+ ){0,2}?(?:in )?(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)*)",
    re.IGNORECASE,
)
_OFFICE_DAYS_AFTER = re.compile(rf"\bin (?:the )?office {_OFFICE_DAYS}", re.IGNORECASE)


_CAREERS = (
    r"teaching|nursing|coding|programming|lecturing|practi[sc]ing (?:law|medicine)|farming|cheffing|hairdressing"
    r"|driving (?:a )?(?:taxi|cab|lorry|truck|bus)|midwifing|tutoring|consulting|freelancing"
)
# An inspection at work, by whom: "Ofsted are in on Wednesday", "we've got an audit next week".
_INSPECTORS = {"ofsted": "an Ofsted inspection", "cqc": "a CQC inspection", "the inspectors": "an inspection"}


def career_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been teaching for 12 years", "I've been nursing since 2009": how long they have done
    their work."""
    doing = " ".join(match["doing"].lower().split())
    text = f"{said.name} has been {doing} {match['span'].lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", doing.split()[0]))


def inspection_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "Ofsted are in on Wednesday, send help", "we've got an audit next week": an inspection at their
    work ahead, until its day."""
    who = " ".join((match["who"] or match["who2"]).lower().split())
    what = _INSPECTORS.get(who, who if who.startswith(("an ", "a ")) else f"an {who}")
    time = time_in(match["rest"] or match["rest2"])
    text = f"{said.name} has {what} at work" + (f" {time}" if time else "")
    expiration = expiration_for(time) if time else "7d"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration, topics_of("work", "inspection"), time=time)


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table). The team goes
# before pastimes' "I joined …" (970), which reads a team as a club ("joined a payments team").
RULES = [
    Rule(
        priority=965,
        pattern=re.compile(
            r"\bI(?:(?:'ve| have)? (?:just |recently |finally |now |also )?"
            r"(?:(?P<moved>(?:been |got )?(?:moved|transferred|reassigned|switched)(?: over| across)? (?:on)?to)"
            r"|(?P<joined>joined))|(?:'m| am) (?:now |currently |still )?(?:on|in)) the "
            rf"{_TEAM}",
            re.IGNORECASE,
        ),
        build=team_rule,
    ),
    Rule(
        priority=1497,
        pattern=re.compile(
            r"\bI (?:mostly |usually |only )?work (?P<hours>nights|night shifts|days|(?:(?:at|on) (?:the )?)?weekends"
            r"|evenings|lates|earlies"
            r"|shifts|twelve hour shifts|12 hour shifts|\d on,? \d off|(?:a )?(?:four|4)[- ]day week)\b",
            re.IGNORECASE,
        ),
        build=team_rule,
    ),
    Rule(
        priority=1582,
        pattern=re.compile(
            r"\bI(?:'m| am| work)? (?:fully |mostly |now |currently )?(?P<how>hybrid|remote)(?:ly)?\b"
            rf"|\bI(?:'m| am) (?:usually |normally |now )?in (?:the )?office {_OFFICE_DAYS}",
            re.IGNORECASE,
        ),
        build=working_pattern_rule,
    ),
    Rule(
        priority=1594,
        pattern=re.compile(
            rf"\bI(?:'ve| have) been (?P<doing>{_CAREERS}) (?P<span>{FOR_A_SPAN}|since (?:19|20)\d\d)\b",
            re.IGNORECASE,
        ),
        build=career_rule,
    ),
    Rule(
        priority=1595,
        pattern=re.compile(
            r"\b(?P<who>Ofsted|CQC|the inspectors) (?:are|is) (?:coming )?(?:in|coming|visiting)\b(?P<rest>.*)"
            r"|\bwe(?:'ve| have)(?: got)? (?P<who2>Ofsted|CQC|an inspection|an audit)"
            r"(?= (?:on|next|this|tomorrow|in)\b)(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=inspection_rule,
    ),
]
