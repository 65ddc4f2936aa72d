"""A person's turn in the browser chat, through its pages: send, then read the streamed reply."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from chat.models import Message, MessageRole, Persona


def chat_turn(client: Client, persona: Persona, text: str) -> str:
    """Send ``text`` from the chat page and read the persona's streamed reply to it."""
    sent = client.post(reverse("chat-send", args=[persona.pk]), {"text": text}, HTTP_HX_REQUEST="true")
    assert sent.status_code == 200, sent.content
    message = Message.objects.filter(role=MessageRole.USER).latest("pk")
    stream = client.get(reverse("chat-stream", args=[message.pk]))
    b"".join(stream.streaming_content)  # type: ignore[attr-defined]
    return Message.objects.get(reply_to=message).content
