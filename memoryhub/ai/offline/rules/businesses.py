"""A business of one's own: run, owned, managed or started ("I run a small Etsy shop", "I manage a pub
in Leeds", "my startup just closed our seed round"), not an employer ("my company is making us…")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, conjugate, ours_as_theirs, third_person, topics_of

# Businesses someone may have: "my bakery just opened", "I run a small Etsy shop".
BUSINESSES = (
    r"startup|start-up|side hustle|podcast|youtube channel|food truck|bakery|cafe|café|restaurant|bar|shop|studio"
    r"|company|business|B&B|B and B|bed and breakfast|guest ?house|campsite|holiday let|kennels|cattery"
)


def business_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my startup (it's like 6 of us) just closed our seed round": a business of their own."""
    business = match["business"].lower()
    if business in ("company", "business", "shop", "studio", "bar", "restaurant", "cafe", "café", "bakery") and not (
        re.search(r"\bown\b", match[0], re.IGNORECASE)
    ):
        return None  # "my company is making us…": their employer, not theirs
    news = phrase_cut(match["news"] + (match["rest"] or ""), max_words=8)
    text = f"{said.name} has {article_for(business)} {business}" + (
        f" that {third_person(news, said.name)}" if news else ""
    )
    text = ours_as_theirs(text)  # "closed our seed round"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", business))


def own_business_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I run a small Etsy shop", "I own a bakery in town", "I started a podcast last year"."""
    if match["business2"] and match["verb"].lower() == "have":
        return None  # "I have a funny business …": what one has, no business of theirs
    verb = conjugate(match["verb"].lower())
    what = phrase_cut(match["what"] + (match["rest"] or ""), max_words=8)
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    return said.fact(
        text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", (match["business"] or match["business2"]).lower())
    )


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=140,
        pattern=re.compile(
            rf"\bmy (?:own |little |tiny |new |small )?(?P<business>small business|etsy shop|{BUSINESSES})"
            r" (?:\([^)]{0,60}\) )?(?:just |finally |officially )?(?P<news>closed|raised|launched|opened|hit|got|won"
            r"|made"
            r"|turned|is|has|hired|signed)\b(?P<rest>.{0,80})",
            re.IGNORECASE,
        ),
        build=business_rule,
    ),
    Rule(
        priority=150,
        pattern=re.compile(
            r"\b(?:I|we)(?:(?:'ve| have)?(?: just| finally| recently)?"
            r"(?= (?:opened|launched|set up|started(?= (?:my|our) own))\b))?"
            r" (?:also |now |actually )?"
            r"(?P<verb>run|manage|own|co-own|have"
            r"|started|opened|launched|set up|founded|co-founded)"
            r" (?P<what>(?:an? |my own |our own |my (?:second|third|first|new) )"
            r"(?:(?:small|little|tiny|new|online|local|family|tattoo|hair|nail|coffee|vintage|second-hand|pottery|etsy|craft|book|record|flower|pet|dog-grooming|catering"
            rf"|cleaning|design|marketing|photography|consulting) )*(?P<business>{BUSINESSES}|store|stall|pub|salon"
            r"|agency|consultancy|brewery|farm|nonprofit|non-profit|charity|newsletter|blog|clinic|firm)"
            # "a cake business", "a dog walking business": any trade before "business" or "company"
            r"|(?:an? |my own |our own )(?:[a-z-]+ ){1,2}?(?P<business2>business|company)"
            r"(?! (?:idea|ideas|plan|plans|card|cards|trip|meeting|partner|of|car|phone|email|account)\b))\b"
            r"(?P<rest>.{0,60})",
            re.IGNORECASE,
        ),
        build=own_business_rule,
    ),
]
