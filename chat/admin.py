"""Admin for personas, channels, sessions, conversation windows and messages."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from accounts.models import Community
from chat.models import Channel, ChatSession, ConversationWindow, Message, Persona


@admin.register(Persona)
class PersonaAdmin(admin.ModelAdmin):
    list_display = ("name", "community", "is_active", "use_memory", "injection_mode", "extraction_mode", "created_at")
    list_filter = ("community", "is_active", "use_memory", "injection_mode", "extraction_mode", "created_at")
    search_fields = ("name", "description", "community__name")
    list_select_related = ("community",)
    autocomplete_fields = ("community",)
    readonly_fields = ("created_at",)
    fieldsets = (
        (None, {"fields": ("community", "name", "description", "system_prompt", "is_active", "created_at")}),
        (
            "Memory",
            {
                "fields": (
                    "use_memory",
                    "injection_mode",
                    "extraction_mode",
                    "extraction_interval",
                    "max_memory_context",
                    "max_memory_tokens",
                    "search_threshold",
                    "use_recall",
                    "max_recall_excerpts",
                    "context_window_tokens",
                    "reply_reserve_tokens",
                    "memory_prefix_template",
                    "memory_suffix_template",
                    "memory_format_template",
                )
            },
        ),
    )


@admin.register(Channel)
class ChannelAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "community", "external_id", "created_at")
    list_filter = ("kind", "community", "created_at")
    search_fields = ("name", "external_id", "community__name")
    list_select_related = ("community",)
    autocomplete_fields = ("community",)
    readonly_fields = ("created_at",)


@admin.register(ChatSession)
class ChatSessionAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "user",
        "persona",
        "channel",
        "community",
        "started_at",
        "last_message_at",
        "ended_at",
        "message_count",
    )
    list_filter = ("channel__community", ("ended_at", admin.EmptyFieldListFilter), "started_at")
    search_fields = (
        "user__username",
        "user__display_name",
        "persona__name",
        "channel__name",
        "working_summary",
        "final_summary",
    )
    list_select_related = ("user", "persona", "channel__community")
    autocomplete_fields = ("user", "persona", "channel")
    # Kept up to date by the chat services as messages arrive; hand edits would desynchronise them.
    readonly_fields = ("started_at", "last_message_at", "ended_at", "message_count", "working_summary_message_count")
    date_hierarchy = "started_at"

    @admin.display(ordering="channel__community__name")
    def community(self, session: ChatSession) -> Community:
        return session.channel.community


@admin.register(ConversationWindow)
class ConversationWindowAdmin(admin.ModelAdmin):
    """Read-only: windows are opened by ingestion and moved along by extraction.

    Their state, close reason and timestamps are tied together by check constraints, so a hand
    edit of one of them would fail in the database rather than help.
    """

    list_display = (
        "id",
        "channel",
        "community",
        "state",
        "close_reason",
        "message_count",
        "first_message_at",
        "last_message_at",
        "closed_at",
        "attempts",
        "operations_applied",
    )
    list_filter = ("state", "close_reason", "channel__community", "closed_at", "extracted_at")
    search_fields = ("channel__name", "channel__external_id", "last_error")
    list_select_related = ("channel__community",)
    date_hierarchy = "last_message_at"

    @admin.display(ordering="channel__community__name")
    def community(self, window: ConversationWindow) -> Community:
        return window.channel.community

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    list_display = ("short_content", "role", "author", "persona", "channel", "community", "created_at")
    list_filter = ("role", "channel__community", "created_at")
    search_fields = ("content", "external_id", "author__username", "author__display_name")
    list_select_related = ("author", "persona", "channel__community")
    autocomplete_fields = ("channel", "author", "persona")
    raw_id_fields = ("session", "window")
    readonly_fields = ("received_at",)
    date_hierarchy = "created_at"
    # Counting every message of a busy install on each page is slow and tells nobody anything.
    show_full_result_count = False

    @admin.display(description="content")
    def short_content(self, message: Message) -> str:
        return message.content[:80]

    @admin.display(ordering="channel__community__name")
    def community(self, message: Message) -> Community:
        return message.channel.community
