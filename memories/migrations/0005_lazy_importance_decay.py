"""Importance decays when it is read, not by a daily job (memories.models, IMPORTANCE_DECAY_PER_DAY).

Each memory gets the time its importance was set (``importance_at``; existing rows: now, since
their stored importance already holds every decay so far). Importance leaves the index it was in,
so that a recall, which settles the decay, changes no indexed column. Beat's daily decay entry
goes: there is nothing left for it to do.
"""

from __future__ import annotations

from typing import Any

import django.db.models.functions.datetime
import django.utils.timezone
from django.db import migrations, models


def delete_decay_entry(apps: Any, schema_editor: Any) -> None:
    apps.get_model("django_celery_beat", "PeriodicTask").objects.filter(task="memories.decay_importance").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0004_memory_created_at_settable"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="memory", name="memory_user_importance_idx"),
        migrations.AddField(
            model_name="memory",
            name="importance_at",
            field=models.DateTimeField(
                db_default=django.db.models.functions.datetime.Now(),
                default=django.utils.timezone.now,
                help_text="When importance was set, or settled by a recall.",
            ),
        ),
        migrations.AlterField(
            model_name="memory",
            name="importance",
            field=models.FloatField(default=0.6, help_text="As given at importance_at; it fades from then."),
        ),
        migrations.RunPython(delete_decay_entry, migrations.RunPython.noop),
    ]
