"""The day of one's own event, given in answer to "when's the wedding?": "the 12th of September" is
"my wedding is on the 12th of September" when the wedding is theirs, asked of as "your" one or told
of before as "my" or "our" one. After "my sister's getting married!", it is hers: a detail of that.
"due when?" asks a due date, "when do you move in?" when they move ("I'm moving in at the end of April"),
and "when do you start?" after a job got or a place at uni when they start it ("I'm starting my new job
in September")."""

from __future__ import annotations

import re
from datetime import date

from memoryhub.ai.offline.dates import date_said
from memoryhub.ai.offline.facts import time_in
from memoryhub.ai.offline.splitting import strip_fillers
from memoryhub.ai.offline.text import conjugate
from memoryhub.ai.offline.vocabulary import MONTHS

_WHEN_IS = re.compile(
    r"\bwhen(?:'s| is) (?P<whose>the|your|ur) (?P<thing>big day|wedding|op|operation|surgery|exam|interview"
    r"|(?:driving )?test|hearing|due date|graduation|race|marathon|move|scan|recital|last day|first day"
    r"|birthday|bday)\W*$"
    r"|\b(?P<due>due when|when are (?:you|u) due|when(?:'s| is) (?:the )?baby due)\W*$"
    r"|\bwhen (?:do|will|are) (?:you|u)"
    r" (?P<doing>move in|moving in|move|moving|fly|flying|leave|leaving|start|starting)\W*$",
    re.IGNORECASE,
)
# The words of one event: an open fact that says any of them is the event asked of ("I'm having knee
# surgery" … "when's your op?" … "next Tuesday" is a detail of it).
_SAME_EVENT = {
    "wedding": r"wedding|big day|married|marry|engaged",
    "operation": r"op|operation|surgery|procedure",
    "test": r"test|exam",
}
# The event as the memory names it: "when's the big day?" asks of a wedding, "when's your op?" of an operation.
_NAMED = {"big day": "wedding", "op": "operation", "surgery": "operation", "bday": "birthday"}
_PREPOSITION = re.compile(r"(?:on|in|at|next|this|tomorrow|today|tonight)\b", re.IGNORECASE)
_ANY_DAY = date(2000, 1, 1)  # whether the answer names a time at all, not which day it is


def when_answered(question: str, answer: str, said_before: str, opened: str) -> str | None:
    """The statement an answer makes to another's "when's the <event>?" (``said_before``: what the
    one answering said earlier in the window; ``opened``: their fact the answer could be a detail
    of); None when it is no date, the event not theirs or already their open fact."""
    asked = _WHEN_IS.search(question)
    given = strip_fillers(re.split(r"[,!?]", answer)[0]).strip(" !.")  # "the 9th! turning 30 eek": the 9th
    if asked is None or not 0 < len(given.split()) <= 5 or date_said(_with_preposition(given), _ANY_DAY) is None:
        return None  # "the 28th" is a day as "on the 28th" is
    if asked["due"]:  # "congrats!! due when?", asked of the one who said they are expecting
        return f"my due date is {given}"
    if asked["doing"] and asked["doing"].lower().startswith("start"):
        started = _STARTED.search(f"{opened} {said_before}")  # "I got the job!!" … "when do you start?"
        return f"I'm starting {_STARTS[started.lastgroup or '']} {_with_preposition(given)}" if started else None
    if asked["doing"]:  # "when do you move in?" … "end of April": "I'm moving in at the end of April"
        doing = re.sub(r"^(move|fly|leave)\b", lambda verb: _DOING[verb[1]], asked["doing"].lower())
        return f"I'm {doing} {_with_preposition(given)}"
    thing = _NAMED.get(asked["thing"].lower(), asked["thing"].lower())
    event = _SAME_EVENT.get(thing.split()[-1], thing)
    theirs = asked["whose"].lower() != "the" or re.search(rf"\b(?:my|our) (?:[\w-]+ )?(?:{event})\b", said_before, re.I)
    if not theirs or re.search(rf"\b(?:{event})\b", opened, re.IGNORECASE):
        return None
    return f"my {thing} is {_with_preposition(given)}"


