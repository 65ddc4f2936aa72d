"""The web server's way from its event loop to Django on a thread (core/fastpath/bridge.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from core.fastpath import bridge
from core.fastpath.bridge import ThreadedWSGI

SCOPE = {
    "type": "http",
    "http_version": "1.1",
    "method": "POST",
    "scheme": "http",
    "path": "/echo",
    "root_path": "",
    "query_string": b"",
    "headers": [(b"content-type", b"text/plain")],
    "server": ("127.0.0.1", 8000),
    "client": ("127.0.0.1", 50000),
}


def _serve(app: Callable[..., Any], pieces: list[bytes]) -> tuple[list[dict[str, Any]], list[int]]:
    """Run one request with a body sent in ``pieces``: the messages sent back, and how many pieces
    had been received each time the application looked."""
    received: list[int] = []
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        index = len(received)
        received.append(index)
        return {"type": "http.request", "body": pieces[index], "more_body": index + 1 < len(pieces)}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    seen: list[int] = []

    def watched(environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        seen.append(len(received))
        return app(environ, start_response)

    asyncio.run(ThreadedWSGI(watched, threads=2)(SCOPE, receive, send))
    return sent, seen


def test_the_response_comes_back_whole_in_one_hand_over() -> None:
    closed: list[bool] = []

    class Answer:
        def __iter__(self) -> Iterator[bytes]:
            yield b"two "
            yield b"three"

        def close(self) -> None:
            closed.append(True)

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Answer:
        write = start_response("201 Created", [("Content-Type", "text/plain"), ("X-Kind", "Echo")])
        write(b"one ")
        return Answer()

    sent, _ = _serve(app, [b""])
    # a2wsgi sent the start, each piece with more_body, then an empty end: a round trip each.
    assert sent == [
        {
            "type": "http.response.start",
            "status": 201,
            "headers": [(b"content-type", b"text/plain"), (b"x-kind", b"Echo")],
        },
        {"type": "http.response.body", "body": b"one two three"},
    ]
    assert closed == [True]


def test_a_body_is_read_ahead_up_to_a_size_and_the_rest_pulled_as_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "READ_AHEAD_BYTES", 15)
    pieces = [bytes([ord("a") + n]) * 10 for n in range(5)]
    bodies: list[bytes] = []

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        bodies.append(environ["wsgi.input"].read())
        start_response("200 OK", [])
        return [b"ok"]

    sent, seen = _serve(app, pieces)
    assert seen == [2]  # 20 bytes read on the loop: the first piece alone was under 15
    assert bodies == [b"".join(pieces)]
    assert sent[-1] == {"type": "http.response.body", "body": b"ok"}


def test_a_small_body_is_all_read_before_the_thread_starts() -> None:
    pieces = [b"hello ", b"world"]
    bodies: list[bytes] = []

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        bodies.append(environ["wsgi.input"].read())
        start_response("200 OK", [])
        return []

    _, seen = _serve(app, pieces)
    assert seen == [2] and bodies == [b"hello world"]
