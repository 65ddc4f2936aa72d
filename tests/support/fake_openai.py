"""A fake OpenAI-compatible HTTP server: real sockets, scripted answers, every request recorded.

The real ``openai`` client talks to it over HTTP on 127.0.0.1, from this process or from a child
process given ``fake.environment()``, so serialisation, retries, timeouts and streaming are exercised
for real. Answers come from a queue per endpoint (``script_*``), each entry consumed by one request;
when a queue is empty, chat asks ``fake.default(request_json)`` and embeddings are computed.

Token counts are whitespace-separated words (``len(text.split())``): plausible for budgets, and
exact enough for a test to predict.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import random
import re
import struct
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import count
from types import TracebackType
from typing import Any, Literal, Self

Endpoint = Literal["chat", "embeddings"]
CHAT_PATH = "/v1/chat/completions"
EMBEDDINGS_PATH = "/v1/embeddings"
MODELS_PATH = "/v1/models"
DEFAULT_DIMENSIONS = 1536


@dataclass(frozen=True)
class ScriptedToolCall:
    name: str
    arguments: str  # raw JSON text, not validated: real models produce broken JSON too


@dataclass(frozen=True)
class Reply:
    """A successful chat completion: text, tool calls, or both."""

    text: str = ""
    tool_calls: tuple[ScriptedToolCall, ...] = ()
    # Streamed: send the first chunk, then wait for this event (at most ``hold_seconds``) before
    # the rest, as a slow model does; lets a test hold many streams open at once.
    hold: threading.Event | None = None
    hold_seconds: float = 30.0


@dataclass(frozen=True)
class ErrorReply:
    status: int
    body: dict[str, Any] | str | None = None  # None: an OpenAI-shaped {"error": {...}} object
    retry_after: float | None = None  # seconds, sent as the Retry-After header


@dataclass(frozen=True)
class SlowReply:
    """Answer only after ``seconds``: longer than the client's timeout, it provokes one."""

    seconds: float
    then: Reply | ErrorReply | None = None  # None: whatever the endpoint would answer by default


Response = Reply | ErrorReply | SlowReply
Responder = Callable[[dict[str, Any]], Response | str]  # a str is shorthand for Reply(text=...)


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    body: Any  # the parsed JSON body; None for a GET
    received_at: float  # time.monotonic() on arrival, to measure gaps such as retry back-off

    @property
    def messages(self) -> list[dict[str, Any]]:
        return list(self.body.get("messages", [])) if isinstance(self.body, dict) else []

    @property
    def prompt(self) -> str:
        """Every message's text content, one message per line."""
        return "\n".join(message_text(message) for message in self.messages)


def message_text(message: dict[str, Any]) -> str:
    content = message.get("content")
    if isinstance(content, list):  # content parts: [{"type": "text", "text": ...}, ...]
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content or ""


def token_count(text: str) -> int:
    return len(text.split())


def unit_vector(text: str, dimensions: int) -> list[float]:
    """The same text gets the same direction in every process (unlike ``hash()``); others are near-orthogonal."""
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    generator = random.Random(seed)
    values = [generator.gauss(0.0, 1.0) for _ in range(dimensions)]
    norm = math.sqrt(sum(value * value for value in values))
    return [value / norm for value in values]


def reply_ok(request: dict[str, Any]) -> Response | str:
    return Reply(text="ok")


