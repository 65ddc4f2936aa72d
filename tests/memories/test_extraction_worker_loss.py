"""A worker killed in the middle of an extraction leaves the window to be extracted again."""

from __future__ import annotations

import signal
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from accounts.models import User
from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.windows import window_close, windows_sweep
from memories.models import Memory
from memoryhub.ai.contract import TOOL_NAME
from tests.memories.conftest import Say, start_worker
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_a_window_outlives_the_worker_that_died_extracting_it(
    fake: FakeOpenAI, channel: Channel, people: dict[str, User], say: Say, tmp_path: Path
) -> None:
    say("alice", "I'm moving to Austin next month")
    window = ConversationWindow.objects.get()
    fake.script_timeout(60)  # the LLM hangs; the worker will be killed while it waits
    fake.script_tool_call(
        TOOL_NAME, {"operations": [{"user_id": "alice_456", "action": "save", "content": "Alice is moving to Austin"}]}
    )
    env = fake.environment() | {"MEMORYHUB_LLM_TIMEOUT": "120"}
    with start_worker(tmp_path=tmp_path, extra_env=env, pool="solo") as doomed:
        window_close(window=window, reason="manual")
        wait_until(lambda: len(fake.chat_requests()) == 1, timeout=60)
        doomed.send_signal(signal.SIGKILL)
        doomed.wait()

    stuck = ConversationWindow.objects.get(pk=window.pk)
    assert (stuck.state, stuck.attempts) == (ConversationWindowState.EXTRACTING, 1)
    assert stuck.messages.count() == 1

    after_lease = timezone.now() + timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS + 1)
    assert windows_sweep(now=after_lease) == [window.pk]
    with start_worker(tmp_path=tmp_path / "second", extra_env=fake.environment()):
        done = wait_until(
            lambda: ConversationWindow.objects.filter(pk=window.pk, state=ConversationWindowState.DONE).first(),
            timeout=60,
        )
    assert done.attempts == 2
    assert Memory.objects.get(user=people["alice"]).content == "Alice is moving to Austin"
