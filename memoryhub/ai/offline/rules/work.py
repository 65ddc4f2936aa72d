"""Jobs, workplaces and studies."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said, time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    conjugate,
    content_words,
    name_clean,
    ours_as_theirs,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import JUDGED, OBJECT_PRONOUNS, SOON, word_set

_TOGETHER = word_set("team family unit group whole one pair couple")
_JUDGED = re.compile(rf"(?:[a-z-]+ )?(?:{JUDGED}) ")  # "terrible cook", "pretty decent photographer"


def works_as_rule(match: re.Match[str], said: Said) -> Fact | None:
    job = phrase_cut(match["job"], max_words=6)
    if not job or job.split()[0].lower() in OBJECT_PRONOUNS:
        return None
    head = re.split(r"\s+(?:at|for|in|with)\s+", job)[0].split()[-1]
    if head.lower() in _TOGETHER:
        return None  # "get to know people and work as a team": how, not a job
    text = f"{said.name} works as {article_for(job)} {job}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", head), slot="job")


def job_title_rule(match: re.Match[str], said: Said) -> Fact | None:
    job = match["job"].lower()
    rest = re.match(r"^\s+(?:at|for|in|with)\s+\S.*", match["rest"] or "")
    where = third_person(phrase_cut(rest[0], max_words=6), said.name) if rest else ""  # "a carer for my dad"
    text = f"{said.name} is {article_for(job)} {job}" + (f" {where}" if where else "")
    if _JUDGED.match(job):  # "I'm a terrible cook": a skill, which takes no job's place
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("skills", job.split()[-1]))
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")
    employer = re.match(r"^(?:at|for) (?P<org>.+)", where, re.IGNORECASE)
    if employer:
        fact.entities.append(said.entity(EntityType.ORGANISATION, employer["org"], f"{said.name}'s employer"))
    return fact


def job_held_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been a nurse for twelve years", "I've been a teacher at Hillside since 2015", "I was a
    teacher for ten years before switching to tech" (a job held before)."""
    job = match["job"].lower()
    rest = re.match(r"^\s+(?:at|for|in|with|since)\s+\S.*", match["rest"] or "")
    where = phrase_cut(rest[0], max_words=8) if rest else ""
    text = f" {article_for(job)} {job}" + (f" {where}" if where else "")
    if match["verb"].strip().lower() == "was":  # a job they had before, not the one they have
        return said.fact(
            f"{said.name} was{text}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", job.split()[-1])
        )
    text = f"{said.name} has been{text}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")


def works_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    # "at Amazon for 3 years", "from home since covid": where, not for how long
    org = re.split(
        r" (?:for (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|many|several) |since )",
        match["org"],
    )[0]
    place = name_clean(phrase_cut(org, max_words=5))
    if not place or (place.split()[0].lower() in OBJECT_PRONOUNS and place.split()[0] != "IT"):  # "I work in IT"
        return None
    preposition = match["prep"].lower()
    if place.split()[0].lower() == "home":  # "from home most days"
        if (when := time_in(said.clause)) and SOON.fullmatch(when) and not when.endswith("s"):  # not "on Fridays"
            return None  # "working from home today": a day's arrangement, not how they work
        return said.fact(f"{said.name} works from {place}", MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "home"])
    if preposition == "from":
        return None
    when = (match["when"] or "").lower()
    fact = said.fact(
        f"{said.name} works {when}{preposition} {place}",
        MemoryKind.FACT,
        HIGH,
        PERMANENT,
        topics_of("work", place),
        slot="employer" if preposition != "in" else "field",
    )
    if preposition != "in":
        fact.entities.append(said.entity(EntityType.ORGANISATION, place, f"{said.name}'s employer"))
    return fact


_NOT_A_SUBJECT = word_set("for hard a an all tonight the my your his her their our this that these those some each")


def studies_rule(match: re.Match[str], said: Said) -> Fact | None:
    subject = phrase_cut(match["subject"], max_words=6)
    if not subject or subject.split()[0].lower() in (*OBJECT_PRONOUNS, *_NOT_A_SUBJECT):
        return None  # "studying the menu", "studying for my exams": no subject of study
    text = f"{said.name} studies {third_person(subject, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", *content_words(subject)[:2]))


