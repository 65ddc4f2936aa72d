"""The moderator dashboard (/moderation/): community moderators review, correct and delete what
the bots remember, with its history. Every page starts from the communities the signed-in person
moderates (``moderation.selectors``); every change goes through the memory services, so the
vector, the revision (actor: moderator) and the profile follow.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import AuditEventActorKind, Community, ErasureRequestVia, User
from accounts.services import MemoryOffError
from accounts.web import signed_in
from chat.models import ConversationWindowState
from core.htmx import HtmxHttpRequest, page_gone, page_notice
from memories.forms import ProfileSummaryForm
from memories.selectors.shown import memory_revisions
from memories.services.extraction import window_prompt
from memories.services.profiles import ProfileMemoryOffError
from moderation.forms import BulkForm, MemoryFilterForm, ModeratorMemoryForm, PersonEraseForm
from moderation.selectors import (
    audit_events_for_moderation,
    communities_moderated,
    community_get_for_moderator,
    community_overview,
    erasure_requests_for_moderation,
    memories_for_moderation,
    memory_cursor,
    memory_filter_choices,
    memory_get_for_moderator,
    memory_history_get,
    memory_source_messages,
    people_for_moderation,
    person_get_for_moderator,
    person_overview,
    revision_rows,
    window_counts,
    window_get_for_moderator,
    window_operations,
    window_replies_explained,
    windows_for_moderation,
)
from moderation.services import (
    memories_moderate_bulk,
    memory_moderate_delete,
    memory_moderate_edit,
    person_moderate_export,
    profile_moderate_edit,
    window_moderate_retry,
)
from privacy.services.erasure import erasure_takes_account, user_erase
from privacy.services.forget import user_forget, user_remember

PAGE_SIZE = 50


@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    communities = list(communities_moderated(user=signed_in(request)))
    if not communities:
        raise PermissionDenied("You moderate no community.")
    return render(request, "moderation/index.html", {"communities": communities, "nav": "moderation"})


@login_required
@require_GET
def overview(request: HttpRequest, community_id: int) -> HttpResponse:
    """A community at a glance: charts drawn on the server (SVG), no script and no CDN."""
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    now = timezone.now()
    overview = community_overview(community=community, now=now)
    # The alert: failed windows (their count is in overview["windows"]) or extraction lagging.
    waited = (now - overview["waiting_since"]).total_seconds() if overview["waiting_since"] else 0.0
    lagging = waited > settings.MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS
    return render(
        request,
        "moderation/overview.html",
        {
            "community": community,
            "nav": "moderation",
            **overview,
            "lagging_minutes": int(waited // 60) if lagging else None,
            "lag_alert_minutes": max(1, settings.MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS // 60),
        },
    )


@login_required
@require_GET
def memory_list(request: HtmxHttpRequest, community_id: int) -> HttpResponse:
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    personas, channels = memory_filter_choices(community=community)
    form = MemoryFilterForm(request.GET, personas=personas, channels=channels)
    sort = form.chosen_sort()
    memories = memories_for_moderation(
        community=community,
        filters=form.filters(),
        now=timezone.now(),
        sort=sort,
        after=request.GET.get("after", "")[:100],
        limit=PAGE_SIZE + 1,  # one more tells whether there is a next page
    )
    query = request.GET.copy()
    query.pop("after", None)
    context: dict[str, Any] = {
        "community": community,
        "form": form,
        "memories": memories[:PAGE_SIZE],
        "next_after": memory_cursor(memories[PAGE_SIZE - 1], sort) if len(memories) > PAGE_SIZE else None,
        "filter_query": query.urlencode(),
        "bulk_actions": [BulkForm.NO_ACTION, *BulkForm.ACTIONS],
        "nav": "moderation",
    }
    if request.htmx and not request.htmx.boosted:
        return render(request, "moderation/_memory_rows.html", context)
    return render(request, "moderation/memories.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def memory_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    memory = memory_get_for_moderator(user=signed_in(request), pk=pk)
    if request.method == "GET" and "cancel" in request.GET:
        return render(request, "moderation/_memory_row.html", {"memory": memory})
    initial: dict[str, Any] = {
        "content": memory.content,
        "topics": ", ".join(memory.topics),
        "kind": memory.kind,
        "importance": memory.importance_now,
        "expires_at": memory.expires_at,
    }
    form = ModeratorMemoryForm(request.POST or None, initial=initial, prefix=f"memory-{memory.pk}")
    if request.method == "POST" and form.is_valid():
        try:
            memory = memory_moderate_edit(memory=memory, moderator=signed_in(request), **form.cleaned_data)
        except MemoryOffError:
            form.add_error(None, "This person turned memory off: nothing about them can be written.")
        else:
            response = render(request, "moderation/_memory_row.html", {"memory": memory, "changed": True})
            return page_notice(response, "Memory updated.")
    context = {"memory": memory, "form": form, "edit_view": "moderation-memory-edit"}
    return render(request, "memories/_memory_form.html", context)


@login_required
@require_POST
def memory_remove(request: HttpRequest, pk: int) -> HttpResponse:
    memory = memory_get_for_moderator(user=signed_in(request), pk=pk)
    memory_moderate_delete(memory=memory, moderator=signed_in(request))
    return page_gone("Memory deleted.")


@login_required
@require_GET
def memory_history(request: HttpRequest, pk: int) -> HttpResponse:
    """A memory's revisions and the messages it came from; a deleted memory keeps its history."""
    memory, community = memory_history_get(user=signed_in(request), memory_id=pk)
    revisions = revision_rows(memory_revisions(memory_id=pk, community=community))
    sources = memory_source_messages(memory=memory) if memory is not None else []
    return render(
        request,
        "moderation/history.html",
        {
            "memory": memory,
            "memory_id": pk,
            "community": community,
            "revisions": revisions,
            "sources": sources,
            "nav": "moderation",
        },
    )


