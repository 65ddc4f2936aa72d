"""A recall rewrites no index entry: PostgreSQL updates the memory's row on its own page (HOT)."""

from __future__ import annotations

from django.db import connection
from django.utils import timezone

from accounts.models import Community, User
from memories.services.context import memories_access_record
from tests.support.memories import remember


def _updates() -> tuple[int, int]:
    """This transaction's (updates, of which in place) on memories_memory."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = 'memories_memory'"
        )
        updated, in_place = cursor.fetchone()
    return updated, in_place


def test_a_recall_updates_memories_in_place_even_on_pages_filled_by_one_window(
    community: Community, alice: User
) -> None:
    # Memories saved together fill pages side by side, vectors and all (~1.8 kB a row).
    for number in range(16):
        remember(community, alice, f"Alice remembers fact number {number} about her garden and her bees")
    with connection.cursor() as cursor:
        # One memory of every page: a recall of a person's few relevant memories, as /context makes.
        cursor.execute(
            "SELECT DISTINCT ON ((ctid::text::point)[0]) id FROM memories_memory WHERE user_id = %s "
            "ORDER BY (ctid::text::point)[0], id",
            [alice.pk],
        )
        one_per_page = [row[0] for row in cursor.fetchall()]
    assert len(one_per_page) >= 4  # several pages, most of them full

    updated_before, in_place_before = _updates()
    memories_access_record(memory_ids=one_per_page, now=timezone.now())
    updated, in_place = _updates()

    assert updated - updated_before == len(one_per_page)
    assert in_place - in_place_before == len(one_per_page)  # no index entry written, HNSW's included
