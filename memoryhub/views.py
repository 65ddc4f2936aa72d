from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject

from memoryhub.ai.llm import llm_is_offline
from memoryhub.health import readiness


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
    """Liveness: this process serves requests (whatever the database and broker do: /readyz)."""
    return JsonResponse({"status": "ok"})


def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness for load balancers: the database and the broker answer and every migration is
    applied; else 503 with what failed."""
    checks = readiness()
    ready = all(answer == "ok" for answer in checks.values())
    return JsonResponse({"status": "ok" if ready else "unavailable", "checks": checks}, status=200 if ready else 503)


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
