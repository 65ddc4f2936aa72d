"""What a gaming or developer community says of itself: the system and language one uses, a rig, a
time zone, a rank, a server run (the team and the hours one works are ``rules/teams.py``'s); and of
one's place in the community: a moderator, when one joined, how one found it."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.text import article_for, join_names, since_age, third_person, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, SINCE_WHEN

TOOLS = (
    r"Arch(?: Linux)?|Linux|Ubuntu|Debian|Fedora|NixOS|Windows(?: \d+)?|mac ?OS|a Mac|Vim|Neovim|Emacs"
    r"|VS ?Code|IntelliJ|PyCharm|JetBrains|Android|an? iPhone|a Steam Deck|a PS5|an Xbox|a Switch"
)  # read in any case
_LANGUAGES = r"Python|Rust|(?-i:Go)|Java|JavaScript|TypeScript|C\+\+|C#|Ruby|PHP|Kotlin|Swift|Haskell|Elixir|Lua|Scala"
# One language or several: "Python", "Python and Rust", "Go, Rust and C++".
_LANGUAGES_LISTED = rf"(?:{_LANGUAGES})(?:(?:,| and| &|, and) (?:{_LANGUAGES})(?![\w+#])){{0,3}}"
# What a rig is told by: a part with a number, or a part's own name ("a 4090", "64GB of RAM").
_HARDWARE = (
    r"(?:an? )?(?:[\w-]+ ){0,2}?(?:\d[\w-]*(?: (?:monitors?|screens?|GPUs?|cores?|fans?|super|ti|xtx|xt)\b)?"
    r"|RTX[\w -]*|Ryzen[\w -]*"
    r"|GPU|CPU|SSD|monitors?)(?: (?:of )?RAM| GPU)?"
)
RANKS = (
    r"Iron|Bronze|Silver|Gold|Platinum|Plat|Emerald|Diamond|Master|Grandmaster|Champion|Challenger|Immortal"
    r"|Radiant|Ascendant|Legend|Elite"
)
_ZONES = (
    r"(?:UTC|GMT) ?[+-]\s?\d{1,2}(?::\d\d)?|UTC|GMT|[ECMP][SD]T|AK[SD]T|HST|[CEW]ES?T|BST|IST|JST|KST|SGT|HKT"
    r"|A[ECW][SD]T|NZ[SD]T|UK time|US east coast time"
)
_RUN = (
    r"(?:[\w-]+ ){0,2}?(?:server|discord|subreddit|forum|community|guild|clan|podcast|blog|newsletter"
    r"|youtube channel|twitch channel|modpack|mod)"
)


# What a new value replaces among the memories (consolidation.SLOTS): a rank, a time zone, the same machine.
SLOTS = {
    "rank": rf" (?:is ranked|reached) (?:{RANKS})\b",
    "time zone": r"'s time zone is\b",
    **{f"machine {machine}": rf"'s {machine} has\b" for machine in ("rig", "PC", "gaming PC", "setup", "laptop")},
}


_SPELT = (
    "macOS",
    "VS",
    "NixOS",
    "IntelliJ",
    "PyCharm",
    "JetBrains",
    "iPhone",
    "PS5",
    "JavaScript",
    "TypeScript",
    "PHP",
)
_CASED = {word.lower(): word for word in _SPELT}


def _cased(said: str) -> str:
    """A name as it is spelt: "arch" → "Arch", "vs code" → "VS Code", "an iphone" → "an iPhone"."""
    if said != said.lower():
        return said  # spelt by the speaker already
    words = said.replace("vscode", "vs code").split()
    return " ".join(w if w in ("a", "an") else _CASED.get(w, w[:1].upper() + w[1:]) for w in words)


def uses_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I use Arch btw", "I daily drive NixOS", "I've been on Linux for ten years", "I just started using
    Neovim", "I mostly code in Rust", "I write Go at work"."""
    if language := match["language"] or match["language2"]:
        language = join_names([_cased(one) for one in re.split(r",? and |, | & ", language)])
        text = f"{said.name} codes in {language}"
        return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("programming", language))
    tool = _cased(match["tool"] or match["tool2"] or match["tool3"])
    text = f"{said.name} uses {tool}"
    if match["tool3"]:  # "I just started using Neovim": since when, if said
        when = past_time_in(match.string[match.end() :])
        text = f"{said.name} started using {tool}" + (f" {when}" if when else "")
    if match["tool2"] and (span := _SPAN_AFTER.match(match.string[match.end() :])):
        text = f"{said.name} has used {tool} {since_age(span[1]).lower()}"  # "I've been using Emacs for 20 years"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("tech", tool))


_SPAN_AFTER = re.compile(rf"(?: for (?:work|notes|everything|coding))?\s+((?:{FOR_A_SPAN})|{SINCE_WHEN})\b", re.I)


