"""Beat's nightly entry that prunes the webhook delivery log (``core.beat``)."""

from __future__ import annotations

from django.db import migrations

from core.beat import BeatEntryMigration


class Migration(migrations.Migration):
    dependencies = [("integrations", "0002_periodic_tasks")]
    operations = [BeatEntryMigration(name="prune webhook log", task="integrations.prune_webhook_log", cron=("50", "4"))]
