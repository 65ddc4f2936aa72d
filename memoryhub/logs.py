"""How every process logs: one line per event, JSON in production, through structlog.

Django's and Celery's own loggers (the standard library's) and structlog's share one formatter,
so every line has the same shape, and each carries what is bound to the moment: the request's
``request_id`` (from ``X-Request-ID`` or made up, ``core.request_log``), and in a task the
``task_id`` and the ``request_id`` of the request that queued it (django-structlog's Celery
receivers carry it in the task's headers).

No line holds a request's body, its headers beyond the user agent, or its query string's values:
a bot's query and a moderator's search carry what people said (``core.access_log``).

Beat's sweeps run every few seconds (``ROUTINE_TASKS``). Their comings and goings (beat sending
one, a worker receiving, starting and finishing it) are left out below DEBUG: at INFO they were
85 lines a minute of an idle ``make run``. What a sweep did (windows queued, webhooks fanned out)
is logged by the task itself and stays, as does any warning or error.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

import structlog

# The periodic tasks that run every few seconds.
ROUTINE_TASKS = frozenset({"integrations.dispatch_webhooks", "memories.close_due_windows", "chat.end_idle_sessions"})
# django-structlog's lines for a task's comings and goings (each names the task: ``task`` is bound
# for the task's run in ``memoryhub.celery``).
_LIFECYCLE_EVENTS = frozenset({"task_enqueued", "task_started", "task_succeeded"})


def _routine_task(record: logging.LogRecord) -> bool:
    """Whether ``record`` is the coming or going of a routine task (see the module's text)."""
    if isinstance(record.msg, dict):  # structlog's, from django-structlog's Celery receivers
        event = record.msg
        name = event.get("child_task_name") or event.get("task")
        return event.get("event") in _LIFECYCLE_EVENTS and name in ROUTINE_TASKS
    if record.name in ("celery.worker.strategy", "celery.app.trace") and isinstance(record.args, dict):
        return record.args.get("name") in ROUTINE_TASKS and record.levelno <= logging.INFO  # received, succeeded
    if record.name == "celery.beat" and isinstance(record.args, tuple) and len(record.args) == 2:
        return str(record.msg).startswith("Scheduler: Sending due task") and record.args[1] in ROUTINE_TASKS
    return False


class RoutineTasksQuiet(logging.Filter):
    """Leaves out the routine tasks' comings and goings, unless the process logs at DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno > logging.INFO or logging.getLogger().isEnabledFor(logging.DEBUG):
            return True
        return not _routine_task(record)


# Applied to the standard library's records and structlog's alike, before the renderer.
_SHARED: list[Any] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_log_level,
    structlog.stdlib.add_logger_name,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
]


def log_format(env: Any) -> str:
    """``MEMORYHUB_LOG_FORMAT`` from the environment (``env``, django-environ's): ``json``, or
    ``plain`` text. Unset, it is plain with ``DEBUG`` or when the log goes to a terminal (standard
    error: someone typing ``manage.py close_windows`` beside ``make run``), and JSON when machines
    read it (a service's log, a file, a pipe)."""
    plain = env.bool("DEBUG", default=False) or (sys.stderr is not None and sys.stderr.isatty())
    return str(env.str("MEMORYHUB_LOG_FORMAT", default="plain" if plain else "json"))


def logging_from_env(env: Any) -> dict[str, Any]:
    """``logging_settings`` as the environment asks: its format (``log_format``) and ``LOG_LEVEL``."""
    return logging_settings(json=log_format(env) == "json", level=env.str("LOG_LEVEL", default="INFO"))


def logging_settings(*, json: bool, level: str) -> dict[str, Any]:
    """Django's ``LOGGING`` for this process, with structlog configured to feed it."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *_SHARED,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if json
        else structlog.dev.ConsoleRenderer(
            colors=False,
            pad_event_to=0,
            # Never rich's tracebacks: they print each frame's local variables, which may be a
            # person's message or a key.
            exception_formatter=structlog.dev.plain_traceback,
        )
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "structured": {
                "()": structlog.stdlib.ProcessorFormatter,
                "foreign_pre_chain": _SHARED,
                "processors": [
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    *([structlog.processors.format_exc_info] if json else []),
                    renderer,
                ],
            }
        },
        "filters": {"routine_tasks_quiet": {"()": RoutineTasksQuiet}},
        "handlers": {
            "console": {
                "class": "logging.StreamHandler",
                "formatter": "structured",
                "filters": ["routine_tasks_quiet"],
            }
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # pgserver logs every process start and exit at INFO.
            "pgserver": {"level": "WARNING"},
            # httpx logs every request's URL at INFO: a webhook endpoint's may carry a token.
            "httpx": {"level": "WARNING"},
            # One line per request is the web server's access log; this one adds the request id.
            "django_structlog": {"level": level},
        },
    }
