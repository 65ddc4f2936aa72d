"""One allowance of LLM requests shared by every web and worker process, kept in PostgreSQL.

429 storms are the most common complaint against memory services; so before each request a
process takes a token from a per-minute bucket (a row updated in one statement) and one of N
in-flight slots (session advisory locks, released by PostgreSQL itself if the process dies).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import connection

from core.buckets import bucket_take
from memoryhub.ai.types import LLMUnavailableError

BUCKET = "llm_requests"
SLOT_LOCK_CLASS = 0x4D48  # advisory lock namespace "MH"
_pause = threading.Event()  # never set: its wait() is an interruptible sleep


def _token_take(*, per_minute: int) -> float:
    """Take one request token; returns 0 on success, else the seconds until one is free."""
    return bucket_take(name=BUCKET, capacity=per_minute, per_seconds=60.0)


def _slot_take(*, slots: int) -> int | None:
    with connection.cursor() as cursor:
        for slot in range(slots):
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", [SLOT_LOCK_CLASS, slot])
            if cursor.fetchone()[0]:
                return slot
    return None


def _slot_release(slot: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_unlock(%s, %s)", [SLOT_LOCK_CLASS, slot])


@contextmanager
def llm_request_slot() -> Iterator[None]:
    """Wait for a per-minute token and an in-flight slot; give up after the configured wait."""
    deadline = time.monotonic() + settings.MEMORYHUB_LLM_MAX_WAIT_SECONDS
    while (wait := _token_take(per_minute=settings.MEMORYHUB_LLM_REQUESTS_PER_MINUTE)) > 0:
        if time.monotonic() + wait > deadline:
            raise LLMUnavailableError("LLM request allowance used up; try again later")
        _pause.wait(min(wait, 1.0))
    while (slot := _slot_take(slots=settings.MEMORYHUB_LLM_MAX_IN_FLIGHT)) is None:
        if time.monotonic() > deadline:
            raise LLMUnavailableError("too many LLM requests in flight; try again later")
        _pause.wait(0.1)
    try:
        yield
    finally:
        _slot_release(slot)
