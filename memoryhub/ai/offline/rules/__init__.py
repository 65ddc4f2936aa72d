"""The rule table: every topic module's rules in one list, by priority, and the questions a short
answer completes.

Each rule sits in the module of the builder it calls (``rules/work.py`` holds "I work as…" beside
``works_as_rule``), with an explicit priority. On a clause, the rule whose match starts first is
tried first, and at the same start the one with the lower priority number; the first that makes a
fact wins (``matching.rules_on``). Numbers go in tens so a new rule fits between two."""

from __future__ import annotations

import re

from memoryhub.ai.offline.facts import Builder, Rule
from memoryhub.ai.offline.rules import (
    achievements,
    adoption,
    ancestry,
    angling,
    attendance,
    babies,
    becoming,
    birthdays,
    businesses,
    called_off,
    care,
    cars,
    chess,
    coaching,
    collecting,
    couples,
    cycling,
    dating,
    deadlines,
    described,
    developers,
    dwellings,
    events,
    everyday,
    faith,
    family,
    fitness,
    football,
    gaming,
    gardening,
    gigs,
    giving,
    going,
    golf,
    groups,
    health,
    health_events,
    hills,
    hours,
    household,
    housing,
    identity,
    job_hunting,
    kitchen,
    languages,
    later_life,
    leave,
    making,
    media,
    milestones,
    money,
    moving_on,
    neighbours,
    occasions,
    online,
    opinions,
    outcomes,
    paperwork,
    pastimes,
    performing,
    pet_care,
    pets,
    photography,
    places,
    plans,
    possessions,
    radio,
    regular_trips,
    roles,
    running,
    schooling,
    separation,
    series,
    service,
    sightings,
    signing_up,
    sobriety,
    speeches,
    studies,
    surprises,
    switching,
    tabletop,
    tastes,
    teams,
    trades,
    treatment,
    trips,
    weddings,
    wellbeing,
    work,
)
from memoryhub.ai.offline.rules.answers import TYPED_ANSWERS as _ANSWERS_TYPED
from memoryhub.ai.offline.rules.everyday import sleep_rule
from memoryhub.ai.offline.rules.health import diet_rule, habit_rule, healing_rule
from memoryhub.ai.offline.rules.identity import ability_rule, never_rule, no_longer_rule, trait_rule
from memoryhub.ai.offline.rules.opinions import opinion_rule
from memoryhub.ai.offline.rules.pastimes import regular_rule
from memoryhub.ai.offline.rules.places import WEATHER_ASKED, WEATHER_TOLD, lives_rule, move_rule, origin_rule
from memoryhub.ai.offline.rules.plans import feeling_rule, looking_forward_rule
from memoryhub.ai.offline.rules.tastes import preference_rule
from memoryhub.ai.offline.rules.work import former_employer_rule
from memoryhub.ai.offline.vocabulary import FAMILY, PETS

