"""PostgreSQL stopped in the middle of a bot's batch, then started again, on a cluster of the test's
own (a copy of the test database), never the one other tests share.

What happens: the batch's transaction dies with the server, so none of it is stored, and the bot is
answered a JSON 503 with ``Retry-After`` (its code ``database_unavailable``), not a 500 page; while
the server is down every request is such a 503 (a page gets a styled one). Once it is back, the web
process and the worker reconnect by themselves: the bot's retry of the same batch is stored whole,
and its windows are extracted, once each.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

import psycopg
import pytest
from django.db import connection
from pgserver._commands import POSTGRES_BIN_PATH
from pgserver.utils import PostmasterInfo

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import Channel
from tests.faults.conftest import Answer, http_request, messages_batch, node_environment, worker
from tests.support.processes import gunicorn_serving, wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
BIN = Path(POSTGRES_BIN_PATH)


class Cluster:
    """An embedded PostgreSQL (pgserver, as `make run` starts it) in ``folder``: started by a
    process of its own, as a machine's first process would, and stopped as an operator would."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = ""

    def start(self) -> None:
        # A fresh process each time: pgserver remembers, per process, a server it started.
        probe = "import json, pathlib, sys; from memoryhub.embedded import embedded_database as start; "
        probe += "print(json.dumps(start(var_dir=pathlib.Path(sys.argv[1]), name='memoryhub')))"
        started = json.loads(
            subprocess.run(
                [sys.executable, "-c", probe, str(self.folder)], check=True, capture_output=True, timeout=120
            ).stdout
        )
        self.url = f"postgres://postgres@/memoryhub?host={quote(started['HOST'])}&port={started['PORT']}"

    def stop(self, *, mode: signal.Signals = signal.SIGINT) -> None:
        """SIGINT is PostgreSQL's fast shutdown: sessions are ended, their transactions rolled back."""
        info = PostmasterInfo.read_from_pgdata(self.folder / "pgdata")
        if info is None or not info.is_running() or info.process is None:
            return
        info.process.send_signal(mode)
        info.process.wait(60)

    def connect(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self.url, autocommit=True)

    def command_options(self) -> list[str]:
        info = PostmasterInfo.read_from_pgdata(self.folder / "pgdata")
        assert info is not None
        return ["-h", str(info.socket_dir), "-p", str(info.port or 5432), "-U", "postgres"]


@contextmanager
def cluster_copy_of_the_test_database(folder: Path) -> Iterator[Cluster]:
    """A cluster of its own holding what the test database holds now (schema, migrations, rows)."""
    cluster = Cluster(folder)
    try:
        cluster.start()
        params = connection.get_connection_params()
        source = ["-h", str(params.get("host") or ""), "-p", str(params.get("port") or 5432)]
        source += ["-U", str(params["user"]), "-d", str(params["dbname"])]
        env = dict(os.environ, PGPASSWORD=str(params.get("password") or ""))
        dump = subprocess.run(
            [BIN / "pg_dump", "--no-owner", "--no-privileges", *source], check=True, capture_output=True, env=env
        )
        subprocess.run(
            [BIN / "psql", "-q", "-v", "ON_ERROR_STOP=1", *cluster.command_options(), "-d", "memoryhub"],
            input=dump.stdout,
            check=True,
            capture_output=True,
        )
        yield cluster
    finally:
        cluster.stop(mode=signal.SIGQUIT)  # immediate: nothing to keep


def _count(db: psycopg.Connection[Any], sql: str) -> int:
    row = db.execute(sql).fetchone()
    assert row is not None
    return int(row[0])


def _unavailable(answer: Answer) -> bool:
    """The answer a client gets while the database cannot be reached."""
    return answer.status == 503 and answer.headers.get("retry-after") == "5"


def test_a_batch_cut_by_a_database_restart_is_all_or_nothing_and_both_processes_reconnect(
    tmp_path: Path, community: Community, channel: Channel
) -> None:
    _, key = apikey_create(community=community, name="restart", scopes=ApiKeyScope.values)
    channels = [channel.external_id or "", "sailing"]  # one known, one the batch makes
    batch = messages_batch(channels)
    with cluster_copy_of_the_test_database(tmp_path) as cluster:
        env = node_environment(var_dir=tmp_path, broker_url=None, DATABASE_URL=cluster.url)
        env["MEMORYHUB_DATABASE_POOL_TIMEOUT"] = "2"  # a request waits this long for a connection
        with (
            gunicorn_serving(env=env, log=tmp_path / "web.log", workers=1) as base,
            worker(env, tmp_path / "worker.log"),
            ThreadPoolExecutor(max_workers=1) as bot,
        ):
            # Both processes hold connections before the restart.
            warm_up = http_request(base, "POST", "/api/v1/messages", key=key, body=messages_batch(["warm-up", "warm"]))
            assert warm_up.status == 202, warm_up.body
            with cluster.connect() as watcher:
                wait_until(
                    lambda: _count(watcher, "SELECT count(*) FROM chat_conversationwindow WHERE state = 'done'"),
                    timeout=90,
                )
                # The batch waits for its known channel, locked by another session; then the server
                # stops, the lock still held: the batch never gets further.
                holder = cluster.connect()
                try:
                    holder.autocommit = False
                    holder.execute("SELECT 1 FROM chat_channel WHERE id = %s FOR UPDATE", [channel.pk])
                    posted = bot.submit(http_request, base, "POST", "/api/v1/messages", key=key, body=batch)
                    wait_until(  # each query of the watcher reads the activity afresh (autocommit)
                        lambda: _count(watcher, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"),
                        timeout=30,
                    )
                    cluster.stop()
                finally:
                    holder.close()
            cut = posted.result(timeout=60)
            assert _unavailable(cut), (cut.status, cut.body)
            assert cut.json()["error"]["code"] == "database_unavailable"

            # While it is down: JSON for the API, never a 500 (test_error_pages.py shows the styled page).
            down = http_request(base, "GET", "/api/v1/windows", key=key)
            assert _unavailable(down) and down.json()["error"]["code"] == "database_unavailable"
            # The load balancer's probe: alive (/healthz), but not ready (/readyz) without its database.
            assert http_request(base, "GET", "/healthz").status == 200
            ready = http_request(base, "GET", "/readyz")
            assert ready.status == 503 and ready.json()["checks"]["database"] != "ok", ready.body

            cluster.start()
            with cluster.connect() as db:
                # All or nothing: not a message, nor the channel the batch made.
                assert (
                    _count(db, "SELECT count(*) FROM chat_message WHERE external_id NOT IN ('m-warm-up', 'm-warm')")
                    == 0
                )
                assert _count(db, "SELECT count(*) FROM chat_channel WHERE external_id = 'sailing'") == 0

                answers: list[Answer] = []

                def retried() -> bool:
                    answers.append(http_request(base, "POST", "/api/v1/messages", key=key, body=batch))
                    return answers[-1].status == 202

                wait_until(retried, timeout=60, interval=0.5)  # the bot retries after Retry-After
                assert all(_unavailable(answer) for answer in answers[:-1]), [a.status for a in answers]
                assert answers[-1].json()["accepted"] == 2

                wait_until(
                    lambda: _count(db, "SELECT count(*) FROM chat_conversationwindow WHERE state = 'done'") == 4,
                    timeout=90,
                )
                assert _count(db, "SELECT count(*) FROM chat_message") == 4  # the warm-up's two and the batch
                assert _count(db, "SELECT max(attempts) FROM chat_conversationwindow") == 1
