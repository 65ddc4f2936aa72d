"""A couple's life: relationship status, anniversaries, plans made together, and break-ups."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
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
from memoryhub.ai.offline.rules.babies import DUE_WHEN
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    ours_as_theirs,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import ANNIVERSARY_NAMES, NOT_NAMES, RELATIONS, WEEKDAYS

# A relationship status, which a later one replaces ("I'm no longer single").
STATUSES = r"single|married|engaged"


def status_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm married", "I'm engaged to Leo", "I've been with my partner for 6 years", "I'm pregnant"."""
    status = third_person(match["status"][0].lower() + match["status"][1:], said.name)  # "with my partner"
    status = re.sub(r"^a widow(?:er)?$", "widowed", status)  # "I've been a widow for three years"
    rest = phrase_cut(match["rest"] or "", max_words=6)
    baby = status in ("pregnant", "expecting", "having a baby")
    if rest and not re.match(
        r"^(?:to|with|for|since|in|on|next|this|\d+ (?:years?|yrs?|months?)\b"
        r"|(?:(?:a|our|my|their) (?:first |second |third |fourth |\w+ )?)?(?:baby|child|kid|twins|triplets|son"
        r"|daughter|boy|girl)\b|(?:our|my|their) (?:first|second|third|fourth|fifth)\b)",  # "… twins!", "… our second"
        rest,
        re.IGNORECASE,
    ):
        rest = ""
    rest = ours_as_theirs(rest)  # "we're expecting our first baby"
    been = match["how"] and "been" in match["how"].lower()
    along = f"{match['along'].lower()} " if match["along"] else ""  # "I'm 5 months pregnant"
    text = f"{said.name} {'has been' if been else 'is'} {along}{status}" + (
        f" {third_person(rest, said.name)}" if rest else ""
    )
    if baby:  # a baby on the way does not take the place of "married" or "engaged"
        if due := re.search(rf",? due {DUE_WHEN}", match["rest"] or "", re.IGNORECASE):  # "I'm pregnant, due in May"
            text += f", due {' '.join(due['when'].split())}"
        return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", status))
    return said.fact(
        text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("relationship", status), slot="relationship"
    )


_PARTING = {"separated": ("separated from", PERMANENT), "got divorced": ("got divorced from", PERMANENT)}


def met_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I met my girlfriend at uni", "I met my husband on Hinge": how a couple met, for good."""
    where = phrase_cut(match["where"], max_words=8)
    text = f"{said.name} met their {match['partner'].lower()} {match['how'].lower()} {third_person(where, said.name)}"
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("relationship", "met"))


def parted_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my boyfriend and I broke up", "me and my wife split up": they parted from them, which is
    not "has a boyfriend" and not "broke up" with no one."""
    named = match["name"] or match["name2"]
    partner = named or (match["partner"] or match["partner2"]).lower()
    verb, expiration = _PARTING.get(match["how"].lower(), ("broke up with", "30d"))  # "split up", "called it quits"
    text = f"{said.name} {verb} {partner}" if named else f"{said.name} {verb} their {partner}"
    if when := past_time_in(match.string[match.end() :]):
        text += f" {when}"  # "me and my girlfriend broke up last week"
    return said.fact(text, MemoryKind.EVENT, HIGH, expiration, topics_of("relationship", partner))


def back_together_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm getting back with my ex", "me and Theo got back together": a couple again."""
    named = match["name"] or match["name2"] or match["name3"]
    whom = named or "their ex"
    verb = "is getting" if match["getting"] else "got"
    text = f"{said.name} {verb} back together with {whom}"
    if when := past_time_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(
        text, MemoryKind.EVENT, HIGH, "30d", topics_of("relationship", *([named.lower()] if named else []))
    )


def together_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my wife and I just hit 5 years", "my fiancé and I are getting married in October"."""
    partner = match["partner"].lower()
    if match["years"]:
        how = "married" if "married" in match[0].lower() else "together"
        text = f"{said.name} and their {partner} have been {how} {match['years'].lower()} years"
    elif match["did"]:  # "my girlfriend and I just moved in together"
        did = ours_as_theirs(phrase_cut(match["did"], max_words=8))
        text = f"{said.name} and their {partner} {did}"
    else:
        what = ours_as_theirs(phrase_cut(match["what"], max_words=8))
        text = f"{said.name} and their {partner} are {third_person(what, said.name)}"
        if re.match(
            r"(?:going(?! through)|off|celebrating|renovating|buying|moving|having (?!a baby|twins)|thinking"
            r"|considering)\b",
            what,
            re.I,
        ):
            # "my husband and I are going to Rome next month", "… thinking of adopting": the couple's
            # plan, not a lasting fact
            expiration = expiration_for(time_in(what))
            return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration, topics_of("plans", partner))
        if re.match(r"(?:doing|training for|learning|taking)\b", what, re.I):
            # "my husband and I are doing couch to 5k together": what the two of them are taking on
            time = re.sub(rf"^on (?:{WEEKDAYS})s$", "", time_in(what))  # "on Thursdays": every week
            if time:  # "… the Three Peaks in June": their plan, until then
                return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", partner))
            return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("hobbies", partner))
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("relationship", partner))


