"""Reads about personas and chat sessions for the people's pages."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Count, Min, QuerySet
from django.http import Http404

from accounts.models import Community, MemoryOffInterval, User
from accounts.selectors import MemoryOffHistory, memory_off_history
from chat.models import (
    Channel,
    ChannelKind,
    ChatSession,
    ConversationWindow,
    ConversationWindowState,
    Message,
    MessageRole,
    Persona,
    channel_id_is_web,
    web_channel_external_id,
)
from core.fastpath.sql import prepared_cursor


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


def messages_said_with_memory_off(
    *, community_id: int, messages: Sequence[Message], history: MemoryOffHistory | None = None
) -> set[int]:
    """The ids of ``messages`` that must never be remembered: a person's line said while their
    memory or the community's was off (by the line's own time against the on/off intervals), a
    bot's line said while the community's was off, and a persona's reply to a line of either kind
    (it may say back what it was told). ``history``: the intervals, when the caller read them."""
    if not messages:
        return set()
    authors = {m.author_id for m in messages if m.author_id is not None}
    answered = {m.reply_to_id for m in messages if m.reply_to_id is not None}
    by_id = {m.pk: m for m in messages}
    elsewhere = list(Message.objects.filter(pk__in=answered - set(by_id)).only("id", "author_id", "created_at", "role"))
    authors |= {m.author_id for m in elsewhere if m.author_id is not None}
    if history is None:
        earliest = min(m.created_at for m in [*messages, *elsewhere])
        history = memory_off_history(community_id=community_id, user_ids=authors, since=earliest)
    if not history.community_spans and not history.forgotten_until:
        return set()
    off = {m.pk for m in [*messages, *elsewhere] if history.off_at(m.author_id, m.created_at)}
    return {m.pk for m in messages if m.pk in off or (m.reply_to_id is not None and m.reply_to_id in off)}


@dataclass
class RecentMessage:
    role: str
    content: str
    author_name: str  # the author's display name (else username); a persona's name for its reply
    author_id: int | None  # None for a persona's message
    persona_id: int | None  # the persona that wrote it, for a reply


# A line of ``{m}`` (its channel ``ch``) the talk leaves out: its author asked it forgotten (a forget
# that ended after it, or the one still on began after it: forget forgets what was said before), or
# the community's memory was off when it was said and is on again. What is said while memory is
# off now stays in the talk until it comes back on: the conversation goes on, nothing is kept.
_FORGOTTEN_SQL = f"""
EXISTS (SELECT 1 FROM {MemoryOffInterval._meta.db_table} AS i
        WHERE i.community_id = ch.community_id
          AND ((i.user_id = {{m}}.author_id AND {{m}}.created_at < COALESCE(i.ended_at, i.started_at))
               OR (i.user_id IS NULL AND {{m}}.created_at >= i.started_at AND {{m}}.created_at < i.ended_at)))
"""  # noqa: S608 - a table name of the model


def messages_recent(*, session_id: int | None = None, channel_id: int | None = None, limit: int) -> list[RecentMessage]:
    """The last ``limit`` messages of a session (else a channel), newest first: the context's
    buffer, read in one statement on the (session|channel, created_at) index. Lines asked forgotten
    or said with memory off, once it is on again, are left out, and a persona's replies to them
    (prepared: its plan costs more than its run)."""
    column = "session_id" if session_id is not None else "channel_id"
    with prepared_cursor() as cursor:
        cursor.execute(
            f"""
            SELECT m.role, m.content, COALESCE(NULLIF(u.display_name, ''), u.username, p.name, ''), m.author_id,
                   m.persona_id
            FROM chat_message AS m JOIN {Channel._meta.db_table} AS ch ON ch.id = m.channel_id
                 LEFT JOIN {User._meta.db_table} AS u ON u.id = m.author_id
                 LEFT JOIN {Persona._meta.db_table} AS p ON p.id = m.persona_id
                 LEFT JOIN chat_message AS r ON r.id = m.reply_to_id
            WHERE m.{column} = %s AND NOT {_FORGOTTEN_SQL.format(m="m")}
              AND (r.id IS NULL OR NOT {_FORGOTTEN_SQL.format(m="r")})
            ORDER BY m.created_at DESC, m.id DESC LIMIT %s
            """,  # noqa: S608 - a column name of this function and table names of the models
            [session_id if session_id is not None else channel_id, limit],
        )
        return [RecentMessage(*row) for row in cursor.fetchall()]


def sessions_for_bots(*, community: Community) -> QuerySet[ChatSession]:
    """The community's chat sessions a bot may read: never a person's web chat, whose summaries are
    theirs (the moderation pages show those to moderators)."""
    return ChatSession.objects.filter(persona__community=community).exclude(channel__kind=ChannelKind.WEB)


def windows_for_bots(*, community: Community) -> QuerySet[ConversationWindow]:
    """The community's extraction windows a bot may read, close or retry: not a person's web chat's."""
    return ConversationWindow.objects.filter(channel__community=community).exclude(channel__kind=ChannelKind.WEB)


def window_get_for_community(*, community: Community, pk: int) -> ConversationWindow:
    """One of the community's extraction windows a bot may use, or 404: another community's, or a
    person's web chat's, does not exist here."""
    window = windows_for_bots(community=community).select_related("channel__community").filter(pk=pk).first()
    if window is None:
        raise Http404(f"No window {pk} in this community.")
    return window


def message_get_for_community(*, community: Community, channel: str, message_id: str) -> Message:
    """A message a bot posted, by the bot's channel and message ids, or 404 (a person's web chat
    is never a bot's: its messages are not found there)."""
    findable = "\x00" not in channel + message_id  # no id holds NUL (PostgreSQL cannot store it)
    message = (
        Message.objects.select_related("window")
        .filter(channel__community=community, channel__external_id=channel, external_id=message_id)
        .first()
        if findable and not channel_id_is_web(channel)
        else None
    )
    if message is None:
        raise Http404(f"No message {message_id!r} in channel {channel!r} in this community.")
    return message


def windows_per_state() -> dict[str, int]:
    """How many windows of every community are in each state (the operators' metrics; one query)."""
    counts = dict(ConversationWindow.objects.values_list("state").annotate(n=Count("pk")).values_list("state", "n"))
    return {state: counts.get(state, 0) for state in ConversationWindowState.values}


def window_oldest_waiting_since(*, community: Community | None = None) -> datetime | None:
    """When the window that has waited longest for its extraction became due (``due`` or being
    extracted), in ``community`` or in all of them; None when nothing waits."""
    waiting = ConversationWindow.objects.filter(
        state__in=[ConversationWindowState.DUE, ConversationWindowState.EXTRACTING]
    )
    if community is not None:
        waiting = waiting.filter(channel__community=community)
    oldest: datetime | None = waiting.aggregate(oldest=Min("closed_at"))["oldest"]
    return oldest
