"""Server-sent event responses that hold no worker while they wait.

Under ASGI (uvicorn workers, as `make run` serves) Django would buffer a synchronous iterator
whole before sending it; here each item is pulled in the request's own thread
(``thread_sensitive``), so ORM code inside the generator stays in one thread while the event loop
serves other requests; between events its pooled database connection goes back to the pool.
Under WSGI (the test client, ``manage.py runserver``) the iterator is passed through as it is.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import HttpRequest, StreamingHttpResponse

# The paths whose responses may be event streams: the web server serves them on the event loop
# (memoryhub/asgi.py), every other request on a thread. A test resolves the streaming views'
# URLs against it, so a renamed or new stream path cannot silently land on a thread.
STREAM_PATHS = re.compile(r"/api/v1/chat|/chat/replies/\d+/stream")

_END = object()


def events_asked(request: HttpRequest) -> bool:
    """Whether the client asks for server-sent events by its ``Accept``: naming the event stream
    and leaving out JSON, as SSE client libraries (httpx-sse's ``connect_sse``) send it."""
    accept = request.META.get("HTTP_ACCEPT", "")
    return "text/event-stream" in accept and "application/json" not in accept


def _next(events: Iterator[str]) -> object:
    item = next(events, _END)
    # Between two events (a reply's tokens come as the model writes them) the stream needs no
    # database connection: a pooled one goes back to the pool, so open streams do not use it up.
    if "pool" in connection.settings_dict.get("OPTIONS", {}) and not connection.in_atomic_block:
        connection.close()
    return item


async def _pulled(events: Iterator[str]) -> AsyncIterator[str]:
    pull = sync_to_async(_next, thread_sensitive=True)
    try:
        while (item := await pull(events)) is not _END:
            assert isinstance(item, str)
            yield item
    finally:
        # A client that went away cancels us: the generator's own clean-up still runs.
        close = getattr(events, "close", None)
        if close is not None:
            await sync_to_async(close, thread_sensitive=True)()


def event_stream_response(request: HttpRequest, events: Iterator[str]) -> StreamingHttpResponse:
    """A ``text/event-stream`` response sending ``events`` (formatted SSE text) as they come."""
    content: Iterator[str] | AsyncIterator[str] = _pulled(events) if isinstance(request, ASGIRequest) else events
    response = StreamingHttpResponse(content, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # proxies must pass each event on at once
    return response
