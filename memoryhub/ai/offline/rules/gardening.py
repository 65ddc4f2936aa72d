"""What a gardening or allotment channel tells of the ground one has: an allotment, a greenhouse, a
veg patch, a houseful of plants."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import MEDIUM, PERMANENT, Fact, Rule, Said
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import article_for, phrase_ends, third_person, topics_of

_GROUND = (
    r"allotment(?: plot)?|veg(?:etable)? (?:patch|plot|garden)|greenhouse|polytunnel|herb garden|balcony garden"
    r"|rooftop garden|(?:back |front )?garden|wildflower meadow|orchard|raised beds|cold frame|plot"
)
# The ground itself, not a thing named after it ("greenhouse envy", "a garden party", "the allotment open
# day"): what follows it ends the phrase.
_ENDED = phrase_ends(
    "full|with|that|which|and|but|at|in|on|for|now|too|lol|haha|this|last|after|so|where|of|behind|out|since|all"
    "|every|again|today|yesterday|is|was|has"
)
_PLANTS = r"house ?plants|plants|succulents|cacti|bonsai(?: trees)?|orchids"
# Where it is, said after it: "at Bramley", "on Moor Lane".
_SITE = re.compile(r"^ (?P<site>(?:at|on) (?:the )?(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,2})")
# What it holds, said after it: "a greenhouse full of chillies", "an allotment with a pond".
_HOLDING = re.compile(r"^ (?P<holding>(?:full of|with|that's full of) .+)", re.IGNORECASE)


def ground_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "we finally got an allotment", "I've got a greenhouse full of chillies", "spent all day at my
    allotment": the ground they grow on (what to ask after, what a frost means to them)."""
    ground = " ".join((match["ground"] or match["mine"] or match["mine2"]).lower().split())
    size = (match["size"] or "").lower()
    thing = f"{size} {ground}" if size else ground
    text = f"{said.name} has {'' if ground == 'raised beds' else article_for(thing) + ' '}{thing}"
    if holding := _HOLDING.match(match["rest"] or ""):
        text += f" {third_person(phrase_cut(holding['holding'], max_words=6), said.name)}"
    elif site := _SITE.match(match.string[match.end("ground") :] if match["ground"] else ""):
        text += f" {site['site']}"  # "I've got a half plot at Bramley"
    return said.fact(text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gardening", ground.removesuffix(" plot")))


def plants_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I have loads of houseplants", "I own 40 succulents": a collection of plants."""
    many = " ".join(match["many"].lower().split())
    many = "lots of" if many in ("loads of", "a lot of", "tons of", "a ton of", "so many", "too many") else many
    plants = re.sub(r"house ?plants", "houseplants", match["plants"].lower())
    return said.fact(
        f"{said.name} has {many} {plants}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gardening", plants)
    )


_CROPS = (
    r"tomatoes|toms|courgettes|zucchini|chillies|chilies|chilis|peppers|potatoes|spuds|runner beans|broad beans|beans"
    r"|peas|strawberries|raspberries|cucumbers|pumpkins|squash|carrots|onions|garlic|lettuces?|sweetcorn|sunflowers"
    r"|dahlias|sweet peas|roses"
)


def crops_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "my tomatoes are finally ripening", "our spuds are up", "my courgettes have gone mad": what they
    grow."""
    crop = {"toms": "tomatoes", "spuds": "potatoes", "chilis": "chillies", "chilies": "chillies"}.get(
        match["crop"].lower(), match["crop"].lower()
    )
    return said.fact(f"{said.name} grows {crop}", MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("gardening", crop))


RULES = [
    Rule(
        priority=1545,
        pattern=re.compile(
            r"\b(?:I|we)(?:'ve| have)? (?:(?:just|finally|now|also|recently) )?(?:have|got|rent|took on|taken on"
            # (the group "article" marks where the thing begins: "I have " leads to a list's next thing)
            r"|inherited) (?P<article>(?:(?:an? (?P<size>big|small|little|tiny|huge|new|lovely|half|full)|an?"
            r"|our own|my own|our first|my first|our new|my new|my|our) )?)"  # "finally got my allotment"
            # (what it holds ends at "and": "an allotment and a dog" goes on to a second thing had)
            rf"(?P<ground>{_GROUND})\b{_ENDED}(?P<rest>[^,.!?;]*?){phrase_ends('and|but')}"
            # ("a fox in my garden": a plain garden said in passing is anyone's, as below)
            rf"|\b(?:at|on|in|to|from) my (?!(?:back |front )?garden\b)(?P<mine>{_GROUND})\b{_ENDED}"
            # "my allotment is flooded again": theirs (a garden said so is anyone's: "my garden is full of roses")
            r"|\bmy (?P<mine2>allotment|veg patch|greenhouse|polytunnel) (?=(?:is|was|has|had|got|looks|needs)\b)",
            re.IGNORECASE,
        ),
        build=ground_rule,
    ),
    Rule(
        priority=1674,
        pattern=re.compile(
            rf"\b(?:my|our) (?:(?:first|cherry|new|early) )?(?P<crop>{_CROPS})(?: (?:are|have|'ve))?(?: been)?"
            r" (?:(?:finally|just|all|really|absolutely) )*"
            r"(?:ripening|ripe|coming up|up|flowering|sprouted|sprouting|germinated|in flower|fruiting"
            # "my courgettes have gone mad this year", "our runner beans got eaten by slugs"
            r"|(?:gone|going) (?:mad|crazy|wild|bonkers)|looking (?:amazing|great|good|lovely|healthy|sad|rubbish)"
            r"|doing (?:well|great|brilliantly|badly)|thriving|bolted|taking over|cropping|got (?:eaten|blight|mildew)"
            r"|eaten by)\b",
            re.IGNORECASE,
        ),
        build=crops_rule,
    ),
    Rule(
        priority=1546,
        pattern=re.compile(
            rf"\b(?:I|we)(?:'ve| have)? (?:have|got|own) (?P<many>\d+|loads of|lots of|so many|too many|a lot of"
            rf"|a ton of|tons of) (?P<plants>{_PLANTS})\b",
            re.IGNORECASE,
        ),
        build=plants_rule,
    ),
]
