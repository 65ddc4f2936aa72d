from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject

from memoryhub.ai.llm import llm_is_offline


def site(request: HttpRequest) -> dict[str, Any]:
    """What every page's layout needs to know (a context processor)."""
    return {
        "signup_enabled": settings.MEMORYHUB_SIGNUP,
        "offline": llm_is_offline(),
        # Asked only by the layout of a signed-in page (one EXISTS query then).
        "moderates": SimpleLazyObject(lambda: _moderates(request)),
    }


def _moderates(request: HttpRequest) -> bool:
    from moderation.selectors import communities_moderated  # an app of the project: imported when asked

    user = request.user
    return bool(user.is_authenticated and communities_moderated(user=user).exists())  # type: ignore[arg-type]


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"nav": "home"})


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for load balancers and `make run`: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404s under /api/ answer in the API's JSON error shape; pages keep Django's."""
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"error": {"code": "not_found", "message": f"No endpoint {request.path} in this API."}}, status=404
        )
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"error": {"code": "server_error", "message": "Something went wrong on our side."}}, status=500
        )
    from django.views.defaults import server_error as page_server_error

    return page_server_error(request)
