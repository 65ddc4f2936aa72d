"""The moderators' overview warns when windows failed or extraction lags behind."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from accounts.models import Community, MembershipRole, User
from accounts.services import membership_set, user_create
from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.services import channel_create, message_record
from chat.windows import window_claim, window_close, window_finish, window_release

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderated(client: Client, community: Community) -> Client:
    moderator = user_create(username="mod_alerts", display_name="Mod")
    membership_set(user=moderator, community=community, role=MembershipRole.MODERATOR)
    client.force_login(moderator)
    return client


def _due_window(channel: Channel, author: User, text: str) -> ConversationWindow:
    message_record(channel=channel, author=author, content=text, created_at=timezone.now())
    window = ConversationWindow.objects.get(channel=channel, state=ConversationWindowState.OPEN)
    return window_close(window=window, reason="manual")


def _alert(client: Client, community: Community) -> str:
    page = client.get(reverse("moderation-overview", args=[community.pk])).content.decode()
    if 'aria-label="Extraction alerts"' not in page:
        return ""
    return page.split('aria-label="Extraction alerts"', 1)[1].split("</div>", 1)[0]


def test_no_alert_while_extraction_keeps_up(
    moderated: Client, community: Community, channel: Channel, alice: User
) -> None:
    window = _due_window(channel, alice, "I started learning the cello")
    claimed = window_claim(window_id=window.pk)
    assert claimed is not None
    window_finish(window=claimed, prompt_tokens=1, completion_tokens=1, operations_applied=0)
    _due_window(channel, alice, "My cello teacher is patient")  # due just now: not late

    assert _alert(moderated, community) == ""


def test_failed_windows_are_counted_with_a_link_to_retry_them(
    moderated: Client, community: Community, channel: Channel, alice: User
) -> None:
    for text in ("The tram was late again", "I missed the ferry"):
        claimed = window_claim(window_id=_due_window(channel, alice, text).pk)
        assert claimed is not None
        window_release(window=claimed, error="LLMError: refused", final=True)

    alert = _alert(moderated, community)

    assert "2 windows failed extraction" in alert
    assert reverse("moderation-windows", args=[community.pk]) + "#failed" in alert
    assert "behind" not in alert


@override_settings(MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS=600)
def test_a_window_waiting_longer_than_the_setting_raises_the_lag_alert(
    moderated: Client, community: Community, channel: Channel, alice: User
) -> None:
    with time_machine.travel(timezone.now() - timedelta(minutes=25)):
        waiting = _due_window(channel, alice, "We painted the kitchen yellow")

    alert = _alert(moderated, community)

    assert "Extraction is behind" in alert and "waited 25 minutes" in alert and "set at 10" in alert
    assert "failed" not in alert
    claimed = window_claim(window_id=waiting.pk)  # a worker took it at last, and finished
    assert claimed is not None
    window_finish(window=claimed, prompt_tokens=1, completion_tokens=1, operations_applied=0)
    assert _alert(moderated, community) == ""


@override_settings(MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS=600)
def test_another_communitys_late_window_raises_no_alert_here(
    moderated: Client, community: Community, other_community: Community, alice: User
) -> None:
    theirs = channel_create(community=other_community, name="elsewhere", external_id="elsewhere")
    with time_machine.travel(timezone.now() - timedelta(hours=2)):
        _due_window(theirs, alice, "Our boat needs a new sail")

    assert _alert(moderated, community) == ""
