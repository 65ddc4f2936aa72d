"""What a maker, an indie developer or a musician tells of their work: the thing they are building,
its release, where it can be had ("I sell my cards on Etsy", a stall at a market), and a book, an
album or a campaign in the making ("I'm writing a fantasy novel", "we're recording our first EP next
month": a plan until then)."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import (
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_day_in,
    past_time_in,
    time_in,
)
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, phrase_ends, third_person, topics_of

# A thing one makes over weeks or months (not "a cup of tea", "a mess", "a case").
_MADE = (
    r"(?:video |board |card |mobile |browser |indie |tabletop |text )?game|roguelike|platformer|metroidvania"
    r"|visual novel|RPG|TTRPG|app|website|web ?app|mod|modpack|plugin|extension|bot|library|framework"
    r"|(?:game )?engine|compiler|emulator|keyboard|synth|pedal|guitar|ukulele|robot|drone|PC|3D printer|shed"
    r"|treehouse|cabin|boat|canoe|campervan|camper|van|kit car|motorbike|font|zine|web ?comic|comic"
    r"|short film|documentary|quilt|dolls'? ?house|jumper|sweater|cardigan|scarf|blanket|socks|dress"
)
# Where the thing's name ends: not "a shed load of", "a PC build list".
_ENDS = phrase_ends("in|with|using|for|on|into|from|and|but|so|lol|that|which|since|as|this|now")
# What is released: the things made, and what a writer or a musician puts out.
_RELEASED = rf"{_MADE}|book|novel|novella|single|song|track|album|EP|mixtape|podcast|course|newsletter|debut"
_STORES = (
    r"Steam|itch(?:\.io)?|the App Store|the Play Store|Google Play|the eShop|Spotify|Bandcamp|Apple Music"
    r"|SoundCloud|Kickstarter|Amazon|Etsy|GitHub|YouTube|Kindle"
)
# Where a thing made is for, what it is made with or into: "in Godot", "for Skyrim", "into a camper".
_FOR = re.compile(r"\s+(?P<prep>in|with|using|for|on|into) (?P<what>\S.*)", re.IGNORECASE)
_ON_STORE = re.compile(rf"\s+(?:on|to) (?P<store>{_STORES})\b", re.IGNORECASE)
_VERB_SAID = {"dropped": "released"}


def _whose(what: str, name: str) -> str:
    return third_person(" ".join(what.split()), name)


def making_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm building a roguelike in Godot", "I've been making a Discord bot for our server", "I'm
    restoring my grandad's motorbike": a thing one is making, kept until they say it is done."""
    what = _whose(match["what"], said.name)
    text = f"{said.name} is {match['verb'].lower()} {what}"
    made_for = _FOR.match(match["rest"])
    if made_for and content_words(for_what := said.phrase(made_for["what"], max_words=5)):
        text += f" {made_for['prep'].lower()} {for_what}"  # "in Godot", "for their server"
    topics = topics_of("projects", match["thing"].lower())
    if when := time_in(match["rest"]):  # "I'm building a shed this weekend": a job with its time, not a project
        text += "" if when in text.lower() else f" {when}"
        return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(when), topics, time=when)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics)


def finished_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finished my first quilt", "I've finally finished my jumper", "finished the first draft of my
    novel": a thing made, done (not "I finished the game": a thing of one's own)."""
    return _thing_done(said, "finished", match, past_time_in(match["rest"]))


def first_made_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I baked my first sourdough loaf", "we brewed our first batch of beer today": a first thing made, kept."""
    verb = {"knit": "knitted", "sewn": "sewed"}.get(match["verb"].lower(), match["verb"].lower())
    return _thing_done(said, verb, match, past_day_in(match["rest"]))


def _thing_done(said: Said, verb: str, match: re.Match[str], when: str) -> Fact:
    """ "<name> <verb> <the thing made>" and when, kept for good: "Priya finished their first quilt"."""
    text = f"{said.name} {verb} {_whose(match['what'], said.name)}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("projects", match["thing"].lower()))


def released_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I released my first app last week", "we just launched our podcast", "I self-published my
    novel on Kindle": a thing made, out in the world."""
    verb = " ".join(match["verb"].lower().split())
    text = f"{said.name} {_VERB_SAID.get(verb, verb)} {_whose(match['what'], said.name)}"
    if store := _ON_STORE.match(match["rest"]):
        text += f" on {store['store']}"
    if when := past_time_in(match["rest"]) or said.when_before():
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("projects", match["thing"].lower()))


