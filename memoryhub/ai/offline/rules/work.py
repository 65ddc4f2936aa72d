"""Jobs, workplaces and studies."""

from __future__ import annotations

import re
from dataclasses import replace

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in, time_in
from memoryhub.ai.offline.rules.pastimes import LANGUAGES
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    content_words,
    name_clean,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import COUNTS, I_AM, JOB, JUDGED, MONTHS, OBJECT_PRONOUNS, SOON, WEEKDAYS, word_set

_TOGETHER = word_set("team family unit group whole one pair couple")
_NOT_A_JOB = word_set("beginner novice newbie joke hobby kid child teen teenager")
_JUDGED = re.compile(rf"(?:[a-z-]+ )?(?:{JUDGED}) ")  # "terrible cook", "pretty decent photographer"
_WHERE_OR_WHOM = re.compile(r"\s+(?:at|in|to|for|with|from|on)\s+", re.IGNORECASE)  # "piano | to kids"


def works_as_rule(match: re.Match[str], said: Said) -> Fact | None:
    job = phrase_cut(match["job"], max_words=9)  # "a nurse at a big hospital in Bristol": the town too
    if not job or job.split()[0].lower() in OBJECT_PRONOUNS:
        return None
    head = _WHERE_OR_WHOM.split(job)[0].split()[-1]  # "nurse" of "a nurse on night shifts"
    if head.lower() in _TOGETHER:
        return None  # "we all chip in, we work as a family": how, not a job
    if match["began"] and head.lower() in _NOT_A_JOB:
        return None  # "I started as a complete beginner": how they began, not their work
    text = f"{said.name} works as {article_for(job)} {job}"
    if match["began"]:  # "I started as a chef last year", "I start as a junior developer on Monday"
        when = past_time_in(job) if match["began"].lower() == "started" else time_in(job)
        job = job[: job.lower().index(when)].rstrip(" ,") if when and when in job.lower() else job
        verb = "started working" if match["began"].lower() == "started" else "starts work"
        text = f"{said.name} {verb} as {article_for(job)} {job}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", head), slot="job")


def job_title_rule(match: re.Match[str], said: Said) -> Fact | None:
    said_job = (match["job"] or match["post"]).split()  # "a TA" as said, not "a ta"
    job = " ".join(word if 1 < len(word) < 5 and word.isupper() else word.lower() for word in said_job)
    job = re.sub(r"\bc[a-z]o\b", lambda chief: chief[0].upper(), job)  # "cto": "CTO"
    rest = re.match(r"^\s+(?:at|for|in|with|studying|of(?= (?-i:[A-Z])))\s+\S.*", match["rest"] or match["rest2"] or "")
    # "a carer for my dad", "a uni student studying law"
    where = third_person(phrase_cut(rest[0], max_words=6), said.name) if rest else ""
    post = "" if match["post"] else "the " if re.fullmatch("C[A-Z]O", job) else f"{article_for(job)} "  # as said
    text = f"{said.name} is {post}{job}" + (f" {where}" if where else "")
    if _JUDGED.match(job):  # "I'm a terrible cook": a skill, which takes no job's place
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("skills", job.split()[-1]))
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")
    employer = re.match(r"^(?:at|for|of) (?P<org>.+)", where, re.IGNORECASE)
    if employer:
        fact.entities.append(said.entity(EntityType.ORGANISATION, employer["org"], f"{said.name}'s employer"))
    return fact


def job_held_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been a nurse for twelve years", "I've worked as a childminder for years", "I was a
    teacher for ten years before switching to tech" (a job held before)."""
    job = match["job"].lower()
    rest = re.match(r"^\s+(?:at|for|in|with|since)\s+\S.*", match["rest"] or "")
    where = phrase_cut(rest[0], max_words=8) if rest else ""
    text = f" {article_for(job)} {job}" + (f" {where}" if where else "")
    if match["verb"].strip().lower() == "was":  # a job they had before, not the one they have
        return said.fact(
            f"{said.name} was{text}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("work", job.split()[-1])
        )
    text = f"{said.name} has {'worked as' if 'worked' in match['verb'] else 'been'}{text}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", job.split()[-1]), slot="job")


