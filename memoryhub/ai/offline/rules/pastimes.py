"""Hobbies, instruments and sports, clubs and classes, volunteering, languages and countries visited."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_time_in, time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    conjugate,
    content_words,
    join_names,
    lowered_as_said,
    since_age,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import FOR_A_SPAN, MARTIAL_ARTS, MONTHS

INSTRUMENTS = (
    r"guitar|bass|bass guitar|electric guitar|acoustic guitar|piano|keyboard|keys|drums|violin|viola|cello"
    r"|double bass|flute|clarinet|saxophone|sax|trumpet|trombone|tuba|harp|ukulele|uke|banjo|mandolin|harmonica"
    r"|accordion|oboe|bagpipes|synth|organ"
)
SPORTS = (
    r"walking football|walking netball|football|soccer|basketball|baseball|volleyball|tennis|table tennis"
    r"|ping pong|badminton|squash|golf|rugby"
    r"|cricket|hockey|ice hockey|field hockey|lacrosse|handball|water polo|netball|softball|pickleball|padel"
    r"|chess|poker|bridge|darts|pool|snooker|bowling|frisbee|ultimate frisbee|dodgeball|d&d|dnd"
    r"|dungeons (?:and|&) dragons"
    r"|(?:five|5)-a-side(?: football| soccer)?|sunday league|futsal|roller derby|ultimate|quidditch|disc golf"
    r"|mahjong|bingo|trivia"
    r"|video games|board games|minecraft|fortnite|league(?: of legends)?|valorant|overwatch|the sims|zelda|pokemon"
)
# What is played at a table or on a screen, not a sport: its topic is "games".
_GAMES = (
    r"chess|poker|bridge|mahjong|bingo|trivia|d&d|dungeons (?:and|&) dragons|video games|board games|minecraft"
    r"|fortnite|league(?: of legends)?|valorant|overwatch|the sims|zelda|pokemon"
)
# The games among SPORTS, as their names are written.
_TITLES = {
    name.lower(): name
    for name in (
        "Minecraft",
        "Fortnite",
        "League",
        "League of Legends",
        "Valorant",
        "Overwatch",
        "The Sims",
        "Zelda",
        "Pokemon",
        "Dungeons and Dragons",
        "Dungeons & Dragons",
    )
}
ACTIVITIES = (
    r"climbing|bouldering|rock climbing|hiking|running|jogging|swimming|surfing|skiing|snowboarding|fishing"
    r"|cycling|biking|mountain biking|skating|skateboarding|camping|dancing|kayaking|canoeing|sailing|rowing"
    rf"|yoga|pilates|crossfit|boxing|{MARTIAL_ARTS}|fencing|archery|horse riding|ballroom(?: dancing)?|birding"
    r"|knitting|crocheting|sewing|painting|drawing|sketching|pottery|baking|gardening|birdwatching|photography"
    r"|woodworking|calligraphy|origami|journaling|scuba diving|diving|paragliding|skydiving|weightlifting"
    r"|powerlifting|lifting|marathons?|triathlons?|parkour|salsa|ballet|tap|karaoke|cosplay|embroidery|coding"
    r"|quilting|metal detecting|geocaching|stand[- ]up paddleboarding|paddleboarding|snorkeling|spearfishing"
    r"|aqua aerobics|water aerobics|aquafit"
    r"|volunteering|aerial yoga|hot yoga|kundalini yoga|(?:home ?)?brewing(?! (?:coffee|tea|a |up|some)\b)|cosplaying"
    r"|fostering|bell ringing|(?:go-)?karting|bowling"
    r"|(?:wild|open water|sea|cold water) swimming|(?:trail|fell) running|(?:ice|roller) skating|longboarding|caving"
    r"|orienteering|mountaineering|kitesurfing|windsurfing|bikepacking|caravanning|campervanning"
)
LANGUAGES = (
    r"(?:British |American |Irish )?sign language|English|Spanish|French|German|Italian|Portuguese|Japanese|Chinese"
    r"|Mandarin|Cantonese|Korean|Arabic"
    r"|Hebrew|Russian|Hindi|Urdu|Bengali|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Czech|Greek|Turkish"
    r"|Vietnamese|Thai|Tagalog|Filipino|Indonesian|Malay|Swahili|Irish|Gaelic|Welsh|ASL|BSL"
    r"|Latin|Ukrainian|Romanian|Hungarian|Persian|Farsi|Punjabi|Tamil|Telugu|Catalan|Basque|Icelandic"
    r"|Esperanto|Yoruba|Amharic|Serbian|Croatian|Bulgarian|Slovak|Estonian|Latvian|Lithuanian|Afrikaans"
)
# A programming language learnt: "I'm learning Python" (Rust, Go, Swift, Ruby only as names).
_CODE = re.compile(
    r"\s*(Python|JavaScript|TypeScript|Java|C\+\+|C#|Kotlin|Haskell|Elixir|Scala|PHP|SQL|HTML|CSS|React|Django"
    r"|(?-i:Rust|Go|Swift|Ruby|Julia))(?![\w+#])",
    re.IGNORECASE,
)
_SPORT_VERBS = {"play": "plays", "played": "played", "playing": "plays"}


def plays_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I play the cello", "I've been playing tennis for 10 years", "I started learning piano", "I've
    been learning to play the cello for two years"."""
    what = match["what"].lower().replace("dnd", "D&D").replace("d&d", "D&D")
    what = _TITLES.get(what, what)  # "Minecraft", not "minecraft"
    instrument = re.fullmatch(INSTRUMENTS, what, re.IGNORECASE) is not None
    learning = "learn" in match["verb"].lower()
    since = third_person(since_age(phrase_cut(match["since"] or "", max_words=5)), said.name)  # "since I was 9"
    how = third_person(phrase_cut(match["how"] or "", max_words=8), said.name)  # "every Tuesday", "in a band"
    if learning and ("been" in match["verb"].lower() or since):
        text = f"{said.name} has been learning {'the ' if instrument else ''}{what}" + (f" {since}" if since else "")
    elif learning:
        text = f"{said.name} is learning {'the ' if instrument else ''}{what}"
    elif "started" in match["verb"].lower() and (
        (when := time_in(said.clause) or past_time_in(said.clause))
        or re.search(r"just|recently|finally", match["verb"], re.IGNORECASE)
    ):  # "I started playing chess last month", "I just started playing guitar": new, not a habit of years
        text = f"{said.name} started playing {'the ' if instrument else ''}{what}" + (f" {when}" if when else "")
    elif re.search(r"been|have|'ve", match["verb"], re.IGNORECASE) or since:
        text = f"{said.name} has played {'the ' if instrument else ''}{what}" + (
            f" {since or how}" if since or how else ""
        )
    else:  # "I played football at uni": in the past
        played = "played" if match["verb"].strip().lower() == "played" else "plays"
        text = f"{said.name} {played} {'the ' if instrument else ''}{what}" + (f" {how}" if how else "")
    topic = "music" if instrument else "games" if re.fullmatch(_GAMES, what, re.IGNORECASE) else "sport"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", topic, what))


