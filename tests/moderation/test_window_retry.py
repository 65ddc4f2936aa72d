"""A moderator's retry of a failed window runs it again, through a real worker and the fake LLM."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, MembershipRole, User
from accounts.services import membership_set, user_create
from chat.models import Channel, ConversationWindow, ConversationWindowState
from memories.models import Memory
from memoryhub.ai.contract import TOOL_NAME
from tests.memories.conftest import Say, extract_now
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_failed_window_retried_by_its_moderator_is_extracted(
    client: Client,
    llm_worker: Path,
    fake: FakeOpenAI,
    community: Community,
    channel: Channel,
    people: dict[str, User],
    say: Say,
) -> None:
    moderator = user_create(username="mod_a", display_name="Mod A")
    membership_set(user=moderator, community=community, role=MembershipRole.MODERATOR)
    say("alice", "I'm moving to Austin")
    for _ in range(6):  # three attempts of two requests each
        fake.script_error(500)
    window = extract_now(channel)
    assert window.state == ConversationWindowState.FAILED

    client.force_login(moderator)
    page = client.get(reverse("moderation-windows", args=[community.pk])).content.decode()
    assert f"#{window.pk}" in page and "InternalServerError" in page
    fake.script_tool_call(
        TOOL_NAME, {"operations": [{"user_id": "alice_456", "action": "save", "content": "Alice is moving to Austin"}]}
    )
    response = client.post(reverse("moderation-window-retry", args=[window.pk]))
    assert response.status_code == 302

    done = wait_until(
        lambda: ConversationWindow.objects.filter(pk=window.pk, state=ConversationWindowState.DONE).first(),
        timeout=60,
    )
    assert done.operations_applied == 1
    assert Memory.objects.get().content == "Alice is moving to Austin"
    detail = client.get(reverse("moderation-window", args=[window.pk])).content.decode()
    assert "Alice is moving to Austin" in detail and "I&#x27;m moving to Austin" in detail
    # Why it closed, said as words, and one message as one (it said "closed by Manual · 1 messages").
    assert "closed when it was closed early" in detail and " · 1 message · " in detail
