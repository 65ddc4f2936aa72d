"""`make run`'s web server holds many reply streams open and still answers everything else, and a
stream whose client hangs up stops."""

from __future__ import annotations

import asyncio
import http.client
import io
import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, aclosing, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from asgiref.sync import ThreadSensitiveContext
from django.core.handlers.asgi import ASGIRequest

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import Message, MessageRole, Persona
from core.streaming import event_stream_response
from tests.support.fake_openai import FakeOpenAI, Reply
from tests.support.processes import child_environment, gunicorn_serving

STREAMS = 20
REPLY = "Hello there, it is good to hear from you again."


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def _read_event(response: http.client.HTTPResponse) -> tuple[str, str]:
    """The next server-sent event of ``response``: (name, data)."""
    name, data = "message", list[str]()
    for _ in range(100):  # an event is a few lines
        line = response.readline().decode()
        if not line:
            raise AssertionError("the stream ended before an event")
        line = line.rstrip("\n")
        if not line:
            return name, "\n".join(data)
        field, _, value = line.partition(": ")
        if field == "event":
            name = value
        elif field == "data":
            data.append(value)
    raise AssertionError("no end of event after 100 lines")


def _open_stream(host: str, port: int, key: str, number: int) -> tuple[http.client.HTTPConnection, Any]:
    connection = http.client.HTTPConnection(host, port, timeout=10)
    body = json.dumps({"user": f"streamer-{number}", "message": "hi, how are you?", "stream": True})
    connection.request(
        "POST", "/api/v1/chat", body, {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    )
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Content-Type", "").startswith("text/event-stream")
    return connection, response


def _get(base: str, path: str, headers: dict[str, str] | None = None) -> int:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
def test_twenty_open_reply_streams_leave_the_server_free_for_other_requests(
    tmp_path: Path, fake: FakeOpenAI, community: Community, persona: Persona
) -> None:
    release = threading.Event()
    fake.default = lambda request: Reply(text=REPLY, hold=release, hold_seconds=60)
    _, key = apikey_create(community=community, name="streamer", scopes=ApiKeyScope.values)
    env = child_environment(var_dir=tmp_path, broker_url=None) | fake.environment()
    env["MEMORYHUB_LLM_MAX_IN_FLIGHT"] = str(STREAMS)  # the default (4) would queue the fifth at the model
    # One worker process: were a stream to hold a worker, the second stream would already wait.
    with gunicorn_serving(env=env, log=tmp_path / "web.log", workers=1) as base, ExitStack() as streams:
        parts = urlsplit(base)
        opened = []
        for number in range(STREAMS):
            connection, response = _open_stream(parts.hostname or "", parts.port or 80, key, number)
            streams.callback(connection.close)
            name, data = _read_event(response)  # the model's first words reached the bot
            assert name == "chunk" and json.loads(data)["text"].strip() == REPLY.split()[0]
            opened.append(response)
        assert len(fake.chat_requests()) == STREAMS  # all twenty are waiting on the model at once

        # Every stream is open and waiting; pages, the API and health checks are still answered.
        assert _get(base, "/healthz") == 200
        assert _get(base, "/") == 200
        assert _get(base, "/accounts/login/") == 200
        assert _get(base, "/admin/login/") == 200
        assert _get(base, "/api/v1/windows", {"Authorization": f"Bearer {key}"}) == 200
        assert _get(base, "/api/v1/memories", {"Authorization": f"Bearer {key}"}) == 200

        release.set()
        deadline = time.monotonic() + 30
        for response in opened:
            words = [REPLY.split()[0] + " "]
            while time.monotonic() < deadline:
                name, data = _read_event(response)
                if name == "done":
                    break
                words.append(json.loads(data)["text"])
            assert "".join(words).strip() == REPLY
    replies = Message.objects.filter(role=MessageRole.ASSISTANT, persona=persona)
    assert replies.count() == STREAMS and {reply.content for reply in replies} == {REPLY}


def test_a_stream_whose_client_hangs_up_stops_and_cleans_up() -> None:
    """The bot hangs up while the model is still writing: nothing more is sent or read from the
    model (its stream and in-flight slot are let go by the generator's clean-up), and that
    clean-up runs in the request's own thread, as Django's ASGI handler drives a response."""
    model = threading.Event()
    produced: list[str] = []
    threads: set[int] = set()
    cleaned_up = threading.Event()

    def events() -> Iterator[str]:
        try:
            threads.add(threading.get_ident())
            produced.append("first")
            yield "event: chunk\ndata: first\n\n"
            model.wait(timeout=10)  # the model is slow to write its next words
            for word in ("second", "third", "fourth"):
                produced.append(word)
                yield f"event: chunk\ndata: {word}\n\n"
        finally:
            threads.add(threading.get_ident())
            cleaned_up.set()

    async def serve() -> list[bytes]:
        scope = {"type": "http", "method": "GET", "path": "/chat", "query_string": b"", "headers": []}
        request = ASGIRequest(scope, io.BytesIO())
        first_sent = asyncio.Event()
        sent: list[bytes] = []

        async def send_all(response: Any) -> None:  # as ASGIHandler.send_response consumes it
            async with aclosing(aiter(response)) as content:
                async for part in content:
                    sent.append(part)
                    first_sent.set()

        async with ThreadSensitiveContext():  # one per request, as ASGIHandler opens
            response = event_stream_response(request, events())
            assert response["Content-Type"] == "text/event-stream"
            assert response["Cache-Control"] == "no-cache" and response["X-Accel-Buffering"] == "no"
            sending = asyncio.create_task(send_all(response))
            await asyncio.wait_for(first_sent.wait(), timeout=10)
            sending.cancel()  # the client disconnected: Django's ASGI handler cancels the sending
            model.set()  # the model's next words arrive after the hang-up
            with suppress(asyncio.CancelledError):
                await asyncio.wait_for(sending, timeout=10)
        return sent

    sent = asyncio.run(serve())
    assert sent == [b"event: chunk\ndata: first\n\n"]
    assert "third" not in produced  # nobody listens: the model is not read on
    assert cleaned_up.is_set()
    assert len(threads) == 1 and threading.get_ident() not in threads  # the request's one thread, not the loop's


def test_every_streaming_view_is_served_on_the_event_loop_and_nothing_else_is() -> None:
    from django.urls import reverse

    from core.streaming import STREAM_PATHS

    assert STREAM_PATHS.fullmatch(reverse("api-chat"))
    assert STREAM_PATHS.fullmatch(reverse("chat-stream", args=[42]))
    for plain in (reverse("api-messages"), reverse("api-windows"), reverse("healthz"), "/api/v1/chat/x"):
        assert not STREAM_PATHS.fullmatch(plain), plain
