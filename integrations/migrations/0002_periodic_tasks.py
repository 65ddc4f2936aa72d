"""Beat's entry for the webhooks' dispatcher, a row for django-celery-beat's DatabaseScheduler.

Operators may change its interval in the admin (Periodic tasks); this migration only creates it.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

ENTRY = "dispatch webhooks"
TASK = "integrations.dispatch_webhooks"
EVERY_SECONDS = 5


def create_entry(apps: Any, schema_editor: Any) -> None:
    task_model = apps.get_model("django_celery_beat", "PeriodicTask")
    if task_model.objects.filter(name=ENTRY).exists():
        return
    interval, _ = apps.get_model("django_celery_beat", "IntervalSchedule").objects.get_or_create(
        every=EVERY_SECONDS, period="seconds"
    )
    task_model.objects.create(name=ENTRY, task=TASK, interval=interval)


def delete_entry(apps: Any, schema_editor: Any) -> None:
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(name=ENTRY).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("integrations", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [migrations.RunPython(create_entry, delete_entry)]
