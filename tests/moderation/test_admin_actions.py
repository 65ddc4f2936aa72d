"""The staff's Django admin: workflow actions through the services, a memory's history on its page,
no internal columns in its form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import AuditEvent, Community, ErasureRequest, Profile, User
from accounts.services import user_create
from chat.models import ConversationWindowState
from memories.models import Memory
from memories.services.memory import memory_update
from privacy.services.forget import user_forget
from tests.moderation.test_moderation_views import _failed_window
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client: Client) -> Client:
    staff = user_create(username="operator", password="a long operator password", display_name="Operator")
    User.objects.filter(pk=staff.pk).update(is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


def _act(client: Client, changelist: str, action: str, ids: list[int]) -> str:
    response = client.post(reverse(changelist), {"action": action, "_selected_action": ids}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def test_the_retry_action_queues_failed_windows_again(staff_client: Client, community: Community) -> None:
    window = _failed_window(community, "alice_456", "my iguana sheds")
    page = _act(staff_client, "admin:chat_conversationwindow_changelist", "retry_selected", [window.pk])
    assert "1 failed window(s) queued again" in page
    window.refresh_from_db()
    assert window.state != ConversationWindowState.FAILED and window.attempts == 0
    event = AuditEvent.objects.get(action="window.retried")
    assert (event.actor_kind, event.data) == ("moderator", {"window": window.pk})


def test_forget_and_remember_actions_go_through_the_privacy_services(
    staff_client: Client, community: Community, alice: User
) -> None:
    remember(community, alice, "Alice keeps a pet iguana called Rex")
    profile = Profile.objects.get(user=alice, community=community)

    page = _act(staff_client, "admin:accounts_profile_changelist", "forget_selected", [profile.pk])

    assert "Forgot 1 people: 1 memories deleted." in page
    assert not Memory.objects.filter(user=alice).exists()
    assert not Profile.objects.get(pk=profile.pk).memory_enabled
    assert AuditEvent.objects.filter(action="user.forgotten", actor_kind="moderator").exists()
    _act(staff_client, "admin:accounts_profile_changelist", "remember_selected", [profile.pk])
    assert Profile.objects.get(pk=profile.pk).memory_enabled


def test_the_profile_switch_is_read_only_and_the_paragraph_respects_it(
    staff_client: Client, community: Community, alice: User
) -> None:
    profile = Profile.objects.get(user=alice, community=community)
    url = reverse("admin:accounts_profile_change", args=[profile.pk])
    data = {"user": alice.pk, "community": community.pk, "summary": "Alice keeps iguanas.", "personality": ""}

    assert 'name="memory_enabled"' not in staff_client.get(url).content.decode()
    assert (
        staff_client.post(reverse("admin:accounts_profile_delete", args=[profile.pk]), {"post": "yes"}).status_code
        == 403
    )
    assert staff_client.post(url, data | {"memory_enabled": ""}).status_code == 302
    profile.refresh_from_db()
    assert (profile.summary, profile.memory_enabled) == ("Alice keeps iguanas.", True)

    user_forget(community=community, user=alice, actor_kind="system")
    page = staff_client.post(url, data | {"summary": "Alice is back."}, follow=True).content.decode()
    assert "Memory is off for them" in page
    assert Profile.objects.get(pk=profile.pk).summary == ""


def test_the_erase_action_erases_people_through_the_service_and_never_staff(
    staff_client: Client, community: Community, alice: User
) -> None:
    remember(community, alice, "Alice keeps a pet iguana called Rex")
    colleague = user_create(username="colleague", password="another long password", display_name="Colleague")
    User.objects.filter(pk=colleague.pk).update(is_staff=True)
    changelist = "admin:accounts_user_changelist"
    assert "delete_selected" not in staff_client.get(reverse(changelist)).content.decode()

    page = _act(staff_client, changelist, "erase_selected", [alice.pk, colleague.pk])

    assert "Erased 1 people" in page and "Staff accounts are not erased here (1 left)" in page
    assert not User.objects.filter(pk=alice.pk).exists() and User.objects.filter(pk=colleague.pk).exists()
    assert not Memory.objects.filter(content__contains="iguana").exists()
    erasure = ErasureRequest.objects.get()
    assert (erasure.state, erasure.requested_via) == ("done", "moderator")


def test_a_memory_page_shows_its_history_and_no_internal_columns(
    staff_client: Client, community: Community, alice: User
) -> None:
    memory = remember(community, alice, "Alice keeps a pet iguana called Rex")
    memory_update(memory=memory, actor="moderator", action="moderator_edit", importance=0.9, reason="checked")

    page = staff_client.get(reverse("admin:memories_memory_change", args=[memory.pk])).content.decode()

    for internal in ('name="embedding"', 'name="search_vector"', 'name="source_messages"', "'iguana':"):
        assert internal not in page, internal
    history = page.split('id="revisions-group"')[1].lower()
    assert "moderator edit" in history and "importance" in history and "checked" in history
    assert "created" in history
    assert 'name="revisions-0-action"' not in history  # read-only: shown, not a form


def test_a_persons_page_links_to_their_memories_messages_profiles_and_export(
    staff_client: Client, community: Community, alice: User, bob: User
) -> None:
    remember(community, alice, "Alice keeps a pet iguana called Rex")
    remember(community, bob, "Bob plays the tuba")

    page = staff_client.get(reverse("admin:accounts_user_change", args=[alice.pk])).content.decode()

    memories = reverse("admin:memories_memory_changelist") + f"?user__id__exact={alice.pk}"
    assert f'href="{memories}">1 memories</a>' in page
    listed = staff_client.get(memories).content.decode()
    assert "iguana" in listed and "tuba" not in listed  # the link filters to them
    export = staff_client.get(reverse("admin:accounts_user_export", args=[alice.pk]))
    assert export["Content-Disposition"].startswith("attachment")
    assert "iguana" in export.content.decode() and "tuba" not in export.content.decode()
