"""The Celery application. Configuration comes from Django settings (``CELERY_*``)."""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

from celery import Celery, Task
from django.db import transaction

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

app = Celery("memoryhub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

logger = logging.getLogger(__name__)


def tasks_send_on_commit(task: Task, calls: Sequence[tuple[Any, ...]]) -> None:
    """Send ``task`` once for each tuple of arguments in ``calls`` when the surrounding
    transaction commits (tasks never see uncommitted rows).

    What the task works on is committed by then, so a broker that cannot take it (down, or
    unreachable) must not turn the request that stored it into an error: the failure is logged
    and the request answers as it would have. The rest of ``calls`` is not tried, since each
    would wait out the same retries. A window left queued is sent again by the beat sweep once
    its lease has passed (``windows_sweep``), and so is a session's final summary
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
                return

    transaction.on_commit(send)
