"""The rule table: (pattern, builder) pairs tried in order on each clause, and the questions a
short answer completes. Each category's builders live in their own module."""

from __future__ import annotations

import re

from memories.offline.facts import Builder
from memories.offline.rules.events import EVENT_ADVERBS, EVENT_ALTERNATIVES, self_event_rule
from memories.offline.rules.family import has_relatives_rule, parent_rule, relative_rule, status_rule
from memories.offline.rules.health import (
    BODY_PARTS,
    CONDITIONS,
    DIETS,
    FOODS,
    allergy_rule,
    condition_rule,
    diet_rule,
    injury_rule,
)
from memories.offline.rules.identity import age_rule, birthday_rule, born_rule, name_rule, turned_rule
from memories.offline.rules.pastimes import (
    ACTIVITIES,
    INSTRUMENTS,
    SPORTS,
    activity_rule,
    fan_rule,
    favourite_rule,
    hobby_rule,
    language_rule,
    opinion_rule,
    plays_rule,
)
from memories.offline.rules.pets import my_pet_rule, pet_rule
from memories.offline.rules.places import lives_rule, move_rule, moved_rule, origin_rule
from memories.offline.rules.plans import appointment_rule, doing_rule, feeling_rule, plan_rule, trip_rule
from memories.offline.rules.possessions import THINGS, possession_rule
from memories.offline.rules.tastes import preference_rule
from memories.offline.rules.work import (
    degree_rule,
    job_status_rule,
    job_title_rule,
    studies_rule,
    works_as_rule,
    works_at_rule,
)
from memories.offline.vocabulary import ADVERBS, FAMILY, FEELINGS, INTENSIFIERS, JOBS, PETS, RELATIONS, word_set

_I_AM = r"I(?:'m| am)"


