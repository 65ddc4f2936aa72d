"""The broker goes down while bots post: every message is stored and answered, and the windows are
extracted, once each, as soon as the broker is back (the next beat sweep), not after the lease."""

from __future__ import annotations

from pathlib import Path

import pytest

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import ConversationWindow, ConversationWindowState, Message
from tests.faults.conftest import RedisServer, beat, http_request, messages_batch, node_environment, worker
from tests.support.processes import gunicorn_serving, wait_until

State = ConversationWindowState
pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_messages_posted_while_the_broker_is_down_are_kept_and_extracted_once_it_returns(
    tmp_path: Path, community: Community, redis_server: RedisServer, fast_sweep: None
) -> None:
    _, key = apikey_create(community=community, name="outage", scopes=ApiKeyScope.values)
    env = node_environment(var_dir=tmp_path, broker_url=redis_server.url)
    channels = ["general", "sailing", "books"]
    with (
        gunicorn_serving(env=env, log=tmp_path / "web.log", workers=1) as base,
        worker(env, tmp_path / "worker.log"),
        beat(env, tmp_path / "beat.log"),
    ):
        redis_server.stop()
        answer = http_request(base, "POST", "/api/v1/messages", key=key, body=messages_batch(channels))
        assert answer.status == 202, answer.body
        assert answer.json()["accepted"] == 3
        waiting = ConversationWindow.objects.filter(state=State.DUE)
        assert waiting.count() == 3
        assert not waiting.filter(enqueued_at__isnull=False).exists()  # marked for the next sweep

        redis_server.start()
        wait_until(lambda: ConversationWindow.objects.filter(state=State.DONE).count() == 3, timeout=90)

    assert Message.objects.count() == 3
    windows = ConversationWindow.objects.all()
    assert [(w.state, w.attempts, w.message_count) for w in windows] == [(State.DONE, 1, 1)] * 3
    assert "could not send memories.extract_window (3 of 3 not sent)" in (tmp_path / "web.log").read_text()