_OWN = re.compile(r" (?:my|our) own (?P<own>[a-z-]+)\b(?! (?:and|or)\b)", re.IGNORECASE)


_FOSTERED = re.compile(
    r" (?:rescue )?(?:kittens|cats|dogs|puppies|children|kids|teenagers|teens|babies|greyhounds)\b"
    r"(?: for (?:the )?(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+)*)?"
    r"(?: for (?:over |about )?(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d+) (?:years?|months?))?"
)


def activity_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I go climbing every weekend", "I do yoga", "I've been knitting for years"."""
    what = lowered_as_said(match["what"])  # "to AA", "to Slimming World": a name as written
    if what.endswith("ing") and (own := _OWN.match(match.string, match.end())):
        what += f" their own {own['own'].lower()}"  # "brewing my own beer"
    elif what == "fostering" and (fostered := _FOSTERED.match(match.string, match.end())):
        what += fostered[0]  # "fostering kittens for the RSPCA"
    when = third_person(since_age(phrase_cut(match["when"] or "", max_words=7)), said.name)  # "before my shift"
    when = re.sub(r"^(?=(?:a|one|two|three|four|five|six|\d+) (?:years?|months?)\b)", "for ", when)
    verb = " ".join(w for w in match["verb"].lower().split() if w not in ("just", "recently", "finally", "only"))
    if "been going" in verb:  # "I've been going to the gym regularly"
        text = f"{said.name} has been going {what}"
    elif "been" in verb:
        text = f"{said.name} has been {'doing ' if not match['what'].lower().endswith('ing') else ''}{what}"
    elif re.search(r"\b(?:go|went|going)\b", verb):  # " go", " usually go", "started going"
        text = f"{said.name} goes {what}"
    elif "trying" in verb:  # "I'm trying out yoga"
        text = f"{said.name} is trying {what}"
    elif re.search(r"start|took|taken|taking|got into", verb):  # "I've started running again", "took up yoga"
        begun = re.sub(r"^(?:'m|am) ", "is ", re.sub(r"^(?:'ve|have) ", "has ", verb))
        text = f"{said.name} {begun} {what}" + (" again" if match.groupdict().get("again") else "")
        if not when and (began := past_time_in(match.string[match.end() :])):
            text += f" {began}"  # "I started painting last month"
    else:
        text = f"{said.name} does {what}"
    if when:
        text += f" {when}"
    place = re.sub(r"^to (?:the |a |my )?", "", what)  # "to the gym": the topic is the gym
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", place))


