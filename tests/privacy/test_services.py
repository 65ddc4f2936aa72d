"""Forget me, export and erasure, on the real database with the offline engine."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.contrib.postgres.fields import ArrayField
from django.db import connection, models
from django.db.models import Q
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import (
    ApiKey,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    LoginSession,
    Membership,
    Profile,
    User,
)
from accounts.services import apikey_create, identity_resolve, membership_set
from chat.models import Channel, ChannelKind, ChatSession, ConversationWindow, Message, Persona
from chat.services import channel_create, session_open, session_reply
from core.models import OutboxEvent
from memories.models import Entity, Memory, MemoryRevision, MemoryRevisionAction, MemorySource, RecallEntry, RecallPack
from memories.services.entities import entity_mention_record
from memories.services.memory import memory_create
from memories.services.summaries import (
    profile_semantic_refresh,
    session_final_summary_write,
    session_working_summary_refresh,
)
from memoryhub.ai.contract import PROFILE_TOOL_NAME
from memoryhub.ai.embeddings import embedder_get
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.types import Completion, ToolCall
from privacy.services.audit import subject_hash
from privacy.services.erasure import ERASURE_REVISION_REASON, UserAlreadyErasedError, user_erase
from privacy.services.export import user_export
from privacy.services.forget import user_forget, user_remember
from tests.memories import conftest as seed002
from tests.memories.conftest import Say
from tests.support.db import second_connection
from tests.support.extraction import extract_channel_here
from tests.support.memories import recall_packs_out_of_step, remember

pytestmark = pytest.mark.django_db
say = seed002.say  # one of the scenarios' cast speaks in #general (the cast, ``people``, is shared)


class _Canned:
    """An LLM that always gives the same answer (a summary, a reply, a profile tool call)."""

    name = "canned"
    answers_in_process = True

    def __init__(self, content: str = "", tool_calls: list[ToolCall] | None = None) -> None:
        self.content, self.tool_calls = content, tool_calls or []

    def complete(self, **kwargs: Any) -> Completion:
        return Completion(content=self.content, tool_calls=list(self.tool_calls))

    def stream(self, **kwargs: Any) -> Iterator[str]:
        raise NotImplementedError


def _contents(user: User) -> list[str]:
    return list(Memory.objects.filter(user=user).order_by("pk").values_list("content", flat=True))


# --- Forget me ---------------------------------------------------------------------------------


def test_forget_me_deletes_what_is_remembered_and_later_windows_remember_nothing(
    community: Community, channel: Channel, web_channel: Channel, persona: Persona, people: dict[str, User], say: Say
) -> None:
    alice, bob = people["alice"], people["bob"]
    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")
    extract_channel_here(channel)
    remembered = _contents(alice)
    assert remembered == ["Alice is moving to Austin next month"]
    entity_mention_record(community=community, owner=alice, type="place", name="Austin", at=timezone.now())
    profile_semantic_refresh(profile=Profile.objects.get(user=alice, community=community), llm=OfflineLLM())
    assert Profile.objects.get(user=alice, community=community).summary
    session = session_open(user=alice, persona=persona, channel=web_channel)
    session_reply(session=session, text="I'm a nurse", llm=_Canned("Nice!"))
    session_working_summary_refresh(session=session, llm=_Canned("Alice told Mira she is a nurse."))

    result = user_forget(community=community, user=alice, actor_kind="user", actor=alice)

    assert (result.memories_deleted, result.sessions_cleared) == (1, 1)
    assert result.entities_deleted >= 1
    assert _contents(alice) == [] and not Entity.objects.filter(owner=alice).exists()
    profile = Profile.objects.get(user=alice, community=community)
    assert not profile.memory_enabled
    assert (profile.summary, profile.personality, profile.preferences, profile.behaviour_patterns) == ("", "", [], [])
    assert ChatSession.objects.get(pk=session.pk).working_summary == ""
    # The history says who deleted what, and why.
    (revision,) = MemoryRevision.objects.filter(subject=alice, action=MemoryRevisionAction.USER_DELETE)
    assert (revision.actor, revision.actor_user, revision.reason) == ("user", alice, "forget me")
    # … but not what it said: no revision about Alice here keeps the words (the creation's neither).
    assert revision.before is not None and revision.before["content"] == "[forgotten]"
    history = json.dumps(list(MemoryRevision.objects.filter(subject=alice).values("before", "after", "reason")))
    assert "Austin" not in history and "moving" not in history
    assert "battle royales" in json.dumps(list(MemoryRevision.objects.filter(subject=bob).values("after")))
    event = AuditEvent.objects.get(action="user.forgotten")
    assert event.subject_hash == subject_hash(alice.pk) and event.community == community
    assert event.data == {"memories_deleted": 1, "entities_deleted": result.entities_deleted, "sessions_cleared": 1}
    assert _contents(bob) == ["Bob hates battle royales"]

    say("alice", "I adopted a cat named Luna")
    say("bob", "I love chess")
    extract_channel_here(channel)
    assert _contents(alice) == []
    assert _contents(bob) == ["Bob hates battle royales", "Bob loves chess"]
    assert not Entity.objects.filter(owner=alice).exists()


def test_forget_me_during_an_extraction_in_flight_writes_nothing(
    community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    alice = people["alice"]
    prompts: list[str] = []

    class ForgetWhileThinking:
        """The LLM is working on the window when Alice clicks "forget me"."""

        name = "offline-slow"
        answers_in_process = True

        def complete(self, **kwargs: Any) -> Completion:
            prompts.append(json.dumps(kwargs["messages"]))
            user_forget(community=community, user=alice, actor_kind="user", actor=alice)
            return OfflineLLM().complete(**kwargs)

        def stream(self, **kwargs: Any) -> Iterator[str]:
            raise NotImplementedError

    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")

    extract_channel_here(channel, llm=ForgetWhileThinking())

    assert "Austin" in prompts[0]  # she was still being remembered when the window was read
    assert _contents(alice) == []
    assert not MemoryRevision.objects.filter(subject=alice).exists()
    assert not Entity.objects.filter(owner=alice).exists()
    assert Profile.objects.get(user=alice, community=community).summary == ""
    assert _contents(people["bob"]) == ["Bob hates battle royales"]


def test_forget_me_refuses_an_unknown_actor_kind(community: Community, people: dict[str, User]) -> None:
    with pytest.raises(ValueError, match="actor_kind"):
        user_forget(community=community, user=people["alice"], actor_kind="robot")


# --- Export ------------------------------------------------------------------------------------


def test_export_holds_everything_about_the_person_and_nothing_of_others(
    community: Community,
    other_community: Community,
    channel: Channel,
    web_channel: Channel,
    persona: Persona,
    people: dict[str, User],
    say: Say,
) -> None:
    alice, bob = people["alice"], people["bob"]
    membership_set(user=alice, community=other_community)
    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")
    extract_channel_here(channel)
    entity_mention_record(
        community=community, owner=alice, type="person", name="Jane", relationship="Alice's sister", at=timezone.now()
    )
    session = session_open(user=alice, persona=persona, channel=web_channel)
    session_reply(session=session, text="I'm a nurse", llm=_Canned("Nice!"))
    session_working_summary_refresh(session=session, llm=_Canned("Alice told Mira she is a nurse."))
    forgotten = memory_create(
        community=other_community,
        user=alice,
        content="Alice hates poetry",
        kind="preference",
        importance=0.3,
        expires_at=None,
        source=MemorySource.API,
        actor="system",
    )
    user_forget(community=other_community, user=alice, actor_kind="user", actor=alice)
    assert not Memory.objects.filter(pk=forgotten.pk).exists()
    ErasureRequest.objects.create(
        subject=alice, subject_hash=subject_hash(alice.pk), requested_by=alice, requested_via="self"
    )

    document = user_export(user=alice)
    text = json.dumps(document)

    assert document["account"]["username"] == alice.username and "password" not in document["account"]
    assert alice.password not in text
    assert [i["external_id"] for i in document["identities"]] == ["alice_456"]
    assert [(m["community"], m["role"]) for m in document["memberships"]] == [("books", "member"), ("gamers", "member")]
    assert {p["community"]: p["memory_enabled"] for p in document["profiles"]} == {"books": False, "gamers": True}
    assert [m["content"] for m in document["memories"]] == ["Alice is moving to Austin next month"]
    (memory,) = document["memories"]
    assert memory["topics"] and memory["importance"] and memory["source"] == "passive"
    assert {r["action"] for r in document["memory_revisions"]} == {"created", "user_delete"}
    deleted = next(r for r in document["memory_revisions"] if r["action"] == "user_delete")
    assert deleted["before"]["content"] == "[forgotten]" and deleted["after"] is None
    assert "poetry" not in text  # forgotten means forgotten, in the export too
    assert ("person", "Jane", "Alice's sister") in {
        (e["type"], e["name"], e["relationship"]) for e in document["entities"]
    }
    (exported_session,) = document["chat_sessions"]
    assert exported_session["working_summary"] == "Alice told Mira she is a nurse."
    assert {m["content"] for m in document["messages"]} == {
        "I'm moving to Austin next month",
        "I'm a nurse",
    }
    assert [r["state"] for r in document["erasure_requests"]] == ["pending"]
    assert [e["action"] for e in document["audit_events"]] == ["user.forgotten"]
    # Nothing of Bob: not his memories, messages, handle or the bot's replies.
    assert "battle royales" not in text and "bob_123" not in text and bob.username not in text
    assert "Nice!" not in text
    # ISO datetimes, and the same document twice over.
    assert document["messages"][0]["created_at"].endswith("+00:00")
    again = user_export(user=alice)
    assert {**again, "exported_at": None} == {**document, "exported_at": None}


def test_export_restricted_to_one_community(
    community: Community, other_community: Community, people: dict[str, User]
) -> None:
    alice = people["alice"]
    membership_set(user=alice, community=other_community)
    for where, content in ((community, "Alice plays chess"), (other_community, "Alice is reading Dune")):
        memory_create(
            community=where,
            user=alice,
            content=content,
            kind="fact",
            importance=0.6,
            expires_at=None,
            source=MemorySource.API,
            actor="system",
        )

    document = user_export(user=alice, community=other_community)

    assert document["community"] == "books"
    assert [m["content"] for m in document["memories"]] == ["Alice is reading Dune"]
    assert document["identities"] == []  # her platform id belongs to the other community
    for section in ("memberships", "profiles", "memories", "memory_revisions"):
        assert document[section] and {row["community"] for row in document[section]} == {"books"}


def test_a_fact_eve_reported_is_in_franks_export_with_her_name(
    channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("eve", "Hey did you guys hear? Frank got engaged!")
    say("grace", "No way! To that girl he met at the concert?")
    say("eve", "Yeah, Heather! They've been together like 2 years")
    extract_channel_here(channel)

    frank = user_export(user=people["frank"])

    (memory,) = frank["memories"]
    assert "engaged" in memory["content"] and memory["reported_by"] == "Eve"
    assert "reported by Eve" in memory["context"]
    assert frank["memory_revisions"][0]["after"]["reported_by"] == "Eve"
    assert frank["messages"] == []  # what Eve and Grace said is theirs
    assert "eve_654" not in json.dumps(frank)


# --- Erasure -----------------------------------------------------------------------------------


def _pg_names(names: list[str]) -> str:
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return f"(?<![[:alnum:]_])(?:{alternatives})(?![[:alnum:]_])"


_STRING_FIELDS = (models.CharField, models.TextField, models.JSONField, ArrayField, models.GeneratedField)
_ID_KEYS = ("reported_by", "user", "user_id", "subject", "subject_id", "author", "actor_user", "created_by")


def _what_still_points_at(user_id: int, names: list[str]) -> list[str]:
    """Every row of every model (and every table the database knows) that still refers to the person."""
    user_model = apps.get_model("accounts", "User")
    pattern = _pg_names(names)
    found: list[str] = []

    def count(sql: str, params: list[Any]) -> int:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return int(cursor.fetchone()[0])

    for model in apps.get_models(include_auto_created=True):
        if model._meta.proxy or not model._meta.managed:
            continue
        table = connection.ops.quote_name(model._meta.db_table)
        if model is user_model and model.objects.filter(pk=user_id).exists():
            found.append("the account itself")
        for field in model._meta.concrete_fields:
            column = connection.ops.quote_name(field.column)
            if (
                field.is_relation
                and field.related_model is user_model
                and model._default_manager.filter(**{field.attname: user_id}).exists()
            ):
                found.append(f"{model._meta.label}.{field.name} -> user")
            if field.is_relation and field.related_model is ContentType and hasattr(model, "object_id"):
                user_type = ContentType.objects.get_for_model(user_model)
                if model._default_manager.filter(**{field.name: user_type, "object_id": str(user_id)}).exists():
                    found.append(f"{model._meta.label} generic link -> user")
            if isinstance(field, _STRING_FIELDS) and count(
                f"SELECT count(*) FROM {table} WHERE {column}::text ~* %s", [pattern]
            ):
                found.append(f"{model._meta.label}.{field.name} names them")
            if isinstance(field, models.JSONField):
                for key in _ID_KEYS:
                    path = f"$.**.{key} ? (@ == $id)"
                    if count(
                        f"SELECT count(*) FROM {table} WHERE jsonb_path_exists({column}::jsonb, %s, "
                        "jsonb_build_object('id', %s::int))",
                        [path, user_id],
                    ):
                        found.append(f"{model._meta.label}.{field.name} holds their id under {key!r}")
    # Foreign keys the database knows of, modelled or not.
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT c.conrelid::regclass::text, a.attname
            FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
            WHERE c.contype = 'f' AND c.confrelid = 'accounts_user'::regclass
            """
        )
        references = cursor.fetchall()
    for table_name, column_name in references:
        if count(f'SELECT count(*) FROM {table_name} WHERE "{column_name}" = %s', [user_id]):
            found.append(f"{table_name}.{column_name} (database foreign key)")
    for session in LoginSession.objects.all():
        if session.get_decoded().get("_auth_user_id") == str(user_id):
            found.append(f"login session {session.session_key[:6]}…")
    return found