RULES: list[tuple[re.Pattern[str], Builder]] = [
    (
        re.compile(
            r"(?P<how>\bmy name is|\bmy name's|\bI(?:'m| am) called|(?:^|\b(?:just|you can|u can|please|pls|everyone"
            r"|people|friends|y'all|everybody|ppl|most people|they all|all|family|everyone at work)\s+)"
            r"(?:call|calls) me"
            r"|\bI (?:usually |mostly |just )?go by(?: my (?:middle |nick|first |last |real )?name,?)?"
            r"|\bI prefer(?= [A-Z][a-z]+(?:$|[,.!]| btw| please| pls| though| tho| instead| now)))"
            r"\s+(?P<name>[a-z][\w'\u2024.-]*)(?P<second>\s+[\w'-]+)?",
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
            r"\b(?:I(?: currently| now| still)? live (?:in|at|near)"
            r"|I(?:'m| am) (?:currently |now |still |also )?(?:based|living)"
            r"(?: with (?:my |our )?[a-z]{2,15}(?: [a-z]{2,15})?)? in"
            r"|I(?: currently| now)? live(?= there))\s*(?P<place>.+)",
            re.IGNORECASE,
        ),
        lives_rule,
    ),
    (re.compile(r"\b(?:I(?:'m| am)|I come) (?:originally )?from (?P<place>.+)", re.IGNORECASE), origin_rule),
    (
        re.compile(
            r"\bI (?:was )?(?:grew up|raised|brought up) (?:in|on a [a-z]+ (?:outside|near|in)|outside|near|in a [a-z]+"
            r" (?:outside|near|in|called)) (?P<place>.+)"
            r"|\bI was born and raised in (?P<place2>.+)",
            re.IGNORECASE,
        ),
        origin_rule,
    ),
    (
        re.compile(
            r"\b(?:I(?:'m| am)|I(?:'ve| have) been|we(?:'re| are)) (?:currently |now |still |back )?(?:in|out in)"
            r" (?P<place>(?-i:[A-Z])[\w'\u2024.-]*(?: (?-i:[A-Z])[\w'\u2024.-]*){0,2})\b"
            r"(?! (?:this|next|until|till|on)\b)"
            r"|\bhere in (?P<place2>(?-i:[A-Z])[\w'\u2024.-]*(?: (?-i:[A-Z])[\w'\u2024.-]*){0,2})"
            r"|\b(?:I(?:'m| am)|we(?:'re| are)) [^.]{0,50}?\bin (?:a|the) (?:tiny |small |little |big )?"
            r"(?:town|village|city"
            r"|suburb) called (?P<place3>(?-i:[A-Z])[\w'-]*)",
            re.IGNORECASE,
        ),
        lives_rule,
    ),
    (re.compile(r"\bI(?:'m| am) (?P<age>[1-9]\d?)(?: years? old| yo| y/o)?\W*$", re.IGNORECASE), age_rule),
    (re.compile(r"\bmy (?:birthday|bday) is (?:on )?(?P<date>.+)", re.IGNORECASE), birthday_rule),
    (
        re.compile(
            rf"\b(?:I|we)(?P<verb>(?: just| finally| recently)? (?:adopted|got|rescued|bought|have got|have|own)"
            rf"|'ve (?:got|adopted|rescued))"
            rf" (?P<quantity>an?|another|one|two|three|four|\d+) (?:(?:new|little|cute|baby|rescue|pet|old|tiny|big"
            rf"|fluffy) )*(?P<species>{PETS})(?:e?s)?\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*)"
            rf"|,? (?:named |called )?(?P<names>[a-z][\w'-]{{1,20}}(?:, [a-z][\w'-]{{1,20}})?,? (?:and|&)"
            rf" [a-z][\w'-]{{1,20}}))?",
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
            rf"\bmy (?:older |younger |little |big |baby |twin |eldest |oldest |youngest |lil |new |late )?"
            rf"(?P<relation>{RELATIONS})(?P<plural>s|es)?\b(?P<rest>.*)",
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
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|still|finally|actually|probably) )?"
            r"(?:(?P<sure>flying|visiting|off|heading|travell?ing|driving|backpacking|road[- ]tripping"
            r"|going (?:on (?:a )?(?:trip|holiday|vacation) )?)"
            r"|going|spending [a-z ]{1,30}? in|camping in) (?:up |out |over |back |down )?(?:to |through |around )?"
            r"(?P<place>(?:the )?(?-i:[A-Z])[\w\u2024.'-]*(?: (?:of |de |la )?(?-i:[A-Z])[\w\u2024.'-]*){0,3})"
            r"|\bI (?:(?:just|finally) )?(?P<sure2>booked) (?:a (?:trip|flight|holiday) to |flights to )?"
            r"(?P<place2>(?-i:[A-Z])[\w\u2024.'-]*(?: (?-i:[A-Z])[\w\u2024.'-]*){0,2})"
            r"|^(?:(?P<sure3>road trip|trip|holiday|vacation) to |(?P<sure4>then) )"
            r"(?P<place3>(?:the )?(?-i:[A-Z])[\w\u2024.'-]*(?: (?-i:[A-Z])[\w\u2024.'-]*){0,2})",
            re.IGNORECASE,
        ),
        trip_rule,
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
    # Diets, allergies and health.
    (
        re.compile(
            rf"\bI(?P<how>(?:'m| am)(?: (?:a|an|now|still|fully|strictly|mostly|basically|also))*"
            rf"|(?:'ve| have) been(?: (?:a|an|fully|strictly|mostly))*|(?:'ve| have) gone| went| became)"
            rf" (?P<diet>{DIETS})\b(?P<diet_word> diet)?(?P<since>(?: for| since) .+)?"
            rf"|\bI(?:'m| am) on an? (?P<how2>)(?P<diet2>{DIETS}|low[- ]carb) diet"
            rf"|\bI(?P<verb> (?:don't|do not|never|no longer|can't|cannot) eat| (?:stopped|quit|gave up) eating)"
            rf" (?:any )?(?P<food>{FOODS})\b",
            re.IGNORECASE,
        ),
        diet_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)(?: (?:super|very|really|severely|deathly|mildly|a bit|slightly|kinda|so|extremely))*"
            rf" allergic to (?P<what>.+)|\bI(?: have|'ve got| got) (?:an? )?(?:(?:bad|severe|mild) )?"
            rf"(?P<food>{FOODS}|nut|peanut|shellfish|gluten|pollen|cat|dog|dust|penicillin|bee) allergy",
            re.IGNORECASE,
        ),
        allergy_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> have| have got|'ve got| got| was diagnosed with|'ve been diagnosed with| live with"
            rf"|'m living with)"
            rf" (?P<condition>{CONDITIONS})\b",
            re.IGNORECASE,
        ),
        condition_rule,
    ),
    (
        re.compile(
            rf"\bI (?:just |recently |literally )?"
            rf"(?P<verb>broke|sprained|twisted|tore|injured|hurt|fractured|dislocated)"
            rf" my (?P<part>(?:left |right )?(?:{BODY_PARTS}))\b",
            re.IGNORECASE,
        ),
        injury_rule,
    ),
    # Pastimes, languages, possessions, relationships.
    (
        re.compile(
            rf"\bI(?P<verb> play| played| (?:have|'ve) played| (?:have|'ve) been playing| (?:started|love|like)"
            rf" playing|(?:'m| am) (?:learning|learning to play|taking lessons in|getting into)| started learning)"
            rf" (?:the )?(?P<what>{INSTRUMENTS}|{SPORTS})\b(?P<since>(?: for| since) .+)?",
            re.IGNORECASE,
        ),
        plays_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> go| do| practi[cs]e|(?:'ve| have) been(?: doing)?| (?:usually|often) go| started)"
            rf" (?P<what>{ACTIVITIES})\b(?P<when> (?:every|each|on|most|twice|once|three times|at|since|for) .+)?",
            re.IGNORECASE,
        ),
        activity_rule,
    ),
    (re.compile(r"\bmy (?:main |favou?rite |new )?hobb(?:y is|(?P<plural>ies) are) (?P<what>.+)", re.I), hobby_rule),
    (
        re.compile(
            rf"\bI (?P<verb>support|follow|root for|cheer for) (?P<team>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*){{0,3}})"
            rf"|\b{_I_AM} an? (?:(?:big|huge|massive|lifelong|die-?hard) )?"
            rf"(?P<team2>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*)?) fan\b",
        ),
        fan_rule,
    ),
    (
        re.compile(
            r"\b(?:my |^)(?:all[- ]time |absolute |current |new )?fav(?:ou?rite|e)? (?P<thing>[a-z]+(?: [a-z]+)?)"
            r"(?: (?:is|are|has to be|would be|=)|\s?[:=]) (?P<value>.+)"
            r"|^(?P<value2>[^,]{2,40}?) (?:is|are) (?:definitely |probably |still |easily )?my"
            r" (?:all[- ]time |absolute )?"
            r"(?:fav(?:ou?rite|e)?|number one|#1|go-to|top) (?P<thing2>[a-z]+(?: [a-z]+)?)\b",
            re.IGNORECASE,
        ),
        favourite_rule,
    ),
    (
        re.compile(
            r"\bI(?P<verb> speak| can speak|(?:'m| am) (?:learning|studying|taking)|(?:'m| am) fluent in"
            r"|(?:'m| am) a native| grew up speaking)(?P<what> .+)"
            r"|\bmy (?P<verb2>native|first|mother) (?:language|tongue) is(?P<what2> .+)",
            re.IGNORECASE,
        ),
        language_rule,
    ),
    (
        re.compile(
            rf"\bI (?P<verb>(?:just |finally |recently )?(?:bought|got|purchased|built|inherited)|own|drive|ride)"
            rf" (?P<article>an?|my first|my own|a new|a used|an old|my new|two|three)"
            rf" (?P<thing>(?:[a-z0-9-]+ ){{0,3}}?(?:{THINGS}))\b",
            re.IGNORECASE,
        ),
        possession_rule,
    ),
    (
        re.compile(
            r"\bI(?P<how>(?:'m| am)(?: (?:happily|newly|recently|now|finally|officially|also))*"
            r"|(?:'ve| have) been(?: (?:happily))?)"
            r" (?P<status>married|engaged|single|divorced|widowed|separated|pregnant|expecting|in a relationship"
            r"|dating (?:[A-Z]\w+|someone)|together with [A-Z]\w+"
            r"|with my (?:partner|girlfriend|boyfriend|wife|husband))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        status_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:a |an )?(?:(?:proud|new|single|first[- ]time|working|busy|stay[- ]at[- ]home) )*"
            rf"(?P<role>mom|mum|mother|dad|father|parent|grandma|grandpa|grandmother|grandfather|only child"
            rf"|twin|stepmom|stepdad)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        parent_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:currently |now |also )?(?P<status>retired|unemployed|between jobs|self[- ]employed"
            rf"|a stay[- ]at[- ]home (?:mom|mum|dad|parent)|freelancing|job hunting|on parental leave)\b",
            re.IGNORECASE,
        ),
        job_status_rule,
    ),
    (
        re.compile(
            r"\bI(?P<verb>(?:'m| am) (?:doing|getting|finishing|working on|studying for|starting|halfway through)"
            r"|(?:'m| am) in) (?P<article>an?|my) (?:(?:first|second|third|fourth|final|last) year of (?:my |an? )?)?"
            r"(?P<degree>PhD|doctorate|masters?|master's|bachelor'?s|degree|MBA|BA|BSc|MSc|MA|diploma|med school"
            r"|law school|residency|apprenticeship)\b(?: (?:in|on) (?P<field>.+))?"
            r"|\bI(?:'m| am)? major(?:ing)? in (?P<major>.+)|\bmy major is (?P<major2>.+)",
            re.IGNORECASE,
        ),
        degree_rule,
    ),
    (
        re.compile(r"\bI (?:just |finally )?turned (?P<age>[1-9]\d?)\b", re.IGNORECASE),
        turned_rule,
    ),
    (
        re.compile(r"\bI was born (?P<prep>in|on) (?P<what>.+)", re.IGNORECASE),
        born_rule,
    ),
    (
        re.compile(
            r"\bI(?: (?:just|recently|finally|actually))? moved (?:back |out |over |here |away )?"
            r"(?:to|into|out to|over to) (?P<place>.+)",
            re.IGNORECASE,
        ),
        moved_rule,
    ),
    (
        re.compile(
            r"^(?:honestly |personally |tbh |ngl |imo )?I (?:really |honestly |genuinely )?(?:think|believe|reckon"
            r"|feel like) (?:that )?(?P<what>[a-z].+)",
            re.IGNORECASE,
        ),
        opinion_rule,
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

# The rules that read a negation themselves: "I don't like…", "I don't eat meat", "I'm not into…".
NEGATABLE = frozenset({preference_rule, diet_rule})