def works_at_rule(match: re.Match[str], said: Said) -> Fact | None:
    # "at Amazon for 3 years", "from home since covid": where, not for how long; "for the council now":
    # where, not since when ("Now TV" keeps its capital)
    org, *span = re.split(
        r" ((?:for (?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|many|several) |since ).*)",
        re.sub(r"\s+(?:now|nowadays|these days|at the moment|currently)\b.*", "", match["org"]),
        maxsplit=1,
    )
    place = name_clean(phrase_cut(org, max_words=5))
    if not place or (place.split()[0].lower() in OBJECT_PRONOUNS and place.split()[0] != "IT"):  # "I work in IT"
        return None
    preposition = match["prep"].lower()
    if place.split()[0].lower() == "home":  # "from home most days"
        if (when := time_in(said.clause)) and SOON.fullmatch(when) and not when.endswith("s"):  # not "on Fridays"
            return None  # "working from home today": a day's arrangement, not how they work
        return said.fact(f"{said.name} works from {place}", MemoryKind.FACT, MEDIUM, PERMANENT, ["work", "home"])
    if preposition == "from" or re.fullmatch(r"(?:the )?weekends?|nights?", place, re.IGNORECASE):
        return None  # "I'm working at the weekend", "I work at weekends": when, not where (rules/teams.py's)
    when = (match["when"] or "").lower()
    if match["worked"]:  # "I've worked at Asda for 15 years": where, and how long
        how_long = phrase_cut(span[0], max_words=4) if span else ""
        text = f"{said.name} has worked {preposition} {place}" + (f" {how_long}" if how_long else "")
        slot = "employer" if preposition != "in" else "field"
        fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", place), slot=slot)
        if preposition != "in":
            fact.entities.append(said.entity(EntityType.ORGANISATION, place, f"{said.name}'s employer"))
        return fact
    if match["job"]:  # "a Saturday job": works Saturdays
        job = match["job"].lower()
        when = f"{job} " if "time" in job else f"{job}s "
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
    """ "I'm training to be a pilot", "retraining as an electrician": the work someone is heading for."""
    what = " ".join(match["what"].split())
    text = f"{said.name} is {match['verb'].lower()} to be {what}"  # "retraining as an electrician" too
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", what.split()[-1]))


def job_status_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm retired", "I'm between jobs", "I'm a stay-at-home dad"."""
    status = match["status"].lower()
    text = f"{said.name} is {status}"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", status.split()[-1]), slot="job")


_STATUS = re.compile(r"(?P<name>.+?) is (?P<status>self-employed|freelancing|retired|part-time|full-time)$")
_TITLE = re.compile(r"(?P<name>.+?) is an? (?P<title>[a-z][a-z -]*)$")


def job_with_status(earlier: Fact, later: Fact) -> Fact | None:
    """ "I'm a plumber, self-employed", "I'm a nurse, retired now": one line's job and how it is
    worked, as one job ("is a self-employed plumber"), where the second would replace the first."""
    if earlier.slot != "job" or later.slot != "job" or not set(earlier.lines) & set(later.lines):
        return None
    for status_fact, title_fact in ((earlier, later), (later, earlier)):
        status, title = _STATUS.fullmatch(status_fact.text), _TITLE.fullmatch(title_fact.text)
        if status and title and status["name"] == title["name"]:
            how = "freelance" if status["status"] == "freelancing" else status["status"]
            text = f"{title['name']} is {article_for(how)} {how} {title['title']}"
            return replace(title_fact, text=text, lines=sorted({*earlier.lines, *later.lines}))
    return None


