"""Real processes for the fault tests: a Redis of the test's own, a worker, beat, a web server.

Each test that stops a service starts its own copy of it (a ``redis-server`` here, a PostgreSQL
cluster in test_database_restart.py), never the one other tests share. Every process is started
in a ``with`` block that stops it, failed test or not.
"""

from __future__ import annotations

import http.client
import json
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import redis
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from tests.support.db import beat_schedule_restore
from tests.support.processes import celery_command, child_environment, free_port, running, wait_until

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
SWEEP_SECONDS = 1  # beat's sweep here; 15 s as installed


class RedisServer:
    """A ``redis-server`` of the test's own on a free loopback port, stopped and started at will."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._stack = ExitStack()
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        command += ["--dir", str(self.folder)]
        self._process = self._stack.enter_context(running(command, env={}, log=self.folder / "redis.log"))
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        wait_until(lambda: _answers(client), timeout=20, interval=0.05)

    def stop(self) -> None:
        """Stop it as a crash or an outage would: its queues are gone with it (nothing saved)."""
        self._stack.close()
        self._process = None


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def node_environment(*, var_dir: Path, broker_url: str | None, **extra: str) -> dict[str, str]:
    """A machine's environment: the test database, its own var dir, the broker; the offline engine
    unless ``extra`` names an LLM. The lease stays as installed (600 s): recovering from a dead
    worker must not wait for it."""
    env = child_environment(var_dir=var_dir, broker_url=broker_url)
    env |= {"OPENAI_API_KEY": "", "MEMORYHUB_EXTRACTION_RETRY_SECONDS": "0.2"}
    return env | extra


# The tests count beat's sweeps in the logs (``tasks_done``), whose comings and goings are logged
# at DEBUG only (memoryhub/logs.py).
ROUTINE_LOGGED = {"LOG_LEVEL": "DEBUG"}


@contextmanager
def worker(
    env: dict[str, str], log: Path, *, pool: str = "solo", concurrency: int = 1
) -> Iterator[subprocess.Popen[bytes]]:
    command = celery_command("worker", f"--pool={pool}", f"--concurrency={concurrency}")
    command += ["--without-gossip", "--without-mingle"]
    with running([*command, "--loglevel=INFO"], env=env | ROUTINE_LOGGED, log=log) as process:
        yield process


@contextmanager
def beat(env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    command = celery_command("beat", "--loglevel=INFO", f"--pidfile={log.with_suffix('.pid')}")
    with running(command, env=env | ROUTINE_LOGGED, log=log) as process:
        yield process


@pytest.fixture
def fast_sweep(transactional_db: None) -> None:
    """Beat's entries as installed, but only the window sweep, every second."""
    beat_schedule_restore()
    every, _ = IntervalSchedule.objects.get_or_create(every=SWEEP_SECONDS, period=IntervalSchedule.SECONDS)
    PeriodicTask.objects.filter(task="memories.close_due_windows").update(interval=every, enabled=True)
    PeriodicTask.objects.exclude(task="memories.close_due_windows").update(enabled=False)


def tasks_done(log: Path, task: str) -> int:
    """How many ``task`` runs a worker's log reports finished."""
    try:
        text = log.read_text(errors="replace")
    except FileNotFoundError:
        return 0
    return sum(1 for line in text.splitlines() if f"Task {task}[" in line and " succeeded in " in line)


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def http_request(base: str, method: str, path: str, *, key: str = "", body: Any = None) -> Answer:
    """One request on loopback, whatever its status (urllib would raise on a 503)."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=60)
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {key}"} if key else {})
    try:
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    finally:
        connection.close()


def messages_batch(
    channels: list[str], *, author: str = "alice_456", text: str = "I moved to Lisbon"
) -> dict[str, Any]:
    """A bot's batch, one message in each channel, said ten minutes ago: each window is due at once
    (a batch of one line waits a moment for the next lines of its backlog)."""
    sent_at = (datetime.now(UTC) - timedelta(minutes=10)).isoformat()
    return {
        "messages": [
            {"channel": channel, "author": author, "content": text, "message_id": f"m-{channel}", "sent_at": sent_at}
            for channel in channels
        ]
    }
