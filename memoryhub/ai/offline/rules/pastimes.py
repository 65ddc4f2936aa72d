"""Hobbies, instruments, sports and teams, favourites, languages and opinions."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said, past_time_in, time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    conjugate,
    content_words,
    join_names,
    third_person,
    topics_of,
    uncapitalised,
)
from memoryhub.ai.offline.vocabulary import MONTHS, WEEKDAYS, word_set

INSTRUMENTS = (
    r"guitar|bass|bass guitar|electric guitar|acoustic guitar|piano|keyboard|keys|drums|violin|viola|cello"
    r"|double bass|flute|clarinet|saxophone|sax|trumpet|trombone|tuba|harp|ukulele|uke|banjo|mandolin|harmonica"
    r"|accordion|oboe|bagpipes|synth|organ"
)
SPORTS = (
    r"football|soccer|basketball|baseball|volleyball|tennis|table tennis|ping pong|badminton|squash|golf|rugby"
    r"|cricket|hockey|ice hockey|field hockey|lacrosse|handball|water polo|netball|softball|pickleball|padel"
    r"|chess|poker|bridge|darts|pool|snooker|bowling|frisbee|ultimate frisbee|dodgeball|d&d|dnd"
    r"|dungeons (?:and|&) dragons"
    r"|(?:five|5)-a-side(?: football| soccer)?|sunday league|futsal|roller derby|ultimate|quidditch|disc golf"
    r"|mahjong|bingo|trivia"
    r"|video games|board games|minecraft|fortnite|league(?: of legends)?|valorant|overwatch|the sims|zelda|pokemon"
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
    r"|yoga|pilates|crossfit|boxing|kickboxing|karate|judo|jiu[- ]jitsu|bjj|fencing|archery|horse riding"
    r"|knitting|crocheting|sewing|painting|drawing|sketching|pottery|baking|gardening|birdwatching|photography"
    r"|woodworking|calligraphy|origami|journaling|scuba diving|diving|paragliding|skydiving|weightlifting"
    r"|powerlifting|lifting|marathons?|triathlons?|parkour|salsa|ballet|tap|karaoke|cosplay|embroidery"
    r"|quilting|metal detecting|geocaching|stand[- ]up paddleboarding|paddleboarding|snorkeling|spearfishing"
    r"|volunteering|aerial yoga|hot yoga|kundalini yoga"
)
LANGUAGES = (
    r"English|Spanish|French|German|Italian|Portuguese|Japanese|Chinese|Mandarin|Cantonese|Korean|Arabic"
    r"|Hebrew|Russian|Hindi|Urdu|Bengali|Dutch|Swedish|Norwegian|Danish|Finnish|Polish|Czech|Greek|Turkish"
    r"|Vietnamese|Thai|Tagalog|Filipino|Indonesian|Malay|Swahili|Irish|Gaelic|Welsh|ASL|sign language"
    r"|Latin|Ukrainian|Romanian|Hungarian|Persian|Farsi|Punjabi|Tamil|Telugu|Catalan|Basque|Icelandic"
    r"|Esperanto|Yoruba|Amharic|Serbian|Croatian|Bulgarian|Slovak|Estonian|Latvian|Lithuanian|Afrikaans"
)
_SPORT_VERBS = {"play": "plays", "played": "played", "playing": "plays"}


def plays_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I play the cello", "I've been playing tennis for 10 years", "I started learning piano", "I've
    been learning to play the cello for two years"."""
    what = match["what"].lower().replace("dnd", "D&D").replace("d&d", "D&D")
    what = _TITLES.get(what, what)  # "Minecraft", not "minecraft"
    instrument = re.fullmatch(INSTRUMENTS, what, re.IGNORECASE) is not None
    learning = "learn" in match["verb"].lower()
    since = re.sub(r"\bI was\b", "they were", phrase_cut(match["since"] or "", max_words=5))  # "since I was a kid"
    since = third_person(since, said.name)
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
        text = f"{said.name} has played {'the ' if instrument else ''}{what}" + (f" {since}" if since else "")
    else:  # "I played football at uni": in the past
        played = "played" if match["verb"].strip().lower() == "played" else "plays"
        text = f"{said.name} {played} {'the ' if instrument else ''}{what}" + (f" {how}" if how else "")
    topic = "music" if instrument else "sport"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", topic, what))


def activity_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I go climbing every weekend", "I do yoga", "I've been knitting for years"."""
    what = match["what"].lower()
    when = third_person(phrase_cut(match["when"] or "", max_words=5), said.name)  # "before my shift"
    verb = " ".join(w for w in match["verb"].lower().split() if w not in ("just", "recently", "finally"))
    if "been" in verb:
        text = f"{said.name} has been {'doing ' if not what.endswith('ing') else ''}{what}"
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
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", what))


