"""The database cache's table (the default cache, which holds the API's throttle counters)."""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.db import migrations


def cache_table_create(apps: Any, schema_editor: Any) -> None:
    # Creates the tables of every database cache in CACHES that does not exist yet (none with Redis).
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("memoryhub", "0001_initial")]

    operations = [migrations.RunPython(cache_table_create, migrations.RunPython.noop)]