def hobby_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my hobby is woodworking", "my hobbies are chess and baking"."""
    what = phrase_cut(match["what"], max_words=8, commas=True)
    if not content_words(what):
        return None
    plural = match["plural"] is not None
    text = f"{said.name}'s hobbies are {what}" if plural else f"{said.name}'s hobby is {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


def habitual_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I collect vinyl records", "I volunteer at a food bank", "I'm a volunteer with mountain rescue", "I
    foster kittens for the RSPCA": what someone does as a matter of course."""
    what = phrase_cut(match["what"], max_words=8)
    if not content_words(what) or what.split()[0].lower() in ("it", "them", "that", "this", "you"):
        return None
    if re.search(r"\b(?:next|tomorrow|tonight|soon|later|this (?:weekend|week|month|year))\b", what, re.IGNORECASE):
        return None  # "I volunteer at the shelter tomorrow": once, not what they do as a matter of course
    verb, *preposition = match["verb"].lower().replace("volunteering", "volunteer").removeprefix("a ").split()
    text = " ".join([said.name, conjugate(verb), *preposition, third_person(what, said.name)])
    topic = "volunteering" if verb in ("volunteer", "foster") else "hobbies"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of(topic, *content_words(what)[-1:]))


def countries_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been to 30 countries", "I've visited over 20 countries": how far someone has travelled."""
    about = f"{match['about'].lower()} " if match["about"] else ""
    text = f"{said.name} has been to {about}{match['n'].lower()} countries{(match['when'] or '').lower()}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("travel"))


# "French cooking", "Thai food", "Italian cuisine": the language's people's food or art, not their language.
_NOT_THE_LANGUAGE = (
    r"\s+(?:food|foods|cuisine|cooking|cookery|dishes|dish|recipes|curry|curries|restaurants?|boxing|massage"
    r"|literature|history|art|music|films?|movies?|pastry|baking|wine|politics|culture)\b"
)


_LEARNT_FOR = re.compile(
    rf"\b(?:{FOR_A_SPAN}|since (?:(?:19|20)\d\d|uni"
    r"|school|january|february|march|april|may|june|july|august|september|october|november|december))\b",
    re.IGNORECASE,
)


