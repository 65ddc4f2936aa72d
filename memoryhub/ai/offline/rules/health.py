"""Diets, allergies, health conditions and injuries."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Rule, Said, past_day_in, past_time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, since_age, third_person, topics_of
from memoryhub.ai.offline.vocabulary import (
    EVENT_ADVERBS,
    FOR_A_SPAN,
    HOSPITALS,
    I_AM,
    MONTHS,
    PASSING_ILLNESSES,
    WEEKDAYS,
)

DIETS = (
    r"vegan|vegetarian|veggie|pescatarian|pescetarian|keto|paleo|gluten[- ]free|dairy[- ]free|lactose[- ]intolerant"
    r"|halal|kosher|plant[- ]based|tee-?total|tee-?totaller|teetotaler|sober|straight edge|celiac|coeliac"
    r"|(?:type [12] )?diabetic"
    r"|flexitarian"
)
# The diets one takes up and gives up (not conditions such as "diabetic"): what "I'm not vegan
# anymore" reads, and what a remembered diet is, which a later one replaces.
CHOSEN_DIETS = r"vegan|vegetarian|veggie|pescatarian|keto|sober"
FOODS = (
    r"meat|red meat|pork|beef|chicken|fish|seafood|shellfish|dairy|gluten|eggs|sugar|carbs|alcohol|booze|nuts"
    r"|peanuts|animal products|junk food|fast food|processed food|spicy food"
)
DRINKS = r"coffee|tea|caffeine|alcohol|booze|beer|wine|spirits|soda|fizzy drinks|energy drinks|milk"
BODY_PARTS = (
    r"ankle|wrist|arm|leg|knee|foot|toe|finger|hand|back|shoulder|neck|hip|elbow|rib|ribs|nose|collarbone|acl"
    r"|meniscus|hamstring|achilles|calf|groin|quad|glute|shin"
)
# What a support group's members live with, named as they name it ("fibro", "ME", "hEDS").
LONG_TERM_ILLNESSES = (
    r"fibromyalgia|fibro|endometriosis|(?-i:ME)(?:/CFS)?|chronic fatigue(?: syndrome)?|(?-i:MS)|multiple sclerosis"
    r"|(?-i:POTS)|(?:hypermobile )?(?-i:h?EDS)|ehlers[- ]danlos(?: syndrome)?|rheumatoid arthritis|pcos|pmdd"
    r"|hypothyroidism|an underactive thyroid|sciatica|a chronic illness|chronic migraines?"
)
# A runner's or a player's injury, which mends: "a calf strain", "shin splints", "a hamstring injury".
SPORTS_INJURIES = (
    r"an? (?:(?:bad|mild|grade [123]) )?(?:calf|hamstring|groin|quad|back|knee|ankle|shoulder|neck|hip|achilles)"
    r" (?:strain|injury|tear)|shin splints|plantar fasciitis|runner'?s knee|tennis elbow|an? stress fracture"
)
CONDITIONS = (
    r"asthma|diabetes|type [12] diabetes|migraines?|adhd|add|autism|anxiety|depression|arthritis|celiac disease"
    r"|coeliac disease|epilepsy|insomnia|a bad back|back problems|a bad knee|high blood pressure|eczema|psoriasis"
    r"|crohn'?s(?: disease)?|ibs|long covid|tinnitus|dyslexia|chronic pain|lupus|a heart condition"
    r"|an? (?:slipped|herniated|bulging) disc|sciatica|tendonitis|tendinitis|an? trapped nerve|an? frozen shoulder"
    rf"|an? (?:broken|sprained|fractured|torn|twisted) (?:(?:left|right) )?(?:{BODY_PARTS})|hay ?fever|stress|burnout"
    rf"|{SPORTS_INJURIES}|{LONG_TERM_ILLNESSES}|{PASSING_ILLNESSES}"
)


def diet_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm vegan", "I've been vegetarian for years", "I don't eat pork", "I'm on a keto diet"."""
    if match["food"]:
        verb = match["verb"].lower()
        doing = "doesn't eat" if re.search(r"n't|not|never", verb) else "stopped eating"
        text = f"{said.name} {doing} {match['food'].lower()}"
        return said.fact(text, MemoryKind.PREFERENCE, HIGH, PERMANENT, topics_of("diet", match["food"]))
    groups = match.groupdict()
    diet = next(groups[name] for name in ("diet", "diet2", "diet3", "diet4", "diet5", "diet6") if groups[name])
    diet = diet.lower().replace("veggie", "vegetarian")
    if groups["diet3"]:
        return said.fact(f"{said.name} keeps {diet}", MemoryKind.FACT, HIGH, PERMANENT, _diet_topics(diet))
    if groups["diet4"] is not None or groups["diet5"] is not None:
        month = re.search(rf"\b(?:{MONTHS})\b|uary\b", diet, re.IGNORECASE)  # "Dry January", "Veganuary"
        if month:
            diet = diet.title()  # the campaign's name
        text = f"{said.name} is doing {diet}" if " " in diet or month else f"{said.name} is on {diet}"
        lasts = "30d" if month else PERMANENT  # a month's campaign is over with the month
        return said.fact(text, MemoryKind.FACT, HIGH, lasts, _diet_topics(diet), slot="diet")
    if groups["diet6"] is not None:
        if diet in ("this", "that", "new", "strict", "proper", "crash", "real", "the"):
            return None
        text = f"{said.name} is on {article_for(diet)} {diet} diet"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, _diet_topics(diet), slot="diet")
    since = phrase_cut(since_age(match["since"] or ""), max_words=4)  # "since I was 12": "since age 12"
    if re.fullmatch(rf"for (?:{MONTHS}|a (?:bit|while|month|week)|now|the month|lent)", since, re.IGNORECASE):
        text = f"{said.name} is {diet} {since}"  # "I've gone vegan for January": for a while, not for good
        return said.fact(text, MemoryKind.FACT, HIGH, "30d", _diet_topics(diet))
    span_after = re.match(  # "I've been sober 6 months today"
        r"\s+(?P<span>(?:\d{1,4}|a|one|two|three|four|five|six|a few) (?:days?|weeks?|months?|years?))\b",
        match.string[match.end() :],
    )
    if not since and not match["span"] and span_after and match["how"] and "been" in match["how"].lower():
        text = f"{said.name} has been {diet} for {span_after['span'].lower()}"
    elif match["span"]:  # "I'm 6 months sober"
        text = f"{said.name} has been {diet} for{match['span'].lower()}"
    elif match["how"] and "been" in match["how"].lower():
        text = f"{said.name} has been {diet}" + (f" {since}" if since else "")
    elif match["diet2"] or match["diet_word"]:
        text = f"{said.name} is on a {diet} diet"
    else:
        text = f"{said.name} is {diet}"
    # in its own sentence, from the diet on: not "I'm vegetarian. my husband eats anything except fish"
    rest_of_sentence = said.clause + re.split(r"[.!?;](?:\s|$)", said.message_after())[0]
    if diet == "vegetarian" and (fish := _FISH_TOO.search(rest_of_sentence)):
        text += f" but eats {fish['fish'].lower()}"  # "I'm veggie apart from fish": what a bot cooking for them needs
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, _diet_topics(diet), slot="diet")


