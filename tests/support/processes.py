"""Real processes for tests: Celery workers and beat, web servers, against the test database."""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from celery import Celery
from django.conf import settings
from django.db import connection

from memoryhub.embedded import celery_transport_settings

PROJECT_DIR = Path(__file__).resolve().parents[2]


def test_database_url() -> str:
    """A DATABASE_URL for the test database this pytest process uses (socket or TCP)."""
    connection.ensure_connection()  # the embedded server's socket is known once it runs
    params = connection.settings_dict
    credentials = quote(params["USER"] or "")
    if params["PASSWORD"]:
        credentials += ":" + quote(params["PASSWORD"])
    host = params["HOST"] or ""
    port = params["PORT"] or "5432"
    if host.startswith("/"):
        return f"postgres://{credentials}@/{params['NAME']}?host={host}&port={port}"
    return f"postgres://{credentials}@{host}:{port}/{params['NAME']}"


def child_environment(*, var_dir: Path, broker_url: str | None) -> dict[str, str]:
    """Environment for a child process: the test database, its own var dir, the given broker."""
    env = dict(os.environ)
    env["DATABASE_URL"] = test_database_url()
    env["MEMORYHUB_VAR_DIR"] = str(var_dir)
    env["MEMORYHUB_MODELS_DIR"] = str(settings.MEMORYHUB_MODELS_DIR)  # the model copy is built once
    # A window over by its lines' own times waits 10 s as installed for a backlog's next lines;
    # these children's tests post their lines at once and then wait for the window, so 1 s here
    # (the wait itself is tested in process, tests/api/test_ingest.py).
    env["MEMORYHUB_WINDOW_LATE_SECONDS"] = "1"
    env.pop("CELERY_BROKER_URL", None)
    env.pop("CELERY_RESULT_BACKEND", None)
    if broker_url and not broker_url.startswith("filesystem://"):
        env["CELERY_BROKER_URL"] = broker_url
    return env


def queue_purge() -> int:
    """Drop what earlier tests of this process left in its queue (tasks sent on commit with no
    worker running, naming rows long gone); a worker started next takes only what its test sends.
    The number of tasks dropped."""
    from memoryhub.celery import app

    with app.connection_for_write() as broker:
        return int(broker.default_channel.queue_purge(settings.CELERY_TASK_DEFAULT_QUEUE) or 0)


def python_run(script: str, *args: str, env: dict[str, str], timeout: float = 120) -> str:
    """Run a Python ``script`` in a process of its own (the project's folder, ``env``); its output,
    once it exited cleanly (else the test fails with its error output)."""
    run = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=PROJECT_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def celery_client(*, broker_url: str, var_dir: Path) -> Celery:
    """A Celery app that talks to the same broker and result backend as the children we start."""
    app = Celery("tests", set_as_current=False)  # the project's tasks keep sending through its own app
    app.conf.update(
        celery_transport_settings(broker_url=broker_url, var_dir=var_dir),
        task_serializer="json",
        accept_content=["json"],
    )
    return app


@contextmanager
def running(command: list[str], *, env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Run ``command`` for the duration of the block; stop it with SIGTERM, then SIGKILL."""
    with log.open("wb") as output:
        process = subprocess.Popen(command, cwd=PROJECT_DIR, env=env, stdout=output, stderr=subprocess.STDOUT)
        try:
            yield process
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def celery_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "celery", "-A", "memoryhub", *args]


def wait_until(predicate: Callable[[], Any], *, timeout: float, interval: float = 0.2) -> Any:
    """Poll ``predicate`` until it returns something truthy; another process is doing the work.

    This waits for a real child process, it does not stand in for controlling time. The deadline
    is on the monotonic clock, which time-machine leaves alone, so a test that travels in time
    still waits its ``timeout`` of real time, however long each ``predicate`` call takes.
    """
    pause = threading.Event()
    deadline = time.monotonic() + timeout
    while True:
        result = predicate()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting after {timeout} s")
        pause.wait(interval)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def http_get(url: str) -> tuple[int, str]:
    """(status, body) of a GET on loopback; (0, "") while nothing answers yet."""
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except OSError:
        return 0, ""


def procfile_command(process: str, *, port: int, workers: int | None = None, project: Path = PROJECT_DIR) -> list[str]:
    """The Procfile's command for ``process``, as `make run` starts it in ``project``, on ``port``."""
    line = next(line for line in (project / "Procfile").read_text().splitlines() if line.startswith(f"{process}:"))
    argv = shlex.split(line.split(":", 1)[1].replace("${PORT:-8000}", str(port)))
    command = [sys.executable, "-m", Path(argv[0]).name, *argv[1:]]
    if workers is not None and "--workers" in command:
        command[command.index("--workers") + 1] = str(workers)
    return command


@contextmanager
def gunicorn_serving(*, env: dict[str, str], log: Path, workers: int = 1) -> Iterator[str]:
    """The Procfile's web server on a free loopback port, once it answers; yields its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(procfile_command("web", port=port, workers=workers), env=env, log=log):
        wait_until(lambda: http_get(f"{base}/healthz")[0] == 200, timeout=60)
        yield base


def process_stat(stat: Path) -> tuple[str, int, int] | None:
    """(command name, parent pid, user + system clock ticks) of one process, from /proc."""
    try:
        text = stat.read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    return name, int(fields[1]), int(fields[11]) + int(fields[12])


def worker_pids(server_pid: int) -> list[int]:
    """The server's worker processes (its children), from /proc."""
    return sorted(
        int(stat.parent.name)
        for stat in Path("/proc").glob("[0-9]*/stat")
        if (read := process_stat(stat)) is not None and read[1] == server_pid
    )


def threads_cpus(pid: int) -> list[frozenset[int]]:
    """The CPUs each thread of process ``pid`` may run on (empty if it is gone)."""
    allowed = []
    for thread in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            allowed.append(frozenset(os.sched_getaffinity(int(thread.name))))
    return allowed


def connections_per_worker(server_pid: int, port: int, *, closing: bool = False) -> list[int]:
    """How many open client connections to ``port`` each worker of the server holds, most first
    (from /proc: the workers' socket descriptors matched with the kernel's TCP table). ``closing``:
    count instead those the client closed and the worker has not yet (CLOSE_WAIT)."""
    in_state = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                state = "08" if closing else "01"  # CLOSE_WAIT, ESTABLISHED
                if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == state:  # its local port
                    in_state.add(fields[9])  # the socket's inode
    counts = []
    for pid in worker_pids(server_pid):
        inodes = set()
        for descriptor in Path(f"/proc/{pid}/fd").glob("*"):
            with contextlib.suppress(OSError):
                target = os.readlink(descriptor)
                if target.startswith("socket:["):
                    inodes.add(target[8:-1])
        counts.append(len(inodes & in_state))
    return sorted(counts, reverse=True)