@pytest.fixture
def eve_everywhere(
    community: Community,
    channel: Channel,
    web_channel: Channel,
    persona: Persona,
    owner: User,
    people: dict[str, User],
    say: Say,
    client: Client,
) -> User:
    """Eve, with a row of every kind about or by her, and other people's rows that name her."""
    eve, bob, charlie, dave = people["eve"], people["bob"], people["charlie"], people["dave"]
    # A fact she reported about Frank, then her own facts; a window left with her alone.
    say("eve", "Hey did you guys hear? Frank got engaged!")
    say("grace", "No way! To that girl he met at the concert?")
    say("eve", "Yeah, Heather! They've been together like 2 years")
    extract_channel_here(channel)
    say("eve", "I love hiking")
    say("bob", "Eve told me she plays chess on Sundays")
    extract_channel_here(channel)
    say("eve", "See you all tomorrow")
    entity_mention_record(community=community, owner=eve, type="place", name="Lisbon", at=timezone.now())
    # Her chat with the persona, its summaries and its episodic memory.
    session = session_open(user=eve, persona=persona, channel=web_channel)
    session_reply(session=session, text="My name is Eve and I'm a nurse", llm=OfflineLLM())
    session_working_summary_refresh(session=session, llm=_Canned("Eve told Mira she is a nurse."))
    session_final_summary_write(session=session, llm=_Canned("Eve, a nurse, said hello to Mira."))
    # Other people's rows naming her.
    bob_channel = channel_create(community=community, name="Bob's web chat", kind=ChannelKind.WEB)
    bob_session = session_open(user=bob, persona=persona, channel=bob_channel)
    session_reply(session=bob_session, text="I play chess with Eve", llm=_Canned("Who wins?"))
    session_working_summary_refresh(session=bob_session, llm=_Canned("Bob plays chess with Eve on Sundays."))
    memory_create(
        community=community,
        user=bob,
        content="Bob hates battle royales",
        kind="preference",
        importance=0.6,
        expires_at=None,
        source=MemorySource.API,
        actor="system",
    )
    profile = {"summary": "Bob plays chess with Eve.", "personality": "competitive", "preferences": ["chess with Eve"]}
    profile_semantic_refresh(
        profile=Profile.objects.get(user=bob, community=community),
        llm=_Canned(tool_calls=[ToolCall(name=PROFILE_TOOL_NAME, arguments=json.dumps(profile))]),
    )
    entity_mention_record(
        community=community, owner=bob, type="person", name="Eve", relationship="chess partner", at=timezone.now()
    )
    entity_mention_record(
        community=community,
        owner=bob,
        type="organisation",
        name="Sunday chess club",
        relationship="where he meets Eve",
        at=timezone.now(),
    )
    memory_create(
        community=community,
        user=charlie,
        content="Charlie plays chess with Eve on Sundays",
        kind="fact",
        importance=0.6,
        expires_at=None,
        source=MemorySource.MODERATOR,
        actor="moderator",
        embedding=[0.1] * 384,
        embedding_model="test-model",
    )
    # What she did as a member of staff: a key, a moderation, admin changes; her login.
    apikey_create(community=community, name="discord bot", scopes=["ingest"], created_by=eve)
    memory_create(
        community=community,
        user=dave,
        content="Dave is tired today",
        kind="emotion",
        importance=0.3,
        expires_at=None,
        source=MemorySource.API,
        actor="system",
    )
    user_forget(community=community, user=dave, actor_kind="moderator", actor=eve)
    LogEntry.objects.log_actions(user_id=owner.pk, queryset=[eve], action_flag=CHANGE)
    LogEntry.objects.log_actions(user_id=owner.pk, queryset=[Memory.objects.filter(user=eve)[0]], action_flag=CHANGE)
    LogEntry.objects.log_actions(user_id=eve.pk, queryset=[community], action_flag=CHANGE)
    eve.groups.add(Group.objects.create(name="chess players"))
    eve.user_permissions.add(Permission.objects.get(codename="view_memory"))
    # A mistyped password: the login throttle (django-axes) records the attempt under her username.
    client.post(reverse("login"), {"username": eve.username, "password": "not her password"})
    client.force_login(eve)
    eve.refresh_from_db()
    return eve