def training_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm training to be a pilot", "I'm studying to become a nurse": the work someone is heading for."""
    what = " ".join(match["what"].split())
    text = f"{said.name} is {match['verb'].lower()} to be {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", what.split()[-1]))


def job_status_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm retired", "I'm between jobs", "I'm a stay-at-home dad"."""
    status = match["status"].lower()
    text = f"{said.name} is {status}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", status.split()[-1]), slot="job")


# What no degree is in: "a PhD in overthinking", "a masters in procrastination".
_NO_SUBJECT = re.compile(
    r"(?:over\w+|procrastinat\w*|sarcasm|napping|sleeping|snacking|memes?|gossip\w*|shopping|complaining|worrying"
    r"|binge[- ]?watching|being\b|netflix|eating|doomscrolling|adulting|yapping|dad jokes)",
    re.IGNORECASE,
)


def degree_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm doing a PhD in linguistics", "I'm in my second year of med school", "I major in history",
    "I have a masters in history"."""
    if match["major"] or match["major2"]:
        field = phrase_cut(match["major"] or match["major2"], max_words=5)
        if not field:
            return None
        text = f"{said.name} majors in {field}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", *content_words(field)[:2]))
    degree = match["degree"].replace("\u2024", ".")
    lead = match[0][: match.start("degree") - match.start()].split()
    kind = lead[-1] if lead and lead[-1].lower() not in ("a", "an", "my", "of") else ""
    degree = f"{kind} {degree}" if kind and kind.islower() else degree  # "a coding bootcamp"
    field = phrase_cut(match["field"] or "", max_words=6)
    doing = "is " + re.sub(r"^(?:'m|am)\s+", "", match["verb"].lower().strip())  # "is in", "is halfway through"
    if re.match(r"\s*(?:have|'ve got|hold|earned)\b", match["verb"], re.IGNORECASE):  # "I have a masters in history"
        if _NO_SUBJECT.match(field):
            return None  # "I have a PhD in overthinking 🎓": a joke, not a degree
        doing = "earned" if match["verb"].strip().lower() == "earned" else "has"
    article = "their" if match["article"].lower() == "my" else match["article"].lower()
    if match["year"]:  # "I'm in my second year of (a) med school"
        of = {"my": " their", "a": " a", "an": " an"}.get((match["of"] or "").strip().lower(), "")
        article = f"their {match['year'].lower()} year of{of}"
    text = f"{said.name} {doing} {article} {degree}" + (f" in {field}" if field else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", degree, *content_words(field)[:1]))


def student_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in college", "I'm still in high school", "I'm at uni in Leeds": a student, and where."""
    school = " ".join((match["school"] or match["school2"]).lower().split())
    where = (match["where"] or match["where2"]).lower()
    place = re.match(r"\s+(?:in|at) (?P<place>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,3})", match["rest"])
    field = re.match(r"\s+for (?P<field>[a-z]{3,20}(?: [a-z]{3,20})?)\b", match["rest"], re.IGNORECASE)
    text = f"{said.name} is {where} {school}" + (f" in {place['place']}" if place else "")
    text += f" for {field['field'].lower()}" if field else ""  # "in school for nursing"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study", school.split()[-1]))


# Lines of work named without a job title: "I work in marketing", "I quit accounting".
FIELDS = (
    r"marketing|sales|finance|accounting|accountancy|hr|human resources|it|tech|retail|hospitality|construction"
    r"|healthcare|health care|law|education|teaching|nursing|consulting|insurance|real estate|logistics|pr"
    r"|advertising|banking|journalism|academia|engineering|software|publishing|fashion|film|tv|television"
    r"|politics|government|the nonprofit sector|nonprofits|non-profits|social work|research|design|ux|data"
    r"|customer service|the trades|trades|the army|the military|the navy|the air force|medicine|pharma"
)


