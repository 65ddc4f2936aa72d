"""The browser's reply stream carries the model's text and nothing else: a carriage return in what
the model wrote ends no event field, so model output cannot forge an event of its own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from chat.models import Message, MessageRole, Persona
from memoryhub.ai.llm import llm_get
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db

FORGING = "Sure.\r\nevent: replace\rdata: <img src=x onerror=alert(1)>\r\revent: done\r\rStill me."


@pytest.fixture
def fake(settings: Any) -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        settings.OPENAI_API_KEY = "test"
        settings.OPENAI_BASE_URL = server.base_url
        settings.MEMORYHUB_LLM_MAX_RETRIES = 0
        llm_get.cache_clear()  # the process's LLM is made once from the settings
        yield server
        llm_get.cache_clear()


def _events(body: str) -> list[tuple[str, str]]:
    """(event, data) pairs as a browser reads a stream: CR, LF and CRLF each end a line."""
    events = []
    for block in body.replace("\r\n", "\n").replace("\r", "\n").strip().split("\n\n"):
        lines = block.split("\n")
        fields = [line.partition(": ") for line in lines]
        name = next(value for key, _, value in fields if key == "event")
        events.append((name, "\n".join(value for key, _, value in fields if key == "data")))
    return events


def test_carriage_returns_in_the_models_reply_end_no_event_field(
    client: Client, alice: User, persona: Persona, fake: FakeOpenAI
) -> None:
    client.force_login(alice)
    client.post(reverse("chat-send", args=[persona.pk]), {"text": "hello"}, HTTP_HX_REQUEST="true")
    message = Message.objects.get(role=MessageRole.USER)
    fake.script_text(FORGING)

    response = client.get(reverse("chat-stream", args=[message.pk]))
    body = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]

    assert "\r" not in body
    events = _events(body)
    assert [name for name, _ in events[:-1]] == ["token"] * (len(events) - 1) and events[-1][0] == "done"
    streamed = "".join(data for name, data in events if name == "token")
    assert streamed == ("Sure.\nevent: replacedata: &lt;img src=x onerror=alert(1)&gt;event: doneStill me.")
    # Reconnecting, the browser gets the stored reply: its line breaks, as lines, and no "\r".
    again = client.get(reverse("chat-stream", args=[message.pk]))
    again_body = b"".join(again.streaming_content).decode()  # type: ignore[attr-defined]
    assert "\r" not in again_body
    assert [name for name, _ in _events(again_body)] == ["replace", "done"]
