"""What a person says to be sociable rather than to tell or ask something (thanks, a goodbye, a
laugh, a question about the persona, a hard day, a request for a joke), and the persona's answer."""

from __future__ import annotations

import re

from memoryhub.ai.contract import (
    MEMORY_OFF_LINE,
)
from memoryhub.ai.offline.rules.plans import NEWS_AWAITED
from memoryhub.ai.offline.vocabulary import (
    NEGATIVE_FEELINGS,
)


def pick(options: tuple[str, ...], said: str) -> str:
    """One of ``options``, always the same for the same message: replies vary, deterministically."""
    return options[sum(said.encode()) % len(options)]


COMFORT = ("Want to talk about it?", "What's been going on?", "I'm here if you want to talk.")


# What a person says to be sociable rather than to tell or ask something: thanks, a goodbye, a
# laugh, a question about the persona itself, a hard day, a request for a joke.
# The words that thank: "thanks", "thank u", "tysm" (alone, or with a few words more).
_THANKED = r"thanks|thank you|thank u|thx|ty|tysm"


_THANKS = re.compile(
    rf"^(?:{_THANKED}|cheers|much appreciated)(?: (?:so much|a lot|a bunch|again"
    r"|for (?:that|everything|the (?:help|chat|advice)|listening|asking|remembering)))*(?:[ ,]+(?-i:[A-Z])[a-z]+)?"
    r"[\s!.]*$",
    re.I,
)


_BYE = (
    r"bye|goodbye|good night|goodnight|gn|night|nite|see (?:you|ya|u)(?: later| soon| tomorrow)?"
    r"|talk (?:to you )?(?:later|soon|tomorrow)|ttyl|cya|later|g2g"
    r"|i'm off|i'm heading off|take care|stay safe|catch (?:you|ya|u) later|have a good (?:one|day|night|evening)"
    r"|have a safe (?:trip|flight|journey)|safe travels"
    # leaving said as its reason: "I should get some sleep", "off to bed now", "I'd better get back to work"
    r"|(?:i |i'd )?(?:should|better|gotta|got to|need to|have to|must) (?:go|run|get going|head off|head out"
    r"|get some sleep|go to bed|get to bed|get some rest|get back to (?:it|work))"
    r"|(?:i'm )?off to (?:bed|sleep|work)|bedtime|time for bed"
)


# What may stand beside a goodbye and still leave it one: "Bye, Priya! Can't wait to see the photos."
_PLEASANTRY = re.compile(
    r"^(?:great|awesome|cool|perfect|nice|ok(?:ay)?|will do|you too|same to you"
    r"|(?:wow,? )?(?:that )?sounds (?:good|fun|great|awesome|amazing|lovely)"
    rf"|(?:i )?can't wait (?:{NEWS_AWAITED.pattern})"
    r"|have (?:fun|a (?:great|good|nice|lovely) (?:time|trip|weekend|day|evening))(?: and stay safe)?)[\s!.]*$",
    re.I,
)


_GOODBYE = re.compile(
    rf"^(?:(?:ok(?:ay)?|alright|right|well|anyway|cool|great|awesome|perfect|nice|{_THANKED})[, ]+)?"
    rf"(?:{_BYE})(?:[ ,!.]+(?:{_BYE}|now|then|all|everyone|guys|for now|friend|mate|x+|(?-i:[A-Z])[a-z]+))*[\s!.]*$",
    re.I,
)


_LAUGH = re.compile(
    r"^(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|ha(?: ?ha)+|xd)(?:[ ,]+(?:ok(?:ay)?|yeah|yep|true|fair|nice|cool|same))?"
    r"[\s!.]*$",  # "lol ok"
    re.I,
)


_WHO_ARE_YOU = re.compile(
    r"\b(?:what(?:'s| is) your name|who (?:are|r) (?:you|u)|what (?:are|r) (?:you|u)\b(?! (?:doing|up to|thinking))"
    r"|tell me about yourself|introduce yourself|(?:are|r) (?:you|u) (?:a |an )?(?:robot|bot|ai|human|real|person)"
    r"|what can (?:you|u) do|how do (?:you|u) work|how does (?:this|it) work|what are (?:you|u) for)\b",
    re.I,
)


_JOKE = re.compile(r"\b(?:tell me a joke|(?:know|got) any (?:good )?jokes|make me laugh|say something funny)\b", re.I)


