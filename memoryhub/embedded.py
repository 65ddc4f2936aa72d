"""Embedded services for a machine with nothing installed.

With no ``DATABASE_URL`` MemoryHub starts (or reuses) a PostgreSQL 16 with pgvector from the
``pgserver`` pip package in ``./var/pgdata`` and talks to it over its Unix socket: at a process's
first connection (``memoryhub.embedded_postgresql``), never when the settings are read. With no
``CELERY_BROKER_URL`` Celery uses kombu's filesystem transport under ``./var/broker``.
"""

from __future__ import annotations

import fcntl
import logging
import os
import subprocess
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg import sql

logger = logging.getLogger(__name__)


# The embedded server's shared buffers: a quarter of the memory the machine (or its container)
# has, from PostgreSQL's own 128 MB up to 2 GB. PostgreSQL's default keeps few of a person's
# pages: over 1 M memories and 5 M recalled lines, /context's p95 went from 35.7 ms at 128 MB to
# 27.4 ms at 2 GB once they were read, PostgreSQL's CPU from 4.0 to 2.8 ms a request
# (benchmarks/api_latency.py; benchmarks/HISTORY.md, 2026-11-29); 4 GB did no better. Buffers
# never read take no memory. An operator's own ``ALTER SYSTEM SET shared_buffers`` is kept.
SHARED_BUFFERS_MIN_MB = 128
SHARED_BUFFERS_MAX_MB = 2048
_MB = 1024 * 1024


