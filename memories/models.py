"""What is remembered: memories with their history, and the entities people mention."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVector, SearchVectorField
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Length, Now
from django.db.models.lookups import Exact, LessThanOrEqual
from django.utils import timezone
from pgvector.django import HnswIndex, VectorField

from accounts.models import Community
from chat.models import ConversationWindow, Message, Persona
from memoryhub.ai import contract
from memoryhub.ai.contract import MEMORY_MAX_LENGTH

# Importance fades 1 % a day while nobody recalls a memory, lazily: a memory keeps the
# importance it was given and when (``importance_at``), and what it is worth today is worked out
# when it is read (``Memory.importance_now`` in Python, ``ImportanceNow`` in the ORM,
# ``importance_now_sql`` in raw SQL: one formula). A recall or an edit settles it (writes today's
# value and time). No daily job rewrites the table: a rewritten row goes into every index again,
# the HNSW graph's included, which took most of an hour at a million memories.
IMPORTANCE_DECAY_PER_DAY = 0.99
IMPORTANCE_DECAY_DAYS_MAX = 10_000  # 0.99^10,000 ≈ 2e-44: forgotten, and power() cannot underflow
_IMPORTANCE_NOW_SQL = (
    "({importance} * power({factor}::float8, LEAST(GREATEST(floor(EXTRACT(EPOCH FROM ({now} - {since})) / 86400.0),"
    " 0), {days_max})::float8))"
)


def importance_decayed(importance: float, since: datetime, now: datetime) -> float:
    """``importance`` given at ``since``, as it stands at ``now``: 1 % less per whole day."""
    days = min(max(math.floor((now - since).total_seconds() / 86400.0), 0), IMPORTANCE_DECAY_DAYS_MAX)
    return importance * IMPORTANCE_DECAY_PER_DAY**days


def _importance_now(importance: str, now: str, since: str) -> str:
    return _IMPORTANCE_NOW_SQL.format(
        importance=importance, now=now, since=since, factor=IMPORTANCE_DECAY_PER_DAY, days_max=IMPORTANCE_DECAY_DAYS_MAX
    )


def importance_now_sql(alias: str, now: str) -> str:
    """The SQL of importance_decayed for the memories_memory row ``alias`` at the SQL time ``now``."""
    return _importance_now(f"{alias}.importance", now, f"{alias}.importance_at")


class ImportanceNow(models.Func):
    """A memory's importance today, for filtering and ordering: ``.alias(importance_today=ImportanceNow())``;
    as an UPDATE's value it settles the decay (``now``: a value, else the statement's time)."""

    output_field = models.FloatField()

    def __init__(self, now: datetime | None = None) -> None:
        super().__init__(F("importance"), Now() if now is None else models.Value(now), F("importance_at"))

    def as_sql(  # type: ignore[override]  # the formula takes its parts in its own places
        self, compiler: Any, connection: Any, *args: Any, **extra_context: Any
    ) -> tuple[str, list[Any]]:
        parts, params = [], []
        for expression in self.get_source_expressions():  # in the order they appear in the SQL
            sql, expression_params = compiler.compile(expression)
            parts.append(sql)
            params.extend(expression_params)
        return _importance_now(*parts), params


def _json_type(field: str) -> models.Func:
    return models.Func(F(field), function="jsonb_typeof", output_field=models.CharField())


class MemoryKind(models.TextChoices):
    """The contract's kinds (``contract.MemoryKind``) as choices; a test holds the two equal."""

    FACT = contract.MemoryKind.FACT.value
    PREFERENCE = contract.MemoryKind.PREFERENCE.value
    EVENT = contract.MemoryKind.EVENT.value
    EMOTION = contract.MemoryKind.EMOTION.value
    PLAN = contract.MemoryKind.PLAN.value
    RELATIONSHIP = contract.MemoryKind.RELATIONSHIP.value
    BEHAVIOR = contract.MemoryKind.BEHAVIOR.value
    DECISION = contract.MemoryKind.DECISION.value
    INSIGHT = contract.MemoryKind.INSIGHT.value
    NOTE = contract.MemoryKind.NOTE.value