def _names_of(user: User) -> list[str]:
    identity = ExternalIdentity.objects.get(user=user)
    return [user.username, user.display_name, identity.external_id, identity.display_name]


def test_erasure_leaves_nothing_that_refers_to_the_person(eve_everywhere: User, people: dict[str, User]) -> None:
    eve = eve_everywhere
    names = _names_of(eve)
    assert len(_what_still_points_at(eve.pk, names)) > 10  # the walk does see her everywhere before

    tombstone = user_erase(user=eve, via="self", requested_by=eve)

    assert _what_still_points_at(eve.pk, names) == []
    assert (tombstone.state, tombstone.subject, tombstone.requested_by) == ("done", None, None)
    assert tombstone.subject_hash == subject_hash(eve.pk) and tombstone.completed_at is not None
    event = AuditEvent.objects.get(action="user.erased")
    assert (event.subject_hash, event.actor, event.actor_kind) == (tombstone.subject_hash, None, "user")
    assert event.data["erasure_request"] == tombstone.pk
    # Other people's things stay, without her.
    assert ApiKey.objects.filter(name="discord bot", created_by=None).exists()
    charlie = Memory.objects.get(user=people["charlie"], content__contains="chess")
    assert charlie.content == "Charlie plays chess with [erased] on Sundays"
    # … searched by what it now says: its vector is the redacted text's, made at once.
    expected = embedder_get().embed_one(charlie.content)
    assert charlie.embedding is not None and float(np.dot(np.asarray(charlie.embedding), expected)) > 0.999
    assert Message.objects.filter(content="[erased] told me she plays chess on Sundays").exists()
    # Bob's line that named her is recalled by what it now says; its old vector is gone until re-embedded.
    line = RecallEntry.objects.get(message__content="[erased] told me she plays chess on Sundays")
    assert "eve" not in str(line.search_vector) and "chess" in str(line.search_vector) and line.embedding is None
    assert recall_packs_out_of_step() == []  # … and so do the packs ranking reads
    assert ChatSession.objects.get(user=people["bob"]).working_summary == "Bob plays chess with [erased] on Sundays."
    assert Profile.objects.get(user=people["bob"]).preferences == ["chess with [erased]"]
    assert list(Entity.objects.filter(owner=people["bob"]).values_list("name", "relationship")) == [
        ("Sunday chess club", "where he meets [erased]")
    ]
    # Windows count only what they still hold; the ones she alone filled are gone.
    for window in ConversationWindow.objects.all():
        assert window.message_count == window.messages.count() > 0


