"""Windowed multi-user extraction (seed 002): one LLM call per window, validated, applied per person.

The LLM (or the offline engine) sees the whole window and each participant's memories, and
answers with one ``record_memories`` tool call. Nothing it says is trusted: every operation is
checked against the window's people, the enums and the caps before anything is written, and
the opt-out is checked again, under lock, right before each person's changes are applied.
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Community, ExternalIdentity, Membership, Profile, User
from accounts.selectors import community_memory_on_locked
from chat.models import ChannelKind, ConversationWindow, Message, MessageRole
from chat.selectors import messages_said_with_memory_off
from memories.models import MEMORY_MAX_LENGTH, EntityType, Memory, MemoryKind, MemoryRevisionActor, MemorySource
from memories.selectors import person_called
from memories.services.entities import entity_mention_record
from memories.services.memory import (
    memories_cap_enforce,
    memory_create,
    memory_delete,
    memory_duplicate_find,
    memory_update,
)
from memories.services.profiles import name_replaced, person_renamed
from memories.services.recall import recall_index_messages
from memories.services.windows import window_claim_hold
from memoryhub.ai.contract import (
    ACTIONS,
    BOT_HANDLE,
    EXPIRATIONS,
    EXTRACTION_SYSTEM_PROMPT,
    EXTRACTION_TOOL,
    IMPORTANCE_LEVELS,
    REDACTED,
    TOOL_NAME,
    PromptParticipant,
    conversation_line_format,
    extraction_prompt_build,
)
from memoryhub.ai.embeddings import embedder_get
from memoryhub.ai.llm import llm_get
from memoryhub.ai.types import LLM, Completion, Purpose

logger = logging.getLogger(__name__)
PROMPT_MEMORIES_PER_PERSON = 20
DATED_GRACE = timedelta(days=8)  # a dated memory goes at the end of the week after its date
_REPORTED_BY = re.compile(r"reported by\s+(?P<name>[^,;.()]+)", re.IGNORECASE)
_WORD = re.compile(r"[\w'-]+")


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
class ExtractionResult:
    operations_applied: int
    operations_dropped: int  # invalid, or over the caps
    operations_over_cap: int
    prompt_tokens: int
    completion_tokens: int
    skipped: str = ""  # why nothing was asked of the LLM, if so


@dataclass
class _Plan:
    operations: list[Operation]
    profiles: dict[int, str]
    entities: list[tuple[Person, dict[str, Any]]]
    dropped: int
    over_cap: int


def _people(
    window: ConversationWindow, messages: list[Message], off: set[int]
) -> tuple[dict[str, Person], dict[str, Person]]:
    """(participants, known members named in the window) by handle. ``off``: the lines said with
    memory off; a participant who said nothing else here is left out as an opted-out one is."""
    community = window.channel.community
    authors = {m.author.pk: m.author for m in messages if m.author is not None}
    remembered_authors = {m.author_id for m in messages if m.author_id is not None and m.pk not in off}
    text = " ".join(m.content for m in messages if m.pk not in off).lower()
    words = set(_WORD.findall(text))
    members = (
        Membership.objects.filter(community=community)
        .exclude(user_id__in=authors)
        .filter(
            Q(user__username__in=words)
            | Q(user__display_name__iregex=r"^(" + "|".join(re.escape(w) for w in sorted(words) if len(w) > 1) + ")$")
            | Q(user__identities__community=community, user__identities__external_id__in=words)
        )
        .select_related("user")
        .distinct()
        if words
        else Membership.objects.none()
    )
    mentioned = {member.user_id: member.user for member in members}
    users = authors | mentioned
    identities = {
        identity.user_id: identity
        for identity in ExternalIdentity.objects.filter(community=community, user_id__in=users)
    }
    opted_out = set(
        Profile.objects.filter(community=community, user_id__in=users, memory_enabled=False).values_list(
            "user_id", flat=True
        )
    )
    rows = list(
        Profile.objects.filter(community=community, user_id__in=users).values_list("user_id", "summary", "stated_name")
    )
    summaries = {user_id: summary for user_id, summary, _ in rows}
    stated = {user_id: name for user_id, _, name in rows if name}
    participants: dict[str, Person] = {}
    known: dict[str, Person] = {}
    for user_id, user in users.items():
        identity = identities.get(user_id)
        person = Person(
            user=user,
            handle=identity.external_id if identity else user.username,
            name=person_called(identity.display_name if identity else "", user, stated.get(user_id)),
            opted_out=user_id in opted_out
            or not community.memory_enabled
            or (user_id in authors and user_id not in remembered_authors),
            spoke=user_id in authors,
            profile_summary=summaries.get(user_id, "") if user_id in authors else "",
        )
        if person.spoke:
            participants[person.handle] = person
        elif person.name.lower() in words or person.handle.lower() in words:
            known[person.handle] = person
    return participants, known


def _memories_load(community: Community, people: list[Person], now: datetime) -> None:
    by_user = {person.user.pk: person for person in people}
    rows = (
        Memory.objects.filter(community=community, user_id__in=by_user)
        .filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
        .order_by("user_id", "-created_at")
    )
    for memory in rows:
        person = by_user[memory.user_id]
        if len(person.memories) < PROMPT_MEMORIES_PER_PERSON:
            person.memories.append(memory)
    for person in people:
        person.memories.reverse()  # oldest first, as people read a history


def extraction_messages_build(
    *,
    window: ConversationWindow,
    messages: list[Message],
    participants: dict[str, Person],
    known: dict[str, Person],
    off: set[int],
) -> list[dict[str, str]]:
    """The prompt; the lines of opted-out people and every line in ``off`` (said with memory
    off, or a reply to one) are redacted: the LLM never reads them."""
    channel = window.channel
    opted_out_ids = {p.user.pk for p in participants.values() if p.opted_out}
    handle_of = {p.user.pk: p for p in participants.values()}
    lines = []
    for number, message in enumerate(messages, start=1):
        if message.role == MessageRole.USER and message.author_id in handle_of:
            person = handle_of[message.author_id]
            redacted = message.author_id in opted_out_ids or message.pk in off
            content = REDACTED if redacted else message.content
            name, handle = person.name, person.handle
        else:
            name = message.persona.name if message.persona else "Bot"
            handle, content = BOT_HANDLE, REDACTED if message.pk in off else message.content
        lines.append(
            conversation_line_format(at=message.created_at, name=name, handle=handle, content=content, number=number)
        )
    prompt = extraction_prompt_build(
        place=f"#{channel.name} of {channel.community.name}",
        lines=lines,
        participants=[
            PromptParticipant(
                handle=p.handle, name=p.name, memories=[m.content for m in p.memories], profile=p.profile_summary
            )
            for p in participants.values()
            if not p.opted_out
        ],
        known_members=[(p.name, p.handle) for p in known.values() if not p.opted_out],
        day=messages[0].created_at.date() if messages else None,
    )
    return [{"role": "system", "content": EXTRACTION_SYSTEM_PROMPT}, {"role": "user", "content": prompt}]


def _arguments(completion: Completion) -> dict[str, Any] | None:
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
    match = _REPORTED_BY.search(str(op.get("context") or ""))
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
        words = set(_WORD.findall(message.content.lower()))
        if subject.name.lower() in words or subject.handle.lower() in words:
            for person in participants.values():
                if person.user.pk == message.author_id:
                    return person
    return None


def _plan(
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
    raw_operations = arguments.get("operations") or []
    for raw in raw_operations if isinstance(raw_operations, list) else []:
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
    for raw in arguments.get("profile_updates") or []:
        if isinstance(raw, dict) and raw.get("user_id") in subjects and isinstance(raw.get("profile"), str):
            text = " ".join(raw["profile"].split())[:4000]
            if text and subjects[raw["user_id"]].spoke:
                profiles[subjects[raw["user_id"]].user.pk] = text
    entities: list[tuple[Person, dict[str, Any]]] = []
    for raw in arguments.get("entities") or []:
        if (
            isinstance(raw, dict)
            and raw.get("user_id") in subjects
            and raw.get("type") in EntityType.values
            and isinstance(raw.get("name"), str)
            and raw["name"].strip()
        ):
            entities.append((subjects[raw["user_id"]], raw))
    return _Plan(operations=operations, profiles=profiles, entities=entities, dropped=dropped, over_cap=over_cap)


def _operation_validate(
    raw: Any, *, subjects: dict[str, Person], participants: dict[str, Person], messages: list[Message], off: set[int]
) -> Operation | None:
    """An Operation, or None (logged) when the LLM named someone outside the window or bad values."""
    if not isinstance(raw, dict):
        return None
    subject = subjects.get(str(raw.get("user_id")))
    action = raw.get("action")
    content = " ".join(str(raw.get("content") or "").split())
    kind = raw.get("kind") or MemoryKind.FACT
    level = raw.get("importance") or "medium"
    expiration = raw.get("expiration") or "permanent"
    problems = []
    if subject is None:
        problems.append(f"user_id {raw.get('user_id')!r} is not a participant or known member")
    if action not in ACTIONS:
        problems.append(f"action {action!r}")
    if action != "forget" and not 0 < len(content) <= MEMORY_MAX_LENGTH:
        problems.append("content empty or longer than 500")
    if kind not in MemoryKind.values:
        problems.append(f"kind {kind!r}")
    if level not in IMPORTANCE_LEVELS:
        problems.append(f"importance {level!r}")
    if expiration not in EXPIRATIONS:
        problems.append(f"expiration {expiration!r}")
    target = None
    if subject is not None and action in ("update", "forget"):
        index = raw.get("memory_index")
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(subject.memories):
            target = subject.memories[index]
        else:
            problems.append(f"memory_index {index!r}")
    if problems or subject is None:
        logger.info("extraction operation dropped: %s", "; ".join(problems))
        return None
    reporter = _reporter(raw, subject, participants, messages, off)
    sources = _sources(raw.get("lines"), messages=messages, people=[subject, reporter], off=off)
    if not subject.spoke and reporter is None:
        logger.info("extraction operation dropped: nobody in the window spoke of %s", subject.handle)
        return None
    if not sources:
        logger.info("extraction operation dropped: it stands only on lines said with memory off")
        return None
    context = " ".join(str(raw.get("context") or "").split())
    if reporter is not None and "reported by" not in context.lower():
        context = f"{context}; reported by {reporter.name}".strip("; ")
    topics = (
        [str(t) for t in raw.get("topics") or [] if isinstance(t, str | int)]
        if isinstance(raw.get("topics"), list)
        else []
    )
    return Operation(
        subject=subject,
        action=str(action),
        content=content,
        kind=kind,
        importance=IMPORTANCE_LEVELS[level],
        expiration=expiration,
        topics=topics,
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
    a person who is neither the subject nor the reporter, are dropped. When nothing valid is cited
    (a model that ignored the field), the subject's and reporter's own messages in the window
    stand in, as before line references; but not for an operation citing only lines said with
    memory off (none then: it is dropped).
    """
    authors = {person.user.pk for person in people if person is not None}
    chosen: list[Message] = []
    cited_off = False
    for number in cited if isinstance(cited, list) else []:
        if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= len(messages):
            message = messages[number - 1]
            cited_off = cited_off or message.pk in off
            if message.author_id in authors and message.pk not in off and message not in chosen:
                chosen.append(message)
    if cited and len(chosen) < len(cited):
        logger.info("extraction: %d line references outside the window or its people dropped", len(cited) - len(chosen))
    if cited_off and not chosen:
        return []  # it stands only on lines said with memory off: the operation goes
    return chosen or [m for m in messages if m.author_id in authors and m.pk not in off]


