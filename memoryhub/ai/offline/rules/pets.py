"""Pets and their names (also named a line later)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memoryhub.ai.contract import EntityType, MemoryKind
from memoryhub.ai.offline.facts import (
    HIGH,
    MEDIUM,
    PERMANENT,
    Fact,
    Rule,
    Said,
    expiration_for,
    past_time_in,
    revised,
    time_in,
)
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, counted, join_names, name_token, third_person, topics_of
from memoryhub.ai.offline.vocabulary import COUNTS, PETS, WEEKDAYS

_FARM = frozenset({"chicken", "hen", "duck", "pig", "goat"})


def _pet_verb(raw: str) -> str:
    raw = raw.lower()
    for word, verb in (("adopted", "adopted"), ("rescued", "rescued"), ("bought", "bought"), ("own", "owns")):
        if word in raw:
            return verb
    return "has" if ("have" in raw or "'ve" in raw) else "got"


# "I have two cats and a dog": another kind of pet in the same breath.
_MORE_PETS = re.compile(
    rf"\s*,?\s*(?:and|&|plus)\s+(?P<quantity>{COUNTS})\s+"
    rf"(?:(?:little|baby|rescue|old|tiny|big|fluffy) )*(?P<species>{PETS})(?:e?s)?\b",
    re.IGNORECASE,
)


def pet_waiting(facts: Sequence[Fact], handle: str, species: str = "") -> Fact | None:
    """The last of ``facts`` in which ``handle`` said they have a pet (of ``species``, if given) whose
    name is still to come ("I just adopted a cat!"), else None."""
    for fact in reversed(facts):
        if fact.speaker == handle and fact.species and not fact.pet and species in ("", fact.species):
            return fact
    return None


def pet_named(fact: Fact, name: str, said: Said) -> Fact:
    """``fact``, a pet waiting for its name, as it reads once ``said`` gives the name: a new fact,
    ``fact`` left as it was (a ``revised`` one stays a revision)."""
    entity = said.entity(EntityType.THING, name, f"{said.name}'s {fact.species}", species=fact.species)
    lines = fact.lines if said.line_index in fact.lines else [*fact.lines, said.line_index]
    return replace(
        fact,
        pet=name,
        text=f"{fact.text} named {name}",
        importance=HIGH,
        entities=[*fact.entities, entity],
        lines=lines,
    )


def pet_rule(match: re.Match[str], said: Said) -> Fact | None:
    species = match["species"].lower()
    quantity = re.sub(r"^(?:this|my own|our own)$", "a", match["quantity"].lower())  # "we adopted this little kitten"
    plural = quantity not in ("a", "an", "another", "one")
    if species in _FARM and not plural:
        return None  # "I got a chicken wrap": one farm animal is more often food than a pet
    kind = (match["kind"] or "").lower()  # "a reactive dog", "a rescue cat": what a dog person asks about
    young = f" {match['young'].lower()}" if match["young"] else ""  # "a border collie puppy named Pixel"
    text = f"{said.name} {_pet_verb(match['verb'])} {counted(quantity, kind + species + young)}"
    fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", species))
    if not (match["pet"] or match["names"]) and (more := _MORE_PETS.match(match.string, match.end())):
        fact.text += f" and {counted(more['quantity'].lower(), more['species'].lower())}"  # "two cats and a dog"
        fact.topics = topics_of("pets", species, more["species"].lower())
        return fact  # two kinds: no one pet for a name said later
    if plural:
        names = re.split(r",? (?:and|&) |, ", match.groupdict().get("names") or "")
        names = [name_token(name) for name in names if name_token(name)]
        if len(names) > 1:
            fact.text += " named " + join_names(names)
            owned = f"{said.name}'s {species}"
            fact.entities += [said.entity(EntityType.THING, name, owned, species=species) for name in names]
        return fact
    fact.species = species
    name = name_token(match["pet"] or "")
    apposed = _PET_APPOSITIVE.match(said.clause, match.end()) or _apposed_after(said, match.end())
    if not name and apposed:  # "a puppy, a beagle called Biscuit", "a puppy!! a border collie named Pixel"
        breed = apposed["breed"].lower()
        # "a puppy, a beagle": a beagle puppy; "a dog, a labrador": a labrador; "a cat, a little tabby": both
        both = species in ("puppy", "pup", "kitten") or not re.fullmatch(PETS, breed, re.IGNORECASE)
        said_as = f"{breed} {species}" if both else breed
        fact.text = f"{said.name} {_pet_verb(match['verb'])} {article_for(said_as)} {said_as}"
        name = name_token(apposed["pet"])
    if not name:
        name = pet_name_given(said.clause, match.end())  # "…, his name is Biscuit"
    return pet_named(fact, name, said) if name else fact


def my_pet_rule(match: re.Match[str], said: Said) -> Fact | None:
    explicit = bool(match["how"] and match["how"].strip(" ,"))
    word = match["pet"]
    name = name_token(word)
    if not name or not (explicit or word[0].isupper()):
        return None
    species = match["species"].lower()
    waiting = pet_waiting(said.scene.facts, said.handle, species)
    if waiting is not None:  # "I adopted a cat" … "my cat Luna": one memory
        return pet_named(revised(waiting), name, said)
    fact = said.fact(
        f"{said.name} has {article_for(species)} {species}",
        MemoryKind.FACT,
        MEDIUM,
        PERMANENT,
        topics_of("pets", species),
    )
    fact.species = species
    return _aged(pet_named(fact, name, said), species, match.string[match.end() :])


# What a pet lives with, once it has it: "kidney disease", "arthritis".
_CHRONIC = (
    r"kidney disease|chronic kidney disease|CKD|cancer|diabetes|arthritis|a heart murmur|heart disease|epilepsy"
    r"|hyperthyroidism|dementia|IBD|Cushing'?s|a (?:brain |lung )?tumou?r"
)


def pet_news_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my dog is sick", "my cat has been at the vet all week", "our cat had kittens", "my dog tore
    his ACL": how their pet is, for a month, or for good where it lives with it ("my cat is diabetic");
    it also says they have one."""
    species = match["species"].lower()
    said_how = re.sub(r"^'s (?=been\b|(?:just )?had\b)", " has ", match["how"].lower())  # "'s just had kittens"
    how = re.sub(r"\bacl\b", "ACL", " ".join(said_how.replace("'s ", " is ").split()))
    since = re.match(
        rf"\s+since (?:last )?(?P<day>{WEEKDAYS}|yesterday|last night|this morning)\b", match["rest"], re.I
    )
    when = f"since {since['day']}" if since else ""  # "… has been missing since Tuesday"
    when = when or past_time_in(match["rest"]) or time_in(match["rest"])  # "… had surgery", "… surgery next week"
    name = name_token(match["pet"] or "")
    text = f"{said.name}'s {species}{f' {name}' if name else ''} {how}" + (f" {when}" if when else "")
    entities = [said.entity(EntityType.THING, name, f"{said.name}'s {species}", species=species)] if name else []
    if re.search(
        rf"\b(?:diabetic|blind|deaf|epileptic|reactive|{_CHRONIC})$", how
    ):  # "my cat is diabetic": how it lives
        side = re.match(r"\s+in (?:one|both|the left|the right|his|her|its) (?:eyes?|ears?)\b", match["rest"])
        text += side[0] if side else ""  # "blind in one eye"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", species), entities=entities)
    if re.match(r"(?:turns|is turning) ", how) and (soon := time_in(match["rest"])):  # "my dog turns 10 tomorrow"
        return said.fact(text, MemoryKind.EVENT, MEDIUM, expiration_for(soon), topics_of("pets", species), time=soon)
    weight = HIGH if re.search(r"missing|ran away|run away|got out|escaped", how) else MEDIUM
    return said.fact(text, MemoryKind.EVENT, weight, "30d", topics_of("pets", species), entities=entities)


