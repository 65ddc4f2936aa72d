from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
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


# Seconds a client is asked to wait when the database cannot be reached (a restart, a failover).
DATABASE_RETRY_AFTER_SECONDS = 5


def server_error(request: HttpRequest) -> HttpResponse:
    """Django's handler500, called while the exception is being handled: a database that cannot be
    reached (a restart, a failover, a full pool) is a 503 to try again, not a failure of ours."""
    if isinstance(sys.exc_info()[1], OperationalError | InterfaceError):
        return database_unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"error": {"code": "server_error", "message": "Something went wrong on our side."}}, status=500
        )
    from django.views.defaults import server_error as page_server_error

    return page_server_error(request)


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with ``Retry-After``: JSON in the API's error shape under /api/, a styled page elsewhere
    (rendered with no context: the session and the signed-in person live in the database)."""
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"error": {"code": "database_unavailable", "message": "The database cannot be reached; try again soon."}},
            status=503,
        )
    else:
        response = HttpResponse(loader.get_template("503.html").render(), status=503)
    response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
    return response