# Not "… but fish and chips smell amazing": a "but" wants "eat".
_FISH_TOO = re.compile(
    r"\b(?:(?:but|though|although)(?: I)?(?: (?:do|still|will|can))? eat|except(?: for)?|apart from|other than)"
    r" (?P<fish>fish|seafood)\b",
    re.IGNORECASE,
)


def _diet_topics(diet: str) -> list[str]:
    """A diet's topics; being sober is a matter of health ("has been sober for 18 months")."""
    return topics_of("health", "sobriety") if diet == "sober" else topics_of("diet", diet)


def condition_is_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm colour blind", "I'm dyslexic", "I'm deaf in one ear": a condition said as what one is."""
    condition = " ".join(match["condition"].lower().split())
    return said.fact(f"{said.name} is {condition}", MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", condition))


# "I've given up coffee", "I've quit drinking": said as "gave up", "quit".
_HAVE_GIVEN_UP = r"(?:'ve| have)(?: just| finally| officially)? (?:given up|quit|stopped|cut out|cut back on)"
_AS_DONE = {"given up": "gave up", "quit": "quit", "stopped": "stopped", "cut out": "cut out"}


def _done(verb: str) -> str:
    """ "'ve given up" → "gave up": the verb as a memory says it."""
    verb = re.sub(r"^(?:'ve|have)(?: just| finally| officially)? ", "", " ".join(verb.lower().split()))
    return _AS_DONE.get(verb, verb)


def off_food_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm off dairy for a bit, doctor's orders": a food or drink left out for a while."""
    what = match["what"].lower()
    text = f"{said.name} is off {what}" + (" on their doctor's orders" if match["doctor"] else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("diet", what))


def habit_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I don't drink coffee", "I only drink tea", "I quit drinking", "I gave up smoking last year", "I
    don't smoke"."""
    if match["what"]:
        verb = _done(match["verb"])
        doing = "doesn't drink" if re.search(r"n't|not|never|no longer", verb) else verb
        doing = "only drinks" if re.search(r"only|stick", verb) else doing  # "I only drink tea", "I stick to tea"
        text = f"{said.name} {doing} {match['what'].lower()}"
        return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("diet", match["what"]))
    habit = match["habit"].lower()
    habit = "drink alcohol" if habit == "drink" else habit
    if re.search(r"n't|not|never", match["verb2"]):
        text = f"{said.name} doesn't {habit}"
    else:
        when = phrase_cut(match["when"] or "", max_words=4)
        said_when = re.match(r"^(?:last|this|in|on|a |an |\d|two|three|four|five|years|months)", when, re.I)
        when = when if said_when else past_time_in(match["when"] or "")  # "ten years ago"
        text = f"{said.name} {_done(match['verb2'])} {habit}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("health", habit))


