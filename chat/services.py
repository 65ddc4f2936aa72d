"""Writes about personas and channels."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import DurationField, ExpressionWrapper, F, QuerySet, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from accounts.models import Community, User
from chat.models import (
    MESSAGE_MAX_LENGTH,
    Channel,
    ChannelKind,
    ChatSession,
    ConversationWindowCloseReason,
    Message,
    MessageRole,
    Persona,
    PersonaExtractionMode,
)
from memories.extraction_tool import REMEMBER_TOOL, REMEMBER_TOOL_NAME
from memories.models import Memory
from memories.services.context import AssembledContext, assemble_context
from memories.services.remember import remember_apply
from memories.services.windows import window_from_messages, window_message_add
from memoryhub.ai.llm import llm_get
from memoryhub.ai.types import LLM, Purpose


def persona_create(*, community: Community, name: str, system_prompt: str, **settings: object) -> Persona:
    persona = Persona(community=community, name=name, system_prompt=system_prompt, **settings)
    persona.full_clean()
    persona.save()
    return persona


def channel_create(
    *,
    community: Community,
    name: str,
    kind: str = ChannelKind.EXTERNAL,
    external_id: str | None = None,
    topic_bias: Iterable[str] = (),
) -> Channel:
    channel = Channel(community=community, name=name, kind=kind, external_id=external_id, topic_bias=list(topic_bias))
    channel.full_clean()
    channel.save()
    return channel


def message_record(
    *,
    channel: Channel,
    content: str,
    role: str = MessageRole.USER,
    author: User | None = None,
    persona: Persona | None = None,
    session: ChatSession | None = None,
    created_at: datetime | None = None,
    external_id: str | None = None,
) -> Message:
    """Store a message and put it where extraction will find it.

    Messages of a session whose persona extracts in another mode than ``window`` join no
    window here: the persona's mode decides when they are extracted (chat.services.session_*).
    """
    message = Message(
        channel=channel,
        content=content,
        role=role,
        author=author,
        persona=persona,
        session=session,
        created_at=created_at or timezone.now(),
        external_id=external_id,
    )
    message.full_clean(exclude=["window", "session", "persona", "author", "channel"])
    with transaction.atomic():
        if session is None or session.persona.extraction_mode == PersonaExtractionMode.WINDOW:
            window_message_add(message=message)  # sets message.window before the one INSERT
        message.save()
    return message


def session_open(*, user: User, persona: Persona, channel: Channel) -> ChatSession:
    """The person's open session with ``persona`` in ``channel``, started if there is none."""
    session = ChatSession.objects.filter(user=user, persona=persona, channel=channel, ended_at__isnull=True).first()
    return session or ChatSession.objects.create(user=user, persona=persona, channel=channel)


def session_message_add(
    *,
    session: ChatSession,
    content: str,
    role: str,
    created_at: datetime | None = None,
    external_id: str | None = None,
) -> Message:
    """Record one turn of a chat session and run what the persona's settings ask for after it.

    Every N messages the working summary is refreshed; ``every_turn`` and ``periodic`` personas
    extract after the bot's reply (every turn, or every ``extraction_interval`` turns).
    """
    from chat.tasks import summarize_session

    persona = session.persona
    message = message_record(
        channel=session.channel,
        content=content,
        role=role,
        author=session.user if role == MessageRole.USER else None,
        persona=persona if role != MessageRole.USER else None,
        session=session,
        created_at=created_at,
        external_id=external_id,
    )
    with transaction.atomic():
        ChatSession.objects.filter(pk=session.pk).update(
            message_count=F("message_count") + 1, last_message_at=Greatest("last_message_at", message.created_at)
        )
        session.refresh_from_db()
        interval = persona.community.working_summary_interval
        if session.message_count - session.working_summary_message_count >= interval:
            # Counted as covered now, so the next messages do not ask again before the task runs.
            ChatSession.objects.filter(pk=session.pk).update(working_summary_message_count=session.message_count)
            transaction.on_commit(lambda: summarize_session.delay(session.pk, final=False))
        mode = persona.extraction_mode
        if role == MessageRole.ASSISTANT and mode in (PersonaExtractionMode.EVERY_TURN, PersonaExtractionMode.PERIODIC):
            turns = session.messages.filter(role=MessageRole.ASSISTANT).count()
            if mode == PersonaExtractionMode.EVERY_TURN or turns % persona.extraction_interval == 0:
                window_from_messages(
                    channel=session.channel,
                    messages=list(session.messages.filter(window__isnull=True)),
                    reason=ConversationWindowCloseReason.MANUAL,
                )
    return message


