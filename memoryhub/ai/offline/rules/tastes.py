"""Likes and dislikes."""

from __future__ import annotations

import re

from memoryhub.ai.contract import MemoryKind
from memoryhub.ai.offline.facts import HIGH, MEDIUM, PERMANENT, Fact, Said, past_time_in
from memoryhub.ai.offline.splitting import phrase_cut
from memoryhub.ai.offline.text import content_words, third_person, topics_of
from memoryhub.ai.offline.vocabulary import CALLED, OBJECT_PRONOUNS, word_set

_PREFERENCE_VERBS = {
    "love": ("loves", HIGH),
    "adore": ("adores", HIGH),
    "like": ("likes", MEDIUM),
    "enjoy": ("enjoys", MEDIUM),
    "prefer": ("prefers", MEDIUM),
    "into": ("is into", MEDIUM),
    "interested in": ("is interested in", MEDIUM),
    "obsessed with": ("is obsessed with", HIGH),
    "keen on": ("is keen on", MEDIUM),
    "passionate about": ("is passionate about", HIGH),
    "hate": ("hates", HIGH),
    "can't stand": ("can't stand", HIGH),
    "cannot stand": ("can't stand", HIGH),
    "can not stand": ("can't stand", HIGH),
    "dislike": ("dislikes", MEDIUM),
    "despise": ("despises", HIGH),
    "loathe": ("loathes", HIGH),
    **{
        f"{do} {how}{verb}": (f"doesn't {how}{verb}", MEDIUM)
        for do in ("don't", "do not")
        for how in ("", "really ", "particularly ")
        for verb in ("like", "enjoy")
    },
    "not into": ("is not into", MEDIUM),
    "addicted to": ("is addicted to", HIGH),
    "hooked on": ("is hooked on", HIGH),
    "a sucker for": ("loves", HIGH),
    "big on": ("is big on", MEDIUM),
    "crazy about": ("loves", HIGH),
    "mad about": ("loves", HIGH),
    "nuts about": ("loves", HIGH),
    "can't get enough of": ("loves", HIGH),
    "cannot get enough of": ("loves", HIGH),
    "could eat": ("loves", HIGH),
    "could live on": ("loves", HIGH),
    "could listen to": ("loves", HIGH),
    "could watch": ("loves", HIGH),
    "live for": ("lives for", HIGH),
    "never liked": ("has never liked", MEDIUM),
    "never enjoyed": ("has never enjoyed", MEDIUM),
    "never been a fan of": ("has never been a fan of", MEDIUM),
    "never been into": ("has never been into", MEDIUM),
}


_NOTHING = OBJECT_PRONOUNS | word_set("nothing everything anything something none everywhere anywhere somewhere")
# A first word that shows "love" was a noun or a clause went on ("Love sure does make life sweeter", "love and
# acceptance should be…", "everyone I love was there"): no thing loved.
_NOT_AN_OBJECT = word_set(
    "was were is are has had will would can sure and or but does in of at on from for they he she we i exist exists"
    " wins"
)


def helps_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "reading a good mystery novel helps me relax and feel calm", "painting really helps me relax":
    what someone turns to, to unwind (a companion may suggest it on a hard day)."""
    what = third_person(" ".join(match["what"].split()), said.name)
    how = third_person(phrase_cut(match["how"], max_words=12), said.name)
    text = f"{said.name} turns to {what} to {how}"  # about them first, as every memory is
    return said.fact(text, MemoryKind.PREFERENCE, MEDIUM, PERMANENT, topics_of("wellbeing", *content_words(what)[:2]))


def preference_rule(match: re.Match[str], said: Said) -> Fact | None:
    groups = match.groupdict()
    said_of = groups["what"] or groups.get("what2") or ""
    if title := re.match(r'\s*"(?P<title>[^"]{1,80})"', said_of):  # I love "Home Alone" too- it's…
        what = title["title"].strip()  # a title as the other rules write it, without its quotes
    else:
        what = phrase_cut(said_of, max_words=10, commas=True)
    what = re.sub(
        r"\s+(?:so much|a lot|very much|too|as well|lol|lately|recently|these days|nowadays)$", "", what, flags=re.I
    ).strip()
    what = re.sub(rf"^{CALLED}(?=(?-i:[A-Z]))", "", what, flags=re.I)  # "this show called Severance": the title
    first = what.split()[0].lower().strip(",.!") if what else ""
    if first == "when" and len(what.split()) >= 3 and not groups.get("modal"):
        what, first = f"it {what}", "it when"  # "I hate when people chew loudly": "hates it when people chew…"
    if not what or first in _NOTHING or re.match(r"^to (?:think|say|believe|imagine)\b|^to$", what, re.I):
        return None  # "I love it", "I love it, it brings me joy", "I'm passionate about nothing lol"
    if first in _NOT_AN_OBJECT:
        return None  # "everyone I love was there": whom they love, said before the verb
    if re.search(r"\b(?:each other|one another)\b", what, re.I):
        return None  # "we just enjoy each other's company": a family's, no taste of one person
    raw_verb = " ".join((groups["verb"] or groups.get("modal") or "").lower().split())
    taken_up = re.match(r"(?:gotten|got|become|grown|started getting) (?:(?:really|super|very|more) )?", raw_verb)
    if taken_up:  # a taste now held: when it began is not part of it ("interested in photography last year")
        raw_verb = raw_verb[taken_up.end() :]
        if (when := past_time_in(what)) and what.lower().endswith(when.lower()):
            what = what[: -len(when)].strip()
    fan = re.fullmatch(r"(?:not )?an? (?:big |huge |massive )?fan of", raw_verb)
    if fan:
        verb, importance = f"is {raw_verb}", MEDIUM
    else:
        verb, importance = _PREFERENCE_VERBS[raw_verb]
    text = f"{said.name} {verb} {third_person(what, said.name)}"
    head = what.split(",")[0]  # "guitar, especially at night": the topic is guitar
    return said.fact(text, MemoryKind.PREFERENCE, importance, PERMANENT, topics_of(*content_words(head)[:3]))


# "thrifting is my therapy", "quilting is my main thing now", "film photography is my whole personality".
_PASSIONS = (
    r"therapy|thing|jam|(?:whole )?personality|passion|obsession|happy place|guilty pleasure|comfort food"
    r"|weakness|religion|love language|addiction|comfort show|comfort movie|comfort game|comfort book|comfort song"
    r"|hyperfixation|special interest"
)
_NOT_A_TOPIC = word_set("it this that these those he she they you we work life everything nothing someone something")


def passion_rule(match: re.Match[str], said: Said) -> Fact | None:
    """ "thrifting is my therapy honestly", "quilting is my main thing now": something they love."""
    what = match["what"].strip(" ,.")
    words = what.split()
    if not words or words[0].lower() in _NOT_A_TOPIC or len(words) > 6 or not content_words(what):
        return None
    text = f"{said.name} loves {third_person(what, said.name)}"
    return said.fact(text, MemoryKind.PREFERENCE, HIGH, PERMANENT, topics_of(*content_words(what)[:3]))
