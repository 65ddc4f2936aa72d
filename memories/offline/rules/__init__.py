"""The rule table: (pattern, builder) pairs tried in order on each clause, and the questions a
short answer completes. Each category's builders live in their own module."""

from __future__ import annotations

import re

from memories.offline.facts import Builder
from memories.offline.rules.events import EVENT_ADVERBS, EVENT_ALTERNATIVES, reported_event_rule, self_event_rule
from memories.offline.rules.family import has_relatives_rule, relative_rule
from memories.offline.rules.identity import age_rule, birthday_rule, name_rule
from memories.offline.rules.pets import my_pet_rule, pet_rule
from memories.offline.rules.places import lives_rule, move_rule, origin_rule, reported_move_rule
from memories.offline.rules.plans import appointment_rule, doing_rule, feeling_rule, plan_rule
from memories.offline.rules.tastes import preference_rule
from memories.offline.rules.work import job_title_rule, studies_rule, works_as_rule, works_at_rule
from memories.offline.vocabulary import ADVERBS, FAMILY, FEELINGS, INTENSIFIERS, JOBS, PETS, RELATIONS, word_set

_I_AM = r"I(?:'m| am)"


RULES: list[tuple[re.Pattern[str], Builder]] = [
    (
        re.compile(
            r"(?P<how>\bmy name is|\bmy name's|\bI(?:'m| am) called|(?:^|\b(?:just|you can|u can|please|everyone"
            r"|people|friends|y'all)\s+)call me)\s+(?P<name>[a-z][\w'-]*)(?P<second>\s+[\w'-]+)?",
            re.IGNORECASE,
        ),
        name_rule,
    ),
    (
        re.compile(
            rf"\b(?:{_I_AM}(?: (?:finally|actually|officially|probably))? (?:moving|relocating)"
            rf"|{_I_AM} (?:going to|gonna|planning to) move|I(?:'ll| will) be moving|we(?:'re| are) moving)"
            r"(?: (?:back )?to (?P<place>.+))?",
            re.IGNORECASE,
        ),
        move_rule,
    ),
    (re.compile(rf"\bI{EVENT_ADVERBS} (?P<event>{EVENT_ALTERNATIVES})\b(?P<rest>.*)", re.IGNORECASE), self_event_rule),
    (
        re.compile(r"\bI(?:'m| am)? (?:currently |now |also )?work(?:ing)? as (?:an? )?(?P<job>.+)", re.IGNORECASE),
        works_as_rule,
    ),
    (re.compile(r"\bmy job is (?:as |being )?(?:an? )(?P<job>.+)", re.IGNORECASE), works_as_rule),
    (
        re.compile(
            rf"\b{_I_AM} (?:currently |now |actually |also )?(?:an?) "
            rf"(?P<job>(?:(?!of\b|fan\b)[a-z-]+ ){{0,2}}?(?:{JOBS}))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        job_title_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:currently |now |also )?work(?:ing)? (?P<when>(?:nights|night shifts|days|weekends"
            r"|part[- ]time|full[- ]time|remotely) )?(?P<prep>at|for|in|from) (?P<org>.+)",
            re.IGNORECASE,
        ),
        works_at_rule,
    ),
    (re.compile(r"\bI(?:'m| am)? (?:currently |also )?study(?:ing)? (?P<subject>.+)", re.IGNORECASE), studies_rule),
    (
        re.compile(
            r"\b(?:I(?: currently| now| still)? live (?:in|at|near)|I(?:'m| am) (?:currently |now )?(?:based|living) in"
            r"|I(?: currently| now)? live(?= there))\s*(?P<place>.+)",
            re.IGNORECASE,
        ),
        lives_rule,
    ),
    (re.compile(r"\b(?:I(?:'m| am)|I come) (?:originally )?from (?P<place>.+)", re.IGNORECASE), origin_rule),
    (re.compile(r"\bI(?:'m| am) (?P<age>[1-9]\d?)(?: years? old| yo| y/o)?\W*$", re.IGNORECASE), age_rule),
    (re.compile(r"\bmy (?:birthday|bday) is (?:on )?(?P<date>.+)", re.IGNORECASE), birthday_rule),
    (
        re.compile(
            rf"\b(?:I|we)(?P<verb>(?: just| finally| recently)? (?:adopted|got|rescued|bought|have got|have|own)"
            rf"|'ve (?:got|adopted|rescued))"
            rf" (?P<quantity>an?|another|one|two|three|four|\d+) (?:(?:new|little|cute|baby|rescue|pet|old|tiny|big"
            rf"|fluffy) )*(?P<species>{PETS})(?:e?s)?\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        pet_rule,
    ),
    (
        re.compile(
            rf"\bmy (?:new |little |baby |old )?(?P<species>{PETS})(?P<how>'s name is|,? named|,? called|,)?"
            r"\s+(?P<pet>[a-z][\w'-]*)",
            re.IGNORECASE,
        ),
        my_pet_rule,
    ),
    (
        re.compile(
            rf"\bmy (?:older |younger |little |big |baby |twin |eldest |oldest |youngest |step)?"
            rf"(?P<relation>{RELATIONS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        relative_rule,
    ),
    (
        re.compile(
            rf"\bI(?: have|'ve got| have got) (?P<quantity>an?|one|two|three|four|\d+) (?:older |younger |little "
            rf"|big |twin )?(?P<relation>{FAMILY})s?\b(?:,? (?:named|called) (?P<name>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        has_relatives_rule,
    ),
    (
        re.compile(
            rf"\bI{ADVERBS} (?P<verb>hate|can't stand|cannot stand|can not stand|dislike|despise|loathe"
            rf"|don't like|do not like|don't enjoy|do not enjoy) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM}(?: really| so| totally| kinda)? (?P<verb>not into|not a (?:big )?fan of) (?P<what>.+)", re.I
        ),
        preference_rule,
    ),
    (re.compile(rf"\bI{ADVERBS} (?P<verb>love|adore|like|enjoy|prefer) (?P<what>.+)", re.IGNORECASE), preference_rule),
    (
        re.compile(
            rf"\b{_I_AM}(?: really| so| totally| kinda)? "
            r"(?P<verb>into|obsessed with|an? (?:big |huge |massive )?fan of) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            r"\bI(?P<aux>(?:'m| am)? (?:planning|plan|intend|intending) (?:to|on)"
            r"|(?:'m| am) (?:going to|gonna|about to|off to|heading to|hoping to)|'ll| will| shall) (?P<what>.+)",
            re.IGNORECASE,
        ),
        plan_rule,
    ),
    (
        re.compile(r"\bI(?:'m| am) (?P<what>(?!going\b|gonna\b|feeling\b|moving\b)[a-z]+ing\b.+)", re.IGNORECASE),
        doing_rule,
    ),
    (
        re.compile(
            r"\bI(?: have|'ve got| got| have got) (?:an? |my |the )(?P<thing>(?:[a-z-]+ ){0,2}?(?:exam|interview|test"
            r"|appointment|meeting|match|game|date|flight|trip|tournament|concert|wedding|surgery|presentation"
            r"|deadline|shift|vacation|holiday|party|finals?|raid|race|recital|audition)s?)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        appointment_rule,
    ),
    (
        re.compile(
            rf"\bI(?:'m| am| feel|'m feeling| am feeling){INTENSIFIERS} (?P<feeling>{FEELINGS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        feeling_rule,
    ),
    (
        re.compile(rf"(?P<who>@?[\w.'-]+){EVENT_ADVERBS} (?P<event>{EVENT_ALTERNATIVES})\b(?P<rest>.*)", re.I),
        reported_event_rule,
    ),
    (
        re.compile(r"(?P<who>@?[\w.'-]+) (?:is|'s) (?:moving|relocating) (?:back )?to (?P<place>.+)", re.IGNORECASE),
        reported_move_rule,
    ),
]


# "Where are you moving?" — "Austin!": a short answer completes the other person's question.
QUESTIONS: list[tuple[re.Pattern[str], Builder]] = [
    (re.compile(r"\bwhere\b.*\b(?:mov\w*|relocat\w*)\b", re.IGNORECASE), move_rule),
    (re.compile(r"\bwhere\b.*\b(?:live|living|based)\b", re.IGNORECASE), lives_rule),
    (re.compile(r"\bwhere\b.*\bfrom\b", re.IGNORECASE), origin_rule),
]


ANSWER = re.compile(r"(?P<place>.*)", re.DOTALL)  # the whole answer is the place


NON_ANSWERS = word_set("idk dunno not no nope nowhere yes yep maybe why what who lol haha sure")
