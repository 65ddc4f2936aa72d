"""The offline engine (no OPENAI_API_KEY) runs the same pipeline through a real worker."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from accounts.models import Community, Profile, User
from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.services import persona_create, session_end, session_open, session_reply, web_channel_get
from memories.models import Entity, Memory, RecallEntry
from tests.memories.conftest import Say, extract_now, start_worker
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_offline_engine_remembers_self_stated_facts_for_the_right_person(
    channel: Channel, people: dict[str, User], say: Say, tmp_path: Path
) -> None:
    say("eve", "my name is Tomas, Eve is just my handle")
    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")
    say("charlie", "lol same")

    with start_worker(tmp_path=tmp_path, extra_env={"OPENAI_API_KEY": ""}):
        window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE, window.last_error
    # The name they gave is the name they go by here now; no memory needs to say it.
    assert Profile.objects.get(user=people["eve"], community=channel.community).stated_name == "Tomas"
    alice = Memory.objects.get(user=people["alice"])
    # "next month": kept until a week after that month is over, not a fixed 30 days.
    said = alice.created_at.date()
    next_month = (said.replace(day=1) + timedelta(days=32)).replace(day=1)
    month_end = (next_month + timedelta(days=32)).replace(day=1) - timedelta(days=1)
    assert alice.content == "Alice is moving to Austin next month" and alice.kind == "plan"
    assert alice.expires_at is not None and alice.expires_at.date() == month_end + timedelta(days=8)
    bob = Memory.objects.get(user=people["bob"])
    assert (bob.content, bob.kind, bob.expires_at) == ("Bob hates battle royales", "preference", None)
    assert not Memory.objects.filter(user=people["charlie"]).exists()
    assert Entity.objects.filter(owner=people["alice"], name="Austin", type="place").exists()
    assert window.prompt_tokens > 0


def test_a_window_left_unsampled_by_extraction_rate_is_still_recalled(
    community: Community, channel: Channel, people: dict[str, User], say: Say, tmp_path: Path
) -> None:
    Community.objects.filter(pk=community.pk).update(extraction_rate=0.0)
    say("alice", "I'm moving to Austin next month")

    with start_worker(tmp_path=tmp_path, extra_env={"OPENAI_API_KEY": ""}):
        window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE and window.prompt_tokens == 0
    assert not Memory.objects.exists()
    assert RecallEntry.objects.get().message.content == "I'm moving to Austin next month"


def test_an_llm_triggered_chat_joins_no_window_and_is_recalled_once_it_ends(
    community: Community, alice: User, tmp_path: Path
) -> None:
    persona = persona_create(
        community=community, name="Quill", system_prompt="You are Quill.", extraction_mode="llm_triggered"
    )
    session = session_open(user=alice, persona=persona, channel=web_channel_get(user=alice, persona=persona))
    session_reply(session=session, text="My sister's wedding is on June 14th")

    with start_worker(tmp_path=tmp_path, extra_env={"OPENAI_API_KEY": ""}):
        session_end(session=session)
        entry = wait_until(lambda: RecallEntry.objects.filter(user=alice).first(), timeout=60)

    assert entry.message.content == "My sister's wedding is on June 14th" and entry.private
    assert not ConversationWindow.objects.exists()