def rig_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my rig has a 4090", "my PC's got 64GB of RAM": what the machine they play or work on has."""
    machine = match["machine"].lower().replace("pc", "PC")
    part = " ".join(match["part"].split()) + (f" and {' '.join(match['part2'].split())}" if match["part2"] else "")
    text = f"{said.name}'s {machine} has {part}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("tech", machine), slot=f"machine {machine}")


def time_zone_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my timezone is CET", "I'm on EST", "I'm UTC+2": when a bot may find them awake."""
    zone = match["zone"] or match["zone2"]
    zone = zone if "time" in zone else re.sub(r"\s+", "", zone.upper())  # "utc +2" → "UTC+2"
    text = f"{said.name}'s time zone is {zone}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, ["time zone"], slot="time zone")


def rank_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm hardstuck Gold", "I'm Plat 2 in ranked", "I just hit Diamond": a rank in a ranked game."""
    rank = _cased(" ".join((match["rank"] or match["stuck"] or match["rank2"]).split())).replace("Plat ", "Platinum ")
    rank = "Platinum" if rank == "Plat" else rank
    where = f" in {match['game']}" if match["game"] else ""
    if match["reached"]:
        text = f"{said.name} reached {rank}{where}"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("gaming", rank), slot="rank")
    text = f"{said.name} is ranked {rank}{where}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gaming", rank), slot="rank")


def runs_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I run a Minecraft server for my friends", "I mod a subreddit", "I host a podcast"."""
    rest = third_person(match["rest"].strip(" ,.!"), said.name)
    named = re.match(
        r"(?:called|named) (?-i:[A-Z])[\w'&-]*(?: (?:(?:and|&|of|the|in|on|for) )?(?-i:[A-Z])[\w'&-]*){0,5}", rest
    )
    rest = named[0].strip() if named else rest  # "I host a podcast called Pints and Politics": its name
    rest = rest if named or re.match(r"(?:for|with|on|in|about) [\w' ]+$", rest) else ""  # "for my friends", no more
    a = "their" if match["a"].lower() == "our" else match["a"].lower()
    text = f"{said.name} {match['verb'].lower()}s {a} {match['what']} {rest}".strip()
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of(match["what"].split()[-1]))


_HERE = r"(?:server|discord|group|community|channel|sub|subreddit|forum|club|place)"


def community_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a mod here", "I'm one of the admins", "I joined this server last week", "found this
    group through Reddit": their place in the community the memory is kept in."""
    if role := match["role"]:
        role = {"mod": "moderator", "organizer": "organiser"}.get(role.lower(), role.lower())
        text = f"{said.name} is {article_for(role)} {role} in this community"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, ["community", role], slot="community role")
    if match["joined"]:
        when = past_time_in(match["rest"] or "")
        text = f"{said.name} joined this community" + (f" {when}" if when else "")
        return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, ["community"])
    source = " ".join(match["source"].split())
    text = f"{said.name} found this community through {source}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("community", source))


_PLATFORMS = r"social media|Instagram|Insta|Twitter|TikTok|Facebook|Reddit|Snapchat|Threads|Bluesky"
_FOR_A_WHILE = r"(?:for (?:a|the) (?:week|weekend|day|bit|month)|for now|till|until)"  # a break, not quitting


def off_platform_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm taking a break from social media", "I deleted Instagram", "I'm off Twitter for good"."""
    platform = match["platform"] or match["platform2"]
    platform = platform.lower() if platform.lower() == "social media" else platform[0].upper() + platform[1:]
    if match["platform"]:
        return said.fact(
            f"{said.name} is taking a break from {platform}", MemoryKind.FACT, MEDIUM, "30d", ["online", "break"]
        )
    return said.fact(f"{said.name} quit {platform}", MemoryKind.FACT, MEDIUM, PERMANENT, ["online", platform.lower()])


