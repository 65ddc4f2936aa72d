"""Beat's entry for the webhooks' dispatcher, every 5 s (``core.beat``)."""

from __future__ import annotations

from django.db import migrations

from core.beat import BeatEntryMigration


class Migration(migrations.Migration):
    dependencies = [
        ("integrations", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [BeatEntryMigration(name="dispatch webhooks", task="integrations.dispatch_webhooks", every_seconds=5)]
