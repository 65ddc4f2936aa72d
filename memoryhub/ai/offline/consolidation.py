"""From facts to the ``record_memories`` call: duplicates skipped, updates of existing memories,
the window's cap, profile rewrites and entities."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from datetime import date
from typing import Any

from memoryhub.ai.contract import (
    CONVERSATION_START,
    SENTENCE_END,
    ConversationLine,
    MemoryKind,
    conversation_lines_parse,
    extraction_prompt_parse,
    is_yearly,
)
from memoryhub.ai.offline.attribution import Reader
from memoryhub.ai.offline.dates import anchored, date_said
from memoryhub.ai.offline.denials import reports_as_put_right
from memoryhub.ai.offline.facts import IMPORTANCE_RANK, PERMANENT, Fact
from memoryhub.ai.offline.forgetting import forget_asked, memory_asked_forgotten
from memoryhub.ai.offline.known import lines_with_known_names, replaced_memory_index
from memoryhub.ai.offline.mentions import mine_as_said
from memoryhub.ai.offline.questions import lines_as_told
from memoryhub.ai.offline.rules.babies import SLOTS as DUE_SLOTS
from memoryhub.ai.offline.rules.cars import SLOTS as CAR_SLOTS
from memoryhub.ai.offline.rules.chess import SLOTS as CHESS_SLOTS
from memoryhub.ai.offline.rules.coaching import SLOTS as BELT_SLOTS
from memoryhub.ai.offline.rules.couples import STATUSES
from memoryhub.ai.offline.rules.cycling import SLOTS as COMMUTE_SLOTS
from memoryhub.ai.offline.rules.fitness import SLOTS as FITNESS_SLOTS
from memoryhub.ai.offline.rules.gaming import SLOTS as GAMING_SLOTS
from memoryhub.ai.offline.rules.golf import SLOTS as GOLF_SLOTS
from memoryhub.ai.offline.rules.health import CHOSEN_DIETS
from memoryhub.ai.offline.rules.languages import SLOTS as LANGUAGE_SLOTS
from memoryhub.ai.offline.rules.online import SLOTS as ONLINE_SLOTS
from memoryhub.ai.offline.rules.performing import SLOTS as SEAT_SLOTS
from memoryhub.ai.offline.rules.radio import SLOTS as CALL_SIGN_SLOTS
from memoryhub.ai.offline.rules.running import SLOTS as RUNNING_SLOTS
from memoryhub.ai.offline.rules.sobriety import SLOTS as SOBER_SLOTS
from memoryhub.ai.offline.rules.teams import SLOTS as TEAM_SLOTS
from memoryhub.ai.offline.rules.work import job_with_status
from memoryhub.ai.offline.text import clip, jaccard, word_count, words_of
from memoryhub.ai.offline.vocabulary import DECADES, JOBS, JUDGED

MAX_OPERATIONS = 15  # the window's hard cap; "about 5 a person" is the prompt's soft ceiling


UPDATE_SIMILARITY = 0.7  # word Jaccard at which a new fact replaces an existing memory


PROFILE_MAX_WORDS = 119  # "under 120 words"


_HEADER = re.compile(r"^(?:Existing memories for|No existing memories for) .+? \((?P<handle>[^()\s]+)\):?\.?$")


_PROFILE_LINE = re.compile(r"^\s+Profile: (?P<profile>.*)$")


_END_LINE = re.compile(r"^</conversation>$", re.MULTILINE)


SLOTS = {
    "name": r"(?:'s name is| likes to be called| goes by)\b",
    "home": r" lives in\b",
    "origin": r" (?:is|comes) from\b",
    "birthplace": r" was born in (?-i:[A-Z])",  # not "born in 1994" (age); beside where they grew up
    "job": rf" (?:works as|started working as|starts work as|is an? (?:(?!(?:{JUDGED}) )[\w-]+ ){{0,2}}(?:{JOBS})"
    r"|(?:is joining|joined) [\w&' -]+ as|got (?:a new|their dream) job as)\b",
    "employer": r" (?:(?:works|has worked) (?:[\w-]+ )?|got (?:a new|their dream) job )(?:at|for)\b",
    "age": rf" is (?:\d+ years old|in their (?:(?:early|mid|late)[- ])?(?:{DECADES}))\b",
    "birthday": r"'s birthday is\b",
    "pronouns": r"'s pronouns are\b",
    "diet": rf" (?:(?:is|has been) (?:no longer )?(?:{CHOSEN_DIETS}|on an? [\w-]+ diet)"
    r"|eats (?:meat|fish|chicken) again)\b",
    "relationship": rf" is (?:no longer )?(?:{STATUSES}|divorced|in a (?:[\w-]+ ){{0,2}}relationship)\b",
    **ONLINE_SLOTS,
    **FITNESS_SLOTS,
    **LANGUAGE_SLOTS,
    **RUNNING_SLOTS,
    **TEAM_SLOTS,
    **COMMUTE_SLOTS,
    **BELT_SLOTS,
    **CHESS_SLOTS,
    **CAR_SLOTS,
    **SOBER_SLOTS,
    **GOLF_SLOTS,
    **GAMING_SLOTS,
    **SEAT_SLOTS,
    **DUE_SLOTS,
    **CALL_SIGN_SLOTS,
}


def conversation(text: str) -> tuple[list[ConversationLine], str]:
    """The conversation lines, and the text after them.

    The block ends at the first line that is exactly ``</conversation>``: a message may contain
    that text, but never on a line of its own (lines are folded), so it cannot cut the block short.
    """
    start = text.find(CONVERSATION_START)
    if start < 0:
        return [], text
    end = _END_LINE.search(text, start)
    stop = end.start() if end else len(text)
    return conversation_lines_parse(text[start + len(CONVERSATION_START) : stop]), text[stop:] if end else ""


def _profiles_parse(after_conversation: str) -> dict[str, str]:
    """Each participant's "  Profile: …" line, which :func:`extraction_prompt_parse` does not return."""
    profiles: dict[str, str] = {}
    current: str | None = None
    for raw in after_conversation.splitlines():
        if header := _HEADER.match(raw):
            current = header["handle"]
        elif (line := _PROFILE_LINE.match(raw)) and current is not None:
            profiles[current] = line["profile"].strip()
        elif not raw.startswith(" "):
            current = None if raw.strip() else current
    return profiles


