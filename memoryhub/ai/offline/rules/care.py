"""Care given and care awaited, as a health or carers' channel tells it: caring for a relative, a
relative moved into a care home, children fostered, results awaited, remission, a diagnosis at an age,
a lasting condition of speech, hearing or sight."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in
from memoryhub.ai.offline.text import article_for, topics_of
from memoryhub.ai.offline.vocabulary import RELATIONS

_DIAGNOSES = {"autism": "autism", "autistic": "autism", "asd": "autism", "adhd": "ADHD", "dyslexia": "dyslexia"}
_DIAGNOSES |= {"dyspraxia": "dyspraxia", "bipolar": "bipolar disorder", "ms": "MS", "diabetes": "diabetes"}


def carer_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm my dad's full-time carer": whom they care for."""
    how = f"{match['how'].lower().replace(' ', '-')} " if match["how"] else ""
    text = f"{said.name} is their {match['who'].lower()}'s {how}carer"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("family", "carer", match["who"].lower()))


def caring_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I look after my mum who has dementia", "I care for my dad full time": whom they care for, and
    the illness when said."""
    text = f"{said.name} looks after their {match['who'].lower()}"
    if match["how"]:
        text += " full time"
    if match["illness"]:
        text += f", who has {match['illness']}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("family", "carer", match["who"].lower()))


def results_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm waiting on biopsy results": results awaited, which a companion asks after, for a month."""
    what = " ".join(match["what"].lower().split()).replace("mri", "MRI").replace("ct ", "CT ")
    text = f"{said.name} is waiting for {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, "30d", topics_of("health", "results"))


def remission_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in remission!", "I got the all clear": an illness behind them, for good."""
    state = "got the all clear" if "clear" in match[0].lower() else f"is {match['state'].lower()}"
    return said.fact(f"{said.name} {state}", MemoryKind.FACT, HIGH, PERMANENT, ["health", "remission"])


def diagnosis_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got my autism diagnosis at 34": a diagnosis, and when in life it came."""
    condition = _DIAGNOSES[match["condition"].lower()]
    text = f"{said.name} was diagnosed with {condition}" + (f" at {match['age']}" if match["age"] else "")
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", condition.split()[0].lower()))


def lasting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I have a stammer", "I'm registered blind": how they speak, hear or see, for good."""
    if match["has"]:
        what = " ".join(match["has"].lower().split())
        article = "" if what.endswith("s") or what == "tinnitus" else "a "
        text = f"{said.name} has {article}{what}"
    else:
        text = f"{said.name} is {' '.join(match['is'].lower().split())}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["health"])


def care_home_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we had to put my dad in a care home", "we moved my nan into a nursing home last month": where
    the relative lives now, for good, weighed as a companion would ask after it."""
    who, home = match["who"].lower(), " ".join(match["home"].lower().split())
    text = f"{said.name}'s {who} moved into {article_for(home)} {home}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    if home == "hospice":  # the end of a life: news for a month, as "my nan's been moved to a hospice" is
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("family", who, "hospice"))
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", who, "care home"))


_FOSTERED = {"lads": "boys", "lad": "boy", "kids": "children", "kid": "child"}


def fostering_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm fostering two lads, 8 and 11", "we're fostering a teenage girl": the children in their care."""
    who = " ".join(match["who"].lower().split())
    who = " ".join(_FOSTERED.get(word, word) for word in who.split())
    text = f"{said.name} is fostering {who}"
    if ages := re.match(
        r",? (?:aged |ages )?(?P<ages>\d{1,2}(?:(?:, | and | & )\d{1,2})*)\b", match.string[match.end() :]
    ):
        text += f" aged {ages['ages'].replace(' & ', ' and ')}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("family", "fostering"))


RULES = [
    Rule(
        priority=1536,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:now|also|basically) )?my (?P<who>(?:[\w'-]+ )?[\w'-]+)'s"
            r" (?P<how>full[- ]time|part[- ]time|main|sole|only|primary)? ?(?:carer|caregiver)\b",
            re.IGNORECASE,
        ),
        build=carer_rule,
    ),
    Rule(
        priority=1537,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:still )?(?:waiting (?:on|for)|awaiting) (?:my |the |some )?"
            r"(?P<what>(?:biopsy|scan|blood test|test|MRI|CT scan|CT|x-ray|smear|genetic test|hospital) results)\b",
            re.IGNORECASE,
        ),
        build=results_rule,
    ),
    Rule(
        priority=1538,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:officially|now|finally|still) )?(?P<state>in remission|cancer[- ]free)\b"
            r"|\bI(?: just| finally)? got the all[- ]clear\b"
            # "got my results back, all clear", "my scan came back clear"
            r"|\bI(?: just| finally)? got my (?:scan |biopsy |test )?results back,? (?:and )?(?:it's |it was )?"
            r"all[- ]clear\b"
            r"|\bmy (?:scan|biopsy|results|bloods|mammogram|smear)(?: results)? (?:came|have come) back"
            r" (?:all )?clear\b",
            re.IGNORECASE,
        ),
        build=remission_rule,
    ),
    Rule(
        priority=1539,
        pattern=re.compile(
            rf"\bI (?:finally )?(?:got|received) my (?P<condition>{'|'.join(_DIAGNOSES)}) diagnosis\b"
            r"(?: at (?:the age of )?(?P<age>\d{1,2})\b)?",
            re.IGNORECASE,
        ),
        build=diagnosis_at_rule,
    ),
    Rule(
        priority=1540,
        pattern=re.compile(
            r"\bI(?: have|'ve got| have got) (?:a |an )?(?P<has>stammer|stutter|lisp|tinnitus|hearing aids|hearing aid"
            r"|cochlear implant|prosthetic (?:leg|arm))\b"
            r"|\bI(?:'m| am) (?P<is>registered blind|partially sighted|visually impaired|severely sight impaired)\b",
            re.IGNORECASE,
        ),
        build=lasting_rule,
    ),
    Rule(
        priority=1617,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:now |also )?(?:look(?:ing)? after|care for|caring for) my"
            r" (?P<who>mum|mom|mother|dad|father|husband|wife|partner|son|daughter|brother|sister|nan|gran|grandma"
            r"|grandad|grandpa|parents)\b(?P<how> full[- ]time)?(?:,? who (?:has|has got|is living with)"
            r" (?P<illness>dementia|Alzheimer's|Parkinson's|MS|motor neurone disease|MND|cancer|a stroke|autism"
            r"|cerebral palsy|Down syndrome|Huntington's))?",
            re.IGNORECASE,
        ),
        build=caring_for_rule,
    ),
    Rule(
        priority=1703,
        pattern=re.compile(
            r"\b(?:I|we)(?: (?:had|have) to| finally| just|'ve| have)? (?:put|moved?|got) my"
            rf" (?P<who>{RELATIONS}) (?:in|into) (?:an? |the )?(?P<home>care home|nursing home|residential home"
            r"|home(?= for)|hospice)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=care_home_rule,
    ),
    Rule(
        priority=1645,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:currently|now|also) )?fostering (?P<who>(?:a|an|one|two|three"
            r"|four|\d) (?:(?:teenage|little|young|baby|sibling) )?(?:lads?|boys?|girls?|kids?|children|child|siblings"
            r"|teenagers?|brothers|sisters|babies|baby))\b",
            re.IGNORECASE,
        ),
        build=fostering_rule,
    ),
]
