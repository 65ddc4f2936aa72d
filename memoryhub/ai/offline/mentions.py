"""Who a clause is about when it is not the speaker alone: a member named at its start, news told
of them in the first person ("Bob said he's moving"), someone addressed or congratulated, and a
relative or pet referred back to ("she's a nurse", "his name is Max")."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from memoryhub.ai.contract import ConversationLine
from memoryhub.ai.offline.questions import count_as_asked, said_of_whom_asked
from memoryhub.ai.offline.rules.possessions import THINGS
from memoryhub.ai.offline.text import article_for, is_or_has
from memoryhub.ai.offline.vocabulary import (
    FAMILY,
    GRAVE_ILLNESSES,
    HE_RELATIONS,
    HELLOS,
    IRREGULAR_PARTICIPLES,
    MONTHS,
    NOT_NAMES,
    PETS,
    RELATIONS,
    RELATIVE_AGES,
    REPORTED_ADVERB_WORDS,
    SHE_RELATIONS,
    WEEKDAYS,
    word_set,
)

_MENTION = re.compile(r"^(?P<who>@?[A-Za-z\u00c0-\u024f][\w'.-]{0,39}?)(?P<possessive>'s?)?\s+(?P<rest>\S.*)$")


_FULL_NAME_MENTION = re.compile(
    r"^(?P<who>[A-Za-z\u00c0-\u024f][\w'.-]{0,39} [A-Za-z\u00c0-\u024f][\w'.-]{0,39}?)"
    r"(?P<possessive>'s?)?\s+(?P<rest>\S.*)$"
)


_IS_NOT_POSSESSIVE = word_set(
    """a an the so very really super totally moving going getting leaving starting allergic vegan
    vegetarian pescatarian married engaged pregnant from in at back off away out only just still always
    basically never definitely officially finally"""
)


_HAS_NOT_POSSESSIVE = word_set("been got")
# "Tom's just become a dad", "Nora's just had a baby": "has", before a past participle said after "just".
_JUST = word_set("just already finally recently")
_DONE_IRREGULAR = word_set(IRREGULAR_PARTICIPLES.replace("|", " ") + " done gone taken given run")


# "his" or "her" before what is theirs, in news said of a member ("her" before a preposition or an
# article is someone else: "Tom met her at uni").
_THEIR_OWN = re.compile(
    r"\b(?:his|her)\b(?= (?!(?:at|to|in|on|with|for|and|a|an|the|that|this|back|up|out|off|home|too|again)\b)[a-z])",
    re.IGNORECASE,
)
_FIRST_PERSON_VERBS = {"is": "I'm", "has": "I have", "was": "I was", "will": "I will", "does": "I do"}


def _unconjugated(verb: str) -> str:
    """ "lives" → "live", "studies" → "study", "watches" → "watch"; other words as they are."""
    lower = verb.lower()
    if lower.endswith("ies") and len(lower) > 4:
        return verb[:-3] + "y"
    if lower.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    if lower.endswith("s") and not lower.endswith("ss") and len(lower) > 3:
        return verb[:-1]
    return verb


# "Alex told me he's moving to Berlin", "Dana said she got the job": what a member said of
# themselves, passed on.
_SAID_THAT = re.compile(
    r"^(?:(?:just|finally|also) )?(?:said|says|told (?:me|us|everyone)|mentioned|was saying)(?: that)? (?:he|she|they)"
    r"(?P<be>'s|'re| is| are)? (?P<tail>\S.*)$",
    re.IGNORECASE,
)


def reported_as_first_person(clause: str, member: Callable[[str], str | None]) -> tuple[str, str] | None:
    """(the member's handle, the clause as they would have said it) when ``clause`` starts with a
    participant's or known member's name: "Carol is moving to Austin" → "I'm moving to Austin",
    "Carol's sister lives in Lyon" → "my sister lives in Lyon", "Frank just got engaged" → "I just
    got engaged". None otherwise."""
    # A full name first ("Carol Díaz is moving…"), then a first name or handle.
    match = _FULL_NAME_MENTION.match(clause)
    handle = member(match["who"]) if match is not None else None
    if handle is None:
        match = _MENTION.match(clause)
        if match is None:
            return None
        handle = member(match["who"])
    if handle is None or match is None:
        return None
    rest = match["rest"]
    if not match["possessive"] and (said := _SAID_THAT.match(rest)):
        be = "has " if said["be"] == "'s" and said["tail"].split()[0].lower() in ("got", "been") else "is "
        rest = (be if said["be"] else "") + said["tail"]  # "Alex told me he's moving" → "Alex is moving"
    words = rest.split()
    if match["possessive"]:
        done = len(words) > 1 and words[0].lower() in _JUST and words[1].lower() in _DONE_IRREGULAR
        if done or (words[0].lower() in _JUST and is_or_has(" " + " ".join(words)) == "has"):
            return handle, " ".join(["I", *words])  # "Tom's just become a dad": "I just become…", as said
        if words[0].lower() in _HAS_NOT_POSSESSIVE:
            return handle, " ".join(["I've", *words])  # "Dana's been anxious", "Nora's got twins"
        if words[0].lower() in _IS_NOT_POSSESSIVE or words[0].lower().endswith("ing"):
            return handle, " ".join(["I'm", *words])  # "Carol's moving", "Emma's vegan"
        return handle, " ".join(["my", *words])
    adverbs = []
    while words and words[0].lower() in REPORTED_ADVERB_WORDS:
        adverbs.append(words.pop(0))
    if not words:
        return None
    verb = words.pop(0)
    words = _THEIR_OWN.sub("my", " ".join(words)).split()  # "Tom passed his driving test": "… my driving test"
    first = _FIRST_PERSON_VERBS.get(verb.lower())
    if first is not None:
        subject, *rest = first.split()
        return handle, " ".join([subject, *adverbs, *rest, *words])
    return handle, " ".join(["I", *adverbs, _unconjugated(verb), *words])


_GREETING = re.compile(
    r"^(?:happy|hbd|happiest) (?:birthday|bday)[,!]* (?P<who>@?[A-Za-z\u00c0-\u024f][\w'-]{1,39})\W*$"
    r"|^it(?:'s| is) (?P<who2>@?[A-Z][\w'-]{1,39})'s (?P<day>birthday|bday) (?P<when>today|tomorrow)\b",
    re.IGNORECASE,
)


_CONGRATS = re.compile(
    r"^(?:congrats|congratulations|well done|so proud of you)(?: on| for)? (?P<what>.{2,60}?),? "
    r"(?P<who>@?[A-Z][\w'-]{1,39})\W*$",
)


# What "congrats on …" was for, said as the person would: "making senior engineer" → "I'm a senior engineer".
_CONGRATULATED = (
    (r"(?:making|becoming|being promoted to|getting promoted to|your promotion to) (?:an? )?(?P<x>.+)", "I'm a {x}"),
    (r"(?:the |your )?new job", "I got a new job"),
    (r"(?:getting |the |your )?engage(?:d|ment)", "I got engaged"),
    (r"(?:the |your )?(?:wedding|getting married)", "I got married"),
    (r"(?:the |your )?(?:new )?baby(?: (?:girl|boy))?", "I had a baby"),
    (r"graduating|(?:your |the )?graduation", "I graduated"),
    (r"(?:the |your )?promotion|getting promoted", "I got promoted"),
)


def addressed_in(clause: str, member: Callable[[str], str | None]) -> str:
    """ "happy birthday Kwame!!" → "Kwame's birthday is today", "congrats on making senior engineer,
    Dan" → "Dan is a senior engineer": what a greeting says about the member it is for ("" if none)."""
    if (greeting := _GREETING.match(clause)) and member(greeting["who"] or greeting["who2"]):
        return f"{greeting['who'] or greeting['who2']}'s birthday is {(greeting['when'] or 'today').lower()}"
    congrats = _CONGRATS.match(clause)
    if congrats and member(congrats["who"]):
        for pattern, said_as in _CONGRATULATED:
            if done := re.fullmatch(pattern, congrats["what"], re.IGNORECASE):
                told = said_as.format(x=done.groupdict().get("x", ""))
                return told.replace("I'm", f"{congrats['who']} is", 1).replace("I ", f"{congrats['who']} ", 1)
    return ""


# A name spoken to, not about: at the start of a clause or after a greeting, thanks or a comma, and
# before the clause's punctuation or end ("Thanks, Priya!", "Priya, look", "that's awesome, Nora").
VOCATIVE_BEFORE = re.compile(
    rf"(?:^|,|\b(?:{HELLOS}|thanks|thank you|thx|congrats|congratulations|sorry|aw+|oh|wow|dear|bye|cheers))\W*$",
    re.IGNORECASE,
)


VOCATIVE_AFTER = re.compile(r"\s*(?:[,!?.]|$)")


# Praise of what the other showed, even in one's own message: "that picture is awesome", "this cake looks amazing".
ADMIRED = re.compile(
    r"(?:that|this|the|your|those|these) (?:[a-z]+ ){0,3}(?:looks?|sounds?|seems?)\b"
    r"|(?:that|this|the|your) (?:[a-z]+ )?(?:pic|photo|picture|shot|view|painting|drawing)s?(?:'s| is)\b",
    re.I,
)


# A reaction to what the other person just said, not more of one's own news: "That's a chill pic!", praise,
# or anything said to them ("… must add cheer to your house").
REACTION = re.compile(
    rf"(?:that(?:'s| is| was| sounds| looks| stinks| sucks| rocks)|sounds|looks|what an?|how (?:cool|nice|fun|sweet))\b"
    rf"|{ADMIRED.pattern}"
    r"|.*\b(?:you|your|you're|u|ur)\b",
    re.I,
)


# What the other person is or does: "So glad you're liking it!" after one's own "I've
# played chess before" is about them, not more of one's own fact.
OF_THEIRS = re.compile(r"\byou(?:'re| are| were|'ve| have been| did| got)\b", re.I)


# A clause about someone else: "my son is 12 and obsessed with Minecraft", "she's 30 and moving to
# Paris". A later part that drops its subject goes on about them, not the speaker.
THEIR_SUBJECT = re.compile(
    rf"^(?:(?P<relative>my (?:(?:{RELATIVE_AGES}) )?(?:{FAMILY})s?)(?! (?:and|&) I\b)"
    r"|(?:he|she|they)(?:'s|'re)?)\s",
    re.IGNORECASE,
)


# A relation of the speaker's named in a message, whom a later "she"/"he" in it goes on about: "my
# sister", "my wife Sarah", "my wife's name is Sarah", "a sister named Anna".
_AGE_WORDS = rf"(?:{RELATIVE_AGES}|best) "


_THEIR_NAME = r"(?-i:(?P<{group}>[A-Z][a-z]{{1,20}}))\b"  # a capitalised name, in the group named


_RELATIVE_NAMED = re.compile(
    rf"\bmy (?P<age>{_AGE_WORDS})?(?P<who>{RELATIONS})\b(?:(?:'s name is|,? named|,? called)? "
    + _THEIR_NAME.format(group="name")
    # not "my mum's car" (hers, not her), but "my mum's moving in" (she is)
    + r")?(?!'s (?![a-z]+ing\b|(?:been|got|just|always|still|in|at|a|an|not|so|really|very|back|home)\b))"
    + rf"|\b(?:a|an|one) (?P<age2>{_AGE_WORDS})?(?P<who2>{RELATIONS}) (?:named|called) "
    + _THEIR_NAME.format(group="name2"),
    re.IGNORECASE,
)


# What a part about a relation cannot say on its own: what "it"/"there" is, or the speaker's own
# part ("she's the reason I cook the way I do", "he told me I should…").
_POINTS_BACK = re.compile(r"\b(?:it|there|that|this|them|those|these|I|I'm|me|my)\b", re.IGNORECASE)


_PRONOUN_LED = re.compile(r"^(?P<pronoun>she|he|her|his)(?P<verb>'s|'ll)?(?= )", re.IGNORECASE)


WORDY = re.compile(r"[^\W_]{2}|^\W*\d\W*$")  # a word, or a number alone ("how old is she?" … "7")


OWN_SUBJECT = re.compile(r"(?:I|I'm|I've|I'll|I'd|my|we|we're|he|she|they|it)\b", re.IGNORECASE)


PRONOUN = re.compile(r"^(?:she|he|(?P<own>his|her))(?P<s>'s)?(?=\s)", re.IGNORECASE)


PAIR = re.compile(
    r"^(?P<first>[A-Z][\w'-]{1,39}) (?:and|&) (?P<second>[A-Z][\w'-]{1,39}) (?:(?:just|finally|both|officially) )?"
    r"(?P<verb>[a-z']{2,20})(?P<rest>.{0,200})$"
)


PLURAL_VERBS = {"are": "'m", "have": "have", "were": "was", "'re": "'m"}


def relative_in(text: str) -> tuple[str, str] | None:
    """The last relation of the speaker's that ``text`` names, as a subject ("my wife Sarah"), with
    its word ("wife"); None when it names none."""
    for found in reversed(list(_RELATIVE_NAMED.finditer(text))):
        who = (found["who"] or found["who2"]).lower()
        name = found["name"] or found["name2"] or ""
        if name.lower() in NOT_NAMES or re.fullmatch(f"{MONTHS}|{WEEKDAYS}", name.lower()):
            name = ""  # "my mom Monday", "my sister Is"
        age = (found["age"] or found["age2"] or "").lower()
        return f"my {age}{who}{' ' + name if name else ''}", who
    return None


# The speaker as the subject before "her parents": "… and we're visiting her parents".
_SPEAKER_BEFORE = re.compile(r"\b(?:I|I'm|I've|I'll|I'd|we|we're|we've|we'll|me|us)\b", re.IGNORECASE)
# "him" or "her" done something by the speaker: "my dad's turning 70 and we're throwing him a party".
_THEM = re.compile(r"\b(?P<doing>(?:we|I)(?:'re|'m| are| am) [a-z]+ing) (?P<pronoun>him|her)\b", re.IGNORECASE)
_THEIR_KIN = re.compile(rf"(?<=\s)(?P<pronoun>her|his) (?P<kin>(?:{FAMILY})s?)\b", re.IGNORECASE)


def relatives_kin(part: str, relative: tuple[str, str] | None) -> str:
    """``part`` with "her parents" or "him" inside it said as the relation named before in the message:
    "my girlfriend is Japanese and we're visiting her parents" → "… visiting my girlfriend's parents",
    "my dad's turning 70 and we're throwing him a party" → "… throwing my dad a party"."""

    def theirs(found: re.Match[str]) -> str:
        in_part = relative_in(part[: found.start()])
        named = in_part or relative  # in the clause before it, else the message
        since = part.lower().rfind(f"my {in_part[1]}", 0, found.start()) + 3 if in_part else 0  # after "my"
        if named is None or not _SPEAKER_BEFORE.search(part, max(since, 0), found.start()):
            return found[0]  # "my sister just had her baby": the sister's own, said of her
        subject, who = named
        he = found["pronoun"].lower() == "his"
        if who in (SHE_RELATIONS if he else HE_RELATIONS):
            return found[0]  # "his parents" after "my sister": someone else's
        return f"{subject}'s {found['kin']}"

    def them(found: re.Match[str]) -> str:
        named = relative_in(part[: found.start()]) or relative
        he = found["pronoun"].lower() == "him"
        if named is None or named[1] in (SHE_RELATIONS if he else HE_RELATIONS):
            return found[0]  # "my sister … we're taking him": someone else
        return f"{found['doing']} {named[0]}"

    return _THEM.sub(them, _THEIR_KIN.sub(theirs, part))


def about_relative(part: str, relative: tuple[str, str] | None) -> str | None:
    """``part`` with its leading "she"/"he"/"her"/"his" put back as the relation it goes on about:
    "she's a nurse" after "my wife Sarah" → "my wife Sarah is a nurse"; None when the part does
    not start so, or the pronoun cannot be that relation ("she" after "my brother")."""
    led = _PRONOUN_LED.match(part)
    if led is None or relative is None:
        return None
    subject, who = relative
    pronoun = led["pronoun"].lower()
    if who in (HE_RELATIONS if pronoun in ("she", "her") else SHE_RELATIONS):
        return None
    if pronoun in ("her", "his"):
        if led["verb"]:
            return None  # "her's", "his'll": not a possessive before a noun
        return f"{subject}'s{part[led.end() :]}"  # "her name is Anna" → "my sister's name is Anna"
    rest = part[led.end() :]
    if _POINTS_BACK.search(re.split(r",| and | but ", rest)[0]):
        return None  # "he's really good at it", "she's been there 2 years": what it means stayed behind
    verb = {"'s": f" {is_or_has(rest)}", "'ll": " will"}.get((led["verb"] or "").lower(), "")
    return f"{subject}{verb}{rest}"


# One's own favourite, given after the question about it: "mine is ramen", "and mine's Heat".
MINE = re.compile(
    r"(?:and |but )?mine(?:'s| is| would be| has to be| has always been)\s+"
    r"(?:(?:probably|definitely|easily|still|honestly|prob) )?(?P<value>[^,?]{2,50})",
    re.I,
)


# A clause that starts with a name, then what it is or had: "Mochi is sick", "Rex's at the vet".
PET_NAMED_FIRST = re.compile(r"(?P<name>(?-i:[A-Z])[\w'-]{1,30}?)(?P<rest>(?: is|'s| was| has been| got) .+)")


# A relative's name given by a pronoun: "her name is Clara", "he's called Max".
NAME_GIVEN = re.compile(r"(?:her|his) name(?:'s| is)\b|(?:she|he)(?:'s| is) (?:called|named)\b", re.IGNORECASE)
# What is said of a relative in a line after the one that named them, and is theirs: their name, or a grave
# illness ("my mum's moving in with us" … "she has dementia").
SAID_OF_THEM_AFTER = re.compile(
    rf"{NAME_GIVEN.pattern}|(?:she|he)(?:'s| is| has| had| was)(?: (?:got|been|just|recently))? (?:diagnosed with )?"
    rf"(?:an? )?(?:{GRAVE_ILLNESSES})\b",
    re.IGNORECASE,
)


# "anyone else's toddler refusing to nap?", "does anyone's dog hate the hoover?": one of theirs asked after.
_ANYONES = re.compile(r"\banyone(?: else)?(?:'s|s) (?P<what>[a-z]+)\b(?! (?:else|here)\b)", re.IGNORECASE)
# "mine is 2 and a half", "oh nice, mine lives in Bergen": one's own, said back in a word.
_MINE_SAYS = re.compile(
    r"^(?P<lead>(?:(?:and|but|lol|ha+|haha|yeah|yes|yep|ugh|omg|same|tbh|oh|ooh|nice|cool|aw+)\W+)*)mine"
    r"(?P<verb>'s| is| are| has| was| were| does| did| just| won't| doesn't| got| still| always| never| also"
    r"| (?!is\b|was\b|has\b|does\b)[a-z]{2,}(?<!ss)(?:es|s))(?=\s)",
    re.IGNORECASE,
)
# Another's relative or pet that a "mine" just after says back: "my sister lives in Oslo".
_MY_OWN = re.compile(
    rf"\bmy (?P<what>(?:(?:little|big|older|younger|eldest|youngest) )?(?:{RELATIONS}|{PETS}))\b", re.I
)
# "we've had ours for twelve years" after another's "we just bought a caravan": the thing they named.
_HAD_MINE = re.compile(
    r"^(?P<lead>(?:(?:oh|ooh|nice|same|lol|haha|yeah|yep|aw+)\W+)*(?:I|we)(?:'ve| have) had )(?:mine|ours)\b", re.I
)
_THING_NAMED = re.compile(rf"\b(?:a|an|my|our|the)(?: new| old| first)? (?P<what>{THINGS})\b", re.IGNORECASE)
_ECHO_WITHIN_LINES = 2  # how many lines before "mine" the other's "my sister" may be


def mine_as_said(lines: Sequence[ConversationLine]) -> list[ConversationLine]:
    """``lines`` with each "mine" that says back another's relative or pet, in one of the two lines
    before, read as one's own: "my sister lives in Oslo" … "oh nice, mine lives in Bergen" is "oh nice,
    my sister lives in Bergen"; and a thing they named had too: "we just bought a caravan" … "we've had
    ours for twelve years". "mine's a latte" after "my round!" stays as it was said (the question's
    "mine" is ``answer_as_asked``'s)."""
    read = list(lines)
    for index, line in enumerate(lines):
        content = line.content.strip()
        mine, had = _MINE_SAYS.match(content), _HAD_MINE.match(content)
        for before in reversed(lines[max(0, index - _ECHO_WITHIN_LINES) : index] if mine or had else []):
            if before.handle == line.handle:
                continue
            if mine and (theirs := _MY_OWN.search(before.content)):
                said = f"{mine['lead']}my {theirs['what'].lower()}{content[mine.start('verb') :]}"
            elif had and (thing := _THING_NAMED.search(before.content)):
                what = thing["what"]  # as said: "a Tesla"
                said = f"{had['lead']}{article_for(what)} {what}{content[had.end() :]}"
            else:
                continue
            read[index] = replace(line, content=said)
            break
    return read


def answer_as_asked(clause: str, question: tuple[int, str, str] | None, index: int) -> str | None:
    """An answer read with the subject its question gave it: "mine is 2 and a half" just after "anyone
    else's toddler refusing to nap?" is "my toddler is 2 and a half", said by whoever answers, the
    asker too; a short answer without its subject just after "how old is he?" or "how old is your
    son?" is his (``questions.said_of_whom_asked``), never the speaker's own (``question``: the
    window's last, as line index, asker and text); None for another clause."""
    recent = question is not None and 0 < index - question[0] <= 3
    answering = question is not None and 0 < index - question[0] <= 2 and len(clause.split()) <= 12  # short, soon
    own = OWN_SUBJECT.match(clause) or re.match(r"(?-i:[A-Z])\w+ (?:is|'s)\b", clause)  # "Mia's 7": hers
    mine = _MINE_SAYS.match(clause) if question is not None and answering else None  # "mine are 12 and 15"
    yours = re.search(r"\byour (?!fav)(?P<what>[a-z]+)\b", question[2], re.I) if question is not None else None
    if mine and yours:  # "how old are your kids?" … "mine are 12 and 15": the kids (a favourite is asked apart)
        verb = " is" if mine["verb"] == "'s" else mine["verb"]
        return f"my {yours['what'].lower()}{verb}{clause[mine.end() :]}"
    own = own or mine  # theirs, not what was asked of someone else
    if question is not None and answering and not own and (theirs := said_of_whom_asked(clause, question[2])):
        return theirs
    if question is not None and answering and (counted := count_as_asked(clause, question[2])):
        return counted  # "how many guests?" … "about 120": "about 120 guests"
    asked = _ANYONES.search(question[2]) if question is not None and recent else None
    mine = _MINE_SAYS.match(clause) if asked is not None else None
    if asked is None or mine is None:
        return None
    verb = " is" if mine["verb"] == "'s" else mine["verb"]
    return f"my {asked['what'].lower()}{verb}{clause[mine.end() :]}"


# The place a question names, which an answer's closing "there" means: "does anyone have kids at
# Oakfield primary?" … "my daughter's in year 2 there".
_ASKED_AT = re.compile(r"\b(?P<prep>at|in) (?P<where>(?-i:[A-Z])[\w'&-]*(?: [A-Za-z][\w'&-]*){0,2}?)\s*\?")


def there_as_asked(clause: str, question: tuple[int, str, str] | None, index: int) -> str | None:
    """``clause`` with its closing "there" as the place the question just before named ("… in year 2
    at Oakfield primary"); None when it ends otherwise or no such question was asked."""
    if question is None or not 0 < index - question[0] <= 2 or not re.search(r"\bthere\W*$", clause, re.I):
        return None
    if (asked := _ASKED_AT.search(question[2])) is None:
        return None
    motion = re.search(
        r"\b(?:go|going|went|gone|been|head(?:ing)?|mov(?:e|ing)|fly(?:ing)?|off|com(?:e|ing)|get|got"
        r"|driv(?:e|ing)|travel\w*) there\W*$",
        clause,
        re.IGNORECASE,
    )
    prep = "to" if motion else asked["prep"]  # "we're going there": to it; "my daughter's in year 2 there": at it
    return re.sub(r"\bthere(?=\W*$)", f"{prep} {asked['where']}", clause, flags=re.IGNORECASE)
