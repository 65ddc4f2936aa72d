"""Everything the sync and async clients share: how a call becomes an HTTP request, when an
answer is retried, how an answer becomes a result or an error, and how a chat stream is read.
The two clients differ only in how they send a request and wait (``client.py``)."""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
import types
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from importlib import metadata
from typing import Any, Generic, TypeVar, Union, get_args, get_origin, get_type_hints
from urllib.parse import parse_qs, quote, urlsplit

import httpx

from memoryhub_client.errors import MemoryHubError, StreamError, error_from_answer
from memoryhub_client.models import ChatChunk, ChatReply, Page

T = TypeVar("T")

log = logging.getLogger("memoryhub_client")

API_PREFIX = "/api/v1"
try:
    VERSION = metadata.version("memoryhub-client")  # pyproject.toml's, once installed
except metadata.PackageNotFoundError:  # run from a checkout's sources (examples/chat_bot.py)
    VERSION = "0+source"


@dataclass(frozen=True)
class Params:
    """What an operation sends: its path's values, its query, its JSON body. A ``None`` value in
    ``query`` or ``body`` is left out (not given); times are sent in ISO 8601."""

    path: Mapping[str, str | int] = field(default_factory=dict)
    query: Mapping[str, Any] = field(default_factory=dict)
    body: Any = None


@dataclass(frozen=True)
class Call(Generic[T]):
    """A request ready to send (``path`` filled in, below /api/v1) and how to read its answer."""

    method: str
    path: str
    query: dict[str, str]
    body: Any
    read: Callable[[Any], T]

    def at_cursor(self, cursor: str) -> Call[T]:
        """The same list call for the page at ``cursor``."""
        return dataclasses.replace(self, query=self.query | {"cursor": cursor})


def call_build(*, method: str, route: str, params: Params, read: Callable[[Any], T]) -> Call[T]:
    """``route``'s ``{names}`` filled with ``params.path`` (each escaped whole: a platform id may
    hold ``/``), the query as the API reads it (``true``/``false``), the body as JSON."""
    path = route.format_map({name: quote(str(value), safe="") for name, value in params.path.items()})
    query = {name: _query_value(value) for name, value in params.query.items() if value is not None}
    return Call(method=method, path=path, query=query, body=json_ready(params.body), read=read)


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def json_ready(value: Any) -> Any:
    """``value`` as JSON: ``None`` entries of objects left out, times in ISO 8601, dataclasses as objects."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {key: json_ready(item) for key, item in value.items() if item is not None}
    if isinstance(value, list | tuple):
        return [json_ready(item) for item in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


@dataclass(frozen=True)
class Connection:
    """Where and as whom: the server's address, the key, and the retry policy.

    ``retries``: how many times an answer 429, or 503 with ``Retry-After``, is tried again
    (0: never); ``max_wait``: the longest ``Retry-After`` the client sleeps: a longer one raises at once.
    """

    base_url: str
    api_key: str
    retries: int
    max_wait: float

    def request(self, http: httpx.Client | httpx.AsyncClient, call: Call[Any]) -> httpx.Request:
        # No ``Accept: text/event-stream`` for a stream: the API negotiates JSON only (a 406), and
        # ``"stream": true`` in the body is what asks for events.
        headers = {"Authorization": f"Bearer {self.api_key}", "User-Agent": f"memoryhub-client/{VERSION}"}
        return http.build_request(
            call.method,
            self.base_url + API_PREFIX + call.path,
            params=call.query,
            json=call.body,
            headers=headers,
        )

    def retry_wait(self, response: httpx.Response, attempt: int) -> float | None:
        """Seconds to wait before trying ``response``'s request again, or None to take the answer."""
        wait = retry_after(response)
        if response.status_code not in (429, 503) or wait is None:
            return None  # only a wait the server asked for: it knows the request changed nothing
        if attempt >= self.retries or wait > self.max_wait:
            return None
        log.info(
            "memoryhub: %s %s answered %s; trying again in %.1f s (retry %d of %d)",
            response.request.method,
            response.request.url.path,
            response.status_code,
            wait,
            attempt + 1,
            self.retries,
        )
        return wait


def retry_after(response: httpx.Response) -> float | None:
    """The ``Retry-After`` header in seconds (as MemoryHub sends it), or None."""
    try:
        return max(float(response.headers["Retry-After"]), 0.0)
    except (KeyError, ValueError):
        return None  # none, or an HTTP date (a proxy's): not waited for


