"""Embedded services for a machine with nothing installed.

With no ``DATABASE_URL`` MemoryHub starts (or reuses) a PostgreSQL 16 with pgvector from the
``pgserver`` pip package in ``./var/pgdata`` and talks to it over its Unix socket: at a process's
first connection (``memoryhub.embedded_postgresql``), never when the settings are read. With no
``CELERY_BROKER_URL`` Celery uses kombu's filesystem transport under ``./var/broker``.
"""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psycopg
from psycopg import sql

logger = logging.getLogger(__name__)


def embedded_database(*, var_dir: Path, name: str | None) -> dict[str, Any]:
    """Start or reuse the embedded server and return Django's settings for database ``name``
    (made when missing; ``None``: the server only, as Django asks when it makes a test database).

    pgserver serialises start-up with an inter-process file lock and finds a server that is
    already running from ``postmaster.pid``, so web, worker, beat and test processes can all
    call this at once. The server is left running when a process exits (``cleanup_mode=None``):
    one process ending must never pull the database from under the others. ``make stop``
    stops it.
    """
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset, which is normal on servers and CI.
        warnings.simplefilter("ignore")
        import pgserver

        # Create pgdata ourselves: pgserver's own mkdir is not race-safe between processes.
        (var_dir / "pgdata").mkdir(parents=True, exist_ok=True)
        server = pgserver.get_server(var_dir / "pgdata", cleanup_mode=None)
        info = server.get_postmaster_info()
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