_DOING = {"move": "moving", "fly": "flying", "leave": "leaving"}
# What one starts, told before "when do you start?": a job got or offered, a place at uni or college.
_STARTED = re.compile(
    r"\b(?:(?P<job>job|role|position|offer)|(?P<uni>uni|university)|(?P<college>college)|(?P<course>course)"
    r"|(?P<apprenticeship>apprenticeship))\b",
    re.IGNORECASE,
)
_STARTS = {
    "job": "my new job",
    "uni": "uni",
    "college": "college",
    "course": "my course",
    "apprenticeship": "my apprenticeship",
}
# When another does something, asked: "when does she start?", "when will they move?".
_WHEN_THEY_DO = re.compile(
    r"\bwhen (?P<aux>does|will) (?P<who>he|she|they) (?P<verb>[a-z]+)(?P<rest>[^?]{0,40})\?", re.I
)


def when_they_do(question: str, answer: str) -> str | None:
    """The statement a day answers to "when does she start?": "September" is "she starts in
    September" (then hers, as the line before named her); None for another question or answer."""
    asked = _WHEN_THEY_DO.search(question)
    given = strip_fillers(re.split(r"[,!?]", answer)[0]).strip(" !.")
    if asked is None or not 0 < len(given.split()) <= 5 or date_said(_with_preposition(given), _ANY_DAY) is None:
        return None
    who, verb = asked["who"].lower(), asked["verb"].lower()
    does = f"will {verb}" if asked["aux"].lower() == "will" else verb if who == "they" else conjugate(verb)
    return f"{who} {does}{asked['rest'].rstrip()} {_with_preposition(given)}"


def _with_preposition(given: str) -> str:
    """ "late June" is in June, "end of April" at its end, "the 12th" on that day."""
    if _PREPOSITION.match(given):
        return given
    if re.fullmatch(rf"(?:{MONTHS})(?: \d{{4}})?", given, re.IGNORECASE):
        return f"in {given}"  # "September"
    if re.match(r"(?:the )?end of\b", given, re.IGNORECASE):
        return f"at {given if given.lower().startswith('the ') else 'the ' + given}"
    return f"in {given}" if re.match(r"(?:early|mid|late)\b", given, re.IGNORECASE) else f"on {given}"


# A time asked of the room: "what's everyone doing for half term?", "any plans for the weekend?".
_PLANS_ASKED = re.compile(
    r"^(?:so |and |ok |okay )?(?:what(?:'s| is| are| r)|wat r) (?:everyone|everybody|you all|you guys|y'all|people"
    r"|you|u)(?: all)? (?:doing|up to|got planned)(?P<when> [^?]{2,30})\?+$"
    r"|^(?:so |and )?(?:any|what(?:'s| are) (?:your|ur)|got any) plans (?P<when2>[^?]{2,30})\?+$",
    re.IGNORECASE,
)
# What one is doing, told without its time: "we're taking the caravan to Cornwall".
_DOING_UNTIMED = re.compile(r"^(?:I(?:'m| am)|we(?:'re| are)) [a-z]+ing\b[^?]{2,100}$", re.IGNORECASE)


def with_time_asked(question: str, answer: str) -> str | None:
    """An answer to "what's everyone doing for half term?" with the question's time: "we're taking the
    caravan to Cornwall" is "we're taking the caravan to Cornwall for half term"; None when the question
    asks no time, or the answer tells no plan or says its own time."""
    asked = _PLANS_ASKED.match(question.strip())
    told = answer.strip().rstrip("!. ")
    when = (asked["when"] or asked["when2"]).strip() if asked else ""
    when = re.sub(r"^for the weekend$", "this weekend", when, flags=re.IGNORECASE)  # its plans: this one's
    if not when or not time_in(when) or not _DOING_UNTIMED.match(told) or time_in(told):
        return None
    return f"{told} {when}"


# Who is coming to something, asked of the room: "who's coming to choir on Tuesday?", "anyone going to …?".
_WHO_IS_COMING = re.compile(
    r"^(?:so |ok |okay )?(?:who(?:'s| is)|(?:is )?(?:any ?one|any ?body)(?: else)?) (?P<how>coming|going)"
    r" (?P<to>to [^?]{2,60}?)\s*\?+$",
    re.I,
)


def coming_asked(question: str) -> str | None:
    """The statement a "me!" to "who's coming to choir on Tuesday?" makes: "I'm coming to choir on Tuesday",
    and a "we are!" to "is anyone going to the Christmas market on Saturday?" (None for another question)."""
    asked = _WHO_IS_COMING.match(question.strip())
    return f"I'm {asked['how'].lower()} {asked['to']}" if asked else None