def test_erasure_tombstone_counts_every_deleted_row(eve_everywhere: User) -> None:
    eve = eve_everywhere
    theirs = Message.objects.filter(Q(author=eve) | Q(session__user=eve))
    links = Memory.source_messages.through.objects.filter(Q(memory__user=eve) | Q(message__in=theirs))
    expected = {
        "accounts.User": 1,
        "accounts.Membership": 1,
        "accounts.ExternalIdentity": 1,
        "accounts.Profile": 1,
        "accounts.User_groups": 1,
        "accounts.User_user_permissions": 1,
        "admin.LogEntry": 3,
        "accounts.LoginSession": 1,
        "axes.AccessAttempt": 1,  # the password she mistyped
        "chat.ChatSession": 1,
        "chat.Message": theirs.count(),
        "chat.ConversationWindow": 2,  # her web chat's, and the one she was alone in
        "memories.Memory": Memory.objects.filter(user=eve).count(),
        "memories.Memory_source_messages": links.count(),
        "memories.MemoryRevision": MemoryRevision.objects.filter(subject=eve).count(),
        "memories.Entity": Entity.objects.filter(owner=eve).count() + 1,  # and Bob's entity "Eve"
        "memories.RecallEntry": RecallEntry.objects.filter(user=eve).count(),
        "memories.RecallPack": RecallPack.objects.filter(user=eve).count(),
        "core.OutboxEvent": OutboxEvent.objects.filter(subject_id=eve.pk).count(),
    }
    assert expected["memories.Memory"] >= 2 and expected["chat.Message"] == 6  # 4 in #general, 2 in her chat
    assert expected["memories.RecallEntry"] == 3  # her lines with memory on: recalled until erased

    tombstone = user_erase(user=eve, via="self", requested_by=eve)

    assert tombstone.deleted_counts == expected
    stored = ErasureRequest.objects.get(pk=tombstone.pk)
    assert stored.deleted_counts == expected and stored.subject_hash == subject_hash(eve.pk)


