"""What the benchmark scripts share: a database of their own on the configured server."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import psycopg
from django.conf import settings
from django.core.management import call_command
from django.db import connection, connections
from psycopg import sql

from tests.support.processes import process_stat, worker_pids

PROJECT = Path(__file__).resolve().parent.parent

# The scripts' own ingest sends extraction tasks, and django-structlog logs each send at INFO: a
# JSON line per window among the tables. Its warnings still show.
logging.getLogger("django_structlog").setLevel(logging.WARNING)


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _server_connect() -> psycopg.Connection[Any]:
    """An autocommit connection to the maintenance database of the configured server."""
    params = connection.get_connection_params()
    params["dbname"] = "postgres"
    return psycopg.connect(**params, autocommit=True)


def bench_database_use(name: str) -> None:
    """Create ``name`` on the configured server if missing, point Django at it and migrate it.

    Benchmarks never touch the development data: they run in a database of their own.
    """
    if name == settings.DATABASES["default"]["NAME"]:
        raise SystemExit(f"{name!r} is the configured database: the benchmark needs a database of its own")
    with _server_connect() as server:
        if not server.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            try:
                server.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            except psycopg.errors.InsufficientPrivilege as error:
                raise SystemExit(
                    f"Cannot create database {name!r} ({error}). Create it once as a superuser, or run with "
                    "MEMORYHUB_VAR_DIR=/tmp/bench-var and no DATABASE_URL to use a separate embedded server."
                ) from error
            say(f"created database {name}")
    connections.close_all()
    # The same dict object as the connection handler's settings: every later connection opens `name`.
    settings.DATABASES["default"]["NAME"] = name
    assert connection.settings_dict["NAME"] == name
    call_command("migrate", verbosity=0, interactive=False)


def bench_database_drop(name: str) -> None:
    connections.close_all()
    with _server_connect() as server:
        server.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    say(f"dropped database {name}")


def bench_database_url() -> str:
    """A DATABASE_URL for the database Django now uses, for a server process started by a benchmark."""
    connection.ensure_connection()  # the embedded server's socket is known once it runs
    params = connection.settings_dict
    host = params["HOST"] or ""
    credentials = params["USER"] or ""
    if params["PASSWORD"]:
        credentials += f":{params['PASSWORD']}"
    if host.startswith("/"):
        return f"postgres://{credentials}@/{params['NAME']}?host={host}&port={params['PORT'] or 5432}"
    return f"postgres://{credentials}@{host}:{params['PORT'] or 5432}/{params['NAME']}"


def bench_database_clone(template: str, name: str) -> None:
    """A fresh copy of ``template`` as ``name`` (dropped first if there), and point Django at it."""
    if name == settings.DATABASES["default"]["NAME"] and name == template:
        raise SystemExit("the copy needs a name of its own")
    connections.close_all()
    with _server_connect() as server:
        server.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        server.execute(sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template)))
    settings.DATABASES["default"]["NAME"] = name


@contextmanager
def bench_web_server(
    command: list[str], *, base: str, log: Path, project: Path = PROJECT, env: dict[str, str] | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """A web server ``command`` on the benchmark's database (its own var dir, no broker, no API rate
    limit, no query cache: every query is embedded), once ``base``/healthz answers; stopped when the
    block ends. Its output goes to ``log``. ``project``: the checkout whose code it serves (this one
    by default); ``env``: more settings."""
    with tempfile.TemporaryDirectory() as var, log.open("wb") as output:
        environment = dict(os.environ) | {
            "DATABASE_URL": bench_database_url(),
            "MEMORYHUB_VAR_DIR": var,
            "MEMORYHUB_MODELS_DIR": str(settings.MEMORYHUB_MODELS_DIR),
            "MEMORYHUB_API_RATE": "1000000/min",
            "MEMORYHUB_QUERY_CACHE_SIZE": "0",
        }
        environment.pop("CELERY_BROKER_URL", None)
        environment |= env or {}
        server = subprocess.Popen(  # noqa: S603 - our own server
            command, cwd=project, env=environment, stdout=output, stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + 90
            while not _answers(f"{base}/healthz"):
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit(f"the web server did not start (see {log})")
                time.sleep(0.3)
            yield server
        finally:
            server.terminate()
            server.wait(30)


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _status(path: Path) -> dict[str, str]:
    """The fields of a /proc/<pid>/status file (empty if the process is gone)."""
    try:
        return dict(line.split(":", 1) for line in path.read_text().splitlines() if ":" in line)
    except OSError:
        return {}


def rss_mb(pid: int) -> float:
    """Resident memory (MB) of one process, from /proc."""
    return int(_status(Path(f"/proc/{pid}/status"))["VmRSS"].split()[0]) / 1024


def workers_rss_mb(server_pid: int) -> list[float]:
    """Resident memory (MB) of each worker process of the server (its children), from /proc."""
    sizes = (_status(Path(f"/proc/{pid}/status")).get("VmRSS") for pid in worker_pids(server_pid))
    return sorted(int(size.split()[0]) / 1024 for size in sizes if size)  # none for a process gone


def cpu_split(server_pid: int) -> dict[str, float]:
    """CPU seconds used so far by the web server (it and its workers), by PostgreSQL's processes,
    and by the whole machine (every core busy, from /proc/stat): subtract two readings."""
    hertz = os.sysconf("SC_CLK_TCK")
    web = postgres = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        read = process_stat(stat)
        if read is None:
            continue
        name, parent, ticks = read
        if stat.parent.name == str(server_pid) or parent == server_pid:
            web += ticks
        elif name.startswith("postgres"):
            postgres += ticks
    cpu = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    busy = sum(int(value) for value in cpu[:8]) - int(cpu[3]) - int(cpu[4])  # all but idle and iowait
    return {"web": web / hertz, "postgres": postgres / hertz, "machine": busy / hertz}
