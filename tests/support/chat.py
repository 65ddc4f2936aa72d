"""A person's turn in the browser chat, through its pages: send, then read the streamed reply."""

from __future__ import annotations

from datetime import datetime, timedelta

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


def bot_batch(lines: list[tuple[str, str, str]], *, channel: str, started: datetime) -> list[dict[str, str]]:
    """A bot's batch for ``POST /api/v1/messages``: (platform id, name, text) lines said 20 s apart
    from ``started`` in ``channel``, numbered ``g0``, ``g1``, … as their message ids."""
    return [
        {
            "channel": channel,
            "author": author,
            "author_name": name,
            "content": content,
            "message_id": f"g{n}",
            "sent_at": (started + timedelta(seconds=20 * n)).isoformat(),
        }
        for n, (author, name, content) in enumerate(lines)
    ]