def hobby_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my hobby is woodworking", "my hobbies are chess and baking"."""
    what = phrase_cut(match["what"], max_words=8, commas=True)
    if not content_words(what):
        return None
    plural = match["plural"] is not None
    text = f"{said.name}'s hobbies are {what}" if plural else f"{said.name}'s hobby is {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


def fan_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I support Arsenal", "I'm a huge Lakers fan"."""
    team = phrase_cut(match["team"] or match["team2"], max_words=4)
    if team and team.islower():  # "f1", "nba": a league, written in capitals
        team = team.upper() if len(team) <= 4 else team.title()
    if not team or not team[0].isupper() or team.split()[0] in ("I", "I'm", "I've"):
        return None  # "support I had from friends meant a lot": no team
    text = f"{said.name} supports {team}" if match["verb"] else f"{said.name} is {article_for(team)} {team} fan"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("sport", team))


def favourite_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my favourite band is Muse", "Dune is my all-time favourite book"."""
    thing = (match["thing"] or match["thing2"]).lower().strip()
    raw = re.sub(
        r"^(?:(?:ok|okay|but|and|so|honestly|tbh|ngl|yeah|well|like|lol)\b[\s,]*)+",
        "",
        match["value"] or match["value2"],
        flags=re.I,
    )
    value = phrase_cut(raw, max_words=8)
    if not value or not thing or value.lower() in ("it", "that", "this", "mine"):
        return None
    if match["value2"]:
        value = uncapitalised(value)  # "Running a marathon is my number one goal"
    if thing in _AIMS:  # a goal is not a taste: "my number one goal", "my top priority"
        rank = "main" if "fav" in match[0].lower() else "top"
        text = f"{said.name}'s {rank} {thing} is {third_person(value, said.name)}"
        return said.fact(text, MemoryKind.PLAN, MEDIUM, PERMANENT, topics_of("goals", *content_words(value)[:2]))
    text = f"{said.name}'s favourite {thing} is {third_person(value, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("favourites", thing))


_AIMS = word_set("goal goals priority priorities aim ambition dream")


def habitual_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I collect vinyl records", "I volunteer at a food bank": what someone does as a matter of course."""
    what = phrase_cut(match["what"], max_words=8)
    if not content_words(what) or what.split()[0].lower() in ("it", "them", "that", "this", "you"):
        return None
    if re.search(r"\b(?:next|tomorrow|tonight|soon|later|this (?:weekend|week|month|year))\b", what, re.IGNORECASE):
        return None  # "I volunteer at the shelter tomorrow": once, not what they do as a matter of course
    verb, *preposition = match["verb"].lower().replace("volunteering", "volunteer").split()
    text = " ".join([said.name, conjugate(verb), *preposition, third_person(what, said.name)])
    topic = "volunteering" if verb == "volunteer" else "hobbies"
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


def language_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I speak French and a bit of German", "I'm learning Japanese", "Spanish is my first language"."""
    groups = match.groupdict()
    said_of = groups["what"] or groups["what2"] or groups["what3"] or groups["what4"] or ""
    if re.match(r"\s*to (?!speak|talk|read|write|understand)", said_of, re.IGNORECASE):
        return None  # "I've been learning to cook Thai food": a skill, not the language
    languages = [
        word[0].upper() + word[1:]
        for word in re.findall(rf"\b(?:{LANGUAGES})\b(?!{_NOT_THE_LANGUAGE})", said_of, re.IGNORECASE)
    ]
    verb = (groups["verb"] or groups["verb2"] or ("grew up speaking" if groups["what3"] else "learning")).lower()
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
    elif "learn" in verb or "study" in verb or "taking" in verb:
        text = f"{said.name} is learning {listed}"
    elif "native" in verb or "first" in verb or "mother" in verb:
        text = f"{said.name}'s first language is {listed}"
    elif "fluent" in verb:
        text = f"{said.name} is fluent in {listed}"
    else:
        text = f"{said.name} speaks {listed}"
    fact = said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("languages", *languages[:2]))
    fact.gathered = True
    return fact


# What a thought starting so says is of oneself or the moment, not a view held: "I think I've been
# to Paris", "I don't think it's open".
_NOT_A_VIEW = word_set("i i'm i've i'd i'll it it's so that this you we we're we've they")
_WHOM = word_set("us me them him her yourself yourselves myself each")