def former_employer_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I don't work at Google anymore", "I no longer work for the council", "I left my job at Google"."""
    org = name_clean(phrase_cut(match["org"] or match["org2"] or match["org3"] or "", max_words=5))
    if not org or org.split()[0].lower() in OBJECT_PRONOUNS:
        return None
    text = f"{said.name} no longer works at {org}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", org), slot="employer")
    fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s former employer"))
    return fact


def starts_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I start at the bakery on monday", "first week at the city council planning dept done"."""
    org = name_clean(phrase_cut(match["org"] or match["org2"], max_words=6))
    org = re.sub(r"\s+(?:done|over|complete|completed|survived|down)$", "", org, flags=re.IGNORECASE)
    if not org or org.split()[0].lower() in (*OBJECT_PRONOUNS, "home", "night", "nine", "work", "8", "9"):
        return None
    if re.fullmatch(r"(?:the |my |a )?(?:new )?(?:job|work|office|place|gig|role)", org, re.IGNORECASE):
        return None  # "first day at the new job": no employer named
    verb = "works at" if match["first"] else "is starting at"
    text = f"{said.name} {verb} {org}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", org), slot="employer")
    fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s employer"))
    return fact


def field_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I do marketing", "I'm in sales", "I'm the one who does marketing", "I quit accounting", "I research
    soil microbes"."""
    verb = (match["verb"] or match["verb2"] or match["verb3"]).lower().split()[-1]  # "in": "I'm in sales"
    what = phrase_cut(match["what"] or match["what2"] or match["what3"], max_words=6)
    if not what or what.split()[0].lower() in (*OBJECT_PRONOUNS, "a", "the", "my", "nothing", "everything"):
        return None
    if verb in ("quit", "left"):
        text = f"{said.name} quit {what}"
    elif verb in ("research", "teach"):
        text = f"{said.name} {verb}es {third_person(what, said.name)}"
    else:
        text = f"{said.name} works in {what}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", *content_words(what)[:2]), slot="field")


def notice_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "handed in my notice today, done with retail forever": quitting a job."""
    done = re.search(r"\bdone with (?P<what>[\w -]{2,30}?)(?: forever| for good| now|[,.!]|$)", said.clause, re.I)
    text = f"{said.name} handed in their notice" + (f", done with {done['what']}" if done else "")
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("work", "quit"))


def school_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm in 11th grade", "dropped out of law school", "doing a coding bootcamp now"."""
    if match["grade"]:
        text = f"{said.name} is in {match['grade'].lower()} {match['unit'].lower()}"
    else:
        verb = " ".join(match["verb"].lower().split())
        school = phrase_cut(match["school"], max_words=6)
        if not school or (verb.startswith("got") and re.search(r"program|course", school, re.IGNORECASE)):
            return None  # "got into the exchange program": news of a place won, not what they study
        text = f"{said.name} {verb} {third_person(school, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("study"))


def business_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my startup (it's like 6 of us) just closed our seed round": a business of their own."""
    business = match["business"].lower()
    if business in ("company", "business", "shop", "studio", "bar", "restaurant", "cafe", "café", "bakery") and not (
        re.search(r"\bown\b", match[0], re.IGNORECASE)
    ):
        return None  # "my company is making us…": their employer, not theirs
    news = phrase_cut(match["news"] + (match["rest"] or ""), max_words=8)
    text = f"{said.name} has {article_for(business)} {business}" + (
        f" that {third_person(news, said.name)}" if news else ""
    )
    text = ours_as_theirs(text)  # "closed our seed round"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", business))


def own_business_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I run a small Etsy shop", "I own a bakery in town", "I started a podcast last year"."""
    verb = conjugate(match["verb"].lower())
    what = phrase_cut(match["what"] + (match["rest"] or ""), max_words=8)
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", match["business"].lower()))


def back_to_school_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going back to school to study nursing", "going back to uni to do a masters"."""
    text = f"{said.name} is going back to {match['school'].lower()}"
    if match["to"]:
        text += f" to {third_person(phrase_cut(match['to'], max_words=6), said.name)}"
    return said.fact(text, MemoryKind.PLAN, HIGH, PERMANENT, topics_of("studies", match["school"]))
