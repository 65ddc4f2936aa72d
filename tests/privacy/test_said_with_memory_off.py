"""What is said with memory off is never remembered: not when memory comes back on before the
window is extracted, and not when a bot posts it later with its real time.

The newcomer's sequence, through the browser's pages and through the bot API, with a real worker
running the offline engine: the lines said before the forget and while memory was off leave no
memory, revision, summary, profile line or entity; what is said once memory is back on is kept.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Community, Profile, User
from accounts.services import (
    community_memory_enabled_set,
    identity_resolve,
    membership_set,
    user_create,
)
from chat.models import ChatSession, ConversationWindow, ConversationWindowState, Persona
from chat.windows import windows_sweep
from memories.models import Entity, Memory, MemoryRevision, RecallEntry
from tests.support.chat import chat_turn
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

FINISHED = (ConversationWindowState.DONE, ConversationWindowState.FAILED)


def remembered_anywhere(user: User, community: Community, word: str) -> list[str]:
    """Every place something about ``user`` is kept that says ``word`` (case-insensitive)."""
    found = [f"memory: {m}" for m in Memory.objects.filter(user=user, content__icontains=word)]
    found += [f"memory context: {m.context}" for m in Memory.objects.filter(user=user, context__icontains=word)]
    found += [
        f"revision {r.pk}"
        for r in MemoryRevision.objects.filter(subject=user).filter(
            Q(before__icontains=word) | Q(after__icontains=word) | Q(reason__icontains=word)
        )
    ]
    profile = Profile.objects.get(user=user, community=community)
    said = " ".join([profile.summary, profile.personality, str(profile.preferences), str(profile.behaviour_patterns)])
    found += ["profile"] if word.lower() in said.lower() else []
    found += [
        f"session summary: {s.working_summary} {s.final_summary}"
        for s in ChatSession.objects.filter(user=user).filter(
            Q(working_summary__icontains=word) | Q(final_summary__icontains=word)
        )
    ]
    found += [f"entity: {e.name}" for e in Entity.objects.filter(owner=user).filter(name__icontains=word)]
    found += [
        f"recall: line {e.message_id}"
        for e in RecallEntry.objects.filter(user=user, removed_at__isnull=True, message__content__icontains=word)
    ]
    return found


def extracted(window_id: int) -> ConversationWindow:
    window = wait_until(lambda: ConversationWindow.objects.filter(pk=window_id, state__in=FINISHED).first(), timeout=60)
    assert window.state == ConversationWindowState.DONE, window.last_error
    return window


# --- In the browser ------------------------------------------------------------------------------


@pytest.fixture
def olga(community: Community) -> User:
    user = user_create(username="olga", password="olga pass 12", display_name="Olga")
    membership_set(user=user, community=community)
    return user


def test_what_the_browser_heard_with_memory_off_is_not_remembered_when_memory_comes_back(
    offline_worker: Path, client: Client, community: Community, persona: Persona, olga: User
) -> None:
    client.force_login(olga)
    chat_turn(client, persona, "I work as a nurse at the city hospital.")  # forgotten too: forget comes after it
    assert client.post(reverse("me-forget", args=[community.pk]), {"confirm": "yes"}).status_code in (200, 302)
    reply = chat_turn(client, persona, "I'm allergic to penicillin.")
    assert client.post(reverse("me-remember", args=[community.pk])).status_code in (200, 302)
    chat_turn(client, persona, "I live in Porto and I have a cat named Miso.")
    session = ChatSession.objects.get(user=olga)
    window = ConversationWindow.objects.get(channel=session.channel, state=ConversationWindowState.OPEN)

    assert (
        client.post(reverse("chat-new-session", args=[persona.pk])).status_code == 200
    )  # ends it: extracted, summarised
    extracted(window.pk)
    wait_until(
        lambda: ChatSession.objects.filter(pk=session.pk, final_summary_queued_at__isnull=True).exists(), timeout=60
    )

    for word in ("penicillin", "allergic", "nurse", "hospital"):
        assert remembered_anywhere(olga, community, word) == [], word
    assert not any(phrase in reply.lower() for phrase in ("remember", "keep that in mind", "keep it in mind"))
    kept = list(Memory.objects.filter(user=olga, source_window=window).values_list("content", flat=True))
    assert any("Porto" in content for content in kept), kept  # extracted from the line said after
    assert ChatSession.objects.get(pk=session.pk).final_summary  # and the summary holds what was said after


def test_the_persona_promises_no_remembering_while_memory_is_off(
    client: Client, community: Community, persona: Persona, olga: User
) -> None:
    client.force_login(olga)
    client.post(reverse("me-forget", args=[community.pk]), {"confirm": "yes"})
    replies = [
        chat_turn(client, persona, text)
        for text in (
            "I have a brother in Leeds.",
            "I'm allergic to cats.",
            "My favourite food is ramen.",
            "Who are you?",
            "What do you know about me?",
            "When is my sister's wedding?",
        )
    ]
    promises = ("i'll remember", "i will remember", "keep that in mind", "i remember what you tell me", "here's what")
    assert [r for r in replies if any(promise in r.lower() for promise in promises)] == []
    assert "memory is off" in replies[3].lower() and "memory is off" in replies[4].lower()


# --- Through the bot API -------------------------------------------------------------------------


def post(bot: APIClient, *items: tuple[str, str, datetime]) -> dict[str, Any]:
    response = bot.post(
        "/api/v1/messages",
        {
            "messages": [
                {"channel": "general", "author": "olga_1", "author_name": "Olga", "content": text, "message_id": mid}
                | {"sent_at": at.isoformat()}
                for mid, text, at in items
            ]
        },
        format="json",
    )
    assert response.status_code == 202, response.json()
    return response.json()


def close(bot: APIClient, *window_ids: int) -> None:
    """Close the open windows as a bot would, have the sweep queue the others, and wait for them."""
    for window_id in window_ids:
        if ConversationWindow.objects.get(pk=window_id).state == ConversationWindowState.OPEN:
            assert bot.post(f"/api/v1/windows/{window_id}/close").status_code == 202
    windows_sweep()
    for window_id in window_ids:
        extracted(window_id)


def test_a_bot_is_told_which_lines_will_not_be_remembered_and_they_are_not(
    offline_worker: Path, bot: APIClient, community: Community
) -> None:
    before = post(bot, ("m1", "I work as a nurse at the city hospital.", timezone.now()))
    assert bot.post("/api/v1/users/olga_1/forget").status_code == 200
    off = post(bot, ("m2", "I'm allergic to penicillin.", timezone.now()))
    assert bot.post("/api/v1/users/olga_1/remember").status_code == 200
    on = post(bot, ("m3", "I live in Porto and I have a cat named Miso.", timezone.now()))
    olga = User.objects.get(identities__external_id="olga_1")

    assert [m["memory_off"] for m in before["messages"] + off["messages"] + on["messages"]] == [False, True, False]
    close(bot, on["windows"][0])
    for word in ("penicillin", "allergic", "nurse", "hospital"):
        assert remembered_anywhere(olga, community, word) == [], word
    assert any("Porto" in m for m in Memory.objects.filter(user=olga).values_list("content", flat=True))
    assert list(RecallEntry.objects.filter(user=olga).values_list("message__external_id", flat=True)) == ["m3"]


def test_history_posted_later_with_times_inside_memory_off_is_not_remembered(
    offline_worker: Path, bot: APIClient, community: Community
) -> None:
    olga = identity_resolve(community=community, external_id="olga_1", display_name="Olga")
    bot.post("/api/v1/users/olga_1/forget")
    off_from = timezone.now()  # after the forget's own time, and before the remember's
    off_until = timezone.now()
    bot.post("/api/v1/users/olga_1/remember")
    back_at = timezone.now()

    history = post(
        bot,
        ("h1", "I grew up in Bergen.", off_from - timedelta(days=30)),  # before the forget: forgotten with it
        ("h2", "I'm allergic to penicillin.", off_from + (off_until - off_from) / 2),  # while memory was off
        ("h3", "I live in Porto and I have a cat named Miso.", back_at + timedelta(seconds=1)),
    )

    assert [m["memory_off"] for m in history["messages"]] == [True, True, False]
    close(bot, *history["windows"])
    for word in ("penicillin", "allergic", "bergen"):
        assert remembered_anywhere(olga, community, word) == [], word
    assert any("Porto" in m for m in Memory.objects.filter(user=olga).values_list("content", flat=True))


def test_lines_said_while_the_community_had_memory_off_are_not_remembered(
    offline_worker: Path, bot: APIClient, community: Community
) -> None:
    earlier = post(bot, ("c1", "I live in Porto and I have a cat named Miso.", timezone.now()))
    community_memory_enabled_set(community=community, enabled=False)
    off = post(bot, ("c2", "I'm allergic to penicillin.", timezone.now()))
    community_memory_enabled_set(community=community, enabled=True)
    olga = User.objects.get(identities__external_id="olga_1")

    assert [m["memory_off"] for m in earlier["messages"] + off["messages"]] == [False, True]
    close(bot, off["windows"][0])
    assert remembered_anywhere(olga, community, "penicillin") == []
    assert any("Porto" in m for m in Memory.objects.filter(user=olga).values_list("content", flat=True))
