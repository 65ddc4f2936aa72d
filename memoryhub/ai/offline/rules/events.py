"""Life events, said of oneself or of a known member (reported by the speaker)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in, past_time_in
from memoryhub.ai.offline.rules.pastimes import INSTRUMENTS
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, pronoun_of, third_person, topics_of
from memoryhub.ai.offline.vocabulary import ACCIDENT, ANEW, EVENT_ADVERBS, MONTHS, PETS


@dataclass(frozen=True)
class _Event:
    pattern: str
    phrase: str
    kind: str
    importance: str
    expiration: str
    topics: tuple[str, ...]
    partner: bool = False  # "engaged", "married": completed by "to <name>"
    # A job begun: news for its ``expiration`` on its own ("I got a new job!"), where one works for good
    # when it says where or as what ("… at a bakery in Hull"; consolidation.SLOTS: "employer", "job").
    job: bool = False


# "got my license suspended", "got my license back": news of a license already held.
_NOT_A_NEW_LICENSE = r"(?! (?:suspended|renewed|revoked|taken|back|checked|stolen|replaced)\b)"

# "got my masters results", "got my degree certificate": news of a degree, not the degree got.
_NOT_THE_DEGREE = (
    r"(?! (?:results?|certificate|offer|place|application|transcript|grades?|marks?|mark|ceremony|viva|defen[cs]e"
    r"|interview|exams?|supervisor|funding|studentship|thesis|dissertation|proposal)\b)"
)

# "we split up the bill": a thing shared out, not a couple parted.
_NOT_A_THING_SPLIT = r"(?! (?:the|a|an|our|my|their|it|them|this|that|some|into|between)\b)"

# Life events, said of oneself ("I got engaged") or of a known member ("Frank got engaged").
EVENTS = (
    _Event("got engaged", "got engaged", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship", "engagement"), True),
    _Event("got married", "got married", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship", "marriage"), True),
    _Event("got divorced", "got divorced", MemoryKind.EVENT, HIGH, PERMANENT, ("relationship",)),
    _Event("broke up", "broke up", MemoryKind.EVENT, HIGH, "30d", ("relationship",)),
    _Event("split up" + _NOT_A_THING_SPLIT, "split up", MemoryKind.EVENT, HIGH, "30d", ("relationship",)),
    _Event(
        r"got (?:my|a) (?:driver'?s|driving) licen[cs]e" + _NOT_A_NEW_LICENSE,
        "got their driver's license",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("driving",),
    ),
    _Event(
        r"got my licen[cs]e" + _NOT_A_NEW_LICENSE, "got their license", MemoryKind.EVENT, HIGH, PERMANENT, ("driving",)
    ),
    _Event(
        r"(?:got|received|landed) (?:a|an|the) (?:new )?(?:job )?offer",
        "got a job offer",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "job offer"),
    ),
    _Event(
        r"(?:got|landed) (?:my|his|her|their|a|the) dream job",
        "got their dream job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "new job"),
        job=True,
    ),
    _Event(
        r"(?:(?:got|landed|found|started|have) (?:a|the) new job|(?:got|landed) (?:a|the) job)"
        r"(?! (?:interview|offer|application|hunt|search|posting|advert))|got hired",
        "got a new job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "new job"),
        job=True,
    ),
    _Event(r"got promoted|got (?:a|the) promotion", "got promoted", MemoryKind.EVENT, HIGH, "30d", ("work",)),
    _Event(r"got (?:a|my) (?:pay )?(?:raise|rise)", "got a raise", MemoryKind.EVENT, HIGH, "30d", ("work",)),
    _Event(  # "quit my job at Acme" is a former employer (rules/work.py), which takes the employer's place
        r"quit (?:my|his|her|their) job(?! (?:at|with) (?-i:[A-Z]))",
        "quit their job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work", "quit"),
    ),
    _Event(r"proposed(?= to\b|\W*$|!)", "proposed", MemoryKind.EVENT, HIGH, "30d", ("relationship",)),
    _Event(r"(?:got|was|been) (?:put on )?furloughed", "was furloughed", MemoryKind.EVENT, HIGH, "30d", ("work",)),
    _Event(
        r"(?:got|was|been) (?:fired|laid off|let go|made redundant)|lost (?:my|his|her|their|the) job",
        "lost their job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work",),
    ),
    _Event(
        r"had (?:a|the|their|her|his|my|our) (?:first |second |third |new )?baby girl",
        "had a baby girl",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("family", "baby"),
    ),
    _Event(
        r"had (?:a|the|their|her|his|my|our) (?:first |second |third |new )?baby boy",
        "had a baby boy",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("family", "baby"),
    ),
    _Event(
        r"had (?:a|the|their|her|his|my|our) (?:first |second |third |new )?baby",
        "had a baby",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("family", "baby"),
    ),
    _Event(
        r"graduated|finished (?:my|his|her|their) degree",
        "graduated",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education",),
    ),
    _Event(
        r"defended (?:my|his|her|their) (?:phd|doctorate|ph[.\u2024]d[.\u2024]?)",
        "defended their PhD",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education", "phd"),
    ),
    _Event(
        r"got (?:my|his|her|their) (?:phd|doctorate|ph[.\u2024]d[.\u2024]?)" + _NOT_THE_DEGREE,
        "got their PhD",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education", "phd"),
    ),
    _Event(
        r"(?:got|passed) (?:my|his|her|their) (?:masters?|master's)(?: degree)?" + _NOT_THE_DEGREE,
        "got their master's",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education", "masters"),
    ),
    _Event(
        r"got (?:my|his|her|their) degree" + _NOT_THE_DEGREE,
        "got their degree",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education",),
    ),
    _Event(
        r"finished (?:my|his|her|their) (?:thesis|dissertation)",
        "finished their thesis",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education",),
    ),
    _Event(r"got my first tattoo", "got their first tattoo", MemoryKind.EVENT, MEDIUM, PERMANENT, ("tattoo",)),
    _Event(
        r"finished my first (?:day|week|month|shift) (?:at|in) (?:the|my) new (?:job|role|place)",
        "started a new job",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("work",),
    ),
    _Event(r"got my ears pierced", "got their ears pierced", MemoryKind.EVENT, MEDIUM, "30d", ("piercing",)),
    _Event(
        r"got my (?:nose|belly button|septum|eyebrow|lip|tongue|tragus|helix) pierced",
        "got a piercing",
        MemoryKind.EVENT,
        MEDIUM,
        "30d",
        ("piercing",),
    ),
    _Event(r"got my braces (?:off|removed)", "got their braces off", MemoryKind.EVENT, MEDIUM, "30d", ("braces",)),
    _Event(r"got (?:a|another|a new) tattoo", "got a tattoo", MemoryKind.EVENT, MEDIUM, PERMANENT, ("tattoo",)),
    _Event(
        r"defended (?:my|his|her|their) (?:thesis|dissertation)",
        "defended their thesis",
        MemoryKind.EVENT,
        HIGH,
        PERMANENT,
        ("education",),
    ),
    _Event(rf"got (?:a|an) (?:new )?(?:{PETS})", "got a new {pet}", MemoryKind.FACT, MEDIUM, PERMANENT, ("pets",)),
    _Event(
        r"had (?:a|another) (?:(?:big|bad|real|major|minor|little|bit of a) )?health scare",
        "had a health scare",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("health",),
    ),
    _Event(
        rf"(?:was|got) in {ACCIDENT}|had {ACCIDENT}",
        "was in an accident",
        MemoryKind.EVENT,
        HIGH,
        "30d",
        ("health", "accident"),
    ),
)


def their_as_kin(phrase: str, relation: str) -> str:
    """An event's phrase said of a relative: "lost their job" of a husband is "lost his job", of a sister
    "lost her job" (a reply then says "your husband lost his job", not "… lost your job")."""
    return re.sub(r"\btheir\b", {"he": "his", "she": "her"}.get(pronoun_of(relation), "their"), phrase)


def _event_fact(event: _Event, match: re.Match[str], said: Said, *, subject: str, subject_name: str) -> Fact:
    phrase = event.phrase
    topics = list(event.topics)
    if "{pet}" in phrase:
        species = re.search(PETS, match["event"], re.IGNORECASE)
        pet = species[0].lower() if species else "pet"
        phrase, topics = phrase.format(pet=pet), [*topics, pet]
    rest = phrase_cut(match["rest"] or "", max_words=8)
    if "work" in topics:  # "laid off from Meta": the job was at Meta
        rest = re.sub(r"^from\b", "at", rest, flags=re.IGNORECASE)
    partner_open = event.partner
    text = f"{subject_name} {phrase}"
    if rest and re.match(r"^(?:to|with|at|from|in|as)\b", rest, re.IGNORECASE):
        text += " " + third_person(rest, said.name)
        partner_open = partner_open and not rest.lower().startswith("to ")
    when = past_day_in(match["rest"] or "")  # "on Saturday", "this morning": the day just gone
    if when and when not in text.lower():
        text += f" {when}"  # "my wife had a fall last Monday"
    entities = []
    employer = re.match(r"^(?:at|for) (?P<org>.+)", rest, re.IGNORECASE)
    if employer and "work" in topics and subject == said.handle:
        former = "former " if event.phrase in ("quit their job", "lost their job") else ""  # "lost my job at X"
        org = re.sub(rf"\s*\b{re.escape(when)}\b", "", employer["org"], flags=re.I) if when else employer["org"]
        entities.append(said.entity(EntityType.ORGANISATION, org, f"{subject_name}'s {former}employer"))
    expiration, slot = event.expiration, ""
    taken = re.match(r"^(?:at|as)\b", rest, re.IGNORECASE) if event.job else None
    if taken:  # "I got a new job at a bakery in Hull": where one works now, for good, in place of the last
        expiration, slot = PERMANENT, "job" if taken[0].lower() == "as" else "employer"
    return Fact(
        subject=subject,
        text=text,
        kind=event.kind,
        entities=entities,
        importance=event.importance,
        expiration=expiration,
        slot=slot,
        topics=topics_of(*topics),
        speaker=said.teller or said.handle,
        speaker_name=said.teller_name or said.name,
        source=said.clause,
        reported=bool(said.teller) or subject != said.handle,
        partner_open=partner_open,
        lines=[said.line_index],
    )


def self_event_rule(match: re.Match[str], said: Said) -> Fact | None:
    for event in EVENTS:
        if "{pet}" not in event.phrase and re.fullmatch(event.pattern, match["event"], re.IGNORECASE):
            return _event_fact(event, match, said, subject=said.handle, subject_name=said.name)
    return None


EVENT_ALTERNATIVES = "|".join(f"(?:{event.pattern})" for event in EVENTS)
_NEW_JOB = next(event for event in EVENTS if event.phrase == "got a new job")


def new_job_said_short_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "yeah new job at a games studio", answering "oh nice, for work?": a new job, its "I got a" left
    out, as chat leaves it (only with where it is: "new job, who dis" is none)."""
    return _event_fact(_NEW_JOB, match, said, subject=said.handle, subject_name=said.name)


