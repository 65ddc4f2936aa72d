"""What one does for a club, a school or a neighbourhood: the role held, the group led, the board or
council sat on, a civic role, a choir or band sung or played in."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in
from memoryhub.ai.offline.text import content_words, topics_of
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, HOW_OFTEN, PROPER_NAME, SINCE_WHEN

# The roles held at work, said the same way: "I'm landlord of the Crown", "I'm the owner of a bakery".
_AT_WORK = (
    r"landlord|landlady|licensee|owner|co-?owner|head chef|head ?teacher|headmaster|headmistress"
    r"|managing director|director"
)
_BUSINESS = re.compile(
    r"\b(?-i:[A-Z])|\b(?:shop|bakery|caf[eé]|pub|bar|restaurant|salon|gym|studio|business|company|firm|agency"
    r"|store|garage|hotel|farm|brewery|deli|practice|nursery|kennels|cattery|bookshop|workshop|clinic)\b",
    re.IGNORECASE,
)
_ROLES = (
    r"treasurer|secretary|chair|chairman|chairwoman|chairperson|president|vice[- ]president|vice[- ]chair"
    r"|captain|vice[- ]captain|coach|assistant coach|organi[sz]er|co-?organi[sz]er|founder|co-?founder|leader"
    r"|editor|membership secretary|social secretary|welfare officer|safeguarding lead|kit manager|street rep"
    r"|coordinator|co-ordinator|mod|moderator|admin|co-admin|" + _AT_WORK
)
# What one leads: a team, a club, a group of a kind ("our pub quiz team", "the local Scout group").
_LED = (
    r"team|club|group|choir|band|league|society|association|committee|pack|troop|brigade|scouts|brownies"
    r"|guides|cubs|beavers|rainbows|playgroup|food bank|parkrun|meetup|book club|quiz|quiz night|open mic"
    r"|litter pick|repair caf[eé]|community garden"
)
CIVIC_ROLES = (
    r"(?:school |parent )?governor|churchwarden|(?:Brownie|Scout|Cub|Guide|Beaver|Rainbow|youth) leader"
    r"|special constable|magistrate|(?:parish |town |city |county |local )?councillor|councilor|lay reader|bell ?ringer"
    r"|foster (?:carer|parent|mum|mom|dad)|retained firefighter|volunteer firefighter|lifeboat volunteer"
    r"|Samaritans volunteer"
    r"|lollipop (?:lady|man)|school crossing patrol|first responder|trustee|Samaritans listener|Childline volunteer"
    r"|hospice volunteer|befriender|deacon|lay preacher|justice of the peace|(?:church )?organist|choirmaster|verger"
    r"|(?:qualified )?(?:football |rugby |hockey |netball )?(?:referee|umpire)"
)
_WHERE = re.compile(r"\s+(?P<prep>at|in) (?P<place>(?:the )?(?-i:[A-Z])[\w'&-]*(?: (?-i:[A-Z])[\w'&-]*){0,2})")
_SINCE = re.compile(r"\s*,?\s*(since (?:(?:19|20)\d\d|last year)|for (?:\d+|two|three|four|five|six|ten) years)\b")
_LED_VERBS = {"captain": "captains", "chair": "chairs", "coach": "coaches", "run": "runs", "lead": "leads"}
_LED_VERBS |= {"organise": "organises", "organize": "organizes", "manage": "manages", "host": "hosts"}


def role_of_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm the treasurer of our residents' association", "I'm captain of the netball team", "I've been
    elected chair of the residents' association", "I'm a mod on the r/cooking subreddit": a role held in a
    group, for good."""
    what = said.phrase(match["what"])
    if not content_words(what):
        return None
    role = " ".join(match["role"].lower().split())
    if match["of"].lower() == "on" and role not in ("mod", "moderator", "admin", "co-admin"):
        return None  # "a mod on the subreddit", not "the captain on the day"
    article = f"{match['article'].lower()} " if match["article"] else ""
    since = _SINCE.match(match.string[match.end() :]) if match["been"] else None
    verb = "has been" if since else "is"  # "I've been captain of the thirds since 2021"
    if match["elected"]:  # "I've been elected chair of the residents' association"
        verb = f"was {match['elected'].split()[-1].lower()}"
        verb = "was voted in as" if verb == "was as" else verb
    text = f"{said.name} {verb} {article}{role} {match['of'].lower()} {what}" + (f" {since[1]}" if since else "")
    if re.fullmatch(r"(?:co-?)?owner", role) and not _BUSINESS.search(what):
        return None  # "I'm the owner of this dog": no business of theirs
    if re.fullmatch(_AT_WORK, role):  # their living, weighed as a job is
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("work", role.split()[-1]))
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("community", role.split()[-1]))


