"""The moderator dashboard (/moderation/): who sees what, and what a moderator's change does."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any
from urllib.parse import unquote

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import AuditEvent, Community, MembershipRole, Profile, User
from accounts.services import membership_set, profile_locked, profile_summary_set, user_create
from chat.ingest import IngestItem, messages_ingest
from chat.models import ConversationWindow, ConversationWindowCloseReason, ConversationWindowState, Message
from chat.services import persona_create, web_channel_get
from memories.models import Memory, MemoryRevision, MemoryRevisionAction, MemoryRevisionActor
from memoryhub.ai.embeddings import embedder_get
from privacy.services.audit import subject_hash
from privacy.services.forget import user_forget
from tests.support.extraction import extract_channel_here
from tests.support.memories import remember

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def moderator(community: Community) -> User:
    user = user_create(username="mod_a", display_name="Mod A")
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


@pytest.fixture
def other_moderator(other_community: Community) -> User:
    user = user_create(username="mod_b", display_name="Mod B")
    membership_set(user=user, community=other_community, role=MembershipRole.MODERATOR)
    return user


@pytest.fixture
def staff(db: None) -> User:
    user = user_create(username="staff", display_name="Staff")
    user.is_staff = user.is_superuser = True
    user.save(update_fields=["is_staff", "is_superuser"])
    return user


def _failed_window(community: Community, author: str, text: str) -> ConversationWindow:
    messages_ingest(
        community=community, items=[IngestItem(channel="general", author=author, content=text, sent_at=timezone.now())]
    )
    window = ConversationWindow.objects.get(channel__community=community)
    ConversationWindow.objects.filter(pk=window.pk).update(
        state=ConversationWindowState.FAILED,
        close_reason=ConversationWindowCloseReason.MANUAL,
        closed_at=timezone.now(),
        last_error="InternalServerError: the model fell over",
        attempts=3,
    )
    return window


@pytest.fixture
def secrets(community: Community, other_community: Community, alice: User, outsider: User) -> dict[str, Any]:
    return {
        "a": remember(community, alice, "Alice keeps a pet iguana called Rex"),
        "b": remember(other_community, outsider, "Outsider hides a diary under the floorboards"),
        "window a": _failed_window(community, "alice_456", "my iguana sheds"),
        "window b": _failed_window(other_community, "outsider_1", "my diary is full"),
    }


def _as(client: Client, user: User | None) -> Client:
    if user is not None:
        client.force_login(user)
    return client


def _requests(secrets: dict[str, Any], community: Community, other_community: Community) -> list[tuple]:
    """Every page, fragment and post of the dashboard: (name, method, url, data, of community B)."""
    a, b = secrets["a"], secrets["b"]
    edit = {f"memory-{a.pk}-content": "Alice keeps two iguanas", f"memory-{a.pk}-kind": "fact"}
    edit |= {f"memory-{a.pk}-importance": "0.7", f"memory-{a.pk}-topics": "pets"}
    edit_b = {k.replace(str(a.pk), str(b.pk)): v for k, v in edit.items()}
    edit_b[f"memory-{b.pk}-content"] = "Outsider keeps a notebook"
    return [
        ("index", "get", reverse("moderation"), None, False),
        ("overview A", "get", reverse("moderation-overview", args=[community.pk]), None, False),
        ("overview B", "get", reverse("moderation-overview", args=[other_community.pk]), None, True),
        ("list A", "get", reverse("moderation-memories", args=[community.pk]), None, False),
        ("list B", "get", reverse("moderation-memories", args=[other_community.pk]), None, True),
        ("edit form A", "get", reverse("moderation-memory-edit", args=[a.pk]), None, False),
        ("edit form B", "get", reverse("moderation-memory-edit", args=[b.pk]), None, True),
        ("history A", "get", reverse("moderation-memory-history", args=[a.pk]), None, False),
        ("history B", "get", reverse("moderation-memory-history", args=[b.pk]), None, True),
        ("edit B", "post", reverse("moderation-memory-edit", args=[b.pk]), edit_b, True),
        ("delete B", "post", reverse("moderation-memory-delete", args=[b.pk]), {}, True),
        ("windows A", "get", reverse("moderation-windows", args=[community.pk]), None, False),
        ("windows B", "get", reverse("moderation-windows", args=[other_community.pk]), None, True),
        ("window A", "get", reverse("moderation-window", args=[secrets["window a"].pk]), None, False),
        ("window B", "get", reverse("moderation-window", args=[secrets["window b"].pk]), None, True),
        ("retry B", "post", reverse("moderation-window-retry", args=[secrets["window b"].pk]), {}, True),
        ("people A", "get", reverse("moderation-people", args=[community.pk]), None, False),
        ("audit A", "get", reverse("moderation-audit", args=[community.pk]), None, False),
        ("audit B", "get", reverse("moderation-audit", args=[other_community.pk]), None, True),
        ("people B", "get", reverse("moderation-people", args=[other_community.pk]), None, True),
        ("person A", "get", reverse("moderation-person", args=[community.pk, a.user_id]), None, False),
        ("person B", "get", reverse("moderation-person", args=[other_community.pk, b.user_id]), None, True),
        ("person B via A", "get", reverse("moderation-person", args=[community.pk, b.user_id]), None, False),
        ("export B", "get", reverse("moderation-person-export", args=[other_community.pk, b.user_id]), None, True),
        ("erase form B", "get", reverse("moderation-person-erase", args=[other_community.pk, b.user_id]), None, True),
        (
            "bulk B",
            "post",
            reverse("moderation-memories-bulk", args=[other_community.pk]),
            {"action": "delete", "ids": [b.pk]},
            True,
        ),
        (
            "bulk A on B's id",
            "post",
            reverse("moderation-memories-bulk", args=[community.pk]),
            {"action": "delete", "ids": [b.pk]},
            False,
        ),
        ("forget B", "post", reverse("moderation-person-memory", args=[other_community.pk, b.user_id]), {}, True),
        (
            "profile B",
            "post",
            reverse("moderation-person-profile", args=[other_community.pk, b.user_id]),
            {"summary": "Outsider is a spy"},
            True,
        ),
    ]


@pytest.mark.parametrize("who", ["anonymous", "member", "moderator of A", "moderator of B", "staff"])
def test_every_page_answers_each_kind_of_person_as_it_should(
    client: Client,
    who: str,
    community: Community,
    other_community: Community,
    secrets: dict[str, Any],
    member: User,
    moderator: User,
    other_moderator: User,
    staff: User,
) -> None:
    user = {"anonymous": None, "member": member, "moderator of A": moderator, "moderator of B": other_moderator}
    user |= {"staff": staff}
    _as(client, user[who])
    for name, method, url, data, of_b in _requests(secrets, community, other_community):
        response = getattr(client, method)(url, data or {}, headers=HTMX)
        redirects = name.startswith(("retry", "forget", "bulk", "profile"))  # back to the page they came from
        if who == "anonymous":
            expected = 302  # to the login page
        elif who == "moderator of A":
            expected = 404 if of_b or name == "person B via A" else (302 if redirects else 200)
        elif who == "moderator of B":
            expected = (302 if redirects else 200) if of_b or name == "index" else 404
        else:  # a member, and staff, moderate nothing here: staff have the Django admin
            expected = 403 if name == "index" else 404
        assert response.status_code == expected, (who, name, response.status_code)
        body = response.content.decode()
        if who != "moderator of B":
            assert "diary" not in body and "Book Club" not in body, (who, name)
        if who != "moderator of A":
            assert "iguana" not in body, (who, name)
        if who == "moderator of A" and name == "window A":
            assert "my iguana sheds" in body and "InternalServerError" in body  # transcript in the prompt
    # Nothing of community B was changed by anyone but its own moderator.
    retried = ConversationWindow.objects.get(pk=secrets["window b"].pk).state != ConversationWindowState.FAILED
    assert retried == (who == "moderator of B")
    audited = AuditEvent.objects.filter(action="window.retried", actor__isnull=False).exists()
    assert audited == (who == "moderator of B")  # every moderator action is in the audit log
    survived = Memory.objects.filter(pk=secrets["b"].pk).exists()
    assert survived == (who != "moderator of B")
    if who != "moderator of B":
        assert Memory.objects.get(pk=secrets["b"].pk).content == "Outsider hides a diary under the floorboards"
        assert not Profile.objects.filter(summary__contains="spy").exists()


def test_a_moderators_edit_writes_a_revision_and_refreshes_vector_and_profile(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    Profile.objects.update_or_create(user=alice, community=community, defaults={"summary": "Alice lives in Paris."})
    before_vector = list(Memory.objects.get(pk=memory.pk).embedding)
    prefix = f"memory-{memory.pk}"
    response = _as(client, moderator).post(
        reverse("moderation-memory-edit", args=[memory.pk]),
        {
            f"{prefix}-content": "Alice lives in Lyon",
            f"{prefix}-kind": "fact",
            f"{prefix}-topics": "home",
            f"{prefix}-importance": "0.9",
            f"{prefix}-expires_at": "",
        },
        headers=HTMX,
    )
    assert response.status_code == 200 and "Alice lives in Lyon" in response.content.decode()
    memory.refresh_from_db()
    assert (memory.content, memory.importance, memory.topics) == ("Alice lives in Lyon", 0.9, ["home"])
    assert list(memory.embedding) == pytest.approx(embedder_get().embed_one("Alice lives in Lyon").tolist(), abs=1e-6)
    assert list(memory.embedding) != pytest.approx(before_vector, abs=1e-3)
    revision = MemoryRevision.objects.filter(memory_ref=memory.pk).latest("pk")
    assert (revision.action, revision.actor, revision.actor_user) == (
        MemoryRevisionAction.MODERATOR_EDIT,
        MemoryRevisionActor.MODERATOR,
        moderator,
    )
    assert revision.before is not None and revision.after is not None
    assert revision.before["content"] == "Alice lives in Paris" and revision.after["content"] == "Alice lives in Lyon"
    assert "Paris" not in Profile.objects.get(user=alice, community=community).summary
    event = AuditEvent.objects.get(action="memory.edited")
    assert (event.actor, event.actor_kind, event.community) == (moderator, "moderator", community)
    assert event.data == {"memory": memory.pk, "fields": ["content", "importance", "topics"]}
    assert event.subject_hash == subject_hash(alice.pk) and "Lyon" not in str(event.data)
    history = client.get(reverse("moderation-memory-history", args=[memory.pk])).content.decode()
    assert "importance: 0.60 → 0.90" in history and "topics: none → home" in history


def test_the_history_shows_the_messages_a_memory_came_from_and_links_their_window(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    messages_ingest(
        community=community,
        items=[IngestItem(channel="general", author="alice_456", content="I moved to Lyon!", sent_at=timezone.now())],
    )
    said = Message.objects.get(content="I moved to Lyon!")
    memory = remember(community, alice, "Alice lives in Lyon", source_messages=[said], source_window=said.window)

    page = _as(client, moderator).get(reverse("moderation-memory-history", args=[memory.pk])).content.decode()

    assert "I moved to Lyon!" in page and "#general" in page
    assert reverse("moderation-window", args=[said.window_id]) in page


def test_an_invalid_edit_changes_nothing_and_says_why(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    prefix = f"memory-{memory.pk}"
    response = _as(client, moderator).post(
        reverse("moderation-memory-edit", args=[memory.pk]),
        {f"{prefix}-content": "Alice lives in Lyon", f"{prefix}-kind": "fact", f"{prefix}-importance": "7"},
        headers=HTMX,
    )
    assert response.status_code == 200 and "less than or equal to 1" in response.content.decode()
    assert Memory.objects.get(pk=memory.pk).content == "Alice lives in Paris"
    assert MemoryRevision.objects.filter(memory_ref=memory.pk).count() == 1  # its creation only


def test_a_deleted_memory_keeps_its_history_for_the_moderator(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    _as(client, moderator)
    assert client.post(reverse("moderation-memory-delete", args=[memory.pk]), headers=HTMX).status_code == 200
    assert not Memory.objects.filter(pk=memory.pk).exists()
    page = client.get(reverse("moderation-memory-history", args=[memory.pk]))
    body = page.content.decode()
    assert page.status_code == 200 and "was deleted" in body
    assert "moderator delete" in body.lower() and "Mod A" in body and "Alice lives in Paris" in body
    audit = client.get(reverse("moderation-audit", args=[community.pk])).content.decode()
    assert "memory.deleted" in audit and "Mod A" in audit and "Paris" not in audit


def test_the_list_filters_and_pages_by_keyset(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    for number in range(7):
        remember(community, alice, f"Alice fact number {number}", kind="fact", importance=0.3)
    remember(
        community,
        bob,
        "Bob plans a trip to Oslo",
        kind="plan",
        importance=0.9,
        expires_at=timezone.now() + timedelta(days=2),
    )
    _as(client, moderator)
    url = reverse("moderation-memories", args=[community.pk])
    only_plans = client.get(url, {"kind": "plan"}, headers=HTMX).content.decode()
    assert "Oslo" in only_plans and "fact number" not in only_plans
    expiring = client.get(url, {"expiring_within_days": "3"}, headers=HTMX).content.decode()
    assert "Oslo" in expiring and "fact number" not in expiring
    permanent = client.get(url, {"permanent": "on", "person": "alice"}, headers=HTMX).content.decode()
    assert "Oslo" not in permanent and "fact number 6" in permanent
    searched = client.get(url, {"q": "trips"}, headers=HTMX).content.decode()  # any form of the word
    assert "Oslo" in searched and "fact number" not in searched
    important = client.get(url, {"importance_min": "0.5"}, headers=HTMX).content.decode()
    assert "Oslo" in important and "fact number" not in important


@pytest.mark.parametrize("sort", ["", "newest", "oldest", "importance", "expiring"])
def test_each_sort_pages_by_keyset_showing_every_memory_once_in_its_order(
    client: Client, community: Community, alice: User, moderator: User, monkeypatch: pytest.MonkeyPatch, sort: str
) -> None:
    import moderation.views

    now = timezone.now()
    # Ties on importance and expiry, a faded importance, permanent ones among the expiring.
    plan = [(0.3, 5), (0.9, None), (0.6, 2), (0.6, None), (0.9, 2), (0.6, 9), (0.3, None)]
    memories = [
        remember(
            community,
            alice,
            f"Alice fact number {n}",
            importance=importance,
            expires_at=now + timedelta(days=days) if days else None,
        )
        for n, (importance, days) in enumerate(plan)
    ]
    Memory.objects.filter(pk=memories[1].pk).update(importance_at=now - timedelta(days=40.5))  # 0.9 → 0.6
    for memory in memories:
        memory.refresh_from_db()
    expected = {
        "": sorted(memories, key=lambda m: -m.pk),
        "newest": sorted(memories, key=lambda m: -m.pk),
        "oldest": sorted(memories, key=lambda m: m.pk),
        "importance": sorted(memories, key=lambda m: (-round(m.importance_now, 6), -m.pk)),
        "expiring": sorted(memories, key=lambda m: (m.expires_at is None, m.expires_at or now, m.pk)),
    }[sort]
    monkeypatch.setattr(moderation.views, "PAGE_SIZE", 3)
    _as(client, moderator)
    url = reverse("moderation-memories", args=[community.pk])

    seen: list[int] = []
    query = {"person": "alice", "sort": sort}
    for _ in range(4):
        body = client.get(url, query, headers=HTMX).content.decode()
        seen += sorted(
            (m.pk for m in memories if f"fact number {memories.index(m)}<" in body),
            key=lambda pk: body.index(f"fact number {[m.pk for m in memories].index(pk)}<"),
        )
        following = re.search(r'href="[^"]*after=([^"]+)"', body)
        if following is None:
            break
        query["after"] = unquote(following.group(1))

    assert [memories[[m.pk for m in memories].index(pk)].content for pk in seen] == [m.content for m in expected]


def test_a_cursor_from_another_sort_or_a_hand_edited_one_starts_from_the_top(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    for number in range(3):
        remember(community, alice, f"Alice fact number {number}")
    _as(client, moderator)
    url = reverse("moderation-memories", args=[community.pk])
    for sort, after in [("importance", "abc~12"), ("expiring", "yesterday~3"), ("newest", "~x"), ("oldest", "~")]:
        response = client.get(url, {"sort": sort, "after": after}, headers=HTMX)
        assert response.status_code == 200 and response.content.decode().count("fact number") == 3


def test_the_list_runs_the_same_queries_for_ten_rows_or_fifty(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    _as(client, moderator)
    url = reverse("moderation-memories", args=[community.pk])
    counts = []
    for person, each in ((alice, 10), (bob, 40)):
        for number in range(each):
            Memory.objects.create(
                community=community,
                user=person,
                content=f"{person} fact {number}",
                kind="fact",
                importance=0.5,
                source="api",
                reported_by=(bob if person == alice else alice) if number % 2 else None,
            )
        client.get(url)  # the session and its user, loaded once
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 8


def _grow(community: Community, round_: int, people: int) -> None:
    """``people`` more people, each with two memories, a failed window, an audit event."""
    for n in range(people):
        handle = f"person_{round_}_{n}"
        messages_ingest(
            community=community,
            items=[IngestItem(channel=f"room-{handle}", author=handle, content="hi there", sent_at=timezone.now())],
        )
        user = Message.objects.filter(content="hi there").latest("pk").author
        assert user is not None
        for text in ("likes tea", "plays chess"):
            remember(community, user, f"{handle} {text}", reported_by=None)
        AuditEvent.objects.create(
            community=community, actor_kind="system", action="memory.edited", subject_hash=subject_hash(user.pk)
        )
    ConversationWindow.objects.filter(channel__community=community).update(
        state=ConversationWindowState.FAILED,
        close_reason=ConversationWindowCloseReason.MANUAL,
        closed_at=timezone.now(),
        last_error="InternalServerError: the model fell over",
        attempts=3,
    )


def test_every_list_page_runs_the_same_queries_for_few_rows_or_many(
    client: Client, community: Community, moderator: User, django_assert_max_num_queries: Any
) -> None:
    _as(client, moderator)
    pages = {
        "overview": reverse("moderation-overview", args=[community.pk]),
        "memories by importance": reverse("moderation-memories", args=[community.pk]) + "?sort=importance",
        "memories soonest forgotten": reverse("moderation-memories", args=[community.pk]) + "?sort=expiring",
        "windows": reverse("moderation-windows", args=[community.pk]),
        "people": reverse("moderation-people", args=[community.pk]),
        "audit": reverse("moderation-audit", args=[community.pk]),
    }
    counts: dict[str, list[int]] = {name: [] for name in pages}
    for round_, people in enumerate((2, 12)):
        _grow(community, round_, people)
        for name, url in pages.items():
            client.get(url)  # the session and its user, loaded once
            with CaptureQueriesContext(connection) as queries, django_assert_max_num_queries(15):
                assert client.get(url).status_code == 200, name
            counts[name].append(len(queries))
    assert {name: few for name, (few, many) in counts.items() if few != many} == {}, counts


def test_a_moderator_forgets_and_erases_a_person_through_the_privacy_services(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    paris = remember(community, alice, "Alice lives in Paris")
    remember(community, bob, "Bob plays the tuba")
    _as(client, moderator)
    page = client.get(reverse("moderation-person", args=[community.pk, alice.pk])).content.decode()
    assert "1 memory" in page and "Memory on" in page
    assert "Alice lives in Paris" in page and reverse("moderation-memory-edit", args=[paris.pk]) in page  # editable
    saved = client.post(
        reverse("moderation-person-profile", args=[community.pk, alice.pk]),
        {"summary": "Alice lives in Paris and  plays chess."},
        follow=True,
    )
    assert "Alice lives in Paris and plays chess." in saved.content.decode()
    assert Profile.objects.get(user=alice, community=community).summary == "Alice lives in Paris and plays chess."
    profile_event = AuditEvent.objects.get(action="profile.edited")
    assert (profile_event.actor, profile_event.data) == (moderator, {"fields": ["summary"]})
    assert (
        client.get(reverse("moderation-people", args=[community.pk]), {"q": "alice_456"})
        .content.decode()
        .count("moderation/communities")
        == 1
    )  # only Alice's row links to a person

    forgotten = client.post(reverse("moderation-person-memory", args=[community.pk, alice.pk]), follow=True)
    assert "1 memories deleted" in forgotten.content.decode() and "Memory off" in forgotten.content.decode()
    assert not Memory.objects.filter(user=alice).exists()
    assert not Profile.objects.get(user=alice, community=community).memory_enabled
    refused_profile = client.post(
        reverse("moderation-person-profile", args=[community.pk, alice.pk]), {"summary": "Alice is back"}, follow=True
    )
    assert "Memory is off for" in refused_profile.content.decode()
    assert Profile.objects.get(user=alice, community=community).summary == ""
    export = client.get(reverse("moderation-person-export", args=[community.pk, bob.pk]))
    assert "Bob plays the tuba" in export.content.decode() and "Paris" not in export.content.decode()

    refused = client.post(reverse("moderation-person-erase", args=[community.pk, bob.pk]), {"username": "alice"})
    assert refused.status_code == 200 and User.objects.filter(pk=bob.pk).exists()
    erased = client.post(reverse("moderation-person-erase", args=[community.pk, bob.pk]), {"username": bob.username})
    assert erased.status_code == 302 and not User.objects.filter(pk=bob.pk).exists()
    assert not Memory.objects.filter(content__contains="tuba").exists()
    audit = client.get(reverse("moderation-audit", args=[community.pk])).content.decode()
    assert "Moderator" in audit.split("Erasure requests")[1] and "tuba" not in audit and "Paris" not in audit


def test_the_overview_counts_what_happened_each_day(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    for text in ("Alice lives in Paris", "Alice plays chess", "Alice likes tea"):
        remember(community, alice, text)
    doomed = remember(community, bob, "Bob plays the tuba")
    _as(client, moderator).post(reverse("moderation-memory-delete", args=[doomed.pk]))
    user_forget(community=community, user=bob, actor_kind="system")
    response = client.get(reverse("moderation-overview", args=[community.pk]))
    page = response.content.decode()
    today = timezone.now().date().isoformat()
    assert f"{today}: 4</title>" in page  # four created today
    assert f"{today}: 1</title>" in page  # one deleted today
    assert "Memories created" in page and "(most in a day: 4)" in page
    assert "Bob</a>" in page.split("People with memory off")[1]
    assert "iguana" not in page


def test_bulk_actions_change_only_the_ticked_memories_of_the_community(
    client: Client, community: Community, other_community: Community, alice: User, outsider: User, moderator: User
) -> None:
    kept = remember(community, alice, "Alice lives in Paris", importance=0.6)
    ticked = [remember(community, alice, f"Alice fact {n}", importance=0.6) for n in range(3)]
    theirs = remember(other_community, outsider, "Outsider hides a diary")
    url = reverse("moderation-memories-bulk", args=[community.pk])
    ids = [m.pk for m in ticked] + [theirs.pk]
    _as(client, moderator)

    assert client.post(url, {"action": "importance", "importance": "0.9", "ids": ids}).status_code == 302
    assert sorted(Memory.objects.filter(importance=0.9).values_list("pk", flat=True)) == [m.pk for m in ticked]
    later = timezone.now() + timedelta(days=3)
    client.post(url, {"action": "expiry", "expires_at": later.strftime("%Y-%m-%dT%H:%M"), "ids": ids[:1]})
    assert Memory.objects.get(pk=ticked[0].pk).expires_at is not None
    refused = client.post(url, {"action": "importance", "ids": ids}, follow=True)  # no importance given
    assert "Nothing changed" in refused.content.decode()

    client.post(url, {"action": "delete", "ids": ids})
    assert set(Memory.objects.values_list("pk", flat=True)) == {kept.pk, theirs.pk}
    revisions = MemoryRevision.objects.filter(memory_ref__in=ids, action=MemoryRevisionAction.MODERATOR_DELETE)
    assert revisions.count() == 3 and all(r.actor_user == moderator for r in revisions)
    assert AuditEvent.objects.filter(action="memory.deleted", community=community).count() == 3
    assert AuditEvent.objects.filter(action="memory.edited").count() == 4  # three importances, one expiry


def test_the_list_filters_by_persona_channel_reporter_and_creation_day(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    persona = persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    messages_ingest(
        community=community,
        items=[IngestItem(channel="pets", author="alice_456", content="my cat is Luna", sent_at=timezone.now())],
    )
    said = Message.objects.get(channel__external_id="pets")
    from_pets = remember(community, alice, "Alice has a cat called Luna")
    from_pets.source_messages.add(said)
    with_mira = remember(community, alice, "Alice tells Mira about chess", persona=persona)
    reported = remember(community, alice, "Alice is moving", reported_by=bob)
    old = remember(community, alice, "Alice once lived in Rome")
    Memory.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=40))
    url = reverse("moderation-memories", args=[community.pk])
    _as(client, moderator)

    def shown(**query: str) -> set[int]:
        body = client.get(url, query, headers=HTMX).content.decode()
        return {m.pk for m in (from_pets, with_mira, reported, old) if f'id="memory-{m.pk}"' in body}

    assert shown(channel=str(said.channel_id)) == {from_pets.pk}
    assert shown(persona=str(persona.pk)) == {with_mira.pk}
    assert shown(persona="none") == {from_pets.pk, reported.pk, old.pk}
    assert shown(reported_by="Bob") == {reported.pk}
    ago = (timezone.now() - timedelta(days=30)).date().isoformat()
    assert shown(created_to=ago) == {old.pk}
    assert shown(created_from=ago) == {from_pets.pk, with_mira.pk, reported.pk}


def test_each_members_browser_chat_is_offered_by_whose_it_is(
    client: Client, community: Community, alice: User, bob: User, moderator: User
) -> None:
    """Every member's chat with Mira is called "Web chat with Mira": the filter offered the same label
    once for each of them."""
    persona = persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    mine, theirs = web_channel_get(user=alice, persona=persona), web_channel_get(user=bob, persona=persona)
    messages_ingest(
        community=community,
        items=[IngestItem(channel="pets", author="alice_456", content="my cat is Luna", sent_at=timezone.now())],
    )
    _as(client, moderator)

    page = client.get(reverse("moderation-memories", args=[community.pk])).content.decode()

    assert f'<option value="{mine.pk}">#Web chat with Mira (Alice)</option>' in page
    assert f'<option value="{theirs.pk}">#Web chat with Mira (Bob)</option>' in page
    assert ">#pets</option>" in page


def test_the_people_list_shows_and_finds_the_name_a_person_goes_by(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    """A person who said "I'm Ally" is Ally in every memory, and was listed and found only as Alice."""
    profile_summary_set(profile=profile_locked(user=alice, community=community), summary="", stated_name="Ally")
    _as(client, moderator)
    url = reverse("moderation-people", args=[community.pk])

    listed = client.get(url).content.decode()
    found = client.get(url, {"q": "ally"}).content.decode()

    assert 'Alice</a> <span class="muted">(goes by Ally)</span>' in listed
    assert reverse("moderation-person", args=[community.pk, alice.pk]) in found


def test_a_windows_changes_name_the_person_as_they_go_by(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    """A window's page named the person by their account ("gamers:alice_456") beside memories that say
    "Ally", after "I'm Ally"."""
    messages_ingest(
        community=community,
        items=[
            IngestItem(
                channel="pets", author="alice_456", content="I'm Ally, I work as a nurse", sent_at=timezone.now()
            )
        ],
    )
    window = extract_channel_here(Message.objects.get(channel__external_id="pets").channel)
    _as(client, moderator)

    page = client.get(reverse("moderation-window", args=[window.pk])).content.decode()

    assert "Ally works as a nurse" in page
    assert 'alice_456 <span class="muted">(goes by Ally)</span></td><td>Created' in page


def test_a_creation_day_the_list_cannot_run_to_the_end_of_is_a_form_error(
    client: Client, community: Community, alice: User, moderator: User
) -> None:
    """The list runs to the start of the day after ``created_to``: the calendar's last day has none."""
    kept = remember(community, alice, "Alice has a cat called Luna")
    url = reverse("moderation-memories", args=[community.pk])
    _as(client, moderator)
    refused = client.get(url, {"created_to": "9999-12-31"})
    assert refused.status_code == 200
    assert "Pick a day before 9999-12-31." in refused.content.decode()
    latest = client.get(url, {"created_to": "9999-12-30"}).content.decode()
    assert "Pick a day" not in latest and f'id="memory-{kept.pk}"' in latest
