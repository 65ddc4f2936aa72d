"""Beat's nightly entry that deletes idle rate buckets, a row for django-celery-beat's
DatabaseScheduler. Operators may change its time in the admin (Periodic tasks); this migration
only creates it.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

ENTRY = "prune rate buckets"
TASK = "memoryhub.prune_rate_buckets"


def create_entry(apps: Any, schema_editor: Any) -> None:
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    if task_model.objects.filter(name=ENTRY).exists():
        return
    crontab, _ = apps.get_model("django_celery_beat", "CrontabSchedule").objects.get_or_create(
        minute="55", hour="4", day_of_week="*", day_of_month="*", month_of_year="*", timezone="UTC"
    )
    task_model.objects.create(name=ENTRY, task=TASK, crontab=crontab)


def delete_entry(apps: Any, schema_editor: Any) -> None:
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=ENTRY).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memoryhub", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create_entry, delete_entry)]
