"""The operations an LLM answered for a window, checked and applied.

Nothing an LLM says is trusted: every operation is checked against the window's people, the
enums and the caps before anything is written (``operations_plan``), and the opt-out is
checked again, under lock, right before each person's changes are applied (``person_apply``).
"""

from __future__ import annotations

import json
import logging
import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.db import transaction

from accounts.models import Community, User
from accounts.selectors import community_memory_on_locked
from accounts.services import profile_locked, profile_summary_set
from chat.models import ChannelKind, ConversationWindow, Message
from chat.selectors import messages_said_with_memory_off
from chat.windows import window_claim_hold
from memories.models import MEMORY_MAX_LENGTH, EntityType, Memory, MemoryKind, MemoryRevisionActor, MemorySource
from memories.services.entities import entity_mention_record
from memories.services.memory import (
    memories_cap_enforce,
    memory_create,
    memory_delete,
    memory_duplicate_find,
    memory_update,
)
from memories.services.profiles import name_replaced, person_renamed
from memoryhub.ai.contract import (
    ACTIONS,
    EXPIRATIONS,
    IMPORTANCE_LEVELS,
    TOOL_NAME,
    is_yearly,
)
from memoryhub.ai.types import Completion

logger = logging.getLogger(__name__)

DATED_GRACE = timedelta(days=8)  # a dated memory goes at the end of the week after its date
_REPORTED_BY = re.compile(r"reported by\s+(?P<name>[^,;.()]+)", re.IGNORECASE)
WORD = re.compile(r"[\w'-]+")


class MalformedExtractionError(Exception):
    """The LLM's answer was not a usable ``record_memories`` call, twice."""


@dataclass
class Person:
    user: User
    handle: str
    name: str
    opted_out: bool
    spoke: bool
    memories: list[Memory] = field(default_factory=list)  # in prompt index order
    profile_summary: str = ""


@dataclass
class Operation:
    subject: Person
    action: str
    content: str
    kind: str
    importance: float
    expiration: str
    topics: list[str]
    context: str
    target: Memory | None
    reporter: Person | None
    sources: list[Message]  # the window's messages the fact comes from (its provenance)
    expires_on: date | None = None  # a dated event's or plan's date: kept until a week after it


@dataclass
class _Plan:
    operations: list[Operation]
    profiles: dict[int, str]
    entities: list[tuple[Person, dict[str, Any]]]
    dropped: int
    over_cap: int


def arguments_of(completion: Completion) -> dict[str, Any] | None:
    for call in completion.tool_calls:
        if call.name == TOOL_NAME:
            try:
                parsed = json.loads(call.arguments)
            except ValueError:
                return None
            return parsed if isinstance(parsed, dict) else None
    return None


def _reporter(
    op: dict[str, Any], subject: Person, participants: dict[str, Person], messages: list[Message], off: set[int]
) -> Person | None:
    match = _REPORTED_BY.search(_text(op.get("context")))
    if match:
        said = match["name"].strip().lower()
        for person in participants.values():
            if said in (person.name.lower(), person.handle.lower()) and person is not subject:
                return person
    if subject.spoke:
        return None
    # A known member who did not speak: someone in the window named them.
    for message in messages:
        if message.pk in off:
            continue
        words = set(WORD.findall(message.content.lower()))
        if subject.name.lower() in words or subject.handle.lower() in words:
            for person in participants.values():
                if person.user.pk == message.author_id:
                    return person
    return None


def _listed(value: Any) -> list[Any]:
    """A list the LLM gave, or none: any other value (a number, a string, an object) is no list."""
    return value if isinstance(value, list) else []


def _subject_of(raw: Any, subjects: dict[str, Person]) -> Person | None:
    """The person an item of the LLM's answer names by ``user_id`` (a handle), if it is an object
    naming one of ``subjects``; a list or object where the handle belongs names nobody."""
    if not isinstance(raw, dict):
        return None
    return subjects.get(str(raw.get("user_id")))