def _person_apply(
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
        locked, _ = Profile.objects.select_for_update().get_or_create(user=person.user, community=community)
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
            operations, profile = _renamed_to(stated, person=person, operations=operations, profile=profile)
            person_renamed(profile=locked, memories=current, old=person.name, new=stated, window=window)
            person.name = stated
        by_id = {m.pk: m for m in current}
        for op in operations:
            # Said when its lines were said (a history posted later keeps its times): its age, its
            # place among the newest and its lifetime count from then.
            said_at = max((m.created_at for m in op.sources), default=window.last_message_at)
            expires_at = said_at + delta if (delta := EXPIRATIONS[op.expiration]) else None
            if op.expires_on is not None and op.expires_on >= said_at.date():
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
                    memory_delete(memory=target, actor=MemoryRevisionActor.LLM, reason=op.context, window=window)
                    del by_id[target.pk]
                    applied += 1
                continue
            vector = vectors.get(op.content)
            if op.action == "save":
                target = memory_duplicate_find(content=op.content, embedding=vector, candidates=by_id.values())
            if op.action == "update" and target is None:
                continue  # the memory it meant was deleted meanwhile
            if target is not None:
                memory = memory_update(
                    memory=target,
                    actor=MemoryRevisionActor.LLM,
                    reason=op.context or "new information in conversation",
                    window=window,
                    embedding=vector,
                    embedding_model=model_name,
                    **fields,
                )
                memory.source_messages.add(*op.sources)  # what it says now came from these lines too
            else:
                memory = memory_create(
                    community=community,
                    user=person.user,
                    source=source,
                    actor=MemoryRevisionActor.LLM,
                    source_window=window,
                    source_messages=op.sources,
                    embedding=vector,
                    embedding_model=model_name,
                    reason="extracted from conversation",
                    said_at=said_at,
                    **fields,
                )
            by_id[memory.pk] = memory
            applied += 1
        memories_cap_enforce(community=community, user=person.user, cap=community.max_memories_per_user)
        if profile:
            locked.summary = profile
            locked.save(update_fields=["summary", "updated_at"])
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
    stated: str, *, person: Person, operations: list[Operation], profile: str | None
) -> tuple[list[Operation], str | None]:
    """This window's operations and profile for the person, saying ``stated`` where they said their
    old name; the operation that only says the name is dropped (the profile keeps the name)."""
    kept = []
    for op in operations:
        if op.action != "forget" and re.match(_NAME_FACT.format(name=re.escape(person.name)), op.content):
            continue
        op.content = name_replaced(op.content, person.name, stated)
        kept.append(op)
    return kept, name_replaced(profile, person.name, stated) if profile else profile


