"""What a relative's news is rather than who they are (a thing of theirs stolen, a birthday, a stay in
hospital, an illness that passes, a hurt), and what of it weighs as much as the speaker's own."""

from __future__ import annotations

import re

from memoryhub.ai.offline.rules.health_events import END_OF_LIFE, HURT_OR_TREATED
from memoryhub.ai.offline.vocabulary import ACCIDENT, GRAVE_ILLNESSES, HOSPITALS, PASSING_ILLNESSES

# What befell a thing of a relative's: "'s car got stolen", "'s laptop broke" (a death stays for good,
# as the speaker's own losses do).
_BEFELL = re.compile(
    r"'s (?:[a-z-]+ ){1,2}(?:broke down|broke|got stolen|was stolen|got towed|was towed"
    r"|got broken into|was broken into|got hit|crashed|is (?:at|in) the (?:shop|garage|mechanic'?s?))\b"
    # "my son got his GCSE results": the day's news
    r"|^(?:(?:just|finally) )?(?:got|gets|is getting) (?:his|her|their) (?:[\w-]+ ){0,2}results\b"
    r"|^(?:got|was|has been) (?:scammed|conned|defrauded)\b",
    re.IGNORECASE,
)
# A relative in hospital: "my dad was rushed to the hospital", "my mom's in the ICU".
_IN_HOSPITAL = re.compile(
    rf"(?:is|was|'s|has been|got) (?:(?:still|just|now) )?(?:in|rushed to|taken to|admitted to) (?:the )?"
    rf"(?:{HOSPITALS})\b",
    re.IGNORECASE,
)
# An illness that passes: "my son has the flu", "my wife caught covid" (the speaker's own are news too).
_PASSING_ILLNESS = re.compile(
    rf"(?:has|had|got|caught|came down with) (?:{PASSING_ILLNESSES})\b|(?:is|'s) (?:(?:really|very|so|quite|a bit) )?"
    r"(?:poorly|unwell|ill|sick)\b(?! (?:of|with (?:worry|nerves)))",  # not "sick of the rain"
    re.IGNORECASE,
)
# A relative gravely ill or hurt: "my mom has dementia", "my dad had a stroke", "was in a car crash", a hospice.
_GRAVE = re.compile(
    r"^(?:has|had|got|was diagnosed with|is battling|is fighting|survived|(?:was|got|has been) in)\b.{0,30}?"
    rf"\b(?:(?:an? )?(?:{GRAVE_ILLNESSES})|{ACCIDENT})\b|{END_OF_LIFE}"
    r"|^(?:is|'s) (?:terminally|seriously|critically) ill\b",
    re.IGNORECASE,
)
# A child's phase that passes: "my son is teething", "my daughter's being weaned".
_PHASE = re.compile(r"(?:is|'s) (?:(?:still|now|really|badly|just) )?(?:teething|being weaned)\b", re.IGNORECASE)
# A relative's birthday: "my son turns 5 tomorrow", "my mom turned 60 last week" (news for a month; how
# old they are after it goes on changing).
_TURNS = re.compile(
    r"(?:turns|turned|is turning|'s turning) (?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|(?:twen|thir|for|fif|six|seven|eigh|nine)ty(?:-[a-z]+)?)\b",
    re.IGNORECASE,
)


def kin_news(predicate: str) -> bool:
    """ "got stolen", "turns 5", "was rushed to hospital", "has croup", "is poorly", "broke her wrist", "is
    teething": news for a month, not a lasting fact about the relative."""
    news = (_BEFELL, _TURNS, _IN_HOSPITAL, _PASSING_ILLNESS, HURT_OR_TREATED, _PHASE)
    return any(pattern.match(predicate) for pattern in news)


def kin_grave(predicate: str) -> bool:
    """ "is in the ICU", "has dementia", "was in a car crash", a hospice: a bot asks after them."""
    return bool(_IN_HOSPITAL.match(predicate) or _GRAVE.search(predicate))