_PARTNER = r"wife|husband|partner|fianc[ée]e?|boyfriend|girlfriend|bf|gf|hubby"


# A partner's death the speaker told earlier in the window ("my husband passed away last month").
_PARTNER_LOST = re.compile(rf"'s (?:late )?(?:{_PARTNER}) (?:died|passed away|passed)\b")


def years_married_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we were married for 41 years", "41 years married": how long a marriage has lasted, or lasted
    when the speaker told of their partner's death before ("… thank you, 41 years married")."""
    how = "married" if (match["how"] or match["how2"]).lower() == "married" else "with their partner"
    years = match["years"] or match["years2"]
    lost = any(f.subject == said.handle and _PARTNER_LOST.search(f.text) for f in said.scene.facts)
    verb = "was" if lost or match["were"] else "has been"
    text = f"{said.name} {verb} {how} for {years} years"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("relationship", how.split()[-1]))


def together_since_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've been together since school", "we've been together 10 years": a couple, and how long."""
    span = " ".join(match["span"].lower().split())
    span = (span if span.startswith(("for", "since")) else f"for {span}").replace("we were", "they were")
    text = f"{said.name} and their partner have been together {third_person(span, said.name)}"
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("relationship", "partner"))


def anniversary_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we've just had our 40th anniversary", "we celebrated our 25th wedding anniversary in June": years
    married, kept for good."""
    wedding = "wedding " if match["wedding"] else ""
    text = f"{said.name} celebrated their {match['nth'].lower()} {wedding}anniversary"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("relationship", "anniversary"))


def moved_in_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just moved in with my boyfriend", "I've moved in with my girlfriend", "I'm moving in with Dana
    next month": living together, or about to (had been "has a boyfriend", or "is moving next month")."""
    who = match["who"]
    if who.lower() in NOT_NAMES:
        return None  # "moved in with them", "with some friends"
    who = third_person(who.lower(), said.name) if who.lower().startswith("my ") else who
    if "moving" in match["how"].lower():
        time = time_in(said.clause)
        text = f"{said.name} is moving{' back' if match['back'] else ''} in with {who}" + (f" {time}" if time else "")
        return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time) if time else "30d", ["home", "moving"])
    back = " back" if match["back"] else ""  # "I've moved back in with my parents"
    text = f"{said.name} moved{back} in with {who}" + (f" {when}" if (when := past_time_in(match["rest"])) else "")
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("home", "relationship"))


