"""Family, friends and colleagues, with their names and news."""

from __future__ import annotations

import re

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, expiration_for, past_time_in, time_in
from memoryhub.ai.offline.guards import starts_a_statement
from memoryhub.ai.offline.rules.birthdays import yearly_day
from memoryhub.ai.offline.rules.events import EVENT_ALTERNATIVES, EVENTS, their_as_kin
from memoryhub.ai.offline.rules.going import when_said
from memoryhub.ai.offline.rules.kin_news import kin_grave, kin_news
from memoryhub.ai.offline.rules.places import said_place
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import (
    article_for,
    content_words,
    counted,
    is_or_has,
    join_names,
    name_token,
    third_person,
    topics_of,
)
from memoryhub.ai.offline.vocabulary import (
    AGES_LISTED,
    ANEW,
    ANNIVERSARY_NAMES,
    COLLEAGUES,
    COUNTS,
    FAMILY,
    FRIENDS,
    I_AM,
    JOB,
    NATIONALITIES,
    NUMBER_WORDS,
    PARTNERS,
    PASSED,
    PASSING_ILLNESSES,
    PETS,
    RELATIONS,
    RELATIVE_AGES,
    WHICH_KIDS,
    word_set,
)


def _relation_topic(relation: str) -> str:
    if re.fullmatch(FRIENDS, relation):
        return "friends"
    return "work" if re.fullmatch(COLLEAGUES, relation) else "family"


# A baby or a toddler said after a child of an age: "I've got a 2 year old and a newborn".
_AND_A_BABY = re.compile(r",? (?:and|&|plus) an? (?P<baby>newborn|baby|toddler)\b", re.IGNORECASE)


