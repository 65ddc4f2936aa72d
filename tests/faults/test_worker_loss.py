"""A worker killed with SIGKILL in the middle of an extraction, on Redis and on the embedded broker.

What happens: the window stays ``extracting`` with one attempt, its messages all kept. The task is
gone with the worker on the embedded (filesystem) broker, which hands a message over as it reads
it; on Redis it waits, unacknowledged, for the broker's visibility timeout (an hour). Neither is
needed: the claim lived as long as the dead worker's database session, so the next beat sweep
after PostgreSQL closed that session (at once, for a process that died) hands the window out
again, well before the 600 s lease, and it is extracted once more, once. The bound: one sweep
interval (15 s as installed, 1 s here) plus the time for a worker to take the task.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.models import Community, User
from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.services import message_record
from memories.models import Memory
from memoryhub.ai.contract import TOOL_NAME
from tests.faults.conftest import beat, node_environment, worker
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import wait_until

State = ConversationWindowState
pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
SAVE_ALICE = {"operations": [{"user_id": "alice_456", "action": "save", "content": "Alice is moving to Austin"}]}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.mark.parametrize("broker", ["redis", "filesystem"])
def test_a_worker_killed_mid_extraction_has_its_window_redone_once_without_waiting_for_the_lease(
    broker: str,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    fake: FakeOpenAI,
    channel: Channel,
    people: dict[str, User],
    fast_sweep: None,
) -> None:
    broker_url = request.getfixturevalue("redis_server").url if broker == "redis" else None
    # The worker waits on the LLM far longer than the test: it dies waiting.
    env = node_environment(var_dir=tmp_path, broker_url=broker_url, MEMORYHUB_LLM_TIMEOUT="120") | fake.environment()
    fake.script_timeout(60)
    fake.script_tool_call(TOOL_NAME, SAVE_ALICE)
    message_record(channel=channel, author=people["alice"], content="I'm moving to Austin next month")
    window = ConversationWindow.objects.get()
    Community.objects.filter(pk=channel.community_id).update(window_quiet_seconds=1)  # due in a second

    with beat(env, tmp_path / "beat.log"):
        with worker(env, tmp_path / "doomed.log") as doomed:
            wait_until(lambda: len(fake.chat_requests()) == 1, timeout=60)
            doomed.send_signal(signal.SIGKILL)
            doomed.wait()
        stuck = ConversationWindow.objects.get(pk=window.pk)
        assert (stuck.state, stuck.attempts) == (State.EXTRACTING, 1)
        assert stuck.claimed_at is not None and stuck.claimed_at > timezone.now() - timedelta(minutes=5)

        with worker(env, tmp_path / "second.log"):
            done = wait_until(
                lambda: ConversationWindow.objects.filter(pk=window.pk, state=State.DONE).first(), timeout=60
            )

    assert done.attempts == 2  # the killed attempt, then exactly one more
    assert len(fake.chat_requests()) == 2
    assert done.messages.count() == 1
    assert list(Memory.objects.values_list("content", flat=True)) == ["Alice is moving to Austin"]