class MemorySource(models.TextChoices):
    CHAT = "chat"
    PASSIVE = "passive"
    API = "api"
    MODERATOR = "moderator"
    IMPORT = "import"


class Memory(models.Model):
    Kind = MemoryKind

    Source = MemorySource

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="memories")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memories")
    persona = models.ForeignKey(Persona, null=True, blank=True, on_delete=models.CASCADE, related_name="memories")
    content = models.TextField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.FACT)
    topics = ArrayField(models.CharField(max_length=40), default=list, blank=True)
    importance = models.FloatField(default=0.6, help_text="As given at importance_at; it fades from then.")
    importance_at = models.DateTimeField(
        default=timezone.now, db_default=Now(), help_text="When importance was set, or settled by a recall."
    )
    expires_at = models.DateTimeField(null=True, blank=True, help_text="Empty means permanent.")
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.CHAT)
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="reported_memories"
    )
    context = models.CharField(max_length=500, blank=True)
    source_window = models.ForeignKey(
        ConversationWindow, null=True, blank=True, on_delete=models.SET_NULL, related_name="memories"
    )
    source_messages = models.ManyToManyField(Message, blank=True, related_name="memories")
    embedding = VectorField(dimensions=settings.MEMORYHUB_EMBEDDING_DIMENSIONS, null=True, blank=True)
    embedding_model = models.CharField(max_length=100, blank=True)
    search_vector = models.GeneratedField(
        expression=SearchVector("content", config="english"),
        output_field=SearchVectorField(),
        db_persist=True,
    )
    access_count = models.PositiveIntegerField(default=0)
    last_accessed_at = models.DateTimeField(null=True, blank=True)
    # When it was said: now, or for an import the time given with it (recency and lifetimes count from it).
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "memories"
        constraints = [
            models.CheckConstraint(
                # Something besides whitespace, and not too long.
                condition=Q(content__regex=r"\S") & Q(LessThanOrEqual(Length("content"), MEMORY_MAX_LENGTH)),
                name="memory_content_length",
            ),
            models.CheckConstraint(condition=Q(kind__in=MemoryKind.values), name="memory_kind_valid"),
            models.CheckConstraint(condition=Q(source__in=MemorySource.values), name="memory_source_valid"),
            models.CheckConstraint(condition=Q(importance__gte=0) & Q(importance__lte=1), name="memory_importance_0_1"),
            models.CheckConstraint(
                condition=Q(expires_at__isnull=True) | Q(expires_at__gt=F("created_at")),
                name="memory_expires_after_creation",
            ),
            models.CheckConstraint(
                condition=Q(reported_by__isnull=True) | ~Q(reported_by=F("user")),
                name="memory_reporter_is_third_party",
            ),
            models.CheckConstraint(
                condition=Q(embedding__isnull=True) | ~Q(embedding_model=""), name="memory_embedding_has_model"
            ),
        ]
        indexes = [
            HnswIndex(
                name="memory_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
            GinIndex(fields=["search_vector"], name="memory_search_vector_gin"),
            GinIndex(fields=["topics"], name="memory_topics_gin"),
            models.Index(fields=["community", "user", "-created_at"], name="memory_user_recent_idx"),
            models.Index(fields=["expires_at"], condition=Q(expires_at__isnull=False), name="memory_expiry_idx"),
        ]

    def __str__(self) -> str:
        return self.content[:60]

    @property
    def importance_now(self) -> float:
        """What the memory is worth today (its importance, faded since importance_at)."""
        return importance_decayed(self.importance, self.importance_at, timezone.now())


class MemoryRevisionAction(models.TextChoices):
    CREATED = "created"
    UPDATED = "updated"
    FORGOTTEN = "forgotten"
    EXPIRED = "expired"
    CAPPED = "capped"
    MODERATOR_EDIT = "moderator_edit"
    MODERATOR_DELETE = "moderator_delete"
    USER_EDIT = "user_edit"
    USER_DELETE = "user_delete"


class MemoryRevisionActor(models.TextChoices):
    LLM = "llm"
    MODERATOR = "moderator"
    USER = "user"
    SYSTEM = "system"


class MemoryRevision(models.Model):
    """One change to a memory, with who made it, before and after: the history moderators read.

    The memory link is cleared when the memory is deleted so the history of deletions survives;
    the subject user is kept so erasure can find and delete every revision about them.
    """

    Action = MemoryRevisionAction

    Actor = MemoryRevisionActor

    memory = models.ForeignKey(Memory, null=True, blank=True, on_delete=models.SET_NULL, related_name="revisions")
    memory_ref = models.BigIntegerField(help_text="The memory's id, kept after the memory is deleted.")
    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="+")
    subject = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memory_revisions")
    action = models.CharField(max_length=32, choices=Action.choices)
    actor = models.CharField(max_length=16, choices=Actor.choices)
    actor_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True)
    window = models.ForeignKey(ConversationWindow, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(action__in=MemoryRevisionAction.values), name="revision_action_valid"),
            models.CheckConstraint(condition=Q(actor__in=MemoryRevisionActor.values), name="revision_actor_valid"),
            models.CheckConstraint(
                condition=~Q(action="created") | (Q(before__isnull=True) & Q(after__isnull=False)),
                name="revision_created_has_only_after",
            ),
            models.CheckConstraint(
                condition=~Q(action__in=["updated", "moderator_edit", "user_edit"])
                | (Q(before__isnull=False) & Q(after__isnull=False)),
                name="revision_edit_has_before_and_after",
            ),
            models.CheckConstraint(
                condition=~Q(action__in=["forgotten", "expired", "capped", "moderator_delete", "user_delete"])
                | (Q(before__isnull=False) & Q(after__isnull=True)),
                name="revision_removal_has_only_before",
            ),
            # A snapshot is a JSON object; a JSON `null` would pass the IS NOT NULL checks above.
            models.CheckConstraint(
                condition=Q(Q(before__isnull=True) | Exact(_json_type("before"), "object"))
                & Q(Q(after__isnull=True) | Exact(_json_type("after"), "object")),
                name="revision_snapshots_are_objects",
            ),
        ]
        indexes = [
            models.Index(fields=["memory_ref", "created_at"], name="revision_memory_time_idx"),
            models.Index(fields=["community", "-created_at"], name="revision_community_time_idx"),
            models.Index(fields=["subject", "created_at"], name="revision_subject_time_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.action} of memory {self.memory_ref} by {self.actor}"


class EntityType(models.TextChoices):
    """The contract's entity types (``contract.EntityType``) as choices; held equal by a test."""

    PERSON = contract.EntityType.PERSON.value
    PLACE = contract.EntityType.PLACE.value
    THING = contract.EntityType.THING.value
    EVENT = contract.EntityType.EVENT.value
    ORGANISATION = contract.EntityType.ORGANISATION.value


class Entity(models.Model):
    """Someone or something a person mentions: 'my sister Jane', 'Austin'."""

    Type = EntityType

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="entities")
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="entities")
    type = models.CharField(max_length=16, choices=Type.choices)
    name = models.CharField(max_length=200)
    attributes = models.JSONField(default=dict, blank=True)
    relationship = models.CharField(max_length=200, blank=True, help_text='e.g. "user\'s sister"')
    first_mentioned_at = models.DateTimeField()
    last_mentioned_at = models.DateTimeField()
    mention_count = models.PositiveIntegerField(default=1)

    class Meta:
        verbose_name_plural = "entities"
        constraints = [
            models.UniqueConstraint(
                "community", "owner", "type", models.functions.Lower("name"), name="entity_unique_per_owner_type_name"
            ),
            models.CheckConstraint(condition=Q(type__in=EntityType.values), name="entity_type_valid"),
            models.CheckConstraint(condition=~Q(name=""), name="entity_name_not_empty"),
            models.CheckConstraint(condition=Q(mention_count__gte=1), name="entity_mentioned_at_least_once"),
            models.CheckConstraint(
                condition=Q(last_mentioned_at__gte=F("first_mentioned_at")), name="entity_last_after_first_mention"
            ),
        ]
        indexes = [models.Index(fields=["community", "owner", "-last_mentioned_at"], name="entity_owner_recent_idx")]

    def __str__(self) -> str:
        return f"{self.name} ({self.type})"