class FakeOpenAI:
    def __init__(self) -> None:
        self.default: Responder = reply_ok
        self.embedding_for: Callable[[str, int], list[float]] = unit_vector
        self.models = ["fake-chat", "fake-embedding"]
        self._lock = threading.Lock()
        self._queues: dict[Endpoint, deque[Response | Responder]] = {"chat": deque(), "embeddings": deque()}
        self._requests: list[RecordedRequest] = []
        self._stopping = threading.Event()
        self._ids = count(1)
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # Life cycle

    def start(self) -> Self:
        self._stopping.clear()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.fake = self
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name="fake-openai", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # releases handlers waiting in a SlowReply
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join()
        self._server = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("the fake OpenAI server is not running")
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def environment(self) -> dict[str, str]:
        """Variables that point a child process (a Celery worker) at this server."""
        return {"OPENAI_BASE_URL": self.base_url, "OPENAI_API_KEY": "test"}

    def reset(self) -> None:
        """Forget scripts, requests and the default responder, for a server shared between tests."""
        with self._lock:
            for queue in self._queues.values():
                queue.clear()
            self._requests.clear()
        self.default = reply_ok
        self.embedding_for = unit_vector

    # Scripting

    def script(self, response: Response | Responder | str, *, endpoint: Endpoint = "chat") -> None:
        """Queue one answer (or a callable computing it from the request JSON) for the next request."""
        if endpoint == "embeddings" and isinstance(response, Reply | str):
            raise TypeError("embeddings can be scripted with ErrorReply or SlowReply only")
        entry = Reply(text=response) if isinstance(response, str) else response
        with self._lock:
            self._queues[endpoint].append(entry)

    def script_text(self, text: str) -> None:
        self.script(Reply(text=text))

    def script_tool_call(self, name: str, arguments: dict[str, Any] | str, *, text: str = "") -> None:
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments)
        self.script(Reply(text=text, tool_calls=(ScriptedToolCall(name, arguments),)))

    def script_malformed_tool_call(self, name: str) -> None:
        self.script(Reply(tool_calls=(ScriptedToolCall(name, '{"memories": [{"content": "unterminated'),)))

    def script_error(
        self,
        status: int,
        body: dict[str, Any] | str | None = None,
        retry_after: float | None = None,
        *,
        endpoint: Endpoint = "chat",
    ) -> None:
        self.script(ErrorReply(status, body, retry_after), endpoint=endpoint)

    def script_timeout(self, seconds: float, *, endpoint: Endpoint = "chat") -> None:
        self.script(SlowReply(seconds), endpoint=endpoint)

    def respond_with(self, responder: Responder) -> Responder:
        """Answer chat requests from their content once the script runs out; usable as a decorator."""
        self.default = responder
        return responder

    def queued(self, endpoint: Endpoint = "chat") -> int:
        """How many scripted answers no request has consumed yet."""
        with self._lock:
            return len(self._queues[endpoint])

    # What was asked

    @property
    def requests(self) -> list[RecordedRequest]:
        with self._lock:
            return list(self._requests)

    def chat_requests(self) -> list[RecordedRequest]:
        return [request for request in self.requests if request.path == CHAT_PATH]

    def embedding_requests(self) -> list[RecordedRequest]:
        return [request for request in self.requests if request.path == EMBEDDINGS_PATH]

    def last_chat_prompt(self) -> str:
        chats = self.chat_requests()
        if not chats:
            raise AssertionError("the fake OpenAI server received no chat completion request")
        return chats[-1].prompt

    # Answering (called from the server's threads)

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _next_response(self, endpoint: Endpoint, request: dict[str, Any]) -> Reply | ErrorReply | None:
        """The next scripted answer, else the default; None means "embeddings as usual"."""
        with self._lock:
            entry = self._queues[endpoint].popleft() if self._queues[endpoint] else None
        response = self._resolve(entry, endpoint, request)
        while isinstance(response, SlowReply):
            if self._stopping.wait(response.seconds):
                return ErrorReply(HTTPStatus.SERVICE_UNAVAILABLE, "the fake OpenAI server is stopping")
            response = response.then or self._resolve(None, endpoint, request)
        return response

    def _resolve(
        self, entry: Response | Responder | None, endpoint: Endpoint, request: dict[str, Any]
    ) -> Response | None:
        if entry is None and endpoint == "chat":
            entry = self.default
        if entry is None:
            return None
        try:
            response = entry(request) if callable(entry) else entry
        except Exception as error:  # a broken responder should fail the test visibly, not hang up
            return ErrorReply(HTTPStatus.INTERNAL_SERVER_ERROR, f"the fake's responder raised {error!r}")
        return Reply(text=response) if isinstance(response, str) else response

    def _new_id(self, prefix: str) -> str:
        return f"{prefix}fake{next(self._ids)}"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeOpenAI


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def handle(self) -> None:
        # A client that timed out has hung up on us; that is the point of a SlowReply, not an error.
        with suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self._record(None)
        if path == MODELS_PATH:
            models = [
                {"id": name, "object": "model", "created": 0, "owned_by": "fake"} for name in self.server.fake.models
            ]
            self._send_json(HTTPStatus.OK, {"object": "list", "data": models})
        else:
            self._send_error(ErrorReply(HTTPStatus.NOT_FOUND))

    def do_POST(self) -> None:
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            body = json.loads(raw or b"null")
        except ValueError:
            body = None
        path = self._record(body)
        if not isinstance(body, dict):
            self._send_error(ErrorReply(HTTPStatus.BAD_REQUEST, "the request body is not a JSON object"))
        elif path == CHAT_PATH:
            self._chat(body)
        elif path == EMBEDDINGS_PATH:
            self._embeddings(body)
        else:
            self._send_error(ErrorReply(HTTPStatus.NOT_FOUND))

    def _record(self, body: Any) -> str:
        path = self.path.split("?", 1)[0]
        headers = {name.lower(): value for name, value in self.headers.items()}
        self.server.fake._record(RecordedRequest(self.command, path, headers, body, time.monotonic()))
        return path

    def _chat(self, request: dict[str, Any]) -> None:
        fake = self.server.fake
        response = fake._next_response("chat", request)
        if not isinstance(response, Reply):
            self._send_error(response or ErrorReply(HTTPStatus.INTERNAL_SERVER_ERROR, "no chat answer"))
            return
        prompt_tokens = sum(token_count(message_text(message)) for message in request.get("messages", []))
        completion_tokens = token_count(response.text) + sum(
            token_count(call.arguments) for call in response.tool_calls
        )
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        tool_calls = [
            {
                "id": fake._new_id("call_"),
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments},
            }
            for call in response.tool_calls
        ]
        envelope = {
            "id": fake._new_id("chatcmpl-"),
            "created": int(time.time()),
            "model": request.get("model") or "fake-chat",
            "system_fingerprint": None,
        }
        finish_reason = "tool_calls" if tool_calls else "stop"
        if request.get("stream"):
            include_usage = bool((request.get("stream_options") or {}).get("include_usage"))
            chunks = _stream_chunks(response.text, tool_calls, finish_reason, usage if include_usage else None)
            events = ({**envelope, "object": "chat.completion.chunk", **chunk} for chunk in chunks)
            self._send_events(events, hold=response.hold, hold_seconds=response.hold_seconds)
            return
        message: dict[str, Any] = {"role": "assistant", "content": response.text or None, "refusal": None}
        if tool_calls:
            message["tool_calls"] = tool_calls
        choice = {"index": 0, "message": message, "finish_reason": finish_reason, "logprobs": None}
        self._send_json(HTTPStatus.OK, {**envelope, "object": "chat.completion", "choices": [choice], "usage": usage})

    def _embeddings(self, request: dict[str, Any]) -> None:
        fake = self.server.fake
        response = fake._next_response("embeddings", request)
        if response is not None:
            self._send_error(
                response if isinstance(response, ErrorReply) else ErrorReply(500, "a Reply for embeddings")
            )
            return
        raw_input = request.get("input", [])
        texts = [raw_input] if isinstance(raw_input, str) else [str(item) for item in raw_input]
        dimensions = int(request.get("dimensions") or DEFAULT_DIMENSIONS)
        data = []
        for index, text in enumerate(texts):
            vector: list[float] | str = fake.embedding_for(text, dimensions)
            if request.get("encoding_format") == "base64":  # what the client asks for unless told otherwise
                vector = base64.b64encode(struct.pack(f"<{len(vector)}f", *vector)).decode()
            data.append({"object": "embedding", "index": index, "embedding": vector})
        tokens = sum(token_count(text) for text in texts)
        self._send_json(
            HTTPStatus.OK,
            {
                "object": "list",
                "data": data,
                "model": request.get("model") or "fake-embedding",
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )

    def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        content = payload.encode() if isinstance(payload, str) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "text/plain" if isinstance(payload, str) else "application/json")
        self.send_header("Content-Length", str(len(content)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(content)

    def _send_error(self, error: ErrorReply) -> None:
        body = error.body
        if body is None or isinstance(body, str):
            message = body or f"fake OpenAI server: {error.status} {_phrase(error.status)}"
            body = {"error": {"message": message, "type": "fake_error", "param": None, "code": None}}
        headers = {} if error.retry_after is None else {"Retry-After": f"{error.retry_after:g}"}
        self._send_json(error.status, body, headers)

    def _send_events(
        self, chunks: Iterable[dict[str, Any]], *, hold: threading.Event | None = None, hold_seconds: float = 0.0
    ) -> None:
        # HTTP/1.0 without Content-Length: the stream ends when we close the connection.
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        for index, chunk in enumerate(chunks):
            self.wfile.write(b"data: " + json.dumps(chunk).encode() + b"\n\n")
            if index == 1 and hold is not None:  # the role chunk, then the first words: then wait
                self.wfile.flush()
                hold.wait(hold_seconds)
        self.wfile.write(b"data: [DONE]\n\n")


def _phrase(status: int) -> str:
    try:
        return HTTPStatus(status).phrase
    except ValueError:
        return "Error"


def _stream_chunks(
    text: str, tool_calls: list[dict[str, Any]], finish_reason: str, usage: dict[str, int] | None
) -> Iterator[dict[str, Any]]:
    """OpenAI's chunk sequence: role, text a word at a time, tool calls in pieces, finish, usage."""

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
        return {"choices": [choice], "usage": None}

    yield chunk({"role": "assistant", "content": ""})
    for word in re.findall(r"\S+\s*|\s+", text):
        yield chunk({"content": word})
    for index, call in enumerate(tool_calls):
        function = call["function"]
        opening = {
            "index": index,
            "id": call["id"],
            "type": "function",
            "function": {"name": function["name"], "arguments": ""},
        }
        yield chunk({"tool_calls": [opening]})
        arguments = function["arguments"]
        for start in range(0, len(arguments), 8):
            yield chunk({"tool_calls": [{"index": index, "function": {"arguments": arguments[start : start + 8]}}]})
    yield chunk({}, finish_reason)
    if usage is not None:
        yield {"choices": [], "usage": usage}


@contextmanager
def fake_openai_server() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake
