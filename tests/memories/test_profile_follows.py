"""The profile follows edits: no deleted or corrected fact survives in it or in the next context."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from accounts.models import Community, Profile, User
from chat.models import Persona
from memories.models import Memory, MemoryRevisionAction, MemoryRevisionActor
from memories.services.context import assemble_context
from memories.services.memory import memories_delete_with_revisions, memory_create, memory_delete, memory_update
from memories.services.profiles import profile_sentences_drop
from memoryhub.ai.llm import llm_get

pytestmark = pytest.mark.django_db

PROFILE = "Alice works as a nurse at the city hospital. Alice lives in Portland. Alice loves jazz."


def remember(community: Community, user: User, content: str) -> Memory:
    return memory_create(
        community=community,
        user=user,
        content=content,
        kind="fact",
        importance=0.9,
        expires_at=None,
        source="api",
        actor=MemoryRevisionActor.SYSTEM,
    )


@pytest.fixture
def alice_known(community: Community, alice: User) -> dict[str, Memory]:
    memories = {
        "nurse": remember(community, alice, "Alice works as a nurse at the city hospital"),
        "portland": remember(community, alice, "Alice lives in Portland"),
        "jazz": remember(community, alice, "Alice loves jazz"),
    }
    Profile.objects.filter(community=community, user=alice).update(summary=PROFILE)
    return memories


def profile_of(community: Community, user: User) -> str:
    return Profile.objects.get(community=community, user=user).summary


def test_a_deleted_fact_leaves_the_profile_and_the_next_context(
    community: Community, persona: Persona, alice: User, alice_known: dict[str, Memory]
) -> None:
    memory_delete(memory=alice_known["nurse"], actor=MemoryRevisionActor.MODERATOR, reason="wrong")

    summary = profile_of(community, alice)
    assert "nurse" not in summary and "Portland" in summary
    context = assemble_context(community=community, user=alice, persona=persona, message="how was work?")
    assert "nurse" not in context.text and "Portland" in context.text


def test_a_corrected_fact_replaces_the_old_one_in_the_profile(
    community: Community, persona: Persona, alice: User, alice_known: dict[str, Memory]
) -> None:
    memory_update(
        memory=alice_known["nurse"],
        actor=MemoryRevisionActor.USER,
        action=MemoryRevisionAction.USER_EDIT,
        content="Alice works as a firefighter",
    )

    summary = profile_of(community, alice)
    assert "nurse" not in summary and "firefighter" in summary
    context = assemble_context(community=community, user=alice, persona=persona, message="how was work?")
    assert "nurse" not in context.text and "firefighter" in context.text


def test_a_moderators_bulk_delete_leaves_the_profile_too(
    community: Community, alice: User, alice_known: dict[str, Memory]
) -> None:
    memories_delete_with_revisions(
        memories=Memory.objects.filter(pk__in=[alice_known["nurse"].pk, alice_known["jazz"].pk]),
        action=MemoryRevisionAction.MODERATOR_DELETE,
        actor=MemoryRevisionActor.MODERATOR,
        reason="bulk",
    )
    summary = profile_of(community, alice)
    assert "nurse" not in summary and "jazz" not in summary and "Portland" in summary


def test_a_stale_sentence_needs_most_of_the_facts_words_not_the_name() -> None:
    summary = "Alice loves jazz. Alice plays jazz piano in a band. Alice lives in Portland."
    assert profile_sentences_drop(summary=summary, facts=["Alice loves jazz"], name="Alice") == (
        "Alice plays jazz piano in a band. Alice lives in Portland."
    )
    assert profile_sentences_drop(summary=summary, facts=["Alice is from somewhere"], name="Alice") == summary


@pytest.fixture
def with_an_llm(settings: Any) -> Iterator[None]:
    settings.OPENAI_API_KEY = "test"
    settings.OPENAI_BASE_URL = "http://127.0.0.1:9/v1"  # never called: the rewrite is only queued
    llm_get.cache_clear()
    yield
    llm_get.cache_clear()


def test_with_an_llm_the_stale_sentence_goes_at_once_and_a_rewrite_is_queued(
    community: Community,
    alice: User,
    alice_known: dict[str, Memory],
    with_an_llm: None,
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks() as callbacks:
        memory_delete(memory=alice_known["nurse"], actor=MemoryRevisionActor.USER, reason="not true")
    assert profile_of(community, alice) == "Alice lives in Portland. Alice loves jazz."
    assert len(callbacks) == 1  # refresh_profile, sent once the deletion commits


def test_the_llms_own_changes_leave_the_profile_to_its_own_rewrite(
    community: Community, alice: User, alice_known: dict[str, Memory]
) -> None:
    memory_delete(memory=alice_known["nurse"], actor=MemoryRevisionActor.LLM, reason="extraction")
    assert profile_of(community, alice) == PROFILE