def test_a_fact_reported_by_the_erased_person_stays_without_reporter(
    eve_everywhere: User, people: dict[str, User]
) -> None:
    eve, frank = eve_everywhere, people["frank"]
    before = Memory.objects.get(user=frank)
    assert before.reported_by == eve and "reported by Eve" in before.context

    user_erase(user=eve, via="moderator", requested_by=people["grace"])

    after = Memory.objects.get(pk=before.pk)
    assert (after.content, after.reported_by) == (before.content, None)
    assert "Eve" not in after.context and "reported by" not in after.context
    history = list(MemoryRevision.objects.filter(memory_ref=before.pk).order_by("pk"))
    assert all(r.after is None or r.after["reported_by"] is None for r in history)
    assert (history[-1].action, history[-1].reason) == ("updated", ERASURE_REVISION_REASON)
    assert ErasureRequest.objects.get().requested_by == people["grace"]


def test_erasing_someone_twice_is_refused(people: dict[str, User]) -> None:
    dave = people["dave"]
    user_erase(user=dave, via="self")

    with pytest.raises(UserAlreadyErasedError, match="already erased"):
        user_erase(user=dave, via="self")
    assert ErasureRequest.objects.count() == 1


def test_forget_or_remember_arriving_after_an_erasure_find_nobody(
    community: Community, people: dict[str, User]
) -> None:
    dave = people["dave"]  # as a request read him before another request erased him
    user_erase(user=dave, via="self")

    for change in (user_forget, user_remember):
        with pytest.raises(UserAlreadyErasedError, match="already erased"):
            change(community=community, user=dave, actor_kind="api")
    assert not Profile.objects.filter(user_id=dave.pk).exists()


