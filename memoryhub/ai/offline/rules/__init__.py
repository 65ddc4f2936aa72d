"""The rule table: (pattern, builder) pairs tried in order on each clause, and the questions a
short answer completes. Each category's builders live in their own module."""

from __future__ import annotations

import re

from memoryhub.ai.offline.facts import Builder
from memoryhub.ai.offline.rules.events import (
    EVENT_ADVERBS,
    EVENT_ALTERNATIVES,
    admission_rule,
    exam_rule,
    self_event_rule,
)
from memoryhub.ai.offline.rules.family import (
    NATIONALITIES,
    STATUSES,
    family_event_rule,
    has_relatives_rule,
    loss_rule,
    lucky_to_have_rule,
    moved_in_rule,
    parent_rule,
    parted_rule,
    relative_rule,
    siblings_rank_rule,
    status_rule,
    together_rule,
    twins_rule,
)
from memoryhub.ai.offline.rules.health import (
    BODY_PARTS,
    CONDITIONS,
    DIETS,
    DRINKS,
    FOODS,
    allergy_rule,
    condition_is_rule,
    condition_rule,
    diet_rule,
    fear_rule,
    habit_rule,
    hospital_rule,
    injury_rule,
    recovering_rule,
)
from memoryhub.ai.offline.rules.identity import (
    NO_LONGER_DIETS,
    ability_rule,
    age_rule,
    birthday_rule,
    born_rule,
    introduced_rule,
    name_rule,
    nationality_rule,
    no_longer_rule,
    one_word_trait_rule,
    pronouns_rule,
    skill_rule,
    trait_rule,
    turned_rule,
    used_to_rule,
)
from memoryhub.ai.offline.rules.opinions import HOT_TAKE, VERDICTS, comparison_rule, hot_take_rule, verdict_rule
from memoryhub.ai.offline.rules.pastimes import (
    ACTIVITIES,
    HOBBY_VERBS,
    INSTRUMENTS,
    SPORTS,
    activity_rule,
    class_rule,
    countries_rule,
    current_media_rule,
    did_rule,
    donated_rule,
    fan_rule,
    favourite_rule,
    finished_media_rule,
    habitual_rule,
    hobby_rule,
    hobby_verb_rule,
    joined_rule,
    language_rule,
    loved_title_rule,
    mains_rule,
    media_habit_rule,
    mentoring_rule,
    opinion_rule,
    plays_rule,
    project_rule,
    regular_rule,
    signed_up_rule,
    spends_rule,
    volunteered_rule,
)
from memoryhub.ai.offline.rules.pets import my_pet_rule, pet_kind_rule, pet_news_rule, pet_rule, pets_owned_rule
from memoryhub.ai.offline.rules.places import (
    BEEN_TO,
    been_to_rule,
    grew_up_rule,
    lives_rule,
    lives_with_rule,
    move_rule,
    moved_from_rule,
    moved_rule,
    origin_rule,
)
from memoryhub.ai.offline.rules.plans import (
    DONE_OUTINGS,
    NAMED_PLACE,
    OUTING_PLACES,
    OUTINGS,
    STARTS,
    TAKING_PART,
    TRIP_TAKEN,
    ambition_rule,
    appointment_rule,
    back_from_rule,
    considering_rule,
    diet_started_rule,
    doing_rule,
    feeling_rule,
    fitness_goal_rule,
    goal_rule,
    looking_for_rule,
    looking_forward_rule,
    outing_rule,
    plan_rule,
    planning_rule,
    starting_rule,
    taking_part_rule,
    trip_rule,
    trip_taken_rule,
    went_rule,
)
from memoryhub.ai.offline.rules.possessions import (
    THINGS,
    brand_rule,
    broke_down_rule,
    home_bought_rule,
    possession_rule,
    prized_rule,
)
from memoryhub.ai.offline.rules.tastes import _PASSIONS, helps_rule, passion_rule, preference_rule
from memoryhub.ai.offline.rules.work import (
    FIELDS,
    back_to_school_rule,
    business_rule,
    degree_rule,
    field_rule,
    former_employer_rule,
    job_held_rule,
    job_status_rule,
    job_title_rule,
    notice_rule,
    own_business_rule,
    school_rule,
    starts_at_rule,
    student_rule,
    studies_rule,
    training_rule,
    works_as_rule,
    works_at_rule,
)
from memoryhub.ai.offline.vocabulary import (
    ADVERBS,
    CALLED,
    COUNTS,
    FAMILY,
    FEELINGS,
    HELLOS,
    HOSPITALS,
    INTENSIFIERS,
    JOB,
    MONTHS,
    PETS,
    RELATIONS,
    RELATIVE_AGES,
    WEEKDAYS,
    word_set,
)

_PARTNER = r"wife|husband|partner|fianc[ée]e?|boyfriend|girlfriend|bf|gf|hubby"
_I_AM = r"I(?:'m| am)"
# "a sister company", "a sister city": a thing, not a relative
_SISTER_THINGS = r"(?:compan(?:y|ies)|cit(?:y|ies)|brands?|sites?|stores?|schools?|ships?|accounts?|channels?|servers?)"
# A job's title with up to two words before it: "a nurse", "a senior software engineer".
JOB_TITLE = rf"(?:(?!of\b|fan\b)[a-z-]+ ){{0,2}}?{JOB}"
_LEAD_FILLERS = r"(?:(?:honestly|tbh|ngl|lol|ok|okay|but|and|yeah|so|like|personally|srsly|fr|also|look|listen)[, ]+)*"
# Businesses someone may have: "my bakery just opened", "I run a small Etsy shop".
_BUSINESSES = (
    r"startup|start-up|side hustle|podcast|youtube channel|food truck|bakery|cafe|café|restaurant|bar|shop|studio"
    r"|company|business"
)
# How keen: "I'm lowkey obsessed with…", "I'm completely into…", "I just really love…".
_KEENLY = (
    r"(?: (?:just|really|absolutely|totally|honestly|genuinely|also|still|kinda|kind of|actually|do|truly|lowkey"
    r"|low-key|highkey|seriously|literally|secretly|sort of|so|always|personally|unironically|completely|a bit"
    r"|weirdly|deeply|fully|now|currently|very|super|pretty|quite|such)){0,3}"
)


# What one tries to quit or cut down on: "quit smoking", "cut down on coffee".
_DROPPED_HABITS = r"smoking|vaping|drinking|alcohol|caffeine|coffee|sugar|soda|energy drinks"
# Whom one takes on a trip or to an outing: "my family", "the kids", "our dog".
_TAKEN = (
    r"(?:my|our|the) (?:[a-z]+ ){0,2}?(?:family|fam|kids|wife|husband|partner|mom|mum|dad|parents|son|daughter"
    r"|girlfriend|boyfriend|dog|friends|nephew|niece)"
)
# A title as written: "Dune", "The Lord of the Rings", "Breaking Bad", a title in quotes (not "a
# book", "netflix").
_TITLE = (
    rf"(?:{CALLED})?"
    r"(?:[\"“](?P<quoted>[^\"“”]{2,60})[\"”]"
    r"|(?P<title>(?-i:[A-Z])[\w':-]*(?: (?:(?-i:[A-Z])[\w':-]*|of|the|and|a|in|on|to)){0,5}))"
)


# Where "the Rockies" or "the Grand Canyon" ends: not before a noun ("the Taylor Swift concert").
_THE_PLACE_ENDS = r"(?=$|[^\w\s]| (?:last|in|on|with|this|over|during|for|and|a few|two|three|\d)\b)"