# A hard stretch said of work or life: "ugh work has been so stressful lately".
_HARD_TIMES = re.compile(
    r"\b(?:work|school|uni|life|things|everything|my job|this week|the week|today)(?: has| have|'s) been"
    r"(?: (?:so|really|very|pretty|super|kinda|kind of|a bit|quite))* (?:stressful|hard|rough|tough|crazy|hectic"
    r"|overwhelming|exhausting|awful|terrible|a lot|brutal|intense)\b",
    re.I,
)


_NO_SLEEP = re.compile(r"\b(?:can't|cannot|couldn't) (?:sleep|fall asleep|get to sleep)\b|\binsomnia\b", re.I)


_BORED = re.compile(
    r"^(?:ugh,? )?I'?m (?:so |really |super |kinda )?bored\b(?: (?:lol|haha\w*|tbh|rn))*"
    r"(?:[,.!]*\s*(?:any ideas|ideas|any suggestions|what should I do)\??)?[\s!.?]*$",  # "I'm bored, any ideas?"
    re.I,
)


_HARD_DAY = re.compile(
    r"\b(?:rough|bad|long|terrible|awful|horrible|hard|tough|crappy|shitty|stressful)"
    r" (?:day|week|night|shift|morning)\b",
    re.I,
)


_FEELING_NOW = re.compile(
    r"(?:^|[,.;!]\s*|\b(?:and|but|so|ugh|honestly|tbh|omg)\s+)(?:I'm|I am|I've been|I have been|I feel|feeling"
    r"|been feeling|just)(?: (?:so|really|very|pretty|kinda|kind of"
    r"|sort of|a bit|a little|super|quite|feeling|just))*"
    r" (?P<feeling>sad|lonely|down|low|blue|meh|anxious|stressed|tired|exhausted|bored|happy|great|good|excited"
    r"|homesick|depressed|overwhelmed|miserable|frustrated|sick|ill|unwell|poorly|nervous|worried|scared|panicking"
    r"|freaking out)"
    # "I'm good, just tired from work"
    r"(?: (?:from|after) (?:work|school|uni|class|the week|the gym|the trip|travel(?:l?ing)?|my shift))?"
    r"(?: (?:today|tonight|lately|rn|atm|right now|these days|all (?:day|week|weekend)|since (?:\w+day|yesterday)))?"
    r"[\s!.]*$",  # "I've been sick all week", "… ill since Monday"
    re.I,
)


_PERSONA = re.compile(r"\bYou are (?P<name>[A-Z][\w'-]{1,30})(?:, (?P<what>an? [^.\n]{3,80}?))?[.\n]")


_JOKES = (
    "Why don't scientists trust atoms? Because they make up everything.",
    "I told my computer I needed a break, and it said: no problem, I'll go to sleep.",
    "Why did the scarecrow win an award? He was outstanding in his field.",
)


# Thanks with a few words more: "thanks, you're sweet", "thank you, that helps".
_THANKS_AND = re.compile(rf"^(?:{_THANKED})\b,? +(?:[^\s.!?]+\s*){{1,5}}[.!]*$", re.I)


# Help asked for, with nothing yet of what: "can you help me with something?".
_HELP_ASKED = re.compile(
    r"^(?:(?:can|could|would|will) (?:you|u) )?(?:please )?help(?: me)?(?: (?:with|out with) (?:something|sth|smth"
    r"|a thing|a few things|sth quick))?(?: please)?[\s?!.]*$",
    re.I,
)


# A question about the persona itself: "what do you do for fun?", "do you have any hobbies?".
ABOUT_PERSONA = re.compile(
    r"\b(?:do|did|are|have|would|will|can) (?:you|u)\b(?! (?:mean|know|remember|recall|think)\b)"
    r"|\bwhat(?:'s| is| are) your\b|\byour favou?rite\b|\bwhat do (?:you|u) (?:do|like|enjoy)\b",
    re.I,
)