def young_child_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my 3 year old still doesn't sleep through", "I've got a 4 year old daughter": a child of
    theirs of that age."""
    age = (match["age"] or match["age2"]).lower()
    who = {"boy": "son", "girl": "daughter"}.get((match["who"] or "").lower(), (match["who"] or "").lower())
    text = f"{said.name} has a {age}-year-old" + (f" {who}" if who else "")
    if match["age2"] and (baby := _AND_A_BABY.match(match.string, match.end())):
        text += f" and a {baby['baby'].lower()}"
    fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", who or "child"))
    fact.entities.append(said.entity(EntityType.PERSON, who or "child", f"{said.name}'s {who or 'child'}"))
    return fact


# A relative on their way: "is coming for dinner", "are staying with us", "is popping round".
_ON_THEIR_WAY = re.compile(
    r"(?:is|are) (?:coming (?:over|round|for|to stay)|staying (?:with (?:me|us|them)|for|over)"
    r"|popping (?:over|round|in)|visiting (?:me|us|them)\b(?!.*\b(?:every|each)\b))",
    re.IGNORECASE,
)


# A relative's partner or other parent with them, as one subject: "my sister and her husband moved…", "my
# brother Theo and his wife split up".
_COUPLE = (
    rf" (?:and|&) (?:(?:his|her|their) )?(?:{FAMILY})s?\b(?= (?:just |both |all |also )?"
    r"(?:are|were|have|had|moved|got|bought|went|just|both|all|also|will|'re|'ve|live|split|broke|separated)\b)"
)


def relative_rule(match: re.Match[str], said: Said) -> Fact | None:
    relation = match["relation"].lower()
    rest = match["rest"] or ""
    if rest.startswith("'s") and not _OWNED.match(rest) and not starts_a_statement(match.string, match.start()):
        return None  # "a book about my grandmother's life in Poland": whose it is, not what she is
    name = with_them = ""
    named = re.match(
        r"^(?P<how>'s name is|(?:,| is|'s)? named|(?:,| is|'s)? called|,)?\s*"
        r"(?P<word>[A-Za-z][\w-]*(?:'(?!s\b)[\w-]+)?)",
        rest,
    )
    if named:
        candidate = name_token(named["word"])
        explicit = bool(named["how"] and named["how"].strip(" ,"))
        if candidate and (explicit or named["word"][0].isupper()):
            name, rest = candidate, rest[named.end() :]
            if couple := re.match(_COUPLE, rest, re.IGNORECASE):  # "my brother Theo and his wife …"
                with_them, rest = couple[0].lower().replace(" & ", " and "), rest[couple.end() :]
    rest = rest.strip(" ,")
    predicate, place, job, event = "", "", "", None
    if happened := re.match(rf"^(?:(?:just|finally|recently) )?(?P<event>{EVENT_ALTERNATIVES})\b", rest, re.I):
        event = next(e for e in EVENTS if re.fullmatch(e.pattern, happened["event"], re.IGNORECASE))
        predicate = event.phrase.format(pet=happened["event"].split()[-1].lower())
        own = re.search(r"\b(?:his|her)\b", happened["event"], re.IGNORECASE)  # "my sister lost her job"
        predicate = re.sub(r"\btheir\b", own[0].lower(), predicate) if own else their_as_kin(predicate, relation)
        after = phrase_cut(rest[happened.end() :], max_words=8)
        if re.match(r"(?:at|for|in|as) ", after, re.IGNORECASE) and "work" in event.topics:
            predicate += f" {third_person(after, said.name)}"  # "my partner got a job at the library"
        elif event.phrase in ("split up", "broke up") and (whom := _PARTED_FROM.match(rest[happened.end() :])):
            predicate += f" {whom[0].strip().lower()}"  # "split up with her boyfriend"
        if (when := past_time_in(rest[happened.end() :])) and when not in predicate.lower():
            predicate += f" {when}"  # "my wife had a fall last Monday"
    elif parted := re.match(r"^(?:(?:just|finally|recently) )?(?P<how>split up|separated)\b", rest, re.IGNORECASE):
        predicate = parted["how"].lower()  # "my sister and her husband split up": as "broke up" is news
        if whom := _PARTED_FROM.match(rest[parted.end() :]):  # "split up with her boyfriend"
            predicate += f" {whom[0].strip().lower()}"
        if when := past_time_in(rest[parted.end() :]):
            predicate += f" {when}"
        event = next(e for e in EVENTS if e.phrase == "broke up")
    elif lives := re.match(
        r"^(?:also |still |now |currently )?(?:lives|is living) (?:in|near|at) (?P<p>.+)", rest, re.I
    ):
        place = said_place(lives["p"], said)  # "in a tiny flat in Paris": Paris
        predicate = f"lives in {place}" if place else ""
    elif there := re.match(r"^(?:also |still |now )?lives (?:there|here)\b", rest, re.IGNORECASE):
        place = said.scene.last_place if "there" in there[0].lower() else ""
        predicate = f"lives in {place}" if place else ""
    elif title := re.match(rf"^(?:is|'s) (?P<a>an?) (?P<job>(?:[a-z-]+ ){{0,2}}?{JOB})\b", rest, re.I):
        job = title["job"].lower()
        predicate = f"is {article_for(job)} {job}"
        town = re.match(r"^ (?P<prep>in|at|near) (?P<p>.+)", rest[title.end() :], re.IGNORECASE)
        if town and (where := said_place(town["p"], said)):  # "a firefighter in Bristol": the town stays
            predicate += f" {town['prep'].lower() if where == town['p'].strip(' .!') else 'in'} {where}"
    elif hours := re.match(
        r"^works (?P<how>nights|night shifts|weekends|from home|remotely|part[- ]time|full[- ]time|long hours)\b",
        rest,
        re.IGNORECASE,
    ):  # "my husband works nights"
        predicate = f"works {hours['how'].lower()}"
    elif works := re.match(r"^works (?P<how>as (?:an? )?|at |for |in )(?P<x>.+)", rest, re.IGNORECASE):
        what = phrase_cut(works["x"], max_words=5)
        predicate = f"works {works['how'].strip()} {what}" if what else ""
        if works["how"].startswith("as") and what:
            predicate = f"works as {article_for(what)} {what}"
            job = what
    if match.groupdict().get("plural"):
        relation += match["plural"].lower()
    kin = relation  # the one relation, for topics and the entity, where "relation" may be a couple
    if match.groupdict().get("couple"):
        relation += match["couple"].lower().replace(" & ", " and ")
    if not predicate:  # "my sister Anika is getting married in June"
        predicate = _loose_predicate(rest, said)
    if not predicate and not name and relation in PARTNERS:  # "dinner w my husband tonight"
        text = f"{said.name} has {article_for(relation)} {relation}"
        return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("relationship", relation))
    owner = f"{said.name}'s {relation}"
    if name and predicate:
        text = f"{owner} {name}{with_them} {predicate}".replace(" 's ", "'s ").replace(" ' ", "' ")
    elif name:
        text = f"{said.name} has {article_for(relation)} {relation} named {name}"
    elif predicate:
        text = f"{owner} {predicate}".replace(" 's ", "'s ").replace(" ' ", "' ")
    else:
        return None
    topics = topics_of(_relation_topic(kin), kin)
    # A relative in hospital or gravely ill weighs as much as the speaker's own (a bot asks after them).
    weight = HIGH if kin_grave(predicate) else MEDIUM
    if event is not None:  # "my sister Sarah just had a baby": news, not a lasting fact about the speaker
        fact = said.fact(text, MemoryKind.EVENT, weight, "30d", topics_of(*topics, *event.topics))
    elif (day := re.match(r"'s (?:birthday|bday) is (?P<d>.+)", predicate)) and (yearly := yearly_day(day["d"])):
        text = text.replace(predicate, f"'s birthday is {yearly}")  # "the 9th of June": every year, not news
        fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of(*topics, "birthday"))
    elif kin_news(predicate):
        # a car stolen, a birthday, rushed to hospital, the flu, a broken wrist, a hospice: news for a month
        fact = said.fact(text, MemoryKind.EVENT, weight, "30d", topics)
    elif re.search(r"\bdiagnosed with\b|^was born\b|^(?:has )?moved in with\b", predicate):
        # "was diagnosed with ADHD", a birth, "moved in with us last year": lasting
        fact = said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics)
    elif (past := _NOT_A_YEAR.sub("", past_time_in(predicate))) or (soon := time_in(predicate)):
        # "my sister is visiting next month", "my wife had a fall last Monday": news, not who they are
        done = past or re.match(r"(?:had|was|were|got|went|died|broke|fell|[a-z]+ed)\b", predicate)  # "had a …"
        fact = said.fact(text, MemoryKind.EVENT, weight, "30d" if done else expiration_for(soon), topics)
    elif when_said(predicate):  # "my sister is visiting on the 14th": news until that day
        fact = said.fact(text, MemoryKind.EVENT, weight, "30d", topics)
    elif _ON_THEIR_WAY.match(predicate):  # "my brother is coming for dinner": this week's news, no time said
        fact = said.fact(text, MemoryKind.EVENT, weight, "7d", topics)
    elif _VENTED.match(predicate):  # "my mum and dad are so annoying": a mood of the week, not who they are
        fact = said.fact(text, MemoryKind.EMOTION, MEDIUM, "3d", [*topics, "mood", "annoyed"])  # the feeling last
    else:
        fact = said.fact(text, MemoryKind.RELATIONSHIP, weight, PERMANENT, topics)
    fact.entities.append(said.entity(EntityType.PERSON, name or kin, f"{said.name}'s {kin}", lives_in=place, job=job))
    if place:
        fact.entities.append(said.entity(EntityType.PLACE, place, f"where {owner} lives"))
    elif origin := re.fullmatch(r"is from (?P<p>(?-i:[A-Z])[\w'-]+(?: (?-i:[A-Z])[\w'-]+){0,2})", predicate):
        fact.entities.append(said.entity(EntityType.PLACE, origin["p"], f"where {owner} is from"))  # "… Kerala"
    return fact


_VENTED = re.compile(
    r"^(?:is|are|was|were|has been|have been)(?: being)? (?:(?:so+|really|super|literally|absolutely|just|being) )+"
    r"(?:annoying|irritating|rude|grumpy|moody|clingy|dramatic|extra|embarrassing|nosy|needy|cringe|unbearable)\b"
    r"|^(?:is|are) driving \S+ (?:mad|crazy|nuts|up the wall)\b|^(?:was|were) (?:shouting|yelling|snoring|moaning)\b",
    re.IGNORECASE,
)


def lucky_to_have_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm so grateful to have my nan and my brothers", "so blessed to have my husband": the family one has."""
    who = [w.lower() for w in re.findall(rf"\b(?:{RELATIONS})s?\b", match["who"], re.IGNORECASE)]
    had = [
        word if word.endswith("s") and word[:-1] in _RELATION_WORDS else f"{article_for(word)} {word}" for word in who
    ]
    if not had:
        return None
    listed = had[0] if len(had) == 1 else ", ".join(had[:-1]) + " and " + had[-1]
    topics = topics_of(*dict.fromkeys(_relation_topic(word.rstrip("s")) for word in who), *who[:2])
    return said.fact(f"{said.name} has {listed}", MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics)


