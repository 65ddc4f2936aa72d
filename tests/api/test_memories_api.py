"""The memories, memory search and entities API: what a bot reads and corrects, in its own community only."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiKey, ApiKeyScope, Community, ExternalIdentity, Profile, User
from accounts.services import identity_resolve
from chat.models import ConversationWindow, Message, Persona
from memories.models import Entity, EntityType, Memory, MemoryKind, MemoryRevision, MemorySource
from memories.selectors.people import PlatformPerson, person_by_platform_id
from memories.services.memory import memory_create, memory_create_once, memory_update
from memoryhub.ai.embeddings import embedder_get
from tests.api.conftest import KeyClient
from tests.support.db import lock_timeout, row_lock, second_connection
from tests.support.extraction import extract_window_here

pytestmark = pytest.mark.django_db


@pytest.fixture
def stranger(other_community: Community) -> User:
    """Someone only the other community knows."""
    return identity_resolve(community=other_community, external_id="zoe_999", display_name="Zoe")


def remember(user: User, content: str, *, community: Community | None = None, **fields: Any) -> Memory:
    """A memory as extraction would store it, with its vector."""
    embedder = embedder_get()
    return memory_create(
        community=community or user.identities.get().community,
        user=user,
        content=content,
        kind=fields.pop("kind", MemoryKind.FACT),
        importance=fields.pop("importance", 0.6),
        expires_at=fields.pop("expires_at", None),
        source=fields.pop("source", MemorySource.PASSIVE),
        actor="llm",
        embedding=embedder.embed_one(content).tolist(),
        embedding_model=embedder.model_name,
        **fields,
    )


def contents(response: Any) -> list[str]:
    assert response.status_code == 200, response.json()
    return [row["content"] for row in response.json()["results"]]


def counts() -> tuple[int, int, int]:
    return Memory.objects.count(), MemoryRevision.objects.count(), Entity.objects.count()


# --- List and filters ------------------------------------------------------------------------------


def test_list_shows_the_communitys_live_memories_newest_first_with_platform_ids(
    api: APIClient, people: dict[str, User], stranger: User, other_community: Community
) -> None:
    remember(people["alice"], "Alice is moving to Austin next month", topics=["moving"])
    remember(people["bob"], "Bob supports the Celtics")
    with time_machine.travel(timezone.now() - timedelta(hours=2), tick=False):
        remember(people["alice"], "Alice has a dentist appointment", expires_at=timezone.now() + timedelta(hours=1))
    remember(stranger, "Zoe reads Le Guin", community=other_community)

    response = api.get("/api/v1/memories")

    assert contents(response) == ["Bob supports the Celtics", "Alice is moving to Austin next month"]
    first = response.json()["results"][1]
    assert first["user"] == "alice_456" and first["topics"] == ["moving"] and first["source"] == "passive"
    assert contents(api.get("/api/v1/memories?include_expired=true"))[0] == "Alice has a dentist appointment"


def test_list_query_count_does_not_grow_with_the_page(
    api: APIClient, people: dict[str, User], django_assert_max_num_queries: Any
) -> None:
    api.get("/api/v1/memories")  # the key's last-used time is written once
    trio = [people["alice"], people["bob"], people["dave"]]
    for person in trio:
        for n in range(4):
            remember(person, f"{person.display_name} fact number {n}")
    with django_assert_max_num_queries(3):  # key and its rate token, page, the page's platform ids and sources
        response = api.get("/api/v1/memories?page_size=20")
    assert len(contents(response)) == 12
    assert {row["user"] for row in response.json()["results"]} == {"alice_456", "bob_123", "dave_321"}


def test_a_memory_shows_the_messages_it_was_learned_from(
    api: APIClient, community: Community, people: dict[str, User]
) -> None:
    api.post(
        "/api/v1/messages",
        {
            "messages": [
                {"channel": "general", "author": "alice_456", "content": "hi all", "message_id": "m1"},
                {
                    "channel": "general",
                    "author": "alice_456",
                    "content": "I adopted a cat named Luna",
                    "message_id": "m2",
                },
            ]
        },
        format="json",
    )
    extract_window_here(ConversationWindow.objects.get())
    (memory,) = api.get("/api/v1/memories?user=alice_456").json()["results"]
    assert "Luna" in memory["content"]
    assert [(s["channel"], s["message_id"]) for s in memory["sources"]] == [("general", "m2")]
    exported = api.get("/api/v1/users/alice_456/export").json()
    assert exported["memories"][0]["source_messages"] == [memory["sources"][0]["id"]]


def test_every_filter_narrows_the_list(api: APIClient, people: dict[str, User]) -> None:
    soon = timezone.now() + timedelta(days=2)
    remember(people["alice"], "Alice is moving to Austin next month", kind="plan", topics=["moving"], importance=0.9)
    remember(people["alice"], "Alice loves indie games", kind="preference", topics=["gaming"], importance=0.3)
    remember(people["bob"], "Bob is nervous about his exam", kind="emotion", expires_at=soon, source="chat")

    assert contents(api.get("/api/v1/memories?user=bob_123")) == ["Bob is nervous about his exam"]
    assert contents(api.get("/api/v1/memories?user=nobody_000")) == []
    assert contents(api.get("/api/v1/memories?topic=Gaming")) == ["Alice loves indie games"]
    assert contents(api.get("/api/v1/memories?kind=plan")) == ["Alice is moving to Austin next month"]
    assert contents(api.get("/api/v1/memories?source=chat")) == ["Bob is nervous about his exam"]
    assert contents(api.get("/api/v1/memories?importance_min=0.8")) == ["Alice is moving to Austin next month"]
    assert contents(api.get("/api/v1/memories?importance_max=0.4")) == ["Alice loves indie games"]
    before = (soon + timedelta(hours=1)).isoformat().replace("+00:00", "Z")
    assert contents(api.get("/api/v1/memories", {"expiring_before": before})) == ["Bob is nervous about his exam"]
    assert contents(api.get("/api/v1/memories?text=move")) == ["Alice is moving to Austin next month"]
    assert contents(api.get("/api/v1/memories", {"text": '"indie games" -Austin'})) == ["Alice loves indie games"]
    assert contents(api.get("/api/v1/memories?user=alice_456&importance_min=0.5")) == [
        "Alice is moving to Austin next month"
    ]


def test_a_bad_filter_value_is_a_400(api: APIClient) -> None:
    response = api.get("/api/v1/memories?kind=gossip")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


@time_machine.travel("2026-10-20 12:00:00Z", tick=False)
def test_a_time_filter_takes_a_plain_date_as_the_start_of_that_day(api: APIClient, people: dict[str, User]) -> None:
    on_the_first = timezone.now().replace(month=11, day=1, hour=9)
    remember(people["alice"], "Alice's course ends in October", expires_at=timezone.now().replace(day=31))
    remember(people["bob"], "Bob's trial ends on the first", expires_at=on_the_first)

    assert contents(api.get("/api/v1/memories?expiring_before=2026-11-01")) == ["Alice's course ends in October"]
    assert contents(api.get("/api/v1/memories?expiring_before=2026-11-02")) == [
        "Bob's trial ends on the first",
        "Alice's course ends in October",
    ]
    # A time still works, with any offset: 10:00 at UTC+02:00 is 08:00 UTC, before Bob's 09:00.
    assert contents(api.get("/api/v1/memories", {"expiring_before": "2026-11-01T10:00:00+02:00"})) == [
        "Alice's course ends in October"
    ]
    # Nonsense, and times an offset takes out of the calendar (before its first moment, after its last).
    for nonsense in (
        "2026-13-01",
        "next week",
        "2026-11-01T25:00:00Z",
        "",
        "0001-01-01T00:00:00+23:59",
        "9999-12-31T23:59:59-23:59",
    ):
        response = api.get("/api/v1/memories", {"expiring_before": nonsense})
        assert response.status_code == 400, nonsense
        assert "expiring_before" in response.json()["error"]["details"]


@pytest.mark.parametrize("page_size", ["null", "0", "-5", "201", "1e-05", "ten"])
def test_a_page_size_outside_1_to_200_is_refused(api: APIClient, page_size: str) -> None:
    response = api.get("/api/v1/memories", {"page_size": page_size})
    assert response.status_code == 400
    assert "page_size" in response.json()["error"]["details"]


# --- Create, read, update, delete -------------------------------------------------------------------


def test_create_stores_an_embedded_api_memory_and_its_revision(
    api: APIClient, people: dict[str, User], community: Community
) -> None:
    response = api.post(
        "/api/v1/memories",
        {
            "user": "alice_456",
            "content": "  Alice is moving to Austin next month ",
            "kind": "plan",
            "topics": ["Moving House", "austin", '"Acme & Sons" <Ltd>'],
            "importance": 0.9,
            "expiration": "30d",
            "context": "said in #general",
        },
        format="json",
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["user"] == "alice_456" and body["content"] == "Alice is moving to Austin next month"
    assert body["source"] == "api" and body["topics"] == ["moving-house", "austin", "acme-&-sons-ltd"]
    memory = Memory.objects.get(pk=body["id"])
    assert memory.community == community and memory.user == people["alice"]
    assert memory.embedding is not None and memory.embedding_model == embedder_get().model_name
    assert memory.expires_at is not None
    assert timedelta(days=29) < memory.expires_at - timezone.now() <= timedelta(days=30)
    prefix = ApiKey.objects.get().prefix
    (revision,) = MemoryRevision.objects.filter(memory_ref=memory.pk)
    assert (revision.action, revision.actor, revision.reason) == ("created", "system", f"via API key {prefix}")


def test_create_defaults_to_a_permanent_medium_fact(api: APIClient, people: dict[str, User]) -> None:
    response = api.post("/api/v1/memories", {"user": "bob_123", "content": "Bob plays bass"}, format="json")
    assert response.status_code == 201
    assert {k: response.json()[k] for k in ("kind", "importance", "expires_at")} == {
        "kind": "fact",
        "importance": 0.6,
        "expires_at": None,
    }


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"content": "x" * 501}, "content"),
        ({"content": "   "}, "content"),
        ({"kind": "gossip"}, "kind"),
        ({"importance": 1.5}, "importance"),
        ({"expiration": "2w"}, "expiration"),
        ({"expiration": "1d", "expires_at": "2099-01-01T00:00:00Z"}, "expiration"),
        ({"expires_at": "2001-01-01T00:00:00Z"}, "expires_at"),
        ({"topics": ["t"] * 11}, "topics"),
        ({"user": None}, "user"),
    ],
)
def test_create_rejects_bad_input_and_stores_nothing(
    api: APIClient, people: dict[str, User], changes: dict[str, Any], field: str
) -> None:
    before = counts()
    response = api.post(
        "/api/v1/memories", {"user": "alice_456", "content": "Alice plays chess", **changes}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"
    assert field in response.json()["error"]["details"]
    assert counts() == before


def test_the_same_words_again_answer_the_memory_there_and_write_nothing(
    api: APIClient, people: dict[str, User]
) -> None:
    """A bot that retried a timed-out POST, or an assistant told twice, made a twin."""
    first = api.post("/api/v1/memories", {"user": "alice_456", "content": "Alice plays chess"}, format="json")
    assert first.status_code == 201
    before = counts()

    again = api.post("/api/v1/memories", {"user": "alice_456", "content": "  alice plays  CHESS. "}, format="json")

    assert again.status_code == 200
    assert again.json() == first.json()
    assert counts() == before  # no memory, no revision
    # Another person's, or other words: new memories.
    for user, content in [("bob_123", "Alice plays chess"), ("alice_456", "Alice plays chess on Sundays")]:
        assert api.post("/api/v1/memories", {"user": user, "content": content}, format="json").status_code == 201
    # Once the first is gone or has expired, the same words are remembered again.
    assert api.delete(f"/api/v1/memories/{first.json()['id']}").status_code == 204
    renewed = api.post("/api/v1/memories", {"user": "alice_456", "content": "Alice plays chess"}, format="json")
    assert renewed.status_code == 201
    past = timezone.now() - timedelta(minutes=1)
    Memory.objects.filter(pk=renewed.json()["id"]).update(created_at=past - timedelta(days=1), expires_at=past)
    assert (
        api.post("/api/v1/memories", {"user": "alice_456", "content": "Alice plays chess"}, format="json").status_code
        == 201
    )


@pytest.mark.django_db(transaction=True)  # her profile committed, for the second connection to lock
def test_the_same_words_wait_for_a_first_remember_of_the_person_under_way(people: dict[str, User]) -> None:
    """The twin is looked for under the person's profile lock, so two at once go one after the other."""
    alice = people["alice"]
    profile = Profile.objects.get(user=alice)
    with second_connection() as other, lock_timeout("300ms"), CaptureQueriesContext(connection) as queries:
        row_lock(other, "accounts_profile", profile.pk)  # another request is remembering for her
        with pytest.raises(OperationalError, match="lock timeout"):
            memory_create_once(
                community=profile.community,
                user=alice,
                content="Alice plays chess",
                kind=MemoryKind.FACT,
                importance=0.6,
                expires_at=None,
                source=MemorySource.API,
                actor="system",
            )
    # It waited before it read her memories: the first request's memory would have been seen.
    assert not [query for query in queries.captured_queries if "memories_memory" in query["sql"]]
    assert not Memory.objects.filter(user=alice).exists()