def opinion_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "honestly I think remote work is the best" — a view held, not a passing remark."""
    what = phrase_cut(match["what"], max_words=14, commas=True)
    words = what.split()
    verb = " ".join(match["verb"].lower().split())
    believes_in = "believe" in verb and bool(words) and words[0].lower() == "in"  # "I believe in ghosts": a value
    if len(words) < (2 if believes_in else 3) or words[0].lower() in _NOT_A_VIEW:
        return None
    if words[0].lower() in ("about", "of", "back") and not words[1].lower().endswith("ing"):
        return None  # "I think about the places I've lived": a musing; "I think about quitting" is kept
    if believes_in and words[1].lower().strip("!.,") in _NOT_A_VIEW | _WHOM:
        return None  # "I believe in us!", "I believe in you": cheer, not a value
    if "convinced" in verb:
        think = "is convinced"
    elif "n't" in verb or " not " in f" {verb} ":
        think = "doesn't think" if "think" in verb else "doesn't believe"
    elif "always" in verb:
        think = "has always thought"
    elif believes_in:
        think = "believes"
    else:
        think = "thinks"
    text = f"{said.name} {think} {third_person(uncapitalised(what), said.name)}"
    fact = said.fact(
        text, MemoryKind.INSIGHT, LOW_IMPORTANCE, PERMANENT, topics_of("opinions", *content_words(what)[:2])
    )
    fact.gathered = believes_in  # "believes in honesty and looking out for others": one value, not a list
    return fact


LOW_IMPORTANCE = "low"


# Pastimes said with their own verb: "I swim laps most mornings", "I sing in a choir".
HOBBY_VERBS = (
    r"swim|run|jog|climb|boulder|surf|ski|snowboard|hike|cycle|bike|knit|crochet|sew|paint|draw|sketch|bake"
    r"|garden|box|dance|skate|sing|row|fish|sail|dive|kayak|meditate|journal|lift|golf|skateboard|quilt|brew"
    r"|cook|write|read|game|stream|volunteer|ride"
)
# What makes such a verb a habit and not a one-off: how often, or where it is done with others.
REGULARLY = (
    r"every|each|most|daily|weekly|twice|once a|\d+x|\d+ times|three times|on (?:weekends|saturdays|sundays"
    r"|mondays|tuesdays|wednesdays|thursdays|fridays)|in (?:a|the|our|my) (?:local )?(?:choir|band|orchestra|club"
    r"|team|league|group|crew)|laps|competitively|professionally|semi-pro|as a hobby|for fun|religiously"
    r"|a lot|regularly|in my free time|on the side|my own|her own|his own|their own"
)
_CONJUGATED = {"box": "boxes", "fish": "fishes", "dive": "dives", "ride": "rides"}


def hobby_verb_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I swim laps most mornings", "I sing in a choir at St. Mary's", "Yuki bakes her own sourdough"."""
    verb = match["verb"].lower()
    rest = phrase_cut(match["rest"] or "", max_words=10)
    if not re.search(rf"\b(?:{REGULARLY})", rest, re.IGNORECASE):
        return None
    conjugated = _CONJUGATED.get(verb, verb + "es" if verb.endswith(("sh", "ch", "x")) else verb + "s")
    text = f"{said.name} {conjugated} {third_person(rest, said.name)}".strip()
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


def did_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "climbed Mt. Rainier last yr", "I coach my daughter's basketball team", "signed up for a marathon",
    "I'm training for Mt. Whitney", "I won the county darts tournament", "I organized a charity run":
    an achievement or a commitment worth remembering."""
    what = phrase_cut(match["what"] or match["what2"], max_words=9)
    if not content_words(what) or what.split()[0].lower() in ("it", "that", "this", "you", "them"):
        return None
    verb = " ".join(match["verb"].lower().split()) if match["verb"] else "is training for"
    verb = {"coach": "coaches", "organised": "organized"}.get(verb, verb)
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


_MEDIA_VERBS = {"listen to": "listens to", "watch": "watches", "read": "reads", "play": "plays"}


def media_habit_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I listen to a lot of jazz", "I watch loads of anime", "I read mostly fantasy": what one
    takes in as a habit (the quantity says it is one; "I watch the game tonight" is not)."""
    what = phrase_cut(match["what"], max_words=4).lower()
    if not content_words(what):
        return None
    verb = _MEDIA_VERBS[" ".join(match["verb"].lower().split())]
    text = f"{said.name} {verb} {match['much'].lower().strip()} {what}"
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[:2]))


_NOT_A_TITLE = frozenset({"netflix", "youtube", "tv", "tiktok", "twitch", "stuff", "something", "it"})