def fostering_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we're fostering two kittens at the moment", "we're fostering a greyhound called Blue": animals
    in their care for a while, and the one's name."""
    what = " ".join(match["what"].lower().split())
    species = match["species"].lower()
    text = f"{said.name} is fostering {what}"
    named = re.match(
        r",? (?:called|named) (?P<pets>(?-i:[A-Z])[\w'-]*(?:(?:, | and | & )(?-i:[A-Z])[\w'-]*)*)",
        match.string[match.end() :],
        re.IGNORECASE,
    )
    if named:  # "called Blue", "called Salt and Pepper"
        text += f" named {named['pets'].replace(' & ', ' and ')}"
    return said.fact(text, MemoryKind.FACT, MEDIUM, "30d", topics_of("pets", species))


# A pet's age said after it: "my dog is 12", "my cat Miso is 14 now, getting old", "… just turned 3".
_PET_AGE = re.compile(
    r"\s*(?:'s|is|just turned|turned)(?: now| nearly| almost| just)? (?P<age>1?\d)(?: years? old| yo| y/o)?(?: now)?"
    r"(?: today| this week)?(?=\s*$|\s*[,.!]| and\b| but\b| so\b)",
    re.IGNORECASE,
)


def _aged(fact: Fact, species: str, after: str) -> Fact:
    """``fact`` of one pet, with the age said just ``after`` it: "has a 12-year-old dog"."""
    if (age := _PET_AGE.match(after)) is None:
        return fact
    aged = f"{age['age']}-year-old {species}"
    fact.text = re.sub(rf"\ban? {re.escape(species)}\b", f"{article_for(aged)} {aged}", fact.text, count=1)
    return fact


