"""Admin for people, communities, keys and privacy records.

Changelists name their related rows through ``list_select_related`` (one query per page, not one
per row) and foreign keys to people use autocomplete widgets, so no form loads the user table.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.models import (
    ApiKey,
    ApiKeyScope,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Membership,
    MemoryOffInterval,
    Profile,
    User,
)
from accounts.services import apikey_create, apikeys_revoke, community_memory_enabled_set, membership_set
from core.readonly_admin import ReadOnlyModelAdmin


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (
        (None, {"fields": ("username", "password")}),
        ("Personal info", {"fields": ("display_name", "first_name", "last_name", "email")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
        ("Important dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("username", "display_name", "usable_password", "password1", "password2"),
            },
        ),
    )
    list_display = ("username", "display_name", "email", "is_staff", "is_active", "date_joined", "last_login")
    list_filter = ("is_staff", "is_superuser", "is_active", "memberships__community", "date_joined")
    # A moderator often knows someone only by their Discord id or name there.
    search_fields = (
        "username",
        "display_name",
        "email",
        "first_name",
        "last_name",
        "identities__external_id",
        "identities__display_name",
    )
    readonly_fields = ("last_login", "date_joined")
    date_hierarchy = "date_joined"


@admin.register(Community)
class CommunityAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "memory_enabled", "extraction_rate", "max_memories_per_user", "created_at")
    list_filter = ("memory_enabled", "created_at")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    readonly_fields = ("created_at",)

    def save_model(self, request: HttpRequest, obj: Community, form: forms.ModelForm, change: bool) -> None:
        """The memory switch moves through its service, which keeps the on/off history that
        decides what said meanwhile is remembered (``accounts.services.community_memory_enabled_set``)."""
        enabled = obj.memory_enabled
        if not change:
            obj.memory_enabled = True
        elif "memory_enabled" in form.changed_data:
            obj.memory_enabled = not enabled
        super().save_model(request, obj, form, change)
        community_memory_enabled_set(community=obj, enabled=enabled)

    fieldsets = (
        (None, {"fields": ("name", "slug", "created_at")}),
        (
            "Memory",
            {
                "fields": (
                    "memory_enabled",
                    "extraction_rate",
                    "window_quiet_seconds",
                    "window_max_messages",
                    "window_max_seconds",
                    "max_memories_per_user",
                    "max_operations_per_user",
                    "max_operations_per_window",
                    "working_summary_interval",
                    "session_idle_minutes",
                )
            },
        ),
        (
            "Retrieval ranking",
            {
                "fields": (
                    "weight_similarity",
                    "weight_lexical",
                    "weight_context",
                    "weight_recency",
                    "weight_importance",
                    "weight_frequency",
                    "recency_half_life_days",
                )
            },
        ),
    )


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "community", "role", "joined_at")
    list_filter = ("role", "community", "joined_at")
    search_fields = ("user__username", "user__display_name", "community__name")
    list_select_related = ("user", "community")
    autocomplete_fields = ("user", "community")
    readonly_fields = ("joined_at",)

    def get_readonly_fields(self, request: HttpRequest, obj: Membership | None = None) -> tuple[str, ...]:
        # Moving a membership to another person or community would be a different membership.
        if obj is not None:
            return ("user", "community", "joined_at")
        return ("joined_at",)

    def save_model(self, request: HttpRequest, obj: Membership, form: forms.ModelForm, change: bool) -> None:
        # Through the service, so every member also gets their profile in the community.
        saved = membership_set(user=obj.user, community=obj.community, role=obj.role)
        obj.pk = saved.pk
        obj.joined_at = saved.joined_at


@admin.register(ExternalIdentity)
class ExternalIdentityAdmin(admin.ModelAdmin):
    list_display = ("external_id", "display_name", "user", "community", "created_at")
    list_filter = ("community", "created_at")
    search_fields = ("external_id", "display_name", "user__username", "user__display_name")
    list_select_related = ("user", "community")
    autocomplete_fields = ("user", "community")
    readonly_fields = ("created_at",)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "community", "memory_enabled", "semantic_refreshed_at", "updated_at")
    list_filter = ("memory_enabled", "community", "semantic_refreshed_at", "updated_at")
    search_fields = ("user__username", "user__display_name", "summary", "personality")
    list_select_related = ("user", "community")
    autocomplete_fields = ("user", "community")
    readonly_fields = ("semantic_refreshed_at", "updated_at")


class ApiKeyForm(forms.ModelForm):
    # Check boxes instead of the comma-separated text an ArrayField gets by default.
    scopes = forms.MultipleChoiceField(choices=ApiKeyScope.choices, widget=forms.CheckboxSelectMultiple)

    class Meta:
        model = ApiKey
        fields = ("community", "name", "scopes")


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    form = ApiKeyForm
    list_display = (
        "name",
        "prefix",
        "community",
        "scope_list",
        "created_by",
        "created_at",
        "last_used_at",
        "revoked_at",
    )
    list_filter = ("community", ("revoked_at", admin.EmptyFieldListFilter), "created_at", "last_used_at")
    search_fields = ("name", "prefix", "community__name")
    list_select_related = ("community", "created_by")
    autocomplete_fields = ("community",)
    readonly_fields = ("prefix", "hashed_key", "created_by", "created_at", "last_used_at", "revoked_at")
    actions = ("revoke_selected",)

    def get_readonly_fields(self, request: HttpRequest, obj: ApiKey | None = None) -> tuple[str, ...]:
        if obj is not None:
            return ("community", *self.readonly_fields)
        return self.readonly_fields

    def save_model(self, request: HttpRequest, obj: ApiKey, form: forms.ModelForm, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        # Only the service makes keys: it draws the secret and stores nothing but its hash.
        api_key, plaintext = apikey_create(
            community=obj.community, name=obj.name, scopes=obj.scopes, created_by=cast(User, request.user)
        )
        obj.pk = api_key.pk
        obj.prefix = api_key.prefix
        obj.hashed_key = api_key.hashed_key
        obj.created_by = api_key.created_by
        obj.created_at = api_key.created_at
        messages.success(request, f"The new key is {plaintext} — copy it now, it will not be shown again.")

    @admin.display(description="scopes")
    def scope_list(self, api_key: ApiKey) -> str:
        return ", ".join(api_key.scopes)

    @admin.action(description="Revoke selected keys", permissions=["change"])
    def revoke_selected(self, request: HttpRequest, queryset: QuerySet[ApiKey]) -> None:
        revoked = apikeys_revoke(api_keys=queryset)
        self.message_user(request, f"Revoked {revoked} key(s).", messages.SUCCESS)


@admin.register(ErasureRequest)
class ErasureRequestAdmin(admin.ModelAdmin):
    """Read-only: erasures are requested and carried out by the erasure service, not by hand."""

    list_display = (
        "short_subject_hash",
        "community",
        "state",
        "requested_via",
        "requested_by",
        "created_at",
        "completed_at",
    )
    list_filter = ("state", "requested_via", "community", "created_at", "completed_at")
    search_fields = ("subject_hash", "error")
    list_select_related = ("community", "requested_by")
    date_hierarchy = "created_at"

    @admin.display(description="subject", ordering="subject_hash")
    def short_subject_hash(self, erasure: ErasureRequest) -> str:
        return erasure.subject_hash[:12]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(MemoryOffInterval)
class MemoryOffIntervalAdmin(ReadOnlyModelAdmin):
    """When memory was off, for a person (forget me) or a whole community: read-only, since it
    decides what said meanwhile is never remembered. Forget, remember and the community's switch
    write it."""

    list_display = ("community", "user", "started_at", "ended_at")
    list_filter = ("community", "started_at")
    search_fields = ("user__username", "user__display_name", "community__name", "community__slug")
    list_select_related = ("community", "user")
    date_hierarchy = "started_at"


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyModelAdmin):
    """Entirely read-only: an audit trail that can be edited is not one."""

    list_display = ("created_at", "action", "actor_kind", "actor", "community", "subject_hash")
    list_filter = ("actor_kind", "action", "community", "created_at")
    search_fields = ("action", "subject_hash", "actor__username")
    list_select_related = ("actor", "community")
    date_hierarchy = "created_at"
    show_full_result_count = False
