"""Likes and dislikes."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, since_age, third_person, topics_of, uncapitalised
from memoryhub.ai.offline.vocabulary import (
    ADVERBS,
    CALLED,
    I_AM,
    KEENLY,
    LEAD_FILLERS,
    OBJECT_PRONOUNS,
    SINCE_WHEN,
    word_set,
)

_PREFERENCE_VERBS = {
    "love": ("loves", HIGH),
    "adore": ("adores", HIGH),
    "like": ("likes", MEDIUM),
    "enjoy": ("enjoys", MEDIUM),
    "prefer": ("prefers", MEDIUM),
    "into": ("is into", MEDIUM),
    "interested in": ("is interested in", MEDIUM),
    "obsessed with": ("is obsessed with", HIGH),
    "keen on": ("is keen on", MEDIUM),
    "passionate about": ("is passionate about", HIGH),
    "hate": ("hates", HIGH),
    "can't stand": ("can't stand", HIGH),
    "cannot stand": ("can't stand", HIGH),
    "can not stand": ("can't stand", HIGH),
    "dislike": ("dislikes", MEDIUM),
    "despise": ("despises", HIGH),
    "loathe": ("loathes", HIGH),
    **{
        f"{do} {how}{verb}": (f"doesn't {how}{verb}", MEDIUM)
        for do in ("don't", "do not")
        for how in ("", "really ", "particularly ")
        for verb in ("like", "enjoy")
    },
    "not into": ("is not into", MEDIUM),
    "addicted to": ("is addicted to", HIGH),
    "hooked on": ("is hooked on", HIGH),
    "a sucker for": ("loves", HIGH),
    "big on": ("is big on", MEDIUM),
    "crazy about": ("loves", HIGH),
    "mad about": ("loves", HIGH),
    "nuts about": ("loves", HIGH),
    "can't get enough of": ("loves", HIGH),
    "cannot get enough of": ("loves", HIGH),
    "could eat": ("loves", HIGH),
    "could live on": ("loves", HIGH),
    "could listen to": ("loves", HIGH),
    "could watch": ("loves", HIGH),
    "live for": ("lives for", HIGH),
    "never liked": ("has never liked", MEDIUM),
    "never enjoyed": ("has never enjoyed", MEDIUM),
    "never been a fan of": ("has never been a fan of", MEDIUM),
    "never been into": ("has never been into", MEDIUM),
}


_NOTHING = OBJECT_PRONOUNS | word_set("nothing everything anything something none everywhere anywhere somewhere")
# A first word that shows "love" was a noun or a clause went on ("Love sure does make life sweeter", "love and
# acceptance should be…", "everyone I love was there"): no thing loved.
_NOT_AN_OBJECT = word_set(
    "was were is are has had will would can sure and or but does in of at on from for they he she we i exist exists"
    " wins"
)
# Whom a relative clause is about, just before its "I": "everyone I love came to my party".
_WHOM_BEFORE = re.compile(r"\b(?:(?:every|any|some|no)(?:one|body)|no one|people|ones|those)\s+$", re.IGNORECASE)


def helps_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "knitting in front of the telly helps me unwind", "painting really helps me recharge":
    what someone turns to, to unwind (a companion may suggest it on a hard day)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    how = third_person(phrase_cut(match["how"], max_words=12), said.name)
    text = f"{said.name} turns to {what} to {how}"  # about them first, as every memory is
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("wellbeing", *content_words(what)[:2]))


def preference_rule(match: re.Match[str], said: Said) -> Fact | None:
    if _WHOM_BEFORE.search(match.string[: match.start()]):
        return None  # "everyone I love came to my party": whom they love, said before the verb
    groups = match.groupdict()
    said_of = groups["what"] or groups.get("what2") or ""
    if title := re.match(r'\s*"(?P<title>[^"]{1,80})"', said_of):  # I love "Home Alone" too- it's…
        what = title["title"].strip()  # a title as the other rules write it, without its quotes
    else:
        what = phrase_cut(said_of, max_words=10, commas=True)
    what = re.sub(
        r"\s+(?:so much|a lot|very much|too|as well|lol|lately|recently|these days|nowadays)$", "", what, flags=re.I
    ).strip()
    what = re.sub(rf"^{CALLED}(?=(?-i:[A-Z]))", "", what, flags=re.I)  # "this show called Severance": the title
    first = what.split()[0].lower().strip(",.!") if what else ""
    if first == "when" and len(what.split()) >= 3 and not groups.get("modal"):
        what, first = f"it {what}", "it when"  # "I hate when people chew loudly": "hates it when people chew…"
    if not what or first in _NOTHING or re.match(r"^to (?:think|say|believe|imagine)\b|^to$", what, re.I):
        return None  # "I love it", "I love it, it brings me joy", "I'm passionate about nothing lol"
    if re.match(r"to (?:live dangerously|keep (?:you|people|everyone) guessing|keep it real)\b", what, re.I):
        return None  # "… but I still eat ice cream, I like to live dangerously": a joke, not a taste
    if first in _NOT_AN_OBJECT:
        return None  # "the one I love was there": whom they love, said before the verb
    if re.fullmatch(r"\w+ing (?:it|that|this|them)(?: (?:with|for|on|at|in|when|every|all)\b.*)?", what, re.I):
        return None  # "I love watching it": what "it" is was said in another line
    if re.search(r"\b(?:each other|one another)\b", what, re.I):
        return None  # "we love winding each other up": a family's, no taste of one person
    raw_verb = " ".join((groups["verb"] or groups.get("modal") or "").lower().split())
    taken_up = re.match(r"(?:gotten|got|become|grown|started getting) (?:(?:really|super|very|more) )?", raw_verb)
    if taken_up:  # a taste now held: when it began is not part of it ("interested in photography last year")
        raw_verb = raw_verb[taken_up.end() :]
        if (when := past_time_in(what)) and what.lower().endswith(when.lower()):
            what = what[: -len(when)].strip()
    fan = re.fullmatch(r"(?:not )?an? (?:big |huge |massive )?fan of", raw_verb)
    if fan:
        verb, importance = f"is {raw_verb}", MEDIUM
    else:
        verb, importance = _PREFERENCE_VERBS[raw_verb]
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    head = what.split(",")[0]  # "guitar, especially at night": the topic is guitar
    return said.fact(text, MemoryKind.PREFERENCE, importance, PERMANENT, topics_of(*content_words(head)[:3]))


# "thrifting is my therapy", "quilting is my main thing now", "film photography is my whole personality".
_PASSIONS = (
    r"therapy|thing|jam|(?:whole )?personality|passion|obsession|happy place|guilty pleasure|comfort food"
    r"|weakness|religion|love language|addiction|comfort show|comfort movie|comfort game|comfort book|comfort song"
    r"|hyperfixation|special interest"
)
_NOT_A_TOPIC = word_set("it this that these those he she they you we work life everything nothing someone something")


def passion_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "thrifting is my therapy honestly", "quilting is my main thing now": something they love."""
    what = match["what"].strip(" ,.")
    words = what.split()
    if not words or words[0].lower() in _NOT_A_TOPIC or len(words) > 6 or not content_words(what):
        return None
    text = f"{said.name} loves {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, HIGH, PERMANENT, topics_of(*content_words(what)[:3]))