@login_required
@require_GET
def window_list(request: HttpRequest, community_id: int) -> HttpResponse:
    """Extraction at a glance: windows by state, the failed ones with their error and a retry."""
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    return render(
        request,
        "moderation/windows.html",
        {
            "community": community,
            "counts": window_counts(community=community),
            "failed": windows_for_moderation(community=community, state=ConversationWindowState.FAILED),
            "done": windows_for_moderation(community=community, state=ConversationWindowState.DONE, limit=20),
            "nav": "moderation",
        },
    )


@login_required
@require_GET
def window_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A window's extraction prompt (as built now), what its extraction did, and what the persona's
    replies in it were given, and why."""
    window = window_get_for_moderator(user=signed_in(request), pk=pk)
    return render(
        request,
        "moderation/window.html",
        {
            "window": window,
            "community": window.channel.community,
            "prompt": window_prompt(window=window),
            "operations": list(window_operations(window=window)),
            "replies": window_replies_explained(window=window),
            "nav": "moderation",
        },
    )


@login_required
@require_POST
def window_retry_view(request: HttpRequest, pk: int) -> HttpResponse:
    window = window_get_for_moderator(user=signed_in(request), pk=pk)
    if window_moderate_retry(window=window, moderator=signed_in(request)):
        messages.success(request, f"Window {window.pk} is queued for extraction again.")
    else:
        messages.info(request, f"Window {window.pk} had not failed: nothing to retry.")
    return redirect("moderation-windows", community_id=window.channel.community_id)


@login_required
@require_GET
def people_list(request: HttpRequest, community_id: int) -> HttpResponse:
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    text = request.GET.get("q", "").strip()[:200]
    return render(
        request,
        "moderation/people.html",
        {
            "community": community,
            "people": people_for_moderation(community=community, text=text),
            "q": text,
            "nav": "moderation",
        },
    )


def _person(request: HttpRequest, community_id: int, pk: int) -> tuple[Community, User]:
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    return community, person_get_for_moderator(community=community, pk=pk)


@login_required
@require_GET
def person_detail(request: HttpRequest, community_id: int, pk: int) -> HttpResponse:
    """What the community knows of one person, and the privacy actions a moderator may take."""
    community, person = _person(request, community_id, pk)
    overview = person_overview(community=community, person=person, now=timezone.now())
    profile_form = ProfileSummaryForm(initial={"summary": overview.profile.summary if overview.profile else ""})
    profile_form.fields["summary"].label = "Profile"
    profile_form.fields["summary"].help_text = "One paragraph, as the bots are given it. Empty clears it."
    return render(
        request,
        "moderation/person.html",
        {"community": community, "overview": overview, "profile_form": profile_form, "nav": "moderation"},
    )


@login_required
@require_POST
def person_profile(request: HttpRequest, community_id: int, pk: int) -> HttpResponse:
    """Save a moderator's correction of the person's profile paragraph."""
    community, person = _person(request, community_id, pk)
    form = ProfileSummaryForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, f"The profile was not saved: {' '.join(str(e) for e in form.errors.get('summary', []))}"
        )
    else:
        try:
            profile_moderate_edit(
                community=community, person=person, moderator=signed_in(request), summary=form.cleaned_data["summary"]
            )
        except ProfileMemoryOffError:
            messages.error(request, f"Memory is off for {person}: no profile is kept about them.")
        else:
            messages.success(request, f"The profile of {person} is saved.")
    return redirect("moderation-person", community_id=community.pk, pk=person.pk)


@login_required
@require_POST
def person_memory(request: HttpRequest, community_id: int, pk: int) -> HttpResponse:
    """Turn the person's memory off (forget them here: their memories go) or back on."""
    community, person = _person(request, community_id, pk)
    if request.POST.get("on") == "1":
        user_remember(
            community=community, user=person, actor_kind=AuditEventActorKind.MODERATOR, actor=signed_in(request)
        )
        messages.success(request, f"Memory is on again for {person}.")
    else:
        result = user_forget(
            community=community, user=person, actor_kind=AuditEventActorKind.MODERATOR, actor=signed_in(request)
        )
        messages.success(
            request, f"{person} is forgotten here: {result.memories_deleted} memories deleted, memory off."
        )
    return redirect("moderation-person", community_id=community.pk, pk=person.pk)


