"""The platform edits or deletes a message after the bot posted it."""

from __future__ import annotations

import pytest
from django.http import Http404
from rest_framework.test import APIClient

from accounts.models import Community
from chat.models import ConversationWindow, Message
from chat.services import message_delete, message_edit
from memories.models import Memory, MemoryRevision
from tests.api.conftest import KeyClient
from tests.support.extraction import extract_window_here

pytestmark = pytest.mark.django_db


def _post(api: APIClient, message_id: str, content: str, author: str = "alice_456") -> None:
    body = {
        "channel": "general",
        "author": author,
        "author_name": "Alice",
        "content": content,
        "message_id": message_id,
    }
    assert api.post("/api/v1/messages", body, format="json").status_code == 202


def test_an_edit_before_extraction_replaces_the_text(api: APIClient) -> None:
    _post(api, "m1", "I'm moving to Austn next month")
    edited = api.patch("/api/v1/messages/general/m1", {"content": "I'm moving to Austin next month"}, format="json")
    assert edited.status_code == 200 and edited.json()["content"] == "I'm moving to Austin next month"
    message = Message.objects.get(external_id="m1")
    assert message.content == "I'm moving to Austin next month"
    assert message.window is not None and message.window.state == "open"  # extracted later, as it now reads


def test_an_edit_of_a_message_deleted_meanwhile_is_a_404_not_a_server_error(api: APIClient) -> None:
    """The edit found the message, then another request deleted it before the edit took its lock
    (the schema fuzzer's two workers did this: a 500)."""
    _post(api, "m1", "I'm moving to Austn next month")
    found = Message.objects.get(external_id="m1")
    message_delete(message=Message.objects.get(pk=found.pk))

    with pytest.raises(Http404):
        message_edit(message=found, content="I'm moving to Austin next month")
    assert not Message.objects.filter(external_id="m1").exists()


def test_an_edit_after_extraction_is_extracted_again(api: APIClient) -> None:
    _post(api, "m1", "I'm moving to Austin next month")
    first = ConversationWindow.objects.get()
    extract_window_here(first)
    assert list(Memory.objects.values_list("content", flat=True)) == ["Alice is moving to Austin next month"]

    edited = api.patch("/api/v1/messages/general/m1", {"content": "I'm moving to Denver next month"}, format="json")
    assert edited.status_code == 200
    message = Message.objects.get(external_id="m1")
    assert message.window_id not in (None, first.pk) and edited.json()["window"] == message.window_id
    assert not ConversationWindow.objects.filter(pk=first.pk).exists()  # left empty, it went
    extract_window_here(ConversationWindow.objects.get(pk=message.window_id))
    assert any("Denver" in content for content in Memory.objects.values_list("content", flat=True))


def test_a_deletion_takes_the_memories_it_alone_was_the_source_of(api: APIClient) -> None:
    _post(api, "m1", "I'm moving to Austin next month")
    _post(api, "m2", "I have a dog called Rex")
    extract_window_here(ConversationWindow.objects.get())
    memories = dict(Memory.objects.values_list("content", "pk"))
    assert set(memories) == {"Alice is moving to Austin next month", "Alice has a dog named Rex"}
    both = Memory.objects.get(content="Alice has a dog named Rex")
    both.source_messages.add(Message.objects.get(external_id="m1"))  # learned from both messages

    deleted = api.delete("/api/v1/messages/general/m1")
    assert deleted.status_code == 200 and deleted.json() == {"memories_deleted": 1}
    assert not Message.objects.filter(external_id="m1").exists()
    assert list(Memory.objects.values_list("content", flat=True)) == ["Alice has a dog named Rex"]
    assert [m.external_id for m in both.source_messages.all()] == ["m2"]
    revision = MemoryRevision.objects.get(
        memory_ref=memories["Alice is moving to Austin next month"], after__isnull=True
    )
    assert revision.reason == "the message it came from was deleted"
    window = ConversationWindow.objects.get()
    assert window.message_count == 1


def test_edits_and_deletions_reach_only_the_keys_own_messages(
    api: APIClient, other_community: Community, key_client: KeyClient
) -> None:
    _post(api, "m1", "I love sailing")
    outsider = key_client(other_community)
    assert outsider.patch("/api/v1/messages/general/m1", {"content": "hacked"}, format="json").status_code == 404
    assert outsider.delete("/api/v1/messages/general/m1").status_code == 404
    assert api.patch("/api/v1/messages/general/nope", {"content": "x"}, format="json").status_code == 404
    assert api.patch("/api/v1/messages/general/m1", {"content": ""}, format="json").status_code == 400
    assert Message.objects.get(external_id="m1").content == "I love sailing"
