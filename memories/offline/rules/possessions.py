"""Things people own or just bought: a car, a house, a bike."""

from __future__ import annotations

import re

from memories.models import MemoryKind
from memories.offline.facts import MEDIUM, PERMANENT, Fact, Said
from memories.offline.splitting import phrase_cut
from memories.offline.text import topics_of

THINGS = (
    r"car|bike|e-bike|ebike|motorbike|motorcycle|house|home|flat|apartment|condo|cabin|boat|truck|van|camper"
    r"|campervan|rv|scooter|moped|laptop|pc|gaming pc|computer|macbook|ipad|tablet|phone|iphone|camera|drone"
    r"|piano|guitar|keyboard|3d printer|printer|ps5|playstation|xbox|switch|nintendo switch|steam deck|tv"
    r"|telescope|kayak|canoe|sewing machine|tesla|jeep|honda|toyota|subaru|mustang|vespa|farm|plot|allotment"
)


def possession_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "I just bought a house", "I finally got a new bike", "I own a 3D printer", "I drive a Jeep"."""
    thing = phrase_cut(match["thing"], max_words=6)
    if not thing:
        return None
    verb = match["verb"].lower().split()[-1]
    verb = {"own": "owns", "have": "has", "drive": "drives", "ride": "rides", "got": "got"}.get(verb, verb)
    article = match["article"].lower()
    text = f"{said.name} {verb} {article} {thing}"
    after = said.clause[match.end() : match.end() + 80]
    model = re.match(
        r"(?: (?-i:[A-Z0-9])[\w-]{0,20}){1,2}|,? (?:an?|the) (?:[a-z]+ ){0,2}(?P<brand>(?-i:[A-Z])[\w-]{1,20}"
        r"(?: (?-i:[A-Z0-9])[\w-]{0,20})?)",
        after,
    )
    if model:
        text += f" ({model['brand']})" if model["brand"] else model[0]
    noun = re.search(THINGS, thing, re.IGNORECASE)
    return said.fact(
        text, MemoryKind.FACT, MEDIUM, PERMANENT, topics_of("possessions", noun[0].lower() if noun else thing)
    )