# What no degree is in: "a PhD in overthinking", "a masters in procrastination".
JOKE_FIELDS = re.compile(
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
    # "a coding bootcamp", "a CS degree"
    kept = kind.islower() or (kind.isupper() and len(kind) <= 4) or re.fullmatch(LANGUAGES, kind, re.IGNORECASE)
    if [word.lower() for word in lead[-2:]] == ["open", "university"]:  # "an Open University degree"
        kind, kept = "Open University", True
    degree = f"{kind} {degree}" if kind and kept else degree  # "a German course"
    field = phrase_cut(match["field"] or "", max_words=6)
    doing = "is " + re.sub(r"^(?:'m|am)\s+", "", match["verb"].lower().strip())  # "is in", "is halfway through"
    doing = "started" if doing.endswith(" started") else doing  # "I've just started a PGCE"
    if re.match(r"\s*(?:have|'ve got|hold|earned)\b", match["verb"], re.IGNORECASE):  # "I have a masters in history"
        if JOKE_FIELDS.match(field):
            return None  # "I have a PhD in overthinking 🎓": a joke, not a degree
        doing = "earned" if match["verb"].strip().lower() == "earned" else "has"
    article = "their" if match["article"].lower() == "my" else match["article"].lower()
    if match["year"]:  # "I'm in my second year of (a) med school"
        of = {"my": " their", "a": " a", "an": " an"}.get((match["of"] or "").strip().lower(), "")
        article = f"their {match['year'].lower()} year of{of}"
    text = f"{said.name} {doing} {article} {degree}" + (
        f" {match['at'].lower()} {match['school']}" if match["school"] else ""
    )
    text += f" in {field}" if field else ""
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
    """ "I don't work at Google anymore", "I no longer work for the council", "I left my job at Google",
    "I'm no longer at the BBC"."""
    org = name_clean(phrase_cut(match["org"] or match["org2"] or match["org3"] or match["org4"] or "", max_words=5))
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
    org = re.split(r"\s+(?:is|was|starts?|begins?)\b", org, maxsplit=1)[0]  # "first day at Acme is Monday"
    time = time_in(match["org"] or match["org2"])
    if time and (at := org.lower().find(f" {time}")) > 0:
        org = org[:at]  # "the bakery on monday": the employer is the bakery
    if not org or org.split()[0].lower() in (*OBJECT_PRONOUNS, "home", "night", "nine", "work", "8", "9"):
        return None
    if re.fullmatch(r"(?:the |my |a )?(?:new )?(?:job|work|office|place|gig|role)", org, re.IGNORECASE):
        return None  # "first day at the new job": no employer named
    verb = "works at" if match["first"] and not time else "is starting at"
    text = f"{said.name} {verb} {org}" + (f" {time}" if time else "")
    if role := re.search(r",\s*as (?P<job>an? [\w-]+(?: [\w-]+)?)\s*[.!]*$", match.string):
        text += f" as {role['job']}"  # "…, as a porter"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", org), slot="employer")
    fact.entities.append(said.entity(EntityType.ORGANISATION, org, f"{said.name}'s employer"))
    return fact


def field_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I do marketing", "I'm in sales", "I'm the one who does marketing", "I quit accounting", "I research
    soil microbes"."""
    verb = (match["verb"] or match["verb2"] or match["verb3"] or match["verb4"]).lower().split()[-1]  # "I'm in sales"
    # What one teaches or researches may go on with where: "chemistry at a high school in Leeds".
    said_what = match["what"] or match["what2"] or match["what3"] or match["what4"]
    what = phrase_cut(said_what, max_words=10 if match["verb2"] else 6)
    if not what or what.split()[0].lower() in (*OBJECT_PRONOUNS, "a", "my", "nothing", "everything"):
        return None
    if what.split()[0].lower() == "the" and what.lower() != "the trades":
        return None
    if verb in ("quit", "left"):
        text = f"{said.name} quit {what}"
    elif verb in ("research", "teach"):
        text = f"{said.name} {verb}es {third_person(what, said.name)}"
    else:
        text = f"{said.name} works in {what}"
    subject = _WHERE_OR_WHOM.split(what)[0]  # the topics are the work: "chemistry", not "high" of "high school"
    topics = topics_of("work", *content_words(subject)[:2])
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics, slot="field")


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


def back_to_school_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going back to school to study nursing", "going back to uni to do a masters"."""
    text = f"{said.name} is going back to {match['school'].lower()}"
    if match["to"]:
        text += f" to {third_person(phrase_cut(match['to'], max_words=6), said.name)}"
    return said.fact(text, MemoryKind.PLAN, HIGH, PERMANENT, topics_of("studies", match["school"]))