# What is said of a pet that stays true of it: where it came from, what it is, what it loves or fears.
_SAID_OF_PET = re.compile(
    r"\s*(?P<what>(?:is|'s) (?:a rescue\b.*|an? (?:[\w-]+ )?(?:cross|mix)\b.*|(?:obsessed with|scared of|terrified of"
    r"|afraid of|allergic to) .+))",
    re.IGNORECASE,
)


def pets_owned_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my two dogs would like a word", "my cat is basically my landlord": their pets, unnamed."""
    species = (match["species"] or match["species2"]).lower()
    quantity = (match["quantity"] or "").lower()
    if not quantity and species in _FARM:
        return None
    said_of = _SAID_OF_PET.match(match.string, match.end("species2")) if match["species2"] else None
    if said_of:  # "my dog is a rescue from Romania", "our dog is obsessed with tennis balls"
        what = phrase_cut(re.sub(r"^'s ", "is ", said_of["what"]), max_words=8)
        text = f"{said.name}'s {species} {third_person(what, said.name)}"
        return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", species))
    text = f"{said.name} has {counted(quantity or 'a', species)}"
    waiting = pet_waiting(said.scene.facts, said.handle, species)
    if waiting is not None and not quantity:
        return waiting  # said of the pet already told: that fact again, as it is
    fact = said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("pets", species))
    if not quantity:
        fact.species = species
        fact = _aged(fact, species, match.string[match.end("species2") :] if match["species2"] else "")
    return fact


def pet_kind_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my dog ate my airpods" … "he's a lab called Bruno": the kind (and name) of the pet just told."""
    pet = next(
        (f for f in reversed(said.scene.facts) if f.subject == said.handle and f.species and not f.reported), None
    )
    if pet is None or said.line_index - pet.lines[-1] > 4:
        return None
    species = match["species"].lower()
    lines = pet.lines if said.line_index in pet.lines else [*pet.lines, said.line_index]
    told = revised(pet, lines=lines)
    if species != pet.species:
        text = re.sub(rf"\b{re.escape(pet.species)}\b", species, pet.text, count=1)
        told = replace(told, text=text, species=species, topics=topics_of("pets", species))
    name = name_token(match["pet"] or "")
    return pet_named(told, name, said) if name and not pet.pet else told