def social_reply(body: str, said: str, system: str) -> list[str]:
    """The reply to thanks, a goodbye, a laugh, "who are you?", a plain "can you help me?", a hard
    day or "tell me a joke"; [] for anything else. The persona's name and what it is come from its
    prompt ("You are Mira, a warm and curious companion.")."""
    parts = [part for part in re.split(r"(?<=[.!])\s+", body) if part]  # "Thanks! Talk to you later!"
    if any(_GOODBYE.match(part) for part in parts) and all(
        _GOODBYE.match(p) or _THANKS.match(p) or _PLEASANTRY.match(p) for p in parts
    ):
        night = re.search(r"\b(?:good ?)?(?:night|nite)\b|\bgn\b|\b(?:bed|sleep)\b", body, re.I)  # "goodnight!" too
        thanked = re.match(rf"(?:{_THANKED})\b", body, re.I)  # "thanks, bye!" (was "Anytime!" alone)
        farewell = "Good night, sleep well!" if night else "Bye for now!"
        return ["Anytime!", farewell] if thanked else [farewell, "Talk soon."]
    if _THANKS.match(body) or (_THANKS_AND.match(body) and "?" not in body):
        return [pick(("You're welcome!", "Anytime!", "Happy to help!"), said)]
    if parts and all(_PLEASANTRY.match(part) for part in parts):  # "Great!", "ok", "have fun!"
        said_first = parts[0].lower()
        opener = "Okay!" if said_first.startswith(("ok", "will do")) else "Glad to hear it!"
        opener = "Thanks!" if said_first.startswith(("have", "you too", "same to you")) else opener
        return [opener, "What else is on your mind?"]
    if _LAUGH.match(body):
        return ["Haha!", "What else is on your mind?"]
    if _WHO_ARE_YOU.search(body):
        persona = _PERSONA.search(system)
        memory_off = MEMORY_OFF_LINE in system
        if persona is None:
            me = (
                "I'm a companion, and my memory is off for you."
                if memory_off
                else "I'm a companion who remembers what you tell me."
            )
            return [me, "What would you like to talk about?"]
        what = f", {persona['what']}" if persona["what"] else ""
        invite = "My memory is off for you, but" if memory_off else "I remember what you tell me, so"
        return [f"I'm {persona['name']}{what}.", f"{invite} tell me about yourself!"]
    if _HELP_ASKED.match(body):
        return ["Of course!", "What do you need?"]
    if _JOKE.search(body):
        return [pick(_JOKES, said)]
    if (_HARD_DAY.search(body) or _HARD_TIMES.search(body)) and not body.endswith("?"):
        return ["Sorry to hear that.", pick(COMFORT, said)]
    if _NO_SLEEP.search(body) and not body.endswith("?"):  # "I can't sleep"
        return ["Sorry you can't sleep.", "Want to talk about what's keeping you up?"]
    if _BORED.search(body):  # "I'm bored, any ideas?"
        return ["Let's fix that!", "What have you been into lately?"]
    if feeling := _FEELING_NOW.search(body):  # "I'm sad", "long day, I'm exhausted": no reason, so no memory
        low = feeling["feeling"].lower()
        if low == "bored":
            return ["Let's fix that!", "What have you been into lately?"]
        if low in ("sick", "ill", "unwell", "poorly"):  # "I'm sick today"
            return ["Sorry you're not feeling well.", "Take it easy and get some rest!"]
        if low.endswith(("ing", "ing out")):  # "I'm panicking": not "feeling panicking"
            return [f"Sorry you're {low}.", pick(COMFORT, said)]
        if low.split()[0] in NEGATIVE_FEELINGS or low in ("down", "low", "blue", "meh"):
            return [f"Sorry you're feeling {low}.", pick(COMFORT, said)]
        return [f"Glad you're feeling {low}!", "What's made your day?"]
    return []


# A day to wish them well on, just told: "Speaker's birthday is today", "Speaker's mum's birthday is
# tomorrow", "Speaker's wedding anniversary is today".
_THEIR_DAY = re.compile(
    r"^\S+'s (?:(?P<kin>[a-z]+(?: [a-z]+)?)'s )?(?:wedding )?(?P<what>birthday|anniversary)"
    r" is (?P<when>today|tomorrow)\b"
)


# Years together told as reached today: "we've been together five years today".
_TOGETHER_TODAY = re.compile(r"\btogether (?:for )?(?:[\w-]+ )?years? (?:as of )?today\b", re.IGNORECASE)


def wished(told: list[str], said: str = "") -> str:
    """The wish for a birthday or an anniversary told as today or tomorrow (it was "Got it — your
    birthday is today. Good to know!"), or for years together reached today (``said``: the message);
    "" when none was told."""
    day = next(filter(None, map(_THEIR_DAY.match, told)), None)
    if day is None:
        return "Happy anniversary! I hope you have a wonderful day." if _TOGETHER_TODAY.search(said) else ""
    what, kin = day["what"], day["kin"]
    if kin:
        if day["when"] == "today":
            return f"Please wish your {kin} a happy {what} from me!"
        return f"I hope your {kin} has a lovely {what} tomorrow!"
    if day["when"] == "today":
        return f"Happy {what}! I hope you have a wonderful day."
    return f"Happy {what} for tomorrow! Any plans?"