_ALLERGENS = re.compile(
    rf"\b(?:{FOODS}|nuts?|peanuts?|tree nuts?|shellfish|shrimp|prawns|crab|lobster|gluten|wheat|soy|sesame|eggs?"
    r"|milk|lactose|dairy|pollen|grass|hay|dust|dust mites|mold|mould|cats?|dogs?|horses?|pets|animals|fur|penicillin"
    r"|antibiotics|aspirin|ibuprofen|latex|bees?|wasps?|stings|kiwis?|strawberr(?:y|ies)|tomato(?:es)?|garlic"
    r"|onions?|mushrooms?|celery|mustard|sulfites|sulphites|fruit|citrus|avocados?|bananas?|apples?|corn"
    r"|coconut|almonds?|cashews?|walnuts?|hazelnuts?|pistachios?|seafood|fish|nickel|perfume|fragrance)\b",
    re.IGNORECASE,
)


def allergy_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm allergic to peanuts", "I have a nut allergy"."""
    if match["bare"] is not None:  # "pad see ew, and no peanuts, I'm allergic": what they said no to
        refused = re.search(r"\bno (?P<what>[\w ]{2,30}?)(?:[,.!]|$| pls| please)", said.scene.line_text, re.I)
        if not refused or not _ALLERGENS.fullmatch(refused["what"].strip()):
            return None
        text = f"{said.name} is allergic to {refused['what'].strip().lower()}"
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "allergy"))
    if match["what"]:
        what = phrase_cut(match["what"], max_words=6)
        allergens = list(_ALLERGENS.finditer(what))
        if not allergens:
            return None  # "allergic to mondays", "allergic to fun": not an allergy
        # Up to the last allergen named: "peanuts so finding snacks here is…" says peanuts.
        text = f"{said.name} is allergic to {what[: allergens[-1].end()]}"
    else:
        text = f"{said.name} has {article_for(match['food'].lower())} {match['food'].lower()} allergy"
    return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", "allergy"))


