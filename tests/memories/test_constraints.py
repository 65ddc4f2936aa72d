"""The database itself refuses invalid memories, memory history and entities.

Every row here is written straight through the ORM, never through ``full_clean``: an LLM
operation applied by a buggy service, an import or a shell session must still not store it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db.models import F, JSONField, Value
from django.utils import timezone

from accounts.models import Community, User
from chat.models import Persona
from memories.models import (
    MEMORY_MAX_LENGTH,
    Entity,
    EntityType,
    Memory,
    MemoryKind,
    MemoryRevision,
    MemoryRevisionAction,
    MemoryRevisionActor,
    MemorySource,
)
from tests.support.db import refused_by

NOW = timezone.now()
EMBEDDING = [0.05] * settings.MEMORYHUB_EMBEDDING_DIMENSIONS
BEFORE = {"content": "Alice has a cat.", "importance": 0.6}
AFTER = {"content": "Alice has two cats.", "importance": 0.6}


def _memory_fields(community: Community, user: User, **overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {"community": community, "user": user, "content": "Alice has a sister called Jane."}
    return fields | overrides


# --- Memory ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"content": ""}, "memory_content_length", id="empty-content"),
        pytest.param({"content": " \n\t "}, "memory_content_length", id="blank-content"),
        pytest.param({"content": "x" * (MEMORY_MAX_LENGTH + 1)}, "memory_content_length", id="501-characters"),
        pytest.param({"kind": "rumour"}, "memory_kind_valid", id="unknown-kind"),
        pytest.param({"source": "dream"}, "memory_source_valid", id="unknown-source"),
        pytest.param({"importance": -0.01}, "memory_importance_0_1", id="importance-below-zero"),
        pytest.param({"importance": 1.01}, "memory_importance_0_1", id="importance-above-one"),
        pytest.param({"importance": float("nan")}, "memory_importance_0_1", id="importance-nan"),
        pytest.param(
            {"expires_at": NOW - timedelta(days=1)}, "memory_expires_after_creation", id="expired-before-creation"
        ),
        pytest.param({"embedding": EMBEDDING}, "memory_embedding_has_model", id="embedding-without-model"),
    ],
)
def test_memory_with_invalid_fields_is_refused(
    community: Community, alice: User, overrides: dict[str, Any], constraint: str
) -> None:
    with refused_by(constraint):
        Memory.objects.create(**_memory_fields(community, alice, **overrides))
    assert not Memory.objects.exists()


def test_raising_a_memory_importance_above_one_is_refused(community: Community, alice: User) -> None:
    memory = Memory.objects.create(**_memory_fields(community, alice, importance=0.9))
    with refused_by("memory_importance_0_1"):
        Memory.objects.filter(pk=memory.pk).update(importance=F("importance") + 0.2)
    memory.refresh_from_db()
    assert memory.importance == 0.9


def test_memory_expiring_at_the_instant_it_was_created_is_refused(community: Community, alice: User) -> None:
    memory = Memory.objects.create(**_memory_fields(community, alice))
    with refused_by("memory_expires_after_creation"):
        Memory.objects.filter(pk=memory.pk).update(expires_at=F("created_at"))
    memory.refresh_from_db()
    assert memory.expires_at is None


def test_memory_reported_by_its_own_subject_is_refused(community: Community, alice: User) -> None:
    with refused_by("memory_reporter_is_third_party"):
        Memory.objects.create(**_memory_fields(community, alice, reported_by=alice))
    assert not Memory.objects.exists()


def test_dropping_the_embedding_model_while_keeping_the_embedding_is_refused(community: Community, alice: User) -> None:
    memory = Memory.objects.create(**_memory_fields(community, alice, embedding=EMBEDDING, embedding_model="minilm"))
    with refused_by("memory_embedding_has_model"):
        Memory.objects.filter(pk=memory.pk).update(embedding_model="")
    memory.refresh_from_db()
    assert memory.embedding_model == "minilm"


@pytest.mark.parametrize(
    "content", ["x" * MEMORY_MAX_LENGTH, "ü" * MEMORY_MAX_LENGTH, "x"], ids=["500", "500-umlauts", "1"]
)
def test_memory_content_from_one_to_500_characters_is_accepted(community: Community, alice: User, content: str) -> None:
    Memory.objects.create(**_memory_fields(community, alice, content=content))
    assert Memory.objects.get().content == content


def test_memories_at_the_edges_of_every_rule_are_accepted(
    community: Community, alice: User, bob: User, persona: Persona
) -> None:
    Memory.objects.bulk_create(
        [
            Memory(**_memory_fields(community, alice, importance=0.0, kind=MemoryKind.NOTE)),
            Memory(**_memory_fields(community, alice, importance=1.0, source=MemorySource.MODERATOR)),
            Memory(**_memory_fields(community, alice, persona=persona, expires_at=NOW + timedelta(days=1))),
            Memory(**_memory_fields(community, alice, reported_by=bob, source=MemorySource.PASSIVE)),
            Memory(**_memory_fields(community, alice, embedding=EMBEDDING, embedding_model="all-MiniLM-L6-v2")),
            # A model name without an embedding is harmless: the embedding is simply still to come.
            Memory(**_memory_fields(community, alice, embedding_model="all-MiniLM-L6-v2")),
        ]
    )
    assert sorted(Memory.objects.values_list("importance", flat=True)) == [0.0, 0.6, 0.6, 0.6, 0.6, 1.0]
    assert Memory.objects.get(reported_by=bob).user == alice
    assert len(Memory.objects.get(embedding__isnull=False).embedding) == settings.MEMORYHUB_EMBEDDING_DIMENSIONS


@pytest.mark.parametrize("kind", MemoryKind.values)
def test_memory_of_every_known_kind_is_accepted(community: Community, alice: User, kind: str) -> None:
    Memory.objects.create(**_memory_fields(community, alice, kind=kind))
    assert Memory.objects.get().kind == kind


# --- MemoryRevision ----------------------------------------------------------------------

EDIT_ACTIONS = [MemoryRevisionAction.UPDATED, MemoryRevisionAction.MODERATOR_EDIT, MemoryRevisionAction.USER_EDIT]
REMOVAL_ACTIONS = [
    MemoryRevisionAction.FORGOTTEN,
    MemoryRevisionAction.EXPIRED,
    MemoryRevisionAction.CAPPED,
    MemoryRevisionAction.MODERATOR_DELETE,
    MemoryRevisionAction.USER_DELETE,
]
VALID_SHAPES = {
    MemoryRevisionAction.CREATED: (None, AFTER),
    **dict.fromkeys(EDIT_ACTIONS, (BEFORE, AFTER)),
    **dict.fromkeys(REMOVAL_ACTIONS, (BEFORE, None)),
}
INVALID_SHAPES = [
    *(
        pytest.param(
            MemoryRevisionAction.CREATED, before, after, "revision_created_has_only_after", id=f"created-{name}"
        )
        for name, before, after in [("with-before", BEFORE, AFTER), ("without-after", None, None)]
    ),
    *(
        pytest.param(action, before, after, "revision_edit_has_before_and_after", id=f"{action}-{name}")
        for action in EDIT_ACTIONS
        for name, before, after in [("without-before", None, AFTER), ("without-after", BEFORE, None)]
    ),
    *(
        pytest.param(action, before, after, "revision_removal_has_only_before", id=f"{action}-{name}")
        for action in REMOVAL_ACTIONS
        for name, before, after in [("with-after", BEFORE, AFTER), ("without-before", None, None)]
    ),
]


def _revision_fields(memory: Memory, **overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "memory": memory,
        "memory_ref": memory.pk,
        "community": memory.community,
        "subject": memory.user,
        "action": MemoryRevisionAction.CREATED,
        "actor": MemoryRevisionActor.LLM,
        "before": None,
        "after": AFTER,
    }
    return fields | overrides


@pytest.fixture
def memory(community: Community, alice: User) -> Memory:
    return Memory.objects.create(**_memory_fields(community, alice))


def test_all_revision_actions_are_covered_by_a_shape_rule() -> None:
    """A new action without a before/after rule would let any shape through unnoticed."""
    assert set(VALID_SHAPES) == set(MemoryRevisionAction.values)


@pytest.mark.parametrize(("action", "before", "after", "constraint"), INVALID_SHAPES)
def test_revision_with_the_wrong_before_and_after_for_its_action_is_refused(
    memory: Memory, action: str, before: dict[str, Any] | None, after: dict[str, Any] | None, constraint: str
) -> None:
    with refused_by(constraint):
        MemoryRevision.objects.create(**_revision_fields(memory, action=action, before=before, after=after))
    assert not MemoryRevision.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"action": "archived"}, "revision_action_valid", id="unknown-action"),
        pytest.param({"actor": "cron"}, "revision_actor_valid", id="unknown-actor"),
    ],
)
def test_revision_with_an_unknown_action_or_actor_is_refused(
    memory: Memory, overrides: dict[str, Any], constraint: str
) -> None:
    with refused_by(constraint):
        MemoryRevision.objects.create(**_revision_fields(memory, **overrides))
    assert not MemoryRevision.objects.exists()


@pytest.mark.parametrize("snapshot", ["before", "after"])
def test_revision_with_a_json_null_snapshot_is_refused(memory: Memory, snapshot: str) -> None:
    json_null = Value(None, JSONField())
    fields = _revision_fields(memory, action=MemoryRevisionAction.UPDATED, before=BEFORE, after=AFTER)
    with refused_by("revision_snapshots_are_objects"):
        MemoryRevision.objects.create(**(fields | {snapshot: json_null}))
    assert not MemoryRevision.objects.exists()


def test_revision_of_every_action_in_its_own_shape_is_accepted(memory: Memory, bob: User) -> None:
    MemoryRevision.objects.bulk_create(
        [
            MemoryRevision(
                **_revision_fields(
                    memory,
                    action=action,
                    actor=MemoryRevisionActor.MODERATOR,
                    actor_user=bob,
                    before=before,
                    after=after,
                )
            )
            for action, (before, after) in VALID_SHAPES.items()
        ]
    )
    assert set(MemoryRevision.objects.values_list("action", flat=True)) == set(MemoryRevisionAction.values)


# --- Entity ------------------------------------------------------------------------------


def _entity_fields(community: Community, owner: User, **overrides: Any) -> dict[str, Any]:
    fields: dict[str, Any] = {
        "community": community,
        "owner": owner,
        "type": EntityType.PERSON,
        "name": "Jane",
        "relationship": "user's sister",
        "first_mentioned_at": NOW,
        "last_mentioned_at": NOW,
    }
    return fields | overrides


@pytest.mark.parametrize("name", ["Jane", "jane", "JANE", "jAnE"])
def test_entity_named_again_in_another_case_is_refused(community: Community, alice: User, name: str) -> None:
    Entity.objects.create(**_entity_fields(community, alice))
    with refused_by("entity_unique_per_owner_type_name"):
        Entity.objects.create(**_entity_fields(community, alice, name=name))
    assert list(Entity.objects.values_list("name", flat=True)) == ["Jane"]


def test_entity_duplicated_within_one_bulk_write_is_refused(community: Community, alice: User) -> None:
    with refused_by("entity_unique_per_owner_type_name"):
        Entity.objects.bulk_create(
            [
                Entity(**_entity_fields(community, alice, name="Austin", type=EntityType.PLACE)),
                Entity(**_entity_fields(community, alice, name="AUSTIN", type=EntityType.PLACE)),
            ]
        )
    assert not Entity.objects.exists()


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"type": "pet"}, "entity_type_valid", id="unknown-type"),
        pytest.param({"name": ""}, "entity_name_not_empty", id="empty-name"),
        pytest.param({"mention_count": 0}, "entity_mentioned_at_least_once", id="never-mentioned"),
        pytest.param(
            {"last_mentioned_at": NOW - timedelta(seconds=1)},
            "entity_last_after_first_mention",
            id="last-mention-before-first",
        ),
    ],
)
def test_entity_with_invalid_fields_is_refused(
    community: Community, alice: User, overrides: dict[str, Any], constraint: str
) -> None:
    with refused_by(constraint):
        Entity.objects.create(**_entity_fields(community, alice, **overrides))
    assert not Entity.objects.exists()


def test_same_entity_name_for_another_type_owner_or_community_is_accepted(
    community: Community, other_community: Community, alice: User, bob: User
) -> None:
    Entity.objects.bulk_create(
        [
            Entity(**_entity_fields(community, alice)),
            Entity(**_entity_fields(community, alice, name="jane", type=EntityType.THING)),
            Entity(**_entity_fields(community, bob, name="JANE")),
            Entity(**_entity_fields(other_community, alice)),
            Entity(**_entity_fields(community, alice, name="Jane Doe", mention_count=1)),
        ]
    )
    assert Entity.objects.filter(name__iexact="jane").count() == 4
