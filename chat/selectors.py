"""Reads about personas and chat sessions for the people's pages."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from accounts.models import Community, User
from chat.models import ChatSession, ConversationWindow, Message, MessageRole, Persona, web_channel_external_id


def personas_for_person(*, user: User) -> QuerySet[Persona]:
    """The active personas of every community the person belongs to."""
    return (
        Persona.objects.filter(is_active=True, community__memberships__user=user)
        .select_related("community")
        .order_by("community__name", "name")
    )


def persona_get_for_person(*, user: User, pk: int) -> Persona:
    persona = personas_for_person(user=user).filter(pk=pk).first()
    if persona is None:
        raise Http404("No such persona for you.")
    return persona


def session_current(*, user: User, persona: Persona) -> ChatSession | None:
    """The person's open browser session with ``persona``, if any."""
    return (
        ChatSession.objects.filter(
            user=user,
            persona=persona,
            channel__external_id=web_channel_external_id(user_id=user.pk, persona_id=persona.pk),
            ended_at__isnull=True,
        )
        .select_related("channel", "persona")
        .first()
    )


def session_message_get_for_person(*, user: User, pk: int) -> Message:
    """One of the person's own chat messages (what a reply stream answers), else 404."""
    message = (
        Message.objects.filter(pk=pk, role=MessageRole.USER, session__user=user)
        .select_related("session__persona__community", "session__channel")
        .first()
    )
    if message is None:
        raise Http404("No such message of yours.")
    return message


def window_get_for_community(*, community: Community, pk: int) -> ConversationWindow:
    """One of the community's extraction windows, or 404: another community's does not exist here."""
    windows = ConversationWindow.objects.select_related("channel__community")
    window = windows.filter(pk=pk, channel__community=community).first()
    if window is None:
        raise Http404(f"No window {pk} in this community.")
    return window


def message_get_for_community(*, community: Community, channel: str, message_id: str) -> Message:
    """A message a bot posted, by the bot's channel and message ids, or 404."""
    message = (
        Message.objects.select_related("window")
        .filter(channel__community=community, channel__external_id=channel, external_id=message_id)
        .first()
        if "\x00" not in channel + message_id  # no id holds NUL (PostgreSQL cannot store it)
        else None
    )
    if message is None:
        raise Http404(f"No message {message_id!r} in channel {channel!r} in this community.")
    return message