RULES: list[tuple[re.Pattern[str], Builder]] = [
    (
        re.compile(
            r"(?P<how>\bmy name is|\bmy name's|\bI(?:'m| am) called|(?:^|\b(?:just|you can|u can|please|pls|everyone"
            r"|people|friends|y'all|everybody|ppl|most people|they all|all|family|everyone at work)\s+)"
            r"(?:call|calls) me"
            r"|\bI (?:usually |mostly |just )?go by(?: my (?:middle |nick|first |last |real )?name,?)?"
            r"|\bI prefer(?= (?-i:[A-Z])[a-z]+(?:$|[,.!]| btw| please| pls| though| tho| instead| now)))"
            r"\s+(?P<name>[a-z][\w'\u2024.-]*)(?P<second>\s+[\w'-]+)?",
            re.IGNORECASE,
        ),
        name_rule,
    ),
    (
        # "hi I'm Tom", "hey everyone, I'm Tom Reyes, nice to meet you", "I'm Tom btw": a name given
        # with a hello or in an aside (``introduced_rule``); not "I'm Canadian", "hi I'm new here".
        re.compile(
            rf"^(?:(?P<hello>(?:{HELLOS})(?: (?:all|everyone|everybody|guys|folks|there|y'all|friends|team|people))?)"
            r"[,!.]*\s+)?(?P<how>I'm|I am|im|this is)"
            rf" (?!(?:{NATIONALITIES}|new|sorry|back|home|here|done|free|bored|tired|ready|late|fine|good|great|so"
            rf"|just|really|still|also|not|from|in|at|a|an|the|single|married|vegan|vegetarian|hungry|starving|dead"
            rf"|alive|awake|{FEELINGS}|{MONTHS}|{WEEKDAYS})\b|\w+ing\b)"
            r"(?P<name>(?-i:[A-Z])[a-z'-]+)(?P<second>\s+(?-i:[A-Z])[a-z'-]+)?(?P<aside>,?\s+(?:btw|by the way))?"
            r"(?=\s*$|[,.!?]| here| and | from | nice| :\))",
            re.IGNORECASE,
        ),
        introduced_rule,
    ),
    (
        # "I just moved in with my boyfriend", "I'm moving in with Dana next month" (before the move rule).
        re.compile(
            rf"\bI(?P<how>(?:'m| am)? moving| (?:just |finally |officially )?moved) in with"
            rf" (?P<who>my (?:{RELATIONS})|(?-i:[A-Z])[\w'-]+)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        moved_in_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?:finally |officially )?(?:going|heading) back to"
            r" (?P<school>school|uni|university|college)\b"
            r"(?: (?:to (?P<to>(?:study|do|get|finish|train) [\w -]{2,40})))?",
            re.IGNORECASE,
        ),
        back_to_school_rule,
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
    (
        re.compile(
            # "I've just started a new job", "I've graduated": not "I've got a job" (has one).
            rf"\bI(?:(?:'ve| have)(?={EVENT_ADVERBS} (?:started|graduated|finished|defended|got (?:engaged|married"
            rf"|divorced|promoted))))?{EVENT_ADVERBS} (?P<event>{EVENT_ALTERNATIVES})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        self_event_rule,
    ),
    (
        # "we got engaged!", "we broke up last week": a couple's news, said by one of them.
        re.compile(
            r"\bwe (?:(?:just|finally|officially|recently) )?(?P<event>got engaged|got married|got divorced|broke up"
            r"|had (?:a|our) (?:first |second |third |new )?baby(?: girl| boy)?)"
            r"\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        self_event_rule,
    ),
    (
        re.compile(
            r"\bI(?: (?:don't|do not) work (?:at|for) (?P<org>[^,]{2,60}?) (?:anymore|any more|now)\b"
            r"|(?: (?:no longer|don't even|do not)) work (?:at|for) (?P<org2>[^,]{2,60})"
            r"| (?:just |finally |recently )?(?:left|quit) (?:my|the) job (?:at|with)"
            r" (?P<org3>(?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,3}))",
            re.IGNORECASE,
        ),
        former_employer_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:(?P<no>no longer)|not) (?P<what>{NO_LONGER_DIETS}|{STATUSES}|a student|a smoker"
            r"|unemployed|retired|in college|in school|at uni)\b(?(no)|(?= (?:anymore|any more)\b))"
            r"|\bI (?:(?:don't|do not) live in (?P<place>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})"
            r"(?= (?:anymore|any more)\b)"
            r"|no longer live in (?P<place2>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2}))",
            re.IGNORECASE,
        ),
        no_longer_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:currently |now |also )?(?:work(?:ing)?"
            r"(?: (?:nights|days|weekends|evenings|shifts|part[- ]time|full[- ]time|remotely|mostly))? as"
            r"|(?:just )?(?:started|start|starting|got|landed|accepted) (?:my |a |the )?(?:new |first |dream )?"
            r"(?:job|role|position|gig) as) (?:an? )?(?P<job>.+)",
            re.IGNORECASE,
        ),
        works_as_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:start|starting) (?:work |my new job |my job |a new job )?(?:at|with) (?P<org>.+)"
            r"|^(?:my )?(?P<first>first|second|third) (?:day|week|month|shift) (?:at|with) (?P<org2>[^,]{2,60}?)"
            r"(?: (?:done|over|complete|completed|survived|down)\b|,|$)",
            re.IGNORECASE,
        ),
        starts_at_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> do| (?:quit|left)|(?:'m| am) the [\w ]{{1,30}} who (?:does"
            rf"|works in)) (?P<what>(?:{FIELDS})\b.*)"
            r"|\bI (?P<verb2>research|teach) (?P<what2>.+)"
            # "I'm in sales", "I'm in tech now": not "I'm in law school" or "I'm in tech support hell"
            rf"|\bI(?:'m| am) (?:(?:currently|also|still|now) )?(?P<verb3>in) (?P<what3>{FIELDS})"
            r"(?=\W*$|,| (?:and|now|for|at|too|myself|actually)\b)",
            re.IGNORECASE,
        ),
        field_rule,
    ),
    (
        re.compile(r"\b(?:handed in|gave|put in|handing in|giving) (?:my |in my )?(?:notice|resignation)\b", re.I),
        notice_rule,
    ),
    (
        re.compile(
            rf"\bmy (?:own |little |tiny |new |small )?(?P<business>small business|etsy shop|{_BUSINESSES})"
            r" (?:\([^)]{0,60}\) )?(?:just |finally |officially )?(?P<news>closed|raised|launched|opened|hit|got|won"
            r"|made"
            r"|turned|is|has|hired|signed)\b(?P<rest>.{0,80})",
            re.IGNORECASE,
        ),
        business_rule,
    ),
    (
        re.compile(
            r"\bI (?:also |now |actually )?(?P<verb>run|own|co-own|have|started|opened|launched|set up|founded"
            r"|co-founded) (?P<what>(?:an? |my own |our own )(?:(?:small|little|tiny|new|online|local|family|tattoo"
            r"|hair|nail|coffee|vintage|second-hand|pottery|etsy|craft|book|record|flower|pet|dog-grooming|catering"
            rf"|cleaning|design|marketing|photography|consulting) )*(?P<business>{_BUSINESSES}|store|stall|pub|salon"
            r"|agency|consultancy|brewery|farm|nonprofit|non-profit|charity|newsletter|blog|clinic|firm))\b"
            r"(?P<rest>.{0,60})",
            re.IGNORECASE,
        ),
        own_business_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) in (?P<grade>\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth"
            r"|ninth|tenth|eleventh|twelfth|final|senior|junior) (?P<unit>grade|year|form)\b"
            r"|\bI (?:just |finally |recently )?(?P<verb>dropped out of|graduated from|finished|got into"
            r"|got accepted to"
            r"|got accepted into|started) (?P<school>(?:law|med|medical|grad|art|business|nursing|high|culinary|film"
            r"|drama|music|vet|dental|flight|cooking|coding|pharmacy) school|college|uni|university|(?:a|my|the)"
            r" [\w -]{0,25}?(?:program|programme|course|degree|phd|masters|bootcamp|apprenticeship|residency)\b.*)",
            re.IGNORECASE,
        ),
        school_rule,
    ),
    (re.compile(r"\bmy job is (?:as |being )?(?:an? )(?P<job>.+)", re.IGNORECASE), works_as_rule),
    (
        re.compile(
            rf"\b{_I_AM} (?:currently |now |actually |also )?(?:an?) "
            rf"(?P<job>{JOB_TITLE})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        job_title_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb>'ve been| have been|(?= was \w+ \w+(?: \w+)? for (?:{COUNTS}|ten|a few|many) years?) was)"
            rf" (?:an?) (?P<job>{JOB_TITLE})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        job_held_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am|'ve been| have been)? (?:currently |now |also )?work(?:ing)?"
            r" (?P<when>(?:nights|night shifts|days|weekends|part[- ]time|full[- ]time|remotely) )?"
            r"(?P<prep>at|for|in|from) (?P<org>.+)",
            re.IGNORECASE,
        ),
        works_at_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?:(?:currently|now|also) )?(?P<verb>studying|training|retraining) to (?:be|become)"
            r" (?P<what>an? [\w-]+(?: [\w-]+){0,3})",
            re.IGNORECASE,
        ),
        training_rule,
    ),
    (re.compile(r"\bI(?:'m| am)? (?:currently |also )?study(?:ing)? (?P<subject>.+)", re.IGNORECASE), studies_rule),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:(?:also|still|now|regularly|currently) )?"
            r"(?P<verb>collect|volunteer(?:ing)? (?:at|with|for|as))\b (?P<what>.+)",
            re.IGNORECASE,
        ),
        habitual_rule,
    ),
    (
        re.compile(
            r"\b(?:I(?: currently| now| still)? live (?:in|at|near)"
            r"|I(?:'m| am) (?:currently |now |still |also )?(?:based|living)"
            r"(?: with (?:my |our )?[a-z]{2,15}(?: [a-z]{2,15})?)? in"
            r"|I(?:'ve| have) been (?:living|based|staying) (?:in|near)|I(?:'ve| have)(?: always)? lived (?:in|near)"
            r"|I(?: currently| now)? live(?= there))\s*(?P<place>.+)",
            re.IGNORECASE,
        ),
        lives_rule,
    ),
    (
        re.compile(
            r"\bI (?:still |currently |now |actually )?live (?P<who>alone\b|on my own\b|by myself\b"
            r"|with (?:my|our|two|three|four|five|\d+|a|an) [\w' -]+)",
            re.IGNORECASE,
        ),
        lives_with_rule,
    ),
    (re.compile(r"\b(?:I(?:'m| am)|I come) (?:originally )?from (?P<place>.+)", re.IGNORECASE), origin_rule),
    (
        re.compile(
            # "in a small town in Ohio": Ohio; "in a house full of dogs" is no place (grew_up_rule's)
            r"\bI (?:was )?(?:grew up|raised|brought up) (?:in an? (?:[a-z]+ ){1,2}?(?:outside|near|in|called)"
            r"|on a [a-z]+ (?:outside|near|in)|outside|near|in(?! an? )) (?P<place>.+)"
            r"|\bI was born and raised in (?P<place2>.+)",
            re.IGNORECASE,
        ),
        origin_rule,
    ),
    (
        re.compile(r"\bI grew up (?P<where>(?:on|by|near|in) (?:a|an|the) (?-i:[a-z])[\w' -]*)", re.IGNORECASE),
        grew_up_rule,
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
    (
        re.compile(
            r"\bI(?:'m| am) (?:only |just |almost |nearly |now |officially )?(?P<age>[1-9]\d?)(?: years? old| yo"
            r"| y/o)?(?:\W*$|,? (?:and|&) (?!a half\b))",  # "I'm 19 and in college"
            re.IGNORECASE,
        ),
        age_rule,
    ),
    (
        re.compile(
            r"\bmy (?:birthday|bday)(?: is|'s) (?:on )?(?P<date>.+)",
            re.IGNORECASE,
        ),
        birthday_rule,
    ),
    # A death comes before what a pet's name would make of it ("my old dog Rex passed away").
    (
        re.compile(
            rf"\b(?:I|we) (?:just |recently |sadly )?lost (?:my|our) (?:(?:beloved|dear|sweet|great) )?"
            rf"(?P<relation>{FAMILY}|best friend|{PETS})\b(?P<when>.*)"
            rf"|\bmy (?:(?:old |beloved |sweet )?(?P<relation2>{FAMILY}|best friend|{PETS})|(?:old |beloved |sweet )?"
            rf"(?P<species>{PETS}) (?P<pet>[A-Z][\w'-]*)) (?:just |sadly |recently )?(?:passed away|passed"
            rf"|died)\b(?P<when2>.*)",
            re.IGNORECASE,
        ),
        loss_rule,
    ),
    (
        re.compile(
            rf"\b(?:I|we)(?P<verb>(?: just| finally| recently)? (?:adopted|got|rescued|bought|have got|have|own)"
            rf"|'ve (?:got|adopted|rescued))"
            rf" (?P<quantity>another|this|{COUNTS}) (?:(?:new|little|cute|baby|rescue|pet|old"
            rf"|tiny|big"
            rf"|fluffy) )*(?P<species>{PETS})(?:e?s)?\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*)"
            rf"|,? (?:named |called )?(?P<names>[a-z][\w'-]{{1,20}}(?:, [a-z][\w'-]{{1,20}})?,? (?:and|&)"
            rf" [a-z][\w'-]{{1,20}}))?",
            re.IGNORECASE,
        ),
        pet_rule,
    ),
    (
        re.compile(
            rf"\b(?:my|our) (?:new |little |baby |old |rescue )?(?P<species>{PETS})"
            r"(?P<how>'s name is|,? named|,? called| is (?:called|named)|,)?"
            r"\s+(?P<pet>[a-z][\w'-]*)",
            re.IGNORECASE,
        ),
        my_pet_rule,
    ),
    (
        re.compile(
            rf"\b(?:my|our) (?P<species>{PETS})(?P<how>(?: is|'s| was| has been| got) (?:(?:really|so|very|still) )?"
            r"(?:sick|ill|unwell|poorly|at the vet'?s?|in surgery|having surgery|injured|hurt|limping|not eating))\b"
            r"(?! of\b)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        pet_news_rule,
    ),
    (
        re.compile(
            rf"\b(?:my|our) (?:(?P<quantity>two|three|four|five|six|\d) (?P<species>{PETS})(?:e?s)?\b"
            rf"|(?P<species2>{PETS}) (?:is|was|just|keeps|kept|ate|has|had|loves|hates|always|never|sleeps|snores"
            r"|won't|will|thinks|refuses|likes)\b)",
            re.IGNORECASE,
        ),
        pets_owned_rule,
    ),
    (
        re.compile(
            rf"^(?:he|she|it)(?:'s| is) (?:an? )?(?:(?:little|tiny|big|rescue|chunky|old|young|purebred) )?"
            rf"(?P<species>{PETS})\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        pet_kind_rule,
    ),
    (
        re.compile(
            rf"\b(?:my (?P<partner>{_PARTNER}) (?:and|&) I|me (?:and|&) my (?P<partner2>{_PARTNER}))"
            r"(?: (?:just|finally|recently|officially))? (?P<how>broke up|split up|split|separated|got divorced"
            r"|called it quits)\b",
            re.IGNORECASE,
        ),
        parted_rule,
    ),
    (
        re.compile(
            rf"\bmy (?P<partner>{_PARTNER}) (?:and|&) I"
            r"(?: (?:just|finally|recently|officially))? (?:(?:hit|celebrated|have been together(?: for)?"
            r"|'ve been together(?: for)?"
            r"|have been married(?: for)?|'ve been married(?: for)?)"
            r" (?P<years>\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
            r" years|(?:are|'re) (?P<what>(?:getting|moving|expecting|having|buying|going|off|celebrating"
            r"|renovating)\b.+)|(?P<did>moved in together\b.*|got (?:married|engaged)\b.*"
            r"|bought (?:a|our first|our) (?:house|flat|home|place)\b.*))",
            re.IGNORECASE,
        ),
        together_rule,
    ),
    (
        re.compile(
            rf"^(?:my )?(?P<relation>{FAMILY})'s (?P<what>(?:surgery|operation|funeral|wedding|graduation|chemo"
            r"|treatment|recovery|diagnosis|biopsy|scan|procedure|baby shower)\b.+)",
            re.IGNORECASE,
        ),
        family_event_rule,
    ),
    (
        re.compile(
            rf"\bmy (?:(?:{RELATIVE_AGES}|new|late) )?"
            rf"(?P<relation>{RELATIONS})(?P<plural>s|es)?\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        relative_rule,
    ),
    (
        re.compile(
            # "we have two kids", "we have a baby on the way": a couple's, so the speaker's too
            rf"\b(?:I|we)(?: have|'ve got| have got| got| do have| also have) (?P<quantity>{COUNTS})"
            rf" (?P<kind>(?:{RELATIVE_AGES}) )?(?P<relation>{FAMILY})s?\b(?! {_SISTER_THINGS}\b)"
            rf"(?:,? (?:named|called) (?P<name>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        has_relatives_rule,
    ),
    (
        # "I took my two kids to the zoo", "my three sisters are all older": how many, said in passing
        re.compile(
            rf"\b(?:my|our) (?P<quantity>two|three|four|five|six|[2-9]) (?P<kind>(?:{RELATIVE_AGES}) )?"
            rf"(?P<relation>{FAMILY})s\b(?!')",
            re.IGNORECASE,
        ),
        has_relatives_rule,
    ),
    (
        re.compile(r"\bI(?: have|'ve got| have got| got| do have) (?P<kids>twins|triplets)\b(?P<rest>.*)", re.I),
        twins_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?:the )?(?P<rank>youngest|oldest|eldest|middle child|only child|baby of the family)"
            r"(?: (?:of|out of) (?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+))?",
            re.IGNORECASE,
        ),
        siblings_rank_rule,
    ),
    (
        re.compile(
            rf"\bI{ADVERBS} (?P<verb>hate|can't stand|cannot stand|can not stand|dislike|despise|loathe"
            rf"|(?:don't|do not) (?:(?:really|particularly) )?(?:like|enjoy)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(rf"\b{_I_AM}{_KEENLY} (?P<verb>not into|not an? (?:big |huge )?fan of) (?P<what>.+)", re.I),
        preference_rule,
    ),
    (
        re.compile(
            r"\bI(?:'ve| have)?(?: really| honestly| truly)? (?P<verb>never (?:liked|enjoyed|been a fan of"
            r"|been into)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            # "I've started to enjoy running", "I've come to love jazz": a taste now held; "we love
            # hiking": the speaker's too
            rf"\b(?:I|we)(?:(?:'ve| have)? (?:started to|come to|grown to))?{_KEENLY}"
            r" (?P<verb>love|adore|like|enjoy|prefer|live for) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM}{_KEENLY} "
            r"(?P<verb>into|obsessed with|addicted to|hooked on|a sucker for|big on|crazy about|mad about|nuts about"
            r"|keen on|passionate about"
            r"|an? (?:big |huge |massive )?fan of) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            r"\bI (?P<verb>can't get enough of|cannot get enough of) (?P<what>.+)"
            r"|\bI (?P<modal>could (?:eat|live on|listen to|watch)) (?P<what2>[^,]{2,40}?)"
            r" (?:every (?:single )?day|every night|forever|all day|on repeat|24/7|for every meal)\b",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            rf"^{_LEAD_FILLERS}(?P<what>[^,]{{2,50}}?) (?:is|are) (?:honestly |literally |basically |kinda |lowkey "
            rf"|just |now )?my"
            rf" (?:whole |main |new |current |absolute |favou?rite |biggest |only |entire "
            rf"|ultimate )?(?:{_PASSIONS})\b",
            re.IGNORECASE,
        ),
        passion_rule,
    ),
    (
        re.compile(
            r"(?:^|(?<=\bbut )|(?<=, ))(?!(?:but|and|so|plus|also|nothing|something|anything|everything)\b)"
            r"(?P<what>[a-z][\w' -]{0,40}?\w+ing\b[\w' -]{0,40}?) (?:really |always |totally |just )?helps me"
            r" (?P<how>(?:relax|unwind|escape|de-?stress|chill|calm down|clear my head|recharge|reset"
            r"|feel (?:better|free|calm|alive|grounded))\b.*)",
            re.IGNORECASE,
        ),
        helps_rule,
    ),
    (
        re.compile(rf"^{_LEAD_FILLERS}(?P<what>[\w' -]{{2,30}}?) on (?:everything|literally everything)\b", re.I),
        passion_rule,
    ),
    (
        re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|still|finally|actually|probably) )?"
            r"(?:(?P<sure>flying|visiting|off|heading|travell?ing|driving|backpacking|road[- ]tripping"
            r"|going (?:on (?:a )?(?:trip|holiday|vacation) )?)"
            r"|(?P<planning>planning (?:a |another |our |my |the )?(?:(?:road |big |little |short |family )?trip"
            r"|holiday|vacation|visit))"
            r"|going|spending [a-z ]{1,30}? in|camping in) (?:up |out |over |back |down )?(?:to |through |around )?"
            r"(?P<place>(?:the )?(?-i:[A-Z])[\w\u2024.'-]*(?: (?:of |de |la )?(?-i:[A-Z])[\w\u2024.'-]*){0,3})"
            r"|\bI (?:(?:just|finally) )?(?P<sure2>booked) (?:a (?:trip|flight|holiday) to |flights to )?"
            rf"(?P<place2>{NAMED_PLACE})"
            r"|\b(?:I(?:'m| am) )?(?P<sure5>camping|flying|heading|backpacking|road[- ]tripping|hiking) (?:in|to"
            r"|through"
            r"|around) (?P<place4>(?:the )?[a-z]{3,20}(?: [a-z]{3,20}){0,2}?) (?=(?:this|next|on|in|for|tomorrow"
            r"|tonight)\b)"
            r"|^(?:(?P<sure3>road trip|trip|holiday|vacation) to |(?P<sure4>then) )"
            rf"(?P<place3>(?:the )?{NAMED_PLACE})",
            re.IGNORECASE,
        ),
        trip_rule,
    ),
    (
        re.compile(
            r"\bI(?P<aux>(?:'m| am)? (?:planning|plan|intend|intending) (?:to|on)"
            r"|(?:'m| am) (?:going to|gonna|about to|off to|heading to|hoping to)|'ll| will| shall) (?P<what>.+)"
            r"|\bwe(?P<aux2>(?:'re| are)? (?:planning|plan) (?:to|on)|(?:'re| are) (?:going to|gonna)) (?P<what2>.+)",
            re.IGNORECASE,
        ),
        plan_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:also|still|currently|really) )?"
            r"(?:(?P<verb>saving(?: up)?|studying|revising) (?P<prep>for|to buy|towards) "
            r"|(?P<verb2>(?:trying|hoping|planning|wanting) to learn(?: (?:how )?to)?"
            r"|thinking (?:about|of) learning|considering learning|learning(?: how)? to(?! play\b)) )(?P<what>.+)"
            r"|\bI (?:(?:also|still|really) )?(?P<verb3>(?:want to|wanna|hope to|plan to) learn(?: (?:how )?to)?"
            r"|(?<=I )(?:just |recently )?started learning(?: how)? to(?! play\b))"
            r" (?P<what3>.+)",
            re.IGNORECASE,
        ),
        goal_rule,
    ),
    (
        re.compile(
            rf"\b(?:{_I_AM}|I(?:'ve| have) been|we(?:'re| are)|we(?:'ve| have) been)"
            r" (?:(?:still|currently|actively|now|also) )?(?:looking|searching|hunting) for"
            r" (?P<what>(?:a|an|my|our) (?:(?:new|first|bigger|smaller|cheaper|better|good|part[- ]time|full[- ]time"
            r"|remote|summer|second-hand|used) )?(?:job|apartment|flat|house|home|place|room|roommate|flatmate|car"
            r"|internship|therapist|dentist|doctor|babysitter|nanny|daycare|school|venue|wedding dress|puppy|dog"
            r"|cat)(?: (?:in|near) (?!(?:the|a|an|my|our)\b)(?:(?-i:[A-Z])[\w-]+(?: (?-i:[A-Z])[\w-]+)?|[a-z-]+))?)\b",
            re.IGNORECASE,
        ),
        looking_for_rule,
    ),
    (
        re.compile(
            rf"\b(?:{_I_AM}|I(?:'ve| have) been|I was|we(?:'re| are)|we(?:'ve| have) been)"
            r" (?:(?:really|seriously|also|kinda|kind of) )?(?:thinking (?:about|of)|considering)"
            r" (?P<what>(?:getting|adopting|buying|moving|switching|quitting|starting|going back|going into|applying"
            r"|joining|selling|changing|becoming|retiring|taking up|trying|working)\b.*)",
            re.IGNORECASE,
        ),
        considering_rule,
    ),
    (
        re.compile(
            # ("I'd love to…" is a wish the hypothetical guard leaves alone.)
            r"(?:\bI (?:really |still |also )?(?:want|wanna|hope|plan) to"
            r"|(?P<dream>\bmy (?:(?:big|biggest|lifelong|life-long) )?(?:dream|goal|ambition) is to)"
            r") (?P<verb>become|be(?= an? )|open|start|retrain|travel|write|run|own|build|improve"
            r"|visit(?= (?-i:[A-Z])))\b (?P<what>\S.+)",  # "visit Japan", not "visit my mom this weekend"
            re.IGNORECASE,
        ),
        ambition_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: just| recently| finally)? (?:got|came|flew|am|'m) back from (?P<where>.+)"
            r"|\b(?:I|we)(?:'m| am|'re| are)? (?:just )?back from (?P<where2>.+)",
            re.IGNORECASE,
        ),
        back_from_rule,
    ),
    (
        re.compile(
            r"\bI used to (?P<what>(?:be|live|work|play|have|own|run|teach|study|smoke|drink|do|go|ride|sing|dance"
            r"|coach|race|compete|travel)\b.+)",
            re.IGNORECASE,
        ),
        used_to_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?P<negated>not |never )?(?:(?:such|quite|really|definitely|totally|a bit of|more of|very"
            r"|much|kind of|kinda|always been|100%) )*(?:an? )?(?:(?:total|real|massive|big|huge|complete|natural"
            r"|proper) |(?P<keen>avid|keen) )?(?P<trait>introvert|extrovert|ambivert|morning person|night owl"
            r"|early bird|early riser|homebody|people person|neat freak|perfectionist|workaholic|foodie|bookworm"
            r"|gym rat|adrenaline junkie|creature of habit|gamer|reader|runner(?![- ]up)|hiker|dog person|cat person"
            r"|coffee addict|(?:movie|film|history) buff|nerd|geek)\b(?! of\b)",
            re.IGNORECASE,
        ),
        trait_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?:(?:also|actually|fully|completely|naturally) )?(?P<word>left[- ]?handed|right[- ]?handed"
            r"|ambidextrous|bilingual|trilingual|multilingual)\b",
            re.IGNORECASE,
        ),
        one_word_trait_rule,
    ),
    (
        re.compile(
            r"\bI(?:'ve| have) (?:now |already |actually )?(?:been to|visited|travell?ed to)"
            r" (?P<about>over|about|around|more than|almost|nearly)? ?"
            r"(?P<n>\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty) countries\b"
            r"(?P<when> (?:this|last) (?:year|month|summer|trip)| so far(?: this year)?)?",
            re.IGNORECASE,
        ),
        countries_rule,
    ),
    (BEEN_TO, been_to_rule),
    (
        re.compile(
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
        fitness_goal_rule,
    ),
    (
        re.compile(
            r"\bI(?:'ve| have)? (?:just |recently |also |finally )?(?:started|began|begun|gone on|went on)"
            r" (?:a|my|this) (?:new )?(?P<kind>(?:strict |keto |low[- ]carb |vegan |plant[- ]based |paleo"
            r" |mediterranean )?)diet\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        diet_started_rule,
    ),
    (
        re.compile(
            r"\b(?:my pronouns are|I use|I(?:'m| am)|I go by) (?P<pronouns>(?:she|he|they|xe|ze|any)"
            r"/(?:her|him|them|hers|his|theirs|xem|zir|any|all)(?:/(?:hers|his|theirs|them|her|him))?)(?: pronouns)?\b",
            re.IGNORECASE,
        ),
        pronouns_rule,
    ),
    (
        re.compile(
            r"\bI (?:still |honestly |actually |literally )?(?:can't|cannot|can not|never learned to|never learnt to"
            r"|don't know how to|do not know how to) (?P<what>swim|drive|cook|ride a bike|dance|sing|read music|ski"
            r"|skate|whistle|type)\b(?! (?:today|tonight|now|right now|anymore|any more|this|at the moment|until|till"
            r"|without|for (?:now|a while|the next|another|a few|a couple)))",
            re.IGNORECASE,
        ),
        ability_rule,
    ),
    (
        re.compile(
            rf"\bI(?:'m| am) (?P<part>half |part |partly )?(?P<n>{NATIONALITIES})\b"
            rf"(?:,? (?:and )?half (?P<n2>{NATIONALITIES})\b)?(?! (?:food|music|guy|girl|accent|friend|time|tv)\b)",
            re.IGNORECASE,
        ),
        nationality_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?:(?:also|actually|partially|completely|totally) )?(?P<condition>colou?r[- ]?blind"
            r"|dyslexic|dyspraxic|autistic|epileptic|asthmatic|deaf(?: in one ear)?|hard of hearing|partially sighted"
            r"|blind in one eye|neurodivergent)\b",
            re.IGNORECASE,
        ),
        condition_is_rule,
    ),
    (
        re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|finally|probably|just|all) )?(?:going|heading)"
            rf" (?:(?P<activity>{OUTINGS})|to (?P<place>the (?:{OUTING_PLACES})))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        outing_rule,
    ),
    (
        # "we went kayaking three weeks ago", "I took my parents on a day trip to Bruges", "we visited
        # Rome in May", "I went to a Taylor Swift concert last night": an outing or a trip made.
        re.compile(
            r"\b(?:I|we) (?:(?:also|even|finally|just|recently|actually|all) )?(?:"
            rf"went (?P<activity>{OUTINGS})\b|(?P<done>{DONE_OUTINGS})\b"
            r"|(?:went on|did|took) (?P<trip>(?:a|an|another|our|my) (?:[a-z]+ ){0,2}?trip)\b(?! down memory lane)"
            rf"|took (?P<took>{_TAKEN}) on (?P<trip2>(?:a|an) (?:[a-z]+ ){{0,2}}?trip)\b"
            rf"|(?:went|flew|travell?ed) to (?P<place>{NAMED_PLACE}|the {NAMED_PLACE}{_THE_PLACE_ENDS})"
            r"|(?P<visit>visited|was in|spent (?:a|two|three|a few|\d+) (?:days?|weeks?|months?) in)"
            rf" (?P<place2>{NAMED_PLACE})"
            rf"|(?P<attended>went to|attended|took (?P<took3>{_TAKEN}) to)"
            r" (?P<event>(?:a|an|the|this|my|our) (?:[\w'-]+ ){0,3}?(?:concert"
            r"|festival|gig|parade|wedding|show|match|conference|convention|exhibition|museum|musical|opera|ballet"
            r"|comedy show|rally|march|game|workshop|retreat|reunion|ceremony|funeral|seminar|fundraiser"
            rf"|support group|{OUTING_PLACES}))\b"
            r")(?P<rest>.*)",
            re.IGNORECASE,
        ),
        went_rule,
    ),
    (TRIP_TAKEN, trip_taken_rule),
    (TAKING_PART, taking_part_rule),
    (
        re.compile(
            # "I've gotten into pottery", "lately I've become interested in birdwatching" (not "I got
            # into Oxford", a school, capitalised, which is admission_rule's, nor "into trouble", "into a fight")
            r"\bI(?:'ve| have)? (?:(?:recently|really|just|lately|finally|also) )?"
            r"(?P<verb>(?:gotten|got|become|grown|started getting) (?:(?:really|super|very|more) )?"
            r"(?:into(?= (?!(?-i:[A-Z])|(?:a|an|the|my|our|his|her|their|this"
            r"|that|some|it|trouble|debt|bed|work|shape|character|college|uni|university|school)\b)[a-z])"
            r"|interested in)) (?P<what>.+)",
            re.IGNORECASE,
        ),
        preference_rule,
    ),
    (
        re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:also|busy|still|now) )?planning (?P<what>(?:a|an|our|my|the)"
            r" (?:[a-z-]+ ){0,3}?(?:party|reunion|wedding|baby shower|bridal shower|get-together|celebration|bbq"
            r"|barbecue|fundraiser|housewarming|retirement do))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        planning_rule,
    ),
    (
        re.compile(
            rf"^my (?P<age>new |old )?(?P<thing>{THINGS}|(?-i:[A-Z])[a-z]+) (?:just |finally |completely )?"
            r"(?P<what>broke down|broke|got stolen|was stolen|got towed|was towed|got hit|got broken into"
            r"|was broken into|got written off|was written off|got totaled|got totalled)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        broke_down_rule,
    ),
    (
        re.compile(
            r"\bI(?:(?:'m| am|'ve been| have been) (?:(?:also|currently|now|still|actually) )?"
            r"|(?:'ve| have)? (?:(?:also|just|recently) )?started )taking"
            r" (?P<what>(?:(?:a|an|some|my) )?(?:[a-z-]+ ){0,3}?(?:class|classes|course|lessons|workshop))\b",
            re.IGNORECASE,
        ),
        class_rule,
    ),
    (
        re.compile(
            rf"\bI (?:(?:officially|finally|actually|only) )?start (?P<what>(?:my |a |the )?{STARTS}\b.+)"
            rf"|^my (?P<thing>{STARTS}) (?:officially |finally )?starts\b(?P<rest>.+)",
            re.IGNORECASE,
        ),
        starting_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am) (?P<what>(?!going\b(?! home\b| on a date\b| out\b)|gonna\b|feeling\b|moving\b)"
            r"[a-z]+ing\b.+)"
            # "we're getting a puppy next week": a household's plan, so the speaker's too
            r"|\bwe(?:'re| are) (?P<what2>(?:getting|adopting|buying|hosting|throwing|celebrating|renovating"
            r"|flying|driving|heading|taking)\b.+)"
            r"|\bI(?:'m| am|'ll be| will be) (?P<what3>(?:on|off on) (?:vacation|holiday|leave|a break)\b.+)",
            re.IGNORECASE,
        ),
        doing_rule,
    ),
    (
        re.compile(
            r"\bI(?: have|'ve got| got| have got) (?:(?P<things>(?:[a-z-]+ )?(?:exams|interviews|finals|meetings"
            r"|shifts|appointments|night shifts))\b|(?:an? |my |the )(?P<thing>(?:[a-z-]+ ){0,2}?(?:exam|interview|test"
            r"|appointment|meeting|match|game|date|flight|trip|tournament|concert|wedding|surgery|presentation"
            r"|deadline|shift|vacation|holiday|party|finals?|raid|race|recital|audition)s?))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        appointment_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)(?: (?:really|pretty|so|very|super|quite|kinda|actually|honestly|also|just))*"
            r" (?P<how>good|great|decent|excellent|amazing|terrible|bad|awful|hopeless|useless|rubbish|horrible) at"
            r" (?P<what>.+)|\bI (?:really |kinda |totally )?(?P<how2>suck) at (?P<what2>.+)",
            re.IGNORECASE,
        ),
        skill_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM}(?: (?:really|so|very|super|absolutely|deathly|genuinely|properly))? (?P<fear>scared|afraid"
            r"|terrified|frightened) of (?P<what>spiders|heights|flying|the dark|dogs|needles|deep water|water|snakes"
            r"|clowns|birds|bees|wasps|the dentist|dentists|public speaking|crowds|lifts|elevators|horses|mice|rats"
            r"|moths|thunder|thunderstorms|blood|hospitals|open water|small spaces|enclosed spaces|sharks|ghosts"
            r"|bugs|insects|the sea|driving|cats)\b(?! (?:today|tonight|tomorrow|right now|now|at the moment))",
            re.IGNORECASE,
        ),
        fear_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)(?: so| really| very| just| truly| incredibly)?"
            rf" (?:lucky|blessed|grateful|thankful|fortunate) to have"
            rf" (?P<who>my (?:{RELATIONS})s?(?:(?:,| and| &) (?:my )?(?:{RELATIONS})s?){{0,3}})\b",
            re.IGNORECASE,
        ),
        lucky_to_have_rule,
    ),
    (
        re.compile(
            rf"\bI(?:'m| am| feel|'m feeling| am feeling|'ve been|'ve been feeling| have been)(?: not)?{INTENSIFIERS}"
            rf" (?P<feeling>{FEELINGS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        feeling_rule,
    ),
    (
        re.compile(
            r"\bI (?:just |literally |honestly |seriously )?(?:can't|cannot|can not) wait (?P<prep>for|to|until|till)"
            r" (?P<what>.+)|^(?P<what2>[\w' -]{2,40}?) (?:can't|cannot) come (?:soon|fast|quick) enough",
            re.IGNORECASE,
        ),
        looking_forward_rule,
    ),
    # Diets, allergies and health.
    (
        re.compile(
            rf"\bI(?P<how>(?:'m| am)(?: (?:a|an|now|still|fully|strictly|mostly|basically|also))*"
            rf"|(?:'ve| have) been(?: (?:a|an|fully|strictly|mostly))*|(?:'ve| have) gone| went| became)"
            rf" (?P<diet>{DIETS})\b(?P<diet_word> diet)?(?P<since>(?: for| since) .+)?"
            rf"|\bI(?:'m| am) on an? (?P<how2>)(?P<diet2>{DIETS}|low[- ]carb) diet"
            rf"|\bI(?P<verb> (?:don't|do not|never|no longer|can't|cannot) (?:eat|do|have)| (?:stopped|quit|gave up)"
            rf" eating) (?:any )?(?P<food>{FOODS})\b"
            rf"|\bI (?P<how3>keep) (?P<diet3>kosher|halal)\b"
            rf"|\b(?:I(?:'m| am)|I(?:'ve| have) been) (?:doing|trying) (?P<how4>)(?P<diet4>intermittent fasting|keto"
            rf"|paleo"
            rf"|whole30|the carnivore diet|veganuary|dry january)\b"
            rf"|\bday \d{{1,3}} of (?P<how5>)(?P<diet5>{DIETS}|intermittent fasting|whole30|veganuary|dry january)\b"
            rf"|\b(?:put me|I(?:'m| am)|I(?:'ve| have) been"
            rf"|I went) on an? (?P<how6>)(?P<diet6>[a-z]{{3,12}}[- ][a-z]{{3,12}}"
            rf"|[a-z]{{3,12}}) diet\b",
            re.IGNORECASE,
        ),
        diet_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> (?:don't|do not|never|no longer) (?:drink|touch)"
            rf"| (?:stopped|quit|gave up|cut out|cut back on)"
            rf"(?: drinking)?) (?:any )?(?P<what>{DRINKS})\b"
            rf"|\bI(?P<verb2> (?:quit|stopped|gave up)| (?:don't|do not|never)(?= (?:smoke|vape)\b|"
            r" drink(?: alcohol)?\W*$))"  # "I don't drink": alcohol ("I don't drink much" says nothing)
            rf" (?P<habit>smoking|vaping|smoke|vape|drinking|drink|gambling|social media|sugar|caffeine|meat|dairy"
            r"|junk food|fast food|carbs)\b(?P<when>.*)",
            re.IGNORECASE,
        ),
        habit_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)(?: (?:super|very|really|severely|deathly|mildly|a bit|slightly|kinda|so|extremely))*"
            rf" allergic(?: to (?P<what>.+)|(?P<bare>\W*$))|\bI(?: have|'ve got| got) (?:an? )?(?:(?:bad|severe"
            rf"|mild) )?"
            rf"(?P<food>{FOODS}|nut|peanut|shellfish|gluten|pollen|cat|dog|dust|penicillin|bee) allergy",
            re.IGNORECASE,
        ),
        allergy_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> have| have got|'ve got| got| was diagnosed with|'ve been diagnosed with| live with"
            rf"|'ve had| have had|'m living with| get| suffer from| deal with| struggle with| (?:still )?get"
            rf"|(?:'ve| have)? been struggling with|(?:'m| am) struggling with)"
            rf" (?P<condition>{CONDITIONS})\b",
            re.IGNORECASE,
        ),
        condition_rule,
    ),
    (
        re.compile(
            rf"\bI (?:just |recently |literally )?"
            rf"(?P<verb>broke|sprained|twisted|tore|injured|hurt|fractured|dislocated|messed up|busted)"
            rf" (?:my|a) (?P<part>(?:left |right )?(?:{BODY_PARTS}))\b",
            re.IGNORECASE,
        ),
        injury_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:still |slowly |finally )?(?:recovering|getting over) (?:from )?"
            r"(?P<what>(?:(?:my|a|an|the) )?(?:[\w-]+ ){0,2}?(?:surgery|operation|op|covid|flu|pneumonia|burnout"
            r"|injury|concussion|cold|chest infection|c-section|chemo|illness|infection)|a broken [\w-]+)\b",
            re.IGNORECASE,
        ),
        recovering_rule,
    ),
    (
        re.compile(
            r"\bI (?:just |finally |actually )?(?P<verb>passed|failed|aced|flunked) (?P<what>(?:my|the|all my|both my)"
            r" (?:[\w-]+ ){0,2}(?:test|tests|exam|exams|finals|bar|boards|interview|audition|assessment|probation"
            r"|theory|practical|MOT|GCSEs|A-levels|A levels|resit|resits))\b(?P<again> again)?",
            re.IGNORECASE,
        ),
        exam_rule,
    ),
    (
        re.compile(
            r"\bI (?:(?:just|finally|actually) )?got (?P<how>into|accepted (?:into|to|at|by))"
            r" (?P<school>(?-i:[A-Z])[\w'&.-]*(?: (?:of |for |in )?(?-i:[A-Z])[\w'&.-]*){0,5})",
            re.IGNORECASE,
        ),
        admission_rule,
    ),
    # Pastimes, languages, possessions, relationships.
    (
        re.compile(
            r"\bI (?:(?:just|recently|finally|also) )?joined (?:a|an|the|my local) (?P<what>(?:[\w-]+ ){0,3}?(?:gym"
            r"|club|choir|band|team|group|league|class|society|orchestra|running club|book club|community garden"
            r"|church|mosque|synagogue|temple|congregation|union|co-op|coop|gaming clan|clan|guild|program|programme"
            r"|organi[sz]ation|charity|nonprofit|non-profit|committee|network|forum|online community|subreddit"
            r"|discord(?: server)?|fan club|meetup(?: group)?))\b",
            re.IGNORECASE,
        ),
        joined_rule,
    ),
    (
        re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|recently|finally|also|officially) )?(?:signed up for|enrolled in|registered"
            r" for) (?P<article>a|an|the|my) (?P<what>(?:[\w-]+ ){0,3}?(?:class|classes|course|lessons"
            r"|workshop|marathon|race|5k|10k|triathlon|program|programme|bootcamp|retreat|degree|masters|competition"
            r"|tournament|league|challenge))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        signed_up_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am)? (?:(?:now|also|currently|still) )?(?P<verb>mentor|mentoring|coach|coaching|tutor|tutoring)"
            r" (?P<who>(?:the |some |a few |young |younger |local |new )*(?:[a-z-]+ )?(?:players|kids|students|teens"
            r"|children|interns|juniors|developers|devs|girls|boys|women|people|beginners|refugees|team))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        mentoring_rule,
    ),
    (
        re.compile(
            r"\bI (?:(?:really|mostly|usually|mainly|also) )?(?P<verb>listen to|watch|read|play)"
            r" (?P<much>a lot of|loads of|lots of|tons of|so much|mostly|mainly) (?P<what>[a-z][\w -]{2,30})",
            re.IGNORECASE,
        ),
        media_habit_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:(?:currently|now|also|finally) )?(?P<verb>reading|rewatching|re-watching|binging"
            rf"|bingeing|binge-watching|watching|(?<=currently )playing|playing(?= [\"“])) {_TITLE}",
            re.IGNORECASE,
        ),
        current_media_rule,
    ),
    (
        re.compile(
            r"\bI (?:(?:just|finally|recently) (?P<verb>read|watched|beat)|(?:(?:just|finally|recently|also) )?"
            r"(?P<finished>finished|binged)(?: (?P<how>reading|watching|playing|listening to))?)"
            rf" {_TITLE}(?P<rest>.*)",
            re.IGNORECASE,
        ),
        finished_media_rule,
    ),
    (
        re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:currently|now|still|also|finally) )?(?:"
            r"(?P<verb>writing|working on) (?P<what>(?:a|an|my) (?:(?:new|first|second|third|fantasy|crime|sci-fi"
            r"|mystery|romance|short|kids'?|children's|debut|master's|phd|graduation|final|mobile|video|indie|little)"
            r" ){0,2}(?:novel|book|memoir|screenplay|script|thesis|dissertation|album|EP|podcast|comic|web ?comic"
            r"|game|app|short story|collection)|articles|(?:a|my) (?:blog|column|newsletter))"
            r"|(?P<verb2>running for) (?P<what2>office|mayor|city council|council|school board|student council"
            r"|president|re-?election|governor|the senate|congress|parliament))\b",
            re.IGNORECASE,
        ),
        project_rule,
    ),
    (
        re.compile(
            rf"\bI (?:(?:really|absolutely|just|totally) )?(?P<loved>loved|adored|enjoyed)"
            rf" (?:(?:reading|watching|playing|listening to) )?{_TITLE}",
            re.IGNORECASE,
        ),
        loved_title_rule,
    ),
    (
        re.compile(
            r"\bI (?:(?:also|even|just|recently) )?(?:volunteered|got to volunteer) (?P<how>at|with|for) (?P<where>.+)",
            re.IGNORECASE,
        ),
        volunteered_rule,
    ),
    (
        re.compile(
            r"\bI (?:just |recently |finally |also )?donated (?P<what>(?:my|our|a|an|some|the) [\w' -]{2,40}?)"
            r" to (?P<to>(?:a|an|the|my|our|this|that) [\w' -]{2,40}?)"
            r"(?=\s+(?:I|we|that|who|which|yesterday|today|last|this|on|in)\b|[,.!]|$)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        donated_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we) (?:(?:just|also|actually|even) )?(?:(?P<how>ended up|was|have been|'ve been"
            r"|spent (?:the|a) night|spent (?:two|three|four|a few|\d+) (?:days|nights)) in"
            r"|(?P<how2>had to go|went|was rushed|got rushed|was taken) to)"
            rf" (?P<the>the )?(?P<where>{HOSPITALS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        hospital_rule,
    ),
    (
        re.compile(
            r"\bI (?:(?:usually|mostly|mainly) )?main (?P<who>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)"
            r"(?: in (?P<game>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z0-9])[\w'-]*){0,3}))?",
            re.IGNORECASE,
        ),
        mains_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> play| played|(?: have|'ve) played|(?: have|'ve) been (?:playing|practi[cs]ing)"
            rf"| practi[cs]e|(?: just| recently| finally)? (?:started|love|like) playing|(?:'m| am) (?:learning"
            rf"|learning to play"
            rf"|taking lessons in|getting into)|(?: have|'ve) been (?:learning|learning to play|taking lessons in)"
            rf"| started learning(?: to play)?)"
            rf" (?:the |a (?:little|bit of) )?(?P<what>{INSTRUMENTS}|{SPORTS})\b"
            rf"(?:(?P<since>(?: for| since) .+)|(?P<how>(?: every| on| in a| in the| with| at| twice| once)"
            rf" (?:(?! (?:if|but|so|because|though|when|unless)\b)[^,;!?])+))?",
            re.IGNORECASE,
        ),
        plays_rule,
    ),
    (
        re.compile(
            rf"\bI(?P<verb> go| do| practi[cs]e|(?:'ve| have) been(?: doing)?| (?:usually|often) go"
            rf"|(?:'ve| have)?(?: just| recently| finally)? (?:started(?: doing)?|took up|taken up|got into)"
            rf"|(?:'m| am|'ve been| have been)(?: just| also| now)? (?:starting|taking|doing|trying(?: out)?))"
            rf" (?P<what>(?:{ACTIVITIES})(?: (?:classes|lessons))?)\b(?P<again> again)?"
            rf"(?P<when> (?:every|each|on|most|twice|once|three times|at|since|for) .+)?",
            re.IGNORECASE,
        ),
        activity_rule,
    ),
    (
        re.compile(
            r"\bI(?P<verb> go| (?:usually|often|still|normally) go|(?:'ve| have)?(?: just| recently| finally)? started"
            r" going) (?P<what>to (?:the )?gym|to (?:the )?pool|to (?:church|mass|the mosque|temple|synagogue)"
            r"|to (?:a |my |the )?(?:yoga|pilates|spin|dance|pottery|art|boxing|climbing|cooking|swimming|salsa|zumba"
            r"|boot ?camps?|crossfit|karate|judo|kickboxing)(?: class(?:es)?)?|to (?:a |my |the )?(?:therapy|therapist"
            r"|counseling|counselling|support group|book club|choir|running club))\b"
            r"(?P<when> (?:every|each|on|most|twice|once|three times|at|before|after) .+)?",
            re.IGNORECASE,
        ),
        activity_rule,
    ),
    (re.compile(r"\bmy (?:main |favou?rite |new )?hobb(?:y is|(?P<plural>ies) are) (?P<what>.+)", re.I), hobby_rule),
    (
        re.compile(
            rf"\bI (?:do |also |still |usually |often |regularly |mostly |try to |like to |love to )?"
            rf"(?P<verb>{HOBBY_VERBS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        hobby_verb_rule,
    ),
    (
        re.compile(
            r"\bI(?: (?:literally|basically|pretty much))? (?:never miss|(?:haven't|have not) missed) (?P<what>.+)",
            re.IGNORECASE,
        ),
        regular_rule,
    ),
    (
        re.compile(
            r"^(?:my )?(?P<when>weekends|saturdays|sundays|evenings|nights|mornings|fridays|summers|winters)"
            r" are (?:for|all about) (?P<what>.+)",
            re.IGNORECASE,
        ),
        spends_rule,
    ),
    (
        re.compile(
            r"\bI (?:just |finally |recently |also |actually )?(?P<verb>climbed|hiked|summited|ran|finished|completed"
            r"|coach|signed up for|entered|qualified for|won|organi[sz]ed|hosted|set up)"
            r" (?P<what>(?:Mt[\u2024.]?|Mount) [A-Z][\w'-]+.*|(?:an?|the|my|his|her|their|our) .{0,60}?"
            r"(?:marathon|half marathon|ultra|triathlon|ironman|race|10k|5k|tournament|team|league|club|competition"
            r"|trail|peak|summit|mountain|volcano|award|prize|championship|contest|medal|trophy|bake-off|cook-off"
            r"|hackathon|scholarship|grant|lottery|raffle|fundraiser|charity run|fun run|seminar|workshop|meetup"
            r"|bake sale|food drive|toy drive|cleanup|clean-up|conference)\b.*)"
            r"|\bI(?P<verb2>'m| am) (?:now |currently |also )?training for (?P<what2>.+)",
            re.IGNORECASE,
        ),
        did_rule,
    ),
    (
        re.compile(
            rf"\bI (?P<verb>support|follow|root for|cheer for) (?P<team>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*){{0,3}})"
            rf"|\b(?:{_I_AM}|I(?:'ve| have) been|^) ?(?:an? )?(?:(?:big|huge|massive|lifelong|die-?hard|proud) )?"
            rf"(?P<team2>[A-Z][\w'&.-]*(?: [A-Z][\w'&.-]*)?|(?i:f1|formula (?:1|one)|nba|nfl|mlb|nhl|premier league"
            rf"|la liga|serie a|mls|ufc|wwe|motogp|nascar)) fan\b",
        ),
        fan_rule,
    ),
    (
        re.compile(
            r"\b(?:(?:this|that|it)(?:'s| is) )?my (?:most )?(?:prized|treasured|precious) possession(?: is|,|:)"
            r" (?:(?:probably|definitely) )?"
            r"(?P<value>.+)|^(?!(?:this|that|it) is\b)(?P<value2>[^,]{2,40}?) is my (?:most )?(?:prized|treasured"
            r"|precious) possession\b",
            re.IGNORECASE,
        ),
        prized_rule,
    ),
    (
        re.compile(
            r"\b(?:my |^)(?:all[- ]time |absolute |current |new )?fav(?:ou?rite|e)? (?P<thing>[a-z]+(?: [a-z]+)?)"
            r"(?: (?:is|are|has to be|would be|=)|\s?[:=]) (?P<value>.+)"
            r"|^(?P<value2>[^,]{2,40}?) (?:is|are) (?:definitely |probably |still |easily )?my"
            r" (?:all[- ]time |absolute )?"
            r"(?:fav(?:ou?rite|e)?|number one|#1|go-to|top)"
            r" (?P<thing2>[a-z]+(?: (?!this|that|now|too|for|in)[a-z]+)?)\b",
            re.IGNORECASE,
        ),
        favourite_rule,
    ),
    (
        re.compile(
            r"\bI(?P<verb> speak| can speak|(?:'m| am) (?:learning|studying|taking|trying to learn)"
            r"|(?:'ve| have)?(?: just| recently| finally)? started (?:learning|studying|taking)|(?:'m| am)"
            r" (?:(?:properly|also|only|completely) )?fluent in|(?:'m| am) a native| grew up speaking| get by in"
            r"|(?:'ve| have) been (?:learning|studying))(?P<what> .+)"
            r"|\bmy (?P<verb2>native|first|mother) (?:language|tongue) is(?P<what2> .+)"
            r"|\b(?:growing up|as a kid|as kids|at home) (?:we|I) (?:spoke|speak)(?P<what3> .+)"
            r"|\b(?:duolingo|language exchange|babbel)\b[^.]{0,40}?\b(?:for|in) (?P<what4>[A-Za-z]+)",
            re.IGNORECASE,
        ),
        language_rule,
    ),
    # a home bought, rented or leased, with its place, before a thing bought ("I bought a flat in Glasgow")
    (
        re.compile(
            r"\b(?:I|we) (?:just |finally |officially )?(?P<how>closed on|bought|rented|signed the lease (?:on|for)"
            r"|got) (?P<article>the|a|an|our|my)(?P<own> own)? (?P<first>(?:first |new |dream )?)"
            r"(?P<home>flat|house|apartment|condo|place|home|townhouse|cottage|bungalow)\b(?: in (?P<place>.+))?",
            re.IGNORECASE,
        ),
        home_bought_rule,
    ),
    (
        re.compile(
            rf"\bI (?P<verb>(?:just |finally |recently )?(?:bought|got|purchased|built|inherited)|own|drive|ride)"
            rf"(?: myself)? (?P<article>an?|my first|my own|a new|a used|an old|my new|two|three)"
            rf" (?P<thing>(?:[a-z0-9-]+ ){{0,3}}?(?:{THINGS}))s?\b",
            re.IGNORECASE,
        ),
        possession_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we) (?:just |finally |recently |also )?(?P<verb>got|bought|picked up|ordered|own|drive|ride|have)"
            r" (?P<article>an?|my|two|three)(?: (?:new|used|secondhand|second-hand|vintage|old|refurbished|brand new"
            r"|little|shiny))* (?P<kind>(?:[a-z]+ )?)"
            r"(?P<brand>(?-i:[A-Z])[\w-]{1,20}(?: (?-i:[A-Z0-9])[\w-]{0,20}){0,2})",
            re.IGNORECASE,
        ),
        brand_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we)(?P<how>(?:'m| am|'re| are)(?: (?:happily|newly|recently|now|finally|officially|also))*"
            r"|(?:'ve| have) been(?: (?:happily))?)"
            r" (?P<status>married|engaged|single|divorced|widowed|separated|pregnant|expecting"
            r"|in a (?:long[- ]distance )?relationship"
            r"|(?:[\w ]{1,20} into )?dating (?:(?-i:[A-Z])\w+|someone)|together with (?-i:[A-Z])\w+|getting married"
            r"|having a baby|seeing (?:someone|(?-i:[A-Z])\w+)(?: named (?-i:[A-Z])\w+)?"
            r"|with my (?:partner|girlfriend|boyfriend|wife|husband)|(?:going through|getting) a (?:divorce|breakup"
            r"|break-up|separation)|getting divorced)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        status_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:a |an )?(?P<kind>(?:(?:proud|new|single|first[- ]time|working|busy|stay[- ]at[- ]home) )*)"
            rf"(?P<role>mom|mum|mother|dad|father|parent|grandma|grandpa|grandmother|grandfather|only child"
            rf"|twin|stepmom|stepdad|uncle|aunt|auntie|godmother|godfather|great-aunt|great-uncle"
            rf"|grandparent)\b(?P<rest>.*)",
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
            r"|(?:'m| am) in|(?: have|'ve got| hold| earned)(?= (?:an?|my) (?:[a-z]+ )?(?:PhD|doctorate|masters?"
            r"|master's|bachelor'?s|degree|MBA|BA|BSc|MSc|MA|diploma)\b)) (?P<article>an?|my)"
            r" (?:(?P<year>first|second|third|fourth|final|last) year of (?P<of>my |an? )?)?"
            r"(?:[a-z]+ )?(?P<degree>PhD|doctorate|masters?|master's|bachelor'?s|degree|MBA|BA|BSc|MSc|MA|diploma"
            r"|med school|law school|residency|apprenticeship|bootcamp|internship|course|certificate|certification"
            r"|(?:M|B|Ph)[\u2024.](?:A|Sc|D)[\u2024.]?)(?: (?:in|on) (?P<field>.+))?"
            r"|\bI(?:'m| am)? major(?:ing)? in (?P<major>.+)|\bmy major is (?P<major2>.+)",
            re.IGNORECASE,
        ),
        degree_rule,
    ),
    (
        re.compile(
            rf"\b{_I_AM} (?:(?:still|currently|now|also|just) )?(?:(?P<where>in) (?P<school>college|uni|university"
            r"|(?:high|grad|graduate|med|medical|law|secondary|middle|nursing|art) school|sixth form|school)"
            r"|(?P<where2>at) (?P<school2>uni|university|college))\b"
            r"(?! (?:right now|rn|today|tonight|atm)\b)(?P<rest>.*)",  # "at uni right now": where they are
            re.IGNORECASE,
        ),
        student_rule,
    ),
    (
        re.compile(r"\bI (?:just |finally )?turned (?P<age>[1-9]\d?)\b", re.IGNORECASE),
        turned_rule,
    ),
    (
        re.compile(
            r"\bI was born (?:(?P<prep>in|on) (?P<what>.+)|(?P<what2>(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov"
            r"|dec)"
            r"[a-z]*[.\u2024]? \d{1,2}(?:st|nd|rd|th)?\b))",
            re.IGNORECASE,
        ),
        born_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|recently|finally|actually))? moved (?:back |out |over |here |away )?"
            r"(?:to|into|out to|over to) (?P<place>.+)",
            re.IGNORECASE,
        ),
        moved_rule,
    ),
    (
        re.compile(
            r"\b(?:I|we)(?:'ve| have)?(?: (?:just|recently|finally|actually|originally))? moved"
            rf" (?P<here>here |over |away )?from (?P<place>{NAMED_PLACE})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        moved_from_rule,
    ),
    (
        re.compile(
            r"^(?:honestly |personally |tbh |ngl |imo )?I(?P<verb> (?:really |honestly |genuinely |still |truly )?"
            r"(?:think|believe|reckon|feel like|don't (?:really )?think|do not think|don't believe)"
            r"|(?:'m| am) (?:totally |fully |absolutely |100% )?convinced|(?:'ve| have) always (?:thought|believed))"
            r" (?:that )?(?P<what>[a-z].+)",
            re.IGNORECASE,
        ),
        opinion_rule,
    ),
    # Opinions without "I think": hot takes, verdicts and comparisons (rules/opinions.py).
    (re.compile(HOT_TAKE.pattern + r"(?P<what>.+)", re.IGNORECASE), hot_take_rule),
    (
        re.compile(
            rf"^{_LEAD_FILLERS}(?P<what>[^,]{{2,60}}?)(?: (?:just|really|honestly|literally|simply|still|always))?"
            r" (?P<verb>is|are|was|were|sounds?|tastes?|looks?|feels?)"
            r"(?: (?:so|just|honestly|literally|way|easily|objectively|genuinely|clearly|absolutely|totally|still"
            r"|kinda|lowkey|truly|simply|actually|always|forever|officially|massively|hugely|lowkey|deeply"
            r"|seriously)){0,3}"
            rf" (?P<verdict>{VERDICTS})\b(?P<rest>[^,]{{0,40}})",
            re.IGNORECASE,
        ),
        verdict_rule,
    ),
    (
        re.compile(
            rf"^{_LEAD_FILLERS}(?P<what>\w[\w' .&+-]{{0,40}}?\w) ?>{{1,5}} ?(?P<other>\w[\w' &+-]{{0,40}}\w)"
            rf"|^{_LEAD_FILLERS}(?P<what2>\w[\w'-]*(?: [\w'-]+){{0,2}})(?<!\ball) over"  # not "all over the place"
            r" (?!(?:the place|there|here|it|time|the years|the weekend|the top|the moon)\b)"
            rf"(?P<other2>\w[\w'-]*(?: [\w'-]+){{0,2}}?)"
            r"(?:,? (?:always|any day|every (?:single )?time|all day|forever|hands down|no contest|fight me|no debate"
            r"|no question|every day|for me)\b|\s*$)",
            re.IGNORECASE,
        ),
        comparison_rule,
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
NEGATABLE = frozenset(
    {
        preference_rule,
        diet_rule,
        habit_rule,
        trait_rule,
        ability_rule,
        opinion_rule,
        regular_rule,
        looking_forward_rule,
        feeling_rule,
        former_employer_rule,
        no_longer_rule,
    }
)
