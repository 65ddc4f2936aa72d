"""People through the API: a bot's privacy requests for its community's users, and a person reading their own data."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import quote

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import (
    ApiKeyScope,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Profile,
    User,
)
from accounts.services import identity_resolve, membership_set
from chat.models import Channel, Message
from chat.services import message_record
from memories.models import Memory, MemoryKind, MemoryRevision, MemorySource
from memories.services.memory import memory_create
from tests.api.conftest import KeyClient
from tests.support.extraction import extract_channel_here

pytestmark = pytest.mark.django_db


def remember(community: Community, user: User, content: str, **fields: Any) -> Memory:
    return memory_create(
        community=community,
        user=user,
        content=content,
        kind=fields.pop("kind", MemoryKind.FACT),
        importance=0.6,
        expires_at=fields.pop("expires_at", None),
        source=MemorySource.PASSIVE,
        actor="llm",
        **fields,
    )


def rows() -> dict[str, int]:
    """How many rows of each kind a request could touch."""
    return {
        model.__name__: model.objects.count()
        for model in (User, ExternalIdentity, Profile, Memory, MemoryRevision, Message, ErasureRequest)
    } | {"opted_out": Profile.objects.filter(memory_enabled=False).count()}


# --- Bots: profile and export ----------------------------------------------------------------------


def test_profile_sums_up_what_is_known(api: APIClient, community: Community, people: dict[str, User]) -> None:
    alice = people["alice"]
    Profile.objects.filter(user=alice, community=community).update(
        summary="Alice is a designer moving to Austin.", personality="Upbeat", preferences=["cats"]
    )
    remember(community, alice, "Alice is moving to Austin next month")
    remember(community, alice, "Alice adopted a cat named Luna")
    remember(community, people["bob"], "Bob supports the Celtics")

    response = api.get("/api/v1/users/alice_456/profile")

    assert response.status_code == 200
    body = response.json()
    assert body["user"] == "alice_456" and body["display_name"] == "Alice" and body["community"] == "gamers"
    assert (body["summary"], body["personality"], body["preferences"]) == (
        "Alice is a designer moving to Austin.",
        "Upbeat",
        ["cats"],
    )
    assert body["memory_enabled"] is True and body["memory_count"] == 2
    assert body["behaviour_patterns"] == []


def test_export_is_one_json_document_with_the_persons_memories(
    api: APIClient, community: Community, people: dict[str, User], channel: Channel
) -> None:
    remember(community, people["alice"], "Alice is moving to Austin next month")
    remember(community, people["bob"], "Bob supports the Celtics")
    message_record(channel=channel, author=people["alice"], content="I'm moving to Austin next month")

    response = api.get("/api/v1/users/alice_456/export")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    document = response.json()
    assert [m["content"] for m in document["memories"]] == ["Alice is moving to Austin next month"]
    assert [m["content"] for m in document["messages"]] == ["I'm moving to Austin next month"]
    assert document["identities"][0]["external_id"] == "alice_456"
    assert document["community"] == "gamers"
    assert "Celtics" not in response.content.decode()


# --- Bots: forget me ---------------------------------------------------------------------------------


def test_forget_deletes_what_is_remembered_and_stops_later_extraction(
    api: APIClient, community: Community, people: dict[str, User], channel: Channel
) -> None:
    alice, dave = people["alice"], people["dave"]
    remember(community, alice, "Alice is moving to Austin next month")
    remember(community, people["bob"], "Bob supports the Celtics")

    response = api.post("/api/v1/users/alice_456/forget")

    assert response.status_code == 200, response.json()
    assert response.json() == {
        "user": "alice_456",
        "memory_enabled": False,
        "memories_deleted": 1,
        "entities_deleted": 0,
        "sessions_cleared": 0,
    }
    assert not Memory.objects.filter(user=alice).exists()
    assert Memory.objects.filter(user=people["bob"]).count() == 1
    deletion = MemoryRevision.objects.get(subject=alice, after__isnull=True)
    assert deletion.reason == "forget me"
    assert AuditEvent.objects.filter(action="user.forgotten", actor_kind="api", community=community).exists()

    start = timezone.now() - timedelta(minutes=1)  # just said: the window is still open
    for seconds, (who, text) in enumerate(
        [
            (alice, "I just adopted a cat!"),
            (dave, "I just got the job offer"),
            (alice, "Named her Luna"),
            (dave, "they want me to start in march"),
        ]
    ):
        message_record(channel=channel, author=who, content=text, created_at=start + timedelta(seconds=15 * seconds))
    extract_channel_here(channel)

    assert not Memory.objects.filter(user=alice).exists()
    assert Memory.objects.filter(user=dave).count() == 1  # the window was extracted: only Alice is left out
    assert api.get("/api/v1/users/alice_456/profile").json()["memory_enabled"] is False


# --- Bots: erasure ----------------------------------------------------------------------------------


def test_erase_removes_the_person_and_leaves_a_tombstone(
    api: APIClient, community: Community, people: dict[str, User], channel: Channel
) -> None:
    alice, bob = people["alice"], people["bob"]
    remember(community, alice, "Alice is moving to Austin next month")
    remember(community, bob, "Bob supports the Celtics")
    message_record(channel=channel, author=alice, content="I'm moving to Austin next month")
    message_record(channel=channel, author=bob, content="Go Celtics")

    response = api.post("/api/v1/users/alice_456/erase")

    assert response.status_code == 200, response.json()
    body = response.json()
    tombstone = ErasureRequest.objects.get(pk=body["id"])
    assert (body["state"], body["scope"], body["requested_via"]) == ("done", "account", "api")
    assert body["subject_hash"] == tombstone.subject_hash and len(body["subject_hash"]) == 64
    assert body["deleted_counts"]["memories.Memory"] == 1 and body["deleted_counts"]["accounts.User"] == 1
    assert "alice" not in response.content.decode().lower()

    assert api.get("/api/v1/users/alice_456/profile").status_code == 404
    assert not User.objects.filter(pk=alice.pk).exists()
    assert not ExternalIdentity.objects.filter(external_id="alice_456").exists()
    assert not Memory.objects.filter(user_id=alice.pk).exists()
    assert not MemoryRevision.objects.filter(subject_id=alice.pk).exists()
    assert not Message.objects.filter(author_id=alice.pk).exists()
    assert list(Memory.objects.values_list("content", flat=True)) == ["Bob supports the Celtics"]
    assert list(Message.objects.values_list("content", flat=True)) == ["Go Celtics"]
    again = api.post("/api/v1/users/alice_456/erase")  # asked again: the same tombstone, not a 404
    assert again.status_code == 200 and again.json()["state"] == "done"


def test_erase_of_a_person_other_communities_also_know_takes_only_what_this_one_holds(
    api: APIClient, community: Community, other_community: Community, people: dict[str, User]
) -> None:
    alice = people["alice"]
    membership_set(user=alice, community=other_community)
    remember(community, alice, "Alice is moving to Austin next month")
    remember(other_community, alice, "Alice reads Ibsen")

    response = api.post("/api/v1/users/alice_456/erase")

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["state"], body["scope"]) == ("done", "community")
    assert "accounts.User" not in body["deleted_counts"] and body["deleted_counts"]["memories.Memory"] == 1
    assert User.objects.filter(pk=alice.pk).exists()
    assert list(Memory.objects.filter(user=alice).values_list("content", flat=True)) == ["Alice reads Ibsen"]
    assert api.get("/api/v1/users/alice_456/profile").status_code == 404  # unknown here now
    again = api.post("/api/v1/users/alice_456/erase")  # a retry: the same tombstone
    assert (again.status_code, again.json()["id"]) == (200, body["id"])


def test_erase_needs_the_erase_scope(key_client: KeyClient, community: Community, people: dict[str, User]) -> None:
    remember(community, people["alice"], "Alice is moving to Austin next month")
    writer = key_client(community, scopes=[ApiKeyScope.MEMORIES_READ, ApiKeyScope.MEMORIES_WRITE])
    before = rows()
    response = writer.post("/api/v1/users/alice_456/erase")
    assert response.status_code == 403
    assert response.json()["error"] == {
        "code": "missing_scope",
        "message": "This API key lacks the 'users:erase' scope.",
    }
    assert rows() == before


@pytest.mark.parametrize(
    ("method", "path", "scope"),
    [
        ("get", "/api/v1/users/alice_456/profile", ApiKeyScope.MEMORIES_READ),
        ("get", "/api/v1/users/alice_456/export", ApiKeyScope.MEMORIES_READ),
        ("post", "/api/v1/users/alice_456/forget", ApiKeyScope.MEMORIES_WRITE),
    ],
)
def test_each_user_endpoint_needs_its_scope(
    key_client: KeyClient, community: Community, people: dict[str, User], method: str, path: str, scope: str
) -> None:
    others = [s for s in ApiKeyScope.values if s != scope]
    response = getattr(key_client(community, scopes=others), method)(path)
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "missing_scope"
    assert getattr(key_client(community, scopes=[scope]), method)(path).status_code == 200


def test_another_communitys_key_finds_nobody_and_changes_nothing(
    key_client: KeyClient, community: Community, other_community: Community, people: dict[str, User]
) -> None:
    remember(community, people["alice"], "Alice is moving to Austin next month")
    outsider_bot = key_client(other_community)
    before = rows()

    answers = [
        outsider_bot.get("/api/v1/users/alice_456/profile"),
        outsider_bot.get("/api/v1/users/alice_456/export"),
        outsider_bot.post("/api/v1/users/alice_456/forget"),
        outsider_bot.post("/api/v1/users/alice_456/erase"),
    ]

    assert [a.status_code for a in answers] == [404] * 4
    assert all(a.json()["error"]["code"] == "not_found" for a in answers)
    assert all("Austin" not in a.content.decode() for a in answers)
    assert rows() == before


# --- People signed in: /me/… -------------------------------------------------------------------------


@pytest.fixture
def signed_in(alice: User) -> APIClient:
    """Alice in her browser: session cookie, CSRF enforced as on the site."""
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    return client


def test_a_person_reads_their_own_profile_memories_and_export(
    signed_in: APIClient, community: Community, alice: User, bob: User
) -> None:
    remember(community, alice, "Alice loves indie games")
    remember(community, alice, "Alice is moving to Austin next month")
    remember(community, bob, "Bob supports the Celtics")

    profile = signed_in.get("/api/v1/me/profile")
    memories = signed_in.get("/api/v1/me/memories")
    export = signed_in.get("/api/v1/me/export")

    assert profile.status_code == 200 and profile.json()["memory_count"] == 2
    assert profile.json()["display_name"] == "Alice"
    assert [m["content"] for m in memories.json()["results"]] == [
        "Alice is moving to Austin next month",
        "Alice loves indie games",
    ]
    assert signed_in.get("/api/v1/me/memories?text=games").json()["results"][0]["content"] == "Alice loves indie games"
    assert sorted(m["content"] for m in export.json()["memories"]) == [
        "Alice is moving to Austin next month",
        "Alice loves indie games",
    ]
    assert all("Celtics" not in r.content.decode() for r in (profile, memories, export))


def test_a_person_in_several_communities_names_one(
    signed_in: APIClient, community: Community, other_community: Community, alice: User
) -> None:
    membership_set(user=alice, community=other_community)
    remember(community, alice, "Alice loves indie games")
    remember(other_community, alice, "Alice reads Le Guin")

    ambiguous = signed_in.get("/api/v1/me/memories")
    assert ambiguous.status_code == 400 and "community" in ambiguous.json()["error"]["details"]
    books = signed_in.get("/api/v1/me/memories?community=books").json()["results"]
    assert [m["content"] for m in books] == ["Alice reads Le Guin"]
    assert signed_in.get("/api/v1/me/profile?community=gamers").json()["memory_count"] == 1
    everything = signed_in.get("/api/v1/me/export").json()
    assert len(everything["memories"]) == 2 and everything["community"] is None


def test_a_person_cannot_read_anyone_else(
    signed_in: APIClient,
    community: Community,
    other_community: Community,
    alice: User,
    bob: User,
    people: dict[str, User],
) -> None:
    remember(community, alice, "Alice loves indie games")
    remember(community, bob, "Bob supports the Celtics")
    remember(community, people["alice"], "Alice (the bot's) is moving to Austin")
    not_mine = signed_in.get("/api/v1/me/memories?community=books")
    assert not_mine.status_code == 404
    # A session is no way into the bots' endpoints, which can name other people.
    for path in ("/api/v1/users/alice_456/profile", "/api/v1/memories", "/api/v1/entities"):
        assert signed_in.get(path).status_code == 401
    mine = signed_in.get("/api/v1/me/memories?user=bob_123").json()["results"]  # no such filter here
    assert [m["content"] for m in mine] == ["Alice loves indie games"]


def test_me_needs_a_signed_in_person_not_a_key(api: APIClient, alice: User) -> None:
    for path in ("/api/v1/me/profile", "/api/v1/me/export", "/api/v1/me/memories"):
        response = api.get(path)
        assert response.status_code == 401  # like every unauthenticated call, and it says how to log in
        assert response.json()["error"]["code"] == "not_authenticated"
        assert "login" in response["WWW-Authenticate"]
    assert APIClient().get("/api/v1/me/profile").status_code == 401


def test_me_is_read_only(signed_in: APIClient, alice: User) -> None:
    for client in (signed_in, APIClient()):  # the method is wrong whoever asks
        response = client.post("/api/v1/me/profile", {}, format="json")
        assert response.status_code == 405
        assert response.json()["error"]["code"] == "method_not_allowed"
        assert "GET" in response["Allow"]


ODD_IDS = ["team/alice", "50%off", "Alice Martin", "first.last", "Zoë_ü_李", "a/b/profile", "trailing/"]


@pytest.mark.parametrize("external_id", ODD_IDS)
def test_people_with_any_platform_id_can_be_reached_on_every_users_route(
    api: APIClient, community: Community, external_id: str
) -> None:
    person = identity_resolve(community=community, external_id=external_id, display_name="Odd")
    base = f"/api/v1/users/{quote(external_id, safe='')}"
    profile = api.get(f"{base}/profile")
    assert profile.status_code == 200, profile.json()
    assert profile.json()["user"] == external_id
    assert api.get(f"{base}/export").status_code == 200
    forgotten = api.post(f"{base}/forget")
    assert forgotten.status_code == 200 and forgotten.json()["user"] == external_id
    assert api.post(f"{base}/remember").json()["memory_enabled"] is True
    erased = api.post(f"{base}/erase")
    assert erased.status_code in (200, 201, 202), erased.json()
    assert not User.objects.filter(pk=person.pk).exists()


def test_a_repeated_erase_answers_with_the_same_tombstone(api: APIClient, community: Community) -> None:
    identity_resolve(community=community, external_id="gone_7", display_name="Gone")
    first = api.post("/api/v1/users/gone_7/erase")
    assert first.status_code == 200 and first.json()["state"] == "done"
    again = api.post("/api/v1/users/gone_7/erase")  # a bot that retried after a timeout
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert again.json()["completed_at"] >= again.json()["created_at"]
    assert api.post("/api/v1/users/never_seen/erase").status_code == 404  # nobody had that id


def test_unknown_or_read_only_fields_and_non_text_content_are_refused_by_name(
    api: APIClient, community: Community, alice: User
) -> None:
    identity_resolve(community=community, external_id="alice_456")
    created = api.post("/api/v1/memories", {"user": "alice_456", "content": "Alice likes tea"}, format="json")
    assert created.status_code == 201
    memory_id = created.json()["id"]
    moved = api.patch(f"/api/v1/memories/{memory_id}", {"user": "bob_123"}, format="json")
    assert moved.status_code == 400 and "user" in moved.json()["error"]["details"]
    typo = api.post("/api/v1/memories", {"user": "alice_456", "content": "x", "improtance": 1}, format="json")
    assert typo.status_code == 400 and "improtance" in typo.json()["error"]["details"]
    number = api.post("/api/v1/memories", {"user": "alice_456", "content": 123}, format="json")
    assert number.status_code == 400 and "content" in number.json()["error"]["details"]
    said = {"channel": "general", "author": "alice_456", "content": 42}
    assert api.post("/api/v1/messages", said, format="json").status_code == 400
    assert Memory.objects.filter(user__identities__external_id="alice_456").count() == 1


def test_a_cursor_the_api_did_not_give_out_is_a_400(api: APIClient) -> None:
    response = api.get("/api/v1/memories", {"cursor": "not-a-cursor"})
    assert response.status_code == 400 and "cursor" in response.json()["error"]["details"]


def test_control_characters_and_direction_overrides_are_removed_from_stored_text(
    api: APIClient, community: Community
) -> None:
    identity_resolve(community=community, external_id="alice_456")
    spoofed = "Alice pays \u202egnp.exe\u202c to \u200fBob\x00\x07"
    created = api.post("/api/v1/memories", {"user": "alice_456", "content": spoofed}, format="json")
    assert created.status_code == 201 and created.json()["content"] == "Alice pays gnp.exe to Bob"
    said = {"channel": "general", "author": "alice_456", "content": "hi\u2066 there\x1b", "message_id": "z1"}
    assert api.post("/api/v1/messages", said, format="json").status_code == 202
    assert Message.objects.get(external_id="z1").content == "hi there"
    only_controls = api.post("/api/v1/memories", {"user": "alice_456", "content": "\u202e\x00"}, format="json")
    assert only_controls.status_code == 400  # nothing left to remember


def test_scores_and_importance_are_given_as_people_read_them(api: APIClient, community: Community) -> None:
    alice = identity_resolve(community=community, external_id="alice_456")
    memory = remember(community, alice, "Alice likes tea")
    Memory.objects.filter(pk=memory.pk).update(importance=0.1 + 0.2)  # 0.30000000000000004
    body = api.get(f"/api/v1/memories/{memory.pk}").content.decode()
    assert '"importance":0.3,' in body.replace(" ", "")
    context = api.get("/api/v1/context", {"user": "alice_456", "query": "tea"}).json()
    assert all(len(repr(used["total"]).split(".")[-1]) <= 4 for used in context["memories"])
