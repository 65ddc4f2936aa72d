"""The admin: every model can be listed, searched and opened by an operator, and nobody else."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import NamedTuple

import pytest
from django.apps import apps
from django.contrib import admin
from django.db.models import Model
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts.models import (
    ApiKey,
    ApiKeyScope,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    LoginSession,
    Membership,
    MemoryOffInterval,
    Profile,
    User,
)
from accounts.services import apikey_create, apikey_hash, profile_memory_enabled_set, user_create
from chat.models import Channel, ChatSession, ConversationWindow, Message, Persona
from memories.models import Entity, Memory, MemoryRevision, RecallEntry, RecallPack
from memories.services.recall import recall_index_messages

MODELS: list[type[Model]] = [
    User,
    Community,
    Membership,
    ExternalIdentity,
    Profile,
    MemoryOffInterval,
    ApiKey,
    ErasureRequest,
    AuditEvent,
    Persona,
    Channel,
    ChatSession,
    ConversationWindow,
    Message,
    Memory,
    MemoryRevision,
    Entity,
    RecallEntry,
]

# The rest are written only by the services (windows, entities) or never by hand (history, audit).
ADDABLE: list[type[Model]] = [
    User,
    Community,
    Membership,
    ExternalIdentity,
    Profile,
    ApiKey,
    Persona,
    Channel,
    ChatSession,
    Message,
    Memory,
]

EMBEDDING_MODEL = "all-MiniLM-L6-v2"


class Row(NamedTuple):
    """One row of a model, a search that finds it and text its changelist line shows."""

    obj: Model
    query: str
    text: str


def _url(model: type[Model], view: str, *args: object) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture
def operator(db: None) -> User:
    user = user_create(username="operator", password="a long operator password", display_name="Operator")
    user.is_staff = True
    user.is_superuser = True
    user.save()
    return user


@pytest.fixture
def operator_client(client: Client, operator: User) -> Client:
    client.force_login(operator)
    return client


def _memory(*, community: Community, user: User, persona: Persona | None, content: str) -> Memory:
    return Memory.objects.create(
        community=community,
        user=user,
        persona=persona,
        content=content,
        embedding=[0.1] * 384,
        embedding_model=EMBEDDING_MODEL,
    )


@pytest.fixture
def rows(
    community: Community, owner: User, alice: User, bob: User, persona: Persona, channel: Channel
) -> dict[type[Model], Row]:
    now = timezone.now()
    Profile.objects.filter(user=alice, community=community).update(summary="Alice loves corgis.")
    identity = ExternalIdentity.objects.create(
        community=community, user=alice, external_id="discord-4242", display_name="alice#4242"
    )
    api_key, _ = apikey_create(
        community=community, name="Mira bot", scopes=[ApiKeyScope.INGEST, ApiKeyScope.CONTEXT], created_by=owner
    )
    bob_hash = _sha256("bob")
    erasure = ErasureRequest.objects.create(
        community=community,
        subject=bob,
        subject_hash=bob_hash,
        requested_by=owner,
        requested_via=ErasureRequest.Via.MODERATOR,
    )
    audit = AuditEvent.objects.create(
        community=community,
        actor=owner,
        actor_kind=AuditEvent.ActorKind.MODERATOR,
        action="memory.deleted",
        subject_hash=bob_hash,
    )
    session = ChatSession.objects.create(user=alice, persona=persona, channel=channel)
    window = ConversationWindow.objects.create(channel=channel, first_message_at=now, last_message_at=now)
    message = Message.objects.create(
        channel=channel,
        session=session,
        window=window,
        author=alice,
        content="I just adopted a corgi named Biscuit",
        external_id="discord-msg-1",
    )
    memory = _memory(community=community, user=alice, persona=persona, content="Alice adopted a corgi named Biscuit")
    memory.source_messages.add(message)
    revision = MemoryRevision.objects.create(
        memory=memory,
        memory_ref=memory.pk,
        community=community,
        subject=alice,
        action=MemoryRevision.Action.CREATED,
        actor=MemoryRevision.Actor.LLM,
        after={"content": memory.content},
        reason="She mentioned her new dog",
    )
    entity = Entity.objects.create(
        community=community,
        owner=alice,
        type=Entity.Type.PERSON,
        name="Jane",
        relationship="sister",
        first_mentioned_at=now,
        last_mentioned_at=now,
    )
    profile_memory_enabled_set(user=bob, community=community, enabled=False)
    recall_index_messages(messages=[message])
    return {
        User: Row(alice, "alice", "Alice"),
        Community: Row(community, "gamers", "Gamers Guild"),
        Membership: Row(Membership.objects.get(user=alice, community=community), "alice", "Alice"),
        ExternalIdentity: Row(identity, "4242", "discord-4242"),
        Profile: Row(Profile.objects.get(user=alice, community=community), "corgis", "Alice"),
        MemoryOffInterval: Row(MemoryOffInterval.objects.get(user=bob), "bob", str(bob)),
        ApiKey: Row(api_key, "Mira", api_key.prefix),
        ErasureRequest: Row(erasure, bob_hash[:8], bob_hash[:12]),
        AuditEvent: Row(audit, "memory.deleted", bob_hash),
        Persona: Row(persona, "Mira", "Mira"),
        Channel: Row(channel, "general", "discord-general"),
        ChatSession: Row(session, "alice", "Alice"),
        ConversationWindow: Row(window, "general", "general"),
        Message: Row(message, "corgi", "I just adopted a corgi named Biscuit"),
        Memory: Row(memory, "Biscuit", "Alice adopted a corgi named Biscuit"),
        MemoryRevision: Row(revision, "new dog", "She mentioned her new dog"),
        Entity: Row(entity, "jane", "Jane"),
        RecallEntry: Row(RecallEntry.objects.get(message=message), "corgi", "I just adopted a corgi named Biscuit"),
    }


def test_every_model_of_our_apps_is_registered_and_tested() -> None:
    ours = [model for app in ("accounts", "chat", "memories") for model in apps.get_app_config(app).get_models()]
    assert set(ours) - {LoginSession, RecallPack} == set(MODELS)
    assert all(admin.site.is_registered(model) for model in MODELS)
    assert not admin.site.is_registered(LoginSession)  # a session key is a credential: never on a page
    assert not admin.site.is_registered(RecallPack)  # arrays derived from the entries, which are listed


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_operator_sees_the_row_in_the_changelist(
    operator_client: Client, rows: dict[type[Model], Row], model: type[Model]
) -> None:
    response = operator_client.get(_url(model, "changelist"))

    assert response.status_code == 200
    assert escape(rows[model].text) in response.content.decode()


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_operator_finds_the_row_by_search(
    operator_client: Client, rows: dict[type[Model], Row], model: type[Model]
) -> None:
    row = rows[model]

    found = operator_client.get(_url(model, "changelist"), {"q": row.query})
    missed = operator_client.get(_url(model, "changelist"), {"q": "nothing-is-called-this"})

    assert found.status_code == 200
    assert row.obj.pk in [result.pk for result in found.context["cl"].result_list]
    assert escape(row.text) in found.content.decode()
    assert missed.status_code == 200
    assert list(missed.context["cl"].result_list) == []


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_operator_opens_the_row(operator_client: Client, rows: dict[type[Model], Row], model: type[Model]) -> None:
    row = rows[model]

    response = operator_client.get(_url(model, "change", row.obj.pk))

    assert response.status_code == 200
    assert escape(str(row.obj)) in response.content.decode()


@pytest.mark.parametrize("model", ADDABLE, ids=lambda model: model.__name__)
def test_operator_opens_the_add_form(operator_client: Client, model: type[Model]) -> None:
    response = operator_client.get(_url(model, "add"))

    assert response.status_code == 200
    assert "<form" in response.content.decode()


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_anonymous_visitor_is_sent_to_login(client: Client, rows: dict[type[Model], Row], model: type[Model]) -> None:
    response = client.get(_url(model, "changelist"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))


def test_memory_changelist_query_count_does_not_grow_with_rows(
    operator_client: Client, community: Community, persona: Persona, django_assert_max_num_queries
) -> None:
    for number in range(8):
        user = user_create(username=f"person{number}", display_name=f"Person {number}")
        _memory(community=community, user=user, persona=persona, content=f"Person {number} plays chess")

    # Session, operator, community and persona filters, count, the page's rows with their people
    # and personas, two for the date hierarchy: eight however many rows there are.
    with django_assert_max_num_queries(8):
        response = operator_client.get(_url(Memory, "changelist"))

    assert response.status_code == 200
    assert len(response.context["cl"].result_list) == 8


def test_memory_page_shows_the_embedding_model_but_not_the_vector(
    operator_client: Client, rows: dict[type[Model], Row]
) -> None:
    memory = rows[Memory].obj

    response = operator_client.get(_url(Memory, "change", memory.pk))

    page = response.content.decode()
    assert EMBEDDING_MODEL in page
    assert 'name="embedding"' not in page
    assert 'name="content"' in page


def test_user_page_edits_the_display_name(operator_client: Client, alice: User) -> None:
    response = operator_client.get(_url(User, "change", alice.pk))

    assert 'name="display_name"' in response.content.decode()


def test_adding_a_key_shows_its_plaintext_once_and_stores_only_its_hash(
    operator_client: Client, operator: User, community: Community
) -> None:
    response = operator_client.post(
        _url(ApiKey, "add"),
        {
            "community": community.pk,
            "name": "Discord bot",
            "scopes": [ApiKeyScope.INGEST, ApiKeyScope.CHAT],
            "_save": "",
        },
        follow=True,
    )

    assert response.status_code == 200
    key = ApiKey.objects.get(name="Discord bot")
    shown = [str(message) for message in response.context["messages"]]
    plaintexts = [word for text in shown for word in text.split() if word.startswith(key.prefix)]
    assert len(plaintexts) == 1
    assert apikey_hash(plaintexts[0]) == key.hashed_key
    assert key.created_by == operator
    assert sorted(key.scopes) == [ApiKeyScope.CHAT, ApiKeyScope.INGEST]
    again = operator_client.get(_url(ApiKey, "change", key.pk))
    assert plaintexts[0] not in again.content.decode()


def test_revoke_action_revokes_live_keys_and_keeps_earlier_revocations(
    operator_client: Client, community: Community
) -> None:
    live, _ = apikey_create(community=community, name="live", scopes=[ApiKeyScope.CHAT])
    old, _ = apikey_create(community=community, name="old", scopes=[ApiKeyScope.CHAT])
    revoked_long_ago = timezone.now() - timedelta(days=30)
    ApiKey.objects.filter(pk=old.pk).update(revoked_at=revoked_long_ago)

    response = operator_client.post(
        _url(ApiKey, "changelist"),
        {"action": "revoke_selected", "_selected_action": [live.pk, old.pk]},
    )

    assert response.status_code == 302
    live.refresh_from_db()
    old.refresh_from_db()
    assert live.revoked_at is not None
    assert old.revoked_at == revoked_long_ago


def test_membership_added_in_admin_gives_the_person_a_profile(operator_client: Client, community: Community) -> None:
    dora = user_create(username="dora")

    response = operator_client.post(
        _url(Membership, "add"), {"user": dora.pk, "community": community.pk, "role": "moderator", "_save": ""}
    )

    assert response.status_code == 302
    assert Membership.objects.get(user=dora, community=community).role == "moderator"
    assert Profile.objects.filter(user=dora, community=community).exists()


def test_the_community_memory_switch_in_the_admin_keeps_its_on_off_history(
    operator_client: Client, community: Community
) -> None:
    fields = {
        name: value
        for name, value in model_to_dict(community).items()
        if name not in ("id", "memory_enabled", "created_at")
    }

    off = operator_client.post(_url(Community, "change", community.pk), fields | {"_save": ""})
    back = operator_client.post(_url(Community, "change", community.pk), fields | {"memory_enabled": "on", "_save": ""})
    new = operator_client.post(_url(Community, "add"), fields | {"name": "Quiet", "slug": "quiet", "_save": ""})

    assert (off.status_code, back.status_code, new.status_code) == (302, 302, 302)
    (interval,) = MemoryOffInterval.objects.filter(community=community)
    assert interval.user is None and interval.ended_at is not None and interval.ended_at > interval.started_at
    quiet = Community.objects.get(slug="quiet")
    assert not quiet.memory_enabled
    assert MemoryOffInterval.objects.get(community=quiet, user=None).ended_at is None


def test_audit_events_and_revisions_cannot_be_added_changed_or_deleted(
    operator_client: Client, rows: dict[type[Model], Row]
) -> None:
    for model in (AuditEvent, MemoryRevision, MemoryOffInterval, RecallEntry):
        obj = rows[model].obj

        assert operator_client.get(_url(model, "add")).status_code == 403
        assert operator_client.post(_url(model, "change", obj.pk), {}).status_code == 403
        assert operator_client.post(_url(model, "delete", obj.pk), {"post": "yes"}).status_code == 403
        assert model.objects.filter(pk=obj.pk).exists()


def test_operator_edits_a_memory_from_its_page(operator_client: Client, rows: dict[type[Model], Row]) -> None:
    memory = rows[Memory].obj
    assert isinstance(memory, Memory)

    response = operator_client.post(
        _url(Memory, "change", memory.pk),
        {
            "community": memory.community_id,
            "user": memory.user_id,
            "persona": memory.persona_id,
            "content": "Alice adopted a corgi named Biscuit in May",
            "kind": Memory.Kind.EVENT,
            "topics": "pets,dogs",
            "importance": "0.8",
            "expires_at_0": "",
            "expires_at_1": "",
            "source": Memory.Source.MODERATOR,
            "context": "",
            "source_window": "",
            # The read-only history inline's management form, as the page posts it.
            "revisions-TOTAL_FORMS": "1",
            "revisions-INITIAL_FORMS": "1",
            "revisions-MIN_NUM_FORMS": "0",
            "revisions-MAX_NUM_FORMS": "1000",
            "_save": "",
        },
    )

    assert response.status_code == 302
    memory.refresh_from_db()
    assert memory.content == "Alice adopted a corgi named Biscuit in May"
    assert memory.topics == ["pets", "dogs"]
    assert memory.source_messages.count() == 1
    # The edit is in the history, by its moderator, and the memory got a vector for its new text.
    revision = memory.revisions.get(action=MemoryRevision.Action.MODERATOR_EDIT)
    assert revision.actor == "moderator" and revision.actor_user is not None
    assert revision.after is not None and revision.after["content"] == memory.content
    assert memory.embedding is not None and memory.embedding_model


def test_operator_deletes_memories_and_the_history_keeps_who_did(
    operator_client: Client, rows: dict[type[Model], Row]
) -> None:
    memory = rows[Memory].obj
    assert isinstance(memory, Memory)
    response = operator_client.post(
        reverse("admin:memories_memory_changelist"),
        {"action": "delete_selected", "_selected_action": [memory.pk], "post": "yes"},
    )
    assert response.status_code == 302
    assert not Memory.objects.filter(pk=memory.pk).exists()
    revision = MemoryRevision.objects.get(memory_ref=memory.pk, action=MemoryRevision.Action.MODERATOR_DELETE)
    assert revision.actor_user is not None and revision.before is not None
