"""Reads about personas and chat sessions for the people's pages."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from accounts.models import User
from chat.models import ChatSession, Message, MessageRole, Persona, web_channel_external_id


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
