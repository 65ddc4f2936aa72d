"""The beat schedule (docs/architecture.md, *Keeping the store tidy*), as rows for django-celery-beat's DatabaseScheduler.

Operators may change intervals in the admin; this migration only creates missing entries.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

from core.beat import BeatEntryMigration

# (entry name, task name, schedule) — schedule is ("every", seconds) or ("cron", minute, hour).
SCHEDULE: list[tuple[str, str, tuple[Any, ...]]] = [
    ("close due windows", "memories.close_due_windows", ("every", 15)),
    ("end idle sessions", "chat.end_idle_sessions", ("every", 60)),
    ("prune expired memories", "memories.prune_expired_memories", ("cron", "5", "*")),
    ("enforce memory caps", "memories.enforce_memory_caps", ("cron", "20", "*")),
    ("decay importance", "memories.decay_importance", ("cron", "30", "3")),
    ("refresh semantic profiles", "memories.refresh_semantic_profiles", ("cron", "45", "4")),
]


class Migration(migrations.Migration):
    dependencies = [
        ("memories", "0002_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]
    operations = [
        BeatEntryMigration(name=entry, task=task, every_seconds=schedule[1])
        if schedule[0] == "every"
        else BeatEntryMigration(name=entry, task=task, cron=(schedule[1], schedule[2]))
        for entry, task, schedule in SCHEDULE
    ]