def language_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I speak French and a bit of German", "I'm learning Japanese", "Spanish is my first language"."""
    groups = match.groupdict()
    said_of = next((groups[f"what{n}"] for n in ("", 2, 3, 4, 5, 6) if groups[f"what{n}"]), "")
    if re.match(r"\s*to (?!speak|talk|read|write|understand)", said_of, re.IGNORECASE):
        return None  # "I've been learning to cook Thai food": a skill, not the language
    languages = [
        word.lower() if word.lower() == "sign language" else word[0].upper() + word[1:]
        for word in re.findall(rf"\b(?:{LANGUAGES})\b(?!{_NOT_THE_LANGUAGE})", said_of, re.IGNORECASE)
    ]
    verb = next((groups[f"verb{n}"] for n in ("", 2, 3, 4) if groups[f"verb{n}"]), "") or (
        "grew up speaking" if groups["what3"] else "learning"
    )
    verb = verb.lower()
    if not languages and re.search(r"learn|study|teach", verb) and (code := _CODE.match(said_of)):
        text = f"{said.name} is learning {code[1]}"  # "I've been teaching myself Rust"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("programming", code[1]))
    if not languages:
        count = re.match(
            r"^\s*(?:like |about |around |over |at least )?(?P<n>\d+|two|three|four|five|six|seven|eight)"
            r" (?:languages|langs)\b",
            said_of,
            re.IGNORECASE,
        )
        if count is None or "speak" not in verb:
            return None
        text = f"{said.name} speaks {count['n'].lower()} languages"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("languages"))
    languages = list(dict.fromkeys(languages))
    listed = join_names(languages)
    if "grew up" in verb or verb == "spoke":
        text = f"{said.name} grew up speaking {listed}"
    elif "learn" in verb or "study" in verb or "taking" in verb or "teaching" in verb:
        text = f"{said.name} is learning {listed}"
        if span := _LEARNT_FOR.search(said_of):  # "I've been learning Japanese for 2 years"
            text = f"{said.name} has been learning {listed} {span[0].lower()}"
    elif "native" in verb or "first" in verb or "mother" in verb:
        text = f"{said.name}'s first language is {listed}"
    elif "second" in verb:  # "English is my second language"
        text = f"{said.name} speaks {listed} as a second language"
    elif "fluent" in verb:
        text = f"{said.name} is fluent in {listed}"
    else:
        text = f"{said.name} speaks {listed}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("languages", *languages[:2]))
    fact.gathered = True
    return fact


# Pastimes said with their own verb: "I swim laps most mornings", "I sing in a choir".
HOBBY_VERBS = (
    r"swim|run|jog|climb|boulder|surf|ski|snowboard|hike|cycle|bike|knit|crochet|sew|paint|draw|sketch|bake"
    r"|garden|box|dance|skate|sing|row|fish|sail|dive|kayak|meditate|journal|lift|golf|skateboard|quilt|brew"
    r"|cook|write|read|game|stream|volunteer|ride|grow|dj|busk"
)
# What makes such a verb a habit and not a one-off: how often, or where it is done with others.
REGULARLY = (
    r"every|each|most|daily|weekly|twice|once a|\d+x|\d+ times|three times"
    r"|(?:two|three|four|five|six|\d) (?:days|nights|mornings|evenings) a (?:week|month)"
    r"|on (?:weekends|saturdays|sundays"
    r"|mondays|tuesdays|wednesdays|thursdays|fridays)|in (?:a|the|our|my) (?:local )?(?:choir|band|orchestra|club"
    r"|team|league|group|crew)|laps|competitively|professionally|semi-pro|as a hobby|for fun|religiously"
    r"|a lot|regularly|in my free time|on the side|my own|her own|his own|their own|in the evenings|at weekends"
)
_CONJUGATED = {"box": "boxes", "fish": "fishes", "dive": "dives", "ride": "rides", "dj": "DJs"}


def hobby_verb_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I swim laps most mornings", "I sing in a choir at St. Mary's", "Yuki bakes her own sourdough", "I
    grow tomatoes"."""
    verb = match["verb"].lower()
    rest = phrase_cut(match["rest"] or "", max_words=10)
    grown = verb == "grow" and re.match(r"\s*(?!(?:tired|weary|old|older|up|fond|bored|impatient|more|less)\b)\w", rest)
    named_place = re.match(r"at (?:the )?(?-i:[A-Z])", rest)  # "I climb at The Arch": where they always do
    if not grown and not named_place and not re.search(rf"\b(?:{REGULARLY})", rest, re.IGNORECASE):
        return None  # "I grow tomatoes" is what they do; "I swim" alone may be once
    conjugated = _CONJUGATED.get(verb, verb + "es" if verb.endswith(("sh", "ch", "x")) else verb + "s")
    text = f"{said.name} {conjugated} {third_person(rest, said.name)}".strip()
    if grown:  # "I grow dahlias": gardening, and what is grown
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gardening", *content_words(rest)[-1:]))
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", verb))