# What makes "I got into <Name>" a school and not a band: a word of one, or one of the names people say alone.
_SCHOOL = re.compile(
    r"\b(?:University|Uni|College|School|Academy|Institute|Polytechnic|Conservatoire|Conservatory|Oxford|Cambridge"
    r"|Harvard|Yale|Stanford|Princeton|MIT|UCLA|NYU|Berkeley|Columbia|Juilliard|Imperial|LSE|UCL|Sorbonne)\b"
)


# What a place was won for: "for my masters", "to study medicine".
_TO_STUDY = re.compile(
    r"\s+(?:for (?:my |a |an |the )?(?:masters?|master's|ma|msc|mba|phd|doctorate|degree|undergrad|postgrad|uni"
    r"|university|college|med school|law school|foundation year)|to (?:study|do|read) (?:[a-z]+ ){0,2}?[a-z]+)\b",
    re.IGNORECASE,
)


def admission_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got into Oxford!", "I got into Leeds uni", "I got accepted to Boston University": a place won
    at a school (any name after "accepted"; after "into" only a school's)."""
    if match["program"]:  # "I've been accepted into a PhD program"
        program = third_person(" ".join(match["program"].split()), said.name)
        text = f"{said.name} was accepted into {program}"
        if at := re.match(
            r"\s+(?:at|with) (?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,3}", match.string[match.end() :]
        ):
            text += at[0].rstrip()  # "… onto the graduate scheme at Deloitte"
        return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("education", *content_words(program)[:1]))
    school = match["school"].strip(".'")
    studies = _TO_STUDY.match(match.string[match.end() :])  # "I got into Edinburgh for my masters"
    if match["how"].lower() == "into" and not _SCHOOL.search(school.title()) and not studies:
        return None  # "I got into Radiohead last year": a taste, not a school
    text = f"{said.name} got into {school}" + (f" {third_person(studies[0].strip(), said.name)}" if studies else "")
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("education", school.split()[0]))


