"""Everyday things a companion would ask after: an aid one lives with ("I use a wheelchair"), a home
or a job being hunted, a debt paid off, a landlord's notice to move out, a change of career weighed,
someone who helps them, a medicine taken, a first lesson, a programme under way."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, time_in
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.health import condition_name
from memoryhub.ai.offline.rules.trips import NAMED_PLACE
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, content_words, third_person, topics_of


def aid_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I use a wheelchair", "I wear hearing aids", "I'm on an insulin pump now", "I've got a
    pacemaker", "my hearing aids arrived": what someone lives with, for good."""
    aid = " ".join((match["aid"] or match["fitted"] or match["came"]).lower().split())
    aid = re.sub(r"\b(?:cpap|cgm|icd)\b", lambda m: m[0].upper(), aid)
    if match["came"]:  # "my hearing aids arrived today": theirs now
        aid = aid if aid.endswith("s") else f"{article_for(aid)} {aid}"
    verb = "has" if match["fitted"] or match["came"] else "wears" if (match["verb"] or "").lower() == "wear" else "uses"
    text = f"{said.name} {verb} {aid}"
    weight = MEDIUM if aid in ("glasses", "contact lenses", "contacts") else HIGH  # not what a bot must mind
    return said.fact(text, MemoryKind.FACT, weight, PERMANENT, topics_of("health", aid.split()[-1]))


def hunting_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're flat hunting", "I'm job hunting again": a search under way, for a month."""
    what = match["what"].lower()
    time = time_in(match["rest"] or "")
    where = re.match(r"\s+(?:in|around|near) (?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)?", match["rest"] or "")
    text = f"{said.name} is {what} hunting" + (where[0].rstrip() if where else "") + (f" {time}" if time else "")
    topic = "work" if what == "job" else "home"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of(topic, "hunting"), time=time)


def paid_off_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I finally paid off my student loans": a debt gone, for good."""
    debt = third_person(" ".join(match["debt"].split()), said.name)
    text = f"{said.name} paid off {debt}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, PERMANENT, topics_of("money", debt.split()[-1]))


def notice_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my landlord is kicking us out in January": a move one must make, and when; "my landlord is
    selling the flat": the sale, said as it was, unless the move is said too."""
    time = time_in(match.string)
    text = f"{said.name} has to move out" + (f" {time}" if time else "")
    moving = re.search(
        r"\b(?:move|moving|find somewhere|find a new|looking for a)\b", match.string[match.end() :], re.I
    )
    if match["selling"] and not moving:  # "… so we have to move out by June": the move
        home = f"{'the' if match['whose'] in (None, 'the') else 'their'} {match['home'] or 'place'}"
        text = f"{said.name}'s landlord is selling {home}" + (f" {time}" if time else "")
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics_of("home", "moving"), time=time)


def club_role_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm the quizmaster this month", "I'm club captain this season": a turn at a role, for as long."""
    role = re.sub(r"\bdm\b", "DM", " ".join(match["role"].lower().split()).replace("organizer", "organiser"))
    span = " ".join(match["span"].lower().split())
    article = "" if match["the"] is None else "the "
    text = f"{said.name} is {article}{role} {span}"
    lasts = "7d" if span.endswith("week") else "30d"
    return said.fact(text, MemoryKind.FACT, MEDIUM, lasts, topics_of("hobbies", role.split()[-1]))


def home_buying_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm buying my first house, completion on the 15th", "we've put an offer in on a flat in
    Frome": a home being bought, for a month."""
    home = third_person(" ".join((match["home"] or match["home2"]).split()), said.name)
    where = re.match(rf"\s+in (?P<place>{NAMED_PLACE})", match["rest"] or "")
    home += f" in {where['place']}" if where and " in " not in home else ""
    if match["offer"]:
        text = f"{said.name} put in an offer on {home}"
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("home", "buying"))
    time = when_said(match["rest"] or "")
    text = f"{said.name} is buying {home}" + (f", completing {time}" if time and "complet" in match["rest"] else "")
    return said.fact(text, MemoryKind.PLAN, HIGH, "30d", topics_of("home", "buying"), time=time)


