"""Writes about personas and channels."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import DurationField, ExpressionWrapper, F, Q, QuerySet, Value
from django.db.models.functions import Greatest
from django.http import Http404
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
    PersonaExtractionMode,
    web_channel_external_id,
)
from chat.windows import window_close, window_from_messages, window_message_add, windows_recount
from core.buckets import bucket_take, buckets_delete
from core.erasure import names_redaction_params, names_replaced_sql, returning_ids, rows_delete
from core.queueing import tasks_send_on_commit
from core.text import text_clean
from memories.models import Memory, MemoryRevisionAction, MemoryRevisionActor
from memories.services.context import AssembledContext, assemble_context
from memories.services.memory import memories_delete_with_revisions
from memories.services.recall import recall_line_changed
from memories.services.remember import remember_apply
from memoryhub.ai.contract import REMEMBER_TOOL, REMEMBER_TOOL_NAME
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


def bot_channel_get(*, community: Community, external_id: str) -> Channel:
    """A bot's channel by its platform id, made on first sight (named by that id)."""
    channel = Channel.objects.filter(community=community, external_id=external_id).first()
    return channel or channel_create(
        community=community, name=external_id, kind=ChannelKind.EXTERNAL, external_id=external_id
    )


def web_channel_get(*, user: User, persona: Persona) -> Channel:
    """The person's own browser channel with ``persona``: its windows hold only their conversation."""
    channel, _ = Channel.objects.get_or_create(
        community=persona.community,
        external_id=web_channel_external_id(user_id=user.pk, persona_id=persona.pk),
        defaults={"name": f"Web chat with {persona.name}", "kind": ChannelKind.WEB},
    )
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
    reply_to: Message | None = None,
    memories_used: list[dict[str, object]] | None = None,
) -> Message:
    """Store a message and put it where extraction will find it.

    Messages of a session whose persona extracts in another mode than ``window`` join no
    window here: the persona's mode decides when they are extracted (chat.services.session_*).
    """
    message = Message(
        channel=channel,
        content=text_clean(content),
        role=role,
        author=author,
        persona=persona,
        session=session,
        created_at=created_at or timezone.now(),
        external_id=external_id,
        reply_to=reply_to,
        memories_used=memories_used or [],
    )
    message.full_clean(exclude=["window", "session", "persona", "author", "channel", "reply_to"])
    with transaction.atomic():
        if session is None or session.persona.extraction_mode == PersonaExtractionMode.WINDOW:
            window_message_add(message=message)  # inserts it in its window, with the window's counters
        else:
            message.save()
    return message


EXTRACTED_STATES = (ConversationWindowState.EXTRACTING, ConversationWindowState.DONE, ConversationWindowState.FAILED)


@transaction.atomic
def message_edit(*, message: Message, content: str) -> Message:
    """The platform edited a message: the new text replaces the old. A message whose window was
    extracted already (or is being extracted) joins the channel's open window, so what it now
    says is extracted too; memories it was the source of are revisited there."""
    locked = Message.objects.select_for_update(of=("self",)).select_related("window").filter(pk=message.pk).first()
    if locked is None:  # deleted by another request since it was found
        raise Http404("No message with this id in this channel.")
    if locked.content == content:
        return locked
    locked.content = text_clean(content)
    locked.full_clean(exclude=["window", "session", "persona", "author", "channel", "reply_to"])
    old_window = locked.window
    if old_window is not None and old_window.state in EXTRACTED_STATES:
        locked.window = None
        window_message_add(message=locked)
    locked.save(update_fields=["content", "window"])
    recall_line_changed(message_id=locked.pk)
    if locked.window != old_window and old_window is not None:
        windows_recount(window_ids=[old_window.pk])
    return locked


