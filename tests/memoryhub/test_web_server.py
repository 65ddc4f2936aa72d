"""The web process of `make run` and the Procfile: gunicorn serving the app and its static files."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.db import connection

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import ConversationWindowState, Message
from core.http_protocol import URL_MAX_BYTES
from tests.support.processes import (
    PROJECT_DIR,
    child_environment,
    connections_per_worker,
    free_port,
    gunicorn_serving,
    http_get,
    procfile_command,
    running,
    threads_cpus,
    wait_until,
    worker_pids,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_gunicorn_serves_the_admin_login_and_its_stylesheet(tmp_path: Path) -> None:
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        assert http_get(f"{base}/healthz") == (200, '{"status": "ok"}')
        status, page = http_get(f"{base}/admin/login/")
        assert status == 200
        assert 'name="username"' in page and 'name="password"' in page
        stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page)
        assert stylesheet is not None
        status, css = http_get(f"{base}{stylesheet.group(1)}")
        assert status == 200 and "{" in css


def test_the_web_app_loads_the_embedding_model_then_freezes_what_it_holds_once_imported(tmp_path: Path) -> None:
    """The first requests do not wait for the model, and a full garbage collection does not walk
    what lives as long as the process (in a process of its own: the freeze is for ever)."""
    probe = (
        "import gc, json\n"
        "import memoryhub.asgi as app\n"
        "from memoryhub.ai import embeddings\n"
        "done = app.warmed_up.wait(300)\n"
        "print(json.dumps([done, gc.get_freeze_count(), len(gc.get_objects()), len(embeddings._runtimes)]))\n"
    )
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_EMBEDDINGS": "local"}
    result = subprocess.run(
        [sys.executable, "-c", probe], env=env, cwd=PROJECT_DIR, capture_output=True, text=True, timeout=600
    )
    assert result.returncode == 0, result.stderr[-2000:]
    done, frozen, tracked, runtimes = json.loads(result.stdout.strip().splitlines()[-1])
    assert done
    assert runtimes == 1  # the local model's session, loaded before any request
    assert frozen > 10_000 and tracked < frozen // 10, (frozen, tracked)  # Django, the apps, the model: not walked


def test_the_web_server_borrows_database_connections_from_a_pool(tmp_path: Path) -> None:
    """Under ASGI a connection cannot persist; each request borrows one from the process's pool and
    gives it back, so 30 requests neither start 30 PostgreSQL backends nor leave them open."""

    def web_backends() -> list[int]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pid FROM pg_stat_activity WHERE application_name = 'pool-test-web'")
            return sorted(row[0] for row in cursor.fetchall())

    env = child_environment(var_dir=tmp_path, broker_url=None) | {
        "MEMORYHUB_DATABASE_POOL_MAX": "3",
        "MEMORYHUB_DATABASE_APPLICATION_NAME": "pool-test-web",
    }
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        assert http_get(f"{base}/readyz")[0] == 200  # asks the database (/healthz does not): the pool opens
        before = web_backends()
        for _ in range(30):
            assert http_get(f"{base}/readyz")[0] == 200
        after = web_backends()
    assert 1 <= len(before) <= 3 and 1 <= len(after) <= 3, (before, after)
    assert set(before) & set(after)  # the same backends served the requests


def test_a_chunked_api_body_is_read_not_taken_as_empty(tmp_path: Path, community: Community) -> None:
    _, key = apikey_create(community=community, name="chunky", scopes=ApiKeyScope.values)
    body = json.dumps({"channel": "general", "author": "alice_456", "content": "I love sailing", "message_id": "c1"})
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        status, answer = _post_chunked(base, key, [body[:10].encode(), body[10:].encode()])
    assert status == 202, answer
    assert answer["accepted"] == 1
    assert Message.objects.get(external_id="c1").content == "I love sailing"


def _post_chunked(base: str, key: str, pieces: list[bytes]) -> tuple[int, Any]:
    """POST ``pieces`` to /api/v1/messages with no Content-Length (chunked): the status and the answer."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.request(
            "POST",
            "/api/v1/messages",
            body=iter(pieces),
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_messages_are_accepted_while_the_broker_is_down_and_their_windows_wait_for_the_sweep(
    tmp_path: Path, community: Community
) -> None:
    """The broker is a Redis port where nothing listens. The messages are stored and their windows,
    whose talk is over, close; their extraction tasks cannot be sent, so the bot is told the
    messages were accepted (not a 500 it would retry), and the windows wait for the next sweep.
    After the first failed send the second is not tried: it would wait out the same retries."""
    _, key = apikey_create(community=community, name="outage", scopes=ApiKeyScope.values)
    sent_at = (datetime.now(UTC) - timedelta(minutes=10)).isoformat()  # the windows are due at once
    messages = [
        {"channel": channel, "author": "alice_456", "content": "I moved to Lisbon", "message_id": f"o-{channel}"}
        for channel in ("general", "sailing")
    ]
    body = json.dumps({"messages": [message | {"sent_at": sent_at} for message in messages]})
    env = child_environment(var_dir=tmp_path, broker_url=f"redis://127.0.0.1:{free_port()}/0")
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        status, answer = _post_chunked(base, key, [body.encode()])

    assert status == 202, answer
    assert answer["accepted"] == 2
    windows = [message.window for message in Message.objects.select_related("window").order_by("pk")]
    assert len(windows) == 2
    for window in windows:
        assert window is not None
        assert window.state == ConversationWindowState.DUE
        assert window.enqueued_at is None  # not queued: the next sweep sends it (tests/faults/)
    assert "could not send memories.extract_window (2 of 2 not sent)" in (tmp_path / "web.log").read_text()


