"""The bot API's operations, once for both clients (``_operations.py`` says how).

Names are ``<thing>_<action>``, as the server's own. Each method's docstring is what a bot
author sees in ``help(hub.memory_create)``; docs/api.md has the rules behind them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal

from memoryhub_client._operations import Pages, Streamed, deletion, listing, operation
from memoryhub_client._wire import Params
from memoryhub_client.models import (
    ChatReply,
    Context,
    DeletedMessage,
    EditedMessage,
    Entity,
    EntityType,
    Erasure,
    Expiration,
    Forgotten,
    History,
    Ingested,
    Memory,
    MemoryKind,
    MemorySource,
    NewMemorySource,
    NewMessage,
    Profile,
    Remembered,
    Role,
    SearchResults,
    Session,
    Window,
    WindowState,
)


class Api:
    # --- Messages ---------------------------------------------------------------------------

    @operation("POST", "/messages", Ingested)
    def message_post(
        self,
        *,
        channel: str,
        content: str,
        author: str | None = None,
        author_name: str | None = None,
        channel_name: str | None = None,
        sent_at: datetime | None = None,
        message_id: str | None = None,
        role: Role | None = None,
    ) -> Params:
        """Post one message the bot saw (see ``NewMessage``). Unknown channels and people are
        created; a ``message_id`` posted before is not stored again."""
        message = NewMessage(
            channel=channel,
            content=content,
            author=author,
            author_name=author_name,
            channel_name=channel_name,
            sent_at=sent_at,
            message_id=message_id,
            role=role,
        )
        return Params(body=message)

    @operation("POST", "/messages", Ingested)
    def messages_post(self, messages: Sequence[NewMessage]) -> Params:
        """Post up to 500 messages, stored all or none: an invalid one raises
        ``InvalidRequestError`` with code ``invalid_batch`` and its ``index``."""
        return Params(body={"messages": list(messages)})

    @operation("PATCH", "/messages/{channel}/{message_id}", EditedMessage)
    def message_edit(self, channel: str, message_id: str, *, content: str) -> Params:
        """The platform edited a message: its new text (extracted again if its conversation was)."""
        return Params(path={"channel": channel, "message_id": message_id}, body={"content": content})

    @operation("DELETE", "/messages/{channel}/{message_id}", DeletedMessage)
    def message_delete(self, channel: str, message_id: str) -> Params:
        """The platform deleted a message: so are the memories it alone was the source of."""
        return Params(path={"channel": channel, "message_id": message_id})

    # --- Context and chat -------------------------------------------------------------------

    @operation("POST", "/context", Context)
    def context(
        self,
        *,
        user: str,
        query: str,
        channel: str | None = None,
        persona: str | None = None,
        record_access: bool | None = None,
    ) -> Params:
        """The memory block for ``user`` about to be answered on ``query``, with every memory used."""
        body = {"user": user, "query": query, "channel": channel, "persona": persona, "record_access": record_access}
        return Params(body=body)

    @operation("POST", "/chat", ChatReply)
    def chat(
        self,
        *,
        user: str,
        message: str,
        user_name: str | None = None,
        persona: str | None = None,
        channel: str | None = None,
    ) -> Params:
        """A persona's reply to ``user``'s ``message``, with the memories it was given. The
        question and the reply are stored in ``channel`` (default ``api``)."""
        body = {"user": user, "user_name": user_name, "message": message, "persona": persona, "channel": channel}
        return Params(body=body)

    chat_stream = Streamed(
        chat,
        """``chat``, streamed: ``ChatChunk``s as the reply is written, then the ``ChatReply``
        (the chunks joined, with the memories used). The request goes when iteration starts.""",
    )

    # --- Memories ---------------------------------------------------------------------------

    @listing("/memories", Memory)
    def memories_list(
        self,
        *,
        user: str | None = None,
        kind: MemoryKind | None = None,
        source: MemorySource | None = None,
        topic: str | None = None,
        text: str | None = None,
        importance_min: float | None = None,
        importance_max: float | None = None,
        expiring_before: datetime | None = None,
        include_expired: bool | None = None,
        page_size: int | None = None,
        cursor: str | None = None,
    ) -> Params:
        """A page of the community's memories, newest first (``text``: full-text search)."""
        query = {
            "user": user,
            "kind": kind,
            "source": source,
            "topic": topic,
            "text": text,
            "importance_min": importance_min,
            "importance_max": importance_max,
            "expiring_before": expiring_before,
            "include_expired": include_expired,
        }
        return Params(query=query | {"page_size": page_size, "cursor": cursor})

    memories_iterate = Pages(memories_list, "Every memory ``memories_list`` finds, page after page.")

    @operation("GET", "/memories/{id}", Memory)
    def memory_get(self, memory_id: int) -> Params:
        """One memory."""
        return Params(path={"id": memory_id})

    @operation("POST", "/memories", Memory)
    def memory_create(
        self,
        *,
        user: str,
        content: str,
        kind: MemoryKind | None = None,
        topics: Sequence[str] | None = None,
        importance: float | None = None,
        expires_at: datetime | None = None,
        expiration: Expiration | None = None,
        context: str | None = None,
        source: NewMemorySource | None = None,
        said_at: datetime | None = None,
    ) -> Params:
        """Save a memory about ``user`` (a self-contained fact). ``source="import"`` with
        ``said_at`` for memories brought from elsewhere. The words of a live memory of theirs give
        that memory back, and nothing is saved twice."""
        body = {
            "user": user,
            "content": content,
            "kind": kind,
            "topics": topics,
            "importance": importance,
            "expires_at": expires_at,
            "expiration": expiration,
            "context": context,
            "source": source,
            "said_at": said_at,
        }
        return Params(body=body)

    @operation("PATCH", "/memories/{id}", Memory)
    def memory_update(
        self,
        memory_id: int,
        *,
        content: str | None = None,
        kind: MemoryKind | None = None,
        topics: Sequence[str] | None = None,
        importance: float | None = None,
        expires_at: datetime | None = None,
        expiration: Expiration | None = None,
        context: str | None = None,
    ) -> Params:
        """Change what is given; ``expiration="permanent"`` makes a memory permanent again."""
        body = {
            "content": content,
            "kind": kind,
            "topics": topics,
            "importance": importance,
            "expires_at": expires_at,
            "expiration": expiration,
            "context": context,
        }
        return Params(path={"id": memory_id}, body=body)

    @deletion("/memories/{id}")
    def memory_delete(self, memory_id: int) -> Params:
        """Delete a memory (its history stays)."""
        return Params(path={"id": memory_id})

    @operation("POST", "/memories/search", SearchResults)
    def memories_search(
        self,
        query: str,
        *,
        user: str | None = None,
        limit: int | None = None,
        min_similarity: float | None = None,
        record_access: bool | None = None,
    ) -> Params:
        """Memories like ``query``: a person's (``user``), ranked as the context ranks them, or
        the whole community's by similarity."""
        body = {
            "query": query,
            "user": user,
            "limit": limit,
            "min_similarity": min_similarity,
            "record_access": record_access,
        }
        return Params(body=body)

    @operation("GET", "/memories/{id}/history", History)
    def memory_history(self, memory_id: int) -> Params:
        """Every change to a memory, oldest first, also after it was deleted."""
        return Params(path={"id": memory_id})

    # --- People (any platform id, ``/`` included) -------------------------------------------

    @operation("GET", "/users/{external_id}/profile", Profile)
    def user_profile(self, user: str) -> Params:
        """What is known of a person: their profile and whether their memory is on."""
        return Params(path={"external_id": user})

    @operation("GET", "/users/{external_id}/export", dict)
    def user_export(self, user: str, *, format: Literal["memoryhub", "mem0"] | None = None) -> Params:
        """Everything held about a person, as a JSON document (``format``: ``memoryhub-export/1``);
        with ``format="mem0"``, their live memories as a Mem0 export (``{"results": [...]}``)."""
        return Params(path={"external_id": user}, query={"format": format})

    @operation("POST", "/users/{external_id}/forget", Forgotten)
    def user_forget(self, user: str) -> Params:
        """The person's forget switch: delete what was learned and remember nothing new."""
        return Params(path={"external_id": user})

    @operation("POST", "/users/{external_id}/remember", Remembered)
    def user_remember(self, user: str) -> Params:
        """Turn the person's memory back on."""
        return Params(path={"external_id": user})

    @operation("POST", "/users/{external_id}/erase", Erasure)
    def user_erase(self, user: str) -> Params:
        """Erase the person (asked again: the same tombstone)."""
        return Params(path={"external_id": user})

    # --- What was learned and how -----------------------------------------------------------

    @listing("/entities", Entity)
    def entities_list(
        self,
        *,
        user: str | None = None,
        type: EntityType | None = None,
        name: str | None = None,
        page_size: int | None = None,
        cursor: str | None = None,
    ) -> Params:
        """A page of the people, places and things the community's people mentioned."""
        return Params(query={"user": user, "type": type, "name": name, "page_size": page_size, "cursor": cursor})

    entities_iterate = Pages(entities_list, "Every entity ``entities_list`` finds, page after page.")

    @listing("/sessions", Session)
    def sessions_list(
        self,
        *,
        user: str | None = None,
        open: bool | None = None,
        page_size: int | None = None,
        cursor: str | None = None,
    ) -> Params:
        """A page of chat sessions with personas (``open``: only those not ended)."""
        return Params(query={"user": user, "open": open, "page_size": page_size, "cursor": cursor})

    sessions_iterate = Pages(sessions_list, "Every session ``sessions_list`` finds, page after page.")

    @listing("/windows", Window)
    def windows_list(
        self,
        *,
        channel: str | None = None,
        state: WindowState | None = None,
        page_size: int | None = None,
        cursor: str | None = None,
    ) -> Params:
        """A page of conversation windows (the messages extracted together)."""
        return Params(query={"channel": channel, "state": state, "page_size": page_size, "cursor": cursor})

    windows_iterate = Pages(windows_list, "Every window ``windows_list`` finds, page after page.")

    @operation("GET", "/windows/{id}", Window)
    def window_get(self, window_id: int) -> Params:
        """One window."""
        return Params(path={"id": window_id})

    @operation("POST", "/windows/{id}/close", Window)
    def window_close(self, window_id: int) -> Params:
        """Close an open window now: its conversation is extracted (``ConflictError`` ``not_open``
        if it was closed already)."""
        return Params(path={"id": window_id})

    @operation("POST", "/windows/{id}/retry", Window)
    def window_retry(self, window_id: int) -> Params:
        """Extract a failed window again."""
        return Params(path={"id": window_id})