def memory_bytes() -> int | None:
    """The memory this machine has, or its container's limit when that is lower (cgroup v2 or
    v1); None when the system does not say."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None
    for limit_file in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            limit = Path(limit_file).read_text().strip()
        except OSError:
            continue
        if limit.isdigit():  # "max": no limit
            total = min(total, int(limit))
    return total


def shared_buffers_mb(memory: int | None) -> int:
    """The embedded server's shared buffers for a machine with ``memory`` bytes, in MB."""
    if memory is None:
        return SHARED_BUFFERS_MIN_MB
    return max(SHARED_BUFFERS_MIN_MB, min(SHARED_BUFFERS_MAX_MB, memory // 4 // _MB))


def embedded_database(*, var_dir: Path, name: str | None) -> dict[str, Any]:
    """Start or reuse the embedded server and return Django's settings for database ``name``
    (made when missing; ``None``: the server only, as Django asks when it makes a test database).

    pgserver serialises start-up with an inter-process file lock and finds a server that is
    already running from ``postmaster.pid``, so web, worker, beat and test processes can all
    call this at once. The server is left running when a process exits (``cleanup_mode=None``):
    one process ending must never pull the database from under the others. ``make stop``
    stops it.

    The process that starts the server sizes its shared buffers (``shared_buffers_mb``), which
    takes a restart: under a lock of our own around the start, so no other process has
    connected yet. That happens once: the size is then the server's (``ALTER SYSTEM``).
    """
    pgdata = var_dir / "pgdata"
    # Create pgdata ourselves: pgserver's own mkdir is not race-safe between processes.
    pgdata.mkdir(parents=True, exist_ok=True)
    with (var_dir / "pgdata.start.lock").open("a") as lock, warnings.catch_warnings():
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        # platformdirs warns when XDG_RUNTIME_DIR is unset, which is normal on servers and CI.
        warnings.simplefilter("ignore")
        import pgserver
        from pgserver._commands import POSTGRES_BIN_PATH
        from pgserver.utils import PostmasterInfo

        running = PostmasterInfo.read_from_pgdata(pgdata)
        started_here = running is None or not running.is_running()
        server = pgserver.get_server(pgdata, cleanup_mode=None)
        info = server.get_postmaster_info()
        if started_here and _shared_buffers_size(host=str(info.socket_dir), port=info.port or 5432):
            logger.info("restarting the embedded PostgreSQL once, for its shared buffers")
            pg_ctl = [str(POSTGRES_BIN_PATH / "pg_ctl"), "-D", str(pgdata), "-w", "-t", "60", "-l", str(server.log)]
            # pg_ctl restarts with the options the server was started with (its socket, no TCP). Its
            # output goes to a file, as pgserver's does: the server it starts would hold a pipe open.
            with tempfile.TemporaryFile() as output:
                done = subprocess.run([*pg_ctl, "restart"], stdout=output, stderr=output, user=server.system_user)  # noqa: S603 - our own paths
                output.seek(0)
                said = output.read().decode(errors="replace")
            if done.returncode:  # e.g. a kernel that will not map that much shared memory
                logged = server.log.read_text(errors="replace").strip().splitlines()  # the reason is in its log
                logger.warning(
                    "the embedded PostgreSQL did not start with its shared buffers sized for this machine,"
                    " so it keeps %s MB: %s",
                    SHARED_BUFFERS_MIN_MB,
                    " / ".join(logged[-3:]) or said.strip(),
                )
                _shared_buffers_reset(pgdata)
                server.ensure_postgres_running()  # with pgserver's own options again
            restarted = PostmasterInfo.read_from_pgdata(pgdata)
            if restarted is None or not restarted.is_running():
                raise RuntimeError(f"the embedded PostgreSQL did not start again: {said}")
            info = restarted
    host = str(info.socket_dir)
    port = info.port or 5432
    if name is not None:
        _database_ensure(host=host, port=port, name=name)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": "postgres",
        "PASSWORD": "",
        "HOST": host,
        "PORT": str(port),
    }


def _shared_buffers_size(*, host: str, port: int) -> bool:
    """Set the server's shared buffers for this machine unless they were set with ``ALTER SYSTEM``
    before (by us or by an operator); whether the server must restart for it."""
    with psycopg.connect(host=host, port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
        row = conn.execute("SELECT sourcefile FROM pg_settings WHERE name = 'shared_buffers'").fetchone()
        if row is not None and str(row[0] or "").endswith("postgresql.auto.conf"):
            return False
        size = shared_buffers_mb(memory_bytes())
        conn.execute(sql.SQL("ALTER SYSTEM SET shared_buffers = {}").format(sql.Literal(f"{size}MB")))
    return True


def _shared_buffers_reset(pgdata: Path) -> None:
    """Put the shared buffers the server would not start with back to PostgreSQL's default, as
    ``ALTER SYSTEM`` would (the server is down, so the file is written here): the size stays
    decided, and later starts do not try it again."""
    settings = pgdata / "postgresql.auto.conf"
    lines = [line for line in settings.read_text().splitlines() if not line.startswith("shared_buffers")]
    settings.write_text("\n".join([*lines, f"shared_buffers = '{SHARED_BUFFERS_MIN_MB}MB'", ""]))


def _database_ensure(*, host: str, port: int, name: str) -> None:
    with psycopg.connect(host=host, port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
        # Two processes racing to CREATE DATABASE collide on the catalogue's unique index; an
        # advisory lock (released with the connection) lets one create while the other waits.
        conn.execute("SELECT pg_advisory_lock(hashtext('memoryhub.embedded.create_database'))")
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def embedded_database_stop(*, var_dir: Path) -> bool:
    """Stop the embedded server if it runs; returns whether it was running."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pgserver.utils import PostmasterInfo

        info = PostmasterInfo.read_from_pgdata(var_dir / "pgdata")
        if info is None or not info.is_running():
            return False
        process = info.process
        assert process is not None
        process.terminate()  # SIGTERM is PostgreSQL's "smart shutdown"
        process.wait(30)
        return True


def celery_transport_settings(*, broker_url: str, var_dir: Path, exchanges: Sequence[str] = ()) -> dict[str, Any]:
    """Broker options and result backend for ``broker_url`` (Celery's lower-case setting names).

    ``filesystem://`` is kombu's filesystem transport in ``var_dir/broker``: one folder that
    every process on the machine reads and writes, its ``exchanges`` (the task queue's) made
    ready there (``_exchange_table_ensure``). Results (only the few tasks that keep them, such as
    ``memoryhub.ping``) go to files beside it, or to Redis when the broker is Redis. The
    transport uses no host, but kombu warns "No hostname was supplied" at every connection to a
    URL without one (a web worker's first task each time): the URL gets the host kombu would
    fall back to.
    """
    if broker_url.startswith("filesystem://"):
        if not urlsplit(broker_url).hostname:
            broker_url = "filesystem://localhost/"
        queue = var_dir / "broker" / "queue"
        processed = var_dir / "broker" / "processed"
        control = var_dir / "broker" / "control"
        results = var_dir / "results"
        for folder in (queue, processed, control, results):
            folder.mkdir(parents=True, exist_ok=True)
        for exchange in exchanges:
            _exchange_table_ensure(control / f"{exchange}.exchange")
        return {
            "broker_url": broker_url,
            "broker_transport_options": {
                "data_folder_in": str(queue),
                "data_folder_out": str(queue),
                "processed_folder": str(processed),
                "store_processed": False,
                "control_folder": str(control),  # kombu's default is ./control in the working directory
            },
            "result_backend": f"file://{results}",
        }
    return {
        "broker_url": broker_url,
        "broker_transport_options": {},
        "result_backend": broker_url if broker_url.startswith(("redis://", "rediss://")) else None,
    }


def _exchange_table_ensure(path: Path) -> None:
    """An empty table of the queues bound to an exchange of kombu's filesystem transport, unless
    there is one.

    kombu keeps that table in a file it makes at the first bind and locks only once made: another
    process binding in between (the other web worker's first task, on a new install) opens it
    while it is still empty, fails to read it, and the message that sent the task is answered
    with a 500 although stored. Made here, by every process as it loads its settings (whole or
    not at all: a file of its own linked into place), the table is always there, and every bind
    reads and writes it under kombu's lock.
    """
    if path.exists():
        return
    made = path.with_name(f".{path.name}.{os.getpid()}")
    made.write_bytes(b"[]")
    try:
        os.link(made, path)
    except FileExistsError:
        pass  # another process made it first
    except OSError:  # a file system without hard links: kombu makes it at the first bind, as before
        logger.warning("could not make %s ahead of the broker's first bind", path, exc_info=True)
    finally:
        made.unlink()