def fan_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I support Arsenal", "I'm a huge Lakers fan"."""
    team = phrase_cut(match["team"] or match["team2"], max_words=4)
    if team and team.islower():  # "f1", "nba": a league, written in capitals
        team = team.upper() if len(team) <= 4 else team.title()
    if not team or not team[0].isupper() or team.split()[0] in ("I", "I'm", "I've"):
        return None  # "support I had from friends meant a lot": no team
    # since when: "I've been a Liverpool fan since I was 6"
    since = re.match(rf"\s+({SINCE_WHEN})\b", match.string[match.end() :])
    if match["verb"]:
        text = f"{said.name} {'has supported' if since else 'supports'} {team}"
    else:
        text = f"{said.name} {'has been' if since else 'is'} {article_for(team)} {team} fan"
    text += f" {since_age(since[1])}" if since else ""
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("sport", team))


def favourite_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my favourite band is Muse", "Dune is my all-time favourite book", "my comfort show is Gilmore Girls"."""
    thing = _thing_as_said(match["thing"] or match["thing2"])
    # "is like Muse", "is honestly Dune"; not a title's first word ("OK Computer", "Yeah Yeah Yeahs")
    raw = re.sub(
        rf"^(?!(?-i:[A-Z])[\w']*\s(?-i:[A-Z])){LEAD_FILLERS}", "", match["value"] or match["value2"], flags=re.I
    )
    raw = re.sub(r"^(?:still|probably|definitely|easily|hands down),? ", "", raw, flags=re.I)  # "is still Dune"
    value = phrase_cut(raw, max_words=8)
    if not value or not thing or value.lower() in ("it", "that", "this", "mine"):
        return None
    if match["value2"]:
        value = uncapitalised(value)  # "Finishing the allotment shed is my top goal"
    if thing.lower() in _AIMS:  # a goal is not a taste: "my number one goal", "my top priority"
        rank = "main" if "fav" in match[0].lower() else "top"
        text = f"{said.name}'s {rank} {thing} is {third_person(value, said.name)}"
        return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("goals", *content_words(value)[:2]))
    kind = (match["kind"] or "").lower()
    kind = kind if kind in ("go-to", "comfort") else "favourite"  # "my comfort show is Gilmore Girls"
    text = f"{said.name}'s {kind} {thing} is {third_person(value, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("favourites", thing))