_RELATION_WORDS = word_set(RELATIONS.replace("|", " "))


# What a relative wants that is theirs to tell: a calling, or a gift ("wants a phone for her birthday").
_WANTED = (
    r" to (?:be|become|study|train as|go to|work)\b"
    r"| (?:an?|the) [\w' -]{2,30} for (?:(?:her|his|their) )?(?:birthday|christmas|\d+(?:st|nd|rd|th))\b"
)
_SPEECH = re.compile(
    r"\b(?:says?|said|saying|keeps|kept|always|never|calls|called|thinks|thought|told|tells|asked|asks|yell\w*"
    rf"|like|goes|went like|joke\w*|wants(?!{_WANTED})|would|could|might|if"
    r"|whether)\b|[\"?]",
    re.IGNORECASE,
)
_POSSESSED = re.compile(
    r"(?P<mark>'s?) (?P<what>(?P<noun>(?:(?:\d+(?:st|nd|rd|th)|first|second|third|big|new|upcoming|surprise"
    rf"|{ANNIVERSARY_NAMES}) )*(?:birthday|bday"
    r"|wedding|surgery|operation|graduation|funeral|party|baby|shower|anniversary|retirement|recovery|diagnosis"
    r"|treatment|new job|promotion|engagement|divorce))\b.*)",
    re.IGNORECASE,
)
_LOOSE_VERB = re.compile(
    r"(?:(?:just|finally|recently|also|still|now|officially) )?(?P<verb>is|'s|are|'re|was|were|has|had|got|gets"
    r"|started|starts|start|turned|turns|turn|celebrated|raised|passed|died|went|did|moved|graduated|retired"
    r"|broke|lost|won|became|opened|bought|adopted|had|welcomed|married|proposed|fell|beat|survived|gave birth|quit"
    r"|resigned|ran|finished|completed|climbed|hiked|wrote|published|built|qualified|learned|learnt"
    rf"|wants(?={_WANTED})"
    rf"|(?:caught|came down with)(?= (?:{PASSING_ILLNESSES})\b)"
    r"|plays|loves|likes|hates|enjoys|teaches|coaches|runs|owns|speaks|studies|collects|volunteers"
    # "my brother's girlfriend lives in Paris", "my wife's parents live in Spain" (not "lives near us")
    r"|lives?(?= (?:in|near) (?-i:[A-Z]))|works?(?= (?:at|for|as|in) ))\b(?!['\u2019]t\b)"  # not "won't"
    r"(?P<rest>.{0,200})",
    re.IGNORECASE,
)


