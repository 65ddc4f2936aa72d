"""A person's allowance in the browser chat: a burst of messages is refused with a clear 429 and
nothing stored, another person is not held back, and the allowance comes back with time."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from accounts.models import User
from chat.models import Message, MessageRole, Persona
from chat.services import chat_turn_wait

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _three_a_minute(settings: object) -> None:
    settings.MEMORYHUB_CHAT_MESSAGES_PER_MINUTE = 3  # type: ignore[attr-defined]


def _send(client: Client, persona: Persona, text: str) -> object:
    return client.post(reverse("chat-send", args=[persona.pk]), {"text": text}, HTTP_HX_REQUEST="true")


def _a_minute_passes() -> None:
    """The buckets' clock is PostgreSQL's: move their last refill a minute back."""
    with connection.cursor() as cursor:
        cursor.execute("UPDATE memoryhub_ratebucket SET updated_at = updated_at - interval '61 seconds'")


def test_a_burst_of_messages_is_refused_past_the_allowance_and_nothing_of_it_is_stored(
    client: Client, alice: User, bob: User, persona: Persona
) -> None:
    client.force_login(alice)
    assert [_send(client, persona, f"line {n}").status_code for n in range(3)] == [200, 200, 200]  # type: ignore[attr-defined]

    refused = _send(client, persona, "one too many")

    assert refused.status_code == 429  # type: ignore[attr-defined]
    assert 1 <= int(refused["Retry-After"]) <= 20  # type: ignore[index]  # one message every 20 s
    assert refused["HX-Retarget"] == "#composer-error"  # type: ignore[index]  # said under the box
    assert "faster than Mira can answer" in refused.content.decode()  # type: ignore[attr-defined]
    assert list(Message.objects.filter(role=MessageRole.USER).values_list("content", flat=True)) == [
        "line 0",
        "line 1",
        "line 2",
    ]
    client.force_login(bob)  # per person: Bob is not held back by Alice
    assert _send(client, persona, "hello from Bob").status_code == 200  # type: ignore[attr-defined]
    client.force_login(alice)
    _a_minute_passes()
    assert _send(client, persona, "one too many").status_code == 200  # type: ignore[attr-defined]


def test_asking_again_and_again_for_a_reply_is_refused_past_the_allowance(
    client: Client, alice: User, persona: Persona
) -> None:
    client.force_login(alice)
    assert _send(client, persona, "are you there?").status_code == 200  # type: ignore[attr-defined]
    message = Message.objects.get(role=MessageRole.USER)
    for _ in range(3):  # as a failed reply asked for again and again would
        chat_turn_wait(user=alice, what="chat-reply")

    refused = client.get(reverse("chat-stream", args=[message.pk]))

    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert not Message.objects.filter(reply_to=message).exists()  # no reply was asked of the model
    _a_minute_passes()
    answered = client.get(reverse("chat-stream", args=[message.pk]))
    assert answered.status_code == 200
    b"".join(answered.streaming_content)  # type: ignore[attr-defined]
    assert Message.objects.filter(reply_to=message).exists()