def answer_read(call: Call[T], response: httpx.Response) -> T:
    """The result of a finished (read) answer, or its error raised."""
    if response.is_error:
        raise answer_error(response)
    if response.status_code == 204 or not response.content:
        return call.read(None)
    return call.read(response.json())


def answer_error(response: httpx.Response) -> MemoryHubError:
    """The error an error answer (its body read) stands for."""
    return error_from_answer(response.status_code, response.content, retry_after(response))


# --- Reading answers into the models ------------------------------------------------------------


def reader(cls: type[T]) -> Callable[[Any], T]:
    return functools.partial(decode, cls)


def page_reader(cls: type[T]) -> Callable[[Any], Page[T]]:
    def read(data: Any) -> Page[T]:
        return Page(
            results=[decode(cls, item) for item in data["results"]],
            next_cursor=_cursor(data.get("next")),
            previous_cursor=_cursor(data.get("previous")),
        )

    return read


def nothing(data: Any) -> None:
    return None


def _cursor(link: str | None) -> str | None:
    """The ``cursor`` of a ``next``/``previous`` link: the client asks its own base URL, not the
    link's host (which a proxy in front may have rewritten)."""
    if not link:
        return None
    return parse_qs(urlsplit(link).query).get("cursor", [None])[0]


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def decode(kind: Any, data: Any) -> Any:
    """``data`` (parsed JSON) as ``kind``: a models dataclass, a list of one, a time, a number..."""
    origin = get_origin(kind)
    if kind is Any:
        return data
    if origin in (Union, types.UnionType):
        options = [option for option in get_args(kind) if option is not type(None)]
        return None if data is None else decode(options[0], data)
    if origin is list:
        return [decode(get_args(kind)[0], item) for item in _expect(data, list, kind)]
    if origin is dict or kind is dict:
        return _expect(data, dict, kind)
    if dataclasses.is_dataclass(kind) and isinstance(kind, type):
        _expect(data, dict, kind)
        hints = _hints(kind)
        missing = [f.name for f in dataclasses.fields(kind) if f.init and f.name not in data]
        if missing:
            raise MemoryHubError(
                status=200, code="unexpected_answer", detail=f"{kind.__name__} without {', '.join(missing)}"
            )
        return kind(**{f.name: decode(hints[f.name], data[f.name]) for f in dataclasses.fields(kind) if f.init})
    if kind is datetime:
        return datetime.fromisoformat(_expect(data, str, kind))
    if kind is float:
        return float(_expect(data, int | float, kind))
    return _expect(data, kind, kind)


def _expect(data: Any, types_: Any, kind: Any) -> Any:
    if not isinstance(data, types_) or (isinstance(data, bool) and types_ is not bool):
        raise MemoryHubError(status=200, code="unexpected_answer", detail=f"{data!r:.80} is not a {kind}")
    return data


# --- Chat streams ---------------------------------------------------------------------------------


class ChatStreamReader:
    """Reads a chat's server-sent events, line by line: ``chunk`` events become ``ChatChunk``s,
    the final ``done`` event a ``ChatReply`` whose ``reply`` is the chunks joined."""

    def __init__(self) -> None:
        self._event = "message"
        self._data: list[str] = []
        self._text: list[str] = []
        self.finished = False

    def feed(self, line: str) -> Iterator[ChatChunk | ChatReply]:
        if line.startswith(":"):  # a comment (a keep-alive)
            return
        if line:
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "event":
                self._event = value
            elif name == "data":
                self._data.append(value)
            return
        if self._data:  # a blank line ends an event
            event, data = self._event, json.loads("\n".join(self._data))
            self._event, self._data = "message", []
            if event == "chunk":
                self._text.append(data["text"])
                yield ChatChunk(data["text"])
            elif event == "done":
                self.finished = True
                yield decode(ChatReply, {**data, "reply": "".join(self._text)})

    def end(self) -> Iterator[ChatChunk | ChatReply]:
        """At the end of the body: the last event, if no blank line closed it; raises if the
        final event never came (the connection was cut)."""
        yield from self.feed("")
        if not self.finished:
            raise StreamError(status=200, code="stream_cut", detail="The reply's stream ended before its last event.")
