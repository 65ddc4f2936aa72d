"""The person's "My data" pages (/me/): what is remembered about them across the apps, and the
privacy workflows (forget me, export, erasure) that stand above those apps.

Every read starts from the person signed in: another person's memory, profile or community is
a 404, by page, fragment or form post. One memory's edit and delete live in ``memories.views``.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.models import AuditEventActorKind, Community, ErasureRequestVia, User
from accounts.web import signed_in
from chat.models import Persona
from core.htmx import HtmxHttpRequest, page_notice
from memories.forms import EraseAccountForm, MyMemoryFilterForm, ProfileSummaryForm
from memories.selectors.mine import (
    NO_PERSONA,
    communities_for_person,
    community_get_for_person,
    entities_for_person,
    memories_for_person,
    memory_groups_for_person,
    memory_topics_for_person,
    personas_for_memory_filter,
    profiles_for_person,
    recall_lines_for_person,
    remembered_counts_for_person,
    sessions_for_person,
)
from memories.selectors.people import person_display_name
from memories.services.profiles import ProfileMemoryOffError, profile_summary_edit
from privacy.services.erasure import UserAlreadyErasedError, user_erase
from privacy.services.export import user_export
from privacy.services.forget import user_forget, user_remember

MEMORIES_PER_PAGE = 50
ENTITIES_SHOWN = 100
SESSIONS_SHOWN = 50
RECALLED_SHOWN = 10  # a community's newest lines recall may bring up, each with "Take out of recall"
MEMORY_LIST_ID = "memory-results"  # the element the filter form and the page links swap
ERASED_SESSION_KEY = "memoryhub_erased"


def _back_to(community: Community) -> HttpResponse:
    return redirect(f"{reverse('me')}#community-{community.pk}")


# --- My data ------------------------------------------------------------------------------------


def _memory_list(request: HttpRequest, user: User, communities: list[Community]) -> dict[str, Any]:
    """The filter form and the page of memories it selects: the same number of queries for any page."""
    now = timezone.now()
    personas = list(personas_for_memory_filter(user=user))
    form = MyMemoryFilterForm(
        request.GET,
        communities=communities,
        personas=personas,
        topics=memory_topics_for_person(user=user, now=now),
        no_persona=NO_PERSONA,
    )
    form.is_valid()  # a value no longer offered (an expired topic) is left out; the others apply
    chosen = form.cleaned_data
    persona: Persona | str | None = None
    if chosen.get("persona") == NO_PERSONA:
        persona = NO_PERSONA
    elif chosen.get("persona"):
        persona = next((p for p in personas if str(p.pk) == chosen["persona"]), None)
    memories = memories_for_person(
        user=user,
        now=now,
        text=chosen.get("q") or "",
        community=next((c for c in communities if c.pk == chosen.get("community")), None),
        persona=persona,
        kind=chosen.get("kind") or "",
        topic=chosen.get("topic") or "",
        sort=chosen.get("sort") or "newest",
    )
    page = Paginator(memories, MEMORIES_PER_PAGE).get_page(request.GET.get("page"))
    filtered = any(chosen.get(name) for name in ("q", "community", "persona", "kind", "topic"))
    return {"filter_form": form, "page": page, "filtered": filtered, "list_id": MEMORY_LIST_ID}


@login_required
@require_GET
def me(request: HtmxHttpRequest) -> HttpResponse:
    """Everything remembered about the person; the memory list alone for the filter form's requests."""
    user = signed_in(request)
    communities = list(communities_for_person(user=user))
    memory_list = _memory_list(request, user, communities)
    if request.htmx and request.htmx.target == MEMORY_LIST_ID:
        return render(request, "me/_memories.html", memory_list)
    profiles = profiles_for_person(user=user)
    groups = memory_groups_for_person(user=user, now=timezone.now())
    recalled = recall_lines_for_person(user=user, per_community=RECALLED_SHOWN)
    cards = [
        {
            "community": community,
            "profile": profiles.get(community.pk),
            "memory_on": community.pk not in profiles or profiles[community.pk].memory_enabled,
            "memory_count": sum(group.count for group in groups if group.community_id == community.pk),
            "recalled": recalled.get(community.pk, []),
        }
        for community in communities
    ]
    entities = list(entities_for_person(user=user)[: ENTITIES_SHOWN + 1])
    sessions = list(sessions_for_person(user=user)[: SESSIONS_SHOWN + 1])
    return render(
        request,
        "me/index.html",
        {
            "nav": "me",
            "cards": cards,
            "groups": groups,
            "no_persona": NO_PERSONA,
            "entities": entities[:ENTITIES_SHOWN],
            "more_entities": len(entities) > ENTITIES_SHOWN,
            "sessions": sessions[:SESSIONS_SHOWN],
            "more_sessions": len(sessions) > SESSIONS_SHOWN,
            **memory_list,
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def profile_edit(request: HtmxHttpRequest, community_id: int) -> HttpResponse:
    """The person's profile paragraph in one community: shown, edited in place, or on its own page."""
    user = signed_in(request)
    community = community_get_for_person(user=user, pk=community_id)
    profile = profiles_for_person(user=user).get(community.pk)
    if request.method == "GET" and "cancel" in request.GET:
        return render(request, "me/_profile.html", {"community": community, "profile": profile})
    called = person_display_name(community=community, user=user)
    form = ProfileSummaryForm(
        request.POST or None, initial={"name": called, "summary": profile.summary if profile else ""}
    )
    if request.method == "POST" and form.is_valid():
        try:
            profile = profile_summary_edit(
                user=user, community=community, summary=form.cleaned_data["summary"], name=form.cleaned_data["name"]
            )
        except ProfileMemoryOffError as error:
            form.add_error(None, str(error))
        else:
            if request.htmx:
                response = render(request, "me/_profile.html", {"community": community, "profile": profile})
                return page_notice(response, "Profile saved.")
            messages.success(request, f"Your profile in {community.name} is saved.")
            return _back_to(community)
    context = {"nav": "me", "community": community, "profile": profile, "form": form}
    return render(request, "me/_profile_form.html" if request.htmx else "me/profile_edit.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def community_forget(request: HtmxHttpRequest, community_id: int) -> HttpResponse:
    """Forget me in one community: a confirmation first, then memory off and what it held deleted."""
    user = signed_in(request)
    community = community_get_for_person(user=user, pk=community_id)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        result = user_forget(community=community, user=user, actor_kind=AuditEventActorKind.USER, actor=user)
        messages.success(
            request,
            f"Memory is off in {community.name}: {result.memories_deleted} memories, "
            f"{result.entities_deleted} people, places or things and {result.sessions_cleared} conversation summaries "
            "were deleted.",
        )
        return _back_to(community)
    context = {
        "nav": "me",
        "community": community,
        "counts": remembered_counts_for_person(user=user, community=community),
    }
    return render(request, "me/_forget_confirm.html" if request.htmx else "me/forget_confirm.html", context)


@login_required
@require_POST
def community_remember(request: HttpRequest, community_id: int) -> HttpResponse:
    """Memory back on in one community: from now on, what the person says may be remembered again."""
    user = signed_in(request)
    community = community_get_for_person(user=user, pk=community_id)
    user_remember(community=community, user=user, actor_kind=AuditEventActorKind.USER, actor=user)
    messages.success(request, f"Memory is on again in {community.name}.")
    return _back_to(community)


@login_required
@require_GET
@never_cache
def data_export(request: HttpRequest) -> HttpResponse:
    """Everything stored about the person, as a JSON file to keep."""
    user = signed_in(request)
    document = json.dumps(user_export(user=user), cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)
    response = HttpResponse(document, content_type="application/json; charset=utf-8")
    safe_name = re.sub(r"[^\w.@+-]", "_", user.username)
    response["Content-Disposition"] = content_disposition_header(True, f"memoryhub-export-{safe_name}.json") or ""
    return response


@login_required
@require_http_methods(["GET", "POST"])
def account_erase(request: HttpRequest) -> HttpResponse:
    """Erase the account and everything about the person, once they typed their username."""
    user = signed_in(request)
    form = EraseAccountForm(request.POST or None, expected=user.username)
    if request.method == "POST" and form.is_valid():
        # A second click's request may have erased it a moment ago: the outcome asked for.
        with contextlib.suppress(UserAlreadyErasedError):
            user_erase(user=user, via=ErasureRequestVia.SELF, requested_by=user)
        logout(request)
        request.session[ERASED_SESSION_KEY] = True  # the new, anonymous session: the next page says it is done
        return redirect("me-erased")
    return render(request, "me/erase.html", {"nav": "me", "form": form})


@require_GET
@never_cache
def account_erased(request: HttpRequest) -> HttpResponse:
    if not request.session.pop(ERASED_SESSION_KEY, False):
        return redirect("home")
    return render(request, "me/erased.html")