def _slot_index(fact: Fact, name: str, memories: list[str]) -> int | None:
    if not fact.slot or fact.slot not in SLOTS:
        return None
    pattern = re.compile(rf"^{re.escape(name)}{SLOTS[fact.slot]}", re.IGNORECASE)
    return next((index for index, memory in enumerate(memories) if pattern.match(memory)), None)


def _profile_rewrite(current: str, facts: list[Fact], name: str, replaced: list[str]) -> str:
    """The old profile without what the new facts replace, plus the new facts: one paragraph."""
    sentences = [s.strip() for s in SENTENCE_END.split(current) if s.strip()]
    kept = []
    for sentence in sentences:
        stale = any(jaccard(sentence, old) >= 0.5 for old in replaced) or any(
            jaccard(sentence, fact.content) >= 0.5
            or (fact.slot in SLOTS and re.match(rf"^{re.escape(name)}{SLOTS[fact.slot]}", sentence, re.I))
            for fact in facts
        )
        if not stale:
            kept.append(sentence)
    new = [fact.content.rstrip(".") + "." for fact in facts]
    while kept and sum(word_count(s) for s in kept + new) > PROFILE_MAX_WORDS:
        kept.pop(0)  # the oldest part of the profile gives way to what was just learned
    words = " ".join(kept + new).split()
    return " ".join(words[:PROFILE_MAX_WORDS])


def _context(fact: Fact) -> str:
    if fact.reported:
        return f"reported by {fact.speaker_name}"  # the applier reads the reporter from this
    answering = f' answering "{fact.question}"' if fact.question else ""
    quoted = f'{fact.speaker_name} said: "{fact.source}"{answering}'
    # The applier reads "reported by <name>" from the context: a quote must not forge it.
    return clip(re.sub(r"reported(\s+)by", r"reported\1-by", quoted, flags=re.IGNORECASE), 500)


def _says_more(fuller: str, shorter: str) -> bool:
    """Whether ``fuller`` is ``shorter`` with more said after it: "Nora has a partner named Leo" of "Nora has
    a partner"."""
    more, less = words_of(fuller), words_of(shorter)
    return len(more) > len(less) and more[: len(less)] == less