def career_change_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm thinking about retraining as a teacher", "I'm considering going back to uni": a change of
    course weighed, which a companion would ask after."""
    what = third_person(" ".join(match["what"].split()).rstrip(" .!,"), said.name)
    text = f"{said.name} is thinking about {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("work", "career"))


def helper_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my therapist says I should journal more": someone who helps them, seen regularly."""
    who = (
        (match["who"] or match["who2"]).lower().replace("counselor", "counsellor").replace("physiotherapist", "physio")
    )
    verb = "has" if who in ("personal trainer", "life coach", "sponsor") else "sees"
    text = f"{said.name} {verb} {'an' if who[0] in 'aeiou' else 'a'} {who}"
    if match.groupdict().get("why"):  # "for my shoulder"
        text += " " + third_person(phrase_cut(match["why"].strip(), max_words=6), said.name)
    if named := re.match(r" (?:called|named) (?P<name>(?-i:[A-Z])[\w'-]+)\b", match.string[match.end() :]):
        text += f" named {named['name']}"  # "my sponsor is called Jan"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("health", who))


def medication_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on antidepressants now and they're helping": a medicine taken, for good until said otherwise."""
    medicine = condition_name(third_person(match["medicine"], said.name))
    return said.fact(
        f"{said.name} is on {medicine}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "medication")
    )


def first_lesson_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "had my first driving lesson today!": something begun, for a month."""
    what = match["what"].lower()
    text = f"{said.name} had their first {what} lesson"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("hobbies", what))


def programme_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm 8 weeks into couch to 5k": a programme under way."""
    what = re.sub(r"(?i)^c25k$|^couch to 5k$", "Couch to 5K", " ".join(match["what"].split()))
    text = f"{said.name} is doing {what} ({match['span'].lower()} in)"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("fitness", *what.lower().split()[:1]))


def _since(match: re.Match[str]) -> str:
    """How long it has lasted, said after it: " since they moved house" ("" if not said)."""
    since = re.match(r"\s+(?:since|for) [^,.!?]{2,40}", match.string[match.end() :])
    return f" {third_person(since[0].strip(), 'they')}" if since else ""


def ache_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my back's been killing me since I moved house": a pain that has lasted, for a month."""
    part = (match["part"] or match["part2"]).lower()
    hurting = "have been hurting" if part.endswith("s") or part == "feet" else "has been hurting"
    text = f"{said.name}'s {part} {hurting}" + _since(match)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", part))


def sleep_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been sleeping terribly since the baby arrived": nights that have been bad, for a month."""
    text = f"{said.name} has been sleeping badly" + _since(match)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", "sleep"))


