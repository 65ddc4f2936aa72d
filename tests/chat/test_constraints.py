"""The database itself refuses invalid personas, channels, sessions, windows and messages.

Every row here is written straight through the ORM, never through ``full_clean``: a bug in a
service, a bulk import or a racing worker must still not be able to store it.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Community, User
from chat.models import (
    MESSAGE_MAX_LENGTH,
    Channel,
    ChannelKind,
    ChatSession,
    ConversationWindow,
    ConversationWindowCloseReason,
    ConversationWindowState,
    Message,
    MessageRole,
    Persona,
)
from tests.support.db import refused_by

NOW = timezone.now()


# --- Persona -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"injection_mode": "inline"}, "persona_injection_mode_valid", id="unknown-injection-mode"),
        pytest.param({"extraction_mode": "never"}, "persona_extraction_mode_valid", id="unknown-extraction-mode"),
        pytest.param({"extraction_interval": 0}, "persona_extraction_interval_positive", id="zero-interval"),
        pytest.param({"max_memory_tokens": 0}, "persona_max_memory_tokens_positive", id="zero-memory-tokens"),
        pytest.param({"search_threshold": -0.01}, "persona_search_threshold_0_1", id="threshold-below-zero"),
        pytest.param({"search_threshold": 1.01}, "persona_search_threshold_0_1", id="threshold-above-one"),
        pytest.param(
            {"context_window_tokens": 1524, "reply_reserve_tokens": 1024, "max_memory_tokens": 500},
            "persona_context_window_fits_budgets",
            id="budgets-fill-the-whole-window",
        ),
        pytest.param(
            {"context_window_tokens": 1000, "reply_reserve_tokens": 1024, "max_memory_tokens": 500},
            "persona_context_window_fits_budgets",
            id="reply-reserve-larger-than-window",
        ),
        pytest.param({"memory_format_template": ""}, "persona_memory_format_not_empty", id="empty-memory-format"),
        pytest.param({"name": ""}, "persona_name_not_empty", id="empty-name"),
    ],
)
def test_persona_with_invalid_settings_is_refused(
    community: Community, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {"community": community, "name": "Broken", "system_prompt": "You are broken.", **overrides}
    with refused_by(constraint):
        Persona.objects.create(**fields)
    assert not Persona.objects.exists()


def test_second_persona_with_the_same_name_in_a_community_is_refused(persona: Persona) -> None:
    with refused_by("persona_unique_name_per_community"):
        Persona.objects.create(community=persona.community, name=persona.name, system_prompt="An impostor.")
    assert Persona.objects.filter(name=persona.name).count() == 1


def test_raising_the_reply_reserve_past_the_context_window_is_refused(persona: Persona) -> None:
    with refused_by("persona_context_window_fits_budgets"):
        Persona.objects.filter(pk=persona.pk).update(reply_reserve_tokens=persona.context_window_tokens)
    persona.refresh_from_db()
    assert persona.reply_reserve_tokens == 1024


def test_persona_with_settings_at_their_limits_is_accepted(
    persona: Persona, community: Community, other_community: Community
) -> None:
    Persona.objects.bulk_create(
        [
            Persona(
                community=community,
                name="Tight",
                system_prompt="You are brief.",
                extraction_interval=1,
                max_memory_tokens=1,
                search_threshold=0.0,
                context_window_tokens=1026,
                reply_reserve_tokens=1024,
            ),
            Persona(community=community, name="Strict", system_prompt="You are picky.", search_threshold=1.0),
            Persona(community=other_community, name=persona.name, system_prompt="Same name, other community."),
        ]
    )
    assert Persona.objects.count() == 4


# --- Channel -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"kind": "irc", "external_id": "irc-1"}, "channel_kind_valid", id="unknown-kind"),
        pytest.param({"external_id": None}, "channel_external_has_external_id", id="external-without-id"),
        pytest.param({"external_id": ""}, "channel_external_has_external_id", id="external-with-empty-id"),
    ],
)
def test_channel_with_invalid_fields_is_refused(
    community: Community, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {"community": community, "name": "broken", "kind": ChannelKind.EXTERNAL, **overrides}
    with refused_by(constraint):
        Channel.objects.create(**fields)
    assert not Channel.objects.exists()


def test_second_channel_with_the_same_external_id_in_a_community_is_refused(channel: Channel) -> None:
    with refused_by("channel_unique_external_id"):
        Channel.objects.create(community=channel.community, name="general-copy", external_id=channel.external_id)
    assert Channel.objects.filter(external_id=channel.external_id).count() == 1


def test_web_channels_without_external_ids_and_reused_ids_across_communities_are_accepted(
    channel: Channel, community: Community, other_community: Community
) -> None:
    Channel.objects.bulk_create(
        [
            Channel(community=community, name="Web chat", kind=ChannelKind.WEB),
            Channel(community=community, name="Second web chat", kind=ChannelKind.WEB),
            Channel(community=other_community, name="general", external_id=channel.external_id),
        ]
    )
    assert Channel.objects.filter(kind=ChannelKind.WEB, external_id=None).count() == 2
    assert Channel.objects.filter(external_id=channel.external_id).count() == 2


# --- ChatSession -------------------------------------------------------------------------


def test_second_open_session_for_the_same_user_persona_and_channel_is_refused(
    alice: User, persona: Persona, web_channel: Channel
) -> None:
    ChatSession.objects.create(user=alice, persona=persona, channel=web_channel)
    with refused_by("session_one_open_per_user_persona_channel"):
        ChatSession.objects.create(user=alice, persona=persona, channel=web_channel)
    assert ChatSession.objects.filter(ended_at__isnull=True).count() == 1


def test_reopening_an_ended_session_while_another_is_open_is_refused(
    alice: User, persona: Persona, web_channel: Channel
) -> None:
    ended = ChatSession.objects.create(
        user=alice, persona=persona, channel=web_channel, started_at=NOW - timedelta(hours=2), ended_at=NOW
    )
    ChatSession.objects.create(user=alice, persona=persona, channel=web_channel)
    with refused_by("session_one_open_per_user_persona_channel"):
        ChatSession.objects.filter(pk=ended.pk).update(ended_at=None)
    assert ChatSession.objects.filter(ended_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param(
            {"started_at": NOW, "ended_at": NOW - timedelta(seconds=1)},
            "session_ends_after_start",
            id="ends-before-it-starts",
        ),
        pytest.param(
            {"started_at": NOW, "last_message_at": NOW - timedelta(seconds=1)},
            "session_last_message_after_start",
            id="message-before-start",
        ),
        pytest.param(
            {"message_count": 4, "working_summary_message_count": 5},
            "session_summary_count_within_messages",
            id="summary-covers-more-messages-than-exist",
        ),
    ],
)
def test_session_with_inconsistent_times_or_counts_is_refused(
    alice: User, persona: Persona, web_channel: Channel, overrides: dict[str, Any], constraint: str
) -> None:
    with refused_by(constraint):
        ChatSession.objects.create(user=alice, persona=persona, channel=web_channel, **overrides)
    assert not ChatSession.objects.exists()


def test_ended_sessions_beside_one_open_session_are_accepted(
    alice: User, bob: User, persona: Persona, web_channel: Channel, channel: Channel
) -> None:
    ChatSession.objects.bulk_create(
        [
            # Ending the instant it starts is allowed: a session can be opened and closed at once.
            ChatSession(
                user=alice, persona=persona, channel=web_channel, started_at=NOW, last_message_at=NOW, ended_at=NOW
            ),
            ChatSession(user=alice, persona=persona, channel=web_channel, started_at=NOW, ended_at=NOW),
            ChatSession(
                user=alice, persona=persona, channel=web_channel, message_count=5, working_summary_message_count=5
            ),
            ChatSession(user=bob, persona=persona, channel=web_channel),
            ChatSession(user=alice, persona=persona, channel=channel),
        ]
    )
    assert ChatSession.objects.filter(user=alice, channel=web_channel).count() == 3
    assert ChatSession.objects.filter(ended_at__isnull=True).count() == 3


# --- ConversationWindow ------------------------------------------------------------------


def _closed(state: str = ConversationWindowState.DUE, **overrides: Any) -> dict[str, Any]:
    """Fields of a window that has closed for a valid reason, in ``state``."""
    fields: dict[str, Any] = {"state": state, "close_reason": ConversationWindowCloseReason.QUIET, "closed_at": NOW}
    return fields | overrides


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param(_closed(state="closed"), "window_state_valid", id="unknown-state"),
        pytest.param(_closed(close_reason="timeout"), "window_close_reason_valid", id="unknown-close-reason"),
        pytest.param(
            {"close_reason": ConversationWindowCloseReason.QUIET},
            "window_closed_iff_reason",
            id="open-with-close-reason",
        ),
        pytest.param({"closed_at": NOW}, "window_closed_iff_reason", id="open-with-close-time"),
        pytest.param(_closed(close_reason=""), "window_closed_iff_reason", id="closed-without-reason"),
        pytest.param(_closed(closed_at=None), "window_closed_iff_reason", id="closed-without-close-time"),
        pytest.param(
            {"last_message_at": NOW - timedelta(seconds=1)}, "window_last_after_first", id="last-before-first"
        ),
        pytest.param(
            _closed(ConversationWindowState.DONE, extracted_at=None),
            "window_done_has_extracted_at",
            id="done-without-extraction-time",
        ),
        pytest.param(
            _closed(ConversationWindowState.FAILED, last_error=""),
            "window_failed_has_error",
            id="failed-without-error",
        ),
        pytest.param(
            _closed(ConversationWindowState.EXTRACTING, claimed_at=None),
            "window_extracting_is_claimed",
            id="extracting-without-claim",
        ),
    ],
)
def test_window_with_inconsistent_state_is_refused(
    channel: Channel, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {"channel": channel, "first_message_at": NOW, "last_message_at": NOW, **overrides}
    with refused_by(constraint):
        ConversationWindow.objects.create(**fields)
    assert not ConversationWindow.objects.exists()


def test_closing_a_window_without_a_reason_is_refused(channel: Channel) -> None:
    window = ConversationWindow.objects.create(channel=channel, first_message_at=NOW, last_message_at=NOW)
    with refused_by("window_closed_iff_reason"):
        ConversationWindow.objects.filter(pk=window.pk).update(state=ConversationWindowState.DUE, closed_at=NOW)
    window.refresh_from_db()
    assert window.state == ConversationWindowState.OPEN


def test_windows_in_every_valid_state_are_accepted(channel: Channel, web_channel: Channel) -> None:
    later = NOW + timedelta(minutes=3)
    ConversationWindow.objects.bulk_create(
        [
            ConversationWindow(channel=channel, first_message_at=NOW, last_message_at=NOW),
            ConversationWindow(channel=web_channel, first_message_at=NOW, last_message_at=later),
            *(
                ConversationWindow(
                    channel=channel, first_message_at=NOW, last_message_at=later, **_closed(close_reason=reason)
                )
                for reason in ConversationWindowCloseReason.values
            ),
            ConversationWindow(
                channel=channel, first_message_at=NOW, last_message_at=later, **_closed("extracting", claimed_at=later)
            ),
            ConversationWindow(
                channel=channel, first_message_at=NOW, last_message_at=later, **_closed("done", extracted_at=later)
            ),
            ConversationWindow(
                channel=channel, first_message_at=NOW, last_message_at=later, **_closed("failed", last_error="LLM 503")
            ),
        ]
    )
    assert ConversationWindow.objects.count() == 2 + len(ConversationWindowCloseReason.values) + 3


# --- Message -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("overrides", "constraint"),
    [
        pytest.param({"role": "tool"}, "message_role_valid", id="unknown-role"),
        pytest.param({"author": None}, "message_user_role_has_author", id="user-message-without-author"),
        pytest.param({"content": ""}, "message_content_length", id="empty-content"),
        pytest.param({"content": "  \n "}, "message_content_length", id="blank-content"),
        pytest.param({"content": "x" * (MESSAGE_MAX_LENGTH + 1)}, "message_content_length", id="content-too-long"),
    ],
)
def test_message_with_invalid_fields_is_refused(
    alice: User, channel: Channel, overrides: dict[str, Any], constraint: str
) -> None:
    fields: dict[str, Any] = {"channel": channel, "author": alice, "content": "hello", **overrides}
    with refused_by(constraint):
        Message.objects.create(**fields)
    assert not Message.objects.exists()


def test_message_external_id_delivered_twice_to_a_channel_is_refused(alice: User, channel: Channel) -> None:
    Message.objects.create(channel=channel, author=alice, content="hello", external_id="msg-1")
    with refused_by("message_unique_external_id_per_channel"):
        Message.objects.bulk_create(
            [
                Message(channel=channel, author=alice, content="a new one", external_id="msg-2"),
                Message(channel=channel, author=alice, content="hello again", external_id="msg-1"),
            ]
        )
    assert list(Message.objects.values_list("external_id", flat=True)) == ["msg-1"]


def test_valid_messages_at_the_edges_are_accepted(
    alice: User, persona: Persona, channel: Channel, web_channel: Channel
) -> None:
    Message.objects.bulk_create(
        [
            Message(channel=channel, author=alice, content="x", external_id="msg-1"),
            Message(channel=web_channel, author=alice, content="ü" * MESSAGE_MAX_LENGTH, external_id="msg-1"),
            Message(channel=channel, persona=persona, role=MessageRole.ASSISTANT, content="Hi Alice!"),
            Message(channel=channel, role=MessageRole.SYSTEM, content="Alice joined."),
            Message(channel=channel, author=alice, content="no id"),
            Message(channel=channel, author=alice, content="no id either"),
        ]
    )
    assert Message.objects.count() == 6
    assert Message.objects.get(channel=web_channel).content == "ü" * MESSAGE_MAX_LENGTH
