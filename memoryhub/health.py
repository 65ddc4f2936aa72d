"""What ``/readyz`` checks (the database, the broker, the migrations) and the broker's queue depth.

Each check answers ``"ok"`` or a short word of what failed, never the error itself: a readiness
answer is public (load balancers ask it) and a broker's or database's error may name hosts. The
error's type goes to the log.
"""

from __future__ import annotations

import logging

from amqp.exceptions import ChannelError
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from kombu import Connection

logger = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2.0

# Once this process's migrations are all applied they stay so (a newer release adds migrations
# and code together): the migration graph is loaded until then, not on every probe.
_migrations_applied = False


def broker_queue_depth(*, timeout: float = BROKER_TIMEOUT_SECONDS) -> int:
    """Tasks waiting in the task queue (Redis: the list's length; the filesystem broker: its
    files), through kombu as the workers see it. Raises when the broker cannot be reached."""
    with Connection(
        settings.CELERY_BROKER_URL,
        transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS,
        connect_timeout=timeout,
    ) as broker:
        broker.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout)
        try:
            return int(broker.default_channel.queue_declare(queue=settings.CELERY_TASK_DEFAULT_QUEUE, passive=True)[1])
        except ChannelError:
            return 0  # no task was ever sent: Redis has no list for the queue yet


def migrations_unapplied() -> int:
    """How many of this code's migrations the database lacks."""
    global _migrations_applied
    if _migrations_applied:
        return 0
    executor = MigrationExecutor(connection)
    unapplied = len(executor.migration_plan(executor.loader.graph.leaf_nodes()))
    _migrations_applied = unapplied == 0
    return unapplied


def readiness() -> dict[str, str]:
    """Each check's answer: ``{"database": "ok", "migrations": "ok", "broker": "unreachable"}``."""
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        checks["database"] = "ok"
    except Exception as exc:  # any driver or pool error: the answer is the same
        logger.warning("readyz: the database is unreachable (%s)", type(exc).__name__)
        checks["database"] = "unreachable"
    if checks["database"] == "ok":
        unapplied = migrations_unapplied()
        checks["migrations"] = "ok" if not unapplied else f"{unapplied} unapplied"
    else:
        checks["migrations"] = "unknown"
    try:
        broker_queue_depth()
        checks["broker"] = "ok"
    except Exception as exc:  # kombu raises the transport's own errors
        logger.warning("readyz: the broker is unreachable (%s)", type(exc).__name__)
        checks["broker"] = "unreachable"
    return checks