RECALL_PACK_LINES = 256  # a pack's lines: about 400 kB of vectors and words, rewritten whole


class RecallEntry(models.Model):
    """A person's own line, made searchable for recall over the conversation itself (the episodic
    layer): like Letta's recall memory and Zep's episodes beside the facts.

    One per message, written by ``memories.services.recall`` only: never a persona's or bot's line,
    never one said with memory off. The text stays on the message (an edit or a redaction of it is
    what recall shows); the entry holds what ranking needs. A line taken out of recall (by the
    person, or with a memory deleted or marked wrong that came from it) keeps its entry as a
    tombstone without vector or words (``removed_at``), so that extracting its window again never
    brings it back. ``private``: said in a person's own web chat, recalled only in their web chats.
    """

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="recall_entries")
    message = models.OneToOneField(Message, on_delete=models.CASCADE, related_name="recall_entry")
    # The line it answered, when that was a question put to the person just before it.
    answered = models.ForeignKey(Message, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    said_at = models.DateTimeField()
    private = models.BooleanField(default=False)
    embedding = VectorField(dimensions=settings.MEMORYHUB_EMBEDDING_DIMENSIONS, null=True, blank=True)
    embedding_model = models.CharField(max_length=100, blank=True)
    search_vector = SearchVectorField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(null=True, blank=True, help_text="Taken out of recall: a tombstone.")

    class Meta:
        verbose_name_plural = "recall entries"
        constraints = [
            models.CheckConstraint(
                condition=Q(embedding__isnull=True) | ~Q(embedding_model=""), name="recall_embedding_has_model"
            ),
            models.CheckConstraint(
                condition=Q(removed_at__isnull=True) | (Q(embedding__isnull=True) & Q(search_vector__isnull=True)),
                name="recall_removed_keeps_nothing",
            ),
        ]
        indexes = [
            # One person's live lines, newest first: recall ranks them without reading anyone else's.
            models.Index(
                fields=["community", "user", "-said_at"],
                condition=Q(removed_at__isnull=True),
                name="recall_user_recent_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"line {self.message_id} of {self.user_id}"


class RecallPack(models.Model):
    """Up to ``RECALL_PACK_LINES`` of a person's live recall entries in a community, side by side in
    arrays (one element per entry, in the same order): what ranking reads of them, kept together.

    A person's lines are written over months, so their ``RecallEntry`` rows lie on as many heap
    pages as they have lines, and ranking them read each page (about 230 scattered page reads for a
    person, most of a cold ``/context``). A pack keeps them on a few consecutive TOAST pages, as a
    covering index would if a B-tree could hold a vector beside a line's words. Derived from the
    entries and written only by ``memories.services.recall``, in the same transaction as the
    entries it packs: a line taken out of recall leaves its pack at once. ``segment`` numbers a
    person's packs; new lines go to the last one until it is full. What only the chosen few lines
    need (the question a line answered, which another person's erasure may unlink) stays on the
    entry.
    """

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    segment = models.PositiveIntegerField()
    entry_ids = ArrayField(models.BigIntegerField())
    message_ids = ArrayField(models.BigIntegerField())
    said_ats = ArrayField(models.DateTimeField())
    private = ArrayField(models.BooleanField())
    embeddings = ArrayField(VectorField(dimensions=settings.MEMORYHUB_EMBEDDING_DIMENSIONS, null=True))
    embedding_models = ArrayField(models.CharField(max_length=100))
    search_vectors = ArrayField(SearchVectorField(null=True))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["community", "user", "segment"], name="recall_pack_segment_unique"),
            models.CheckConstraint(
                condition=Q(entry_ids__len__gte=1) & Q(entry_ids__len__lte=RECALL_PACK_LINES),
                name="recall_pack_holds_lines",
            ),
        ]

    def __str__(self) -> str:
        return f"pack {self.segment} of {self.user_id}"
