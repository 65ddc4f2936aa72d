"""A plain request's way from the ASGI server's event loop to Django's WSGI handler on a thread.

``ThreadedWSGI`` crosses between the loop and a thread of its pool once each way: the body that
came with the request is read on the loop first, and the whole response is handed back when the
thread is done. a2wsgi's bridge, used before, made a blocking round trip to the loop for the
response's start, for each piece of its body and for its end (and for each piece of a request
body read): three more hand-overs per request, each waiting for the GIL behind the other
requests' Python — 0.3 to 0.9 ms of a web worker's CPU per request, and more of its latency,
on two busy cores (benchmarks/api_latency.py). A body larger than ``READ_AHEAD_BYTES`` (a bulk
upload) is pulled on from the loop as Django reads it, as a2wsgi does (its ``Body`` and
``build_environ`` are used here), so an upload holds no more than that on the loop before a
thread reads it. The response is sent whole: nothing served this way streams (the streaming
views are on their own paths, held there by a test); the largest answers are static files.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from a2wsgi.wsgi import Body, build_environ

# What of a request body is read on the event loop before its thread starts: a bot's message, or
# a batch of them, comes whole; more is pulled as Django reads it.
READ_AHEAD_BYTES = 256 * 1024

Headers = list[tuple[bytes, bytes]]


class _Body(Body):  # type: ignore[misc]
    """A request body whose first part is already here; the rest comes from the loop on demand."""

    def __init__(self, loop: asyncio.AbstractEventLoop, receive: Any, head: bytes, more: bool) -> None:
        super().__init__(loop, receive)
        self.buffer.extend(head)
        self._has_more = more


class ThreadedWSGI:
    """An ASGI application running the WSGI application ``app`` on a pool of ``threads``."""

    def __init__(self, app: Callable[..., Iterable[bytes]], *, threads: int) -> None:
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="WSGI")

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        loop = asyncio.get_running_loop()
        head, more = bytearray(), True
        while more and len(head) < READ_AHEAD_BYTES:
            message = await receive()
            head.extend(message.get("body", b""))
            more = message.get("more_body", False)
        environ = build_environ(scope, _Body(loop, receive, bytes(head), more))
        job = functools.partial(contextvars.copy_context().run, self._respond, environ)
        status, headers, chunks = await loop.run_in_executor(self.pool, job)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})

    def _respond(self, environ: Any) -> tuple[int, Headers, list[bytes]]:
        """The application's answer to ``environ``, whole (in a thread of the pool)."""
        started: list[Any] = []
        chunks: list[bytes] = []

        def start_response(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Callable[..., Any]:
            encoded = [(name.lower().encode("latin1"), value.encode("latin1")) for name, value in headers]
            started[:] = [int(status.split(" ", 1)[0]), encoded]
            return chunks.append  # WSGI's write()

        result = self.app(environ, start_response)
        try:
            chunks.extend(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()  # Django's request_finished: the database connection goes back to the pool
        return started[0], started[1], chunks