def test_a_community_erases_only_what_it_holds_of_people_others_also_know(
    community: Community, other_community: Community, people: dict[str, User]
) -> None:
    alice, dave, bob = people["alice"], people["dave"], people["bob"]
    membership_set(user=alice, community=other_community)
    remember(community, alice, "Alice collects stamps")
    remember(other_community, alice, "Alice hikes on Sundays")
    told = remember(community, bob, "Bob and Alice trade stamps")

    tombstone = user_erase(user=alice, via="api", community=community)

    assert (tombstone.scope, tombstone.community, tombstone.known_in_community_ids) == (
        "community",
        community,
        [community.pk],
    )
    assert "accounts.User" not in tombstone.deleted_counts
    assert User.objects.filter(pk=alice.pk).exists()
    assert list(Membership.objects.filter(user=alice).values_list("community_id", flat=True)) == [other_community.pk]
    assert list(Memory.objects.filter(user=alice).values_list("content", flat=True)) == ["Alice hikes on Sundays"]
    told.refresh_from_db()
    assert told.content == "Bob and [erased] trade stamps"  # her name goes from this community's text

    tombstone = user_erase(user=dave, via="api", community=community)
    assert tombstone.scope == "account" and not User.objects.filter(pk=dave.pk).exists()


def test_an_open_erasure_request_becomes_the_tombstone(people: dict[str, User]) -> None:
    eve = people["eve"]
    request = ErasureRequest.objects.create(
        subject=eve, subject_hash=subject_hash(eve.pk), requested_by=eve, requested_via="self"
    )

    tombstone = user_erase(user=eve, via="self", requested_by=eve)

    assert tombstone.pk == request.pk
    request.refresh_from_db()
    assert (request.state, request.subject, request.requested_by) == ("done", None, None)
    assert request.deleted_counts["accounts.User"] == 1