def leads_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I captain our pub quiz team", "I run the local Scout group": a group they lead, for good."""
    verb = match["verb"].lower()
    what = said.phrase(match["what"])
    text = f"{said.name} {'helps ' + verb if match['help'] else _LED_VERBS[verb]} {what}"  # "I help run …"
    rest = match.string[match.end() :]
    if where := _WHERE.match(rest):  # "the quiz night at the Crown"
        text += f" {where['prep'].lower()} {where['place']}"
    elif how_often := HOW_OFTEN.match(rest.lstrip()):  # "the Brownies on Mondays"
        text += f" {how_often[0]}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("community", match["led"].lower()))


def sits_on_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm on the PTA", "I'm on the board of a housing charity", "I'm on the parish council", "I'm on
    the committee at our fishing club", "I've been elected to the parish council"."""
    what = said.phrase(match["what"])
    topics = topics_of("community", *content_words(what)[:1])
    if match["elected"]:  # "I've been elected to the parish council": a step taken, for good
        text = f"{said.name} was {match['elected'].split()[-1].lower()} {match['onto'].lower()} the {what}"
        return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics)
    return said.fact(f"{said.name} is on the {what}", MemoryKind.FACT, MEDIUM, PERMANENT, topics)


def civic_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a school governor", "I'm a Brownie leader", "I've been made a magistrate": a role in public life."""
    role = " ".join(match["role"].split())
    role = role if role[0].isupper() else role.lower()
    verb = "became" if match["became"] else "is"  # "I've been made a magistrate": a step taken, for good
    long = re.search(rf"\b(?:{FOR_A_SPAN}|{SINCE_WHEN})\b", match.string[match.end("role") :], re.IGNORECASE)
    if match["been"]:
        if not long:
            return None  # "I've been a councillor": once, or still, it does not say
        verb = "has been"
    article = "the" if match["the"] else "an" if role[0].lower() in "aeiou" else "a"  # "the organist at St Mary's"
    text = f"{said.name} {verb} {article} {role}"
    if match["where"]:  # "a lifeboat volunteer with the RNLI", "a churchwarden at St Peter's"
        where = re.split(r" (?:for|since) ", match["where"])[0]  # "… for twenty years": said after it
        text += f" {match['prep'].lower()} {said.phrase(where, max_words=5)}"
    if match["been"] and long:
        text += f" {long[0].lower()}"  # "I've been a bell ringer for twenty years"
    if match["became"] and (when := past_time_in(match.string[match.end() :])):  # "… last year"
        text += f" {when}"
    kind, weight = (MemoryKind.EVENT, HIGH) if match["became"] else (MemoryKind.FACT, MEDIUM)
    return said.fact(text, kind, weight, PERMANENT, topics_of("community", role.split()[-1].lower()))


def performs_in_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I sing in the church choir", "I play bass in a covers band", "I've sung with the choir since
    2009": a group they perform in."""
    said_verb = match["verb"].lower()
    sings = said_verb in ("sing", "sung", "been singing")
    verb = ("has sung" if sings else "has played") if match["has"] else "sings" if sings else "plays"
    part = f" {match['part'].lower()}" if match["part"] else ""
    what = said.phrase(match["what"])
    text = f"{said.name} {verb}{part} {match['prep'].lower()} {what}"
    if match["has"] and (since := _SINCE.match(match.string[match.end() :])):  # "since 2009"
        text += f" {since[1]}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("music", match["group"].lower()))


