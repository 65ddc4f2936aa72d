"""Assertions about what the database itself refuses, a second connection that holds its locks, and
beat's entries as the migrations left them."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from django.apps import apps
from django.db import IntegrityError, connection, transaction
from django.db.migrations.loader import MigrationLoader

from core.beat import BeatEntryMigration


@contextmanager
def refused_by(constraint: str) -> Iterator[None]:
    """Expect the block's write to fail at the database, on the constraint named ``constraint``."""
    with pytest.raises(IntegrityError) as refusal, transaction.atomic():
        yield
    cause = refusal.value.__cause__
    assert isinstance(cause, psycopg.errors.IntegrityError)
    assert cause.diag.constraint_name == constraint


@contextmanager
def second_connection() -> Iterator[psycopg.Connection[Any]]:
    """A second connection to the test database, as another process would hold one."""
    params = connection.get_connection_params()
    with psycopg.connect(**params) as second:
        yield second
        second.rollback()


def row_lock(second: psycopg.Connection[Any], table: str, row_id: int) -> None:
    """Lock a row of ``table`` from the second connection until it commits or rolls back."""
    second.execute(f"SELECT 1 FROM {table} WHERE id = %s FOR UPDATE", [row_id])


@contextmanager
def lock_timeout(duration: str = "2s") -> Iterator[None]:
    """This test's connection gives up waiting for a lock after ``duration``: code that waited for a
    row another connection holds, instead of passing over it, fails with a lock timeout,
    deterministically, rather than hanging."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config('lock_timeout', %s, false)", [duration])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")


def waiting_on_a_lock() -> int:
    """How many sessions of the test database wait for a lock now (to wait for a blocked worker)."""
    with connection.cursor() as cursor:  # autocommit: a fresh view of the activity each time
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
        )
        return int(cursor.fetchone()[0])


def beat_schedule_restore() -> None:
    """Put back beat's entries as the migrations left them: every ``BeatEntryMigration`` of every
    app's migrations, then memories 0005's removal of the daily decay. A transactional test that ran
    before in the same process flushed them."""
    for migration in MigrationLoader(None, ignore_no_migrations=True).disk_migrations.values():
        for operation in migration.operations:
            if isinstance(operation, BeatEntryMigration):
                operation.entry_create(apps)
    importlib.import_module("memories.migrations.0005_lazy_importance_decay").delete_decay_entry(apps, None)