def qualified_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've just qualified as an ANP", "I qualified as a solicitor in 2019": a qualification, which
    is their work now."""
    job = match["job"].strip()
    text = f"{said.name} qualified as {article_for(job)} {job if job.isupper() else job.lower()}"
    if when := past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", job.split()[-1].lower()), slot="job")


# A job's title with up to two words before it: "a nurse", "a senior software engineer".
JOB_TITLE = rf"(?:(?!of\b|fan\b)[a-z&-]+ ){{0,2}}?{JOB}"


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
def hours_change_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm going part-time from April", "I'm going freelance next year": how they will work."""
    how = " ".join(match["how"].lower().replace("part time", "part-time").replace("full time", "full-time").split())
    rest = match["rest"] or ""
    since = re.search(rf"\bfrom (?:{MONTHS}|next \w+|the \w+)\b", rest, re.IGNORECASE)
    time = time_in(rest) or (since[0].lower() if since else "")
    text = f"{said.name} is going {how}" + (f" {time}" if time else "")
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("work", how.split("-")[0]), time=time)


def changing_teams_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm moving teams in January btw, joining platform": a change within work, with its time."""
    time = time_in(match["rest"] or "")
    joining = re.search(r"\bjoining (?P<team>(?:the )?[\w&-]+(?: [\w&-]+)?(?: team)?)", match["rest"] or "", re.I)
    text = f"{said.name} is {match['verb'].lower()} {match['what'].lower()}" + (f" {time}" if time else "")
    if joining:
        team = joining["team"] if joining["team"].lower().endswith("team") else f"{joining['team']} team"
        text += f" to join {team if team.lower().startswith('the ') else 'the ' + team}"
    return said.fact(text, MemoryKind.PLAN, MEDIUM, "30d", topics_of("work", "team"), time=time)


