"""The "My data" pages (/me/): what a person sees of themselves, corrects, forgets, downloads, erases."""

from __future__ import annotations

import html
import json
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import Community, ErasureRequest, ErasureRequestState, Profile, User
from accounts.services import membership_set, user_create
from chat.models import ChatSession, MessageRole, Persona
from chat.services import session_message_add, session_open, web_channel_get
from memories.models import Entity, Memory
from memories.services.entities import entity_mention_record
from memories.services.summaries import profiles_due_for_refresh, session_working_summary_refresh
from tests.support.memories import remember

pytestmark = pytest.mark.django_db

HTMX_LIST = {"HX-Request": "true", "HX-Target": "memory-results"}  # the filter form and page links
HTMX = {"HX-Request": "true"}


def _templates(response: object) -> list[str]:
    return [t.name for t in response.templates]  # type: ignore[attr-defined]


def _page(response: object) -> str:
    return response.content.decode()  # type: ignore[attr-defined]


@pytest.fixture
def alice_client(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


@pytest.fixture
def elsewhere(other_community: Community, alice: User) -> Community:
    """A second community Alice belongs to."""
    membership_set(user=alice, community=other_community)
    return other_community


def test_anonymous_people_are_sent_to_the_login_page(client: Client, community: Community, alice: User) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    for url in [
        reverse("me"),
        reverse("me-profile", args=[community.pk]),
        reverse("me-forget", args=[community.pk]),
        reverse("me-export"),
        reverse("me-erase"),
    ]:
        response = client.get(url, headers=HTMX_LIST)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url
    for url, data in [
        (reverse("me-profile", args=[community.pk]), {"summary": "hacked"}),
        (reverse("me-forget", args=[community.pk]), {"confirm": "yes"}),
        (reverse("me-remember", args=[community.pk]), {}),
        (reverse("me-erase"), {"username": "alice"}),
    ]:
        response = client.post(url, data)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url
    assert Memory.objects.filter(pk=memory.pk).exists()
    assert Profile.objects.get(user=alice, community=community).memory_enabled
    assert User.objects.filter(pk=alice.pk).exists()


def test_my_data_shows_my_memories_profile_entities_and_conversations_and_nobody_elses(
    alice_client: Client, alice: User, bob: User, community: Community, elsewhere: Community, persona: Persona
) -> None:
    remember(community, alice, "Alice lives in Paris", persona=persona)
    remember(elsewhere, alice, "Alice reads crime novels")
    remember(community, bob, "Bob plays the drums")
    Profile.objects.filter(user=alice, community=community).update(summary="Alice is a designer in Paris.")
    Profile.objects.filter(user=bob, community=community).update(summary="Bob is a drummer.")
    entity_mention_record(
        community=community, owner=alice, type="thing", name="Luna", at=timezone.now(), relationship="Alice's cat"
    )
    entity_mention_record(community=community, owner=bob, type="place", name="Rome", at=timezone.now())
    session = session_open(user=alice, persona=persona, channel=web_channel_get(user=alice, persona=persona))
    session_message_add(session=session, content="I just moved to Paris with my cat Luna", role=MessageRole.USER)
    summary = session_working_summary_refresh(session=session)
    assert summary  # the offline engine wrote one

    response = alice_client.get(reverse("me"))

    assert response.status_code == 200
    assert "me/index.html" in _templates(response)
    page = _page(response)
    for shown in ["Alice lives in Paris", "Alice reads crime novels", "Alice is a designer in Paris.", "Luna"]:
        assert shown in page
    assert "Alice&#x27;s cat" in page and html.escape(summary) in page
    assert "Gamers Guild" in page and "Book Club" in page and "Mira" in page
    for hidden in ["Bob plays the drums", "Bob is a drummer.", "Rome"]:
        assert hidden not in page


def test_someone_with_nothing_remembered_sees_empty_states(client: Client) -> None:
    client.force_login(user_create(username="newcomer", password="a long passphrase"))
    page = _page(client.get(reverse("me")))
    assert "Nothing is remembered about you yet." in page
    assert "You are not part of any community yet" in page
    assert "No people, places or things you mentioned are remembered." in page
    assert "You have had no conversations yet." in page


def test_the_filter_form_gets_the_memory_list_alone_over_htmx(
    alice_client: Client, alice: User, community: Community
) -> None:
    remember(community, alice, "Alice lives in Paris")
    remember(community, alice, "Alice has a cat named Luna")

    fragment = alice_client.get(reverse("me"), {"q": "cat"}, headers=HTMX_LIST)

    assert fragment.status_code == 200
    assert _templates(fragment)[0] == "me/_memories.html" and "base.html" not in _templates(fragment)
    page = _page(fragment)
    assert 'id="memory-results"' in page and "<html" not in page
    assert "Alice has a cat named Luna" in page and "Alice lives in Paris" not in page
    # A history restore (no target) and a plain GET get the whole page, filtered the same.
    whole = alice_client.get(
        reverse("me"), {"q": "cat"}, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "me/index.html" in _templates(whole) and "Alice lives in Paris" not in _page(whole)
    assert 'hx-get="/me/"' in _page(whole) and 'hx-push-url="true"' in _page(whole) and 'method="get"' in _page(whole)


def _order(page: str, *texts: str) -> list[int]:
    return [page.index(text) for text in texts]


def test_memories_are_searched_filtered_and_sorted(
    alice_client: Client, alice: User, community: Community, elsewhere: Community, persona: Persona
) -> None:
    now = timezone.now()
    remember(community, alice, "Alice moved to Austin", kind="event", topics=["moving"], importance=0.3)
    remember(
        community,
        alice,
        "Alice plans a trip to Japan",
        kind="plan",
        topics=["travel"],
        importance=0.9,
        expires_at=now + timedelta(days=3),
        persona=persona,
    )
    remember(elsewhere, alice, "Alice likes crime novels", kind="preference", topics=["books"], importance=0.6)
    remember(community, alice, "Alice is tired today", kind="emotion", expires_at=now + timedelta(days=1))

    def listed(**query: str) -> str:
        response = alice_client.get(reverse("me"), query, headers=HTMX_LIST)
        assert response.status_code == 200
        return _page(response)

    assert "Alice moved to Austin" in listed(q="moving")  # word forms: "moving" finds "moved"
    assert "Alice plans a trip to Japan" in listed(q="Jap")  # any part of the text
    assert "Alice moved to Austin" not in listed(q="Jap")
    assert "No memory matches these filters." in listed(q="submarine")
    by_kind = listed(kind="preference")
    assert "Alice likes crime novels" in by_kind and "Alice moved to Austin" not in by_kind
    by_topic = listed(topic="travel")
    assert "Alice plans a trip to Japan" in by_topic and "Alice likes crime novels" not in by_topic
    by_community = listed(community=str(elsewhere.pk))
    assert "Alice likes crime novels" in by_community and "Alice moved to Austin" not in by_community
    with_mira = listed(persona=str(persona.pk))
    assert "Alice plans a trip to Japan" in with_mira and "Alice moved to Austin" not in with_mira
    without_persona = listed(persona="none", community=str(community.pk))
    assert "Alice moved to Austin" in without_persona and "Alice plans a trip to Japan" not in without_persona

    important = listed(sort="importance")
    most, middle, least = _order(important, "Japan", "crime novels", "Austin")
    assert most < middle < least
    expiring = listed(sort="expiry")
    first, second, permanent = _order(expiring, "tired today", "Japan", "Austin")
    assert first < second < permanent  # soonest forgotten first, the permanent ones last
    newest = listed()
    assert newest.index("tired today") < newest.index("Austin")


def test_a_topic_no_longer_offered_is_left_out_not_an_error(
    alice_client: Client, alice: User, community: Community
) -> None:
    remember(community, alice, "Alice lives in Paris", topics=["home"])
    page = _page(alice_client.get(reverse("me"), {"topic": "gone", "q": "Paris"}, headers=HTMX_LIST))
    assert "Alice lives in Paris" in page and "left out" in page


def test_the_memory_list_is_paginated_and_pages_keep_the_filters(
    alice_client: Client, alice: User, community: Community
) -> None:
    for number in range(53):
        remember(community, alice, f"Alice fact number {number:02d}", kind="fact")
    first = _page(alice_client.get(reverse("me"), {"kind": "fact"}, headers=HTMX_LIST))
    assert first.count('class="memory"') == 50
    assert "53 memories found, page 1 of 2" in first
    assert 'href="/me/?kind=fact&amp;page=2#memories"' in first
    second = _page(alice_client.get(reverse("me"), {"kind": "fact", "page": "2"}, headers=HTMX_LIST))
    assert second.count('class="memory"') == 3 and "Alice fact number 00" in second


@pytest.mark.parametrize("headers", [HTMX_LIST, {}], ids=["fragment", "page"])
def test_the_number_of_queries_does_not_grow_with_the_memories(
    alice_client: Client,
    alice: User,
    community: Community,
    persona: Persona,
    headers: dict[str, str],
    django_assert_max_num_queries: object,
) -> None:
    def remember_some(count: int, start: int) -> None:
        for number in range(start, start + count):
            remember(community, alice, f"Alice fact {number}", topics=[f"t{number}"], persona=persona)
            entity_mention_record(community=community, owner=alice, type="place", name=f"P{number}", at=timezone.now())
            session_open(user=alice, persona=persona, channel=web_channel_get(user=alice, persona=persona))
            ChatSession.objects.filter(user=alice, ended_at__isnull=True).update(ended_at=timezone.now())

    remember_some(2, 0)
    with CaptureQueriesContext(connection) as few:
        assert alice_client.get(reverse("me"), headers=headers).status_code == 200
    remember_some(40, 2)
    with django_assert_max_num_queries(len(few.captured_queries)):  # type: ignore[operator]
        response = alice_client.get(reverse("me"), headers=headers)
    assert _page(response).count('class="memory"') >= 42


def test_a_memory_made_of_markup_is_shown_as_text_everywhere(
    alice_client: Client, alice: User, community: Community
) -> None:
    script = "<script>alert(1)</script>"
    memory = remember(community, alice, script, topics=["<b>x</b>"])
    Profile.objects.filter(user=alice, community=community).update(summary=script)
    entity_mention_record(community=community, owner=alice, type="thing", name=script, at=timezone.now())
    escaped = "&lt;script&gt;alert(1)&lt;/script&gt;"
    for response in [
        alice_client.get(reverse("me")),
        alice_client.get(reverse("me"), headers=HTMX_LIST),
        alice_client.get(reverse("memory-edit", args=[memory.pk]), headers=HTMX),
        alice_client.get(reverse("me-profile", args=[community.pk])),
    ]:
        page = _page(response)
        assert script not in page and "<b>x</b>" not in page
        assert escaped in page


def test_another_persons_memories_profile_and_communities_are_not_found(
    alice_client: Client, bob: User, community: Community, outsider: User, other_community: Community
) -> None:
    bobs = remember(community, bob, "Bob lives in Rome")
    outsiders = remember(other_community, outsider, "Outsider likes chess")
    Profile.objects.filter(user=outsider, community=other_community).update(summary="Outsider plays chess.")

    assert alice_client.get(reverse("memory-edit", args=[bobs.pk]), headers=HTMX).status_code == 404
    assert alice_client.post(reverse("memory-remove", args=[bobs.pk]), headers=HTMX).status_code == 404
    for url in [reverse("me-profile", args=[other_community.pk]), reverse("me-forget", args=[other_community.pk])]:
        assert alice_client.get(url).status_code == 404
        assert alice_client.get(url, headers=HTMX).status_code == 404
    assert alice_client.post(reverse("me-profile", args=[other_community.pk]), {"summary": "x"}).status_code == 404
    assert alice_client.post(reverse("me-forget", args=[other_community.pk]), {"confirm": "yes"}).status_code == 404
    assert alice_client.post(reverse("me-remember", args=[other_community.pk])).status_code == 404
    listed = _page(alice_client.get(reverse("me"), {"community": str(other_community.pk)}, headers=HTMX_LIST))
    assert "Outsider likes chess" not in listed and "Bob lives in Rome" not in listed

    assert Memory.objects.filter(pk__in=[bobs.pk, outsiders.pk]).count() == 2
    outsider_profile = Profile.objects.get(user=outsider, community=other_community)
    assert outsider_profile.summary == "Outsider plays chess." and outsider_profile.memory_enabled


def test_an_edited_memory_keeps_showing_its_community_on_my_data(
    alice_client: Client, alice: User, community: Community
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    prefix = f"memory-{memory.pk}"
    response = alice_client.post(
        reverse("memory-edit", args=[memory.pk]),
        {f"{prefix}-content": "Alice lives in Lyon", f"{prefix}-kind": "fact", f"{prefix}-topics": ""},
        headers={"HX-Request": "true", "HX-Current-URL": "http://testserver/me/?q=Paris"},
    )
    assert response.status_code == 200 and "Alice lives in Lyon" in _page(response)
    assert "Gamers Guild" in _page(response)


def test_a_person_edits_their_profile_in_place_or_on_its_own_page(
    alice_client: Client, alice: User, community: Community
) -> None:
    remember(community, alice, "Alice lives in Paris")
    url = reverse("me-profile", args=[community.pk])

    form = alice_client.get(url, headers=HTMX)
    assert form.status_code == 200 and _templates(form)[0] == "me/_profile_form.html"
    saved = alice_client.post(url, {"summary": "  I am Alice,\n a designer.  "}, headers=HTMX)
    assert saved.status_code == 200 and _templates(saved)[0] == "me/_profile.html"
    assert "I am Alice, a designer." in _page(saved) and "Profile saved." in saved["HX-Trigger"]
    profile = Profile.objects.get(user=alice, community=community)
    assert profile.summary == "I am Alice, a designer."
    # Her text is the profile written now: the scheduled refresh does not rewrite it from unchanged memories.
    assert profile.pk not in profiles_due_for_refresh()

    page = alice_client.get(url)
    assert page.status_code == 200 and "me/profile_edit.html" in _templates(page)
    cancelled = alice_client.get(url, {"cancel": "1"}, headers=HTMX)
    assert _templates(cancelled)[0] == "me/_profile.html" and "I am Alice, a designer." in _page(cancelled)
    plain = alice_client.post(url, {"summary": ""})
    assert plain.status_code == 302 and plain["Location"] == f"{reverse('me')}#community-{community.pk}"
    assert Profile.objects.get(pk=profile.pk).summary == ""
    assert "No profile yet" in _page(alice_client.get(reverse("me")))

    too_long = alice_client.post(url, {"summary": "x" * 4001}, headers=HTMX)
    assert _templates(too_long)[0] == "me/_profile_form.html" and "at most 4000" in _page(too_long)


def test_forget_me_asks_first_then_deletes_what_is_remembered_and_turns_memory_off(
    alice_client: Client, alice: User, community: Community, elsewhere: Community, persona: Persona
) -> None:
    remember(community, alice, "Alice lives in Paris")
    remember(community, alice, "Alice has a cat named Luna")
    kept = remember(elsewhere, alice, "Alice reads crime novels")
    entity_mention_record(community=community, owner=alice, type="thing", name="Luna", at=timezone.now())
    Profile.objects.filter(user=alice, community=community).update(summary="Alice is a designer in Paris.")
    url = reverse("me-forget", args=[community.pk])

    confirm = alice_client.get(url)
    assert confirm.status_code == 200 and "me/forget_confirm.html" in _templates(confirm)
    assert "2 memories about you" in _page(confirm) and "1 person, place or thing" in _page(confirm)
    inline = alice_client.get(url, headers=HTMX)
    assert _templates(inline)[0] == "me/_forget_confirm.html" and "<html" not in _page(inline)
    unconfirmed = alice_client.post(url)  # a post without the confirmation only asks again
    assert unconfirmed.status_code == 200 and Memory.objects.filter(user=alice, community=community).count() == 2

    done = alice_client.post(url, {"confirm": "yes"})

    assert done.status_code == 302 and done["Location"] == f"{reverse('me')}#community-{community.pk}"
    assert not Memory.objects.filter(user=alice, community=community).exists()
    assert not Entity.objects.filter(owner=alice, community=community).exists()
    assert Memory.objects.filter(pk=kept.pk).exists()  # another community keeps its memories
    profile = Profile.objects.get(user=alice, community=community)
    assert not profile.memory_enabled and profile.summary == ""
    page = _page(alice_client.get(reverse("me")))
    assert "Memory is off in Gamers Guild: 2 memories" in page
    assert "Turn memory back on" in page and "Alice lives in Paris" not in page
    # With memory off there is no profile to write.
    refused = alice_client.post(reverse("me-profile", args=[community.pk]), {"summary": "Still me"}, headers=HTMX)
    assert "turn it on" in _page(refused) and Profile.objects.get(pk=profile.pk).summary == ""

    back = alice_client.post(reverse("me-remember", args=[community.pk]))
    assert back.status_code == 302
    assert Profile.objects.get(pk=profile.pk).memory_enabled
    assert "Memory is on again in Gamers Guild." in _page(alice_client.get(reverse("me")))


def test_download_my_data_is_a_json_file_with_my_memories(
    alice_client: Client, alice: User, bob: User, community: Community
) -> None:
    remember(community, alice, "Alice lives in Paris")
    remember(community, bob, "Bob plays the drums")

    response = alice_client.get(reverse("me-export"))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="memoryhub-export-alice.json"'
    assert "no-store" in response["Cache-Control"]
    document = json.loads(response.content)
    assert document["format"] == "memoryhub-export/1" and document["account"]["username"] == "alice"
    assert [m["content"] for m in document["memories"]] == ["Alice lives in Paris"]
    assert "Bob plays the drums" not in response.content.decode()


def test_erasing_my_account_needs_my_username_then_erases_and_logs_me_out(
    alice_client: Client, alice: User, community: Community
) -> None:
    remember(community, alice, "Alice lives in Paris")
    page = alice_client.get(reverse("me-erase"))
    assert page.status_code == 200 and "me/erase.html" in _templates(page)

    wrong = alice_client.post(reverse("me-erase"), {"username": "bob"})
    assert wrong.status_code == 200 and "nothing was erased" in _page(wrong)
    assert User.objects.filter(pk=alice.pk).exists()

    erased = alice_client.post(reverse("me-erase"), {"username": "alice"})

    assert erased.status_code == 302 and erased["Location"] == reverse("me-erased")
    assert not User.objects.filter(pk=alice.pk).exists()
    assert not Memory.objects.filter(content="Alice lives in Paris").exists()
    tombstone = ErasureRequest.objects.get()
    assert tombstone.state == ErasureRequestState.DONE and tombstone.requested_via == "self"
    done = alice_client.get(reverse("me-erased"))
    assert done.status_code == 200 and "Your account is erased" in _page(done)
    assert "Log in" in _page(done)  # logged out
    me = alice_client.get(reverse("me"))
    assert me.status_code == 302 and me["Location"].startswith(reverse("login"))
    assert alice_client.get(reverse("me-erased")).status_code == 302  # said once, not to anyone who asks