def became_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've just become a grandmother!", "I became an uncle last week": a new role in a family."""
    what = " ".join(match["what"].lower().split())
    after = match.string[match.end() :]
    month = re.match(rf"\s+(in (?:{MONTHS}))\b", after, re.IGNORECASE)  # "I became a dad in March"
    when = past_time_in(after) or (month[1].lower() if month else "")
    text = f"{said.name} became {what}" + (f" {when}" if when else "")
    if anew := re.match(ANEW, after, re.IGNORECASE):  # "I became a grandad for the third time"
        text += f" {anew['anew'].lower()}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("family", what.split()[-1]))


# How well an exam was passed: "… with distinction", "… with a merit".
_MARK = re.compile(r",? with (?:an? )?(?P<mark>(?:high )?distinction|merit)\b", re.IGNORECASE)


def exam_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I passed my driving test!", "I failed my theory test again", "got my grade 5 piano with distinction": a
    result worth remembering (a pass for good, a fail for a month)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    verb = "passed" if match["verb"].lower() == "got" else match["verb"].lower()  # "got my grade 5 piano"
    passed = verb in ("passed", "aced")
    text = f"{said.name} {verb} {what}" + (" again" if match["again"] else "")
    if passed and (mark := _MARK.match(match.string, match.end())):
        text += f" with {mark['mark'].lower()}"
    elif match["mark2"] and match["mark2"].lower() != "pass":
        text += f" with {match['mark2'].lower()}"
    if when := past_day_in(re.split(r"[,;]| but | and ", match.string[match.end() :])[0]):  # "… viva today"
        text += f" {when}"
    return said.fact(
        text,
        MemoryKind.EVENT,
        HIGH if passed else MEDIUM,
        PERMANENT if passed else "30d",
        topics_of("education", *content_words(what)[-2:]),
    )