_PET_APPOSITIVE = re.compile(
    r"\s*[,\u2014-]\s*an? (?P<breed>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:called|named) (?P<pet>[a-z][\w'-]*)", re.IGNORECASE
)
# The same said as the message's next sentence: "we just got a puppy!! a border collie named Pixel".
_PET_APPOSED_NEXT = re.compile(
    r"[!.]+\s*an? (?P<breed>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:called|named) (?P<pet>[a-z][\w'-]*)\s*[!.]*$",
    re.IGNORECASE,
)


def _apposed_after(said: Said, end: int) -> re.Match[str] | None:
    """The breed and name the message's next sentence gives the pet a clause ends on, if it is only that."""
    return None if said.clause[end:].strip(" !.") else _PET_APPOSED_NEXT.match(said.message_after())


PET_NAMING = re.compile(
    rf"^(?:I |we )?(?:named|called|call|name) (?:her|him|it|them|the (?:{PETS}))\s+(?P<pet>[a-z][\w'-]*)"
    r"|\b(?:her|his|its|their) name(?:'s| is)\s+(?P<pet2>[a-z][\w'-]*)"
    r"|\b(?:she|he|it)(?:'s| is) (?:called|named)\s+(?P<pet3>[a-z][\w'-]*)"  # "…, she's called Mochi"
    r"|\b(?:I|we) (?:named|called) (?:her|him|it)\s+(?P<pet4>[a-z][\w'-]*)",  # "…, we named her Olive"
    re.IGNORECASE,
)


def pet_name_given(text: str, start: int = 0) -> str:
    """The name ``text`` gives a pet from ``start`` on ("…, his name is Biscuit", "named her Luna"), or ""."""
    found = PET_NAMING.search(text, start)
    return name_token(next((group for group in found.groups() if group), "")) if found else ""