# "my mom's car broke down", "my sister's boyfriend is a chef": a "'s" that owns a thing or a person
# who does or is something, not "is".
_OWNED = re.compile(
    r"^'s (?P<noun>(?:(?!(?:a|an|the|so|very|really|in|at|on|not|never|always|just|still|also|been|got|getting"
    r"|going|gonna|back|home|out|finally|currently|now|such|pretty|super|kinda|too|like|all|only|my|our|her|his"
    r"|their|and|or|but|that|which|who|ok|okay|fine|good|great|well|better|worse|sick|ill|happy|sad|busy|tired"
    r"|here|there|doing|feeling|off|up|over)\b)[a-z-]+ ){1,2}?)"
    r"(?P<rest>(?:is|was|are|were|has|had|broke|died|got|just|passed|started|turned|won|lost|moved|lives|works"
    r"|left|bought|sold|retired|quit|became|graduated|joined|runs|owns|teaches|plays|live|work|came|went|fell|blew"
    r"|ran|bit|ate|keeps|barks|[a-z]{3,}ed)\b.*)",
    re.IGNORECASE,
)


_NOT_A_YEAR = re.compile(r"^in (?:19|20)\d\d$")


_FARING = re.compile(
    r"\s*(?:(?:doing|feeling) )?(?:(?:so|much|a lot|a bit|way|really|pretty) )?(?:great|well|better|fine|ok|okay"
    r"|good|alright|amazing|awesome|worse)\b(?:\s*(?:now|today|again|these days|though|tho))?\s*[.!]*$",
    re.IGNORECASE,
)