def test_the_api_rate_holds_across_web_processes(tmp_path: Path, community: Community) -> None:
    _, key = apikey_create(community=community, name="busy", scopes=ApiKeyScope.values)
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_API_RATE": "4/min"}
    env.pop("CACHE_URL", None)  # the default configuration
    with (
        gunicorn_serving(env=env, log=tmp_path / "web1.log") as first,
        gunicorn_serving(env=env, log=tmp_path / "web2.log") as second,
    ):
        statuses = [_get_with_key(base, key) for base in (first, second, first, second, first)]
    assert statuses == [200, 200, 200, 200, 429]  # two processes, one allowance


def _get_with_key(base: str, key: str) -> int:
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        connection.request("GET", "/api/v1/windows", headers={"Authorization": f"Bearer {key}"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_the_plain_django_path_serves_the_api_as_the_fast_path(tmp_path: Path, community: Community) -> None:
    """``MEMORYHUB_FAST_PATH=0``: Django's ASGI handler for every request, uvicorn-worker's own
    serving and Django's cursors, behind the same Procfile command; the API answers the same."""
    _, key = apikey_create(community=community, name="both ways", scopes=ApiKeyScope.values)
    answers = []
    for fast in ("1", "0"):
        line = {"channel": "general", "author": "ana_1", "content": "I'm moving to Porto", "message_id": f"m{fast}"}
        env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_FAST_PATH": fast}
        with gunicorn_serving(env=env, log=tmp_path / f"web-{fast}.log") as base:
            status, answer = _post_chunked(base, key, [json.dumps({"messages": [line]}).encode()])
            answers.append((status, answer["accepted"], answer["messages"][0]["memory_off"], _get_with_key(base, key)))
    assert answers == [(202, 1, False, 200)] * 2
    assert Message.objects.filter(external_id__in=["m1", "m0"]).count() == 2


@pytest.mark.parametrize("fast", ["1", "0"], ids=["fast path", "plain path"])
def test_a_url_too_long_to_read_gets_a_414_in_json_on_the_api(tmp_path: Path, fast: str) -> None:
    """uvicorn reads the request line (gunicorn's limit never applies): up to ``URL_MAX_BYTES`` a
    URL reaches the app; past it the server answers 414 itself, as the API answers errors."""
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_FAST_PATH": fast}
    start = "/api/v1/context?user=alice_456&query="
    longest = start + "a" * (URL_MAX_BYTES - len(start))
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        assert _get_raw(base, longest)[0] == 401  # read whole: the API asks for a key
        for url in (longest + "a", start + "a" * 1_000_000):
            status, content_type, body = _get_raw(base, url)
            assert (status, content_type) == (414, "application/json"), body[:200]
            assert json.loads(body)["error"]["code"] == "uri_too_long"
        status, content_type, body = _get_raw(base, "/admin/login/?next=" + "a" * URL_MAX_BYTES)
        assert (status, content_type) == (414, "text/plain; charset=utf-8") and b"URI Too Long" in body


def _get_raw(base: str, url: str) -> tuple[int, str, bytes]:
    """GET ``url`` as sent, on a connection of its own: the status, content type and body."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    try:
        connection.request("GET", url)
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type") or "", response.read()
    finally:
        connection.close()


def test_a_body_larger_than_what_is_read_ahead_arrives_whole(tmp_path: Path, community: Community) -> None:
    """The server reads the first READ_AHEAD_BYTES of a body on its event loop and pulls the rest
    as Django reads it: a batch over that size, sent in small chunks, is stored whole."""
    from core.fastpath.bridge import READ_AHEAD_BYTES

    _, key = apikey_create(community=community, name="bulk", scopes=ApiKeyScope.values)
    content = "I love sailing on the lake near our house. " * 90  # ~3,900 characters
    messages = [
        {"channel": "general", "author": f"sailor-{n % 7}", "content": content, "message_id": f"bulk-{n}"}
        for n in range(100)
    ]
    body = json.dumps({"messages": messages}).encode()
    assert len(body) > READ_AHEAD_BYTES
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        status, answer = _post_chunked(base, key, [body[start : start + 8192] for start in range(0, len(body), 8192)])
    assert status == 202, answer
    assert answer["accepted"] == 100
    assert Message.objects.filter(external_id__startswith="bulk-").count() == 100
    assert set(Message.objects.filter(external_id__startswith="bulk-").values_list("content", flat=True)) == {
        content.strip()
    }


def test_the_access_log_keeps_the_names_of_query_parameters_not_what_a_person_said(
    tmp_path: Path, community: Community
) -> None:
    _, key = apikey_create(community=community, name="logged", scopes=ApiKeyScope.values)
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_LOG_FORMAT": "json"}
    log = tmp_path / "web.log"
    with gunicorn_serving(env=env, log=log) as base:
        parts = urlsplit(base)
        connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
        try:
            target = "/api/v1/context?user=alice_456&query=my+secret+plan+for+Lisbon&record_access=false"
            connection.request("GET", target, headers={"Authorization": f"Bearer {key}"})
            response = connection.getresponse()
            assert response.status == 200, response.read()
            response.read()
        finally:
            connection.close()
    written = log.read_text()  # the server has stopped: every line is written
    assert "Lisbon" not in written and "alice_456" not in written
    # gunicorn's and uvicorn's lines are JSON, as every process's are in production.
    lines = [json.loads(line) for line in written.splitlines()]
    access = [line["event"] for line in lines if line["logger"] == "uvicorn.access" and "/api/" in line["event"]]
    assert len(access) == 1 and access[0].endswith('"GET /api/v1/context?user&query&record_access HTTP/1.1" 200')
    assert {"gunicorn.error", "uvicorn.error"} <= {line["logger"] for line in lines}


def test_two_workers_take_the_connections_in_turn(tmp_path: Path) -> None:
    """A bot keeps its connection open, so the worker it falls on serves all its requests: each new
    connection goes to the worker holding the fewest (core/fastpath/web_worker.py), also after some close.

    A connection waits 0.25 s for the worker whose turn it is; on two cores busy with other tests
    that worker may not run so soon, and the other takes it. The test waits longer: it is about
    whose turn it is, not how long a busy machine takes to give it. After clients close, it waits
    too until their workers have closed those connections: the kernel stops counting one as
    established when its client closes it, before its worker has heard (it then held one more)."""
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS": "10"}
    port, log = free_port(), tmp_path / "web.log"
    clients: list[http.client.HTTPConnection] = []

    def connect() -> None:
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        client.request("GET", "/healthz")
        assert client.getresponse().read() == b'{"status": "ok"}'  # accepted and served
        clients.append(client)

    def placement(number: int) -> list[int]:
        """Connections per worker once ``number`` are open, most first."""

        def settled() -> list[int]:  # and no connection a client closed still open in its worker
            counts = connections_per_worker(server.pid, port)
            closing = sum(connections_per_worker(server.pid, port, closing=True))
            return counts if sum(counts) == number and not closing else []

        return wait_until(settled, timeout=10)

    with running(procfile_command("web", port=port, workers=2), env=env, log=log) as server:
        wait_until(lambda: log.read_text().count("Application startup complete") == 2, timeout=60)
        try:
            for number in range(1, 7):
                connect()
                assert placement(number) == [(number + 1) // 2, number // 2], number
            for client in clients[:3]:  # the first three: two on one worker, one on the other
                client.close()
            assert sorted(placement(3)) == [1, 2]
            for number in range(4, 7):
                connect()
                assert placement(number) == [(number + 1) // 2, number // 2], number
        finally:
            for client in clients:
                client.close()


def _workers_cpus(server_pid: int, workers: int) -> list[frozenset[int]]:
    """The one set of CPUs each of the server's ``workers`` keeps every thread to, once each has
    started and set its threads' CPUs (a worker whose threads disagree is not there yet)."""

    def settled() -> list[frozenset[int]]:
        placed = [set(threads_cpus(pid)) for pid in worker_pids(server_pid)]
        if len(placed) != workers or any(len(threads) != 1 for threads in placed):
            return []
        return [threads.pop() for threads in placed]

    return wait_until(settled, timeout=60)  # type: ignore[no-any-return]


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs two CPUs to choose from")
def test_each_worker_keeps_to_a_cpu_of_its_own_also_when_one_is_started_again(tmp_path: Path) -> None:
    env = child_environment(var_dir=tmp_path, broker_url=None)
    port, log = free_port(), tmp_path / "web.log"
    cpus = os.sched_getaffinity(0)
    with running(procfile_command("web", port=port, workers=2), env=env, log=log) as server:
        wait_until(lambda: log.read_text().count("Application startup complete") == 2, timeout=60)
        placed = _workers_cpus(server.pid, 2)
        assert all(len(one) == 1 and one <= cpus for one in placed) and placed[0] != placed[1], placed

        died = worker_pids(server.pid)[0]
        os.kill(died, signal.SIGKILL)  # it cannot free its slot: the one gunicorn starts in its place takes it
        wait_until(lambda: died not in worker_pids(server.pid) and len(worker_pids(server.pid)) == 2, timeout=30)
        wait_until(lambda: log.read_text().count("Application startup complete") == 3, timeout=60)
        again = _workers_cpus(server.pid, 2)
        assert sorted(again, key=min) == sorted(placed, key=min)
        assert http_get(f"http://127.0.0.1:{port}/healthz")[0] == 200


def test_the_kernel_places_the_workers_when_their_cpus_are_not_set(tmp_path: Path) -> None:
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"MEMORYHUB_WEB_CPU_AFFINITY": "0"}
    port, log = free_port(), tmp_path / "web.log"
    with running(procfile_command("web", port=port, workers=2), env=env, log=log) as server:
        wait_until(lambda: log.read_text().count("Application startup complete") == 2, timeout=60)
        assert http_get(f"http://127.0.0.1:{port}/healthz")[0] == 200  # started and serving
        assert _workers_cpus(server.pid, 2) == [frozenset(os.sched_getaffinity(0))] * 2
