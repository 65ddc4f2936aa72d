"""The two clients: ``MemoryHub`` (sync) and ``AsyncMemoryHub`` (asyncio). They share every
operation (``Api``) and every rule of the wire (``_wire.py``); here is only how each sends a
request, waits before a retry, follows pages and reads a stream."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Iterator
from types import TracebackType
from typing import Any, Generic, TypeVar

import httpx

from memoryhub_client._api import Api
from memoryhub_client._wire import Call, ChatStreamReader, Connection, answer_error, answer_read
from memoryhub_client.models import ChatChunk, ChatReply, Page

T = TypeVar("T")
H = TypeVar("H", httpx.Client, httpx.AsyncClient)

DEFAULT_URL = "http://127.0.0.1:8000"


class _Client(Api, Generic[H]):
    """What both clients take and keep: the server, the key, the retry policy, the HTTP client."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float = 60.0,
        retries: int = 3,
        max_wait: float = 60.0,
        http_client: H | None = None,
    ) -> None:
        key = api_key or os.environ.get("MEMORYHUB_API_KEY")
        if not key:
            raise ValueError("No API key: pass api_key=… or set MEMORYHUB_API_KEY.")
        if retries < 0:
            raise ValueError("retries is 0 or more.")
        url = (base_url or os.environ.get("MEMORYHUB_URL") or DEFAULT_URL).rstrip("/").removesuffix("/api/v1")
        self._connection = Connection(base_url=url, api_key=key, retries=retries, max_wait=max_wait)
        self._owns_http = http_client is None
        self._http: H = http_client if http_client is not None else self._http_new(timeout)

    def _http_new(self, timeout: float) -> H:
        raise NotImplementedError


class MemoryHub(_Client[httpx.Client]):
    """A client of MemoryHub's bot API::

        with MemoryHub("http://127.0.0.1:8000", "mh_…") as hub:
            hub.message_post(channel="general", author="alice", content="I'm moving to Lisbon!")

    ``base_url`` and ``api_key`` default to ``MEMORYHUB_URL`` and ``MEMORYHUB_API_KEY``. A 429
    (or a 503 with ``Retry-After``) is tried again up to ``retries`` times after the wait the
    server asks for, when that is at most ``max_wait`` seconds. ``http_client``: your own
    ``httpx.Client`` (proxies, certificates); it is yours to close.
    """

    def _http_new(self, timeout: float) -> httpx.Client:
        return httpx.Client(timeout=timeout)

    def close(self) -> None:
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> MemoryHub:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def _answer(self, call: Call[Any], *, stream: bool = False) -> httpx.Response:
        attempt = 0
        while True:
            response = self._http.send(self._connection.request(self._http, call), stream=stream)
            wait = self._connection.retry_wait(response, attempt)
            if wait is None:
                return response
            response.close()
            time.sleep(wait)
            attempt += 1

    def _send(self, call: Call[T]) -> T:
        return answer_read(call, self._answer(call))

    def _pages(self, call: Call[Page[T]]) -> Iterator[T]:
        while True:
            page = self._send(call)
            yield from page.results
            if page.next_cursor is None:
                return
            call = call.at_cursor(page.next_cursor)

    def _stream(self, call: Call[ChatReply]) -> Iterator[ChatChunk | ChatReply]:
        response = self._answer(call, stream=True)
        try:
            if response.is_error:
                response.read()
                raise answer_error(response)
            events = ChatStreamReader()
            for line in response.iter_lines():
                yield from events.feed(line)
            yield from events.end()
        finally:
            response.close()


class AsyncMemoryHub(_Client[httpx.AsyncClient]):
    """``MemoryHub`` for asyncio: the same methods, awaited (``…_iterate`` and ``chat_stream``
    give async iterators)::

        async with AsyncMemoryHub() as hub:
            reply = await hub.chat(user="alice", message="Any tips for the move?")
    """

    def _http_new(self, timeout: float) -> httpx.AsyncClient:
        return httpx.AsyncClient(timeout=timeout)

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncMemoryHub:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

    async def _answer(self, call: Call[Any], *, stream: bool = False) -> httpx.Response:
        attempt = 0
        while True:
            request = self._connection.request(self._http, call)
            response = await self._http.send(request, stream=stream)
            wait = self._connection.retry_wait(response, attempt)
            if wait is None:
                return response
            await response.aclose()
            await asyncio.sleep(wait)
            attempt += 1

    async def _send(self, call: Call[T]) -> T:
        return answer_read(call, await self._answer(call))

    async def _pages(self, call: Call[Page[T]]) -> AsyncIterator[T]:
        while True:
            page = await self._send(call)
            for item in page.results:
                yield item
            if page.next_cursor is None:
                return
            call = call.at_cursor(page.next_cursor)

    async def _stream(self, call: Call[ChatReply]) -> AsyncIterator[ChatChunk | ChatReply]:
        response = await self._answer(call, stream=True)
        try:
            if response.is_error:
                await response.aread()
                raise answer_error(response)
            events = ChatStreamReader()
            async for line in response.aiter_lines():
                for event in events.feed(line):
                    yield event
            for event in events.end():
                yield event
        finally:
            await response.aclose()