def test_create_for_an_unknown_person_is_a_404(api: APIClient, people: dict[str, User]) -> None:
    response = api.post("/api/v1/memories", {"user": "ghost_000", "content": "Ghost says boo"}, format="json")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"
    assert Memory.objects.count() == 0


def test_read_one_memory(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["dave"], "Dave got a job offer from a startup", reported_by=people["bob"])
    response = api.get(f"/api/v1/memories/{memory.pk}")
    assert response.status_code == 200
    assert response.json()["content"] == "Dave got a job offer from a startup"
    assert (response.json()["user"], response.json()["reported_by"]) == ("dave_321", "bob_123")


def test_a_memorys_history_tells_each_change_and_outlives_the_memory(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice is moving to Austin next month", kind="plan")
    assert (
        api.patch(f"/api/v1/memories/{memory.pk}", {"content": "Alice moved to Austin"}, format="json").status_code
        == 200
    )
    assert api.delete(f"/api/v1/memories/{memory.pk}").status_code == 204

    response = api.get(f"/api/v1/memories/{memory.pk}/history")

    assert response.status_code == 200
    revisions = response.json()["revisions"]
    assert [r["action"] for r in revisions] == ["created", "updated", "forgotten"]
    assert revisions[1]["before"]["content"] == "Alice is moving to Austin next month"
    assert revisions[1]["after"]["content"] == "Alice moved to Austin"
    assert revisions[2]["after"] is None and revisions[0]["before"] is None
    assert response.json()["memory"] == memory.pk
    assert api.get("/api/v1/memories/999999/history").json()["error"]["code"] == "not_found"


def test_update_changes_only_what_is_sent_re_embeds_and_keeps_history(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice is moving to Austin next month", kind="plan", importance=0.9)
    old_vector = list(memory.embedding)

    response = api.patch(
        f"/api/v1/memories/{memory.pk}",
        {"content": "Alice is moving to Denver in the autumn", "expiration": "7d"},
        format="json",
    )

    assert response.status_code == 200, response.json()
    memory.refresh_from_db()
    assert memory.content == "Alice is moving to Denver in the autumn"
    assert (memory.kind, memory.importance) == ("plan", 0.9)
    assert memory.expires_at is not None and memory.embedding is not None
    assert list(memory.embedding) != old_vector
    assert list(memory.embedding) == pytest.approx(embedder_get().embed_one(memory.content).tolist(), abs=1e-6)
    revision = MemoryRevision.objects.filter(memory_ref=memory.pk).latest("pk")
    assert (revision.action, revision.actor) == ("updated", "system")
    assert revision.reason.startswith("via API key mh_")
    assert revision.before is not None and revision.after is not None
    assert revision.before["content"] == "Alice is moving to Austin next month"
    assert revision.after["content"] == "Alice is moving to Denver in the autumn"


def test_update_without_new_content_keeps_the_vector(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice loves indie games")
    memory.refresh_from_db()
    vector = list(memory.embedding)
    response = api.patch(
        f"/api/v1/memories/{memory.pk}", {"content": "Alice loves indie games", "importance": 0.3}, format="json"
    )
    assert response.status_code == 200
    memory.refresh_from_db()
    assert memory.importance == 0.3 and list(memory.embedding) == vector


def test_update_with_nothing_new_writes_no_revision(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice loves indie games", kind="preference")
    response = api.patch(f"/api/v1/memories/{memory.pk}", {"kind": "preference"}, format="json")
    assert response.status_code == 200
    assert MemoryRevision.objects.filter(memory_ref=memory.pk).count() == 1


def test_update_rejects_bad_input(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice loves indie games")
    response = api.patch(f"/api/v1/memories/{memory.pk}", {"importance": -1}, format="json")
    assert response.status_code == 400
    memory.refresh_from_db()
    assert memory.importance == 0.6


def test_delete_forgets_the_memory_and_keeps_the_deletion_in_its_history(
    api: APIClient, people: dict[str, User]
) -> None:
    memory = remember(people["bob"], "Bob supports the Celtics")
    response = api.delete(f"/api/v1/memories/{memory.pk}")
    assert response.status_code == 204
    assert not Memory.objects.filter(pk=memory.pk).exists()
    revision = MemoryRevision.objects.filter(memory_ref=memory.pk).latest("pk")
    assert revision.before is not None and revision.after is None
    assert (revision.action, revision.actor, revision.before["content"]) == (
        "forgotten",
        "system",
        "Bob supports the Celtics",
    )
    assert revision.reason.startswith("via API key mh_")
    assert api.get(f"/api/v1/memories/{memory.pk}").status_code == 404


# --- Search ------------------------------------------------------------------------------------------


def test_search_for_a_person_ranks_their_memories_like_the_context(api: APIClient, people: dict[str, User]) -> None:
    remember(people["alice"], "Alice is moving to Austin next month", kind="plan", importance=0.9)
    remember(people["alice"], "Alice adopted a cat named Luna")
    remember(people["bob"], "Bob is moving to Boston")

    response = api.post("/api/v1/memories/search", {"query": "relocating to Texas", "user": "alice_456"}, format="json")

    assert response.status_code == 200, response.json()
    results = response.json()["results"]
    assert results[0]["content"] == "Alice is moving to Austin next month"
    assert {r["user"] for r in results} == {"alice_456"}
    top = results[0]
    assert top["similarity"] > 0.3 and 0 < top["recency"] <= 1 and top["frequency"] == 0
    own = 0.6 * top["similarity"] + 0.4 * top["lexical"]
    assert top["relevance"] == pytest.approx((own + 0.5 * top["context"]) / 1.5, abs=1e-4)
    refinement = (0.2 * top["recency"] + 0.3 * 0.9 + 0.1 * top["frequency"]) / 0.6
    assert top["total"] == pytest.approx(top["relevance"] * (1 + 0.25 * refinement))
    assert [r["total"] for r in results] == sorted((r["total"] for r in results), reverse=True)
    assert not Memory.objects.filter(access_count__gt=0).exists()  # searching is not recalling by default


def test_a_search_reads_the_person_their_ranking_and_the_hits_in_four_statements(
    api: APIClient, community: Community, people: dict[str, User], persona: Persona, django_assert_max_num_queries: Any
) -> None:
    api.post(
        "/api/v1/messages",
        {
            "messages": [
                {"channel": "general", "author": "alice_456", "content": "I adopted a cat", "message_id": "m1"},
                {"channel": "dms", "author": "alice_456", "content": "her name is Luna", "message_id": "m2"},
            ]
        },
        format="json",
    )
    learned = remember(people["alice"], "Alice adopted a cat named Luna", persona=persona, reported_by=people["bob"])
    learned.source_messages.set(Message.objects.filter(external_id__in=["m2", "m1"]))
    remember(people["alice"], "Alice is moving to Austin next month")
    api.post("/api/v1/memories/search", {"query": "x"}, format="json")  # the key's last-used time is written once

    with django_assert_max_num_queries(4):  # key and its rate token, the person and their name, ranking, hits
        response = api.post("/api/v1/memories/search", {"query": "my cat Luna", "user": "alice_456"}, format="json")

    assert response.status_code == 200, response.json()
    top = response.json()["results"][0]
    assert (top["content"], top["user"], top["reported_by"], top["persona"]) == (
        "Alice adopted a cat named Luna",
        "alice_456",
        "bob_123",
        persona.name,
    )
    assert [(s["channel"], s["message_id"]) for s in top["sources"]] == [("general", "m1"), ("dms", "m2")]
    assert top["sources"][0]["sent_at"].endswith("Z")


def test_search_leaves_the_persons_own_name_out_of_the_words_it_matches(
    api: APIClient, people: dict[str, User]
) -> None:
    remember(people["alice"], "Alice adopted a cat named Luna")
    remember(people["alice"], "Alice is moving to Austin next month")
    body = {"query": "Alice", "user": "alice_456", "min_similarity": 0}
    results = api.post("/api/v1/memories/search", body, format="json").json()["results"]
    assert len(results) == 2 and {r["lexical"] for r in results} == {0.0}  # every memory of hers names her


def test_a_platform_id_finds_its_person_and_their_name_in_this_community_only(
    community: Community, people: dict[str, User], stranger: User
) -> None:
    alice = people["alice"]
    assert person_by_platform_id(community=community, external_id="alice_456") == PlatformPerson(alice, "Alice")
    ExternalIdentity.objects.filter(user=alice).update(display_name="")
    User.objects.filter(pk=alice.pk).update(display_name="Alice A.")
    assert person_by_platform_id(community=community, external_id="alice_456").name == "Alice A."  # type: ignore[union-attr]
    assert person_by_platform_id(community=community, external_id="zoe_999") is None  # the other community's
    assert person_by_platform_id(community=community, external_id="alice\x00456") is None


def test_search_counts_as_a_recall_when_asked(api: APIClient, people: dict[str, User]) -> None:
    memory = remember(people["alice"], "Alice is moving to Austin next month")
    body = {"query": "moving to Austin", "user": "alice_456", "record_access": True}
    assert api.post("/api/v1/memories/search", body, format="json").status_code == 200
    memory.refresh_from_db()
    assert memory.access_count == 1 and memory.last_accessed_at is not None


def test_search_finds_a_persons_full_text_match_even_when_the_meaning_is_far(
    api: APIClient, people: dict[str, User]
) -> None:
    remember(people["bob"], "Bob supports the Celtics")
    response = api.post(
        "/api/v1/memories/search", {"query": "celtics", "user": "bob_123", "min_similarity": 1}, format="json"
    )
    assert [(r["content"], r["lexical"]) for r in response.json()["results"]] == [("Bob supports the Celtics", 1.0)]


def test_search_gives_each_hit_its_own_scores(api: APIClient, people: dict[str, User]) -> None:
    remember(people["bob"], "Bob supports the Celtics")
    remember(people["bob"], "Bob is moving to Boston")
    remember(people["bob"], "Bob plays chess on Sundays")

    body = {"query": "celtics", "user": "bob_123", "min_similarity": 0}
    results = api.post("/api/v1/memories/search", body, format="json").json()["results"]

    assert len(results) == 3
    # Only the memory that names the word matches it: the scores belong to the memory shown with them.
    assert [(r["content"], r["lexical"]) for r in results if r["lexical"] > 0] == [("Bob supports the Celtics", 1.0)]
    assert [r["total"] for r in results] == sorted((r["total"] for r in results), reverse=True)


def test_search_without_a_person_searches_the_whole_community_by_meaning(
    api: APIClient, people: dict[str, User], stranger: User, other_community: Community
) -> None:
    remember(people["alice"], "Alice is moving to Austin next month")
    remember(people["bob"], "Bob is moving to Boston")
    remember(people["dave"], "Dave loves pineapple pizza")
    remember(stranger, "Zoe is moving to Lisbon", community=other_community)

    response = api.post("/api/v1/memories/search", {"query": "moving to a new city", "limit": 2}, format="json")

    assert response.status_code == 200
    results = response.json()["results"]
    assert sorted(r["content"] for r in results) == ["Alice is moving to Austin next month", "Bob is moving to Boston"]
    assert all(r["total"] is None and r["similarity"] > 0.3 for r in results)
    assert results[0]["similarity"] >= results[1]["similarity"]


def test_search_limits_are_enforced(api: APIClient) -> None:
    response = api.post("/api/v1/memories/search", {"query": "x", "limit": 51}, format="json")
    assert response.status_code == 400
    assert "limit" in response.json()["error"]["details"]


# --- Entities --------------------------------------------------------------------------------------


def _entity(community: Community, owner: User, type_: str, name: str, relationship: str = "") -> Entity:
    now = timezone.now()
    return Entity.objects.create(
        community=community,
        owner=owner,
        type=type_,
        name=name,
        relationship=relationship,
        first_mentioned_at=now,
        last_mentioned_at=now,
    )


def test_entities_list_and_filters(
    api: APIClient,
    people: dict[str, User],
    community: Community,
    other_community: Community,
    stranger: User,
    django_assert_max_num_queries: Any,
) -> None:
    _entity(community, people["alice"], EntityType.PERSON, "Jane", "Alice's sister")
    _entity(community, people["alice"], EntityType.PLACE, "Austin")
    _entity(community, people["bob"], EntityType.ORGANISATION, "Boston Celtics")
    _entity(other_community, stranger, EntityType.PERSON, "Janet")

    def names(query: str) -> list[str]:
        response = api.get(f"/api/v1/entities{query}")
        assert response.status_code == 200
        return [row["name"] for row in response.json()["results"]]

    api.get("/api/v1/entities")
    with django_assert_max_num_queries(3):  # key and its rate token, count-free page, owners
        assert names("") == ["Boston Celtics", "Austin", "Jane"]
    assert names("?user=alice_456") == ["Austin", "Jane"]
    assert names("?type=person") == ["Jane"]
    assert names("?name=aUs") == ["Austin"]
    row = api.get("/api/v1/entities?name=jane").json()["results"][0]
    assert (row["user"], row["relationship"]) == ("alice_456", "Alice's sister")


# --- Tenancy, keys and scopes ------------------------------------------------------------------------


def test_another_communitys_memories_and_people_do_not_exist_for_a_key(
    api: APIClient, people: dict[str, User], stranger: User, other_community: Community
) -> None:
    theirs = remember(stranger, "Zoe reads Le Guin", community=other_community)
    _entity(other_community, stranger, EntityType.PERSON, "Ursula")
    before = counts()

    answers = [
        api.get(f"/api/v1/memories/{theirs.pk}"),
        api.get(f"/api/v1/memories/{theirs.pk}/history"),
        api.patch(f"/api/v1/memories/{theirs.pk}", {"content": "Zoe reads nothing"}, format="json"),
        api.delete(f"/api/v1/memories/{theirs.pk}"),
        api.post("/api/v1/memories", {"user": "zoe_999", "content": "Zoe is here"}, format="json"),
        api.post("/api/v1/memories/search", {"query": "Le Guin", "user": "zoe_999"}, format="json"),
    ]

    assert [a.status_code for a in answers] == [404] * 6
    assert all(a.json()["error"]["code"] == "not_found" for a in answers)
    assert contents(api.get("/api/v1/memories?user=zoe_999")) == []
    assert contents(api.get("/api/v1/memories?text=Guin")) == []
    assert api.get("/api/v1/entities?name=ursula").json()["results"] == []
    assert api.post("/api/v1/memories/search", {"query": "Le Guin books"}, format="json").json()["results"] == []
    assert counts() == before
    theirs.refresh_from_db()
    assert theirs.content == "Zoe reads Le Guin"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("post", "/api/v1/memories", {"user": "alice_456", "content": "Alice plays chess"}),
        ("patch", "/api/v1/memories/{pk}", {"content": "Alice plays go"}),
        ("delete", "/api/v1/memories/{pk}", None),
    ],
)
def test_writes_need_the_write_scope(
    key_client: KeyClient, community: Community, people: dict[str, User], method: str, path: str, body: Any
) -> None:
    memory = remember(people["alice"], "Alice plays chess")
    reader = key_client(community, scopes=[ApiKeyScope.MEMORIES_READ])
    before = counts()
    response = getattr(reader, method)(path.format(pk=memory.pk), body, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "missing_scope"
    assert counts() == before
    assert reader.get("/api/v1/memories").status_code == 200


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("get", "/api/v1/memories"),
        ("get", "/api/v1/memories/1"),
        ("post", "/api/v1/memories/search"),
        ("get", "/api/v1/entities"),
    ],
)
def test_reads_need_the_read_scope(key_client: KeyClient, community: Community, method: str, path: str) -> None:
    writer = key_client(community, scopes=[ApiKeyScope.INGEST, ApiKeyScope.MEMORIES_WRITE])
    response = getattr(writer, method)(path, {"query": "x"} if method == "post" else None, format="json")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "missing_scope"


def test_without_a_key_it_is_a_401(people: dict[str, User]) -> None:
    response = APIClient().get("/api/v1/memories")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"].startswith("Bearer")


# --- One write path: every memory text gets its vector; imports keep when they were said ------------


def test_memory_create_embeds_what_its_caller_did_not(people: dict[str, User]) -> None:
    memory = memory_create(
        community=people["alice"].identities.get().community,
        user=people["alice"],
        content="Alice keeps bees",
        kind="fact",
        importance=0.6,
        expires_at=None,
        source="api",
        actor="system",
    )
    memory.refresh_from_db()
    assert memory.embedding is not None and memory.embedding_model == embedder_get().model_name
    memory = memory_update(memory=memory, actor="system", content="Alice keeps bees and hens")
    memory.refresh_from_db()
    expected = embedder_get().embed_one("Alice keeps bees and hens")
    assert float(expected @ memory.embedding) == pytest.approx(1.0, abs=1e-4)


def test_an_imported_memory_counts_its_age_and_lifetime_from_when_it_was_said(
    api: APIClient, people: dict[str, User]
) -> None:
    said = timezone.now() - timedelta(days=10)
    body = {"user": "alice_456", "content": "Alice is training for a marathon", "source": "import"}
    response = api.post("/api/v1/memories", {**body, "said_at": said.isoformat(), "expiration": "30d"}, format="json")
    assert response.status_code == 201, response.json()
    memory = Memory.objects.get(pk=response.json()["id"])
    assert memory.source == "import" and memory.created_at == said
    assert memory.expires_at == said + timedelta(days=30)
    assert memory.embedding is not None

    for extra, field in [
        ({"said_at": (timezone.now() - timedelta(days=40)).isoformat(), "expiration": "30d"}, "expiration"),
        ({"said_at": (timezone.now() + timedelta(hours=1)).isoformat()}, "said_at"),
        ({"said_at": said.isoformat(), "source": "api"}, "said_at"),
    ]:
        refused = api.post("/api/v1/memories", {**body, **extra}, format="json")
        assert refused.status_code == 400, refused.json()
        assert field in refused.json()["error"]["message"] or field in str(refused.json()), refused.json()
    assert Memory.objects.count() == 1


def test_a_memory_imported_from_centuries_ago_still_ranks_in_the_context(
    api: APIClient, people: dict[str, User]
) -> None:
    body = {"user": "alice_456", "content": "Alice's family came from Lisbon", "source": "import"}
    response = api.post("/api/v1/memories", {**body, "said_at": "1066-10-14T09:00:00Z"}, format="json")
    assert response.status_code == 201, response.json()

    context = api.get("/api/v1/context", {"user": "alice_456", "query": "where is Alice's family from?"})
    assert context.status_code == 200, context.content  # recency bottoms out instead of underflowing
    scores = {m["content"]: m for m in context.json()["memories"]}
    assert scores["Alice's family came from Lisbon"]["recency"] == 0


def test_the_api_shows_and_filters_by_importance_today(api: APIClient, people: dict[str, User]) -> None:
    alice = people["alice"]
    faded = remember(alice, "Alice once liked tennis", importance=0.5)
    Memory.objects.filter(pk=faded.pk).update(importance_at=timezone.now() - timedelta(days=70.5))
    fresh = remember(alice, "Alice plays chess", importance=0.5)

    shown = {m["id"]: m["importance"] for m in api.get("/api/v1/memories").json()["results"]}
    assert shown == {fresh.pk: 0.5, faded.pk: round(0.5 * 0.99**70, 4)}  # 0.2474
    at_least = api.get("/api/v1/memories", {"importance_min": 0.3}).json()["results"]
    assert [m["id"] for m in at_least] == [fresh.pk]