def out_on_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my game is on Steam now!", "our EP is out on Bandcamp": where a thing they made can be had."""
    what = " ".join(match["what"].split())
    text = f"{said.name}'s {third_person(what, said.name)} is out on {match['store']}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("projects", match["thing"].lower()))


_AUDIENCE = r"followers|subscribers|subs|listeners|readers|members|downloads|patrons|users|stars|customers|episodes"
_CHANNELS = r"Twitch|YouTube|TikTok|Instagram|Insta|Substack|Bluesky|Patreon|Spotify|Kick"


def audience_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my channel just hit 10k subscribers!", "I have 2k followers on TikTok": the audience of their work."""
    count = match["count"].replace(" ", "").lower()
    audience = "subscribers" if match["audience"].lower() == "subs" else match["audience"].lower()
    on = f" on {match['on']}" if match["on"] else ""
    if match["have"]:  # "I have 3 members": of what, it does not say; "… on TikTok" does
        text = f"{said.name} has {count} {audience}{on}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["projects", "audience"]) if on else None
    whose = f"{said.name}'s {match['what'].lower()}" if match["what"] else said.name
    text = f"{whose} reached {count} {audience}{on}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", ["projects", "audience"])


# What a maker makes or sells: "cards", "hand-painted mugs", "candles and soap".
_GOODS = (
    r"cards|prints|candles|jewellery|jewelry|art|paintings|pottery|ceramics|knits|cakes|bakes|soaps?|clothes"
    r"|crochet|quilts|zines|photos|mugs|stickers|earrings|wreaths|cushions|tote bags|furniture|sourdough"
)
_GOODS_SAID = rf"(?:[\w-]+ ){{0,2}}?(?:{_GOODS})\b(?:,? (?:and|&) (?:[\w-]+ ){{0,2}}?(?:{_GOODS})\b)?"


def sells_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I sell my cards on Etsy", "I sell my prints at craft fairs", "I make candles and soap": what a
    maker makes or sells, and where."""
    after = match.string[match.end() :].strip(" ,.!")
    if not match["my"] and not match["where"] and re.match(r"for (?:my|our|the|his|her|their)\b", after, re.I):
        return None  # "I make cakes for my kids' birthdays": what one does for someone, not one's trade
    what = " ".join(match["what"].lower().split()).replace(" & ", " and ")
    their = "their " if match["my"] else ""
    where = f" {match['where']}" if match["where"] else ""
    text = f"{said.name} {match['verb'].lower()}s {their}{what}{where}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("making", what.split()[-1]))


def stall_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've got a stall at the Christmas market on the 14th": a market day of theirs, until it."""
    time = when_said(match["rest"])
    if not time:
        return None
    text = f"{said.name} has a stall at {match['event']} {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("making", "stall"), time=time)