RULES = [
    Rule(
        priority=1492,
        pattern=re.compile(
            rf"\bI (?:(?:mostly|mainly|only|still|just|now) )?(?:use|run|daily drive|daily-drive) (?P<tool>{TOOLS})\b"
            r"(?=\s*(?:$|[,.!?;)]|(?:at|for|on|in|and|but|btw|as|now|mostly|daily|too|every|since|because|so|lol|tbh"
            r"|though|instead|exclusively|only)\b))"  # not "I use Linux jokes to flirt"
            # "I've been on Arch for 5 years", "I just started using Neovim"
            rf"|\bI(?:'ve| have) (?:been using|used|been on) (?P<tool2>{TOOLS})\b(?= (?:for|since)\b)"
            rf"|\bI(?:'ve| have)? (?:(?:just|recently|finally) )?(?:started|begun|began) using (?P<tool3>{TOOLS})\b"
            rf"|\bI (?:(?:mostly|mainly|only|just) )?(?:code|program|develop|write code) (?:in|with) (?P<language>"
            rf"{_LANGUAGES_LISTED})(?![\w+#])"
            rf"|\bI (?:(?:mostly|mainly|only|just) )?write (?P<language2>{_LANGUAGES_LISTED})(?![\w+#])",
            re.IGNORECASE,
        ),
        build=uses_rule,
    ),
    Rule(
        priority=1493,
        pattern=re.compile(
            rf"\bmy (?P<machine>rig|pc|PC|gaming pc|gaming PC|setup|laptop)(?: has| has got|'s got| runs on"
            # "my rig's a 7800x3d with a 4080 super" (not "my laptop is a 2019 MacBook")
            rf"|(?:'s| is)(?= an? (?:[\w-]+ )?\d[\w-]*(?: (?:super|ti|xt|xtx))?(?:$|[,.!]| (?:with|and|\+)\b)))"
            rf" (?P<part>{_HARDWARE})(?: (?:with|and|\+) (?P<part2>{_HARDWARE}))?",
            re.IGNORECASE,
        ),
        build=rig_rule,
    ),
    Rule(
        priority=1494,
        pattern=re.compile(
            rf"\b(?:(?i:my (?:time ?zone|tz) is) ?(?P<zone>(?i:{_ZONES}|[ECMP]T))"  # "my timezone is cet" in any case
            rf"|I(?:'m| am) (?:(?:on|in) (?=(?:{_ZONES})\b)|(?=(?:UTC|GMT) ?[+-]))(?P<zone2>{_ZONES}))(?![\w+-])"
            r"(?!(?: time)? (?:until|till|for now|this week)\b)",  # "I'm on GMT until Sunday": a stay
        ),
        build=time_zone_rule,
    ),
    Rule(
        priority=1495,
        pattern=re.compile(
            rf"(?:\bI(?:'m| am) (?:(?:hard ?stuck|stuck|currently|finally|now) )?(?:in |at )?(?P<rank>(?:{RANKS})"
            rf"(?: [1-5IV]{{1,3}})?)(?= rank| in ranked|(?: rank)? in (?-i:[A-Z]))"
            rf"|\bI(?:'m| am) hard ?stuck (?:in |at )?(?P<stuck>(?:{RANKS})(?: [1-5IV]{{1,3}})?)"
            rf"|\bI (?:(?:just|finally) )?(?P<reached>hit|reached|made it to|got to|climbed to) (?P<rank2>(?:{RANKS})"
            rf"(?: [1-5IV]{{1,3}})?)(?= in ranked| rank|(?: rank)? in (?-i:[A-Z])))"
            r"(?:(?: rank)? in (?P<game>(?-i:[A-Z])[\w']*(?: (?-i:[A-Z0-9])[\w']*){0,2}))?",
            re.IGNORECASE,
        ),
        build=rank_rule,
    ),
    Rule(
        priority=1496,
        pattern=re.compile(
            rf"\bI (?P<verb>run|host|mod|moderate|admin|manage) (?P<a>a|an|our|the) (?P<what>{_RUN})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=runs_rule,
    ),
    Rule(
        priority=1502,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:also|now) )?(?:an? |one of the )(?P<role>mod|moderator|admin|organi[sz]er|founder)s?"
            rf"(?= here\b| of (?:this|the) {_HERE}\b| in (?:this|the) {_HERE}\b|\s*$|\s*[,.!])"
            rf"|\bI (?:(?:just|only|recently|finally) )?(?P<joined>joined) (?:this|the) {_HERE}\b(?P<rest>.*)"
            rf"|\bfound (?:you|y'all|you guys|this {_HERE}|the {_HERE}) (?:through|via|on|from) (?P<source>"
            r"(?-i:[A-Z])[\w.'-]*(?: (?-i:[A-Z])[\w.'-]*)?|a friend|my (?:friend|sister|brother|partner|colleague)"
            r"|twitter|reddit|tiktok|youtube|google)",
            re.IGNORECASE,
        ),
        build=community_rule,
    ),
    Rule(
        priority=1529,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve| have) (?:(?:taking|taken|on|doing) )(?:a|an) (?:(?:little|long|short|proper) )?"
            rf"(?:break|detox|hiatus) from (?P<platform>{_PLATFORMS})\b"
            r"|\bI(?:(?:'m| am) off(?= \w+ for good)| (?:(?:just|finally|officially) )?(?:deleted|quit|left|came"
            rf" off|got off|deactivated)) (?:my )?(?P<platform2>{_PLATFORMS})(?: account| app)?\b"
            rf"(?!.*\b{_FOR_A_WHILE}\b)",
            re.IGNORECASE,
        ),
        build=off_platform_rule,
    ),
]
