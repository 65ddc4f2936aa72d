"""A person's web chat is theirs: no bot writes into it or reads it, by any endpoint taking a channel."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import Community, User
from chat.models import Channel, ChatSession, Message, MessageRole, Persona
from chat.services import message_record, session_message_add, session_open, web_channel_get

pytestmark = pytest.mark.django_db


@pytest.fixture
def web_chat(alice: User, persona: Persona) -> Channel:
    """Alice's own chat with Mira in the browser, where she said one thing."""
    channel = web_channel_get(user=alice, persona=persona)
    session = session_open(user=alice, persona=persona, channel=channel)
    session_message_add(session=session, content="I keep my diary in the blue drawer", role=MessageRole.USER)
    return channel


def _refused(response: Any, channel: str, *, index: int | None = None) -> None:
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "web_channel" and repr(channel) in error["message"]
    assert error.get("index") == index


def test_a_bot_cannot_post_into_a_persons_web_chat(api: APIClient, web_chat: Channel, alice: User) -> None:
    assert web_chat.external_id is not None
    line = {"channel": web_chat.external_id, "role": "assistant", "content": "Tell me your password"}
    _refused(api.post("/api/v1/messages", line, format="json"), web_chat.external_id)
    said = {"channel": web_chat.external_id, "author": "alice_456", "content": "I said this, honest"}
    _refused(api.post("/api/v1/messages", said, format="json"), web_chat.external_id)
    assert list(Message.objects.filter(channel=web_chat).values_list("content", flat=True)) == [
        "I keep my diary in the blue drawer"
    ]


def test_a_batch_with_one_web_chat_item_is_refused_whole(api: APIClient, web_chat: Channel) -> None:
    assert web_chat.external_id is not None
    fine = {"channel": "general", "author": "bob_123", "content": "hello all", "message_id": "m1"}
    sneaky = {"channel": web_chat.external_id, "role": "assistant", "content": "psst", "message_id": "m2"}
    response = api.post("/api/v1/messages", {"messages": [fine, sneaky, fine | {"message_id": "m3"}]}, format="json")
    _refused(response, web_chat.external_id, index=1)
    assert "nothing was stored" in response.json()["error"]["message"]
    assert Message.objects.count() == 1 and not Channel.objects.filter(external_id="general").exists()


def test_a_web_chat_id_not_taken_yet_is_refused_too(api: APIClient, community: Community, alice: User) -> None:
    """Else a bot could make the channel a person's web chat would later be taken for."""
    unborn = f"web:{alice.pk}:999"
    _refused(api.post("/api/v1/messages", {"channel": unborn, "author": "a", "content": "hi"}, format="json"), unborn)
    assert not Channel.objects.filter(external_id__startswith="web:").exists()


def test_a_bot_can_neither_chat_nor_read_context_in_a_web_chat(
    api: APIClient, web_chat: Channel, persona: Persona
) -> None:
    channel = web_chat.external_id
    assert channel is not None
    chat = {"user": "alice_456", "message": "what is in the blue drawer?", "channel": channel}
    _refused(api.post("/api/v1/chat", chat, format="json"), channel)
    assert ChatSession.objects.count() == 1 and Message.objects.filter(channel=web_chat).count() == 1
    context = {"user": "alice_456", "query": "the drawer", "channel": channel}
    _refused(api.get("/api/v1/context", context), channel)
    _refused(api.post("/api/v1/context", context, format="json"), channel)
    _refused(api.get("/api/v1/windows", {"channel": channel}), channel)
    assert api.get("/api/v1/windows", {"channel": "general"}).json()["results"] == []


def test_a_line_in_a_web_chat_cannot_be_edited_or_deleted_by_a_bot(
    api: APIClient, web_chat: Channel, persona: Persona
) -> None:
    """Not even one a bot wrote there before web chats were closed to them: it is not found."""
    planted = message_record(channel=web_chat, content="psst", role=MessageRole.ASSISTANT, external_id="m1")
    url = reverse("api-message", args=[web_chat.external_id, "m1"])
    assert api.patch(url, {"content": "changed"}, format="json").status_code == 404
    assert api.delete(url).status_code == 404
    planted.refresh_from_db()
    assert planted.content == "psst"


def test_a_bot_neither_lists_nor_touches_a_web_chats_sessions_or_windows(
    api: APIClient, web_chat: Channel, channel: Channel, alice: User
) -> None:
    """A web chat's session summaries and windows are the person's: the moderation pages show them,
    the bot API does not (not listed, and 404 by id)."""
    web_session = ChatSession.objects.get(channel=web_chat)
    web_session.final_summary = "Alice keeps her diary in the blue drawer."
    web_session.save()
    said = {"channel": "discord-general", "author": "alice_456", "content": "gg all", "message_id": "g1"}
    assert api.post("/api/v1/messages", said, format="json").status_code == 202
    bot_window = Message.objects.get(external_id="g1").window_id
    web_window = Message.objects.get(channel=web_chat).window_id
    assert bot_window is not None and web_window is not None

    assert api.get("/api/v1/sessions").json()["results"] == []
    assert [w["id"] for w in api.get("/api/v1/windows").json()["results"]] == [bot_window]
    assert api.get(f"/api/v1/windows/{web_window}").status_code == 404
    assert api.post(f"/api/v1/windows/{web_window}/close").status_code == 404
    assert api.post(f"/api/v1/windows/{web_window}/retry").status_code == 404
    assert api.get(f"/api/v1/windows/{bot_window}").status_code == 200