@login_required
@require_GET
def person_export(request: HttpRequest, community_id: int, pk: int) -> HttpResponse:
    """Everything this community holds about the person, as the person's own export gives it."""
    community, person = _person(request, community_id, pk)
    export = person_moderate_export(community=community, person=person, moderator=signed_in(request))
    document = json.dumps(export, cls=DjangoJSONEncoder, ensure_ascii=False)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, f"memoryhub-export-{person.pk}.json") or ""
    return response


@login_required
@require_http_methods(["GET", "POST"])
def person_erase(request: HttpRequest, community_id: int, pk: int) -> HttpResponse:
    """Erase what the community holds about the person, and their account only when it is the
    community's alone (``user_erase`` decides), once confirmed."""
    community, person = _person(request, community_id, pk)
    form = PersonEraseForm(request.POST or None, expected=person.username)
    if request.method == "POST" and form.is_valid():
        request_row = user_erase(
            user=person, via=ErasureRequestVia.MODERATOR, requested_by=signed_in(request), community=community
        )
        what = (
            "their account went with it"
            if request_row.scope == "account"
            else f"only what {community} held about them; their account stays, left to staff"
        )
        messages.success(request, f"Erased: erasure request {request_row.pk} is {request_row.state} ({what}).")
        return redirect("moderation-people", community_id=community.pk)
    return render(
        request,
        "moderation/person_erase.html",
        {
            "community": community,
            "person": person,
            "form": form,
            "whole_account": erasure_takes_account(user=person, community=community),
            "nav": "moderation",
        },
    )


@login_required
@require_GET
def audit_log(request: HttpRequest, community_id: int) -> HttpResponse:
    """Every recorded action in the community, and its erasure requests: no erased words in either."""
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    return render(
        request,
        "moderation/audit.html",
        {
            "community": community,
            "events": audit_events_for_moderation(community=community),
            "erasures": erasure_requests_for_moderation(community=community),
            "nav": "moderation",
        },
    )


@login_required
@require_POST
def memory_bulk(request: HttpRequest, community_id: int) -> HttpResponse:
    """Delete the ticked memories, or set their importance or expiry; back to the same list."""
    community = community_get_for_moderator(user=signed_in(request), pk=community_id)
    form = BulkForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        changed = memories_moderate_bulk(
            community=community,
            moderator=signed_in(request),
            memory_ids=form.memory_ids(),
            action=data["action"],
            importance=data["importance"],
            expires_at=data["expires_at"],
        )
        messages.success(request, f"{changed} memor{'y' if changed == 1 else 'ies'} changed.")
    else:
        errors = "; ".join(
            " ".join(map(str, problems)) if field == NON_FIELD_ERRORS else f"{field}: {' '.join(map(str, problems))}"
            for field, problems in form.errors.items()
        )
        messages.error(request, f"Nothing changed: {errors}")
    back = request.POST.get("back", "")
    return redirect(back if back.startswith("/moderation/") else reverse("moderation-memories", args=[community.pk]))
