"""Windowed multi-user extraction: one LLM call per window, validated, applied per person.

The LLM (or the offline engine) sees the whole window and each participant's memories, and
answers with one ``record_memories`` tool call. Nothing it says is trusted: every operation is
checked against the window's people, the enums and the caps before anything is written, and
the opt-out is checked again, under lock, right before each person's changes are applied.
"""

from __future__ import annotations

import logging
import random
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import IntegrityError
from django.db.models import Q
from django.utils import timezone

from accounts.models import Community, ExternalIdentity, Membership, Profile
from chat.models import ConversationWindow, Message, MessageRole
from chat.selectors import messages_said_with_memory_off
from memories.models import Memory
from memories.selectors.people import person_called
from memories.services.operations import (
    WORD,
    MalformedExtractionError,
    Operation,
    Person,
    arguments_of,
    operations_plan,
    person_apply,
)
from memories.services.recall import recall_index_messages
from memoryhub.ai.contract import (
    BOT_HANDLE,
    EXTRACTION_SYSTEM_PROMPT,
    EXTRACTION_TOOL,
    REDACTED,
    TOOL_NAME,
    PromptParticipant,
    conversation_line_format,
    extraction_prompt_build,
    prompt_name,
)
from memoryhub.ai.embeddings import embedder_get
from memoryhub.ai.llm import llm_get
from memoryhub.ai.types import LLM, Purpose

logger = logging.getLogger(__name__)

PROMPT_MEMORIES_PER_PERSON = 20


@dataclass
class ExtractionResult:
    operations_applied: int
    operations_dropped: int  # invalid, or over the caps
    operations_over_cap: int
    prompt_tokens: int
    completion_tokens: int
    skipped: str = ""  # why nothing was asked of the LLM, if so


def _people(
    window: ConversationWindow, messages: list[Message], off: set[int]
) -> tuple[dict[str, Person], dict[str, Person]]:
    """(participants, known members named in the window) by handle. ``off``: the lines said with
    memory off; a participant who said nothing else here is left out as an opted-out one is."""
    community = window.channel.community
    authors = {m.author.pk: m.author for m in messages if m.author is not None}
    remembered_authors = {m.author_id for m in messages if m.author_id is not None and m.pk not in off}
    text = " ".join(m.content for m in messages if m.pk not in off).lower()
    words = set(WORD.findall(text))
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
            # As the prompt gives it: the LLM names people so, and the answer is read against it.
            name=prompt_name(person_called(identity.display_name if identity else "", user, stated.get(user_id))),
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
        arguments = arguments_of(completion)
        if arguments is not None:
            break
    if arguments is None:
        raise MalformedExtractionError(f"no valid {TOOL_NAME} call after 2 attempts (prompt tokens {tokens[0]})")

    plan = operations_plan(arguments, window=window, participants=participants, known=known, messages=messages, off=off)
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
            applied += person_apply(
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
