"""Tasks sent when the transaction that made their work commits, and never an error for the
request that made it when the broker cannot take them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from celery import Task
from django.db import transaction

logger = logging.getLogger(__name__)


def tasks_send_on_commit(
    task: Task,
    calls: Sequence[tuple[Any, ...]],
    *,
    unsent: Callable[[Sequence[tuple[Any, ...]]], None] | None = None,
) -> None:
    """Send ``task`` once for each tuple of arguments in ``calls`` when the surrounding
    transaction commits (tasks never see uncommitted rows).

    What the task works on is committed by then, so a broker that cannot take it (down, or
    unreachable) must not turn the request that stored it into an error: the failure is logged
    and the request answers as it would have. The rest of ``calls`` is not tried, since each
    would wait out the same retries. ``unsent``, when given, is called with the calls not sent
    (after the commit, outside any transaction), so the caller can mark that work as waiting: a
    window then goes to the next beat sweep once the broker is back (``windows_sweep``). A
    session's final summary is sent again by its own sweep once the lease has passed
    (``sessions_final_summary_requeue``).
    """
    if not calls:
        return
    pending = list(calls)

    def send() -> None:
        for sent, arguments in enumerate(pending):
            try:
                task.delay(*arguments)
            except Exception:  # any broker or transport error: the work itself is stored
                logger.exception("could not send %s (%d of %d not sent)", task.name, len(pending) - sent, len(pending))
                if unsent is not None:
                    unsent(pending[sent:])
                return

    transaction.on_commit(send)
