"""Exact provenance: a memory links the lines it came from, not everything its person said."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import User
from chat.models import Channel
from chat.services import message_record
from memories.models import Memory
from memoryhub.ai.contract import TOOL_NAME
from memoryhub.ai.openai_llm import OpenAILLM
from memoryhub.ai.types import Purpose
from tests.memories.conftest import Say
from tests.support.extraction import extract_channel_here, extract_window_here
from tests.support.fake_openai import FakeOpenAI

pytestmark = pytest.mark.django_db


def fake_llm(fake: FakeOpenAI) -> OpenAILLM:
    return OpenAILLM(
        api_key="test",
        base_url=fake.base_url,
        models=dict.fromkeys(Purpose, "fake-model"),
        timeout=10,
        max_retries=0,
    )


def op(user_id: str, content: str, lines: Any, **fields: Any) -> dict[str, Any]:
    return {"user_id": user_id, "action": "save", "content": content, "lines": lines} | fields


def test_the_offline_engine_cites_the_line_each_fact_came_from(channel: Channel, say: Say) -> None:
    say("alice", "hey all")
    job = say("alice", "I work as a nurse at the children's hospital")
    say("bob", "nice!")
    say("alice", "haha thanks")
    cat = say("alice", "I have a cat called Miso")

    extract_channel_here(channel)

    sources = {m.content: set(m.source_messages.values_list("pk", flat=True)) for m in Memory.objects.all()}
    nurse = next(content for content in sources if "nurse" in content)
    miso = next(content for content in sources if "Miso" in content)
    assert sources[nurse] == {job.pk}, sources
    assert sources[miso] == {cat.pk}


def test_the_prompt_numbers_lines_and_an_llm_s_references_become_the_sources(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("bob", "Where did you end up deciding to move?")
    city = say("alice", "Austin!")
    say("bob", "Nice, when?")
    month = say("alice", "Next month actually")
    sister = say("charlie", "Oh cool, my sister lives there")
    say("alice", "haha yes")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                op("alice_456", "Alice is moving to Austin next month", [2, 4, 1]),  # 1 is Bob's: not Alice's
                op("charlie_789", "Charlie's sister lives in Austin", [5, 99, 0, "5", True, 6]),
            ]
        },
    )

    extract_channel_here(channel, llm=fake_llm(fake))

    (request,) = fake.chat_requests()
    assert "#2 [" in request.prompt and "Alice (alice_456): Austin!" in request.prompt
    alice = Memory.objects.get(user=people["alice"])
    assert set(alice.source_messages.all()) == {city, month}
    charlie = Memory.objects.get(user=people["charlie"])
    assert set(charlie.source_messages.all()) == {sister}


def test_an_update_adds_the_lines_that_changed_the_memory(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    first = say("alice", "I'm moving to Austin")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice is moving to Austin", [1])]})
    extract_channel_here(channel, llm=fake_llm(fake))
    say("bob", "when?")
    later = say("alice", "in June")
    fake.script_tool_call(
        TOOL_NAME,
        {
            "operations": [
                {
                    "user_id": "alice_456",
                    "action": "update",
                    "memory_index": 0,
                    "content": "Alice is moving to Austin in June",
                    "lines": [2],
                }
            ]
        },
    )
    extract_channel_here(channel, llm=fake_llm(fake))

    memory = Memory.objects.get(user=people["alice"])
    assert memory.content == "Alice is moving to Austin in June"
    assert set(memory.source_messages.all()) == {first, later}


def test_an_update_said_later_dates_the_memory_by_the_line_that_changed_it(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User]
) -> None:
    now = timezone.now()
    alice = people["alice"]
    # A history posted later: each line's window is due at once.
    bath = message_record(channel=channel, author=alice, content="I live in Bath", created_at=now - timedelta(days=20))
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice lives in Bath", [1])]})
    assert bath.window is not None
    extract_window_here(bath.window, llm=fake_llm(fake))
    moved = message_record(
        channel=channel, author=alice, content="I moved to Bristol last weekend", created_at=now - timedelta(days=5)
    )
    update = {"user_id": "alice_456", "action": "update", "memory_index": 0, "lines": [1]}
    fake.script_tool_call(TOOL_NAME, {"operations": [update | {"content": "Alice moved to Bristol last weekend"}]})
    assert moved.window is not None
    extract_window_here(moved.window, llm=fake_llm(fake))

    # "last weekend" is the weekend before the line that said it, and the news is among the newest.
    memory = Memory.objects.get(user=alice)
    assert (memory.content, memory.created_at) == ("Alice moved to Bristol last weekend", moved.created_at)


def test_without_references_the_persons_own_lines_stand_in(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    said = say("alice", "I'm moving to Austin")
    say("bob", "cool")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice is moving to Austin", [])]})
    extract_channel_here(channel, llm=fake_llm(fake))
    assert list(Memory.objects.get().source_messages.all()) == [said]


def test_a_fact_citing_only_lines_that_do_not_exist_is_dropped(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    say("bob", "cool")
    fake.script_tool_call(TOOL_NAME, {"operations": [op("alice_456", "Alice is moving to Austin", [7])]})
    extract_channel_here(channel, llm=fake_llm(fake))
    assert not Memory.objects.exists()