_TREAT = re.compile(
    r"(?:me|us) (?:an? |some |a cup of |a slice of )?(?:\w+ )?(?:coffee|latte|flat white|cappuccino|tea|cuppa|drink"
    r"|pint|beer|lunch|breakfast|sandwich|snacks?|cakes?|biscuits?|doughnuts?|donuts?|pizza|chocolates?|croissants?|muffins?)\b",
    re.IGNORECASE,
)


def _loose_predicate(rest: str, said: Said) -> str:
    """What is said of a relative when no sharper rule knows it: "my grandpa's in the hospital again",
    "my mom's Korean", "my parents just celebrated 40 years of marriage", "my son's 4th birthday party is
    this saturday". Not when it is their words or a maybe ("my dad keeps saying…", "my grandpa calls…")."""
    if not rest or _SPEECH.search(re.split(r",|\band\b|\"", rest[:80])[0]):
        return ""
    if possessed := _POSSESSED.match(rest):
        what = phrase_cut(possessed["what"], max_words=10)
        # "my nephew Leo's graduation - what a day": the occasion alone says nothing of it.
        said_of = len(what) > len(possessed["noun"])
        return f"{possessed['mark']} {third_person(what, said.name)}" if said_of else ""  # "parents' anniversary"
    if owned := _OWNED.match(rest):  # "my brother's dog is huge" → "…'s brother's dog is huge"
        theirs = _loose_predicate(owned["rest"], said)
        return f"'s {owned['noun'].strip().lower()} {theirs}" if theirs else ""
    nationality = re.match(rf"^(?:is|'s) (?P<n>{NATIONALITIES})\b", rest, re.IGNORECASE)
    if nationality:
        return f"is {nationality['n'].title()}"
    loose = _LOOSE_VERB.match(rest)
    if not loose:
        return ""
    verb = loose["verb"].lower()
    if _FARING.match(loose["rest"]) and verb in ("is", "'s", "are", "'re"):
        return ""  # "my granddad is doing great now": how they are today, not a lasting fact
    verb = {"'s": is_or_has(loose["rest"]), "'re": "are"}.get(verb, verb)
    what = phrase_cut(loose["rest"], max_words=10)
    if not content_words(what) and not re.search(r"\d|^[A-Z]{2,5}$", what) and what.lower() not in ("me", "us"):
        return ""  # "my grandma raised me" says something (and "my dad has MS"); "my mom is so" does not
    if re.match(r"(?:it|that|this|them|those|these|the same)\b", what, re.IGNORECASE):
        return ""  # "my brother did it last year": what "it" was is in another line
    if verb in ("got", "bought", "made", "brought") and _TREAT.match(what):
        return ""  # "my boss got me a coffee": the day's kindness, nothing to keep
    return f"{verb} {third_person(what, said.name)}".strip()


def _listed_names(after: str, quantity: str) -> list[str]:
    """The names listed right after "two kids": as many capitalised names as there are of them,
    joined by commas and "and", each perhaps with its age ("Leo who is 7", "Mia (4)"); else none."""
    count = NUMBER_WORDS.get(quantity) or (int(quantity) if quantity.isdigit() else 0)
    listed = re.match(r"^\s*[,:(]\s*(?P<list>.+)", after)
    if not listed or count < 2:
        return []
    names = []
    for part in re.split(r",\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+", listed["list"].rstrip(" .!)")):
        word = re.match(r"^(?-i:[A-Z])[\w'-]+(?=\s*$|\s+(?:who|aged|is|\(|\d))", part.strip())
        name = name_token(word[0]) if word else ""
        if not name:
            return []
        names.append(name)
    return names if len(names) == count else []


def _relatives(quantity: str, kind: str | None, relation: str) -> str:
    """ "an older brother", "two twin sisters", "a sister"."""
    return counted(quantity, " ".join(filter(None, [(kind or "").strip().lower(), relation])))


# "I have an older brother and a younger sister": the next relatives in the same breath.
_MORE_RELATIVES = re.compile(
    rf"\s*,?\s*(?:and|&|plus)\s+(?:(?P<quantity>{COUNTS})\s+)?"
    rf"(?P<kind>(?:{RELATIVE_AGES}) )?(?P<relation>{FAMILY})(?P<plural>s)?\b",
    re.IGNORECASE,
)