def operations_plan(
    arguments: dict[str, Any],
    *,
    window: ConversationWindow,
    participants: dict[str, Person],
    known: dict[str, Person],
    messages: list[Message],
    off: set[int],
) -> _Plan:
    community = window.channel.community
    subjects = {h: p for h, p in (participants | known).items() if not p.opted_out}
    per_person: dict[str, int] = defaultdict(int)
    operations: list[Operation] = []
    dropped = over_cap = 0
    for raw in _listed(arguments.get("operations")):
        operation = _operation_validate(raw, subjects=subjects, participants=participants, messages=messages, off=off)
        if operation is None:
            dropped += 1
            continue
        handle = operation.subject.handle
        if (
            per_person[handle] >= community.max_operations_per_user
            or len(operations) >= community.max_operations_per_window
        ):
            logger.info("window %s: operation over the caps dropped", window.pk)
            dropped += 1
            over_cap += 1
            continue
        per_person[handle] += 1
        operations.append(operation)
    profiles: dict[int, str] = {}
    for raw in _listed(arguments.get("profile_updates")):
        person = _subject_of(raw, subjects)
        if person is not None and isinstance(raw.get("profile"), str):
            text = " ".join(raw["profile"].split())[:4000]
            if text and person.spoke:
                profiles[person.user.pk] = text
    entities: list[tuple[Person, dict[str, Any]]] = []
    for raw in _listed(arguments.get("entities")):
        person = _subject_of(raw, subjects)
        if (
            person is not None
            and raw.get("type") in EntityType.values
            and isinstance(raw.get("name"), str)
            and raw["name"].strip()
        ):
            entities.append((person, raw))
    return _Plan(operations=operations, profiles=profiles, entities=entities, dropped=dropped, over_cap=over_cap)


def _text(value: Any) -> str:
    """A free-text field (``context``) as the schema gives it: a string, or nothing."""
    return value if isinstance(value, str) else ""


def _word(value: Any) -> str | None:
    """A string field as the schema gives it; anything else as a value no enum holds."""
    if value is None or value == "":
        return None
    return value if isinstance(value, str) else repr(value)


@dataclass
class MemoryValues:
    """What one memory an LLM asked for says, checked against the extraction contract."""

    content: str
    kind: str
    importance: float  # the level's number (IMPORTANCE_LEVELS)
    expiration: str  # a key of EXPIRATIONS
    topics: list[str]


def memory_values_read(raw: dict[str, Any], *, content_required: bool = True) -> tuple[MemoryValues | None, list[str]]:
    """The memory fields of one operation an LLM gave (a ``record_memories`` operation or a
    ``remember`` call): the values, or None and what is wrong with them. The one reading of them."""
    given = raw.get("content") or ""
    content = " ".join(given.split()) if isinstance(given, str) else ""
    # Words only: a list or an object where the schema says a string is refused, never stringified.
    kind = _word(raw.get("kind")) or MemoryKind.FACT
    level = _word(raw.get("importance")) or "medium"
    expiration = _word(raw.get("expiration")) or "permanent"
    problems = []
    if not isinstance(given, str):
        problems.append("content is not text")
    elif content_required and not 0 < len(content) <= MEMORY_MAX_LENGTH:
        problems.append(f"content empty or longer than {MEMORY_MAX_LENGTH}")
    # Each a name of the contract's: a list or an object there is none (and no key of a dict).
    if not isinstance(kind, str) or kind not in MemoryKind.values:
        problems.append(f"kind {kind!r}")
    if not isinstance(level, str) or level not in IMPORTANCE_LEVELS:
        problems.append(f"importance {level!r}")
    if not isinstance(expiration, str) or expiration not in EXPIRATIONS:
        problems.append(f"expiration {expiration!r}")
    if problems:
        return None, problems
    topics = raw.get("topics")
    return MemoryValues(
        content=content,
        kind=kind,
        importance=IMPORTANCE_LEVELS[level],
        expiration=expiration,
        topics=[str(t) for t in topics if isinstance(t, str | int)] if isinstance(topics, list) else [],
    ), []


def memory_remember(
    *,
    community: Community,
    user: User,
    fields: dict[str, Any],
    vector: list[float] | None,
    model_name: str,
    candidates: Iterable[Memory],
    target: Memory | None = None,
    created: dict[str, Any],
    refreshed: dict[str, Any],
) -> Memory:
    """What an LLM asked to remember about ``user``, written: ``target`` (the memory it meant to
    update) or, with none, the one of ``candidates`` it repeats (``memory_duplicate_find``) gets the
    new ``fields``; else a new memory. ``created`` and ``refreshed`` are the write's own arguments
    (source, reason, window, …). The one write extraction and the ``remember`` tool make."""
    if target is None:
        target = memory_duplicate_find(content=fields["content"], embedding=vector, candidates=candidates)
    if target is not None:
        return memory_update(
            memory=target,
            actor=MemoryRevisionActor.LLM,
            embedding=vector,
            embedding_model=model_name,
            **refreshed,
            **fields,
        )
    return memory_create(
        community=community,
        user=user,
        actor=MemoryRevisionActor.LLM,
        embedding=vector,
        embedding_model=model_name,
        **created,
        **fields,
    )


