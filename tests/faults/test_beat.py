"""Beat stopped for a while, and two beats started by mistake.

Beat only sends the sweep (``memories.close_due_windows``); the sweep closes due windows and queues
each one once, taking rows with ``FOR UPDATE SKIP LOCKED`` and marking them queued. So windows that
fall due while beat is stopped wait, kept, and are extracted at its first sweep back; a second beat
doubles the sweeps, not the work: every window is queued once, claimed once, extracted once.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from accounts.models import Community, User
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message
from chat.services import channel_create, message_record
from tests.faults.conftest import beat, node_environment, tasks_done, worker
from tests.support.processes import wait_until

State = ConversationWindowState
pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
SWEEP = "memories.close_due_windows"
EXTRACT = "memories.extract_window"


def _talk(community: Community, people: dict[str, User], names: list[str]) -> list[Channel]:
    """A line in each of new channels ``names``, said half a minute ago: their windows stay open."""
    said_at = timezone.now() - timedelta(seconds=30)
    channels = [channel_create(community=community, name=name, external_id=name) for name in names]
    for channel in channels:
        message_record(channel=channel, author=people["alice"], content="I just adopted a grey cat", created_at=said_at)
    return channels


def _quiet_after(community: Community, seconds: int) -> None:
    """The community's quiet time, as a moderator sets it: the open windows above are due at once."""
    Community.objects.filter(pk=community.pk).update(window_quiet_seconds=seconds)


def _done(count: int) -> bool:
    return ConversationWindow.objects.filter(state=State.DONE).count() == count


def _more_sweeps(log: Path, *, after: int) -> bool:
    return tasks_done(log, SWEEP) >= after + 2


def test_windows_due_while_beat_is_stopped_are_extracted_once_when_it_returns(
    tmp_path: Path, community: Community, people: dict[str, User], fast_sweep: None
) -> None:
    env = node_environment(var_dir=tmp_path, broker_url=None)
    log = tmp_path / "worker.log"
    _talk(community, people, ["before"])
    _quiet_after(community, 1)
    with worker(env, log):
        with beat(env, tmp_path / "beat.log"):
            wait_until(lambda: _done(1), timeout=90)
        # Beat is stopped: windows fall due and wait, open, with their messages.
        _quiet_after(community, 180)
        _talk(community, people, ["during-1", "during-2"])
        _quiet_after(community, 1)
        assert ConversationWindow.objects.filter(state=State.OPEN).count() == 2

        with beat(env, tmp_path / "beat-again.log"):
            wait_until(lambda: _done(3), timeout=90)
            sweeps = tasks_done(log, SWEEP)
            wait_until(lambda: _more_sweeps(log, after=sweeps), timeout=60)

    assert (
        list(ConversationWindow.objects.values_list("state", "attempts", "message_count")) == [(State.DONE, 1, 1)] * 3
    )
    assert tasks_done(log, EXTRACT) == 3
    assert Message.objects.count() == 3


def test_two_beats_started_by_mistake_double_the_sweeps_not_the_work(
    tmp_path: Path, community: Community, people: dict[str, User], fast_sweep: None
) -> None:
    env = node_environment(var_dir=tmp_path, broker_url=None)
    log = tmp_path / "worker.log"
    _talk(community, people, [f"room-{n}" for n in range(4)])
    with (
        worker(env, log, pool="prefork", concurrency=2),
        beat(env, tmp_path / "beat-1.log"),
        beat(env, tmp_path / "beat-2.log"),
    ):
        _quiet_after(community, 1)
        wait_until(lambda: _done(4), timeout=90)
        sweeps = tasks_done(log, SWEEP)
        wait_until(lambda: _more_sweeps(log, after=sweeps), timeout=60)

    both = [(tmp_path / f"beat-{n}.log").read_text() for n in (1, 2)]
    assert all(f"({SWEEP})" in sent for sent in both)  # both beats were sending
    assert list(ConversationWindow.objects.values_list("state", "attempts")) == [(State.DONE, 1)] * 4
    assert tasks_done(log, EXTRACT) == 4  # each window was queued once
    assert Message.objects.count() == 4