# What a relative does or is, said after them: "a brother who lives in Toronto", "a sister who's a nurse".
_WHO_IS = re.compile(r",?\s+who(?:'s| is| lives| works| studies| plays)\b[^,.!?;]{2,60}", re.IGNORECASE)


# "I've got two girls coming over": children visiting, not theirs.
_VISITING = r" (?:coming|over|round|from|at|in|on|staying|who (?:live|come))\b"


def has_relatives_rule(match: re.Match[str], said: Said) -> Fact | None:
    relation = {"boy": "son", "girl": "daughter"}.get(match["relation"].lower(), match["relation"].lower())
    relation = re.sub("children$", "child", relation)  # "3 children", "five grandchildren"
    quantity = match["quantity"].lower()
    if re.match(r"\s+on the way\b", match.string[match.end() :]):  # "I have a baby on the way": not born yet
        text = f"{said.name} is expecting {_relatives(quantity, match['kind'], relation)}"
        return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", "baby"))
    plural = quantity not in ("a", "an", "one")
    # "a sister called Jo"; "two kids, Leo who is 7 and Mia who is 4"
    names = _listed_names(said.clause[match.end() :], quantity) if plural else [name_token(match["name"] or "")]
    names = [name for name in names if name]
    text = f"{said.name} has {_relatives(quantity, match['kind'], relation)}" + (
        f" named {join_names(names)}" if names else ""
    )
    more = _MORE_RELATIVES.match(match.string, match.end())
    who = _WHO_IS.match(match.string, match.end())
    if not plural and not names and who:  # "I have a younger brother who lives in Toronto"
        text += f" {third_person(phrase_cut(who[0].strip(' ,'), max_words=8), said.name)}"
    elif not names and more and more["quantity"]:
        text += f" and {_relatives(more['quantity'].lower(), more['kind'], more['relation'].lower())}"
    elif not names and more and more["plural"]:  # "I have a husband and kids"
        text += f" and {(more['kind'] or '').lower()}{more['relation'].lower()}s"
    elif plural and not names and (ages := AGES_LISTED.match(match.string, match.end())):
        text += f" aged {ages['ages'].replace(' & ', ' and ')}"  # "two kids aged 4 and 7"
    elif plural and relation in ("kid", "child") and (which := WHICH_KIDS.match(match.string[match.end() :])):
        text += f", {which['which'].lower()}"  # "two kids, a boy and a girl"
    fact = said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of(_relation_topic(relation), relation))
    for each in names:
        fact.entities.append(said.entity(EntityType.PERSON, each, f"{said.name}'s {relation}"))
    return fact


_NOT_BORN_TO = {"child", "twin", "godmother", "godfather"}  # no baby makes one these "again"


def parent_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm a mom of two", "I'm a dad", "I'm an only child"."""
    role = match["role"].lower()
    # what kind of parent says something lasting ("a stay-at-home mum", "a single dad"); "proud" and
    # "busy" say how they feel
    kinds = re.findall(r"single|first[- ]time|working|stay[- ]at[- ]home|new", match["kind"] or "", re.IGNORECASE)
    role = " ".join([*(kind.lower().replace(" ", "-") for kind in kinds), role])
    if (anew := re.match(ANEW, match["rest"], re.IGNORECASE)) and role.split()[-1] not in _NOT_BORN_TO:
        text = f"{said.name} became {article_for(role)} {role} {anew['anew'].lower()}"  # "… for the fifth time!"
        return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("family", role.split()[-1]))
    rest = phrase_cut(match["rest"] or "", max_words=4)
    text = f"{said.name} is {article_for(role)} {role}" + (
        f" {rest}" if rest and rest.lower().startswith("of ") else ""
    )
    return said.fact(text, MemoryKind.RELATIONSHIP, HIGH, PERMANENT, topics_of("family", role.split()[-1]))


def siblings_rank_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm the youngest of six", "I'm the eldest", "we have twins"."""
    rank = match["rank"].lower()
    of = f" of {match['n'].lower()}" if match["n"] else ""
    text = f"{said.name} is the {rank}{of}"
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", rank))