def _operation_validate(
    raw: Any, *, subjects: dict[str, Person], participants: dict[str, Person], messages: list[Message], off: set[int]
) -> Operation | None:
    """An Operation, or None (logged) when the LLM named someone outside the window or bad values."""
    if not isinstance(raw, dict):
        return None
    subject = _subject_of(raw, subjects)
    action = raw.get("action")
    values, problems = memory_values_read(raw, content_required=action != "forget")
    if subject is None:
        problems.append(f"user_id {raw.get('user_id')!r} is not a participant or known member")
    if action not in ACTIONS:
        problems.append(f"action {action!r}")
    target = None
    if subject is not None and action in ("update", "forget"):
        index = raw.get("memory_index")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(subject.memories):
            target = subject.memories[index]
        else:
            problems.append(f"memory_index {index!r}")
    if problems or subject is None or values is None:
        logger.info("extraction operation dropped: %s", "; ".join(problems))
        return None
    reporter = _reporter(raw, subject, participants, messages, off)
    sources = _sources(raw.get("lines"), messages=messages, people=[subject, reporter], off=off)
    if not subject.spoke and reporter is None:
        logger.info("extraction operation dropped: nobody in the window spoke of %s", subject.handle)
        return None
    if not sources:
        logger.info("extraction operation dropped: none of its lines is its subject's or reporter's to remember")
        return None
    context = " ".join(_text(raw.get("context")).split())
    if reporter is not None and "reported by" not in context.lower():
        context = f"{context}; reported by {reporter.name}".strip("; ")
    return Operation(
        subject=subject,
        action=str(action),
        content=values.content,
        kind=values.kind,
        importance=values.importance,
        expiration=values.expiration,
        topics=values.topics,
        context=context[:500],
        target=target,
        reporter=reporter,
        sources=sources,
        expires_on=_date_or_none(raw.get("expires_on")),
    )


def _date_or_none(value: Any) -> date | None:
    """A YYYY-MM-DD date the LLM gave, or None (logged) for anything else."""
    if value in (None, ""):
        return None
    try:
        return date.fromisoformat(str(value)[:10])
    except ValueError:
        logger.info("extraction: expires_on %r is not a date; the lifetime stands", value)
        return None


def _sources(cited: Any, *, messages: list[Message], people: list[Person | None], off: set[int]) -> list[Message]:
    """The messages an operation cites by line number (1 is the window's first message).

    Numbers outside the window, lines said with memory off (``off``), and lines of the bot or of
    a person who is neither the subject nor the reporter, are dropped. When the operation cites
    no line (a model that ignored the field), the subject's and reporter's own messages in the
    window stand in, as before line references. When it cites lines and none is left, none: the
    operation is dropped. It stands only on lines said with memory off, or only on what someone
    else said (a fact about Bob from Alice's line must name Alice as its reporter), or on a line
    that does not exist (a message that wrote a fake ``#12 [time] Bob:`` line into its text).
    """
    authors = {person.user.pk for person in people if person is not None}
    chosen: list[Message] = []
    cited_off = False
    numbers = _listed(cited)
    for number in numbers:
        if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= len(messages):
            message = messages[number - 1]
            cited_off = cited_off or message.pk in off
            if message.author_id in authors and message.pk not in off and message not in chosen:
                chosen.append(message)
    if numbers and len(chosen) < len(numbers):
        dropped = len(numbers) - len(chosen)
        logger.info("extraction: %d line references outside the window or its people dropped", dropped)
    if cited:  # lines given, as a list or not ("2", true): only the lines they name stand, if any
        return chosen
    return [m for m in messages if m.author_id in authors and m.pk not in off]


