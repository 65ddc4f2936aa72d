"""One memory's edit, delete and "this is wrong", and a line taken out of recall, for the person
it is about (HTMX fragments).

The chat's panel and the "My data" pages show a memory with ``memories/_memory.html`` and post
here; every change goes through the memory services (vector, revision, profile follow).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from accounts.web import signed_in
from core.htmx import HtmxHttpRequest, page_gone, page_notice
from memories.forms import PersonMemoryForm
from memories.models import MemoryRevisionAction, MemoryRevisionActor
from memories.selectors.mine import memory_get_for_person
from memories.services.memory import memory_delete, memory_update
from memories.services.recall import recall_line_remove

WRONG_REASON = "the person said this is wrong"


def _from_my_data(request: HtmxHttpRequest) -> bool:
    """Whether an HTMX request comes from the "My data" page, whose items name their community."""
    return bool(request.htmx) and (request.htmx.current_url_abs_path or "").startswith(reverse("me"))


@login_required
@require_http_methods(["GET", "POST"])
def memory_edit(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    memory = memory_get_for_person(user=signed_in(request), pk=pk)
    shown = {"show_community": _from_my_data(request)}
    if request.method == "GET" and "cancel" in request.GET:
        return render(request, "memories/_memory.html", {"memory": memory, **shown})
    initial: dict[str, Any] = {"content": memory.content, "topics": ", ".join(memory.topics), "kind": memory.kind}
    form = PersonMemoryForm(request.POST or None, initial=initial, prefix=f"memory-{memory.pk}")
    if request.method == "POST" and form.is_valid():
        memory = memory_update(
            memory=memory,
            actor=MemoryRevisionActor.USER,
            action=MemoryRevisionAction.USER_EDIT,
            actor_user=signed_in(request),
            reason="corrected by the person",
            **form.cleaned_data,
        )
        response = render(request, "memories/_memory.html", {"memory": memory, "changed": True, **shown})
        return page_notice(response, "Memory updated.")
    return render(request, "memories/_memory_form.html", {"memory": memory, "form": form})


@login_required
@require_POST
def memory_remove(request: HttpRequest, pk: int) -> HttpResponse:
    memory = memory_get_for_person(user=signed_in(request), pk=pk)
    wrong = request.POST.get("wrong") == "1"
    memory_delete(
        memory=memory,
        actor=MemoryRevisionActor.USER,
        action=MemoryRevisionAction.USER_DELETE,
        actor_user=signed_in(request),
        reason=WRONG_REASON if wrong else "deleted by the person",
    )
    return page_gone("Forgotten: it was wrong." if wrong else "Memory deleted.")


@login_required
@require_POST
def recall_line_take_out(request: HttpRequest, message_id: int) -> HttpResponse:
    """One of the person's own lines out of recall: it is never shown from past conversations again."""
    if not recall_line_remove(user=signed_in(request), message_id=message_id):
        raise Http404("No such line of yours in recall.")
    return page_gone("Taken out of recall: it will not be brought up again.")