# A fact told as done: its weekday or month is behind it ("Bob went to a christening on Sunday",
# "Ana visited Rome in March"), not a date ahead to live until; it keeps its lifetime.
_DONE = re.compile(
    r"\b(?:went|visited|spent|flew|travell?ed|attended|took|saw|met|ran|won|lost|finished|graduated"
    r"|celebrated|had|did|was|were|came|watched|played|hosted|threw|became|died|passed away|broke|quit|arrived|moved"
    r"|landed|bought|sold|adopted|retired|resigned|handed in|started|ended|proposed|split up|broke up|gave birth"
    r"|crashed|fell|passed|completed|rode|cycled|walked|hiked|climbed|summited|swam|sailed|rowed|paddled|caught|scored"
    r"|gave|donated|shaved|baked|knitted|sewed|crocheted|brewed|carved|quilted|upholstered|forged|welded"
    r"|hit (?:a|their|his|her) (?:first )?hole in one"
    r"|(?<!has )got(?! (?:tickets?|an? (?:[\w-]+ )?(?:ticket|appointment|interview|exam|place))\b))\b",
    re.IGNORECASE,
)


def _dated(fact: Fact, day: date | None) -> str | None:
    """The date a fact's event or plan is on, when it says one still ahead on the day it was said
    ("is getting married on June 14th", "is going to Lisbon next month"), as YYYY-MM-DD."""
    if day is None or _DONE.search(fact.text) or is_yearly(fact.text, fact.expiration):
        return None  # "Raj's birthday is May 20" comes back every year
    if fact.expiration == PERMANENT and fact.kind not in (MemoryKind.EVENT, MemoryKind.PLAN):
        return None  # who they are outlives a day in it: "is starting at the hospital on Monday", "has been
        # married 12 years this June", "never misses Thursday chess club", "moved to Phoenix in May"
    on = date_said(fact.text, day)
    return on.isoformat() if on is not None and on >= day else None


def _forgets(lines: list[ConversationLine], memories: dict[str, list[str]]) -> dict[int, tuple[str, int, str]]:
    """The lines that ask one of their speaker's memories forgotten ("forget that I'm vegan, I eat meat
    now"): line index → (speaker, the memory's index, what the line says after the request)."""
    found: dict[int, tuple[str, int, str]] = {}
    for line_index, line in enumerate(lines):
        asked = forget_asked(line.content)
        index = memory_asked_forgotten(asked["what"], memories.get(line.handle, []), line.name) if asked else None
        if asked and index is not None:
            found[line_index] = (line.handle, index, asked["rest"] or "")
    return found


def _forget_operation(
    lines: list[ConversationLine], asked: int, handle: str, index: int, memories: dict[str, list[str]]
) -> dict[str, Any]:
    """The operation that forgets the memory line ``asked`` asked forgotten, citing that line."""
    said = lines[asked]
    return {
        "user_id": handle,
        "action": "forget",
        "content": memories[handle][index],
        "topics": [],
        "kind": "fact",
        "importance": "medium",
        "expiration": PERMANENT,
        "expires_on": None,
        "memory_index": index,
        "context": clip(f'{said.name} asked to forget it: "{said.content}"', 500),
        "lines": [said.number or asked + 1],
    }


