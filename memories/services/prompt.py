"""The prompt around the memory block: the persona's injection mode, and the recent talk that fills
what the context window leaves (a browser chat's session, or a bot's channel with every speaker
named). Used by context assembly (``memories.services.context``)."""

from __future__ import annotations

from dataclasses import dataclass

from chat.models import Channel, ChannelKind, ChatSession, Persona, PersonaInjectionMode
from chat.selectors import RecentMessage, messages_recent
from core.tokens import messages_token_count
from memoryhub.ai.contract import prompt_name

BUFFER_MESSAGES = 50


@dataclass(frozen=True)
class Talk:
    """Where the prompt's recent talk comes from: a channel's (``by_channel``, every speaker's
    lines, named) or a session's; neither when both ids are None."""

    channel_id: int | None
    session_id: int | None

    @property
    def by_channel(self) -> bool:
        return self.channel_id is not None


def talk_of(*, channel: Channel | None, session: ChatSession | None) -> Talk:
    """A bot's channel is a conversation among several people, of which the persona's exchange with
    this person is a part: a persona replying there (``POST /chat``) reads the channel's recent talk,
    each line with who said it, as a bot's ``/context`` gives it. A browser chat is the person's
    own session."""
    if channel is not None and (session is None or channel.kind != ChannelKind.WEB):
        return Talk(channel_id=channel.pk, session_id=None)
    return Talk(channel_id=None, session_id=session.pk if session is not None else None)


def prompt_messages(
    *, persona: Persona, system_prompt: str, block: str, message: str, talk: Talk, person: tuple[int, str] | None
) -> tuple[list[dict[str, str]], int]:
    """The message list in the persona's injection mode, with as much recent talk as fits, and the
    tokens that talk takes. In a
    channel's talk the person's own lines carry the name they go by (``person``: their id and that
    name, as "You are talking with" gives it), though the bot posted them under another."""
    mode = persona.injection_mode
    head = [{"role": "system", "content": system_prompt}]
    tail = [{"role": "user", "content": message}]
    if block and mode == PersonaInjectionMode.SYSTEM_APPEND:
        head = [{"role": "system", "content": f"{system_prompt}\n\n{block}"}]
    elif block and mode == PersonaInjectionMode.CONTEXT_MESSAGE:
        tail = [{"role": "system", "content": block}, *tail]
    elif block and mode == PersonaInjectionMode.USER_PREFIX:
        tail = [{"role": "user", "content": f"{block}\n\n{message}"}]
    room = persona.context_window_tokens - persona.reply_reserve_tokens - messages_token_count(head + tail)
    history: list[RecentMessage] = []
    if talk.channel_id is not None:
        history = messages_recent(channel_id=talk.channel_id, limit=BUFFER_MESSAGES)
    elif talk.session_id is not None:
        history = messages_recent(session_id=talk.session_id, limit=BUFFER_MESSAGES)
    if history and history[0].content == message and history[0].role == "user":
        history = history[1:]  # the message being answered is already stored: it is the tail
    buffer: list[dict[str, str]] = []
    for earlier in history:
        content, role = earlier.content, earlier.role
        own_reply = earlier.persona_id is not None and earlier.persona_id == persona.pk  # its turn, unnamed
        if talk.by_channel and earlier.author_name and not own_reply:  # a channel: say who said it
            said_by = person[1] if person is not None and person[1] and earlier.author_id == person[0] else ""
            content = f"{prompt_name(said_by or earlier.author_name)}: {content}"
            role = "user" if earlier.persona_id is not None else role  # another persona's reply is not its own
        entry = {"role": role, "content": content}
        cost = messages_token_count([entry]) - 3  # framing of the whole list is counted once
        if cost > room:
            break
        room -= cost
        buffer.insert(0, entry)
    return head + buffer + tail, messages_token_count(buffer) if buffer else 0