# A condition's or a medicine's name as people write it: "ADHD", "OCD", "HRT" stay in capitals.
_ACRONYMS = re.compile(r"\b(?:adhd|ocd|ptsd|ibs|pcos|ms|copd|me/cfs|cfs|hrt|pots|h?eds|pmdd)\b|\bME\b", re.IGNORECASE)


def condition_name(said: str) -> str:
    """ "my adhd" → "my ADHD": lower case but for the acronyms."""
    return _ACRONYMS.sub(lambda found: found[0].upper(), " ".join(said.lower().split()))


_SEASON = re.compile(r"\s+(in the (?:spring|summer|autumn|fall|winter)|in (?:19|20)\d\d)\b", re.IGNORECASE)
# How long one has lived with a condition: "for 8 years", "since 2019", "since I was a kid".
_HAD_FOR = re.compile(
    rf"\s+(?P<span>{FOR_A_SPAN}|since (?:(?:19|20)\d\d"
    r"|childhood|birth|I was (?:a kid|a child|little|young|a teenager|\d{1,2})))\b",
    re.IGNORECASE,
)


def _lasting(condition: str) -> bool:
    """Whether a condition is one lived with ("asthma"), not one that mends ("a broken wrist", "the flu")."""
    return not re.match(rf"an? |the |(?:{PASSING_ILLNESSES}|{SPORTS_INJURIES})$", condition, re.IGNORECASE)


def condition_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I have asthma", "I was diagnosed with ADHD", "I've got a broken wrist"."""
    condition = match["condition"]
    lasting = _lasting(condition)
    condition = condition if condition.isupper() else condition_name(condition)
    verb = "was diagnosed with" if "diagnos" in match["verb"].lower() else "has"
    verb = "struggles with" if "struggl" in match["verb"].lower() else verb  # not a diagnosis told
    off = re.search(r"off (?:sick|work)|signed off|\bout\b", match["verb"], re.IGNORECASE)
    if off and (not lasting or condition in ("stress", "burnout")):  # "has long covid" lasts: kept so
        spans = re.compile(rf"(?P<span>{FOR_A_SPAN})")
        if span := spans.search(match["verb"]):  # "I've been out for 3 weeks with a calf strain"
            text = f"{said.name} has been {off[0].lower()} {span['span']} with {condition}"
        else:
            span = spans.match(match.string[match.end() :].lstrip())
            text = f"{said.name} is {off[0].lower()} with {condition}" + (f" {span['span']}" if span else "")
        return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", condition.split()[-1]))
    text = f"{said.name} {verb} {condition}"
    if verb == "was diagnosed with":  # "… in the spring", "… last year"
        rest = match.string[match.end() :]
        season = _SEASON.match(rest)
        if when := past_time_in(rest) or (season[1].lower() if season else ""):
            text += f" {when}"
        elif age := re.match(r"\s+(?:at|aged|at the age of) (?P<age>\d{1,2})\b", rest):  # "… at 35"
            text += f" at {age['age']}"
    had = _HAD_FOR.match(match.string[match.end() :])  # "I've had ME for 8 years"
    if lasting and had and verb == "has":
        text = f"{said.name} has had {condition} {since_age(had['span'])}"
    if lasting:
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics_of("health", condition.split()[-1]))
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", condition.split()[-1]))