def regular_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I never miss Thursday chess club", "haven't missed a Sunday league match in three years"."""
    what = phrase_cut(match["what"], max_words=8)
    if not content_words(what) or what.split()[0].lower() in ("it", "you", "that", "this", "him", "her", "them"):
        return None
    text = f"{said.name} never misses {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


def spends_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "weekends are for bouldering", "my evenings are for painting miniatures"."""
    what = phrase_cut(match["what"], max_words=8)
    if not content_words(what) or what.split()[0].lower() in ("me", "you", "sleeping", "sleep", "resting", "rest"):
        return None
    text = f"{said.name} spends {match['when'].lower()} {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


RACE_HALF = re.compile(r"\b((?-i:[A-Z])[\w'-]+ half)\b(?! marathon)")  # "the Lisbon half": a half marathon


def did_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "climbed Mt. Rainier last yr", "I coach my daughter's basketball team", "signed up for a marathon",
    "I'm training for Mt. Whitney", "I won the county darts tournament", "I organized a charity run":
    an achievement or a commitment worth remembering."""
    what = RACE_HALF.sub(r"\1 marathon", phrase_cut(match["what"] or match["what2"], max_words=9))
    if not content_words(what) or what.split()[0].lower() in ("it", "that", "this", "you", "them"):
        return None
    verb = " ".join(match["verb"].lower().split()) if match["verb"] else "is training for"
    verb = {"coach": "coaches", "organised": "organized"}.get(verb, verb)
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


def class_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm taking a pottery class", "I've been taking a salsa class lately", "I'm taking swimming
    lessons": a class one goes to."""
    what = " ".join(match["what"].split())
    if what.lower().endswith(("lessons", "classes")):
        what = re.sub(r"^an? ", "", what, flags=re.IGNORECASE)  # "a painting classes": a slip of the keys
    elif not re.match(r"(?:a|an|some|my)\b", what, re.IGNORECASE):
        what = f"{article_for(what)} {what}"
    text = f"{said.name} is taking {third_person(what, said.name)}"
    if about := re.match(
        r"\s+(?P<prep>on|in|about) (?P<topic>[\w+#'-]+(?: [\w+#'-]+){0,3})", match.string[match.end() :]
    ):
        text += f" {about['prep']} {phrase_cut(about['topic'], max_words=4)}"  # "a class on Python"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:1]))


def volunteered_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I volunteered at the food bank last week": a time one helped out, for a month."""
    said_where = re.split(r",| (?:and|but|so) (?=(?:they|it|we|he|she|I|that|this)\b)", match["where"])[0]
    where = phrase_cut(said_where, max_words=8)  # not "… and they handed out mugs"
    if not content_words(where):
        return None
    text = f"{said.name} volunteered {match['how'].lower()} {third_person(where, said.name)}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("volunteering", *content_words(where)[-1:]))


def mentoring_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm now mentoring the junior devs on my team", "I tutor kids at the local school"."""
    verb = match["verb"].lower()
    doing = {"mentor": "mentors", "coach": "coaches", "tutor": "tutors"}.get(verb, f"is {verb}")
    where = re.match(r"\s*(?P<prep>on|at|in|from|for) (?P<p>(?:my|our|the|a|an|their) [\w' -]{2,40})", match["rest"])
    text = f"{said.name} {doing} {match['who'].lower()}"
    if where:
        text += f" {where['prep']} {third_person(phrase_cut(where['p'], max_words=5), said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("volunteering", verb.removesuffix("ing")))


def donated_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I donated my old laptop to a local school yesterday": a gift to a cause, and when."""
    what = third_person(" ".join(match["what"].split()), said.name)
    to = third_person(" ".join(match["to"].split()), said.name)
    text = f"{said.name} donated {what} to {to}"
    if when := past_time_in(match["rest"] or ""):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("volunteering", *content_words(what)[-1:]))


