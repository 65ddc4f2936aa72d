"""The beat schedule of PRODUCT.md §4.4, as rows for django-celery-beat's DatabaseScheduler.

Operators may change intervals in the admin; this migration only creates missing entries.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

# (entry name, task name, schedule) — schedule is ("every", seconds) or ("cron", minute, hour).
SCHEDULE: list[tuple[str, str, tuple[Any, ...]]] = [
    ("close due windows", "memories.close_due_windows", ("every", 15)),
    ("end idle sessions", "chat.end_idle_sessions", ("every", 60)),
    ("prune expired memories", "memories.prune_expired_memories", ("cron", "5", "*")),
    ("enforce memory caps", "memories.enforce_memory_caps", ("cron", "20", "*")),
    ("decay importance", "memories.decay_importance", ("cron", "30", "3")),
    ("refresh semantic profiles", "memories.refresh_semantic_profiles", ("cron", "45", "4")),
]


def create_entries(apps: Any, schema_editor: Any) -> None:
    interval_model = apps.get_model("django_celery_beat", "IntervalSchedule")
    crontab_model = apps.get_model("django_celery_beat", "CrontabSchedule")
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    for entry, task, schedule in SCHEDULE:
        if task_model.objects.filter(name=entry).exists():
            continue
        if schedule[0] == "every":
            interval, _ = interval_model.objects.get_or_create(every=schedule[1], period="seconds")
            task_model.objects.create(name=entry, task=task, interval=interval)
        else:
            crontab, _ = crontab_model.objects.get_or_create(
                minute=schedule[1],
                hour=schedule[2],
                day_of_week="*",
                day_of_month="*",
                month_of_year="*",
                timezone="UTC",
            )
            task_model.objects.create(name=entry, task=task, crontab=crontab)


def delete_entries(apps: Any, schema_editor: Any) -> None:
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name__in=[e for e, _, _ in SCHEDULE]).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0002_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create_entries, delete_entries)]
