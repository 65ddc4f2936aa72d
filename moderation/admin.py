"""The staff's actions in the Django admin that run a workflow: retry a failed window, forget a
person in a community, erase a person. They go through the same services as the moderation pages
and the person's own requests, so the admin can break no promise those keep.

The models' admins live in their apps (accounts, chat); this app sits above the privacy and
memory services those actions need, so it extends those admins with the actions here.
"""

from __future__ import annotations

import json
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import path, reverse
from django.utils.html import format_html_join
from django.utils.http import content_disposition_header

from accounts.admin import ProfileAdmin, UserAdmin
from accounts.models import AuditEventActorKind, ErasureRequestVia, Profile, User
from chat.admin import ConversationWindowAdmin
from chat.models import ConversationWindow, Message
from memories.models import Memory
from memories.services.profiles import ProfileMemoryOffError, profile_summary_edit
from moderation.services import window_moderate_retry
from privacy.services.erasure import ErasureError, user_erase
from privacy.services.export import user_export
from privacy.services.forget import user_forget, user_remember

for model in (User, Profile, ConversationWindow):
    admin.site.unregister(model)


@admin.register(User)
class PersonAdmin(UserAdmin):
    actions = ("erase_selected",)
    readonly_fields = ("held", *UserAdmin.readonly_fields)  # type: ignore[assignment]
    fieldsets = ((None, {"fields": ("held",)}), *UserAdmin.fieldsets)  # type: ignore[assignment]

    @admin.display(description="What is held about them")
    def held(self, person: User) -> str:
        if person.pk is None:
            return "-"
        links = [
            (
                reverse("admin:memories_memory_changelist") + f"?user__id__exact={person.pk}",
                f"{Memory.objects.filter(user=person).count()} memories",
            ),
            (
                reverse("admin:chat_message_changelist") + f"?author__id__exact={person.pk}",
                f"{Message.objects.filter(author=person).count()} messages",
            ),
            (reverse("admin:accounts_profile_changelist") + f"?user__id__exact={person.pk}", "profiles"),
            (reverse("admin:accounts_user_export", args=[person.pk]), "export (JSON)"),
        ]
        return format_html_join(" · ", '<a href="{}">{}</a>', links)

    def get_urls(self) -> list[Any]:
        export = path("<int:pk>/export/", self.admin_site.admin_view(self.export_view), name="accounts_user_export")
        return [export, *super().get_urls()]

    def export_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Everything stored about the person, as their own export gives it."""
        person = self.get_object(request, str(pk))
        if person is None or not self.has_view_permission(request, person):
            raise Http404("No such person.")
        document = json.dumps(user_export(user=person), cls=DjangoJSONEncoder, ensure_ascii=False)
        response = HttpResponse(document, content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = content_disposition_header(True, f"memoryhub-export-{person.pk}.json") or ""
        return response

    @admin.action(description="Erase the selected people everywhere (cannot be undone)", permissions=["delete"])
    def erase_selected(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        erased = 0
        for person in queryset.filter(is_staff=False, is_superuser=False):
            try:
                user_erase(user=person, via=ErasureRequestVia.MODERATOR, requested_by=cast(User, request.user))
            except ErasureError as error:
                self.message_user(request, f"{person} was not erased: {error}", messages.ERROR)
            else:
                erased += 1
        skipped = queryset.filter(is_staff=True).count() + queryset.filter(is_staff=False, is_superuser=True).count()
        note = f" Staff accounts are not erased here ({skipped} left)." if skipped else ""
        self.message_user(request, f"Erased {erased} people, each with an erasure request.{note}", messages.SUCCESS)

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # deleting would skip the erasure's redaction and tombstone
        return actions


@admin.register(Profile)
class PersonProfileAdmin(ProfileAdmin):
    """The switch moves only through forget and remember (an edit of it would keep the memories
    of someone who opted out); the paragraph only through the service that refuses it then."""

    actions = ("forget_selected", "remember_selected")
    readonly_fields = ("memory_enabled", *ProfileAdmin.readonly_fields)  # type: ignore[assignment]

    def save_model(self, request: HttpRequest, obj: Profile, form: forms.ModelForm, change: bool) -> None:
        summary = obj.summary
        if change and "summary" in form.changed_data:
            obj.summary = Profile.objects.get(pk=obj.pk).summary  # the service writes it, or refuses
        super().save_model(request, obj, form, change)
        if change and "summary" in form.changed_data:
            try:
                profile_summary_edit(user=obj.user, community=obj.community, summary=summary)
            except ProfileMemoryOffError as error:
                self.message_user(request, str(error).replace("for you", "for them"), messages.ERROR)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # without its row a person's switch reads "on": an opt-out must not vanish so

    @admin.action(description="Forget them in that community (memory off, memories deleted)", permissions=["change"])
    def forget_selected(self, request: HttpRequest, queryset: QuerySet[Profile]) -> None:
        deleted = 0
        for profile in queryset.select_related("user", "community"):
            result = user_forget(
                community=profile.community,
                user=profile.user,
                actor_kind=AuditEventActorKind.MODERATOR,
                actor=cast(User, request.user),
            )
            deleted += result.memories_deleted
        self.message_user(request, f"Forgot {queryset.count()} people: {deleted} memories deleted.", messages.SUCCESS)

    @admin.action(description="Turn their memory back on", permissions=["change"])
    def remember_selected(self, request: HttpRequest, queryset: QuerySet[Profile]) -> None:
        for profile in queryset.select_related("user", "community"):
            user_remember(
                community=profile.community,
                user=profile.user,
                actor_kind=AuditEventActorKind.MODERATOR,
                actor=cast(User, request.user),
            )
        self.message_user(request, f"Memory is on again for {queryset.count()} people.", messages.SUCCESS)


@admin.register(ConversationWindow)
class RetryingWindowAdmin(ConversationWindowAdmin):
    actions = ("retry_selected",)

    @admin.action(description="Retry the selected failed windows", permissions=["view"])
    def retry_selected(self, request: HttpRequest, queryset: QuerySet[ConversationWindow]) -> None:
        retried = sum(window_moderate_retry(window=window, moderator=cast(User, request.user)) for window in queryset)
        self.message_user(request, f"{retried} failed window(s) queued again; others were left.", messages.SUCCESS)