@transaction.atomic
def message_delete(*, message: Message) -> int:
    """The platform deleted a message: it goes, and so do the memories it was the only source of
    (each with its revision). Returns how many memories went."""
    only_source = Memory.objects.filter(source_messages=message).exclude(
        pk__in=Memory.source_messages.through.objects.exclude(message=message).values("memory_id")
    )
    forgotten = memories_delete_with_revisions(
        memories=only_source,
        action=MemoryRevisionAction.FORGOTTEN,
        actor=MemoryRevisionActor.SYSTEM,
        reason="the message it came from was deleted",
    )
    window_id = message.window_id
    recall_line_changed(message_id=message.pk)  # out of recall first: its entry's pack with it
    Message.objects.filter(pk=message.pk).delete()
    if window_id is not None:
        windows_recount(window_ids=[window_id])
    return forgotten


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
    reply_to: Message | None = None,
    memories_used: list[dict[str, object]] | None = None,
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
        reply_to=reply_to,
        memories_used=memories_used,
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
            tasks_send_on_commit(summarize_session, [(session.pk, False)])
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
    from memories.tasks import index_recall  # tasks import the services: imported when needed

    with transaction.atomic():
        ids = list(
            ChatSession.objects.select_for_update(skip_locked=True)
            .filter(pk__in=sessions.values("pk"), ended_at__isnull=True)
            .values_list("pk", flat=True)
        )
        ChatSession.objects.filter(pk__in=ids).update(
            ended_at=Greatest("last_message_at", now), final_summary_queued_at=now
        )
        for session in ChatSession.objects.filter(pk__in=ids).select_related("persona", "channel"):
            loose = list(session.messages.filter(window__isnull=True))
            if session.persona.extraction_mode == PersonaExtractionMode.ON_SESSION_END and loose:
                window_from_messages(
                    channel=session.channel, messages=loose, reason=ConversationWindowCloseReason.SESSION_END
                )
            elif session.persona.extraction_mode == PersonaExtractionMode.LLM_TRIGGERED and loose:
                # Its lines join no window (the reply model remembers by itself): recall indexes them here.
                tasks_send_on_commit(index_recall, [([m.pk for m in loose],)])
            if session.channel.kind == ChannelKind.WEB and session.channel.external_id:
                # A person's own browser channel: the conversation is over, extract it now
                # rather than after the quiet time (shared channels keep their windows open).
                for window in ConversationWindow.objects.filter(
                    channel=session.channel, state=ConversationWindowState.OPEN
                ):
                    window_close(window=window, reason=ConversationWindowCloseReason.SESSION_END)
        tasks_send_on_commit(summarize_session, [(pk, True) for pk in ids])
    return ids


def sessions_final_summary_requeue(*, now: datetime | None = None, limit: int = 500) -> list[int]:
    """Send again the final summaries queued longer than the lease ago and still not settled.

    Their task was lost: the broker could not take it, its worker died, or the LLM stayed down
    through every retry. Rows are taken with ``FOR UPDATE SKIP LOCKED``, so two sweeps never
    send one twice.
    """
    from chat.tasks import summarize_session

    now = now or timezone.now()
    lease_start = now - timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)
    with transaction.atomic():
        ids = list(
            ChatSession.objects.select_for_update(skip_locked=True)
            .filter(final_summary_queued_at__lt=lease_start)
            .order_by("final_summary_queued_at")
            .values_list("pk", flat=True)[:limit]
        )
        ChatSession.objects.filter(pk__in=ids).update(final_summary_queued_at=now)
        tasks_send_on_commit(summarize_session, [(pk, True) for pk in ids])
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
    reply = _reply_store(message=message, text=completion.content, context=context)
    if reply is None:
        raise ReplyExistsError(f"message {message.pk} was answered meanwhile")
    return ChatReply(message=message, reply=reply, remembered=remembered, context=context)


class ReplyExistsError(Exception):
    """The message has its reply already (one reply per message)."""


def memories_used_record(context: AssembledContext) -> list[dict[str, object]]:
    """What a reply keeps of its context: which memories, in which layer, with which scores."""
    return [
        {
            "id": used.id,
            "layer": used.layer,
            "relevance": round(used.relevance, 4),
            "similarity": None if used.similarity is None else round(used.similarity, 4),
            "lexical": round(used.lexical, 4),
            "context": round(used.context, 4),
            "recency": round(used.recency, 4),
            "frequency": round(used.frequency, 4),
            "importance": round(used.importance, 4),
            "total": round(used.total, 4),
        }
        | (
            {"message_id": used.message_id, "said_at": used.said_at.isoformat(), "where": used.where}
            if used.message_id is not None and used.said_at is not None
            else {}
        )
        for used in context.memories
    ]


def _reply_store(*, message: Message, text: str, context: AssembledContext) -> Message | None:
    """Store the persona's reply to ``message``; None when another reply won (one per message)."""
    assert message.session is not None
    try:
        with transaction.atomic():
            reply = session_message_add(
                session=message.session,
                content=(text.strip() or "…")[:MESSAGE_MAX_LENGTH],
                role=MessageRole.ASSISTANT,
                reply_to=message,
                memories_used=memories_used_record(context),
            )
    except IntegrityError:
        return None
    return reply


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
    message = session_message_add(session=session, content=text, role=MessageRole.USER)
    return message_reply_stream(message=message, llm=llm)