def lent_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've given up chocolate for Lent": a fast kept for its weeks."""
    what = third_person(" ".join(match["what"].split()), said.name)
    text = f"{said.name} has given up {what} for Lent"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("lent", *content_words(what)[:1]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1370,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:(?:now|also|still|sometimes|mostly) )?"
            r"(?P<verb>use|wear|rely on|need|on(?= an? (?:insulin pump|CPAP)))"
            r" (?P<aid>(?:an? )?(?:wheelchair|cane|walking stick|walker|crutches|mobility scooter|hearing aids?"
            r"|cochlear implant|CPAP(?: machine)?|insulin pump|prosthetic (?:leg|arm)|guide dog|oxygen"
            r"|(?<=wear )(?:glasses|contact lenses|contacts)))\b"
            # "I've got a pacemaker", "I had a pacemaker fitted", "I have a stoma"
            r"|\bI(?:'ve| have)? (?:(?:now|just|recently) )?(?:got|have|had) (?P<fitted>an? (?:pacemaker|insulin pump"
            r"|CGM|cochlear implant|stoma|colostomy bag|ICD|feeding tube|prosthetic (?:leg|arm)))\b"
            r"(?! (?:appointment|check))"
            r"|\bmy (?:new |first )?(?P<came>hearing aids?|wheelchair|mobility scooter|prosthetic (?:leg|arm)|guide dog"
            r"|CPAP(?: machine)?|insulin pump) (?:(?:has|have) )?(?:finally |just )?(?:arrived|came|(?:was|were|got)"
            r" (?:delivered|fitted))\b",
            re.IGNORECASE,
        ),
        build=aid_rule,
    ),
    Rule(
        priority=1380,
        pattern=re.compile(
            r"\b(?:I(?:'m| am)|we(?:'re| are)) (?:(?:now|currently|still|finally|officially|also) )?"
            r"(?P<what>house|flat|apartment|home|job) hunting\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hunting_rule,
    ),
    Rule(
        priority=1390,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:finally|just|officially|actually) )?(?:paid off|cleared)"
            r" (?P<debt>(?:my|our|the) (?:[a-z]+ )?(?:loans?|mortgage|debts?|credit cards?|car|overdraft))\b",
            re.IGNORECASE,
        ),
        build=paid_off_rule,
    ),
    Rule(
        priority=1410,
        pattern=re.compile(
            r"\bI(?:'m| am|'ve been| have been) (?:(?:also|seriously|really|kinda|sort of) )?(?:thinking (?:about|of)"
            r"|considering) (?P<what>retraining as (?:an? )?[a-z]+(?: [a-z]+)?|becoming an? [a-z]+(?: [a-z]+)?"
            r"|(?:switching|changing) careers|a career change|going back to (?:uni|university|school|college)"
            r"|going freelance|going part[- ]time)\b",
            re.IGNORECASE,
        ),
        build=career_change_rule,
    ),
    Rule(
        priority=1450,
        pattern=re.compile(
            r"\bmy (?P<who>therapist|counsell?or|psychologist|psychiatrist|physio(?:therapist)?|personal trainer"
            r"|life coach|sponsor)(?:'s| (?:says|said|thinks|told me|wants|reckons|suggested|is)\b)"
            # "I'm seeing a physio for my shoulder"
            r"|\bI(?:'m| am|'ve been| have been) (?:(?:now|also|still) )?seeing an? (?P<who2>therapist|counsell?or"
            r"|psychologist|psychiatrist|physio(?:therapist)?)\b(?P<why> for (?:my|a|an) [\w' -]{2,30})?",
            re.IGNORECASE,
        ),
        build=helper_rule,
    ),
    Rule(
        priority=1460,
        pattern=re.compile(
            r"\bI(?:(?:'m| am|'ve been| have been) (?:(?:now|also|still|finally) )?on"
            r"| (?:just |recently |finally )?started(?: taking| on)?"
            r"|(?:'ve| have)? (?:just |finally )?(?:been|got|was) (?:put on|prescribed|started on))"
            r" (?P<medicine>antidepressants"
            r"|anti-depressants|meds for (?:my )?(?:anxiety|depression|adhd)|adhd meds|insulin|blood thinners"
            r"|beta blockers|hrt|statins|the pill|sertraline|citalopram|fluoxetine|prozac|metformin|levothyroxine"
            r"|propranolol|mirtazapine|venlafaxine|lithium|ritalin|elvanse|methylphenidate|amitriptyline|gabapentin"
            r"|pregabalin)\b",
            re.IGNORECASE,
        ),
        build=medication_rule,
    ),
    Rule(
        priority=1470,
        pattern=re.compile(
            r"\b(?:I )?(?:just )?had my (?:very )?first (?P<what>driving|piano|guitar|swimming|singing|dance|riding"
            r"|climbing|surf|ski|boxing|flying|cello|violin|drum|language|spanish|french) lesson\b",
            re.IGNORECASE,
        ),
        build=first_lesson_rule,
    ),
    Rule(
        priority=1480,
        pattern=re.compile(
            r"\bI(?:'m| am) (?P<span>(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (?:weeks?|days?|months?))"
            r" into (?P<what>couch to 5k|c25k|(?:my|a|an|the) [\w -]{2,30}?(?:programme|program|plan|challenge|course"
            r"|training|rehab|diet))\b",
            re.IGNORECASE,
        ),
        build=programme_rule,
    ),
    Rule(
        priority=1490,
        pattern=re.compile(
            r"\bmy (?P<part>back|neck|knees?|shoulders?|hips?|wrists?|feet|foot|ankles?|elbows?|hamstrings?|calf"
            r"|calves)(?:'s|'ve| has| have)? been (?:(?:really|so|pretty|quite) )?(?:killing me|hurting|aching"
            r"|playing up|bad|sore|agony)\b"
            # "my knee is killing me", "my back is in bits"
            r"|\bmy (?P<part2>back|neck|knees?|shoulders?|hips?|feet|ankles?)(?:'s| is| are)"
            r" (?:killing me|in bits|agony)\b",
            re.IGNORECASE,
        ),
        build=ache_rule,
    ),
    Rule(
        priority=1500,
        pattern=re.compile(
            r"\bI(?:'ve| have) been sleeping (?:(?:so|really|super|pretty) )?(?:terribly|badly|awfully|horribly"
            r"|like crap|like rubbish)\b"
            r"|\bI (?:haven't|have not|'ve not) (?:been able to )?sle(?:pt|ep) (?:properly |well )?"
            r"in (?:days|weeks|ages)\b",
            re.IGNORECASE,
        ),
        build=sleep_rule,
    ),
    Rule(
        priority=1393,
        pattern=re.compile(
            r"\b(?:(?:I|we)(?:'m|'re| am| are) (?:(?:finally|officially|actually) )?buying (?P<home>(?:my|our|a|the)"
            r"(?: first| new| dream)? (?:house|home|flat|apartment|place|bungalow|cottage)(?: in (?-i:[A-Z])[\w'-]+)?)"
            r"|(?:I|we)(?:'ve| have)? (?:just )?(?P<offer>put|made) (?:an )?offer (?:in )?on (?P<home2>(?:a|the)"
            r" (?:house|flat|home|place|bungalow|cottage)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=home_buying_rule,
    ),
    Rule(
        priority=1395,
        pattern=re.compile(
            r"\bI(?:'m| am|'ll be| will be) (?P<the>the )?(?P<role>(?:club |team |quiz |book club )?(?:quizmaster"
            r"|quiz master|captain|vice[- ]captain|treasurer|secretary|chair|host|organi[sz]er|dungeon master|DM"
            r"|referee|ref|president|mod|moderator))"
            r" (?P<span>(?:this|next) (?:month|year|week|season|term|round)|for the (?:month|year|season))\b",
            re.IGNORECASE,
        ),
        build=club_role_rule,
    ),
    Rule(
        priority=1400,
        pattern=re.compile(
            r"\b(?:my|our) landlord(?:'s| is| has)? (?:(?:finally|just|now) )?(?:kicking (?:us|me) out"
            r"|evicting (?:us|me)|given (?:us|me) notice"
            r"|(?P<selling>selling)(?: (?P<whose>the|our|my) (?P<home>flat|house|place|apartment))?)\b",
            re.IGNORECASE,
        ),
        build=notice_rule,
    ),
    Rule(
        priority=899,  # before a habit given up for good (rules/health.py): "I've given up drinking for Lent"
        pattern=re.compile(
            r"\bI(?:'ve| have|'m| am)? (?:given up|giving up|gave up|off) (?P<what>[\w' -]{2,30}?) for Lent\b", re.I
        ),
        build=lent_rule,
    ),
]