def session_end(*, session: ChatSession, now: datetime | None = None) -> bool:
    """End a session: extract what it still holds and queue its final summary."""
    ended = _sessions_end(ChatSession.objects.filter(pk=session.pk), now=now or timezone.now())
    return bool(ended)


def sessions_end_idle(*, now: datetime | None = None) -> list[int]:
    """End every session idle longer than its community's idle time (one UPDATE)."""
    now = now or timezone.now()
    idle_for = ExpressionWrapper(
        F("persona__community__session_idle_minutes") * timedelta(minutes=1), output_field=DurationField()
    )
    idle = ChatSession.objects.alias(idle_since=Value(now) - idle_for).filter(last_message_at__lt=F("idle_since"))
    return _sessions_end(idle, now=now)


def _sessions_end(sessions: QuerySet[ChatSession], *, now: datetime) -> list[int]:
    from chat.tasks import summarize_session

    with transaction.atomic():
        ids = list(
            ChatSession.objects.select_for_update(skip_locked=True)
            .filter(pk__in=sessions.values("pk"), ended_at__isnull=True)
            .values_list("pk", flat=True)
        )
        ChatSession.objects.filter(pk__in=ids).update(ended_at=Greatest("last_message_at", now))
        for session in ChatSession.objects.filter(pk__in=ids).select_related("persona", "channel"):
            loose = list(session.messages.filter(window__isnull=True))
            if session.persona.extraction_mode == PersonaExtractionMode.ON_SESSION_END and loose:
                window_from_messages(
                    channel=session.channel, messages=loose, reason=ConversationWindowCloseReason.SESSION_END
                )
        transaction.on_commit(lambda: [summarize_session.delay(pk, final=True) for pk in ids])
    return ids


@dataclass(frozen=True)
class ChatReply:
    message: Message
    reply: Message
    remembered: list[Memory]
    context: AssembledContext  # what the persona was shown, and why


def session_reply(*, session: ChatSession, text: str, llm: LLM | None = None) -> ChatReply:
    """One chat turn: store the person's message, ask the LLM for the persona's reply, store it.

    ``llm_triggered`` personas offer the model a ``remember`` tool; what it remembers is saved
    at once (validated like every LLM output).
    """
    persona = session.persona
    user = session.user
    message = session_message_add(session=session, content=text, role=MessageRole.USER)
    context = assemble_context(
        community=persona.community, user=user, persona=persona, message=text, channel=session.channel, session=session
    )
    triggered = persona.use_memory and persona.extraction_mode == PersonaExtractionMode.LLM_TRIGGERED
    completion = (llm or llm_get()).complete(
        purpose=Purpose.CHAT, messages=context.messages, tools=[REMEMBER_TOOL] if triggered else None
    )
    remembered = []
    if triggered:
        for call in completion.tool_calls:
            if call.name == REMEMBER_TOOL_NAME and (
                memory := remember_apply(session=session, arguments=call.arguments, evidence=message)
            ):
                remembered.append(memory)
    reply_text = completion.content.strip() or "…"
    reply = session_message_add(session=session, content=reply_text[:MESSAGE_MAX_LENGTH], role=MessageRole.ASSISTANT)
    return ChatReply(message=message, reply=reply, remembered=remembered, context=context)


@dataclass(frozen=True)
class StreamedReply:
    """What a streamed turn left behind, once the last chunk has been sent."""

    message: Message
    reply: Message
    context: AssembledContext


def session_reply_stream(
    *, session: ChatSession, text: str, llm: LLM | None = None
) -> tuple[AssembledContext, Iterator[str], Callable[[], StreamedReply]]:
    """A chat turn whose reply arrives in pieces: (context, text chunks, finish).

    The caller sends the chunks as they come and then calls ``finish()``, which stores the
    reply. The ``remember`` tool is not offered in a stream (tools and streamed text do not mix
    in every OpenAI-compatible server); ``llm_triggered`` personas remember in ``session_reply``.
    """
    persona = session.persona
    message = session_message_add(session=session, content=text, role=MessageRole.USER)
    context = assemble_context(
        community=persona.community,
        user=session.user,
        persona=persona,
        message=text,
        channel=session.channel,
        session=session,
    )
    parts: list[str] = []

    def chunks() -> Iterator[str]:
        for chunk in (llm or llm_get()).stream(purpose=Purpose.CHAT, messages=context.messages):
            parts.append(chunk)
            yield chunk

    def finish() -> StreamedReply:
        reply_text = "".join(parts).strip() or "…"
        reply = session_message_add(
            session=session, content=reply_text[:MESSAGE_MAX_LENGTH], role=MessageRole.ASSISTANT
        )
        return StreamedReply(message=message, reply=reply, context=context)

    return context, chunks(), finish
