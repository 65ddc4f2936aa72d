"""A student's year as told in a students' channel: what their dissertation is on, a placement or a
gap year, the class of degree (or dissertation) they got, exams finished, the year and subject they are
in ("I'm second year compsci", "I'm doing zoology") and a course switched ("I just switched from law to
history")."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_day_in,
    time_in,
)
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, conjugate, content_words, third_person, topics_of


def topic_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my dissertation is on climate migration", "my thesis is about sleep in teenagers"."""
    topic = phrase_cut(match["topic"], max_words=8)
    if not content_words(topic) or re.match(r"(?:it|that|this|track|hold|ice|fire)\b", topic, re.IGNORECASE):
        return None  # "my thesis is on track", "my dissertation is on hold": how it goes, not its subject
    text = f"{said.name}'s {match['work'].lower()} is {match['on'].lower()} {third_person(topic, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", *content_words(topic)[:2]))


def year_out_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm doing a placement year at IBM", "I'm on a gap year in Peru", "I'm on a placement at Arup
    until June", "I'm doing a year abroad in Madrid"."""
    where = f" {match['prep'].lower()} {match['where']}" if match["where"] else ""
    if match["stint"]:
        until = re.match(r"\s+(until|till|til) (?P<when>(?:the end of )?[\w ]{3,20}?)(?=$|[,.!?])", match["rest"], re.I)
        stint = " ".join(match["stint"].lower().split())
        text = f"{said.name} is {match['verb'].lower()} {article_for(stint)} {stint}{where}"
        text += f" until {until['when']}" if until else ""
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", match["stint"].lower()))
    year = match["year"].lower()
    text = f"{said.name} is {match['verb'].lower()} {article_for(year)} {year} year{where}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", year))


def handed_in_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "just submitted my dissertation!!!", "I handed in my thesis today": a long piece of work done."""
    text = f"{said.name} handed in their {match['work'].lower()}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("study", match["work"].lower()))


def degree_class_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I got a 2:1!!", "I came out with a first": the class of their degree."""
    grade = match["grade"].lower().replace("first class", "first")
    work = {"diss": "dissertation"}.get(match["work"] or "", match["work"] or "degree").lower()  # "in my dissertation"
    text = f"{said.name} got a {grade} in their {work}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, ["study", work.split()[-1]])


def place_got_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I was offered a place at Cambridge!", "I've got a place on the nursing course": a place won,
    kept for good."""
    where = phrase_cut(match["where"], max_words=5)
    text = f"{said.name} got a place {match['prep'].lower()} {third_person(where, said.name)}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("study", *content_words(where)[-1:]))


def exams_done_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've just finished my last ever exam!", "finally done with my finals": exams behind them, news
    for a month."""
    last = " ".join(match["last"].lower().split()) + " " if match["last"] else ""
    text = f"{said.name} finished their {last}{match['what'].replace('A level', 'A-level')}"
    if when := past_day_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("study", "exams"))


# Subjects said as students say them, and how a memory names them.
_SUBJECTS = {
    "compsci": "computer science", "cs": "computer science", "comp sci": "computer science",
    "computer science": "computer science", "maths": "maths", "math": "maths", "physics": "physics",
    "chemistry": "chemistry", "chem": "chemistry", "biology": "biology", "bio": "biology", "zoology": "zoology",
    "medicine": "medicine", "med": "medicine", "law": "law", "history": "history", "english": "English",
    "psychology": "psychology", "psych": "psychology", "economics": "economics", "econ": "economics",
    "philosophy": "philosophy", "geography": "geography", "politics": "politics", "nursing": "nursing",
    "engineering": "engineering", "architecture": "architecture", "sociology": "sociology",
    "linguistics": "linguistics", "anthropology": "anthropology", "french": "French", "german": "German",
    "spanish": "Spanish", "drama": "drama", "music": "music", "fine art": "fine art", "classics": "classics",
    "marine biology": "marine biology", "biochemistry": "biochemistry", "biochem": "biochemistry",
    "biomedical science": "biomedical science", "biomed": "biomedical science", "pharmacy": "pharmacy",
    "dentistry": "dentistry", "veterinary science": "veterinary science", "vet med": "veterinary medicine",
    "midwifery": "midwifery", "accounting": "accounting", "business": "business", "marketing": "marketing",
}  # fmt: skip
_SUBJECT = "|".join(sorted(map(re.escape, _SUBJECTS), key=len, reverse=True))
_YEARS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth"}


