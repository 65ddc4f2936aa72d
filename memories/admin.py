"""Admin for memories, their revision history and the entities people mention."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db.models import BooleanField, ExpressionWrapper, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe

from accounts.services import MemoryOffError, memory_on_require
from core.readonly_admin import ReadOnlyModelAdmin
from memories.models import (
    Entity,
    Memory,
    MemoryRevision,
    MemoryRevisionAction,
    MemoryRevisionActor,
    MemorySource,
    RecallEntry,
)
from memories.services.memory import memories_delete_with_revisions, memory_create, memory_delete, memory_update


class EmbeddingListFilter(admin.SimpleListFilter):
    title = "embedding"
    parameter_name = "embedding"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        return [("set", "set"), ("missing", "missing")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Memory]) -> QuerySet[Memory]:
        if self.value() == "set":
            return queryset.filter(embedding__isnull=False)
        if self.value() == "missing":
            return queryset.filter(embedding__isnull=True)
        return queryset


class RevisionInline(admin.TabularInline):
    """The memory's history on its page, read-only: who changed what, and when."""

    model = MemoryRevision
    fk_name = "memory"
    fields = ("created_at", "action", "actor", "actor_user", "changed", "reason")
    readonly_fields = fields
    ordering = ("-created_at", "-pk")
    extra = 0
    can_delete = False
    show_change_link = False

    @admin.display(description="fields changed")
    def changed(self, revision: MemoryRevision) -> str:
        before, after = revision.before or {}, revision.after or {}
        return ", ".join(sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))) or "-"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Memory)
class MemoryAdmin(admin.ModelAdmin):
    list_display = (
        "short_content",
        "user",
        "community",
        "persona",
        "kind",
        "source",
        "importance_today",
        "embedding_set",
        "expires_at",
        "created_at",
    )
    list_filter = ("community", "kind", "source", "persona", EmbeddingListFilter, "created_at", "expires_at")
    search_fields = ("content", "context", "user__username", "user__display_name")
    list_select_related = ("user", "community", "persona")
    autocomplete_fields = ("community", "user", "persona", "reported_by")
    # Internals stay out of the form: the vector (384 floats nobody can read or type), the search
    # vector PostgreSQL computes, the raw ids of the source messages (shown as the messages).
    exclude = ("embedding", "search_vector", "source_messages")
    inlines = (RevisionInline,)
    readonly_fields = (
        "source_window",
        "sources",
        "embedding_set",
        "embedding_model",
        "importance_at",
        "access_count",
        "last_accessed_at",
        "created_at",
        "updated_at",
    )
    fieldsets = (
        (None, {"fields": ("community", "user", "persona", "content", "kind", "topics", "importance", "expires_at")}),
        ("Provenance", {"fields": ("source", "reported_by", "context", "source_window", "sources")}),
        (
            "Retrieval",
            {
                "fields": (
                    "embedding_set",
                    "embedding_model",
                    "importance_at",
                    "access_count",
                    "last_accessed_at",
                    "created_at",
                    "updated_at",
                )
            },
        ),
    )
    date_hierarchy = "created_at"
    show_full_result_count = False

    @admin.display(description="importance", ordering="importance")
    def importance_today(self, memory: Memory) -> str:
        return f"{memory.importance_now:.2f}"

    def get_object(self, request: HttpRequest, object_id: str, from_field: str | None = None) -> Memory | None:
        memory = super().get_object(request, object_id, from_field)
        if memory is not None:
            memory.importance = memory.importance_now  # the form shows and compares today's value
        return memory

    def get_form(self, request: HttpRequest, obj: Memory | None = None, change: bool = False, **kwargs: Any) -> Any:
        form = super().get_form(request, obj, change=change, **kwargs)

        class OptOutRespectingForm(form):  # type: ignore[valid-type, misc]
            """A person who turned memory off is not written about, by moderators either."""

            def clean(self) -> dict[str, Any]:
                cleaned: dict[str, Any] = super().clean()
                user = cleaned.get("user") or (obj.user if obj else None)
                community = cleaned.get("community") or (obj.community if obj else None)
                if user is not None and community is not None:
                    try:
                        memory_on_require(user_id=user.pk, community_id=community.pk)
                    except MemoryOffError as error:
                        raise ValidationError(str(error)) from error
                return cleaned

        return OptOutRespectingForm

    # Moderators' changes go through the memory services, so each one is in the history with
    # its author, and changed content gets a new vector.
    def save_model(self, request: HttpRequest, obj: Memory, form: Any, change: bool) -> None:
        editable = ("content", "kind", "topics", "importance", "expires_at", "persona", "reported_by", "context")
        changes: dict[str, Any] = {name: getattr(obj, name) for name in form.changed_data if name in editable}
        if change:
            memory_update(
                memory=Memory.objects.get(pk=obj.pk),
                actor=MemoryRevisionActor.MODERATOR,
                action=MemoryRevisionAction.MODERATOR_EDIT,
                actor_user=request.user,  # type: ignore[arg-type]
                reason="edited in the admin",
                **changes,
            )
            return
        created = memory_create(
            community=obj.community,
            user=obj.user,
            persona=obj.persona,
            content=obj.content,
            kind=obj.kind,
            topics=obj.topics,
            importance=obj.importance,
            expires_at=obj.expires_at,
            source=MemorySource.MODERATOR,
            reported_by=obj.reported_by,
            context=obj.context,
            actor=MemoryRevisionActor.MODERATOR,
            actor_user=request.user,  # type: ignore[arg-type]
            reason="added in the admin",
        )
        obj.pk = created.pk  # the admin saves the many-to-many fields on this instance next
        obj._state.adding = False

    def delete_model(self, request: HttpRequest, obj: Memory) -> None:
        memory_delete(
            memory=obj,
            actor=MemoryRevisionActor.MODERATOR,
            action=MemoryRevisionAction.MODERATOR_DELETE,
            actor_user=request.user,  # type: ignore[arg-type]
            reason="deleted in the admin",
        )

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Memory]) -> None:
        memories_delete_with_revisions(
            memories=queryset,
            action=MemoryRevisionAction.MODERATOR_DELETE,
            actor=MemoryRevisionActor.MODERATOR,
            actor_user=request.user,  # type: ignore[arg-type]
            reason="deleted in the admin",
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Memory]:
        # Leave the vectors in the database: pages need only whether one is there.
        return (
            super()
            .get_queryset(request)
            .defer("embedding")
            .annotate(has_embedding=ExpressionWrapper(Q(embedding__isnull=False), output_field=BooleanField()))
        )

    @admin.display(description="content")
    @admin.display(description="learned from")
    def sources(self, memory: Memory) -> str:
        """The messages the memory was made from, as people read them (its provenance)."""
        if memory.pk is None:
            return "-"
        messages = memory.source_messages.select_related("author", "persona").order_by("created_at", "pk")
        return (
            format_html_join(
                mark_safe("<br>"),
                "[{}] {}: {}",
                (
                    (
                        f"{message.created_at:%Y-%m-%d %H:%M:%S}",
                        (message.author.display_name or message.author.username)
                        if message.author
                        else (message.persona.name if message.persona else "bot"),
                        message.content,
                    )
                    for message in messages
                ),
            )
            or "-"
        )

    def short_content(self, memory: Memory) -> str:
        return memory.content[:80]

    @admin.display(description="embedding", boolean=True, ordering="has_embedding")
    def embedding_set(self, memory: Memory) -> bool:
        # A memory being added has no annotation, and no embedding either.
        return getattr(memory, "has_embedding", False)