def named_by_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "Dr. Lee says it's mild asthma", "physio thinks it's a slipped disc": a condition named by the one
    who treats them, theirs as "I have asthma" is."""
    condition = match["condition"]
    how = f"{match['how'].lower()} " if match["how"] else ""
    text = f"{said.name} has {how}{condition if condition.isupper() else condition_name(condition)}"
    topics = topics_of("health", condition.split()[-1])
    if _lasting(condition):
        return said.fact(text, MemoryKind.FACT, HIGH, PERMANENT, topics)
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics)


# The verbs an injury is kept with (``injury_rule``), by which a question about one finds it.
INJURED = r"broke|sprained|twisted|tore|injured|hurt|fractured|dislocated|pulled|strained|tweaked|rolled|ruptured"


def injury_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I broke my ankle", "I tore my ACL skiing", "I broke my arm last week", "I did my back in",
    "I tore a ligament in my knee"."""
    verb = {"messed up": "hurt", "busted": "hurt", "done": "injured", "did": "injured", "torn": "tore"}.get(
        (match["verb"] or match["verb2"]).lower(), (match["verb"] or match["verb2"]).lower()
    )  # "I've done my ACL"
    when = past_day_in(match.string[match.end() :])
    if match["tissue"]:  # "tore a ligament in my knee"
        part = (match["part2"] or match["tissue"]).lower().replace("acl", "ACL")
        where = f" in their {match['part2'].lower()}" if match["part2"] else ""
        text = f"{said.name} {verb} a {match['tissue'].lower()}{where}" + (f" {when}" if when else "")
        return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", part))
    part = match["part"].lower().replace("acl", "ACL")
    text = f"{said.name} {verb} their {part}" + (f" {when}" if when else "")
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", part))


def healing_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "physio says no running till my achilles heals", "my wrist is still healing": an injury that
    is mending, and what it stops, for a month."""
    if re.search(r"\b(?:not|never)\b|n't\b", match["before"], re.IGNORECASE):
        return None  # "I don't think my wrist is healing" (the rule reads its own negation: "no running")
    part = (match["part"] or match["part2"]).lower().replace("acl", "ACL")
    heals = "heal" if part.endswith("s") and part != "achilles" else "heals"
    stopped = re.search(r"\bno (?P<doing>[a-z]+ing)\b", match["before"], re.IGNORECASE)
    if stopped and match["until"]:
        text = f"{said.name} is not {stopped['doing'].lower()} until their {part} {heals}"
    else:
        text = f"{said.name}'s {part} {'are' if heals == 'heal' else 'is'} healing"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", part))


def recovering_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm recovering from knee surgery", "still getting over covid": for a month, how they are now."""
    what = " ".join(match["what"].lower().replace("covid", "COVID").split())
    text = f"{said.name} is recovering from {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", what.split()[-1]))


def fear_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I'm terrified of spiders", "I'm afraid of heights": a lasting fear, not a passing mood."""
    what = " ".join(match["what"].lower().split())
    text = f"{said.name} is {match['fear'].lower()} of {what}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("fears", what.split()[-1]))


_STAY = re.compile(
    r"\s*(?P<stay>for (?:a|an|one|two|three|four|five|six|a few|a couple of|several|\d+)"
    r" (?:hours?|days?|nights?|weeks?|months?))\b",
    re.IGNORECASE,
)


