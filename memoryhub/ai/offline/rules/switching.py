"""What one uses now in place of what one used: "I switched from Android to iPhone last month", "I ditched
Spotify for Apple Music", "we changed our energy supplier to Octopus", "I just upgraded to a 4090". A
lasting fact (what to talk about, what not to recommend), with the time it changed when one was said."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.rules.online import TOOLS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import PAST_TIME, TIME

_SUBJECT = r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|recently|eventually|also|now) )?"
# What is not a thing one uses: "changed my mind", "swapped it for a tenner", "… for the third time".
_NOT_A_THING = re.compile(
    r"^(?:it|that|this|them|(?:new |newer |better |old )?ones?|mind|plans?|tack|sides|seats|jobs?|courses?"
    r"|shifts?|places|tenner|fiver|quid|[£$€\d]|(?:first|second|third|\w+th|last|next) time)\b",
    re.IGNORECASE,
)


def _thing(raw: str, said: Said) -> str:
    """The thing named at the start of ``raw``, as said ("VS Code", "a 4090"), without its time."""
    for time in (PAST_TIME, TIME):
        if found := time.search(raw):
            raw = raw[: found.start()]
    thing = third_person(phrase_cut(" ".join(raw.split()), max_words=4), said.name)
    bare = re.sub(r"^(?:their|the|an?) ", "", thing, flags=re.IGNORECASE)
    return "" if not content_words(thing) or _NOT_A_THING.match(bare) else thing


def switched_tool_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I switched from Android to iPhone", "I swapped my Xbox for a PS5", "we changed our energy
    supplier to Octopus", "we switched banks to Monzo", "I upgraded to a 4090"."""
    said_before, said_what = match["before"] or match["before2"], match["what"] or match["what2"]
    before, what = (_thing(raw, said) if raw else "" for raw in (said_before, said_what))
    now = _thing(match.string[match.end() :], said)
    if not now or (said_before and not before) or (said_what and not what):
        return None
    if match["upgraded"]:
        text = f"{said.name} upgraded {f'{what} ' if what else ''}to {now}"
    elif what:
        text = f"{said.name} switched {what} to {now}"
    else:
        text = f"{said.name} switched {f'from {before} ' if before else ''}to {now}"
    if when := past_time_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("switch", *content_words(now)[-1:]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1757,
        pattern=re.compile(
            _SUBJECT + r"(?:(?:switched|migrated|jumped ship"
            # "moved" only to a system or a device (rules/online.py): "I moved over to Linux", not to Leeds
            rf"|moved(?: over| across)?(?= (?:from [^,.!?;]{{2,40}}? )?to (?:{TOOLS})\b))"
            r"(?: from (?P<before>[^,.!?;]{2,40}?))? to"
            r"|(?:swapped|traded|ditched) (?P<before2>(?:my |our |the )?[^,.!?;]{2,40}?) for"
            r"|(?:changed|switched) (?P<what>(?:my|our) [^,.!?;]{2,30}?|banks|(?:energy |broadband )?suppliers"
            r"|(?:phone |mobile |broadband )?providers|networks|gyms) to"
            r"|(?P<upgraded>upgraded)(?: (?P<what2>(?:my|our) [^,.!?;]{2,30}?))? to)\s",
            re.IGNORECASE,
        ),
        build=switched_tool_rule,
    ),
]