def person_apply(
    *,
    person: Person,
    operations: list[Operation],
    profile: str | None,
    entities: list[dict[str, Any]],
    window: ConversationWindow,
    messages: list[Message],
    off: set[int],
    vectors: dict[str, list[float]],
    model_name: str,
    now: datetime,
) -> int:
    """Apply one person's changes in one transaction; 0 if memory went off meanwhile.

    Memory is checked again here, under the locks its switches take: the person's (their profile
    row, which forget locks) and the community's (its row, read with a share lock the community's
    switch waits for). A forget since the prompt was built makes lines the LLM read unremembered
    (forget forgets what came before it): then nothing is written for the person, and no other
    operation keeps such a line as its source.
    """
    community = window.channel.community
    source = MemorySource.CHAT if window.channel.kind == ChannelKind.WEB else MemorySource.PASSIVE
    applied = 0
    with transaction.atomic():
        window_claim_hold(window=window)  # the window row first, then the profile: one lock order
        locked = profile_locked(user=person.user, community=community)
        if not locked.memory_enabled or not community_memory_on_locked(community_id=community.pk):
            logger.info("window %s: memory went off for %s before apply; nothing written", window.pk, person.handle)
            return 0
        off_now = messages_said_with_memory_off(community_id=community.pk, messages=messages)
        if any(m.author_id == person.user.pk for m in messages if m.pk in off_now - off):
            logger.info("window %s: %s forgot while it was extracted; nothing written", window.pk, person.handle)
            return 0
        operations = [op for op in operations if not any(m.pk in off_now for m in op.sources)]
        current = list(Memory.objects.select_for_update().filter(community=community, user=person.user))
        if stated := _name_stated(person.name, operations):
            # "I'm Daniel": they are Daniel here from now on, in what this window says of them and in
            # what was remembered before (the memory of the name itself is the profile's name now).
            operations, profile, entities = _renamed_to(
                stated, person=person, operations=operations, profile=profile, entities=entities
            )
            person_renamed(profile=locked, memories=current, old=person.name, new=stated, window=window)
            person.name = stated
        by_id = {m.pk: m for m in current}
        for op in operations:
            # Said when its lines were said (a history posted later keeps its times): its age, its
            # place among the newest and its lifetime count from then.
            said_at = max((m.created_at for m in op.sources), default=window.last_message_at)
            expires_at = said_at + delta if (delta := EXPIRATIONS[op.expiration]) else None
            if (
                op.expires_on is not None
                and op.expires_on >= said_at.date()
                and not is_yearly(op.content, op.expiration)
            ):
                # A dated event or plan: kept until a week after its date, not a fixed lifetime.
                expires_at = datetime.combine(op.expires_on + DATED_GRACE, time.min, tzinfo=UTC)
            if op.action != "forget" and expires_at is not None and expires_at <= now:
                logger.info("window %s: %s's %s was over before it was extracted", window.pk, person.handle, op.kind)
                continue
            fields: dict[str, Any] = {
                "content": op.content,
                "kind": op.kind,
                "topics": op.topics,
                "importance": op.importance,
                "expires_at": expires_at,
                "context": op.context,
                "reported_by": op.reporter.user if op.reporter else None,
            }
            target = by_id.get(op.target.pk) if op.target is not None else None
            if op.action == "forget":
                if target is not None:
                    del by_id[target.pk]  # before the delete, which leaves the instance without its pk
                    memory_delete(memory=target, actor=MemoryRevisionActor.LLM, reason=op.context, window=window)
                    applied += 1
                continue
            if op.action == "update" and target is None:
                continue  # the memory it meant was deleted meanwhile
            memory = memory_remember(
                community=community,
                user=person.user,
                fields=fields,
                vector=vectors.get(op.content),
                model_name=model_name,
                candidates=by_id.values(),
                target=target,
                created={
                    "source": source,
                    "source_window": window,
                    "source_messages": op.sources,
                    "reason": "extracted from conversation",
                    "said_at": said_at,
                },
                refreshed={
                    "reason": op.context or "new information in conversation",
                    "window": window,
                    "said_at": said_at,
                },
            )
            if memory.pk in by_id:
                memory.source_messages.add(*op.sources)  # what it says now came from these lines too
            by_id[memory.pk] = memory
            applied += 1
        memories_cap_enforce(community=community, user=person.user, cap=community.max_memories_per_user)
        if profile:
            profile_summary_set(profile=locked, summary=profile)
        for entity in entities:
            entity_mention_record(
                community=community,
                owner=person.user,
                type=entity["type"],
                name=entity["name"],
                relationship=str(entity.get("relationship") or ""),
                attributes=entity["attributes"] if isinstance(entity.get("attributes"), dict) else {},
                at=window.last_message_at,
            )
    return applied


# How a name the person gives is remembered ("Demo's name is Daniel", "Demo likes to be called Dan"):
# the offline engine's phrasing, and the prompt's rule for an LLM.
_NAME_FACT = r"^{name}(?:'s name is| likes to be called| goes by) (?P<stated>[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)\.?$"


def _name_stated(name: str, operations: list[Operation]) -> str:
    """The name ``operations`` say the person goes by, when it is another than ``name``."""
    for op in operations:
        match = re.match(_NAME_FACT.format(name=re.escape(name)), op.content) if op.action != "forget" else None
        if match and match["stated"] != name and 1 < len(match["stated"]) <= 150:
            return match["stated"]
    return ""


def _renamed_to(
    stated: str, *, person: Person, operations: list[Operation], profile: str | None, entities: list[dict[str, Any]]
) -> tuple[list[Operation], str | None, list[dict[str, Any]]]:
    """This window's operations, profile and entities for the person, saying ``stated`` where they
    said their old name ("Daniel's sister"); the operation that only says the name is dropped (the
    profile keeps the name)."""
    kept = []
    for op in operations:
        if op.action != "forget" and re.match(_NAME_FACT.format(name=re.escape(person.name)), op.content):
            continue
        op.content = name_replaced(op.content, person.name, stated)
        kept.append(op)
    renamed = [
        entity | {"relationship": name_replaced(str(entity.get("relationship") or ""), person.name, stated)}
        for entity in entities
    ]
    return kept, name_replaced(profile, person.name, stated) if profile else profile, renamed