def message_reply_stream(
    *, message: Message, llm: LLM | None = None
) -> tuple[AssembledContext, Iterator[str], Callable[[], StreamedReply]]:
    """The persona's streamed reply to a person's stored session message (see ``session_reply_stream``).

    ``finish()`` raises ``ReplyExistsError`` when the message was answered meanwhile (a browser
    that reconnected, a second tab): one message, one reply.
    """
    session = message.session
    assert session is not None, "only session messages get replies"
    persona = session.persona
    context = assemble_context(
        community=persona.community,
        user=session.user,
        persona=persona,
        message=message.content,
        channel=session.channel,
        session=session,
    )
    parts: list[str] = []

    def chunks() -> Iterator[str]:
        for chunk in (llm or llm_get()).stream(purpose=Purpose.CHAT, messages=context.messages):
            parts.append(chunk)
            yield chunk

    def finish() -> StreamedReply:
        reply = _reply_store(message=message, text="".join(parts), context=context)
        if reply is None:
            raise ReplyExistsError(f"message {message.pk} was answered meanwhile")
        return StreamedReply(message=message, reply=reply, context=context)

    return context, chunks(), finish


# --- Erasure: the steps ``privacy.services.erasure`` orders, in its transaction ---------------


# A person's allowance in the browser chat, so that one person cannot spend the community's shared
# LLM allowance: messages sent, and replies asked for (a reply that failed can be asked again).
_CHAT_BUCKETS = ("chat-send", "chat-reply")


def chat_turn_wait(*, user: User, what: str) -> float:
    """Take one of ``user``'s chat turns for ``what`` (``chat-send`` or ``chat-reply``), at most
    ``MEMORYHUB_CHAT_MESSAGES_PER_MINUTE`` each, counted across every web process: 0 when taken,
    else the seconds until one is free (nothing was taken)."""
    if what not in _CHAT_BUCKETS:
        raise ValueError(f"what must be one of {_CHAT_BUCKETS}, not {what!r}")
    per_minute = settings.MEMORYHUB_CHAT_MESSAGES_PER_MINUTE
    return bucket_take(name=f"{what}:{user.pk}", capacity=per_minute, per_seconds=60.0)


def chat_of_person_delete(*, user: User, community_id: int | None = None) -> dict[str, int]:
    """Delete the messages ``user`` wrote and every message of their sessions (the persona's
    replies speak to them), then their sessions; in ``community_id`` alone when given. The
    windows those messages were in count only what they still hold, and the ones left empty go.
    The rows deleted per model label."""
    deleted: Counter[str] = Counter()
    here = {} if community_id is None else {"channel__community_id": community_id}
    theirs = Message.objects.filter(Q(author=user) | Q(session__user=user), **here)
    window_ids = list(theirs.exclude(window=None).values_list("window_id", flat=True).distinct())
    deleted.update(rows_delete(theirs))
    deleted.update(rows_delete(ChatSession.objects.filter(user=user, **here)))
    if community_id is None and (gone := buckets_delete(names=[f"{what}:{user.pk}" for what in _CHAT_BUCKETS])):
        deleted["memoryhub.RateBucket"] += gone  # the account's allowance: its name holds their id
    deleted.update(windows_recount(window_ids=window_ids))
    return dict(deleted)


def sessions_names_redact(*, names: list[str], community_ids: Collection[int]) -> int:
    """Redact ``names`` from the working and final summaries of the sessions in ``community_ids``; how many changed."""
    return len(
        returning_ids(
            f"""
            UPDATE chat_chatsession AS s
            SET working_summary = {names_replaced_sql("working_summary")},
                final_summary = {names_replaced_sql("final_summary")}
            FROM chat_channel AS c
            WHERE s.channel_id = c.id AND c.community_id = ANY(%(communities)s)
              AND (s.working_summary ~* %(names)s OR s.final_summary ~* %(names)s)
            RETURNING s.id
            """,  # noqa: S608 - constants only
            {"communities": sorted(community_ids), **names_redaction_params(names)},
        )
    )


def messages_names_redact(*, names: list[str], community_ids: Collection[int]) -> list[int]:
    """Redact ``names`` from the messages of ``community_ids``; the ids of the messages changed
    (their recall entries are to be read again: ``recall_lines_reread``)."""
    return returning_ids(
        f"""
        UPDATE chat_message AS m
        SET content = {names_replaced_sql("m.content", 4000)}
        FROM chat_channel AS c
        WHERE m.channel_id = c.id AND c.community_id = ANY(%(communities)s) AND m.content ~* %(names)s
        RETURNING m.id
        """,  # noqa: S608 - constants only
        {"communities": sorted(community_ids), **names_redaction_params(names)},
    )
