"""What a veterans' or a forces families' channel tells of its members: the service one did ("did 22
years in the Royal Engineers", "I was RAF", "I served in Afghanistan"), and the service one is in
("I'm in the Army Reserve")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.text import topics_of

# The services, as they are said: "the Royal Engineers", "RAF", "the Paras", "the 2nd Rifles".
_FORCES = (
    r"Army Reserves?|(?:British |US |U\.S\. )?Army|(?:Royal )?Navy|RAF|Royal Air Force|(?:US )?Air Force"
    r"|(?:Royal )?Marines|Marine Corps|Royal Engineers|Royal Signals|Royal Artillery|REME|Royal Logistic Corps"
    r"|RLC|Paras|Parachute Regiment|Gurkhas|Rifles|Guards|Coldstream Guards|Grenadier Guards|Royal Irish"
    r"|Black Watch|TA|Territorial Army|(?:the )?reserves|National Guard|Coast Guard|Fleet Air Arm|SAS"
    r"|(?-i:[A-Z])[\w'-]+ Regiment|forces|military"
)
# The wars and places one served in.
_THEATRES = r"Afghanistan|Iraq|the Falklands|Northern Ireland|Bosnia|Kosovo|Helmand|the Gulf|Cyprus|Sierra Leone"
_THE = re.compile(r"^(?:the )?", re.IGNORECASE)
# How long one served: "22 years"; said after the service: "I was a Royal Marine for 12 years".
_YEARS = r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty) (?:years|yrs)"
_FOR_YEARS = re.compile(rf"\s+for (?P<years>{_YEARS})\b", re.IGNORECASE)
# When one left, said after it: "out since 2015", "left in 2009".
_LEFT = re.compile(
    r",?\s*(?:been )?(?:out since|left in|got out in|came out in|discharged in) (?P<year>(?:19|20)\d\d)\b"
)


def _force(said_force: str) -> str:
    """ "royal engineers" → "the Royal Engineers", "RAF" → "the RAF"; "forces" → "the forces"."""
    force = " ".join(_THE.sub("", said_force).split())
    words = [w if w.isupper() or w.lower() in ("of", "and") else w[0].upper() + w[1:] for w in force.split()]
    name = " ".join(words) if force.lower() not in ("forces", "military", "reserves") else force.lower()
    return f"the {name}"


def served_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "did 22 years in the Royal Engineers, out since 2015", "I was RAF", "I served in Afghanistan",
    "I'm ex-Navy": the service one did, for good."""
    if match["theatre"]:
        text = f"{said.name} served in {match['theatre']}"
    else:
        force = match["force"] or match["force2"] or match["force3"]
        force = re.sub(r"(?i)^(?:royal )?marine$|^para$|^gurkha$", lambda one: one[0] + "s", force)  # "a Para"
        years = match["years"] or (span["years"] if (span := _FOR_YEARS.match(match.string[match.end() :])) else "")
        text = f"{said.name} served" + (f" {' '.join(years.lower().split())}" if years else "")
        text += f" in {_force(force)}"
    if left := _LEFT.match(match.string[match.end() :]):
        text += f", leaving in {left['year']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("military", "service"))


def serving_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in the Army Reserve", "I'm a reservist with the Royal Marines": the service one is in."""
    text = f"{said.name} serves in {_force(match['force'])}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("military", "service"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1634,
        pattern=re.compile(
            rf"\b(?:I )?(?:did|served|spent|gave)(?: (?P<years>{_YEARS}))? (?:in|with) (?P<force>(?:the )?(?:"
            + _FORCES
            + r"))\b"
            rf"|\bI (?:(?:also|proudly) )?served in (?P<theatre>{_THEATRES})\b"
            r"|\bI(?:'m| am) (?:an? )?ex[- ](?P<force2>" + _FORCES + r")\b"
            r"|\bI was (?:(?:in )?the |a )?(?P<force3>(?-i:RAF|REME|SAS)|Army|Navy|Royal Navy|Royal Marines?"
            r"|Royal Engineers|Paras|Para|Marines?|Gurkhas?)\b(?! (?:cadets?|museum|base|show|air show)\b)",
            re.IGNORECASE,
        ),
        build=served_rule,
    ),
    Rule(
        priority=1635,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:still|now|also) )?(?:in|a reservist with|serving (?:in|with)) (?P<force>the (?:"
            r"Army Reserves?|Army|British Army|Navy|Royal Navy|RAF|Royal Air Force|Royal Marines|TA|Territorial Army"
            r"|reserves|Royal Engineers|Royal Signals|National Guard|Coast Guard))\b",
            re.IGNORECASE,
        ),
        build=serving_rule,
    ),
]