def student_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm second year compsci", "I'm in my final year of law", "I'm doing zoology" (a subject named
    as one: "I'm doing laundry" is none)."""
    subject = _SUBJECTS[" ".join(match["subject"].lower().split())]
    if match["year"]:
        year = _YEARS.get(match["year"].lower(), match["year"].lower())
        text = f"{said.name} is a {year}-year {subject} student"
    else:
        text = f"{said.name} studies {subject}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", subject), slot="subject")


def year_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in my final year of uni", "I'm in my second year at Leeds studying law": the year and where."""
    year = _YEARS.get(match["year"].lower(), match["year"].lower())
    where = match["where"] if match["where"][0].isupper() else match["where"].lower()
    text = f"{said.name} is in their {year} year {match['prep'].lower()} {where}"
    if match["subject"]:
        text += f", studying {_SUBJECTS[' '.join(match['subject'].lower().split())]}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", year))


def switched_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just switched from law to history": the course they left and the one they study now."""
    before, now = (_SUBJECTS[" ".join(match[group].lower().split())] for group in ("before", "now"))
    text = f"{said.name} switched from {before} to {now}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("study", now), slot="subject")


def course_started_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've started a new course at college, plumbing level 2": a course begun, and where."""
    what = " ".join(match["what"].lower().split())
    text = f"{said.name} started {what} {match['prep'].lower()} {said.phrase(match['where'], max_words=4)}"
    if detail := re.match(r",\s*(?P<detail>[\w -]{3,40}?)\s*[.!]*$", match.string[match.end() :]):
        text += f", {detail['detail']}"  # ", plumbing level 2"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("education", "course"))


def retake_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm retaking my maths GCSE", "I'm resitting the year": an exam or a year taken again, for a month."""
    what = said.phrase(match["what"], max_words=5)
    text = f"{said.name} is retaking {what}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("study", "resit", what.split()[-1]))


