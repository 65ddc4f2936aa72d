"""Leave room on every page of memories for a recall to update its row in place (HOT).

A recall writes only columns no index covers (access count, last access, importance and its
date), so PostgreSQL can update the row on its own page without touching any index, the HNSW
graph's included — if the page has room for the new version. A memory row is about 1.8 kB
(its vector is 1.5 kB), so a full page of four has none, and every recall wrote a new entry into
every index of the table (measured: 60 % of recalls on the benchmark's data set, and a p95 of
80 ms for `assemble_context` with recording on). Pages filled to 75 % keep room for one more
version; the space a recall leaves behind is reclaimed by the next one's page pruning.

Applies to pages written from now on. Existing rows get the room when the table is rewritten
once (``VACUUM FULL memories_memory``, or pg_repack without a lock), which the README says.
"""

from django.db import migrations

FILLFACTOR = 75


class Migration(migrations.Migration):
    dependencies = [("memories", "0005_lazy_importance_decay")]

    operations = [
        migrations.RunSQL(
            f"ALTER TABLE memories_memory SET (fillfactor = {FILLFACTOR})",
            "ALTER TABLE memories_memory RESET (fillfactor)",
        )
    ]
