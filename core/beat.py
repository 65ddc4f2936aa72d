"""Beat's entries as data migrations write them: rows for django-celery-beat's DatabaseScheduler.

A migration creates its app's entries once (an entry an operator has since changed in the admin,
Periodic tasks, is left as it is) and its reverse deletes them. The functions take the migration's
``apps``, whose historical models are what a migration may use.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations


def beat_entry_create(
    apps: Any, *, name: str, task: str, every_seconds: int | None = None, cron: tuple[str, str] | None = None
) -> None:
    """Create the entry ``name`` running ``task`` every ``every_seconds``, or at ``cron`` (its
    minute and hour fields, crontab's syntax, UTC; every day of the month and week), unless an
    entry of that name exists."""
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    if task_model.objects.filter(name=name).exists():
        return
    if every_seconds is not None:
        interval, _ = apps.get_model("django_celery_beat", "IntervalSchedule").objects.get_or_create(
            every=every_seconds, period="seconds"
        )
        task_model.objects.create(name=name, task=task, interval=interval)
        return
    assert cron is not None, "an entry runs every so many seconds or at a time of day"
    minute, hour = cron
    crontab, _ = apps.get_model("django_celery_beat", "CrontabSchedule").objects.get_or_create(
        minute=minute, hour=hour, day_of_week="*", day_of_month="*", month_of_year="*", timezone="UTC"
    )
    task_model.objects.create(name=name, task=task, crontab=crontab)


def beat_entries_delete(apps: Any, *names: str) -> None:
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name__in=names).delete()


class BeatEntryMigration(migrations.RunPython):
    """A migration's operation creating one entry (``beat_entry_create``); reversed, it deletes it.
    Its class names it among a migration's operations: the schedule the migrations make can be
    made again from them (the tests' ``beat_schedule_restore``)."""

    def __init__(
        self, *, name: str, task: str, every_seconds: int | None = None, cron: tuple[str, str] | None = None
    ) -> None:
        def create(apps: Any, schema_editor: Any) -> None:
            beat_entry_create(apps, name=name, task=task, every_seconds=every_seconds, cron=cron)

        def delete(apps: Any, schema_editor: Any) -> None:
            beat_entries_delete(apps, name)

        super().__init__(create, delete)
        self._create = create

    def entry_create(self, apps: Any) -> None:
        """Make the entry again, outside a migration (``apps``: the app registry)."""
        self._create(apps, None)