def window_prompt(*, window: ConversationWindow) -> list[dict[str, str]]:
    """The extraction prompt of ``window`` as it would be built now (for moderators debugging an
    extraction: the memories it shows are today's, not those of the extraction time)."""
    messages = list(window.messages.select_related("author", "persona").order_by("created_at", "pk"))
    off = messages_said_with_memory_off(community_id=window.channel.community_id, messages=messages)
    participants, known = _people(window, messages, off)
    _memories_load(
        window.channel.community, [p for p in (participants | known).values() if not p.opted_out], timezone.now()
    )
    return extraction_messages_build(window=window, messages=messages, participants=participants, known=known, off=off)


def window_extract(
    *, window: ConversationWindow, llm: LLM | None = None, now: datetime | None = None
) -> ExtractionResult:
    """Extract and apply the memories of a claimed window. Raises LLM errors for the task to retry.

    Its lines are made recallable first, whatever is sampled or fails after (``recall_index_messages``).
    ``now``: when it is extracted (a benchmark replaying a conversation extracts it as it ends).
    """
    community = window.channel.community
    now = now or timezone.now()
    messages = list(window.messages.select_related("author", "persona").order_by("created_at", "pk"))
    recall_index_messages(messages=messages)
    off = messages_said_with_memory_off(community_id=community.pk, messages=messages)
    participants, known = _people(window, messages, off)
    if not community.memory_enabled:
        return ExtractionResult(0, 0, 0, 0, 0, skipped="memory is off for this community")
    if not any(not p.opted_out for p in participants.values()):
        return ExtractionResult(0, 0, 0, 0, 0, skipped="no participant can be remembered")
    if community.extraction_rate < 1 and random.random() >= community.extraction_rate:  # noqa: S311 - sampling
        return ExtractionResult(0, 0, 0, 0, 0, skipped="not sampled by extraction_rate")
    _memories_load(community, [p for p in (participants | known).values() if not p.opted_out], now)

    llm = llm or llm_get()
    prompt = extraction_messages_build(
        window=window, messages=messages, participants=participants, known=known, off=off
    )
    tokens = [0, 0]
    arguments = None
    for _attempt in range(2):  # a malformed answer is asked for once more
        completion = llm.complete(
            purpose=Purpose.EXTRACTION,
            messages=prompt,
            tools=[EXTRACTION_TOOL],
            tool_choice={"type": "function", "function": {"name": TOOL_NAME}},
        )
        tokens[0] += completion.prompt_tokens
        tokens[1] += completion.completion_tokens
        arguments = _arguments(completion)
        if arguments is not None:
            break
    if arguments is None:
        raise MalformedExtractionError(f"no valid {TOOL_NAME} call after 2 attempts (prompt tokens {tokens[0]})")

    plan = _plan(arguments, window=window, participants=participants, known=known, messages=messages, off=off)
    contents = sorted({op.content for op in plan.operations if op.action != "forget"})
    embedder = embedder_get()
    vectors = dict(zip(contents, embedder.embed(contents).tolist(), strict=True)) if contents else {}
    grouped: dict[int, list[Operation]] = defaultdict(list)
    people = {p.user.pk: p for p in (participants | known).values()}
    for op in plan.operations:
        grouped[op.subject.user.pk].append(op)
    entities: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for person, entity in plan.entities:
        entities[person.user.pk].append(entity)
    applied = 0
    for user_id in sorted(set(grouped) | set(plan.profiles) | set(entities)):
        try:
            applied += _person_apply(
                person=people[user_id],
                operations=grouped.get(user_id, []),
                profile=plan.profiles.get(user_id),
                entities=entities.get(user_id, []),
                window=window,
                messages=messages,
                off=off,
                vectors=vectors,
                model_name=embedder.model_name,
                now=now,
            )
        except IntegrityError:
            # The person was erased while we worked: nothing of theirs may be written.
            logger.warning("window %s: person %s vanished during apply", window.pk, user_id)
    return ExtractionResult(
        operations_applied=applied,
        operations_dropped=plan.dropped,
        operations_over_cap=plan.over_cap,
        prompt_tokens=tokens[0],
        completion_tokens=tokens[1],
    )