def joined_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I joined a book club", "I just joined a volunteer-run hiking group": a group one belongs to."""
    what = match["what"]  # as written: "a Thursday night darts league"
    text = f"{said.name} joined {'the' if match['named'] else article_for(what)} {what}"
    rest = match.string[match.end() :]
    month = re.match(rf"\s+in ({MONTHS})\b", rest, re.IGNORECASE)  # "… in January", "… last year"
    if when := f"in {month[1].capitalize()}" if month else past_time_in(rest):
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[-1:]))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=230,
        pattern=re.compile(
            # ("we volunteer at the food bank": a household's, not "we collect the kids at 3")
            r"\b(?:I(?:'m| am)?|we(?:'re| are)?(?= (?:\w+ )?(?:foster|volunteer)))"
            r" (?:(?:also|still|now|regularly|currently|both) )?"
            r"(?P<verb>collect|foster|(?:a )?volunteer(?:ing)? (?:at|with|for|as))\b (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=habitual_rule,
    ),
    Rule(
        priority=650,
        pattern=re.compile(
            r"\bI(?:'ve| have) (?:now |already |actually )?(?:been to|visited|travell?ed to)"
            r" (?P<about>over|about|around|more than|almost|nearly)? ?"
            r"(?P<n>\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty) countries\b"
            r"(?P<when> (?:this|last) (?:year|month|summer|trip)| so far(?: this year)?)?",
            re.IGNORECASE,
        ),
        build=countries_rule,
    ),
    Rule(
        priority=800,
        pattern=re.compile(
            r"\bI(?:(?:'m| am|'ve been| have been) (?:(?:also|currently|now|still|actually) )?"
            r"|(?:'ve| have)? (?:(?:also|just|recently) )?started )taking"
            r" (?P<what>(?:(?:a|an|some|my) )?(?:[a-z-]+ ){0,3}?(?:class|classes|course|lessons|workshop))\b",
            re.IGNORECASE,
        ),
        build=class_rule,
    ),
    Rule(
        priority=970,
        pattern=re.compile(
            r"\bI(?:'ve| have)? (?:(?:just|recently|finally|also) )?joined (?:a|an|the|my local)"
            r" (?P<what>(?:[\w-]+ ){0,3}?(?:gym"
            r"|club|choir|band|team|group|league|class|society|orchestra|running club|book club|community garden"
            r"|church|mosque|synagogue|temple|congregation|union|co-op|coop|gaming clan|clan|guild|program|programme"
            r"|organi[sz]ation|charity|nonprofit|non-profit|committee|network|forum|online community|subreddit"
            r"|discord(?: server)?|fan club|meetup(?: group)?)"
            # a body known by its name: "I've joined the WI", "joined the Labour Party"
            r"|(?<=the )(?P<named>WI|Women's Institute|U3A|Rotary|Round Table|Lions|RNLI|Men's Shed|Freemasons"
            r"|Masons|Salvation Army|Red Cross|Labour Party|Conservative Party|Conservatives|Lib Dems"
            r"|Liberal Democrats|Green Party|Greens|SNP|Plaid|Territorial Army|TA|Army Reserve|National Trust"
            r"|Mothers' Union|Townswomen's Guild))\b",
            re.IGNORECASE,
        ),
        build=joined_rule,
    ),
    Rule(
        priority=990,
        pattern=re.compile(
            r"\bI(?:'m| am)? (?:(?:now|also|currently|still) )?(?P<verb>mentor|mentoring|coach|coaching|tutor|tutoring)"
            r" (?P<who>(?:the |some |a few |young |younger |local |new )*(?:[a-z-]+ )?(?:players|kids|students|teens"
            r"|children|interns|juniors|developers|devs|girls|boys|women|people|beginners|refugees|team))\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=mentoring_rule,
    ),
    Rule(
        priority=1050,
        pattern=re.compile(
            r"\bI (?:(?:also|even|just|recently) )?(?:volunteered|got to volunteer) (?P<how>at|with|for) (?P<where>.+)",
            re.IGNORECASE,
        ),
        build=volunteered_rule,
    ),
    Rule(
        priority=1060,
        pattern=re.compile(
            r"\bI (?:just |recently |finally |also )?donated (?P<what>(?:my|our|a|an|some|the) [\w' -]{2,40}?)"
            r" to (?P<to>(?:a|an|the|my|our|this|that) [\w' -]{2,40}?)"
            r"(?=\s+(?:I|we|that|who|which|yesterday|today|last|this|on|in)\b|[,.!]|$)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=donated_rule,
    ),
    Rule(
        priority=1090,
        pattern=re.compile(
            rf"\bI(?P<verb> play| played|(?: have|'ve) played|(?: have|'ve) been (?:playing|practi[cs]ing)"
            rf"| practi[cs]e|(?: just| recently| finally)? (?:started|love|like) playing|(?:'m| am) (?:learning"
            rf"|learning to play"
            rf"|taking lessons in|getting into)|(?: have|'ve) been (?:learning|learning to play|taking lessons in)"
            rf"|(?: have|'ve)?(?: just| recently| finally)? started learning(?: to play)?)"
            rf" (?:the |a (?:little|bit of) )?(?P<what>{INSTRUMENTS}|{SPORTS})\b"
            # "for 20 years" is how long, "for Hastings" whom for
            rf"(?:(?P<since> (?:{FOR_A_SPAN}|for (?:about|around|nearly|almost|over|the (?:last|past)|years|ages"
            rf"|decades|a while|a long time)\b|since ).*)"
            rf"|(?P<how>(?: every| on| in a| in the| with| at| twice| once| for)"
            rf" (?:(?! (?:if|but|so|because|though|when|unless)\b)[^,;!?])+))?",
            re.IGNORECASE,
        ),
        build=plays_rule,
    ),
    Rule(
        priority=1100,
        pattern=re.compile(
            # "we've been fostering for 7 years": a household's pastime, so the speaker's too
            rf"\b(?:I|we(?=(?:'ve| have) been))(?P<verb> go| do| practi[cs]e|(?:'ve| have) (?:only )?been(?: doing)?"
            rf"| (?:usually|often) go"
            rf"|(?:'ve| have)?(?: just| recently| finally)? (?:started(?: doing)?|took up|taken up|got into)"
            rf"|(?:'m| am|'ve been| have been)(?: just| also| now)? (?:starting|taking|doing|trying(?: out)?))"
            rf" (?P<what>(?:{ACTIVITIES})(?: (?:classes|lessons))?)\b(?P<again> again)?(?: there| here)?"
            rf"(?P<when> (?:every|each|on|most|twice|once|three times|at|since|for|with) .+"  # "with my wife"
            r"| (?:a|one|two|three|four|five|six|\d+) (?:years?|months?)\b.*)?",  # "only been surfing a year"
            re.IGNORECASE,
        ),
        build=activity_rule,
    ),
    Rule(
        priority=1110,
        pattern=re.compile(
            r"\bI(?P<verb> go| (?:usually|often|still|normally) go|(?:'ve| have)?(?: just| recently| finally)? started"
            r" going|(?:'ve| have) been going)"
            r" (?P<what>to (?:the )?gym|to (?:the )?pool|to (?:church|mass|the mosque|temple|synagogue)"
            r"|to (?:a |my |the )?(?:yoga|pilates|spin|dance|pottery|art|boxing|climbing|cooking|swimming|salsa|zumba"
            r"|boot ?camps?|crossfit|karate|judo|kickboxing)(?: class(?:es)?)?|to (?:a |my |the )?(?:therapy|therapist"
            r"|counseling|counselling|(?:[\w-]+ )?support group|book club|choir|running club)"
            r"|to (?:AA|NA|Al-Anon|Alcoholics Anonymous|Narcotics Anonymous|Slimming World|Weight Watchers)"
            r"(?: meetings)?)\b"
            r"(?P<when> (?:every|each|on|most|twice|once|three times|at|before|after) .+"
            r"| (?:regularly|religiously)\b.*)?",
            re.IGNORECASE,
        ),
        build=activity_rule,
    ),
    Rule(
        priority=1120,
        pattern=re.compile(r"\bmy (?:main |favou?rite |new )?hobb(?:y is|(?P<plural>ies) are) (?P<what>.+)", re.I),
        build=hobby_rule,
    ),
    Rule(
        priority=1130,
        pattern=re.compile(
            rf"\bI (?:do |also |still |usually |often |regularly |mostly |try to |like to |love to )?"
            rf"(?P<verb>{HOBBY_VERBS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hobby_verb_rule,
    ),
    Rule(
        priority=1140,
        pattern=re.compile(
            r"\bI(?: (?:literally|basically|pretty much))? (?:never miss|(?:haven't|have not) missed) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=regular_rule,
    ),
    Rule(
        priority=1150,
        pattern=re.compile(
            r"^(?:my )?(?P<when>weekends|saturdays|sundays|evenings|nights|mornings|fridays|summers|winters)"
            r" are (?:for|all about) (?P<what>.+)",
            re.IGNORECASE,
        ),
        build=spends_rule,
    ),
    Rule(
        priority=1160,
        pattern=re.compile(
            r"\b(?:I|we) (?:just |finally |recently |also |actually )?(?P<verb>climbed|hiked|summited|ran|finished"
            r"|completed|coach|signed up for|entered|qualified for|won|organi[sz]ed|hosted|set up)"
            r" (?P<what>(?:Mt[\u2024.]?|Mount) [A-Z][\w'-]+.*|(?:an?|the|my|his|her|their|our) .{0,60}?"
            r"(?:marathon|half marathon|ultra|triathlon|ironman|race|10k|5k|tournament|team|league|club|competition"
            r"|trail|peak|summit|mountain|volcano|award|prize|championship|contest|medal|trophy|bake-off|cook-off"
            r"|hackathon|scholarship|grant|lottery|raffle|fundraiser|charity run|fun run|seminar|workshop|meetup"
            r"|bake sale|food drive|toy drive|cleanup|clean-up|conference|(?-i:[A-Z])[\w'-]+ half(?! of\b))\b.*)"
            r"|\bI(?P<verb2>'m| am) (?:now |currently |also )?training for (?P<what2>.+)",
            re.IGNORECASE,
        ),
        build=did_rule,
    ),
    Rule(
        priority=1200,
        pattern=re.compile(
            r"\bI(?P<verb> speak| can speak|(?:'m| am) (?:learning|studying|taking|trying to learn)"
            r"|(?:'ve| have)?(?: just| recently| finally)? started (?:learning|studying|taking)|(?:'m| am)"
            r" (?:(?:properly|also|only|completely) )?fluent in|(?:'m| am) (?:a )?native| grew up speaking| get by in"
            r"|(?:'ve| have) been (?:learning|studying)|(?:'m| am|'ve been| have been) teaching myself)(?P<what> .+)"
            r"|\bmy (?P<verb2>native|first|mother|second) (?:language|tongue) is(?P<what2> .+)"
            r"|\b(?P<what6>[A-Za-z]+(?: and [A-Za-z]+)?) (?:is|are) my (?P<verb4>native|first|mother|second)"
            r" (?:language|tongue)s?\b"
            r"|\b(?:growing up|as a kid|as kids|at home) (?:we|I) (?:spoke|speak)(?P<what3> .+)"
            # "on Duolingo for Welsh", "I'm doing Duolingo Japanese", "doing Japanese on Duolingo"
            r"|\b(?:(?:duolingo|language exchange|babbel)\b[^.]{0,40}?\b(?:for|in) |(?:doing|on) (?:duolingo|babbel) "
            r"|doing (?=[A-Za-z]+ on (?:duolingo|babbel)\b))(?P<what4>[A-Za-z]+)"
            r"|^(?:(?:a|and) )?(?P<verb3>native)(?P<what5> [A-Za-z]+) speaker\b",  # "I'm Yuki, native Japanese speaker"
            re.IGNORECASE,
        ),
        build=language_rule,
    ),
]