def said_yes_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my girlfriend said yes!": a proposal accepted, an engagement kept for good (had been "has a
    girlfriend")."""
    text = f"{said.name} got engaged to their {match['who'].lower()}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("relationship", "engagement"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=31,
        pattern=re.compile(r"\bmy (?P<who>girlfriend|boyfriend|partner|gf|bf) (?:actually |finally )?said yes\b", re.I),
        build=said_yes_rule,
    ),
    Rule(
        priority=30,
        # "I just moved in with my boyfriend", "I'm moving in with Dana next month" (before the move rule).
        pattern=re.compile(
            rf"\bI(?P<how>(?:'m| am)? moving|(?:'ve| have)? (?:just |finally |officially |now )?moved)"
            rf"(?P<back> back)? in with"
            rf" (?P<who>my (?:{RELATIONS})(?:s\b)?|(?-i:[A-Z])[\w'-]+)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=moved_in_rule,
    ),
    Rule(
        priority=375,
        pattern=re.compile(
            rf"\bI (?:first )?met my (?P<partner>{_PARTNER}) (?P<how>at|on|in|through|when|while) (?P<where>.+)",
            re.IGNORECASE,
        ),
        build=met_rule,
    ),
    Rule(
        priority=380,
        pattern=re.compile(
            rf"\b(?:my (?P<partner>{_PARTNER}) (?:and|&) I|me (?:and|&) my (?P<partner2>{_PARTNER})"
            # "me and Rowan split up", "Rowan and I broke up"
            r"|me (?:and|&) (?P<name>(?-i:[A-Z])[a-z]+)|(?P<name2>(?-i:[A-Z])[a-z]+) (?:and|&) I)"
            r"(?: (?:just|finally|recently|officially))? (?P<how>broke up|split up|split(?! up\b)|separated"
            r"|got divorced|called it quits)\b(?! (?:the|it|our|a)\b)",  # "split up the bill": no parting
            re.IGNORECASE,
        ),
        build=parted_rule,
    ),
    Rule(
        priority=385,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:(?P<getting>getting)|got) back (?:together )?with (?:my ex\b|(?P<name>(?-i:[A-Z])\w+))"
            r"|\b(?:me and (?P<name2>(?-i:[A-Z])\w+)|(?P<name3>(?-i:[A-Z])\w+) and I|we) (?:(?:just|finally) )?got back"
            r" together\b",
            re.IGNORECASE,
        ),
        build=back_together_rule,
    ),
    Rule(
        priority=390,
        pattern=re.compile(
            rf"\bmy (?P<partner>{_PARTNER}) (?:and|&) I"
            r"(?: (?:just|finally|recently|officially))? (?:(?:hit|celebrated|have been together(?: for)?"
            r"|'ve been together(?: for)?"
            r"|have been married(?: for)?|'ve been married(?: for)?)"
            r" (?P<years>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
            r" years|(?:are|'re) (?P<what>(?:getting|moving|expecting|having|buying|going|off|celebrating"
            r"|renovating|doing|training for|learning|taking|thinking (?:of|about)|considering)\b.+"
            r"|trying for a baby\b.*)"
            r"|(?P<did>moved in together\b.*|got (?:married|engaged)\b.*"
            r"|bought (?:a|our first|our) (?:house|flat|home|place)\b.*"
            r"|celebrated our (?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fifth|tenth|twentieth) (?:wedding )?"
            r"anniversary\b.*))",
            re.IGNORECASE,
        ),
        build=together_rule,
    ),
    Rule(
        priority=1676,
        pattern=re.compile(
            r"\bwe(?:'ve| have) been together (?P<span>(?:for )?(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten"
            r"|twenty|thirty|forty|fifty) (?:years?|months?)|since (?:school|uni|university|college|sixth form"
            r"|(?:19|20)\d\d|we were (?:\d{1,2}|kids|teenagers)))\b",
            re.IGNORECASE,
        ),
        build=together_since_rule,
    ),
    Rule(
        priority=1686,
        pattern=re.compile(
            r"\bwe(?:'ve| have)? (?:just |recently )?(?:had|celebrated) our (?P<nth>\d{1,2}(?:st|nd|rd|th)|first|tenth"
            rf"|{ANNIVERSARY_NAMES}) (?P<wedding>wedding )?anniversary\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=anniversary_rule,
    ),
    Rule(
        priority=1241,
        pattern=re.compile(
            r"\bwe (?P<were>were|had been|'d been) (?P<how>married|together)(?: for)? (?P<years>\d{1,2}) years\b"
            r"|^(?:(?:thank you|thanks|yeah|yes)\W+)?(?P<years2>\d{1,2}) years (?P<how2>married|together)\b",
            re.IGNORECASE,
        ),
        build=years_married_rule,
    ),
    Rule(
        priority=1240,
        pattern=re.compile(
            r"\b(?:I|we)(?P<how>(?:'m| am|'re| are)(?: (?:happily|newly|recently|now|finally|officially|also))*"
            r"|(?:'ve| have) been(?: (?:happily))?)"
            r" (?:(?P<along>(?:\d{1,2}|a few|two|three|four|five|six|seven|eight) (?:months?|weeks?)) (?=pregnant))?"
            r"(?P<status>married|engaged|single|divorced|widowed|a widow(?:er)?|separated|pregnant|expecting"
            r"|in a (?:long[- ]distance )?relationship"
            r"|(?:[\w ]{1,20} into )?dating (?:(?-i:[A-Z])\w+|someone)|together with (?-i:[A-Z])\w+|getting married"
            r"|having a baby(?! shower| gender reveal)|seeing (?:someone|(?-i:[A-Z])\w+)(?: named (?-i:[A-Z])\w+)?"
            r"|with my (?:partner|girlfriend|boyfriend|wife|husband)|(?:going through|getting) a (?:divorce|breakup"
            r"|break-up|separation)|getting divorced)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=status_rule,
    ),
]
