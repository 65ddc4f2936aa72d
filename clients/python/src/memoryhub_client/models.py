"""What the API answers, as frozen dataclasses, and the messages a bot posts.

Each result class names the schema component it reads (``component``); the project's tests check
every field here against the schema at ``/api/schema/``, so a field the server renames fails
there, not in a bot. Answers may carry fields this version does not know: they are ignored.
Choices that the API may grow (a memory's kind, a window's state) are plain strings in results
and ``Literal`` types in what a bot sends, so that mypy catches a typo before the server does.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, Generic, Literal, TypeVar

T = TypeVar("T")

MemoryKind = Literal[
    "fact", "preference", "event", "emotion", "plan", "relationship", "behavior", "decision", "insight", "note"
]
MemorySource = Literal["chat", "passive", "api", "moderator", "import"]
NewMemorySource = Literal["api", "import"]
Expiration = Literal["1d", "3d", "7d", "30d", "permanent"]
Role = Literal["user", "assistant"]
EntityType = Literal["person", "place", "thing", "event", "organisation"]
WindowState = Literal["open", "due", "extracting", "done", "failed"]


# --- What a bot sends ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class NewMessage:
    """A message the bot saw. ``message_id`` is the platform's id: posting it again stores nothing
    new. ``author`` is the person's platform id; only the bot's own messages (``role="assistant"``)
    leave it out. ``sent_at`` defaults to now (a time without an offset is UTC)."""

    component: ClassVar[str] = "MessageInputRequest"

    channel: str
    content: str
    author: str | None = None
    author_name: str | None = None
    channel_name: str | None = None
    sent_at: datetime | None = None
    message_id: str | None = None
    role: Role | None = None


# --- Messages -----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class IngestedMessage:
    component: ClassVar[str] = "IngestedMessageOutput"

    message_id: str | None
    id: int
    window: int | None
    memory_off: bool  # said while its author's (or the community's) memory was off: never remembered


@dataclass(frozen=True, kw_only=True)
class Ingested:
    component: ClassVar[str] = "IngestOutput"

    accepted: int
    duplicates: int
    windows: list[int]
    messages: list[IngestedMessage]


@dataclass(frozen=True, kw_only=True)
class EditedMessage:
    component: ClassVar[str] = "MessageEditOutput"

    id: int
    message_id: str | None
    content: str
    window: int | None


@dataclass(frozen=True, kw_only=True)
class DeletedMessage:
    component: ClassVar[str] = "MessageDeleteOutput"

    memories_deleted: int


# --- Context and chat ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class UsedMemory:
    """A memory (or, for layer ``episode``, a line the person said before) given to the model."""

    component: ClassVar[str] = "UsedMemoryOutput"

    id: int
    content: str
    kind: str
    layer: str
    message_id: int | None
    said_at: datetime | None
    where: str
    importance: float
    similarity: float | None
    lexical: float
    context: float
    relevance: float
    recency: float
    frequency: float
    topical: bool
    total: float


@dataclass(frozen=True, kw_only=True)
class PromptMessage:
    component: ClassVar[str] = "PromptMessageOutput"

    role: str
    content: str


@dataclass(frozen=True, kw_only=True)
class Layer:
    component: ClassVar[str] = "LayerOutput"

    name: str
    tokens: int
    memory_ids: list[int]


@dataclass(frozen=True, kw_only=True)
class Context:
    component: ClassVar[str] = "ContextOutput"

    text: str
    token_count: int
    prompt_tokens: int
    injection_mode: str
    messages: list[PromptMessage]
    layers: list[Layer]
    memories: list[UsedMemory]


@dataclass(frozen=True, kw_only=True)
class ChatReply:
    """A persona's reply; from a stream, the last event (``reply`` is the chunks joined, and
    ``remembered`` is empty: a stream offers the model no ``remember`` tool)."""

    component: ClassVar[str] = "ChatOutput"

    reply: str
    session: int
    message_id: int
    reply_id: int
    memories: list[UsedMemory]
    remembered: list[str]


@dataclass(frozen=True)
class ChatChunk:
    """A piece of a streamed reply, as the model writes it."""

    text: str


# --- Memories -----------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Source:
    """A message a memory was learned from."""

    component: ClassVar[str] = "MemorySourceOutput"

    id: int
    channel: str | None
    message_id: str | None
    sent_at: datetime


@dataclass(frozen=True, kw_only=True)
class _MemoryFields:
    id: int
    user: str | None
    content: str
    kind: str
    topics: list[str]
    importance: float
    expires_at: datetime | None
    source: str
    reported_by: str | None
    persona: str | None
    sources: list[Source]
    access_count: int
    last_accessed_at: datetime | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, kw_only=True)
class Memory(_MemoryFields):
    component: ClassVar[str] = "MemoryOutput"

    context: str  # what the person was talking about when it was said


@dataclass(frozen=True, kw_only=True)
class SearchHit(_MemoryFields):
    """A memory found by a search, with its scores (most only when the search named a person)."""

    component: ClassVar[str] = "SearchHitOutput"

    context: float | None  # the best score of another memory said around the same time
    similarity: float | None
    lexical: float | None
    relevance: float | None
    recency: float | None
    frequency: float | None
    total: float | None


@dataclass(frozen=True, kw_only=True)
class SearchResults:
    component: ClassVar[str] = "SearchOutput"

    results: list[SearchHit]


@dataclass(frozen=True, kw_only=True)
class Revision:
    """One change to a memory: who made it (llm, moderator, user or system), before, after, why."""

    component: ClassVar[str] = "RevisionOutput"

    action: str
    actor: str
    at: datetime
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    reason: str
    window: int | None


@dataclass(frozen=True, kw_only=True)
class History:
    component: ClassVar[str] = "HistoryOutput"

    memory: int
    revisions: list[Revision]


# --- People -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Profile:
    component: ClassVar[str] = "ProfileOutput"

    user: str | None
    community: str
    display_name: str
    summary: str
    personality: str
    preferences: Any
    behaviour_patterns: Any
    memory_enabled: bool
    memory_count: int
    updated_at: datetime | None


@dataclass(frozen=True, kw_only=True)
class Forgotten:
    component: ClassVar[str] = "ForgetOutput"

    user: str
    memory_enabled: bool
    memories_deleted: int
    entities_deleted: int
    sessions_cleared: int


@dataclass(frozen=True, kw_only=True)
class Remembered:
    component: ClassVar[str] = "RememberOutput"

    user: str
    memory_enabled: bool


@dataclass(frozen=True, kw_only=True)
class Erasure:
    """An erasure's tombstone: ``scope`` says whether the account went, or only this community's data."""

    component: ClassVar[str] = "ErasureOutput"

    id: int
    subject_hash: str
    state: str
    scope: str
    requested_via: str
    deleted_counts: Any
    created_at: datetime
    completed_at: datetime | None


# --- What was learned and how -------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Entity:
    component: ClassVar[str] = "EntityOutput"

    id: int
    user: str | None
    type: str
    name: str
    relationship: str
    attributes: Any
    first_mentioned_at: datetime
    last_mentioned_at: datetime
    mention_count: int


@dataclass(frozen=True, kw_only=True)
class Session:
    component: ClassVar[str] = "SessionOutput"

    id: int
    user: str | None
    persona: str
    channel: str | None
    started_at: datetime
    last_message_at: datetime
    ended_at: datetime | None
    message_count: int
    working_summary: str
    final_summary: str


@dataclass(frozen=True, kw_only=True)
class Window:
    """A conversation window: the messages extracted together."""

    component: ClassVar[str] = "WindowOutput"

    id: int
    channel: str | None
    state: str
    first_message_at: datetime
    last_message_at: datetime
    due_at: datetime | None
    message_count: int
    close_reason: str
    closed_at: datetime | None
    attempts: int
    last_error: str
    prompt_tokens: int
    completion_tokens: int
    operations_applied: int
    operations_over_cap: int
    extracted_at: datetime | None


@dataclass(frozen=True, kw_only=True)
class Page(Generic[T]):
    """One page of a list, newest first. ``next_cursor`` (None on the last page) asks for the next
    one; the ``…_iterate`` methods follow it for you."""

    results: list[T]
    next_cursor: str | None = None
    previous_cursor: str | None = None
