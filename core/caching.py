"""Answers that carry a person's data are kept by no cache: not the browser's (a shared computer's
Back button, its disk), not a proxy's."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import add_never_cache_headers


def private_responses_not_stored(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """Middleware: every answer to a signed-in person (pages, fragments, exports) or to a request
    that carries credentials (a bot's API key: memories, context, exports) is ``no-store``, with
    Django's own never-cache headers. What anyone may see (the home page, the API schema, static
    files) keeps its caching."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        # After the view: DRF's authentication has set ``request.user`` to the bot's client by then.
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated) or "HTTP_AUTHORIZATION" in request.META:
            add_never_cache_headers(response)
        return response

    return middleware
