"""`make run`'s web server holds many reply streams open and still answers everything else."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import Message, MessageRole, Persona
from tests.support.fake_openai import FakeOpenAI, Reply
from tests.support.processes import child_environment, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)

STREAMS = 20
REPLY = "Hello there, it is good to hear from you again."


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def _read_event(response: http.client.HTTPResponse) -> tuple[str, str]:
    """The next server-sent event of ``response``: (name, data)."""
    name, data = "message", list[str]()
    while True:
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
        assert _get(base, "/accounts/login/") == 200
        assert _get(base, "/api/v1/windows", {"Authorization": f"Bearer {key}"}) == 200

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