def test_each_erasure_redacts_its_own_name_and_keeps_earlier_history_empty(
    community: Community, people: dict[str, User]
) -> None:
    charlie = people["charlie"]
    memory = memory_create(
        community=community,
        user=charlie,
        content="Charlie plays chess with Eve and Grace",
        kind="fact",
        importance=0.6,
        expires_at=None,
        source=MemorySource.MODERATOR,
        actor="moderator",
    )

    user_erase(user=people["eve"], via="self")
    user_erase(user=people["grace"], via="self")

    memory.refresh_from_db()
    assert memory.content == "Charlie plays chess with [erased] and [erased]"
    history = list(MemoryRevision.objects.filter(memory_ref=memory.pk).order_by("pk"))
    assert [(r.action, r.before) for r in history] == [("created", None), ("updated", {}), ("updated", {})]
    assert all(r.after is not None and r.after["content"] == memory.content for r in history)


@pytest.mark.django_db(transaction=True)
def test_a_failed_erasure_is_recorded_with_its_error_and_a_retry_finishes_it(community: Community) -> None:
    erin = identity_resolve(community=community, external_id="erin_9", display_name="Erin")
    kept = remember(community, erin, "Erin keeps bees")
    with second_connection() as other:
        other.execute("SELECT id FROM memories_memory WHERE id = %s FOR UPDATE", [kept.pk])  # held elsewhere
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '500ms'")
        with pytest.raises(Exception, match="lock"):
            user_erase(user=erin, via="api", community=community)
        other.rollback()
    with connection.cursor() as cursor:
        cursor.execute("SET lock_timeout = 0")
    (failed,) = ErasureRequest.objects.filter(subject=erin)
    assert failed.state == "failed" and "lock" in failed.error and failed.completed_at is None
    assert User.objects.filter(pk=erin.pk).exists() and Memory.objects.filter(pk=kept.pk).exists()  # all or nothing

    tombstone = user_erase(user=erin, via="api", community=community)
    assert tombstone.pk == failed.pk and tombstone.state == "done" and tombstone.error == ""
    assert tombstone.completed_at is not None and tombstone.completed_at >= tombstone.created_at
    assert not User.objects.filter(pk=erin.pk).exists()


def test_erasure_redacts_only_names_that_point_at_the_person_alone(community: Community) -> None:
    ed = identity_resolve(community=community, external_id="ed_1", display_name="Ed")  # too short to redact
    ed.first_name = "Samira"
    ed.save()
    identity_resolve(community=community, external_id="samira_2", display_name="Samira")  # another Samira
    mentioned = identity_resolve(community=community, external_id="kai_3", display_name="Kai")
    memory = remember(community, mentioned, "Kai plays chess with Samira and Ed, edited by ed_1")
    user_erase(user=ed, via="api", community=community)
    memory.refresh_from_db()
    # "Samira" is someone else's name too, "Ed" is too short to tell apart from "edited": both stay;
    # the handle that was Ed's alone goes.
    assert memory.content == "Kai plays chess with Samira and Ed, edited by [erased]"


@pytest.mark.django_db
def test_erasure_deletes_the_persons_login_sessions_found_by_their_id_and_no_one_elses(
    people: dict[str, User],
) -> None:
    alice, bob = people["alice"], people["bob"]
    for person in (alice, alice, bob):  # Alice on two devices
        Client().force_login(person)
    assert Counter(LoginSession.objects.values_list("user_id", flat=True)) == {alice.pk: 2, bob.pk: 1}

    tombstone = user_erase(user=alice, via="self", requested_by=alice)

    assert tombstone.deleted_counts["accounts.LoginSession"] == 2
    (left,) = LoginSession.objects.all()
    assert left.get_decoded()["_auth_user_id"] == str(bob.pk)  # still logged in