def hospital_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "spent two nights in hospital with a broken wrist", "I was in hospital last week", "Last month I
    was rushed to the hospital", "I'm in hospital with a broken leg": a stay in hospital, with why and when
    when they say so, for a month."""
    where = match["where"]
    where = where if where.isupper() else where.lower()
    # as said ("in hospital", "in A&E", "in intensive care"), but "the ER" as it is always said
    the = "the " if match["the"] or where.lower() in ("er", "emergency room") else ""
    how = {"'m": "is", "am": "is", "'m still": "is still", "am still": "is still"}.get((match["how"] or "").lower())
    into = f"{how or (match['how'] or '').lower()} in" if match["how"] else f"{match['how2'].lower()} to"
    text = f"{said.name} {' '.join(into.split())} {the}{where}"
    rest = match["rest"] or ""
    if match["how2"] and re.match(r"\s*(?:to (?:visit|see|pick|drop|meet|work)|for (?:work|my shift))\b", rest, re.I):
        return None  # "I went to the hospital to visit my grandma": a visit, not a stay
    when = past_time_in(rest) or past_time_in(match.string[: match.start()])
    if stay := _STAY.match(rest):  # "I was in intensive care for a week": how long, not why
        text += f" {' '.join(stay['stay'].lower().split())}"
    elif why := re.match(
        r"\s*(?:with|for|because of) (?P<why>(?:an? |my |severe |bad |really bad )*[a-z][\w -]{2,30})", rest
    ):
        text += f" with {third_person(phrase_cut(why['why'], max_words=5), said.name)}"
    if when and not text.endswith(when):
        text += f" {when}"
    return said.fact(text, MemoryKind.EVENT, HIGH, "30d", topics_of("health", "hospital"))


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
def off_sick_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I've been off sick with my back for 3 weeks", "I'm off sick with flu", "been signed off work for
    stress for a month": time off ill, news for a month."""
    if match["signed"] and not (match["what"] or match["span"] or re.search(r"\boff (?:work|sick)", match[0], re.I)):
        return None  # "I've been signed off": from a call, or a form, as likely as from work
    been = "been" in match["how"].lower()
    text = f"{said.name} {'has been' if been else 'is'} {'signed off work' if match['signed'] else 'off sick'}"
    if match["what"]:
        text += f" with {said.phrase(match['what'], max_words=5)}"
    if match["span"]:
        text += f" {' '.join(match['span'].lower().split())}"
    return said.fact(text, MemoryKind.EVENT, MEDIUM, "30d", topics_of("health", "sick"))


