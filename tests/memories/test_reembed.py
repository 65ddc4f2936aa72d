"""`manage.py reembed` rebuilds memory embeddings with the active model, and only where needed."""

from __future__ import annotations

import re
from datetime import datetime
from io import StringIO
from typing import Any

import numpy as np
import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Community, User
from memories.models import Memory
from memories.services.embeddings import memory_embeddings_rebuild
from memoryhub.ai.embeddings import MINILM_MODEL_NAME, LocalMiniLMEmbedder

OLD_MODEL = "openai:text-embedding-3-small"


def _unit(seed: int) -> list[float]:
    vector = np.random.default_rng(seed).normal(size=384)
    return (vector / np.linalg.norm(vector)).tolist()


def _memory(community: Community, user: User, content: str, **fields: Any) -> Memory:
    return Memory.objects.create(community=community, user=user, content=content, **fields)


def _reembed(*args: str) -> tuple[str, str]:
    stdout, stderr = StringIO(), StringIO()
    call_command("reembed", *args, stdout=stdout, stderr=stderr)
    return stdout.getvalue(), stderr.getvalue()


def _embedding_of(memory: Memory) -> np.ndarray:
    memory.refresh_from_db()
    return np.asarray(memory.embedding, dtype=np.float32)


def _stored_embeddings() -> list[tuple[int, list[float], str, datetime]]:
    return [
        (memory.id, list(memory.embedding), memory.embedding_model, memory.updated_at)
        for memory in Memory.objects.order_by("id")
    ]


@pytest.fixture
def local() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder()


def test_memories_without_an_embedding_or_with_another_models_are_rebuilt(
    community: Community, alice: User, local: LocalMiniLMEmbedder
) -> None:
    unembedded = _memory(community, alice, "Alice adopted a kitten called Miso.")
    old = _memory(community, alice, "Alice works night shifts.", embedding=_unit(1), embedding_model=OLD_MODEL)

    stdout, _ = _reembed()

    for memory in (unembedded, old):
        np.testing.assert_allclose(_embedding_of(memory), local.embed_one(memory.content), atol=1e-5)
        assert memory.embedding_model == MINILM_MODEL_NAME
    assert f"Re-embedded 2 memories with {MINILM_MODEL_NAME}." in stdout


def test_memories_of_the_active_model_are_kept_unless_all_are_asked_for(
    community: Community, alice: User, local: LocalMiniLMEmbedder
) -> None:
    current = _memory(community, alice, "Alice plays chess.", embedding=_unit(2), embedding_model=MINILM_MODEL_NAME)

    _reembed()
    np.testing.assert_allclose(_embedding_of(current), _unit(2), atol=1e-6)

    _reembed("--all")
    np.testing.assert_allclose(_embedding_of(current), local.embed_one("Alice plays chess."), atol=1e-5)


def test_community_option_rebuilds_only_that_communitys_memories(
    community: Community, other_community: Community, alice: User, outsider: User
) -> None:
    gamer = _memory(community, alice, "Alice mains support in Overwatch.")
    reader = _memory(
        other_community, outsider, "The outsider reads Le Guin.", embedding=_unit(3), embedding_model=OLD_MODEL
    )

    _reembed("--community", community.slug)

    gamer.refresh_from_db()
    reader.refresh_from_db()
    assert gamer.embedding_model == MINILM_MODEL_NAME
    assert reader.embedding_model == OLD_MODEL
    np.testing.assert_allclose(_embedding_of(reader), _unit(3), atol=1e-6)


def test_an_unknown_community_is_refused(db: None) -> None:
    with pytest.raises(CommandError, match="No community has the slug 'nowhere'"):
        _reembed("--community", "nowhere")


def test_running_twice_changes_nothing_the_second_time(community: Community, alice: User, bob: User) -> None:
    _memory(community, alice, "Alice is vegetarian.")
    _memory(community, bob, "Bob's sister lives in Berlin.", embedding=_unit(4), embedding_model=OLD_MODEL)
    _reembed()
    before = _stored_embeddings()

    stdout, _ = _reembed()

    assert _stored_embeddings() == before
    assert "Nothing to do" in stdout


def test_the_command_shows_its_progress_on_stderr(community: Community, alice: User) -> None:
    for number in range(5):
        _memory(community, alice, f"Alice's memory number {number}.")

    stdout, stderr = _reembed("--batch-size", "2")

    assert re.findall(r"\d+/\d+(?= \[)", stderr) == ["0/5", "2/5", "4/5", "5/5"]  # a redraw per batch
    assert "Re-embedding: 100%" in stderr
    assert "Re-embedding" not in stdout


def test_the_rebuild_costs_the_same_queries_for_a_batch_of_any_size(community: Community, alice: User) -> None:
    """Set-based: one read, one locking read and one update per batch, however many memories it holds."""
    for number in range(4):
        _memory(community, alice, f"Alice's memory number {number}.")
    with CaptureQueriesContext(connection) as small:
        assert memory_embeddings_rebuild(everything=True, batch_size=4) == 4

    for number in range(4, 12):
        _memory(community, alice, f"Alice's memory number {number}.")
    with CaptureQueriesContext(connection) as large:
        assert memory_embeddings_rebuild(everything=True, batch_size=12) == 12

    assert len(small.captured_queries) == len(large.captured_queries)
    assert Memory.objects.filter(embedding_model=MINILM_MODEL_NAME).count() == 12
