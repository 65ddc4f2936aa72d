"""Celery through real worker and beat processes, on the embedded broker and on Redis."""

from __future__ import annotations

import json
import os
import uuid
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from accounts.models import Community
from tests.support.db import beat_schedule_restore
from tests.support.processes import celery_client, celery_command, child_environment, running, wait_until

REDIS_URL = os.environ.get("CELERY_BROKER_URL", "")
BROKERS = [
    pytest.param("filesystem://", id="filesystem"),
    pytest.param(
        REDIS_URL,
        id="redis",
        marks=pytest.mark.skipif(
            not REDIS_URL.startswith("redis://"), reason="set CELERY_BROKER_URL=redis://… to test Redis"
        ),
    ),
]

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_each_test_process_keeps_to_a_database_and_a_queue_of_its_own() -> None:
    """`make test` runs the suite in parallel processes: a worker one of them starts must never
    take a task that names a row of another's database (tests/support/isolation.py)."""
    xdist_worker = os.environ.get("PYTEST_XDIST_WORKER")
    if xdist_worker is None:
        pytest.skip("pytest runs in one process here (no -n)")
    assert settings.CELERY_TASK_DEFAULT_QUEUE.endswith(f"-{xdist_worker}")
    assert connection.settings_dict["NAME"].endswith(f"_{xdist_worker}")


@pytest.mark.parametrize("broker_url", BROKERS)
def test_worker_process_runs_a_countdown_task_against_our_database(
    broker_url: str, tmp_path: Path, community: Community
) -> None:
    queue = f"test-{uuid.uuid4().hex[:8]}"  # a queue of our own: no other worker may take the task
    worker = celery_command("worker", "-Q", queue, "--concurrency=1", "--without-gossip", "--without-mingle")
    client = celery_client(broker_url=broker_url, var_dir=tmp_path)
    with running(worker, env=child_environment(var_dir=tmp_path, broker_url=broker_url), log=tmp_path / "worker.log"):
        sent_at = timezone.now()
        # An explicit connection: Celery lets a CELERY_BROKER_URL in the environment win over its config.
        with client.connection_for_write(broker_url) as broker:
            result = client.send_task("memoryhub.ping", countdown=2, queue=queue, connection=broker)
        answer = result.get(timeout=90)

    assert answer["database"] == connection.settings_dict["NAME"]
    assert answer["communities"] == Community.objects.count() == 1  # it sees the row this test committed
    # The embedded broker's URL names no host, which kombu warned of at every connection.
    assert "No hostname was supplied" not in (tmp_path / "worker.log").read_text()
    assert answer["worker_pid"] != os.getpid()
    eta = datetime.fromisoformat(answer["eta"])
    assert eta >= sent_at + timedelta(seconds=1.9)
    assert datetime.fromisoformat(answer["executed_at"]) >= eta  # the countdown was honoured


def test_every_entry_of_beats_schedule_names_a_task_the_workers_know() -> None:
    from memoryhub.celery import app

    app.loader.import_default_modules()  # what a worker imports as it starts: every app's tasks
    beat_schedule_restore()  # as the migrations made it (a test before may have emptied the tables)
    entries = dict(PeriodicTask.objects.values_list("name", "task"))
    assert {"close due windows", "dispatch webhooks", "prune webhook log", "prune rate buckets"} <= entries.keys()
    assert {name: task for name, task in entries.items() if task not in app.tasks} == {}


def test_beat_sends_the_scheduled_entries_from_the_database(tmp_path: Path) -> None:
    beat_schedule_restore()
    # Overdue since an hour: beat sends it as it starts, instead of one interval later.
    PeriodicTask.objects.filter(task="memories.close_due_windows").update(
        last_run_at=timezone.now() - timedelta(hours=1)
    )
    beat = celery_command("beat", "--loglevel=INFO", f"--pidfile={tmp_path / 'beat.pid'}")
    queue_folder = tmp_path / "broker" / "queue"

    def tasks_sent() -> set[str]:
        names = set()
        for message in queue_folder.glob("*.msg"):
            try:
                names.add(json.loads(message.read_text())["headers"]["task"])
            except (ValueError, KeyError):
                continue  # a file still being written
        return names

    with running(beat, env=child_environment(var_dir=tmp_path, broker_url=None), log=tmp_path / "beat.log"):
        wait_until(lambda: "memories.close_due_windows" in tasks_sent(), timeout=60)
    # Whatever beat sent comes from the entries the data migration put in the database.
    assert tasks_sent() <= set(PeriodicTask.objects.values_list("task", flat=True))
    # A sweep sent every few seconds is not a line of beat's log each time (memoryhub/logs.py).
    log = (tmp_path / "beat.log").read_text()
    assert "beat: Starting" in log
    assert "close_due_windows" not in log


def test_the_embedded_brokers_exchange_table_is_there_before_any_process_binds_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """kombu's filesystem transport makes an exchange's table at the first bind and locks it only
    once made: another process binding in between read it empty and failed, and the message whose
    task it was sending was answered with a 500 (seen with two fresh web workers). Each process
    makes the table ready as it loads its settings, and binds then record their queues in it."""
    from celery import Celery

    from memoryhub.embedded import celery_transport_settings

    options = celery_transport_settings(broker_url="filesystem://", var_dir=tmp_path, exchanges=["hub"])
    table = tmp_path / "broker" / "control" / "hub.exchange"
    assert json.loads(table.read_text()) == []  # there before anything binds

    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)  # Celery takes it over its configuration
    app = Celery("table-test", set_as_current=False)
    app.conf.update(options, task_default_queue="hub")
    app.send_task("memoryhub.ping")  # binds the queue: kombu's table, under its lock
    assert [queue for _, _, queue in json.loads(table.read_text())] == ["hub"]

    celery_transport_settings(broker_url="filesystem://", var_dir=tmp_path, exchanges=["hub"])  # the next process
    assert [queue for _, _, queue in json.loads(table.read_text())] == ["hub"]
    assert sorted(path.name for path in table.parent.iterdir()) == ["hub.exchange"]  # nothing of its own left


def test_a_file_system_without_hard_links_leaves_the_exchange_table_to_kombu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from memoryhub.embedded import celery_transport_settings

    def refused(source: object, target: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", refused)
    options = celery_transport_settings(broker_url="filesystem://", var_dir=tmp_path, exchanges=["hub"])
    assert options["broker_url"].startswith("filesystem://")  # the settings load all the same
    assert list((tmp_path / "broker" / "control").iterdir()) == []  # nothing half-made left behind
    assert "ahead of the broker's first bind" in caplog.text