@admin.register(MemoryRevision)
class MemoryRevisionAdmin(ReadOnlyModelAdmin):
    """Entirely read-only: the history moderators read must be the history that happened."""

    list_display = ("created_at", "memory_ref", "action", "actor", "actor_user", "subject", "community", "reason")
    list_filter = ("action", "actor", "community", "created_at")
    search_fields = ("memory_ref__exact", "reason", "subject__username", "subject__display_name")
    list_select_related = ("actor_user", "subject", "community")
    date_hierarchy = "created_at"
    show_full_result_count = False


@admin.register(Entity)
class EntityAdmin(admin.ModelAdmin):
    list_display = ("name", "type", "relationship", "owner", "community", "mention_count", "last_mentioned_at")
    list_filter = ("type", "community", "last_mentioned_at")
    search_fields = ("name", "relationship", "owner__username", "owner__display_name")
    list_select_related = ("owner", "community")
    autocomplete_fields = ("community", "owner")
    # Entities come from extraction, which keeps the mention bookkeeping.
    readonly_fields = ("first_mentioned_at", "last_mentioned_at", "mention_count")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RecallEntry)
class RecallEntryAdmin(ReadOnlyModelAdmin):
    """A person's line as recall has it: read-only, written by the recall services (a tombstone,
    ``removed_at``, is a line taken out that extraction must not bring back)."""

    list_display = ("said_at", "user", "community", "line", "private", "removed_at")
    list_filter = ("community", "private", "said_at")
    search_fields = ("user__username", "user__display_name", "message__content")
    list_select_related = ("user", "community", "message")
    date_hierarchy = "said_at"
    show_full_result_count = False
    exclude = ("embedding", "search_vector")

    @admin.display(description="line")
    def line(self, entry: RecallEntry) -> str:
        return entry.message.content[:120]