def extraction_arguments(text: str) -> dict[str, Any]:
    parsed = extraction_prompt_parse(text)
    lines, after = conversation(text)
    members = dict(parsed.members)
    for line in lines:
        members.setdefault(line.handle, line.name)
    profiles = _profiles_parse(after)
    read = lines_with_known_names(lines, parsed.memories)  # "Rex passed away": "my dog Rex died"
    read = lines_as_told(read)  # "anyone else doing the Great North Run?": the asker is
    read = mine_as_said(read)  # "my sister lives in Oslo" … "mine lives in Bergen": her sister
    forgotten = _forgets(lines, parsed.memories)  # "forget that I'm vegan": that memory goes
    read = [replace(line, content=forgotten[i][2]) if i in forgotten else line for i, line in enumerate(read)]
    facts = reports_as_put_right(Reader(members).read(read), read)  # "Maya's moving…" — Maya: "no I'm not"
    for fact in facts:
        if fact.lines and read[fact.lines[0]] is not lines[fact.lines[0]]:
            fact.source = lines[fact.lines[0]].content  # quoted as it was said, not as it was read

    # Update or save, skipping what is already remembered word for word.
    candidates: list[tuple[Fact, int | None]] = []
    for fact in facts:
        if fact.subject not in members:
            continue
        content = fact.content
        existing = parsed.memories.get(fact.subject, [])
        if any(words_of(content) == words_of(memory) for memory in existing):
            continue
        same_slot = [c for c in candidates if fact.slot and (c[0].subject, c[0].slot) == (fact.subject, fact.slot)]
        if same_slot:  # "I'm 25" … "I'm 26 actually": the last word wins, unless it says how
            candidates = [c for c in candidates if c not in same_slot]
            candidates.append((job_with_status(same_slot[0][0], fact) or fact, same_slot[0][1]))
            continue
        if any(c.subject == fact.subject and jaccard(c.content, content) >= UPDATE_SIMILARITY for c, _ in candidates):
            continue
        if said_more := [c for c, _ in candidates if c.subject == fact.subject and _says_more(c.content, content)]:
            said_more[0].lines = sorted({*said_more[0].lines, *fact.lines})  # "has a partner named Leo" said first
            continue
        if said_less := [c for c in candidates if c[0].subject == fact.subject and _says_more(content, c[0].content)]:
            candidates = [c for c in candidates if c not in said_less]  # "has a partner" … "named Leo": the fuller
            fact.lines = sorted({*fact.lines, *(line for c, _ in said_less for line in c.lines)})
            candidates.append((fact, said_less[0][1]))
            continue
        scores = [(jaccard(content, memory), -index) for index, memory in enumerate(existing)]
        best = max(scores, default=(0.0, 0))
        index = -best[1] if best[0] >= UPDATE_SIMILARITY else _slot_index(fact, members[fact.subject], existing)
        if index is None:  # the pet that died, "is single" when a partner is found, "moved!" …
            index = replaced_memory_index(fact, members[fact.subject], existing)
        if index is not None and any(c.subject == fact.subject and i == index for c, i in candidates):
            index = None  # one update per existing memory; a second fact is saved beside it
        candidates.append((fact, index))

    # At most 15 in all (related facts were combined above): the most important first, then the
    # earliest. Ties go round the people (everyone's first fact before anyone's second) so one
    # chatty person cannot use up the whole window's allowance. Nothing else is dropped: a person
    # who told eight distinct things keeps eight.
    ordinal: dict[int, int] = {}
    seen_per_subject: Counter[tuple[str, str]] = Counter()
    for i, (fact, _) in enumerate(candidates):
        ordinal[i] = seen_per_subject[(fact.subject, fact.importance)]
        seen_per_subject[(fact.subject, fact.importance)] += 1
    order = sorted(range(len(candidates)), key=lambda i: (IMPORTANCE_RANK[candidates[i][0].importance], ordinal[i], i))
    chosen = set(order[: max(0, MAX_OPERATIONS - len(forgotten))])  # a request to forget is kept first, within the cap
    kept = [candidates[position] for position in range(len(candidates)) if position in chosen]

    operations = [_forget_operation(lines, i, who, index, parsed.memories) for i, (who, index, _) in forgotten.items()]
    del operations[MAX_OPERATIONS:]
    for fact, index in kept:
        cited = sorted({lines[i].number or i + 1 for i in fact.lines if 0 <= i < len(lines)})
        expires_on = _dated(fact, parsed.day)
        if parsed.day:  # its past day said as a date, in the memory and in the profile alike
            fact.text = anchored(fact.text, parsed.day, past=bool(_DONE.search(fact.text)))
        operations.append(
            {
                "user_id": fact.subject,
                "action": "update" if index is not None else "save",
                "content": fact.content,
                "topics": fact.topics,
                "kind": str(fact.kind),
                "importance": fact.importance,
                "expiration": fact.expiration,
                "expires_on": expires_on,
                "memory_index": index,
                "context": _context(fact),
                "lines": cited,
            }
        )

    # Profiles only for participants (their current profile is in the prompt) and from what they said
    # themselves: a profile update replaces the whole paragraph, so a known member's is left alone.
    profile_updates = []
    for handle in parsed.memories:
        durable = [fact for fact, _ in kept if fact.subject == handle and fact.expiration == PERMANENT]
        durable = [fact for fact in durable if not fact.reported]
        if not durable:
            continue
        replaced = [parsed.memories[handle][i] for fact, i in kept if fact.subject == handle and i is not None]
        profile = _profile_rewrite(profiles.get(handle, ""), durable, members[handle], replaced)
        if profile and profile != profiles.get(handle, ""):
            profile_updates.append({"user_id": handle, "profile": profile})

    entities: list[dict[str, Any]] = []
    seen: set[tuple[str, str, str]] = set()
    for fact, _ in kept:
        for entity in fact.entities:
            key = (entity["user_id"], entity["type"], entity["name"].casefold())
            if key not in seen and entity["name"]:
                seen.add(key)
                entities.append({**entity, "type": str(entity["type"])})
    return {"operations": operations, "profile_updates": profile_updates, "entities": entities}
