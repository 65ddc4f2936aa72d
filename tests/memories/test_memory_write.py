"""Writing one memory is cheap: its fields are checked in Python, the rest by the database's
constraints, whose refusal is the same clear error and leaves nothing written."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from accounts.models import Community, User
from memories.models import Memory, MemoryKind, MemoryRevision, MemoryRevisionAction, MemoryRevisionActor, MemorySource
from memories.services.memory import memories_delete_with_revisions, memory_create, memory_update
from memories.services.operations import memory_remember, memory_values_read
from tests.support.memories import remember

pytestmark = pytest.mark.django_db
VECTOR = [0.05] * settings.MEMORYHUB_EMBEDDING_DIMENSIONS


def _create(community: Community, user: User, **overrides: Any) -> Memory:
    fields: dict[str, Any] = {
        "community": community,
        "user": user,
        "content": "Alice has a sister called Jane.",
        "kind": MemoryKind.RELATIONSHIP,
        "importance": 0.6,
        "expires_at": None,
        "source": MemorySource.API,
        "actor": MemoryRevisionActor.SYSTEM,
        "embedding": VECTOR,
        "embedding_model": "test",
    }
    return memory_create(**(fields | overrides))


def test_one_memory_is_written_in_at_most_six_statements(
    community: Community, alice: User, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """The memory-off check, the row, its revision and its outbox event (a savepoint around them in
    a test)."""
    with django_assert_max_num_queries(6):
        memory = _create(community, alice)
    assert MemoryRevision.objects.filter(memory=memory).count() == 1


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"expires_at": timezone.now() - timedelta(days=1)}, "memory_expires_after_creation", id="expired"),
        pytest.param({"reported_by": "self"}, "memory_reporter_is_third_party", id="reported-by-themself"),
    ],
)
def test_a_row_the_database_refuses_is_the_error_full_clean_gave(
    community: Community, alice: User, overrides: dict[str, Any], constraint: str
) -> None:
    """The same ValidationError as ``full_clean``'s check of that constraint, from the refused INSERT."""
    if overrides.get("reported_by") == "self":
        overrides = {"reported_by": alice}
    with pytest.raises(ValidationError) as refused:
        _create(community, alice, **overrides)
    (error,) = refused.value.message_dict[NON_FIELD_ERRORS]
    assert error == f"Constraint “{constraint}” is violated."
    assert not Memory.objects.exists() and not MemoryRevision.objects.exists()


def test_a_field_out_of_its_choices_is_refused_before_any_write(
    community: Community, alice: User, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    with pytest.raises(ValidationError) as refused, django_assert_max_num_queries(3):
        _create(community, alice, kind="rumour")
    assert "kind" in refused.value.message_dict
    assert not Memory.objects.exists()


def test_an_update_the_database_refuses_changes_nothing(community: Community, alice: User) -> None:
    memory = _create(community, alice)
    with pytest.raises(ValidationError):
        memory_update(memory=memory, actor=MemoryRevisionActor.SYSTEM, expires_at=memory.created_at)
    memory.refresh_from_db()
    assert memory.expires_at is None
    assert MemoryRevision.objects.filter(memory=memory).count() == 1


@pytest.mark.parametrize(
    ("raw", "problems"),
    [
        pytest.param({"content": "Ana  likes\nolives", "topics": ["food", 7]}, [], id="valid"),
        pytest.param({"content": "x" * 501}, ["content empty or longer than 500"], id="too-long"),
        pytest.param({"content": "Ana", "kind": "rumour"}, ["kind 'rumour'"], id="unknown-kind"),
        pytest.param({"content": "Ana", "importance": "huge"}, ["importance 'huge'"], id="unknown-level"),
        pytest.param({"content": "Ana", "expiration": "2y"}, ["expiration '2y'"], id="unknown-lifetime"),
    ],
)
def test_an_llms_memory_values_are_read_one_way(raw: dict[str, Any], problems: list[str]) -> None:
    """Extraction's operations and the remember tool's calls read their values through one function."""
    values, found = memory_values_read(raw)
    assert found == problems
    assert (values is None) == bool(problems)
    if values is not None:
        assert (values.content, values.kind, values.importance, values.topics) == (
            "Ana likes olives",
            MemoryKind.FACT,
            0.6,
            ["food", "7"],
        )


def test_topics_that_are_not_a_list_are_none() -> None:
    values, _ = memory_values_read({"content": "Ana likes olives", "topics": "food"})
    assert values is not None and values.topics == []


def test_what_an_llm_remembers_again_refreshes_the_memory_it_repeats(community: Community, alice: User) -> None:
    first = _create(community, alice, content="Alice has a sister called Jane")
    again = memory_remember(
        community=community,
        user=alice,
        fields={"content": "Alice has a sister called Jane.", "importance": 0.9},
        vector=VECTOR,
        model_name="test",
        candidates=Memory.objects.filter(user=alice),
        created={"source": MemorySource.CHAT},
        refreshed={"reason": "remembered again"},
    )
    assert again.pk == first.pk and again.importance == 0.9
    assert Memory.objects.count() == 1


@pytest.mark.parametrize("action", [MemoryRevisionAction.MODERATOR_DELETE, MemoryRevisionAction.CAPPED])
def test_deleting_a_selection_that_can_match_nothing_deletes_nothing(
    community: Community, alice: User, action: str
) -> None:
    kept = remember(community, alice, "Alice keeps bees")

    deleted = memories_delete_with_revisions(
        memories=Memory.objects.filter(pk__in=[]), action=action, actor=MemoryRevisionActor.MODERATOR, reason="none"
    )

    assert deleted == 0 and Memory.objects.filter(pk=kept.pk).exists()