def twins_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "Fatima has twins under 2", "we've got triplets", "we've got twin girls, they're 6"."""
    rest = phrase_cut(match["rest"] or "", max_words=4)
    if ages := re.match(r"^,? (?:they're|they are|both) (?P<age>\d{1,2})\b", match["rest"] or "", re.IGNORECASE):
        rest = f"aged {ages['age']}"  # "twin girls, they're 6"
    rest = rest if re.match(r"^(?:under|aged|age|who are|both)\b", rest, re.IGNORECASE) else ""
    text = f"{said.name} has {match['kids'].lower()}" + (f" {rest}" if rest else "")
    return said.fact(text, MemoryKind.RELATIONSHIP, MEDIUM, PERMANENT, topics_of("family", "kids"))


def loss_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we lost our dog Biscuit last week", "my grandpa passed away in May": a death in the family (a pet's too)."""
    parts = match.groupdict()  # rules/pet_care.py's "we had to have our dog put down" has a part of these
    relation = (parts.get("relation") or parts.get("relation2") or parts["species"]).lower()
    named = re.match(r"\s*((?-i:[A-Z])[\w'-]+)\b(.*)", parts.get("when") or "")  # "lost our dog Biscuit last week"
    when = phrase_cut(named[2] if named else parts.get("when") or parts.get("when2") or "", max_words=4)
    said_when = re.match(r"^(?:last|this|on|in|yesterday|today|recently|a few|two|three)\b", when, re.I)
    when = when if said_when else past_time_in(when)  # "ten years ago"
    pet = name_token(parts.get("pet") or (named[1] if named else ""))
    if since := _SINCE.search(match.string[: match.start()]):  # "it's a year since my dad passed next week"
        when = f"{since['span'].lower()} ago"  # a date once anchored; "next week" (the anniversary) stays in recall
    text = f"{said.name}'s {relation}{f' {pet}' if pet else ''} died" + (f" {when}" if when else "")
    if re.fullmatch(PETS, relation, re.IGNORECASE):
        return said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("pets", relation, "loss"))
    fact = said.fact(text, MemoryKind.EVENT, HIGH, PERMANENT, topics_of("family", relation, "loss"))
    fact.entities.append(said.entity(EntityType.PERSON, relation, f"{said.name}'s {relation}"))
    return fact


_PARTED_FROM = re.compile(
    r"\s+(?:with|from) (?:his|her|their) (?:boyfriend|girlfriend|partner|husband|wife|fianc[eé]e?)\b", re.IGNORECASE
)
# The time since a death, said before it: "it's been two years since my mum died".
_SINCE = re.compile(
    r"\bit(?:'s| is|'s been| has been|'ll be| will be) (?:nearly |almost |exactly )?"
    r"(?P<span>(?:a|one|two|three|four|five|six|ten|\d+) (?:years?|months?|weeks?)) since\s*$",
    re.IGNORECASE,
)