def proposed_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my boyfriend proposed last night!!! 💍": the speaker got engaged (a relative's "proposed" was news
    of the boyfriend, for a month)."""
    partner = {"bf": "boyfriend", "gf": "girlfriend"}.get(match["partner"].lower(), match["partner"].lower())
    text = f"{said.name} got engaged to their {partner}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, ["relationship", "engagement"])


def offer_from_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "got my offer from Edinburgh, starting in September": a place (or a job) offered, and when it
    starts."""
    which = f"{match['which'].lower()} " if match["which"] else ""
    text = f"{said.name} got {'an' if not which or which[0] in 'aeiou' else 'a'} {which}offer from {match['from']}"
    if start := re.search(r"\bstarting (?P<when>(?:in|on|next|this) [\w ]{3,20}?)\s*(?:[,.!]|$)", match["rest"]):
        text += f", starting {start['when']}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", ["education", "offer"])


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=1568,
        pattern=re.compile(
            r"^(?:(?:yeah|yes|yep|yup|so|and)\W+)*(?:a |got a |my )?new job(?P<rest> (?:at|with) (?!you\b|u\b).+)$",
            re.IGNORECASE,
        ),
        build=new_job_said_short_rule,
    ),
    Rule(
        priority=1420,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |officially )?(?:become|became)"
            r" (?P<what>an? (?:great[- ])?(?:grandmother|grandfather|grandma|grandpa|granny|grandad|granddad"
            r"|grandparent|aunt|auntie|uncle|mum|mom|dad|mother"
            r"|father|parent|big sister|big brother|godmother|godfather|stepmum|stepmom|stepdad))\b",
            re.IGNORECASE,
        ),
        build=became_rule,
    ),
    Rule(
        priority=60,
        pattern=re.compile(
            # "I've just started a new job", "I've graduated", "I've got a new job": not "I've got a job" (has one).
            rf"\bI(?:(?:'ve| have)(?={EVENT_ADVERBS} (?:started|graduated|finished|defended|got (?:engaged|married"
            rf"|divorced|promoted|a new job)|been (?:made redundant|laid off|let go|furloughed))))?{EVENT_ADVERBS}"
            rf" (?P<event>{EVENT_ALTERNATIVES})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=self_event_rule,
    ),
    Rule(
        priority=70,
        # "we got engaged!", "we broke up last week": a couple's news, said by one of them.
        pattern=re.compile(
            r"\bwe (?:(?:just|finally|officially|recently) )?(?P<event>got engaged|got married|got divorced|broke up"
            rf"|split up{_NOT_A_THING_SPLIT}|had (?:a|our) (?:first |second |third |new )?baby(?: girl| boy)?)"
            r"\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=self_event_rule,
    ),
    Rule(
        priority=950,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |actually )?"
            r"(?P<verb>passed|failed|aced|flunked|got(?= (?:my )?grade \d| an? \w+ (?:\w+ )?in my grade \d))"
            r"(?: an? (?P<mark2>(?:high )?distinction|merit|pass) in)?"  # "I got a merit in my grade 5!"
            r" (?P<what>(?:my|the|all my|both my)"
            r" (?:[\w-]+ ){0,2}(?:test|tests|exam|exams|finals|bar|boards|interview|audition|assessment|probation"
            r"|theory|practical|GCSEs|A-levels|A levels|resit|resits|licen[cs]e|CBT|day skipper|yachtmaster|open water"
            r"|viva|defen[cs]e|dissertation|thesis|module|modules|grading|belt)"
            # "my grade 5 violin", "grade 8 piano with merit"
            rf"|(?:my (?:[\w-]+ ){{0,2}})?grade \d(?: (?:{INSTRUMENTS}|theory|singing|ballet|tap))?)\b"
            r"(?P<again> again)?",
            re.IGNORECASE,
        ),
        build=exam_rule,
    ),
    Rule(
        priority=960,
        pattern=re.compile(
            r"\bI (?:(?:just|finally|actually) )?got (?P<how>into|accepted (?:into|to|at|by))"
            r" (?P<school>(?-i:[A-Z])[\w'&.-]*(?: (?:of |for |in )?(?-i:[A-Z])[\w'&.-]*){0,5}(?: uni| university)?)\b"
            r"|\bI(?:'ve| have)? (?:just |finally )?(?:been|got|was) accepted (?:into|to|onto|on)"
            r" (?P<program>(?:a|an|the|my) (?:[\w'-]+ ){0,3}?(?:program|programme|course|residency|fellowship"
            r"|apprenticeship|scheme|internship))\b",
            re.IGNORECASE,
        ),
        build=admission_rule,
    ),
    Rule(
        priority=65,  # before what a relative did (rules/family.py)
        pattern=re.compile(
            r"\bmy (?P<partner>boyfriend|girlfriend|partner|bf|gf) (?:(?:just|finally|actually) )?proposed\b"
            r"(?! to (?!me\b))(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=proposed_rule,
    ),
    Rule(
        priority=1650,
        pattern=re.compile(
            r"\b(?:I(?:'ve| have)? )?(?:(?:just|finally) )?got (?:my|an|a)"
            r" (?P<which>unconditional |conditional |firm )?offer (?:from|at)"
            r" (?P<from>(?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){0,3})(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=offer_from_rule,
    ),
]
