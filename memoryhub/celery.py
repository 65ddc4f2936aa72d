"""The Celery application. Configuration comes from Django settings (``CELERY_*``)."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from typing import Any

import structlog
from celery import Celery, Task
from celery.signals import setup_logging
from django.db import transaction
from django.dispatch import receiver
from django_structlog.celery.signals import bind_extra_task_metadata
from django_structlog.celery.steps import DjangoStructLogInitStep

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

app = Celery("memoryhub")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each task's log lines carry its id, its name and the request id of the request that queued it.
app.steps["worker"].add(DjangoStructLogInitStep)


@receiver(bind_extra_task_metadata)
def task_name_bound(sender: Any, signal: Any, task: Task | None = None, logger: Any = None, **kwargs: Any) -> None:
    if task is not None:
        structlog.contextvars.bind_contextvars(task=task.name)


@setup_logging.connect
def logging_from_django(**kwargs: Any) -> None:
    """Workers and beat log as the web does (``settings.LOGGING``), not in Celery's own format."""
    from logging.config import dictConfig

    from django.conf import settings

    dictConfig(settings.LOGGING)


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