_AIMS = word_set("goal goals priority priorities aim ambition dream")


def _thing_as_said(thing: str) -> str:
    """What a favourite is of, lowered but for its names: "Bond film", "TV show" (not "bond film"); all shouted,
    all lowered."""
    return thing.lower() if thing.isupper() else " ".join(w if w[0].isupper() else w.lower() for w in thing.split())


def favourite_instead_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my favourite Bond film isn't Skyfall, it's Casino Royale", "the original isn't my favourite Alien
    film, that's Aliens": the favourite said after the one denied."""
    thing = _thing_as_said(match["thing"] or match["thing2"])
    value = phrase_cut(match["value"] or match["value2"] or match["value3"], max_words=6)
    if not value or value.lower() in ("it", "that", "this", "mine"):
        return None
    text = f"{said.name}'s favourite {thing} is {third_person(value, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("favourites", thing.lower()))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
def drinker_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a huge tea drinker, like 8 cups a day": what they drink a lot of."""
    drink = match["drink"].lower()
    return said.fact(f"{said.name} drinks a lot of {drink}", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, ["diet", drink])


def soap_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "coriander tastes like soap to me": a herb they cannot stand."""
    herb = match["herb"].lower()
    return said.fact(f"{said.name} dislikes {herb}", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, ["food", herb])


RULES = [
    Rule(
        priority=1005,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:an? )?(?:(?:huge|big|massive|heavy|serious|real) )?(?P<drink>tea|coffee|wine|beer"
            r"|water|gin|whisky|whiskey|cider) drinker\b",
            re.IGNORECASE,
        ),
        build=drinker_rule,
    ),
    Rule(
        priority=1006,
        pattern=re.compile(r"^(?P<herb>coriander|cilantro) tastes like soap\b", re.IGNORECASE),
        build=soap_rule,
    ),
    Rule(
        priority=460,
        pattern=re.compile(
            rf"\bI{ADVERBS} (?P<verb>hate|can't stand|cannot stand|can not stand|dislike|despise|loathe"
            rf"|(?:don't|do not) (?:(?:really|particularly) )?(?:like|enjoy)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=470,
        pattern=re.compile(rf"\b{I_AM}{KEENLY} (?P<verb>not into|not an? (?:big |huge )?fan of) (?P<what>.+)", re.I),
        build=preference_rule,
    ),
    Rule(
        priority=480,
        pattern=re.compile(
            r"\bI(?:'ve| have)?(?: really| honestly| truly)? (?P<verb>never (?:liked|enjoyed|been a fan of"
            r"|been into)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=490,
        pattern=re.compile(
            # "I've grown to like olives", "I've come to love jazz": a taste now held; "we love
            # hiking": the speaker's too
            rf"\b(?:I|we)(?:(?:'ve| have)? (?:started to|come to|grown to))?{KEENLY}"
            r" (?P<verb>love|adore|like|enjoy|prefer|live for) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=500,
        pattern=re.compile(
            rf"\b{I_AM}{KEENLY} "
            r"(?P<verb>into|obsessed with|addicted to|hooked on|a sucker for|big on|crazy about|mad about|nuts about"
            r"|keen on|passionate about"
            r"|an? (?:big |huge |massive )?fan of) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=510,
        pattern=re.compile(
            r"\bI (?P<verb>can't get enough of|cannot get enough of) (?P<what>.+)"
            r"|\bI (?P<modal>could (?:eat|live on|listen to|watch)) (?P<what2>[^,]{2,40}?)"
            r" (?:every (?:single )?day|every night|forever|all day|on repeat|24/7|for every meal)\b",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=520,
        pattern=re.compile(
            rf"^{LEAD_FILLERS}(?P<what>[^,]{{2,50}}?) (?:is|are) (?:honestly |literally |basically |kinda |lowkey "
            rf"|just |now )?my"
            rf" (?:whole |main |new |current |absolute |favou?rite |biggest |only |entire "
            rf"|ultimate )?(?:{_PASSIONS})\b",
            re.IGNORECASE,
        ),
        build=passion_rule,
    ),
    Rule(
        priority=530,
        pattern=re.compile(
            r"(?:^|(?<=\bbut )|(?<=, ))(?!(?:but|and|so|plus|also|nothing|something|anything|everything)\b)"
            r"(?P<what>[a-z][\w' -]{0,40}?\w+ing\b[\w' -]{0,40}?) (?:really |always |totally |just )?helps me"
            r" (?P<how>(?:relax|unwind|escape|de-?stress|chill|calm down|clear my head|recharge|reset"
            r"|feel (?:better|free|calm|alive|grounded))\b.*)",
            re.IGNORECASE,
        ),
        build=helps_rule,
    ),
    Rule(
        priority=540,
        pattern=re.compile(
            rf"^{LEAD_FILLERS}(?P<what>[\w' -]{{2,30}}?) on (?:everything|literally everything)\b", re.I
        ),
        build=passion_rule,
    ),
    Rule(
        priority=770,
        pattern=re.compile(
            # "I've gotten into pottery", "I've become really interested in birdwatching" (not "I got
            # into Oxford", a school, capitalised, which is admission_rule's, nor "into trouble", "into a fight")
            r"\bI(?:'ve| have)? (?:(?:recently|really|just|lately|finally|also) )?"
            r"(?P<verb>(?:gotten|got|become|grown|started getting) (?:(?:really|super|very|more) )?"
            r"(?:into(?= (?!(?-i:[A-Z])|(?:a|an|the|my|our|his|her|their|this"
            r"|that|some|it|trouble|debt|bed|work|shape|character|college|uni|university|school)\b)[a-z])"
            r"|interested in)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=preference_rule,
    ),
    Rule(
        priority=1170,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?P<verb>support|supported|follow|root for|cheer for)"
            rf" (?P<team>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*){{0,3}})"
            rf"|\b(?:{I_AM}|I(?:'ve| have) been|^) ?(?:an? )?(?:(?:big|huge|massive|lifelong|die-?hard|proud) )?"
            rf"(?P<team2>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*)?|(?i:f1|formula (?:1|one)|nba|nfl|mlb|nhl|premier league"
            rf"|la liga|serie a|mls|ufc|wwe|motogp|nascar)) fan\b",
        ),
        build=fan_rule,
    ),
    Rule(
        priority=1190,
        pattern=re.compile(
            r"\b(?:my |^)(?:all[- ]time |absolute |current |new )?(?P<kind>fav(?:ou?rite|e)?|go-to|comfort)"
            r" (?P<thing>[a-z]+(?: [a-z]+)?)"
            r"(?: (?:is|are|has to be|would be|=)|\s?[:=]) (?P<value>.+)"
            r"|^(?P<value2>[^,]{2,40}?) (?:is|are) (?:definitely |probably |still |easily )?my"
            r" (?:all[- ]time |absolute )?"
            r"(?:fav(?:ou?rite|e)?|number one|#1|go-to|top)"
            r" (?P<thing2>[a-z]+(?: (?!this|that|now|too|for|in)[a-z]+)?)\b",
            re.IGNORECASE,
        ),
        build=favourite_rule,
    ),
    Rule(
        priority=1753,
        pattern=re.compile(
            r"\bmy (?:all[- ]time )?fav(?:ou?rite|e)? (?P<thing>[\w-]+(?: [\w-]+)?) (?:isn't|is not|ain't) [^,]{2,40},"
            r" (?:it's|it is|that's|that is|mine is) (?P<value>(?-i:[A-Z\d\"'])[^,.!?]{1,40})"  # a name, a title
            r"|^[^,]{2,40}? (?:isn't|is not|aren't|are not) my (?:all[- ]time )?fav(?:ou?rite|e)?"
            r" (?P<thing2>[\w-]+(?: [\w-]+)?), "
            r"(?:(?:it's|it is|that's|that is) (?P<value2>(?-i:[A-Z\d\"'])[^,.!?]{1,40})"
            r"|(?P<value3>(?-i:[A-Z\d\"'])[^,.!?]{1,40}?) (?:is|are)\b)",
            re.IGNORECASE,
        ),
        build=favourite_instead_rule,
    ),
]