RULES = [
    Rule(
        priority=1747,
        pattern=re.compile(
            r"\b(?:the |my )?(?:doctor|doc|gp|physio|consultant|specialist|dr[.\u2024]? (?-i:[A-Z])[\w'-]+)"
            r" (?:says|said|thinks|reckons|confirmed|told me)(?: that)?,? (?:it's|it is|it was|I have|I've got)"
            rf" (?:(?P<how>mild|severe|bad|chronic)(?= ) )?(?P<condition>{CONDITIONS})\b",
            re.IGNORECASE,
        ),
        build=named_by_rule,
    ),
    Rule(
        priority=720,
        pattern=re.compile(
            r"\bI(?:'m| am) (?:(?:also|actually|partially|completely|totally) )?(?P<condition>colou?r[- ]?blind"
            r"|dyslexic|dyspraxic|autistic|epileptic|asthmatic|deaf(?: in one ear)?|hard of hearing|partially sighted"
            r"|blind in one eye|neurodivergent)\b",
            re.IGNORECASE,
        ),
        build=condition_is_rule,
    ),
    Rule(
        priority=850,
        pattern=re.compile(
            rf"\b{I_AM}(?: (?:really|so|very|super|absolutely|deathly|genuinely|properly))? (?P<fear>scared|afraid"
            r"|terrified|frightened) of (?P<what>spiders|heights|flying|the dark|dogs|needles|deep water|water|snakes"
            r"|clowns|birds|bees|wasps|the dentist|dentists|public speaking|crowds|lifts|elevators|horses|mice|rats"
            r"|moths|thunder|thunderstorms|blood|hospitals|open water|small spaces|enclosed spaces|sharks|ghosts"
            r"|bugs|insects|the sea|driving|cats)\b(?! (?:today|tonight|tomorrow|right now|now|at the moment))",
            re.IGNORECASE,
        ),
        build=fear_rule,
    ),
    Rule(
        priority=890,
        pattern=re.compile(
            rf"\bI(?P<how>(?:'m| am)(?: (?:a|an|now|still|fully|strictly|mostly|basically|also|the only))*"
            rf"|(?:'ve| have) been(?: (?:a|an|fully|strictly|mostly))*|(?:'ve| have) gone| went| became)"
            rf"(?P<span> (?:\d{{1,2}}|a|one|two|three|four|five|six|a few) (?:days?|weeks?|months?|years?))?"
            rf" (?P<diet>{DIETS})\b(?P<diet_word> diet)?(?P<since>(?: for| since) .+)?"
            rf"|\bI(?:'m| am) on (?:an?|the) (?P<how2>)(?P<diet2>{DIETS}|low[- ]carb) diet"
            rf"|\bI(?P<verb> (?:don't|do not|never|no longer|can't|cannot) (?:eat|do|have)"
            rf"|{EVENT_ADVERBS} (?:stopped|quit|gave up) eating) (?:any )?(?P<food>{FOODS})\b"
            rf"|\bI (?P<how3>keep) (?P<diet3>kosher|halal)\b"
            rf"|\b(?:I(?:'m| am)|I(?:'ve| have) been|we(?:'re| are)) (?:doing|trying) (?P<how4>)"
            rf"(?P<diet4>intermittent fasting|keto|paleo"
            rf"|whole30|the carnivore diet|veganuary|dry january)\b"
            rf"|\bday \d{{1,3}} of (?P<how5>)(?P<diet5>{DIETS}|intermittent fasting|whole30|veganuary|dry january)\b"
            rf"|\b(?:put me|I(?:'m| am)|I(?:'ve| have) been"
            rf"|I went) on (?:an?|the) (?P<how6>)(?P<diet6>[a-z]{{3,12}}[- ][a-z]{{3,12}}"
            rf"|[a-z]{{3,12}}) diet\b",
            re.IGNORECASE,
        ),
        build=diet_rule,
    ),
    Rule(
        priority=895,
        pattern=re.compile(
            rf"\bI(?:'m| am) (?:(?:completely|totally|still) )?off (?P<what>{FOODS}|{DRINKS}|the booze|booze)\b"
            r"(?=(?:[^.!?]*?(?P<doctor>doctor'?s orders|doc'?s orders))?)",
            re.IGNORECASE,
        ),
        build=off_food_rule,
    ),
    Rule(
        priority=900,
        pattern=re.compile(
            rf"\bI(?P<verb> (?:don't|do not|never|no longer) (?:drink|touch)| only drink| (?:just |mostly )?stick to"
            rf"|(?:{EVENT_ADVERBS} (?:stopped|quit|gave up|cut out|cut back on)|{_HAVE_GIVEN_UP})"
            rf"(?: drinking)?) (?:any )?(?P<what>{DRINKS})\b"
            rf"|\bI(?P<verb2>{EVENT_ADVERBS} (?:quit|stopped|gave up)|{_HAVE_GIVEN_UP}"
            rf"| (?:don't|do not|never)(?= (?:smoke|vape)\b|"
            r" drink(?: alcohol)?\W*$))"  # "I don't drink": alcohol ("I don't drink much" says nothing)
            rf" (?P<habit>smoking|vaping|smoke|vape|drinking|drink|gambling|social media|sugar|caffeine|meat|dairy"
            r"|junk food|fast food|carbs)\b(?P<when>.*)",
            re.IGNORECASE,
        ),
        build=habit_rule,
    ),
    Rule(
        priority=910,
        pattern=re.compile(
            r"\bI(?:'m| am)(?: (?:super|very|really|severely|deathly|mildly|a bit|slightly|kinda|so|extremely))*"
            rf" allergic(?: to (?P<what>.+)|(?P<bare>\W*$))|\bI(?: have|'ve got| got) (?:an? )?(?:(?:bad|severe"
            rf"|mild) )?"
            rf"(?P<food>{FOODS}|nut|peanut|shellfish|gluten|pollen|cat|dog|dust|penicillin|bee) allergy",
            re.IGNORECASE,
        ),
        build=allergy_rule,
    ),
    Rule(
        priority=920,
        pattern=re.compile(
            rf"\bI(?P<verb> have| have got|'ve got| got| was diagnosed with|'ve been diagnosed with| live with"
            rf"|'ve had| have had|'m living with| get| suffer from| deal with| struggle with| (?:still )?get"
            rf"|(?:'ve| have)? been struggling with|(?:'m| am) struggling with"
            # "I finally got my diagnosis, it's ADHD", "I got diagnosed with fibro last year"
            rf"|(?:'ve| have)?(?: just| finally| officially)? got (?:diagnosed with|(?:my |a )?diagnosis(?: of|,| -|:)?"
            rf"(?: it's| it is| it was)?)"
            # "I've been off sick with long covid since March", "I'm off work with a broken wrist"
            rf"|(?:'m| am|'ve been| have been) (?:off (?:sick|work)|signed off|laid up|stuck (?:at home|in bed)"
            rf"|out(?: injured)?)(?: (?:{FOR_A_SPAN}|all week|all month|this week|since (?:{WEEKDAYS})))? with)"
            rf" (?P<condition>{CONDITIONS})\b",
            re.IGNORECASE,
        ),
        build=condition_rule,
    ),
    Rule(
        priority=930,
        pattern=re.compile(
            rf"\bI(?:'ve| have)? (?:just |recently |literally )?"
            rf"(?P<verb>broke|sprained|twisted|tore|torn|injured|hurt|fractured|dislocated|messed up|busted|pulled"
            rf"|strained|tweaked|rolled|done(?= my (?:acl|knee|back|ankle|hamstring|achilles|shoulder|calf)\b)"
            rf"|did(?= my (?:{BODY_PARTS}) in\b))"
            rf" (?:my|a) (?P<part>(?:left |right )?(?:{BODY_PARTS}))\b"
            rf"|\bI(?:'ve| have)? (?:just |recently )?(?P<verb2>tore|torn|ruptured|pulled|strained) an? (?P<tissue>"
            rf"ligament|tendon|muscle|cartilage)(?: in my (?P<part2>(?:left |right )?(?:{BODY_PARTS}))\b)?",
            re.IGNORECASE,
        ),
        build=injury_rule,
    ),
    Rule(
        priority=935,
        pattern=re.compile(
            rf"^(?P<before>.*?)\b(?:(?P<until>till|until|til|while|whilst) my (?P<part>(?:{BODY_PARTS})s?) heals?"
            rf"|my (?P<part2>{BODY_PARTS})(?:'s| is| are) (?:still |slowly )?healing)\b",
            re.IGNORECASE,
        ),
        build=healing_rule,
    ),
    Rule(
        priority=940,
        pattern=re.compile(
            rf"\b{I_AM} (?:still |slowly |finally )?(?:recovering|getting over) (?:from )?"
            r"(?P<what>(?:(?:my|a|an|the) )?(?:[\w-]+ ){0,2}?(?:surgery|operation|op|covid|flu|pneumonia|burnout"
            r"|injury|concussion|cold|chest infection|c-section|chemo|illness|infection|replacement|transplant"
            r"|hysterectomy)|a broken [\w-]+)\b",
            re.IGNORECASE,
        ),
        build=recovering_rule,
    ),
    Rule(
        priority=1070,
        pattern=re.compile(
            r"\b(?:I|we)(?: |(?='m))(?:(?:just|also|actually|even) )?(?:(?P<how>ended up|was|have been|'ve been"
            r"|'m still|'m|am still|am"
            r"|spent (?:the|a) night|spent (?:two|three|four|a few|\d+) (?:days|nights)) in"
            r"|(?P<how2>had to go|went|was rushed|got rushed|was taken) to)"
            rf" (?P<the>the )?(?P<where>{HOSPITALS})\b(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=hospital_rule,
    ),
    Rule(
        priority=1638,
        pattern=re.compile(
            r"\bI(?P<how>'m| am|'ve been| have been) (?:(?:still|now|currently) )?"
            r"(?:off (?:sick|ill|work sick)(?! of\b)|(?P<signed>signed off)(?: work| sick)?)"
            r"(?: (?:with|for) (?!(?:a|an|one|two|three|four|\d+) (?:days?|weeks?|months?)\b)"
            r"(?P<what>(?:my |a |the |an )?[\w-]+(?: (?!for\b)[\w-]+)?))?(?P<span> " + FOR_A_SPAN + r")?\b",
            re.IGNORECASE,
        ),
        build=off_sick_rule,
    ),
]