def project_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm writing a fantasy novel", "I'm working on my thesis", "I'm running for city council": a
    project of months one is in the middle of."""
    verb = " ".join((match["verb"] or match["verb2"]).lower().split())
    what = " ".join((match["what"] or match["what2"]).split())
    if match["what"] and (about := re.match(r"\s+(?P<about>(?:about|on) .+)", match.string[match.end() :])):
        about_what = phrase_cut(about["about"], max_words=8)  # "a book about my grandmother"
        what += " " + about_what
    what = third_person(what, said.name)
    text = f"{said.name} is {verb} {what}"
    thing = what.split()[-1].lower()  # "their first EP": a word too short for content_words
    topics = topics_of("projects", *content_words(what)[:3], thing)
    when = time_in(match.string[match.end() :].split(",")[0])
    if when and not _NOW.fullmatch(when):  # "recording our first EP next month": a plan, until then
        return said.fact(f"{text} {when}", MemoryKind.PLAN, MEDIUM, expiration_for(when), topics)
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics)


# The time of the work itself, not of a day ahead: "working on my thesis this week".
_NOW = re.compile(r"today|tonight|this (?:morning|afternoon|evening|week(?:end)?|month|year)")


RULES = [
    Rule(
        priority=1030,
        pattern=re.compile(
            r"\b(?:I(?:'m| am|'ve been| have been)|we(?:'re| are)) (?:(?:currently|now|still|also|finally) )?(?:"
            r"(?P<verb>writing|working on|recording|producing|mixing|building|restoring)"
            r" (?P<what>(?:a|an|my|our) (?:(?:new|first|second|third|fantasy|crime|sci-fi"
            r"|mystery|romance|short|kids'?|children's|debut|master's|phd|graduation|final|mobile|video|indie|little"
            r"|poetry|photo|essay|graphic)"
            r" ){0,2}(?:novel|book|memoir|screenplay|script|thesis|dissertation|album|EP|podcast|comic|web ?comic"
            r"|game|app|short story|collection|play|musical|zine|model railway|railway layout|shed|treehouse|boat"
            r"|canoe|guitar|campervan|kit car|robot|gaming pc|doll'?s'? house|greenhouse|pizza oven|website)"
            r"|articles|(?:a|my) (?:blog|column|newsletter))"
            r"|(?P<verb2>running for) (?P<what2>office|mayor|city council|council|school board|student council"
            r"|president|re-?election|governor|the senate|congress|parliament))\b",
            re.IGNORECASE,
        ),
        build=project_rule,
    ),
    Rule(
        priority=1506,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:currently|now|still|also|finally|slowly|secretly) )?"
            r"(?P<verb>building|making|developing|designing|coding|programming|creating|prototyping|restoring"
            r"|converting|knitting|crocheting|sewing)"
            rf" (?P<what>(?:a|an|my|our) (?:[\w'-]+ ){{0,3}}?(?P<thing>{_MADE}))\b{_ENDS}(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=making_rule,
    ),
    Rule(
        priority=1563,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally) )?(?:finished|completed)"
            rf" (?P<what>(?P<draft>the (?:first |second |final )?draft of )?(?:my|our) (?:[\w'-]+ ){{0,2}}?"
            rf"(?P<thing>{_MADE}|(?(draft)(?:novel|book|memoir|screenplay|script|thesis|dissertation|play)|(?!))))\b"
            + phrase_ends("last|yesterday|today|this|at|in|on|for|and|but|so|lol|after")
            + r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=finished_rule,
    ),
    Rule(
        priority=1754,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally) )?(?P<verb>baked|knitted|knit|sewed|sewn|crocheted|brewed"
            r"|carved|quilted|upholstered|forged|welded|bound) (?P<what>(?:my|our) first (?!time\b)(?:[\w'-]+ ){0,3}?"
            r"(?P<thing>[\w'-]+))"
            + phrase_ends("last|yesterday|today|this|at|in|on|for|and|but|so|lol|after|with")
            + r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=first_made_rule,
    ),
    Rule(
        priority=1507,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|finally|officially|recently|also))?"
            r" (?P<verb>released|launched|shipped|published|self-published|put out|dropped)"
            rf" (?P<what>(?:my|our) (?:[\w'-]+ ){{0,2}}?(?P<thing>{_RELEASED}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=released_rule,
    ),
    Rule(
        priority=1508,
        pattern=re.compile(
            rf"\b(?:my|our) (?P<what>(?:[\w'-]+ ){{0,2}}?(?P<thing>{_RELEASED})) is (?:now |finally |officially )?"
            rf"(?:out |live |available |up )?(?:on|in) (?P<store>{_STORES})\b",
            re.IGNORECASE,
        ),
        build=out_on_rule,
    ),
    Rule(
        priority=1530,
        pattern=re.compile(
            r"\b(?:(?:my|our) (?P<what>channel|account|page|stream|podcast|newsletter|blog|server|side project|app"
            r"|startup|game|website|repo|library)"
            r" (?:(?:just|finally|officially) )?(?:hit|reached|passed|crossed|got to)|I (?:(?:just|finally) )?"
            r"(?:hit|reached|passed|crossed|got to)|I (?P<have>have|'ve got|have got|got))"
            rf" (?P<count>\d[\d,.]*\s?[kKmM]?) (?P<audience>{_AUDIENCE})\b(?: on (?P<on>{_CHANNELS})\b)?",
            re.IGNORECASE,
        ),
        build=audience_rule,
    ),
    Rule(
        priority=1624,
        pattern=re.compile(
            rf"\bI (?:also |now |mostly )?(?P<verb>sell|make) (?P<my>(?:my|our) )?(?P<what>{_GOODS_SAID})"
            r"(?: (?P<where>(?:on|at|through) (?:Etsy|Vinted|eBay|Depop|Instagram|Folksy|(?:local |craft |Christmas )?"
            r"(?:markets|fairs|craft fairs)))\b)?",
            re.IGNORECASE,
        ),
        build=sells_rule,
    ),
    Rule(
        priority=1625,
        pattern=re.compile(
            r"\bI(?:'ve| have)? got a stall at (?P<event>(?:the |a )?(?:[\w'-]+ ){0,3}?(?:market|fair|fete|f\u00eate"
            r"|craft fair|car boot|car boot sale|comic con))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=stall_rule,
    ),
]
