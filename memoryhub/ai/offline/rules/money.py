"""What a money channel tells of its members' means: what they invest in, a debt they are paying off,
a month without spending, the benefits they are on, a side hustle, money lost to a scam."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_day_in, time_in
from memoryhub.ai.offline.guards import is_negated
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import third_person, topics_of

_INVESTMENTS = (
    r"index funds|an index fund|ETFs|stocks|shares|crypto|bitcoin|property|premium bonds|my pension|gold|bonds"
    r"|a stocks and shares ISA|an ISA|a Lifetime ISA|a LISA"
)
_DEBTS = r"credit card|student loan|overdraft|car loan|debts?|loan|mortgage|car finance|Klarna"
_BENEFITS = r"universal credit|UC|PIP|benefits|disability benefits|jobseeker's allowance|JSA|ESA|housing benefit"


def invests_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I invest in index funds", "I've been putting money into crypto": where their savings go."""
    what = re.sub(r"^my ", "their ", match["what"] or match["what2"])
    return said.fact(
        f"{said.name} invests in {what}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("money", "investing")
    )


def paying_off_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm trying to pay off my credit card", "I'm paying off my overdraft": a debt they work at."""
    debt = " ".join(match["debt"].split())
    verb = "is trying to pay off" if match["trying"] else "is paying off"
    text = f"{said.name} {verb} their {debt}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("money", debt.split()[-1].lower()))


def budget_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm doing a no-spend month", "we're on a tight budget this month": money short for a while. It
    reads a negation itself: the "no" of "no-spend" is none ("I'm not doing a no-spend month" is)."""
    if is_negated(match.string[: match.start("what")]):
        return None
    what = " ".join(match["what"].lower().split())
    when = time_in(match["rest"] or "")
    text = f"{said.name} is {'doing' if match['doing'] else 'on'} {what}" + (f" {when}" if when else "")
    expiration = expiration_for(when) if when else "30d"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration, topics_of("money", "budget"), time=when)


def benefits_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on universal credit", "I'm on PIP": what they live on (what not to assume of them)."""
    what = match["what"]
    what = what if what.isupper() else what.lower()
    return said.fact(f"{said.name} is on {what}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("money", "benefits"))


def side_hustle_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've started a side hustle selling candles", "I have a side business doing wedding cakes"."""
    what = third_person(phrase_cut(match["what"], max_words=8), said.name)
    text = f"{said.name} has a side {match['kind'].lower()} {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", "side hustle"))


def scammed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got scammed out of 300 pounds last week", "I've been scammed": money lost to a fraud, news for
    a month (a bot asks after it)."""
    text = f"{said.name} got scammed" + (f" out of {match['amount']}" if match["amount"] else "")
    if when := past_day_in(re.split(r"[,;!]| but | and ", match.string[match.end() :])[0]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("money", "scam"))


RULES = [
    Rule(
        priority=1558,
        pattern=re.compile(
            rf"\bI (?:(?:also|mostly|mainly|now) )?invest in (?P<what>{_INVESTMENTS})\b"
            rf"|\bI(?:'ve| have) been (?:putting (?:money|my savings)|investing) in(?:to)? (?P<what2>{_INVESTMENTS})\b",
            re.IGNORECASE,
        ),
        build=invests_rule,
    ),
    Rule(
        priority=1559,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?P<trying>trying to) pay|paying) off (?:my|our|the)"
            rf" (?P<debt>(?:[\w-]+ )?(?:{_DEBTS}))\b",
            re.IGNORECASE,
        ),
        build=paying_off_rule,
    ),
    Rule(
        priority=1560,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?P<doing>doing)|on) (?P<what>a (?:no[- ]spend|low[- ]spend|frugal)"
            r" (?:month|week|year|january|challenge)|(?:a )?(?:tight|strict|shoestring) budget)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=budget_rule,
    ),
    Rule(
        priority=1561,
        pattern=re.compile(rf"\bI(?:'m| am) (?:now |currently |still )?on (?P<what>{_BENEFITS})\b", re.IGNORECASE),
        build=benefits_rule,
    ),
    Rule(
        priority=1562,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just )?(?:started|got|have|run) a side (?P<kind>hustle|business|gig)"
            r" (?P<what>(?:selling|making|doing|flipping|as|tutoring|writing|teaching) .+)",
            re.IGNORECASE,
        ),
        build=side_hustle_rule,
    ),
    Rule(
        priority=1721,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just )?(?:got|been|was) (?:scammed|conned|defrauded)\b"
            r"(?: out of (?P<amount>(?:over |nearly |almost |about )?[£$€]?\d[\d,.]*k?"
            r"(?: (?:pounds|quid|dollars|euros))?))?",
            re.IGNORECASE,
        ),
        build=scammed_rule,
    ),
]
