"""What a musicians' or a photography club's channel tells of its members' art: a gig ahead, a band
signed, a voice part or a grade, the camera one shoots on and what one shoots."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.pastimes import INSTRUMENTS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, phrase_ends, third_person, topics_of

_GENRES = (
    r"street|wedding|portrait|landscape|wildlife|film|sports|event|product|astro|macro|food|documentary"
    r"|architecture|bird|nature|fashion|concert|analogue|analog|black and white"
)
# Where a gig is, said after it: "at the Fleece", "in Bristol".
_VENUE = re.compile(r"^ (?P<venue>(?:at|in) (?:the )?(?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){0,3})")

# The group a seat is in, said after it: "first flute in the county youth orchestra".
_IN_GROUP = re.compile(
    r"(?:\s+now)?\s+(?P<prep>in|for|with) (?P<group>(?:the|a|an|our|my) (?:[\w'-]+ ){0,3}?(?:orchestra|band"
    r"|ensemble|quartet|symphony|philharmonic|sinfonia|choir))\b",
    re.IGNORECASE,
)

# What a new seat replaces among the memories (consolidation.SLOTS).
SLOTS = {"seat": r" plays (?:principal|co-principal|sub-principal|first|second|third) "}


def gig_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've got a gig at the Fleece on Friday", "our band's playing the Cavern Club on Friday": a gig
    they play, kept until a little after its day."""
    rest = match["rest"] or ""
    which = (match["which"] or "").lower()
    text = f"{said.name} has {'their ' + which if which else 'a'} gig"
    if match["playing"]:  # "our band's playing the Cavern Club on Friday"
        rest = " at " + match["rest2"].removeprefix("at ")
    if venue := _VENUE.match(rest):
        text += f" {venue['venue']}"
    if when := when_said(rest):
        text += f" {when}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(when), topics_of("music", "gig"), time=when)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("music", "gig"))


def solo_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've got a solo in the Christmas concert!", "I got the lead in Les Mis": a part of one's own in
    a show ahead, kept until a little after it."""
    part = " ".join(match["part"].lower().split())
    show = said.phrase(match["show"], max_words=6)
    text = f"{said.name} has {part} in {show}"
    if when := when_said(match.string[match.end() :]):
        text += f" {when}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(when), topics_of("music", "solo"), time=when)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("music", "solo"))


def cast_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got cast as Elizabeth in our Pride and Prejudice", "I've been cast as the Wicked Witch in the
    panto": a part in a show ahead, kept until a little after it."""
    role = " ".join(match["role"].split())
    show = re.sub(r"^(?:our|the) (?=(?-i:[A-Z]))", "", match["show"])  # "our Pride and Prejudice": its title
    text = f"{said.name} is playing {role} in {said.phrase(show, max_words=6)}"
    if when := when_said(match.string[match.end() :]):
        text += f", {when}"
        return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(when), topics_of("theatre", role), time=when)
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("theatre", role))


def signed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my band just signed to a small label", "we got signed!": a band's deal."""
    label = phrase_cut(match["label"] or "", max_words=6)
    text = f"{said.name}'s band signed" + (f" {match['to'].lower()} {third_person(label, said.name)}" if label else "")
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("music", "band"))


