"""Plans, appointments, what someone is doing at a given time, and feelings."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.guards import is_negated
from memoryhub.ai.offline.rules.answers import date_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.pastimes import HOBBY_VERBS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, lowered_as_said, third_person, topics_of
from memoryhub.ai.offline.vocabulary import (
    DAY_OF_MONTH,
    FEELINGS,
    GATHERINGS,
    HOW_OFTEN,
    I_AM,
    INTENSIFIERS,
    MONTHS,
    OCCASIONS,
    WEEKDAYS,
    word_set,
)


def plan_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going to paint the kitchen this weekend", "we're planning to visit the coast next month"."""
    what = phrase_cut(match["what"] or match["what2"], max_words=12)
    if not what or re.match(r"(?:need|have to|probably|just|be (?:honest|fine|ok|okay|there))\b", what, re.IGNORECASE):
        return None
    time = time_in(said.clause) or time_in(match.string) or said.time_leading()  # or the statement an answer made
    auxiliary = (match["aux"] or match["aux2"]).lower().strip(" '")
    auxiliary = re.sub(r"^(?:m|am|re|are) ", "", auxiliary)  # "'m planning to" → "planning to"
    explicit = auxiliary.startswith(("plan", "intend"))
    if not time and not explicit:
        return None  # "I'm going to be honest": without a when, not a plan
    if auxiliary.startswith(("plan", "intend")):
        verb = "plans on" if auxiliary.endswith("on") else "plans to"
    elif "going to" in auxiliary or "gonna" in auxiliary:
        verb = "is going to"
    elif "about to" in auxiliary:
        verb = "is about to"
    elif "hoping" in auxiliary:
        verb = "hopes to"
    elif "off to" in auxiliary or "heading" in auxiliary:
        verb = "is heading to"
    else:
        verb = "will"
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    if time and time not in what.lower():
        text += f" {time}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", *content_words(what)[:2]))


