"""The MCP server over streamable HTTP, as the web process serves it under ``/mcp/``.

Stateless (the SDK's ``stateless=True``): each POST carries its whole exchange and no session
lives in a worker, so any worker of any web process can answer any request. Answers are plain
JSON (``json_response``), not a server-sent event stream: no tool streams, and a proxy passes
JSON as it passes the REST API's.

Each request is authenticated before the SDK sees it, as the REST API does: the community's key
in ``Authorization: Bearer mh_…``, whose read takes the key's rate token (``MEMORYHUB_API_RATE``,
one bucket for both doors). A missing or refused key is a 401, over the rate a 429, with the
API's JSON error.

Django's middleware does not run here, so the door does the two things of it an operator relies
on: the request's id (``X-Request-ID`` kept or made up, in its log lines and sent back), and its
count and time in the metrics (route ``mcp``, as ``core.metrics.RequestsCounted`` counts the
others).

The SDK's session manager runs its requests in a task group of its own, which must be running
before the first request. The web worker's application does not speak the ASGI lifespan
protocol (Django's handler refuses it, and uvicorn then goes on without one), so the manager is
started by the first request that reaches it, in that worker's event loop, and lives as long as
the loop.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import anyio.to_thread
from django.conf import settings
from django.db import close_old_connections, connections
from mcp.server.transport_security import TransportSecuritySettings
from rest_framework import exceptions

from accounts.authentication import BotClient, bot_client_from_header
from core.metrics import METHODS, REQUEST_SECONDS, REQUESTS
from core.request_log import request_id_bind
from integrations.mcp.server import SCOPE_API_KEY, mcp_server


def _authenticate(authorization: bytes) -> BotClient:
    """The key in an ``Authorization`` header, as the REST API reads it (its rules, its errors)."""
    close_old_connections()
    try:
        client = bot_client_from_header(authorization)
    finally:
        connections.close_all()
    if client is None:
        raise exceptions.NotAuthenticated("This endpoint needs an API key.")
    return client


async def _refuse(send: Any, status: int, code: str, message: str, headers: list[tuple[bytes, bytes]]) -> None:
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), *headers]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class McpHttp:
    """The ASGI application for ``/mcp/``: authentication, then the SDK's stateless transport."""

    def __init__(self) -> None:
        server = mcp_server()
        server.streamable_http_app(  # made for its session manager; requests reach the manager directly
            stateless_http=True,
            json_response=True,
            max_request_body_size=settings.MEMORYHUB_API_MAX_BODY_BYTES,
            # The SDK guards a server on loopback against DNS rebinding by its Host header; every
            # request here needs the community's key, which a page a browser loads cannot add.
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        self.manager = server.session_manager
        self._running: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        assert self._running is not None
        async with self.manager.run():
            self._running.set()
            await asyncio.Event().wait()  # until the worker's loop ends

    async def _started(self) -> None:
        if self._running is None:
            self._running = asyncio.Event()
            self._task = asyncio.get_running_loop().create_task(self._run(), name="mcp-session-manager")
        await self._running.wait()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        started = time.perf_counter()
        headers = dict(scope["headers"])
        request_id = request_id_bind(headers.get(b"x-request-id", b"").decode("latin-1"))
        status = 500  # what is counted if no answer starts

        async def send_with_id(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"x-request-id", request_id.encode("latin-1"))],
                }
            await send(message)

        try:
            await self._answer(scope, headers, receive, send_with_id)
        finally:
            method = scope["method"] if scope["method"] in METHODS else "other"
            REQUESTS.labels("mcp", method, str(status)).inc()
            REQUEST_SECONDS.labels("mcp").observe(time.perf_counter() - started)

    async def _answer(self, scope: dict[str, Any], headers: dict[bytes, bytes], receive: Any, send: Any) -> None:
        limit = settings.MEMORYHUB_API_MAX_BODY_BYTES
        length = headers.get(b"content-length", b"0")
        if length.isdigit() and int(length) > limit:  # as the REST API's parser refuses it (a chunked one: the SDK)
            message = f"Request body of {int(length)} bytes is over the limit of {limit}."
            await _refuse(send, 413, "request_too_large", message, [])
            return
        authorization = headers.get(b"authorization", b"")
        try:
            client = await anyio.to_thread.run_sync(_authenticate, authorization)
        except (exceptions.AuthenticationFailed, exceptions.NotAuthenticated) as refused:
            challenge = [(b"www-authenticate", b'Bearer realm="memoryhub"')]
            await _refuse(send, 401, str(refused.get_codes()), str(refused.detail), challenge)
            return
        if client.throttle_wait:
            throttled = exceptions.Throttled(wait=client.throttle_wait)
            retry_after = str(throttled.wait).encode()
            await _refuse(send, 429, "throttled", str(throttled.detail), [(b"retry-after", retry_after)])
            return
        await self._started()
        await self.manager.handle_request({**scope, SCOPE_API_KEY: client.api_key}, receive, send)