RULES = [
    Rule(
        priority=48,
        pattern=re.compile(
            rf"\b{I_AM} (?:(?:finally|officially|also) )?going (?P<how>part[- ]time|full[- ]time|freelance"
            r"|self-employed|four days a week)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hours_change_rule,
    ),
    Rule(
        priority=49,
        pattern=re.compile(
            rf"\b{I_AM} (?:(?:finally|officially|also) )?(?P<verb>moving|switching|changing) (?P<what>teams|departments"
            r"|roles)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=changing_teams_rule,
    ),
    Rule(
        priority=40,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:finally |officially )?(?:going|heading) back to"
            r" (?P<school>school|uni|university|college)\b"
            r"(?: (?:to (?P<to>(?:study|do|get|finish|train) [\w -]{2,40})))?",
            re.IGNORECASE,
        ),
        build=back_to_school_rule,
    ),
    Rule(
        priority=80,
        pattern=re.compile(
            r"\bI(?: (?:don't|do not) work (?:at|for) (?P<org>[^,]{2,60}?) (?:anymore|any more|now)\b"
            r"|(?: (?:no longer|don't even|do not)) work (?:at|for) (?P<org2>[^,]{2,60})"
            r"| (?:just |finally |recently )?(?:left|quit) (?:my|the) job (?:at|with)"
            r" (?P<org3>(?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,3})"
            # "I'm no longer at the BBC", "I'm not with Acme any more"
            r"|(?:'m| am) (?:no longer (?:at|with|working (?:at|for))"
            r"|not (?:at|with)(?= \S+(?: \S+){0,3} (?:anymore|any more)))"
            r" (?P<org4>(?:the )?(?-i:[A-Z])[\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*){0,3}))",
            re.IGNORECASE,
        ),
        build=former_employer_rule,
    ),
    Rule(
        priority=100,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:currently |now |also )?(?:work(?:ing)?"
            r"(?: (?:nights|days|weekends|evenings|shifts|part[- ]time|full[- ]time|remotely|mostly))? as"
            r"|(?:just )?(?:started|start|starting|got|landed|accepted) (?:my |a |the )?(?:new |first |dream )?"
            r"(?:job|role|position|gig) as"
            r"|(?:just |recently )?(?P<began>started|start|starting) (?:work(?:ing)? )?as) (?:an? )?(?P<job>.+)",
            re.IGNORECASE,
        ),
        build=works_as_rule,
    ),
    Rule(
        priority=110,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:start|starting) (?:work |my new job |my job |a new job )?(?:at|with) (?P<org>.+)"
            r"|^(?:my )?(?P<first>first|second|third) (?:day|week|month|shift) (?:at|with) (?P<org2>[^,]{2,60}?)"
            r"(?: (?:done|over|complete|completed|survived|down)\b|,|$)",
            re.IGNORECASE,
        ),
        build=starts_at_rule,
    ),
    Rule(
        priority=120,
        pattern=re.compile(
            rf"\bI(?P<verb> do| (?:quit|left)|(?:'m| am) the [\w ]{{1,30}} who (?:does"
            rf"|works in)) (?P<what>(?:{FIELDS})\b.*)"
            r"|\bI (?P<verb2>research|teach) (?P<what2>.+)"
            # "I'm in sales", "I'm in tech now": not "I'm in law school" or "I'm in tech support hell"
            rf"|\bI(?:'m| am) (?:(?:currently|also|still|now) )?(?P<verb3>in) (?P<what3>{FIELDS})"
            r"(?=\W*$|,| (?:and|now|for|at|too|myself|actually)\b)"
            rf"|(?:\bI |^)(?P<verb4>went|got) (?:straight )?into (?P<what4>{FIELDS}|the trades)\b",  # after school
            re.IGNORECASE,
        ),
        build=field_rule,
    ),
    Rule(
        priority=160,
        pattern=re.compile(
            r"\bI(?:'m| am) in (?P<grade>\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth"
            r"|ninth|tenth|eleventh|twelfth|final|senior|junior) (?P<unit>grade|year|form)\b"
            r"|\bI (?:just |finally |recently )?(?P<verb>dropped out of|graduated from|finished|got into"
            r"|got accepted to"
            r"|got accepted into|started) (?P<school>(?:law|med|medical|grad|art|business|nursing|high|culinary|film"
            r"|drama|music|vet|dental|flight|cooking|coding|pharmacy) school|college|uni|university|(?:a|my|the)"
            r" [\w -]{0,25}?(?:program|programme|course|degree|phd|masters|bootcamp|apprenticeship|residency)\b.*)",
            re.IGNORECASE,
        ),
        build=school_rule,
    ),
    Rule(
        priority=170,
        pattern=re.compile(r"\bmy job is (?:as |being )?(?:an? )(?P<job>.+)", re.IGNORECASE),
        build=works_as_rule,
    ),
    Rule(
        priority=180,
        pattern=re.compile(
            rf"\b{I_AM} (?:currently |now |actually |also )?(?:an? |the (?=(?:CTO|CEO|COO|CFO|CMO|co-?founder)\b)"
            r"|(?=(?:head|senior|lead|chief|deputy|sous) \w))"
            rf"(?P<job>{JOB_TITLE})\b(?P<rest>.*)"
            # "I'm head of science now", "I'm the new head of year 9": a post, said without "a"
            rf"|\b{I_AM} (?:currently |now |actually |also )?(?:the )?(?:new )?"
            r"(?P<post>(?:deputy )?head of (?!(?:the|a|my|our|this|that|it)\b)(?:[a-z]+ ){0,2}?[a-z]+(?: \d{1,2})?"
            r"|deputy head)\b(?P<rest2>.*)",
            re.IGNORECASE,
        ),
        build=job_title_rule,
    ),
    Rule(
        priority=190,
        pattern=re.compile(
            r"\bI(?P<verb>'ve been| have been|'ve worked as| have worked as"
            rf"|(?= was \w+ \w+(?: \w+)? for (?:{COUNTS}|ten|a few|many) years?) was)"
            # "I've been head chef since the spring": a title without its article
            rf" (?:an? |the |(?=(?:head|senior|lead|chief|acting|deputy|sous) ))(?P<job>{JOB_TITLE})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=job_held_rule,
    ),
    Rule(
        priority=200,
        pattern=re.compile(
            r"(?:\bI(?:(?:'m| am|'ve been| have been)? (?:currently |now |also )?work(?:ing)?"
            r"|(?:'ve| have) (?:always )?(?P<worked>worked))"
            r" (?P<when>(?:nights|night shifts|(?:double |long |early |late )?shifts|days|(?:on |at (?:the )?)?weekends"
            rf"|part[- ]time|full[- ]time|remotely|(?:{WEEKDAYS})s) )?"
            # "I've got a part-time job at Greggs", "I have a Saturday job at Boots", "I've got a job at Boots"
            r"|\bI(?: have|'ve got| have got) an? (?:(?P<job>part[- ]time|full[- ]time|weekend|Saturday|Sunday|evening)"
            r" )?job (?!in mind\b))(?P<prep>at|for|in|from) (?P<org>.+)",
            re.IGNORECASE,
        ),
        build=works_at_rule,
    ),
    Rule(
        priority=210,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:currently|now|also) )?(?P<verb>studying|training|retraining)"
            r" (?:to (?:be|become)|as)(?P<what> an? [\w-]+(?: [\w-]+){0,3})",
            re.IGNORECASE,
        ),
        build=training_rule,
    ),
    Rule(
        priority=220,
        pattern=re.compile(r"\bI(?:'m| am)? (?:currently |also )?study(?:ing)? (?P<subject>.+)", re.IGNORECASE),
        build=studies_rule,
    ),
    Rule(
        priority=1260,
        pattern=re.compile(
            rf"\b{I_AM} (?:currently |now |also )?(?P<status>retired|unemployed|between jobs|self[- ]employed"
            rf"|a stay[- ]at[- ]home (?:mom|mum|dad|parent)|freelancing|job hunting|on parental leave)\b",
            re.IGNORECASE,
        ),
        build=job_status_rule,
    ),
    Rule(
        priority=1270,
        pattern=re.compile(
            r"\bI(?P<verb>(?:'m| am) (?:doing|getting|finishing|working on|studying for|starting|halfway through)"
            r"|(?:'ve| have)? (?:just )?started(?! (?:an?|my)(?: [a-z]+)? course (?:at|with) )"  # course_started_rule
            r"|(?:'m| am) in|(?: have|'ve got| hold| earned)(?= (?:an?|my) (?:[a-z]+ )?(?:PhD|doctorate|masters?"
            r"|master's|bachelor'?s|degree|MBA|BA|BSc|MSc|MA|diploma)\b)) (?P<article>an?|my)"
            r" (?:(?P<year>first|second|third|fourth|final|last) year of (?P<of>my |an? )?)?"
            r"(?:Open University |[a-z]+ )?"
            r"(?P<degree>PhD|doctorate|master's|masters?|bachelor'?s|degree|MBA|BA|BSc|MSc|MA|diploma|PGCE|HND"
            r"|med school|law school|residency|apprenticeship|bootcamp|internship|course|certificate|certification"
            r"|(?:M|B|Ph)[\u2024.](?:A|Sc|D)[\u2024.]?)(?!\w)"  # not "a ba|nd"
            r"(?: (?P<at>at|with) (?P<school>(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2}))?"
            r"(?: (?:in|on) (?P<field>.+))?"
            r"|\bI(?:'m| am)? major(?:ing)? in (?P<major>.+)|\bmy major is (?P<major2>.+)",
            re.IGNORECASE,
        ),
        build=degree_rule,
    ),
    Rule(
        priority=1280,
        pattern=re.compile(
            rf"\b{I_AM} (?:(?:still|currently|now|also|just) )?(?:(?P<where>in) (?P<school>college|uni|university"
            r"|(?:high|grad|graduate|med|medical|law|secondary|middle|nursing|art) school|sixth form|school)"
            r"|(?P<where2>at) (?P<school2>uni|university|college))\b"
            r"(?! (?:right now|rn|today|tonight|atm)\b)(?P<rest>.*)",  # "at uni right now": where they are
            re.IGNORECASE,
        ),
        build=student_rule,
    ),
    Rule(
        priority=1627,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |officially |now )?qualified as an? (?P<job>[\w&-]+(?: [\w&-]+){0,2}?)"
            r"(?P<rest>$|[,.!?].*| (?:in|last|this|on|yesterday|today)\b.*)",
            re.IGNORECASE,
        ),
        build=qualified_rule,
    ),
]
