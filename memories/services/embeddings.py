"""Rebuilding memory embeddings with the active embedding model (``manage.py reembed``)."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models import Q

from accounts.models import Community
from memories.models import Memory
from memoryhub.ai.embeddings import embedder_get


def memory_embeddings_rebuild(
    *,
    community: Community | None = None,
    everything: bool = False,
    batch_size: int = 256,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Embed memories again with the active embedder and return how many were rewritten.

    Only memories with no embedding or another model's are taken, unless ``everything``.
    ``progress(done, total)`` is called before the first batch and after each one.

    Embedding happens outside any transaction (a remote provider may take seconds); each
    batch is then written in one short transaction that locks its rows and skips any memory
    whose content changed meanwhile, so a stale vector never overwrites an edit's. A run
    that is stopped resumes where it was: finished memories no longer match.
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    embedder = embedder_get()
    memories = Memory.objects.all()
    if community is not None:
        memories = memories.filter(community=community)
    if not everything:
        memories = memories.filter(Q(embedding__isnull=True) | ~Q(embedding_model=embedder.model_name))

    total = memories.count()
    done = rewritten = 0
    last_id = 0
    if progress is not None:
        progress(done, total)
    while True:
        # Keyset pagination: each batch starts after the last id, so neither the rows this run
        # rewrites (which leave the filter) nor new rows shift the pages.
        batch = list(memories.filter(id__gt=last_id).order_by("id").values_list("id", "content")[:batch_size])
        if not batch:
            break
        last_id = batch[-1][0]
        embedded = dict(zip(batch, embedder.embed([content for _, content in batch]), strict=True))
        with transaction.atomic():
            current = Memory.objects.filter(id__in=[memory_id for memory_id, _ in batch]).select_for_update()
            unchanged = [memory for memory in current.only("id", "content") if (memory.id, memory.content) in embedded]
            for memory in unchanged:
                memory.embedding = embedded[(memory.id, memory.content)]
                memory.embedding_model = embedder.model_name
            Memory.objects.bulk_update(unchanged, ["embedding", "embedding_model"])
        rewritten += len(unchanged)
        done += len(batch)
        if progress is not None:
            progress(done, total)
    return rewritten


def memories_embed_now(*, memory_ids: list[int]) -> int:
    """Embed these memories' current text now, in the caller's transaction (after a rewrite of
    their content outside ``memory_update``, such as an erasure's redaction)."""
    if not memory_ids:
        return 0
    embedder = embedder_get()
    memories = list(Memory.objects.filter(id__in=memory_ids).only("id", "content").order_by("id"))
    for memory, vector in zip(memories, embedder.embed([m.content for m in memories]), strict=True):
        memory.embedding = vector
        memory.embedding_model = embedder.model_name
    Memory.objects.bulk_update(memories, ["embedding", "embedding_model"])
    return len(memories)