def finishing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I graduate in July", "I qualify next summer", "I finish uni in May": the end of one's studies
    ahead, until it (as "I'm graduating in July" is)."""
    time = time_in(match["rest"])
    if not time:
        return None  # "I graduate with honours", "I finish uni at 3 on Fridays": no day ahead
    verb, *rest = match["verb"].lower().split(" ", 1)
    text = f"{said.name} {' '.join([conjugate(verb), *rest])} {time}"
    text = third_person(text, said.name)
    return said.fact(text, MemoryKind.PLAN, HIGH, expiration_for(time), topics_of("studies", "graduation"), time=time)


RULES = [
    Rule(
        priority=1746,
        pattern=re.compile(
            r"\bI (?:officially |finally )?(?P<verb>graduate|qualify|finish (?:uni|university|college|school"
            r"|sixth form|my (?:degree|course|training|apprenticeship|phd|masters|master's)))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=finishing_rule,
    ),
    Rule(
        priority=1503,
        pattern=re.compile(
            r"\bmy (?P<work>dissertation|thesis|final year project|capstone|research) (?:is|'s) (?P<on>on|about)"
            r" (?P<topic>.+)",
            re.IGNORECASE,
        ),
        build=topic_rule,
    ),
    Rule(
        priority=1504,
        pattern=re.compile(
            r"\bI(?:'m| am) (?P<verb>doing|on|taking) (?:an? (?P<year>placement|gap|sandwich|exchange|industry) year"
            r"|(?:an? )?(?P<stint>placement|internship|(?:year|semester|term) abroad))\b"
            r"(?: (?P<prep>at|in|with) (?P<where>(?-i:[A-Z])[\w&'-]*(?: (?-i:[A-Z])[\w&'-]*){0,2}))?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=year_out_rule,
    ),
    Rule(
        priority=1505,
        pattern=re.compile(
            r"\bI (?:got|graduated with|finished with|came out with) an? (?P<grade>2:1|2:2|first(?: class)?|third)"
            r"(?= *(?:$|[!.,]| in my (?P<work>degree|dissertation|thesis|diss|final (?:year )?project)| overall))",
            re.IGNORECASE,
        ),
        build=degree_class_rule,
    ),
    Rule(
        priority=1709,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|officially) )?(?:been offered|was offered|got|have got|have|'ve got)"
            r" an? (?:uni |university )?place (?P<prep>at|on) (?P<where>(?:the |a )?[\w'&-]+(?: [\w'&-]+){0,4})",
            re.IGNORECASE,
        ),
        build=place_got_rule,
    ),
    Rule(
        priority=1704,
        pattern=re.compile(
            r"(?:\bI(?:'ve| have|'m| am)? |^)(?:(?:just|finally|officially) )?(?:finished|done|completed) (?:with )?"
            r"(?:my|all my|our) (?P<last>(?:last|final)(?: ever)? )?(?P<what>exams?|finals|A[- ]levels|GCSEs|mocks)\b"
            r"(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=exams_done_rule,
    ),
    Rule(
        priority=1572,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:in )?(?:my )?(?P<year>first|second|third|fourth|final|1st|2nd|3rd|4th) year"
            rf"(?: of)?|doing|studying) (?P<subject>{_SUBJECT})\b(?! (?:homework|revision|notes|exam|test|essay))",
            re.IGNORECASE,
        ),
        build=student_rule,
    ),
    Rule(
        priority=1690,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:now )?in (?:my )?(?P<year>first|second|third|fourth|final|last|1st|2nd|3rd|4th) year"
            r" (?P<prep>of|at) (?P<where>uni|university|college|sixth form|(?-i:[A-Z])[\w'&-]+(?: (?-i:[A-Z])[\w'&-]+)"
            rf"{{0,3}})(?:,? (?:studying|doing|reading) (?P<subject>{_SUBJECT})\b)?",
            re.IGNORECASE,
        ),
        build=year_at_rule,
    ),
    Rule(
        priority=1573,
        pattern=re.compile(
            rf"\bI(?:'ve| have)? (?:just |finally )?(?:switched|changed|transferred)(?: (?:courses?|degrees?))?"
            rf" from (?P<before>{_SUBJECT}) to (?P<now>{_SUBJECT})\b",
            re.IGNORECASE,
        ),
        build=switched_rule,
    ),
    Rule(
        priority=1623,
        pattern=re.compile(
            r"(?:\bI(?:'ve| have)? |^)(?:(?:just|finally|officially) )?(?:submitted|handed in) (?:my|our) (?:final )?"
            r"(?P<work>dissertation|thesis|diss|coursework|final project|portfolio|EPQ)\b",
            re.IGNORECASE,
        ),
        build=handed_in_rule,
    ),
    Rule(
        priority=1646,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|finally|recently) )?started (?P<what>(?:a|an|my) (?:new )?(?:[\w-]+ )?"
            r"(?:course|apprenticeship|access course|foundation year|diploma|NVQ|BTEC))"
            r" (?P<prep>at|in|with) (?P<where>(?:the |a )?[\w'&-]+(?: [\w'&-]+){0,3}?)(?=\s*(?:[,.!?;]|$))",
            re.IGNORECASE,
        ),
        build=course_started_rule,
    ),
    Rule(
        priority=1677,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:re-?taking|re-?sitting) (?P<what>(?:my|the|a|an) (?:[\w-]+ ){0,2}?(?:GCSEs?|A[- ]levels?"
            r"|exams?|module|year|test|theory test|driving test|practical|finals|paper))\b",
            re.IGNORECASE,
        ),
        build=retake_rule,
    ),
]