def fitness_goal_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm trying to lose weight", "I want to get fitter", "I want to lose 10 pounds": a goal for
    one's body, which a companion may ask after."""
    if match["diet"]:  # "I'm on a diet"
        return said.fact(f"{said.name} is on a diet", MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness", "diet"))
    what = " ".join(match["what"].lower().split())
    return said.fact(f"{said.name} is trying to {what}", MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness"))


def diet_started_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've gone on a diet", "I went on a keto diet last month": a diet begun, which a companion
    may ask after as it asks after "I'm on a diet"."""
    kind = " ".join((match["kind"] or "").lower().split())
    text = f"{said.name} started {article_for(kind or 'diet')} {kind + ' ' if kind else ''}diet"
    if when := past_time_in(match["rest"] or ""):
        text += f" {when}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("fitness", "diet"))


def goal_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm saving up for a house", "I'm trying to learn to cook", "I want to learn Spanish", "I'm
    thinking about learning Japanese", "I'm studying for my driving test": something worked towards,
    with or without a date."""
    said_what = match["what"] or match["what3"]
    what = third_person(re.sub(r"\s+(?:lately|recently)$", "", phrase_cut(said_what, max_words=8)), said.name)
    if not content_words(what) or what.split()[0].lower() in ("it", "that", "this", "them", "you"):
        return None
    if purpose := re.search(r"\bso (?:that )?I (?:can|could) (?P<to>.+)", said_what, re.IGNORECASE):
        what += " to " + third_person(phrase_cut(purpose["to"], max_words=8), said.name)  # "so I can travel"
    verb = " ".join((match["verb"] or match["verb2"] or match["verb3"]).lower().split())
    if "sav" in verb:
        if re.fullmatch(r"(?:ages|years|months|weeks|a while|a long time|(?:\w+ )?(?:years|months|weeks))", what, re.I):
            return None  # "been saving for ages": how long, not what for
        text = f"{said.name} is saving up {match['prep'].lower()} {what}"
    elif "study" in verb or "revis" in verb:
        text = f"{said.name} is studying for {what}"
    elif verb.startswith("learning"):  # "I'm learning to drive"
        text = f"{said.name} is {verb} {what}"
    elif "started" in verb:  # "I started learning to paint last month": a pastime begun
        text = f"{said.name} started learning{verb.split('learning', 1)[1]} {what}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))
    elif "think" in verb or "consider" in verb:
        text = f"{said.name} is thinking about learning {what}"
    else:  # "trying to learn (how) to cook"
        how = re.search(r"learn(?P<to>(?: how)? to)?$", verb)
        to = (how["to"] or "") if how else ""
        text = f"{said.name} wants to learn{to} {what}"
    topics = topics_of("goals", *content_words(what)[:2])
    time = time_in(said.clause)
    if time and re.search(rf"\b(?:test|exam)(?:'s| is)? {re.escape(time)}", said.clause, re.IGNORECASE):
        text += f", test {time}"  # "I'm learning to drive, test is in May"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time) if time else PERMANENT, topics, time=time)


def looking_for_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm looking for a new apartment", "I've been hunting for a job": what they are out to find,
    which a companion may ask after (for a month)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    text = f"{said.name} is looking for {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("plans", what.split()[-1]))


# Tonight's dinner weighed up is nothing to ask after: "I'm thinking of getting pizza tonight".
_A_MEAL = re.compile(
    r"\b(?:tonight|today|this (?:morning|evening|afternoon)|for (?:breakfast|lunch|dinner|tea)"
    r"|getting (?:some |a )?(?:pizza|takeout|takeaway|food|coffee|lunch|dinner|breakfast|drinks?|snacks?|ice cream"
    r"|sushi|burgers?|tacos))\b",
    re.IGNORECASE,
)


# What is weighed up in one word: "thinking about quitting", "we're thinking of adopting" (a child).
_SAYS_ALONE = frozenset({"quitting", "retiring", "moving", "adopting", "fostering"})


def considering_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm thinking about getting a cat", "I'm considering moving to Lisbon": something weighed up,
    which a companion may ask after (for a month)."""
    what = third_person(phrase_cut(match["what"], max_words=8), said.name)
    if (len(what.split()) < 2 and what.lower() not in _SAYS_ALONE) or _A_MEAL.search(what):
        return None  # "thinking about getting": getting what? ("thinking about quitting" says)
    text = f"{said.name} is thinking about {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("plans", *content_words(what)[:2]))


_TIME_WORD = r"(?:next|this|last|on|in|at|by|tomorrow|tonight|today|soon|later)\b"


def planning_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're planning a small garden wedding next summer", "I'm throwing a surprise party for my wife":
    an occasion being organised, a plan until its day (a month when none is said)."""
    what = third_person(match["what"], said.name)
    rest = match["rest"] or ""
    # "for my wife", "for our son's birthday"; not the "next" of "for my dad next month"
    if guest := re.match(rf"\s+(?P<for>for (?:my|our|his|her) [\w'-]+(?: (?!{_TIME_WORD})[\w'-]+)?)", rest):
        what += f" {third_person(guest['for'], said.name)}"
    elif match["how"].lower() != "planning":
        return None  # "… and we're throwing a party": the occasion said beside it is the news
    time = time_in(said.clause)
    text = f"{said.name} is {match['how'].lower()} {what}" + (f" {time}" if time else "")
    return said.fact(
        text,
        MemoryKind.PLAN,
        MEDIUM,
        expiration_for(time) if time else "30d",
        topics_of("plans", *content_words(what)[:2]),
        time=time,
    )


# What one does whose "on the 14th" is its day, said by anyone: time away, a birthday turned, an operation
# one is having, a test one is taking ("having my gallbladder out", "taking my driving test again on the 12th").
_ON_ITS_DAY = re.compile(
    r"(?:away|off|out of|turning) "
    r"|having (?:my |an? |the )?(?:[\w-]+ ){0,3}?(?:out|removed|done|surgery|operation|op|procedure|biopsy"
    r"|scan|induction|c-section|caesarean)\b"
    r"|(?:taking|sitting|resitting|retaking) (?:my |the |a )?(?:[\w-]+ ){0,2}?(?:test|exam|theory|practical|viva)\b",
    re.IGNORECASE,
)


def doing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm playing GTA tonight": what someone is doing at a given time is a plan."""
    said_what = match["what"] or match["what2"] or match["what3"]  # "I'm on vacation next week" too
    if match["what2"]:  # "we're doing a party for Zain": having one (not "I'm doing a sponsored walk")
        said_what = re.sub(rf"^doing (?=an? (?:[\w'-]+ ){{0,2}}?(?:party|{GATHERINGS})\b)", "having ", said_what)
    # "… on the 14th" is also the day of a household's party or christening ("we're having …")
    household = bool(match["what2"]) and said_what.startswith(("having ", "christening ", "baptis", "baptiz"))
    dated = household or bool(_ON_ITS_DAY.match(said_what))
    return _doing(said_what, said, before=match.string[: match.start()], day_of_month=dated)


# What one starts on a date: "I start my new job on Monday", "my chemo starts next week".
STARTS = (
    r"(?:new |first )?(?:job|uni|university|college|school|classes|course|training|internship|placement"
    r"|residency|apprenticeship|chemo|chemotherapy|treatment|therapy|rehab|maternity leave|paternity leave|role"
    r"|position|semester|term|degree|masters|phd)"
)


def starting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I start my new job on Monday", "my new job starts Monday": a start on a date is a plan, as
    "I'm starting my new job on Monday" is."""
    if match["what"]:
        return _doing(f"starting {match['what']}", said)
    return _doing(f"starting my {match['thing']} {match['rest']}", said)


_PASTIME_VERBS = re.compile(rf"{HOBBY_VERBS}|play|practi[cs]e|train", re.IGNORECASE)


def _pastime(word: str) -> bool:
    """ "streaming", "swimming", "dancing": a pastime's verb (``HOBBY_VERBS``), or playing or training."""
    stem = word.lower().removesuffix("ing")
    return any(_PASTIME_VERBS.fullmatch(form) for form in (stem, stem + "e", stem[:-1]))


_WEEK_OF = re.compile(rf"\bthe (?:first|second|third|fourth|last) (?:week|weekend) of (?:{MONTHS})\b", re.I)


def _doing(said_what: str, said: Said, *, before: str | None = None, day_of_month: bool = False) -> Fact | None:
    what = phrase_cut(said_what, max_words=12)
    what = re.split(r"\s+(?=I(?:'m|'ve|'ll|'d| am| will)?\b)", what)[0]  # "starting today I'm gonna…"
    if what and HOW_OFTEN.search(what) and _pastime(what.split()[0]) and not time_in(what):
        return _habit(f"{said.name} is {third_person(what, said.name)}", what, said)  # "… every Friday night"
    # the time of what they are doing: in its words or before them, not in a clause after ("I'm getting
    # inspired by a video I watched, so starting today…")
    time = (time_in(said.clause) if before is None else time_in(what) or time_in(before)) or said.time_leading()
    dated = "" if time else date_in(said.clause if before is None else f"{what} {before}")  # "on 3 March"
    day = (_WEEK_OF.search(what) or DAY_OF_MONTH.search(what)) if day_of_month and not time and not dated else None
    if day and re.match(r"\s*(?:$|[,.!]|of\b|to the\b)", what[day.end() :]):
        time = day[0].lower()  # "a party for Zain on the 14th", not "working on the 3rd draft"
    time = time or dated
    if not time or not what or what.lower() == f"starting {time.lower()}":
        return None
    if re.match(r"[\w']+ (?:it|them|this|that)\b(?! (?:is|was)\b)", what, re.IGNORECASE):
        return None  # "I'm taking it to the Nurburgring in August": taking what? Said before, not here
    text = f"{said.name} is {third_person(what, said.name)}"
    if time not in what.lower() and not (dated and date_in(what)):  # a date stays as said
        text += f" {time}"
    topics = topics_of("plans", *content_words(what)[:2])
    if re.fullmatch(rf"on (?:{WEEKDAYS})s", time, re.IGNORECASE):  # "I'm streaming on Fridays": what they do
        return _habit(text, what, said)
    weight = HIGH if re.match(r"(?:emigrating|relocating|getting married)\b", what, re.IGNORECASE) else MEDIUM
    return said.fact(text, MemoryKind.PLAN, weight, expiration_for(time), topics, time=time)


def _habit(text: str, what: str, said: Said) -> Fact:
    """What one does week in, week out, kept for good."""
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


def appointment_rule(match: re.Match[str], said: Said) -> Fact | None:
    day = DAY_OF_MONTH.search(match["rest"] or "")
    time = time_in(said.clause) or (day[0].lower() if day else "") or said.time_leading()  # "a scan on the 12th"
    dated = "" if time else when_said(match["rest"] or "")  # "a concert at St Mary's on 12 December"
    time = time or dated
    if not time:
        return None
    thing = lowered_as_said(match["thing"] or match["things"])  # "my PIP assessment": an initialism as written
    thing = re.sub(r"\b(?:mri|x-ray)\b", lambda m: m[0].upper(), thing)
    rest = phrase_cut(match["rest"] or "", max_words=8)
    article = "" if match["things"] else article_for(thing) + " "  # "exams all next week"
    if match["things"]:
        thing = third_person(thing, said.name)  # "my finals in May": "their finals"
    if match["thing"] and re.search(r"\bmy $", match.string[: match.start("thing")], re.IGNORECASE):
        article = "their "  # "my first therapy session on Thursday"
    article = "an " if thing.startswith(("MRI", "X-RAY")) else article  # said "em", "ex"
    thing = thing.replace("X-RAY", "X-ray")
    text = f"{said.name} has {article}{thing}" + (f" {third_person(rest, said.name)}" if rest else "")
    if time not in text.lower() and not (dated and when_said(text)):
        text += f" {time}"
    topic = thing.split()[-1]
    return said.fact(text, MemoryKind.PLAN, MEDIUM, expiration_for(time), topics_of("plans", topic), time=time)


def feeling_rule(match: re.Match[str], said: Said) -> Fact | None:
    feeling = match["feeling"].lower()
    if feeling in ("dreading", "looking forward to"):  # "I'm dreading the speech": the reason is the object
        reason = re.match(r"^\s+(?P<prep>)(?P<why>.+)", match["rest"] or "")
    else:
        reason = re.match(
            r"^(?:\s+(?:lately|recently))?\s+(?P<prep>about|for|of|with|to|that|because"
            r"|at(?= (?:work|school|uni|college|my job)\b))\s+(?P<why>.+)",
            match["rest"] or "",
            re.I,
        )
    why = phrase_cut(reason["why"], max_words=10) if reason else ""
    if reason and reason["prep"].lower() == "to" and (NEWS_AWAITED.fullmatch(why) or _ONLY_IT.fullmatch(why)):
        return None  # "excited to see what happens", "excited to try this": about nothing one can name
    topics = topics_of("mood", feeling.split()[0])
    before = re.split(r"[,;]\s|\bbut\s", said.clause[: match.start("feeling")])[-1]
    negated = is_negated(before)
    if negated and not (reason and reason["prep"]):
        return None  # "I'm not tired": no feeling to remember
    if reason and why and content_words(why):
        prep = f" {reason['prep'].lower()}" if reason["prep"] else ""
        feeling = f"not {feeling}" if negated else feeling
        text = f"{said.name} is {feeling}{prep} {third_person(why, said.name)}"
        time = time_in(why)  # "excited about the DLC dropping next week" lasts until next week
        return said.fact(text, MemoryKind.EMOTION, MEDIUM, expiration_for(time) if time else "3d", topics)
    # "I'm so tired lol", "so nervous 😬": a passing mood with nothing it is about is not worth
    # remembering (and "so proud of her 😭" does not say what about). One that has lasted is: "I've
    # been feeling lonely since the move", "I've been so anxious lately".
    lasting = _LASTING.match(match["rest"] or "")
    if (
        negated
        or feeling not in _MOODS
        or not (lasting or "been" in said.clause[match.start() : match.start("feeling")])
    ):
        return None
    since = f" {phrase_cut(lasting['since'], max_words=8)}" if lasting and lasting["since"] else ""
    text = f"{said.name} has been feeling {feeling}{third_person(since, said.name)}"
    if lasting and lasting["lately"]:
        text += f" {' '.join(lasting['lately'].lower().split()).replace('latley', 'lately')}"
    return said.fact(text, MemoryKind.EMOTION, MEDIUM, "7d", topics)


# Moods that can last ("lonely for weeks"), unlike "drunk", "hyped" or "sick" (an illness, read elsewhere).
_MOODS = word_set(
    "tired exhausted stressed sad happy anxious worried angry upset bored lonely frustrated depressed"
    " overwhelmed miserable homesick heartbroken down"
) | {"stressed out", "burnt out", "burned out", "on edge"}
# How long a mood has lasted, after it: "lately", "for weeks", "since the move".
_LASTING = re.compile(
    r"^[\s,]*(?:(?P<lately>lately|latley|recently|these days|this week|all week|this month"
    r"|for (?:a while|ages|weeks|months|days|(?:a few|a couple of|two|three|several) (?:days|weeks|months)))"
    r"|(?P<since>since (?:the|my|i|we|our|last)\b.*))",
    re.IGNORECASE,
)


_JUST_A_TIME = re.compile(
    r"(?:the |this |next )?(?:weekend|week|tonight|tomorrow|today|later|friday|saturday|sunday|monday|tuesday"
    r"|wednesday|thursday|summer|winter|spring|fall|autumn|holidays?|break|payday|bed|bedtime|home time|lunch"
    r"|dinner|it to be over|this to be over|this week to end|the day to end)",
    re.IGNORECASE,
)


# News of someone else's awaited: "to hear about it", "to see how it goes", "to see the outcome".
NEWS_AWAITED = re.compile(
    r"(?:to )?(?:hear|see|read|know|find out|learn)(?: (?:more )?(?:about|of|from))? (?:it|that|this|them|you|more"
    r"|how (?:it|things|that|they) (?:goes|go|went|turns? out|turned out)|what happens(?: next)?"
    r"|the (?:outcome|result|results|pics|photos|update)|your \w+|what(?:'s| is) (?:up|next)"
    r"|what (?:you|they) (?:come up with|do next))",
    re.IGNORECASE,
)


# What a verb is done to when it is only "it" or "this": "try this", "jump into it again".
_ONLY_IT = re.compile(r"(?:[a-z]+ ){1,2}(?:it|this|that|them)(?: (?:again|out|too|now|soon))?", re.IGNORECASE)


def looking_forward_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "can't wait for my sister's wedding next month", "ski season can't come soon enough"."""
    what = phrase_cut(match["what"] or match["what2"] or "", max_words=10)
    if not content_words(what) or what.split()[0].lower() in ("it", "this", "that", "you", "u", "them", "tonight"):
        return None
    if NEWS_AWAITED.fullmatch(what):
        return None  # "can't wait to find out more", "… to see the results": nothing of theirs
    if _JUST_A_TIME.fullmatch(what):
        return None  # "can't wait for the weekend", "friday can't come soon enough": a day, not a plan
    if match["what2"]:
        what = "the " + what if not what.lower().startswith(("the ", "my ", "our ")) else what
        what = "for " + what
    else:
        what = match["prep"].lower() + " " + what
    time = time_in(said.clause)
    text = f"{said.name} can't wait {third_person(what, said.name)}"
    return said.fact(
        text,
        MemoryKind.EMOTION,
        MEDIUM,
        expiration_for(time) if time else "30d",
        topics_of("plans", *content_words(what)[:2]),
    )


def ambition_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I want to become a pilot", "my dream is to open a bookshop", "I'd love to retrain as a teacher"."""
    what = third_person(phrase_cut(match["what"], max_words=8), said.name)
    if not content_words(what):
        return None
    verb = match["verb"].lower()
    wants = f"dreams of {_ing(verb)}" if match["dream"] and "dream" in match["dream"].lower() else f"wants to {verb}"
    text = f"{said.name} {wants} {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("goals", *content_words(what)[:2]))


def _ing(verb: str) -> str:
    """ "open" → "opening", "become" → "becoming", "retrain" → "retraining"."""
    return (verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb) + "ing"


# What one tries to quit or cut down on: "quit smoking", "cut down on coffee".
_DROPPED_HABITS = r"smoking|vaping|drinking|alcohol|caffeine|coffee|sugar|soda|energy drinks"


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=560,
        pattern=re.compile(
            r"\bI(?P<aux>(?:'m| am)? (?:planning|plan|intend|intending) (?:to|on)"
            r"|(?:'m| am) (?:going to|gonna|about to|off to|heading to|hoping to)|'ll| will| shall) (?P<what>.+)"
            r"|\bwe(?P<aux2>(?:'re| are)? (?:planning|plan) (?:to|on)|(?:'re| are) (?:going to|gonna)) (?P<what2>.+)",
            re.IGNORECASE,
        ),
        build=plan_rule,
    ),
    Rule(
        priority=570,
        pattern=re.compile(
            r"\b(?:I(?:'m| am|'ve been| have been)|we(?:'re| are|'ve been| have been))"
            r" (?:(?:also|still|currently|really) )?"
            r"(?:(?P<verb>saving(?: up)?|studying|revising) (?P<prep>for|to buy|towards) "
            r"|(?P<verb2>(?:trying|hoping|planning|wanting) to learn(?: (?:how )?to)?"
            r"|thinking (?:about|of) learning|considering learning|learning(?: how)? to(?! play\b)) )(?P<what>.+)"
            r"|\bI (?:(?:also|still|really) )?(?P<verb3>(?:want to|wanna|hope to|plan to) learn(?: (?:how )?to)?"
            r"|(?<=I )(?:just |recently )?started learning(?: how)? to(?! play\b))"
            r" (?P<what3>.+)",
            re.IGNORECASE,
        ),
        build=goal_rule,
    ),
    Rule(
        priority=580,
        pattern=re.compile(
            rf"\b(?:{I_AM}|I(?:'ve| have) been|we(?:'re| are)|we(?:'ve| have) been)"
            r" (?:(?:still|currently|actively|now|also) )?(?:looking|searching|hunting) for"
            r" (?P<what>(?:a|an|my|our) (?:(?:new|first|bigger|smaller|cheaper|better|good|part[- ]time|full[- ]time"
            r"|remote|summer|second-hand|used) )?(?:job|apartment|flat|house|home|place|room|roommate|flatmate|car"
            r"|internship|therapist|dentist|doctor|babysitter|nanny|daycare|school|venue|wedding dress|puppy|dog"
            r"|cat)(?: (?:in|near) (?!(?:the|a|an|my|our)\b)(?:(?-i:[A-Z])[\w-]+(?: (?-i:[A-Z])[\w-]+)?|[a-z-]+))?)\b",
            re.IGNORECASE,
        ),
        build=looking_for_rule,
    ),
    Rule(
        priority=590,
        pattern=re.compile(
            rf"\b(?:{I_AM}|I(?:'ve| have) been|I was|we(?:'re| are)|we(?:'ve| have) been)"
            r" (?:(?:really|seriously|also|kinda|kind of) )?(?:thinking (?:about|of)|considering)"
            r" (?P<what>(?:getting|adopting|buying|moving|switching|quitting|starting|going back|going into|applying"
            r"|joining|selling|changing|becoming|retiring|taking up|trying|working|fostering)\b.*)",
            re.IGNORECASE,
        ),
        build=considering_rule,
    ),
    Rule(
        priority=600,
        pattern=re.compile(
            # ("I'd love to…" is a wish the hypothetical guard leaves alone.)
            r"(?:\bI (?:really |still |also )?(?:want|wanna|hope|plan) to"
            r"|(?P<dream>\bmy (?:(?:big|biggest|lifelong|life-long) )?(?:dream|goal|ambition) is to)"
            r") (?P<verb>become|be(?= an? )|open|start|retrain|travel|write|run|own|build|improve"
            r"|visit(?= (?-i:[A-Z]))"  # "visit Japan", not "visit my mom this weekend"
            r"|go into(?= (?:medicine|law|teaching|nursing|midwifery|research|academia|surgery|finance|tech"
            r"|[a-z]+(?:ology|ics|iatry))\b))\b (?P<what>\S.+)",  # "go into paediatrics", not "go into town"
            re.IGNORECASE,
        ),
        build=ambition_rule,
    ),
    Rule(
        priority=670,
        pattern=re.compile(
            r"\b(?:I(?:'m| am) (?:(?:really|still|also|currently|seriously) )?(?:trying|working|hoping) to|I want to"
            r"|my goal is to|my (?:new year'?s )?resolution is to)"
            r" (?P<what>lose (?:some |a (?:bit|little|lot) of )?weight"
            r"|lose \d{1,3} ?(?:pounds|lbs|kg|kilos|stone)|get (?:fit|fitter|in shape|back in shape|healthier|stronger)"
            r"|build (?:some )?muscle|gain (?:some )?weight|eat (?:healthier|better|more healthily)"
            rf"|(?:quit|stop|give up) (?:{_DROPPED_HABITS})|cut (?:down|back) on (?:{_DROPPED_HABITS})"
            r"|eat (?:less|fewer) (?:[a-z]+ ){0,2}?(?:food|foods|sugar|meat|junk food|snacks|carbs|takeaways?"
            r"|fast food)"
            r"(?: and (?:[a-z]+ ){0,2}?(?:food|foods|sugar|meat|snacks|carbs|takeaways?|fast food))?)\b"
            r"|\bI(?:'m| am) (?P<diet>on a diet)\b",
            re.IGNORECASE,
        ),
        build=fitness_goal_rule,
    ),
    Rule(
        priority=680,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |recently |also |finally )?(?:started|began|begun|gone on|went on)"
            r" (?:a|my|this) (?:new )?(?P<kind>(?:strict |keto |low[- ]carb |vegan |plant[- ]based |paleo"
            r" |mediterranean )?)diet\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=diet_started_rule,
    ),
    Rule(
        priority=780,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|busy|still|now) )?(?P<how>planning|throwing|organi[sz]ing)"
            r" (?P<what>(?:a|an|our|my|the)"
            r" (?:[a-z-]+ ){0,3}?(?:party|reunion|wedding|baby shower|bridal shower|get-together|celebration|bbq"
            r"|barbecue|fundraiser|housewarming|retirement do))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=planning_rule,
    ),
    Rule(
        priority=810,
        pattern=re.compile(
            rf"\bI (?:(?:officially|finally|actually|only) )?start (?P<what>(?:my |a |the )?{STARTS}\b.+)"
            # "my chemo starts next week", "new job starts monday" (a new thing needs no "my")
            rf"|^(?:my |(?=(?:new|first) ))(?P<thing>{STARTS}) (?:officially |finally )?starts\b(?P<rest>.+)",
            re.IGNORECASE,
        ),
        build=starting_rule,
    ),
    Rule(
        priority=820,
        pattern=re.compile(
            r"\bI(?:'m| am) (?P<what>(?!going\b(?! home\b| on (?:a )?(?:first |second )?date\b| out\b)|gonna\b"
            r"|feeling\b|moving\b)"
            r"[a-z]+ing\b.+)"
            # "we're getting a puppy next week": a household's plan, so the speaker's too
            r"|\bwe(?:'re| are) (?P<what2>(?:getting|adopting|buying|hosting|throwing|celebrating|renovating"
            r"|flying|driving|heading|taking|visiting|spending|staying with|doing up|decorating|redoing|exhibiting"
            r"|performing|competing|racing|showing|singing|playing|emigrating|relocating|renewing|christening"
            r"|baptising|baptizing)\b.+"
            # "we're doing the NC500 in May": a named route or event
            r"|doing the (?-i:[A-Z0-9])[\w'-]*(?: (?-i:[A-Z0-9])[\w'-]*){0,3}\b.+"
            # "we're doing a birthday party for Zain on the 14th", "we're having a barbecue on Sunday", "we're
            # doing a tour of the Alps in July"
            rf"|(?:having|doing) (?:a|an|our|the) (?:[\w'-]+ ){{0,3}}?(?:party|{GATHERINGS}|get-together|sleepover"
            r"|dinner party|tour|race|challenge|sportive|relay|triathlon|marathon)\b.+)"
            r"|\bI(?:'m| am|'ll be| will be) (?P<what3>(?:on|off on) (?:vacation|holiday|leave|a break|call|nights"
            r"|an? (?:work |business )?trip"
            r"|night shifts?|duty)\b.+|away (?=(?:the|this|next|from|until|till|for|over|on|in)\b).+"
            r"|(?:off|out of (?:the )?office)(?: work)?"
            rf" (?=(?:this|next|on|tomorrow|today|from|until|till|{WEEKDAYS})\b).+)",
            re.IGNORECASE,
        ),
        build=doing_rule,
    ),
    Rule(
        priority=830,
        pattern=re.compile(
            r"\b(?:I|we)(?: have|'ve got| got| have got) (?:(?P<things>(?:[a-z-]+ )?(?:exams|interviews|finals|meetings"
            r"|shifts|appointments|night shifts|jury service|jury duty|parents'? evening|sports day))(?!\w)"
            r"|(?:an? |my |the |another )(?P<thing>(?:[a-z0-9-]+ ){0,3}?(?:"
            rf"{OCCASIONS})s?))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=appointment_rule,
    ),
    Rule(
        priority=870,
        pattern=re.compile(
            rf"\bI(?:'m| am| feel|'m feeling| am feeling|'ve been|'ve been feeling| have been)(?: not)?{INTENSIFIERS}"
            rf" (?P<feeling>{FEELINGS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=feeling_rule,
    ),
    Rule(
        priority=880,
        pattern=re.compile(
            r"\bI (?:just |literally |honestly |seriously )?(?:can't|cannot|can not) wait (?P<prep>for|to|until|till)"
            r" (?P<what>.+)|^(?P<what2>[\w' -]{2,40}?) (?:can't|cannot) come (?:soon|fast|quick) enough",
            re.IGNORECASE,
        ),
        build=looking_forward_rule,
    ),
]