# This module's rules: on a clause, the rule whose match starts first is tried first, and at the same
# start the lower priority (rules/__init__.py puts every module's rules in one table).
RULES = [
    Rule(
        priority=325,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'m|'re| am| are) (?:currently |still |now )?fostering"
            rf" (?P<what>(?:a litter of|a pair of|a couple of|a|an|{COUNTS}|some)"
            rf" (?:[\w-]+ )?(?P<species>puppies|bunnies|ponies|{PETS})(?:e?s)?)\b",
            re.IGNORECASE,
        ),
        build=fostering_rule,
    ),
    Rule(
        priority=330,
        pattern=re.compile(
            rf"\b(?:I|we)(?P<verb>(?: just| finally| recently)? (?:adopted|got|rescued|bought|have got|have|own)"
            rf"|'ve (?:got|adopted|rescued)|'ve(?: just| finally)? bought)"  # "I've finally bought my own horse"
            rf" (?P<quantity>another|this|(?:my|our) own|{COUNTS})"
            r" (?:(?:new|little|cute|baby|pet|old|tiny|big|fluffy) )*"
            rf"(?P<kind>(?:(?:rescue|reactive|senior|deaf|blind|three-legged|anxious|nervous|ex-racing|guide|assistance|hearing|therapy"
            rf"|service|working) ){{1,2}})?"
            rf"(?P<species>{PETS})(?:e?s)?(?: (?P<young>puppy|pup|kitten|foal)(?=,? (?:named|called) ))?"
            r"\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*)"
            rf"|,? (?:named |called )?(?P<names>[a-z][\w'-]{{1,20}}(?:, [a-z][\w'-]{{1,20}})?,? (?:and|&)"
            rf" [a-z][\w'-]{{1,20}}))?",
            re.IGNORECASE,
        ),
        build=pet_rule,
    ),
    Rule(
        priority=340,
        pattern=re.compile(
            rf"\b(?:my|our) (?:new |little |baby |old |rescue )?(?P<species>{PETS})"
            r"(?P<how>'s name is|,? named|,? called| is (?:called|named)|,)?"
            r"\s+(?P<pet>[a-z][\w'-]*)",
            re.IGNORECASE,
        ),
        build=my_pet_rule,
    ),
    Rule(
        priority=339,  # before the pet's name alone (340): "our cat Mittens had kittens"
        pattern=re.compile(
            rf"\b(?:my|our) (?:(?:rescue|new|old|senior|little) )?(?P<species>{PETS})(?: (?P<pet>(?-i:[A-Z])[\w'-]+))?"
            r"(?P<how>(?: is|'s| was| has been|'s been| got) (?:(?:really|so|very|still) )?"
            r"(?:sick|ill|unwell|poorly|at the vet'?s?|in surgery|having surgery|injured|hurt|limping|not eating"
            r"|off (?:his|her|its|their) food"
            r"|diabetic|blind|deaf|epileptic|reactive|on insulin|on antibiotics)"
            r"| had (?:an? )?(?:surgery|operation|op)"
            # "my spaniel has to have surgery on her knee next week"
            r"| (?:has to have|needs|is going in for|is booked in for) (?:an? )?(?:surgery|operation|op)"
            r"(?: on (?:his|her|its|their) (?:knee|leg|hip|eye|ear|paw|tooth|teeth|back))?"
            # "my dog tore his ACL", "my cat broke her leg": an injury told as done
            r"| (?:tore|broke|hurt|sprained|injured) (?:his|her|its|their) (?:ACL|cruciate|leg|paw|tail|hip|back|tooth)"
            r"|(?:'s| has)? (?:just )?had (?:(?:\d+|two|three|four|five|six|a litter of) )?"
            r"(?:kittens|puppies|babies|pups)"
            r"|(?:'s| has)? (?:just )?had (?:her|a|its) (?:first |second |third )?litter"  # "… had her first litter"
            # "my cat has kidney disease": an illness it lives with
            rf"| has (?:got )?(?:{_CHRONIC})"
            rf"|(?: has been|'s been| was| got) diagnosed with (?:{_CHRONIC})"
            # "our dog had to have his leg amputated"
            r"| (?:had|has had|'s had|had to have|has to have|needs to have) (?:his|her|its|their) (?:back |front )?"
            r"(?:leg|tail|eye|paw|toe|teeth|tooth|spleen) (?:amputated|removed|out)"
            # "our cat got out last night": a pet lost, which a neighbour may ask after
            r"| (?:is |has |has been |'s been )?(?:just )?(?:got out|ran away|run away|gone missing|went missing"
            r"|escaped|missing)"
            r"| (?:got|was|has been|is being) (?:spayed|neutered|castrated)"
            r"|(?: turns|'s turning| is turning) (?:1?\d)(?= (?:today|tomorrow|on|next|this)\b))\b"  # a pet's birthday
            r"(?! of\b)(?P<rest>.*)",
            re.IGNORECASE,
        ),
        build=pet_news_rule,
    ),
    Rule(
        priority=360,
        pattern=re.compile(
            rf"\b(?:my|our) (?:(?P<quantity>two|three|four|five|six|\d) (?P<species>{PETS})(?:e?s)?\b"
            rf"|(?:(?:rescue|new|old|senior|little) )?(?P<species2>{PETS})(?: (?:is|was|just|keeps|kept|ate|has|had"
            r"|loves|hates|always|never|sleeps|snores|hides|bites|barks|chews|steals|eats|follows|scratches|purrs"
            r"|meows|howls|whines|growls|chases|wakes|won't|will|thinks|refuses|likes)\b"
            r"|(?='s (?:scared|terrified|afraid|obsessed|allergic|a rescue)\b)))",
            re.IGNORECASE,
        ),
        build=pets_owned_rule,
    ),
    Rule(
        priority=370,
        pattern=re.compile(
            rf"^(?:he|she|it)(?:'s| is) (?:an? )?(?:(?:little|tiny|big|rescue|chunky|old|young|purebred) )?"
            rf"(?P<species>{PETS})\b(?:,? (?:named|called) (?P<pet>[a-z][\w'-]*))?",
            re.IGNORECASE,
        ),
        build=pet_kind_rule,
    ),
]
