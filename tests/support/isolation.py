"""A pytest plugin loaded before Django starts (``-p`` in pyproject.toml).

Test runs send their tasks to a queue of their own, so a development worker started by
`make run` on the same machine never takes (and loses) a test's task, and vice versa.

`make test` splits the suite over pytest-xdist worker processes, each with a test database of
its own (pytest-django names it ``test_memoryhub_gw0``, ``…_gw1``). They inherit the queue name
the first process chose, so each adds its worker id: a Celery worker started by one of them
must never take a task that names a row of another's database.

Tests read logs as production writes them (JSON), also when pytest runs in a terminal, where the
default would be text (``memoryhub.logs.log_format``).
"""

from __future__ import annotations

import os

os.environ.setdefault("MEMORYHUB_QUEUE", f"memoryhub-tests-{os.getpid()}")
if xdist_worker := os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ["MEMORYHUB_QUEUE"] += f"-{xdist_worker}"
os.environ.setdefault("MEMORYHUB_LOG_FORMAT", "json")
