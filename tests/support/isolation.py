"""A pytest plugin loaded before Django starts (``-p`` in pyproject.toml).

Test runs send their tasks to a queue of their own, so a development worker started by
`make run` on the same machine never takes (and loses) a test's task, and vice versa.
"""

from __future__ import annotations

import os

os.environ.setdefault("MEMORYHUB_QUEUE", f"memoryhub-tests-{os.getpid()}")