def took_over_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I took over the farm from my dad in 2018", "I've taken over the family business": a living
    handed on to them, for good."""
    what = " ".join(match["what"].split())
    what = re.sub(r"^(?:my|our)\b", "their", what, flags=re.IGNORECASE)
    text = f"{said.name} took over {what}"
    if match["from"]:
        text += f" from their {match['from'].lower()}"
    if when := past_time_in(match.string[match.end() :]):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("work", match["business"].lower()))


RULES = [
    Rule(
        priority=1509,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:just |finally |officially )?(?:took|taken) over (?P<what>(?:the|my|our)"
            r" (?:family |(?:[a-z]+'s) )?(?P<business>farm|business|shop|pub|restaurant|bakery|caf[eé]|practice"
            r"|garage|firm|company|salon|hotel|nursery|kennels|brewery|deli|allotment))\b"
            r"(?: (?:from|off) (?:my|our) (?P<from>dad|father|mum|mom|mother|parents|grandad|grandpa|grandfather"
            r"|gran|grandma|grandmother|uncle|aunt|family|boss))?",
            re.IGNORECASE,
        ),
        build=took_over_rule,
    ),
    Rule(
        priority=1515,
        pattern=re.compile(
            r"\bI(?:'m| am|(?P<elected>(?:'ve| have)? (?:just )?(?:been|got|was) (?:elected|voted(?: in as)?|appointed"
            r"|made))|(?P<been>'ve been| have been))"
            rf" (?:(?:also|now|still) )?(?:(?P<article>the|a|an) )?(?:new )?"
            rf"(?P<role>{_ROLES}) (?P<of>of|for|on) (?!the pack\b)"  # not "leader of the pack"
            r"(?P<what>(?:the|our|my|a|an|this) (?:(?!since\b|for (?:\d+|two|three|four|five|six|ten) years)"
            r"[^,.!?;])+)",
            re.IGNORECASE,
        ),
        build=role_of_rule,
    ),
    Rule(
        priority=1516,
        pattern=re.compile(
            rf"\bI (?:(?:also|now|still) )?(?P<help>help (?:to )?)?(?P<verb>{'|'.join(_LED_VERBS)})"
            rf" (?P<what>(?:our|my|the|a|an) (?:[\w'-]+ ){{0,3}}?(?P<led>{_LED}))\b"
            r"(?! (?:team|club|group|night|league|society)\b)",  # "our pub quiz team": the team, not the quiz
            re.IGNORECASE,
        ),
        build=leads_rule,
    ),
    Rule(
        priority=1517,
        pattern=re.compile(
            r"\bI(?:(?:'m| am) (?:(?:also|now|still) )?on|(?P<elected>(?:'ve| have)? (?:just )?(?:been|was|got)"
            r" (?:elected|voted|co-opted|appointed)) (?P<onto>(?:on)?to)) the (?P<what>PTA|PTO"
            r"|(?:parish|town|city|district|student|school|youth) council"
            r"|board of (?:the |a |an |our )?[\w'&-]+(?: [\w'&-]+){0,3}"
            r"|(?:[\w'-]+ ){1,3}committee"  # "I'm on the committee at our fishing club": its club's
            r"|committee (?:at|of|for) (?:the |our |my |a )?(?:[\w'&-]+ ){0,3}?(?:club|society|association|league"
            r"|group|trust|school|church|f[eê]te|festival|carnival|fair|gala|show|parade))\b",
            re.IGNORECASE,
        ),
        build=sits_on_rule,
    ),
    Rule(
        priority=1518,
        pattern=re.compile(
            r"\bI(?:'m| am|(?P<became>(?:'ve| have)? (?:just |finally |now |recently )?(?:been (?:made|appointed"
            r"|elected|sworn in as)|become|became|was (?:made|appointed|elected|sworn in as)"
            r"|got (?:appointed|elected)))|(?P<been>'ve been| have been))"
            rf" (?:(?:also|now|still) )?(?:an? |(?P<the>the ))?(?P<role>{CIVIC_ROLES})\b"
            rf"(?: (?P<prep>with|at|for|of) (?P<where>(?:the )?{PROPER_NAME}"
            r"|(?:the|our|my) [^,.!?;]{2,40}))?",
            re.IGNORECASE,
        ),
        build=civic_rule,
    ),
    Rule(
        priority=1519,
        pattern=re.compile(
            r"\bI(?P<has>'ve| have)? (?:(?:also|now|still) )?(?P<verb>sing|play|(?<=ve )(?:sung|played|been singing"
            r"|been playing))(?: (?P<part>bass|drums|guitar|keys|keyboards|piano"
            r"|violin|cello|trumpet|sax|saxophone|flute|clarinet|trombone|tenor|alto|soprano))?"
            r" (?P<prep>in|with) (?P<what>(?:a|an|the|our|my) (?:[\w'-]+ ){0,2}?(?P<group>choir|band|orchestra|quartet"
            r"|ensemble))\b",
            re.IGNORECASE,
        ),
        build=performs_in_rule,
    ),
]
