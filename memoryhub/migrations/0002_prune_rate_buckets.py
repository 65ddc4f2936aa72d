"""Beat's nightly entry that deletes idle rate buckets (``core.beat``)."""

from __future__ import annotations

from django.db import migrations

from core.beat import BeatEntryMigration


class Migration(migrations.Migration):
    dependencies = [
        ("memoryhub", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [BeatEntryMigration(name="prune rate buckets", task="memoryhub.prune_rate_buckets", cron=("55", "4"))]
