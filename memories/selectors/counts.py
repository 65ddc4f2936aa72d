"""How much each community holds, for the operators' metrics (``memoryhub/metrics.py``): a few
grouped counts over every community, read when Prometheus scrapes."""

from __future__ import annotations

from django.db.models import Count

from accounts.models import Community
from memories.models import Memory, RecallEntry


def memories_per_community() -> dict[str, int]:
    """Live memories by community slug, every community named (0 for none)."""
    counts = dict(Memory.objects.values_list("community_id").annotate(n=Count("pk")).values_list("community_id", "n"))
    return {slug: counts.get(pk, 0) for pk, slug in Community.objects.values_list("pk", "slug")}


def recall_entries_per_community() -> dict[str, int]:
    """Recall entries still in recall (not tombstoned) by community slug, every community named."""
    counts = dict(
        RecallEntry.objects.filter(removed_at__isnull=True)
        .values_list("community_id")
        .annotate(n=Count("pk"))
        .values_list("community_id", "n")
    )
    return {slug: counts.get(pk, 0) for pk, slug in Community.objects.values_list("pk", "slug")}