_BY_PRIORITY: list[Rule] = sorted(
    [
        *achievements.RULES,
        *adoption.RULES,
        *ancestry.RULES,
        *angling.RULES,
        *attendance.RULES,
        *babies.RULES,
        *becoming.RULES,
        *birthdays.RULES,
        *businesses.RULES,
        *called_off.RULES,
        *care.RULES,
        *cars.RULES,
        *chess.RULES,
        *coaching.RULES,
        *collecting.RULES,
        *couples.RULES,
        *cycling.RULES,
        *dating.RULES,
        *deadlines.RULES,
        *described.RULES,
        *developers.RULES,
        *dwellings.RULES,
        *events.RULES,
        *everyday.RULES,
        *faith.RULES,
        *family.RULES,
        *fitness.RULES,
        *football.RULES,
        *gaming.RULES,
        *gardening.RULES,
        *gigs.RULES,
        *giving.RULES,
        *golf.RULES,
        *going.RULES,
        *groups.RULES,
        *health.RULES,
        *health_events.RULES,
        *hills.RULES,
        *hours.RULES,
        *job_hunting.RULES,
        *household.RULES,
        *housing.RULES,
        *identity.RULES,
        *kitchen.RULES,
        *languages.RULES,
        *later_life.RULES,
        *leave.RULES,
        *making.RULES,
        *media.RULES,
        *milestones.RULES,
        *money.RULES,
        *moving_on.RULES,
        *neighbours.RULES,
        *occasions.RULES,
        *online.RULES,
        *opinions.RULES,
        *outcomes.RULES,
        *paperwork.RULES,
        *pastimes.RULES,
        *performing.RULES,
        *pet_care.RULES,
        *pets.RULES,
        *photography.RULES,
        *places.RULES,
        *plans.RULES,
        *possessions.RULES,
        *radio.RULES,
        *regular_trips.RULES,
        *roles.RULES,
        *running.RULES,
        *schooling.RULES,
        *separation.RULES,
        *series.RULES,
        *service.RULES,
        *sightings.RULES,
        *signing_up.RULES,
        *sobriety.RULES,
        *speeches.RULES,
        *studies.RULES,
        *surprises.RULES,
        *switching.RULES,
        *tabletop.RULES,
        *tastes.RULES,
        *teams.RULES,
        *trades.RULES,
        *treatment.RULES,
        *trips.RULES,
        *weddings.RULES,
        *wellbeing.RULES,
        *work.RULES,
    ],
    key=lambda rule: rule.priority,
)
if len({rule.priority for rule in _BY_PRIORITY}) != len(_BY_PRIORITY):
    # Two rules with one number would be ordered by the list above, which says nothing about them.
    raise ImportError("two offline rules share a priority; give each its own number")

RULES: list[tuple[re.Pattern[str], Builder]] = [(rule.pattern, rule.build) for rule in _BY_PRIORITY]


def _asked_of_you(pattern: str) -> re.Pattern[str]:
    """``pattern``, asked of the one who answers: not of one of theirs ("where does your brother
    live?" … "Leeds" is the brother's, ``questions.answered_statements``) nor of "he" or "she"."""
    return re.compile(
        rf"^(?!.*\b(?:your|ur|his|her|their) (?:(?:{FAMILY})s?|kids?|children|parents|folks|(?:{PETS})s?)\b)"
        rf"(?!.*\b(?:does|is|'s|are|was|do) (?:he|she|they)\b).*?(?:{pattern})",
        re.IGNORECASE | re.DOTALL,
    )


# "Where are you moving?" — "Austin!": a short answer completes the other person's question.
QUESTIONS: list[tuple[re.Pattern[str], Builder]] = [
    (_asked_of_you(r"\bwhere\b.*\b(?:mov\w*|relocat\w*)\b|\b(?:mov\w*|relocat\w*)\b\W+where to\b"), move_rule),
    (_asked_of_you(r"\bwhere\b.*\b(?:live|living|based)\b"), lives_rule),
    # "which area are you in?" … "Neukölln for now"
    (_asked_of_you(r"\bwhich (?:area|part|neighbou?rhood|district|borough|suburb|end of town)\b"), lives_rule),
    (_asked_of_you(r"\bwhere\b.*\bfrom\b"), origin_rule),
]


ANSWER = re.compile(r"(?P<place>.*)", re.DOTALL)  # the whole answer is the place
# (question, answer read in one comma part of the reply, builder): answers.py's, and "what's it like where
# you all are?" … "sunny in Tunis", where the one answering lives.
TYPED_ANSWERS: list[tuple[re.Pattern[str], re.Pattern[str], Builder]] = [
    *_ANSWERS_TYPED,
    (WEATHER_ASKED, WEATHER_TOLD, lives_rule),
]


# The rules that read a negation themselves: "I don't like…", "I don't eat meat", "I'm not into…".
NEGATABLE = frozenset(
    {
        attendance.attendance_rule,  # "I can't make the meetup on the 14th"
        neighbours.pet_missing_rule,  # "our cat didn't come home last night"
        money.budget_rule,
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
        called_off.called_off_rule,  # "I'm not moving to Leeds after all"
        sleep_rule,  # "I haven't slept properly in weeks"
        healing_rule,  # "no running till my achilles heals"
        sobriety.sober_rule,  # "6 weeks without self harm today"
        outcomes.not_got_rule,  # "I didn't get the job at the BBC"
        never_rule,  # "I've never been abroad"
        tastes.favourite_instead_rule,  # "my favourite Bond film isn't Skyfall, it's Casino Royale"
    }
)