def _title(match: re.Match[str], said: Said) -> tuple[str, str]:
    """The title the match names, in quotes or without the small words it ran on into ("Dune and
    loved it"), and what follows it; "" when it is not one ("netflix", "Leo's message", a member)."""
    if match["quoted"]:
        title = match["quoted"].strip(" .!,")
        return title, match.string[match.end("quoted") + 1 :]
    title = re.sub(r"(?: (?:of|the|and|a|in|on|to))+$", "", match["title"].strip(" .!,"), flags=re.IGNORECASE)
    if (
        title.lower() in _NOT_A_TITLE
        or title.endswith("'s")
        or said.reader.member(title) is not None
        or re.fullmatch(f"{MONTHS}|{WEEKDAYS}|christmas|easter", title, re.IGNORECASE)
    ):
        return "", ""
    return title, match.string[match.start("title") + len(title) :]


def current_media_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm currently reading The Hobbit", "rewatching Breaking Bad": what one is in the middle of,
    for a month. Only a title (capitalised), not "reading a book" or "watching Netflix"."""
    title, _after = _title(match, said)
    if not title:
        return None
    verb = " ".join(match["verb"].lower().replace("re-watching", "rewatching").split())
    text = f"{said.name} is {verb} {title}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("hobbies", *content_words(title)[:2]))


_LOVED_IT = re.compile(
    r"^\s*(?:,|-|and|&)?\s*(?:I )?(?:(?:absolutely|really|totally|just) )?(?P<how>loved|adored|enjoyed|really liked)"
    r" (?:it|every (?:minute|page|second) of it)\b",
    re.IGNORECASE,
)


def finished_media_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just finished reading Dune", "I finally watched Oppenheimer and loved it", "just binged
    Severance": a title one has read, seen or played, for a month; for good when they loved it.
    Only a title (capitalised): "I just finished a book" names none."""
    title, after = _title(match, said)
    if not title:
        return None
    topics = topics_of("hobbies", *content_words(title)[:2])
    if match["verb"]:
        done = match["verb"].lower()
    else:
        done = " ".join(filter(None, [match["finished"].lower(), (match["how"] or "").lower()]))
    text = f"{said.name} {done} {title}"
    if loved := _LOVED_IT.match(after):
        how = "enjoyed" if loved["how"].lower() == "enjoyed" else "loved"
        return said.fact(f"{text} and {how} it", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics)


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
    where = phrase_cut(said_where, max_words=8)  # not "… and they gave me a T-shirt"
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


def project_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm writing a fantasy novel", "I'm working on my thesis", "I'm running for city council": a
    project of months one is in the middle of."""
    verb = " ".join((match["verb"] or match["verb2"]).lower().split())
    what = " ".join((match["what"] or match["what2"]).split())
    if match["what"] and (about := re.match(r"\s+(?P<about>(?:about|on) .+)", match.string[match.end() :])):
        about_what = phrase_cut(about["about"], max_words=8)  # "a book about my grandmother"
        what += " " + about_what
    what = third_person(what, said.name)
    text = f"{said.name} is {verb} {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("projects", *content_words(what)[:3]))


# When a title was a childhood favourite: "as a kid", "growing up", "when I was little" (said "as a kid").
_YOUNG = re.compile(r"\s*(?:(?P<when>as a (?:kid|child|teen|teenager)|growing up)|when I was (?:a kid|little|young))")


def loved_title_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I loved \"The Overstory\" by Richard Powers", "I really enjoyed The Bear", "I loved reading
    \"The Hobbit\" as a kid": a title one loved."""
    title, after = _title(match, said)
    if not title:
        return None
    how = "enjoyed" if match["loved"].lower() == "enjoyed" else "loved"
    young = _YOUNG.match(after)
    when = f" {young['when'] or 'as a kid'}" if young else ""  # a childhood favourite
    topics = topics_of("hobbies", *content_words(title)[:2])
    return said.fact(f"{said.name} {how} {title}{when}", MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics)


def mains_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I main Mercy in Overwatch": the character one plays most in a game."""
    text = f"{said.name} mains {match['who']}" + (f" in {match['game'].strip()}" if match["game"] else "")
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("gaming", match["who"]))


def signed_up_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've signed up for a welding course", "I enrolled in a coding bootcamp", "I registered for a
    half marathon in May": something taken up, with its time when they say it."""
    what = third_person(f"{match['article'].lower()} {' '.join(match['what'].split())}", said.name)
    text = f"{said.name} signed up for {what}"
    if when := time_in(match["rest"]) or past_time_in(match["rest"]):
        text += f" {when}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[-1:]))


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
    what = match["what"]  # as written: "a new LGBTQ activist group"
    text = f"{said.name} joined {article_for(what)} {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("hobbies", *content_words(what)[-1:]))