def voice_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I sing alto", "I'm singing alto in the concert", "I'm a tenor in the choir", "I'm grade 8
    piano", "I play principal cello", "I'm second violin now": where one stands in music."""
    if match["seat"]:
        what = match["seat_of"].lower()
        text = f"{said.name} plays {match['seat'].lower()} {what}"
        slot = "seat"  # "I'm first violin now" after "I play second violin": the new seat
        if group := _IN_GROUP.match(match.string[match.end() :]):  # "in the county youth orchestra"
            text += f" {group['prep'].lower()} {said.phrase(group['group'])}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("music", what), slot=slot)
    if match["grade"]:
        what = match["what"].lower()
        text = f"{said.name} is grade {match['grade']} {what}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("music", what))
    part = (match["part"] or match["part2"]).lower()
    return said.fact(f"{said.name} sings {part}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("music", "singing"))


def shoots_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I shoot on a Fuji X-T4", "I mostly shoot street photography": a photographer's camera and
    kind of picture."""
    if match["camera"]:
        camera = " ".join(match["camera"].split())
        text = f"{said.name} shoots on {article_for(camera)} {camera}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("photography", camera.split()[0]))
    genre = " ".join(match["genre"].lower().split())
    return said.fact(
        f"{said.name} shoots {genre} photography", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("photography", genre)
    )


RULES = [
    Rule(
        priority=1554,
        pattern=re.compile(
            r"\b(?:I|we|(?:my|our) band)(?:'ve| have)? (?:got|has|have|booked) (?:a |(?:our|my)"
            r" (?:(?P<which>first|next|last|big|biggest|album launch|release|hometown) )?)gig\b(?! economy| work)"
            r"(?P<rest>[^,.!?;]*)"
            r"|\b(?:my|our) band(?:'s| is|'re| are) (?P<playing>playing|headlining|supporting \w+ at) "
            r"(?=(?:at )?(?:the )?(?-i:[A-Z]))(?P<rest2>[^,.!?;]*)",
            re.IGNORECASE,
        ),
        build=gig_rule,
    ),
    Rule(
        priority=1555,
        pattern=re.compile(
            r"\b(?:(?:my|our) band (?:(?:just|finally|officially) )?(?:got )?|we (?:(?:just|finally|officially) )?got )"
            r"signed(?: (?P<to>to|with)"
            r" (?P<label>(?:a|an|the)\b[^,.!?;]*|(?-i:[A-Z])[^,.!?;]*))?",
            re.IGNORECASE,
        ),
        build=signed_rule,
    ),
    Rule(
        priority=1556,
        pattern=re.compile(
            r"\bI(?: sing|(?:'m| am) singing) (?P<part>soprano|alto|tenor|baritone|bass|mezzo(?:-soprano)?)\b"
            r"(?! (?:guitar|player|drum))"
            r"|\bI(?:'m| am) an? (?P<part2>soprano|alto|tenor|baritone|mezzo(?:-soprano)?)\b"
            r"(?! (?:sax|saxophone|player))"
            rf"|\bI(?:'m| am) grade (?P<grade>[1-8]) (?P<what>{INSTRUMENTS}|singing|music theory|theory)\b"
            r"|\bI(?:'m| am| play)(?: (?:now|also|still))? (?:the )?(?P<seat>principal|co-principal|sub-principal|first"
            rf"|second|third) (?P<seat_of>{INSTRUMENTS})\b(?! (?:lessons?|teacher|player|case|string|solo))",
            re.IGNORECASE,
        ),
        build=voice_rule,
    ),
    Rule(
        priority=1557,
        pattern=re.compile(
            r"\bI (?:(?:mostly|mainly|usually|only|now) )?shoot (?:on|with) (?:an?|my) (?P<camera>(?-i:[A-Z])[\w-]+"
            r"(?: (?-i:[A-Z0-9])[\w-]*){0,2})"
            rf"|\bI (?:(?:mostly|mainly|usually|only) )?shoot (?:(?:mostly|mainly) )?(?P<genre>{_GENRES})s?"
            r"(?: photography| photos| pictures)?" + phrase_ends("and|but|mostly|now|these days|on|with"),
            re.IGNORECASE,
        ),
        build=shoots_rule,
    ),
    Rule(
        priority=1662,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally) )?(?:got|been|was|have been) cast as (?P<role>[\w' -]{1,40}?) in"
            r" (?P<show>(?:the|our|a|an|this|next) (?:[\w'-]+ ){0,3}?(?:concert|show|musical|panto|pantomime|play"
            r"|production|opera)"
            r"|(?:(?:our|the) )?(?-i:[A-Z])[\w'-]*(?: (?:(?:and|of|the|in|on) )?(?-i:[A-Z])[\w'-]*){0,4})\b",
            re.IGNORECASE,
        ),
        build=cast_rule,
    ),
    Rule(
        priority=1637,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally) )?(?:got|landed|have) (?P<part>a solo|the (?:lead|main part|solo)"
            r"|a (?:speaking )?part) in (?P<show>(?:the|our|a|an|this|next) (?:[\w'-]+ ){0,3}?(?:concert|show|musical"
            r"|panto|pantomime|play|production|recital|service|gig)|(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,3})\b",
            re.IGNORECASE,
        ),
        build=solo_rule,
    ),
]
