from __future__ import annotations

from django.db import migrations
from pgvector.django import VectorExtension


class Migration(migrations.Migration):
    """pgvector must exist before any vector column or HNSW index."""

    initial = True
    dependencies: list[tuple[str, str]] = []
    operations = [VectorExtension()]
