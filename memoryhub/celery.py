"""The Celery application. Configuration comes from Django settings (``CELERY_*``)."""

from __future__ import annotations

import os
from typing import Any

import structlog
from celery import Celery, Task
from celery.signals import setup_logging
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
