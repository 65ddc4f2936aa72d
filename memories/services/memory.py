"""Creating, changing and removing memories; every change writes a MemoryRevision."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from django.core.exceptions import EmptyResultSet
from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Community, User
from accounts.services import memory_on_require
from chat.models import ConversationWindow, Message, Persona
from core.constraints import refusals_as_errors
from core.models import OutboxEventKind
from core.services import event_record, events_record_sql
from core.text import text_clean
from memories.models import (
    ImportanceNow,
    Memory,
    MemoryRevision,
    MemoryRevisionAction,
    MemoryRevisionActor,
    importance_now_sql,
)
from memories.services.recall import recall_sources_remove
from memoryhub.ai.embeddings import embedder_get

_WORD = re.compile(r"[a-z0-9']+")
# What a write checks in Python before it goes to the database: every field's own rules (choices,
# lengths, blanks), which need no query. A foreign key's existence and the rules across fields
# are the database's constraints, whose refusal is the same ValidationError (refusals_as_errors).
_NOT_CLEANED = [
    *(field.name for field in Memory._meta.get_fields() if field.is_relation),
    "search_vector",
    "embedding",
]
JACCARD_DUPLICATE = 0.7
COSINE_DUPLICATE = 0.92


# A person or a moderator deleting or correcting a memory: the lines it was made of leave recall
# with it, so what was corrected does not come back word for word (``recall_sources_remove``).
CORRECTIONS = frozenset(
    {
        MemoryRevisionAction.USER_DELETE,
        MemoryRevisionAction.MODERATOR_DELETE,
        MemoryRevisionAction.USER_EDIT,
        MemoryRevisionAction.MODERATOR_EDIT,
    }
)


def memory_snapshot(memory: Memory) -> dict[str, Any]:
    """What a revision keeps of a memory: the fields a moderator reads and restores."""
    return {
        "content": memory.content,
        "kind": memory.kind,
        "topics": list(memory.topics),
        "importance": memory.importance_now,
        "expires_at": memory.expires_at.astimezone(UTC).isoformat(timespec="microseconds")
        if memory.expires_at
        else None,
        "source": memory.source,
        "reported_by": memory.reported_by_id,
        "context": memory.context,
        "persona": memory.persona_id,
    }


def _revision(
    *,
    memory: Memory,
    action: str,
    actor: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    actor_user: User | None,
    reason: str,
    window: ConversationWindow | None,
) -> MemoryRevision:
    return MemoryRevision.objects.create(
        memory=memory if after is not None else None,
        memory_ref=memory.pk,
        community_id=memory.community_id,
        subject_id=memory.user_id,
        action=action,
        actor=actor,
        actor_user=actor_user,
        before=before,
        after=after,
        reason=reason[:500],
        window=window,
    )


def _announced(memory: Memory, kind: OutboxEventKind) -> None:
    """The outbox's word of a memory's change, in its transaction: its id and person, never its text."""
    event_record(kind=kind, community_id=memory.community_id, subject_id=memory.user_id, payload={"memory": memory.pk})


def memory_words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def word_jaccard(left: str, right: str) -> float:
    a, b = memory_words(left), memory_words(right)
    return len(a & b) / len(a | b) if a and b else 0.0


def memory_duplicate_find(
    *, content: str, embedding: Sequence[float] | None, candidates: Iterable[Memory]
) -> Memory | None:
    """The candidate that says the same thing: word Jaccard ≥ 0.7 or cosine similarity ≥ 0.92."""
    best: tuple[float, Memory] | None = None
    vector = np.asarray(embedding, dtype=np.float32) if embedding is not None else None
    for candidate in candidates:
        score = word_jaccard(content, candidate.content)
        if score < JACCARD_DUPLICATE and vector is not None and candidate.embedding is not None:
            other = np.asarray(candidate.embedding, dtype=np.float32)
            norms = float(np.linalg.norm(vector) * np.linalg.norm(other)) or 1.0
            cosine = float(vector @ other) / norms
            score = cosine if cosine >= COSINE_DUPLICATE else 0.0
        if score >= JACCARD_DUPLICATE and (best is None or score > best[0]):
            best = (score, candidate)
    return best[1] if best else None


def _said_as(content: str) -> str:
    """``content`` as compared for a twin: case, spaces and the closing full stop aside."""
    return " ".join(text_clean(content).split()).rstrip(".!").casefold()


def _twin_find(*, community: Community, user: User, content: str) -> Memory | None:
    """The person's live memory that says ``content`` word for word (case, spaces and the closing
    full stop aside), else None."""
    said = _said_as(content)
    if not said:
        return None
    candidates = Memory.objects.filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()),
        community=community,
        user=user,
        content__istartswith=said.split()[0],
    ).defer("embedding", "search_vector")
    return next((memory for memory in candidates.order_by("id") if _said_as(memory.content) == said), None)


def _vector(content: str, embedding: Sequence[float] | None, embedding_model: str) -> tuple[Any, str]:
    """The vector to store for ``content``: the caller's (a batch it embedded at once), else made here.

    Every memory text gets its vector on the one write path, or it could never be found by
    meaning. Raises EmbeddingUnavailableError when the provider is down: nothing is written.
    """
    if embedding is not None:
        return embedding, embedding_model
    embedder = embedder_get()
    return embedder.embed_one(content).tolist(), embedder.model_name


@refusals_as_errors(Memory)
@transaction.atomic
def memory_create(
    *,
    community: Community,
    user: User,
    content: str,
    kind: str,
    importance: float,
    expires_at: datetime | None,
    source: str,
    actor: str,
    topics: Sequence[str] = (),
    reported_by: User | None = None,
    context: str = "",
    persona: Persona | None = None,
    source_window: ConversationWindow | None = None,
    source_messages: Iterable[Message] = (),
    embedding: Sequence[float] | None = None,
    embedding_model: str = "",
    actor_user: User | None = None,
    reason: str = "",
    said_at: datetime | None = None,
) -> Memory:
    """A new memory with its vector and its "created" revision.

    ``said_at`` dates a memory learned earlier (imports): recency and the lifetime count from it.
    """
    memory_on_require(user_id=user.pk, community_id=community.pk)
    content = text_clean(content).strip()
    embedding, embedding_model = _vector(content, embedding, embedding_model)
    memory = Memory(
        community=community,
        user=user,
        persona=persona,
        content=content,
        kind=kind,
        topics=_topics_clean(topics),
        importance=importance,
        expires_at=expires_at,
        source=source,
        reported_by=reported_by,
        context=text_clean(context)[:500],
        source_window=source_window,
        embedding=embedding,
        embedding_model=embedding_model,
    )
    if said_at is not None:
        memory.created_at = said_at
    memory.clean_fields(exclude=_NOT_CLEANED)
    memory.save()
    if source_messages:
        memory.source_messages.set(list(source_messages))
    _revision(
        memory=memory,
        action=MemoryRevisionAction.CREATED,
        actor=actor,
        before=None,
        after=memory_snapshot(memory),
        actor_user=actor_user,
        reason=reason,
        window=source_window,
    )
    _announced(memory, OutboxEventKind.MEMORY_CREATED)
    return memory


@transaction.atomic
def memory_create_once(*, community: Community, user: User, content: str, **fields: Any) -> tuple[Memory, bool]:
    """``memory_create``, unless a live memory of the person already says ``content`` word for word
    (case, spaces and the closing full stop aside): that memory then, and nothing is written, so a
    retried ``POST /memories`` or a second "remember" makes no twin. Whether it is new comes second.
    Their profile row is locked first (``memory_on_require``): two such calls go one after the other."""
    memory_on_require(user_id=user.pk, community_id=community.pk)
    if twin := _twin_find(community=community, user=user, content=content):
        return twin, False
    return memory_create(community=community, user=user, content=content, **fields), True


@refusals_as_errors(Memory)
@transaction.atomic
def memory_update(
    *,
    memory: Memory,
    actor: str,
    action: str = MemoryRevisionAction.UPDATED,
    actor_user: User | None = None,
    reason: str = "",
    window: ConversationWindow | None = None,
    embedding: Sequence[float] | None = None,
    embedding_model: str = "",
    profile_follows: bool = True,
    said_at: datetime | None = None,
    **changes: Any,
) -> Memory:
    """Change ``memory``'s fields (content, kind, topics, importance, expires_at, context, …).
    ``profile_follows`` False: the caller rewrites the profile itself (a rename). ``said_at``: the
    change was said then, later than the memory, which now counts its age from then ("moved last
    weekend" is dated by the line that said it, and the memory is among the newest)."""
    memory_on_require(user_id=memory.user_id, community_id=memory.community_id)
    before = memory_snapshot(memory)
    for field, value in changes.items():
        setattr(memory, field, _topics_clean(value) if field == "topics" else value)
    if said_at is not None and said_at > memory.created_at:
        memory.created_at = said_at
    if "importance" in changes:
        memory.importance_at = timezone.now()  # it fades from now
    if "content" in changes:
        memory.content = text_clean(memory.content).strip()
        memory.embedding, memory.embedding_model = _vector(memory.content, embedding, embedding_model)
    memory.clean_fields(exclude=_NOT_CLEANED)
    memory.save()
    _revision(
        memory=memory,
        action=action,
        actor=actor,
        before=before,
        after=memory_snapshot(memory),
        actor_user=actor_user,
        reason=reason,
        window=window,
    )
    _announced(memory, OutboxEventKind.MEMORY_UPDATED)
    if memory.content != before["content"]:
        if profile_follows:
            _profile_follow(memory.community_id, memory.user_id, [before["content"]], actor=actor)
        if action in CORRECTIONS:
            recall_sources_remove(memories=Memory.objects.filter(pk=memory.pk))
    return memory


@transaction.atomic
def memory_delete(
    *,
    memory: Memory,
    actor: str,
    action: str = MemoryRevisionAction.FORGOTTEN,
    actor_user: User | None = None,
    reason: str = "",
    window: ConversationWindow | None = None,
) -> None:
    _revision(
        memory=memory,
        action=action,
        actor=actor,
        before=memory_snapshot(memory),
        after=None,
        actor_user=actor_user,
        reason=reason,
        window=window,
    )
    if action in CORRECTIONS:
        recall_sources_remove(memories=Memory.objects.filter(pk=memory.pk))
    _announced(memory, OutboxEventKind.MEMORY_DELETED)  # while it has its id
    memory.delete()
    _profile_follow(memory.community_id, memory.user_id, [memory.content], actor=actor)


def _profile_follow(community_id: int, user_id: int, old_contents: list[str], *, actor: str) -> None:
    """People, moderators and bots change memories behind the profile's back; the LLM rewrites the
    profile itself in the same extraction call, so its own changes need no follow-up."""
    if actor == MemoryRevisionActor.LLM:
        return
    from memories.services.profiles import profile_follow_memories  # profiles build on these services

    profile_follow_memories(community=Community(pk=community_id), user=User(pk=user_id), old_contents=old_contents)


# The SQL twin of memory_snapshot, for set-based deletions (a test keeps the two the same).
SNAPSHOT_SQL = f"""jsonb_build_object(
    'content', m.content, 'kind', m.kind, 'topics', to_jsonb(m.topics),
    'importance', {importance_now_sql("m", "now()")},
    'expires_at', to_char(m.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"+00:00"'),
    'source', m.source, 'reported_by', m.reported_by_id, 'context', m.context, 'persona', m.persona_id)"""


def memories_delete_sql(
    *,
    victims_sql: str,
    params: Sequence[Any] | dict[str, Any],
    action: str,
    actor: str,
    reason: str,
    actor_user: User | None = None,
) -> int:
    """Delete the memories whose ids ``victims_sql`` selects, each with its revision and its
    outbox event: set-based, a handful of statements whatever the count (maintenance, caps, forget,
    bulk moderation)."""
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE TEMP TABLE doomed_memories ON COMMIT DROP AS {victims_sql}", params)
        cursor.execute(
            f"""
            INSERT INTO memories_memoryrevision
                (memory_id, memory_ref, community_id, subject_id, action, actor, actor_user_id,
                 before, after, reason, window_id, created_at)
            SELECT NULL, m.id, m.community_id, m.user_id, %s, %s, %s, {SNAPSHOT_SQL}, NULL, %s, NULL, now()
            FROM memories_memory AS m WHERE m.id IN (SELECT id FROM doomed_memories)
            """,  # noqa: S608 - our own SQL, values passed as parameters
            [action, actor, actor_user.pk if actor_user else None, reason[:500]],
        )
        events_record_sql(
            kind=OutboxEventKind.MEMORY_DELETED,
            rows_sql="""SELECT m.community_id, m.user_id, jsonb_build_object('memory', m.id) FROM memories_memory AS m
                     WHERE m.id IN (SELECT id FROM doomed_memories) ORDER BY m.id""",
        )
        cursor.execute(
            "UPDATE memories_memoryrevision SET memory_id = NULL WHERE memory_id IN (SELECT id FROM doomed_memories)"
        )
        cursor.execute(
            "DELETE FROM memories_memory_source_messages WHERE memory_id IN (SELECT id FROM doomed_memories)"
        )
        cursor.execute("DELETE FROM memories_memory WHERE id IN (SELECT id FROM doomed_memories)")
        deleted = cursor.rowcount
        cursor.execute("DROP TABLE doomed_memories")  # now: the caller's transaction may delete again
    return deleted


@transaction.atomic
def memories_delete_with_revisions(
    *, memories: QuerySet[Memory], action: str, actor: str, reason: str, actor_user: User | None = None
) -> int:
    """Delete a set of memories, each with its revision (moderators' bulk deletes, caps, forget).
    A selection that can match nothing (``pk__in=[]``) deletes nothing: 0."""
    try:
        victims_sql, params = memories.values("pk").query.sql_with_params()
    except EmptyResultSet:  # Django cannot write SQL for a WHERE that is false by construction
        return 0
    removed: dict[tuple[int, int], list[str]] = {}
    if action in (MemoryRevisionAction.MODERATOR_DELETE, MemoryRevisionAction.USER_DELETE):
        for community_id, user_id, content in memories.values_list("community_id", "user_id", "content"):
            removed.setdefault((community_id, user_id), []).append(content)
    if action in CORRECTIONS:
        recall_sources_remove(memories=memories)
    deleted = memories_delete_sql(
        victims_sql=f"SELECT pk AS id FROM ({victims_sql}) AS chosen(pk)",  # noqa: S608 - Django's own SQL
        params=params,
        action=action,
        actor=actor,
        reason=reason,
        actor_user=actor_user,
    )
    for (community_id, user_id), contents in removed.items():
        _profile_follow(community_id, user_id, contents, actor=actor)
    return deleted


@transaction.atomic
def memories_cap_enforce(*, community: Community, user: User, cap: int) -> int:
    """Keep ``user`` within ``cap`` memories in ``community``: lowest importance, then oldest, go."""
    keep = (
        Memory.objects.filter(community=community, user=user)
        .alias(importance_today=ImportanceNow())
        .order_by("-importance_today", "-created_at", "-pk")
    )
    excess = Memory.objects.filter(pk__in=keep.values("pk")[cap:])
    return memories_delete_with_revisions(
        memories=excess,
        action=MemoryRevisionAction.CAPPED,
        actor=MemoryRevisionActor.SYSTEM,
        reason=f"over the per-user cap of {cap}",
    )


_TOPIC_MARKS = re.compile(r"[\"“”«»<>\[\]{}()#]")  # a tag keeps words, not quotes or brackets


def _topics_clean(topics: Iterable[str]) -> list[str]:
    seen: list[str] = []
    for topic in topics:
        tag = "-".join(_TOPIC_MARKS.sub(" ", str(topic)).lower().split())[:40]
        if tag and tag not in seen:
            seen.append(tag)
    return seen[:10]


# What forget leaves of a revision's before and after: the history keeps what was done, by whom
# and when, never the words.
REVISION_WORDS_DROPPED = {"content": "[forgotten]", "context": "", "topics": []}


def revisions_words_drop(*, community: Community, user: User) -> None:
    """Every revision about ``user`` in ``community`` loses its text (forget me): what was done,
    by whom and when stays."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_memoryrevision SET before = before || %(scrub)s::jsonb, after = after || %(scrub)s::jsonb
            WHERE community_id = %(community)s AND subject_id = %(user)s
            """,  # NULL || … stays NULL: a creation keeps no "before", a deletion no "after"
            {"scrub": json.dumps(REVISION_WORDS_DROPPED), "community": community.pk, "user": user.pk},
        )