def family_event_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "dad's surgery went fine", "mum's operation is on Friday": news of a relative, said in passing."""
    relation = match["relation"].lower()
    what = phrase_cut(match["what"], max_words=10)
    text = f"{said.name}'s {relation}'s {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("family", relation))


# "a sister company", "a sister city": a thing, not a relative
_SISTER_THINGS = r"(?:compan(?:y|ies)|cit(?:y|ies)|brands?|sites?|stores?|schools?|ships?|accounts?|channels?|servers?)"


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=318,
        pattern=re.compile(
            r"(?:\bmy (?P<age>[1-9]|1[0-7]|one|two|three|four|five|six|seven|eight|nine|ten)[ -](?:year|yr)[ -]old"
            r"|\b(?:I|we)(?: have|'ve got| have got| got) an? (?P<age2>[1-9]|1[0-7]|one|two|three|four|five|six|seven"
            r"|eight|nine|ten)[ -](?:year|yr)[ -]old(?: (?P<who>son|daughter|boy|girl))?)"
            r"(?:'s)?\b"
            r"(?! (?:car|house|laptop|phone|dog|cat|bike|sofa|tv|boiler)\b)",
            re.IGNORECASE,
        ),
        build=young_child_rule,
    ),
    # A death comes before what a pet's name would make of it ("my old dog Rex passed away").
    Rule(
        priority=320,
        pattern=re.compile(
            rf"\b(?:I|we) (?:just |recently |sadly )?lost (?:my|our) (?:(?:beloved|dear|sweet|great) )?"
            rf"(?P<relation>{FAMILY}|best friend|{PETS})\b(?P<when>.*)"
            rf"|\bmy (?:(?:old |beloved |sweet )?(?P<relation2>{FAMILY}|best friend|{PETS})|(?:old |beloved |sweet )?"
            rf"(?P<species>{PETS}) (?P<pet>[A-Z][\w'-]*)) (?:just |sadly |recently )?(?:passed away|{PASSED}"
            rf"|died|(?:had to be|was|got) put (?:down|to sleep))\b(?P<when2>.*)",
            re.IGNORECASE,
        ),
        build=loss_rule,
    ),
    Rule(
        priority=400,
        pattern=re.compile(
            rf"^(?:my )?(?P<relation>{FAMILY})'s (?P<what>(?:surgery|operation|funeral|wedding|graduation|chemo"
            r"|treatment|recovery|diagnosis|biopsy|scan|procedure|baby shower)\b.+)",
            re.IGNORECASE,
        ),
        build=family_event_rule,
    ),
    Rule(
        priority=410,
        pattern=re.compile(
            rf"\bmy (?:(?:{RELATIVE_AGES}|new|late) )?"
            rf"(?P<relation>{RELATIONS})(?P<plural>s|es)?\b"
            # "my sister and her husband moved…", "my mum and dad are visiting…": the two of them
            rf"(?P<couple>{_COUPLE})?(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=relative_rule,
    ),
    Rule(
        priority=420,
        pattern=re.compile(
            # "we have two kids", "we have a baby on the way": a couple's, so the speaker's too
            rf"\b(?:I|we)(?: have|'ve got| have got| got| do have| also have) (?P<quantity>{COUNTS})"
            rf" (?P<kind>(?:{RELATIVE_AGES}) )?"
            rf"(?P<relation>(?:grand)?children|{FAMILY}|(?:boy|girl)(?=s?\b(?!{_VISITING})))"
            rf"s?\b(?!')(?! {_SISTER_THINGS}\b)"
            rf"(?:,? (?:named|called) (?P<name>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        build=has_relatives_rule,
    ),
    Rule(
        priority=430,
        # "I took my two kids to the zoo", "my three sisters are all older": how many, said in passing
        pattern=re.compile(
            rf"\b(?:my|our) (?P<quantity>two|three|four|five|six|[2-9]) (?P<kind>(?:{RELATIVE_AGES}) )?"
            rf"(?P<relation>{FAMILY})s\b(?!')",
            re.IGNORECASE,
        ),
        build=has_relatives_rule,
    ),
    Rule(
        priority=440,
        pattern=re.compile(
            r"\b(?:I|we)(?: have|'ve got| have got| got| do have) (?P<kids>twins|triplets"
            r"|twin (?:girls|boys|daughters|sons|babies))\b(?P<rest>.*)",
            re.I,
        ),
        build=twins_rule,
    ),
    Rule(
        priority=450,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:the )?(?P<rank>youngest|oldest|eldest|middle child|only child|baby of the family)"
            r"(?: (?:of|out of) (?P<n>two|three|four|five|six|seven|eight|nine|ten|\d+))?",
            re.IGNORECASE,
        ),
        build=siblings_rank_rule,
    ),
    Rule(
        priority=860,
        pattern=re.compile(
            r"\bI(?:'m| am)(?: so| really| very| just| truly| incredibly)?"
            rf" (?:lucky|blessed|grateful|thankful|fortunate) to have"
            rf" (?P<who>my (?:{RELATIONS})s?(?:(?:,| and| &) (?:my )?(?:{RELATIONS})s?){{0,3}})\b",
            re.IGNORECASE,
        ),
        build=lucky_to_have_rule,
    ),
    Rule(
        priority=1250,
        pattern=re.compile(
            rf"\b{I_AM} (?:a |an )?(?P<kind>(?:(?:proud|new|single|first[- ]time|working|busy|stay[- ]at[- ]home) )*)"
            rf"(?P<role>mom|mum|mother|dad|father|parent|grandma|grandpa|grandmother|grandfather|only child"
            rf"|twin|stepmom|stepdad|uncle|aunt|auntie|godmother|godfather|great-aunt|great-uncle"
            rf"|grandparent)\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=parent_rule,
    ),
]
