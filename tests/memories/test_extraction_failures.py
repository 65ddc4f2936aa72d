"""Every failure of the LLM ends in a documented window state, with no message or memory lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from accounts.models import User
from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.windows import window_retry
from core.models import OutboxEvent
from memories.models import Memory, RecallEntry
from memoryhub.ai.contract import TOOL_NAME
from tests.memories.conftest import Say, extract_now
from tests.support.fake_openai import ErrorReply, FakeOpenAI
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
SAVE_ALICE = {"operations": [{"user_id": "alice_456", "action": "save", "content": "Alice is moving to Austin"}]}


def test_a_429_storm_is_retried_with_backoff_until_it_passes(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    for _ in range(3):
        fake.script(ErrorReply(429, retry_after=0.1))
    fake.script_tool_call(TOOL_NAME, SAVE_ALICE)

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE
    assert window.attempts == 2  # the client's own retry, then one task retry
    assert len(fake.chat_requests()) == 4
    assert Memory.objects.filter(user=people["alice"]).count() == 1


def test_a_429_storm_that_outlasts_every_attempt_fails_the_window_with_its_messages_kept(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    say("bob", "we will miss you")
    for _ in range(6):  # three attempts of two requests each, every one refused
        fake.script(ErrorReply(429, retry_after=0.1))

    window = extract_now(channel)

    assert (window.state, window.attempts) == (ConversationWindowState.FAILED, 3)
    assert "RateLimitError" in window.last_error
    assert len(fake.chat_requests()) == 6  # and no more: the storm is not fed
    assert window.messages.count() == 2
    assert not Memory.objects.exists()


def test_persistent_server_errors_fail_the_window_and_a_retry_recovers_it(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    say("bob", "good luck!")
    for _ in range(6):  # three attempts of two requests each
        fake.script_error(500)

    window = extract_now(channel)

    assert window.state == ConversationWindowState.FAILED
    assert window.attempts == 3
    assert "InternalServerError" in window.last_error
    assert window.messages.count() == 2  # nothing lost
    assert not Memory.objects.exists()
    failed = OutboxEvent.objects.get(kind="window.failed")  # once, when it failed for good
    assert failed.payload == {"window": window.pk, "channel": channel.pk}

    fake.script_tool_call(TOOL_NAME, SAVE_ALICE)
    assert window_retry(window=window)
    done = wait_until(
        lambda: ConversationWindow.objects.filter(pk=window.pk, state=ConversationWindowState.DONE).first(),
        timeout=60,
    )
    assert done.operations_applied == 1
    assert Memory.objects.get().content == "Alice is moving to Austin"


def test_a_timeout_is_retried(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    fake.script_timeout(4)  # the worker's client gives up after 1.5 s
    fake.script_tool_call(TOOL_NAME, SAVE_ALICE)

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE
    assert len(fake.chat_requests()) == 2
    assert Memory.objects.filter(user=people["alice"]).exists()


def test_a_malformed_tool_call_is_asked_for_once_more(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    fake.script_malformed_tool_call(TOOL_NAME)
    fake.script_tool_call(TOOL_NAME, SAVE_ALICE)

    window = extract_now(channel)

    assert window.state == ConversationWindowState.DONE
    assert len(fake.chat_requests()) == 2
    assert window.prompt_tokens == sum(len(r.prompt.split()) for r in fake.chat_requests())


def test_two_malformed_tool_calls_fail_the_window_with_the_reason(
    llm_worker: Path, fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin")
    fake.script_malformed_tool_call(TOOL_NAME)
    fake.script_malformed_tool_call(TOOL_NAME)

    window = extract_now(channel)

    assert window.state == ConversationWindowState.FAILED
    assert f"no valid {TOOL_NAME} call" in window.last_error
    assert window.attempts == 1 and window.messages.count() == 1
    # What extraction could not keep is still recalled: the line was indexed before the LLM was asked.
    assert RecallEntry.objects.filter(message__content="I'm moving to Austin", user=people["alice"]).exists()
    assert not Memory.objects.exists()
