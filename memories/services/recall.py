"""Recall over the conversation itself (PRODUCT.md §4.2 7b): the only writer of ``RecallEntry``.

Every line a person wrote in a community becomes searchable by the ranking memories use, so
that what extraction did not keep is still found: the worker indexes a window's lines when it
takes the window (whatever ``extraction_rate`` says, and before the LLM is asked, so a window
whose extraction fails is recalled too), and ``manage.py recall_index`` indexes what was stored
before. Never a persona's or bot's line, never one said with memory off (the on/off intervals,
``chat.selectors.messages_said_with_memory_off``).

Taking lines out: forget deletes the person's entries in the community (and forget keeps every
earlier line off, so none comes back); a person may take any of their lines out, and a memory
they or a moderator delete or correct takes its source lines with it. Those stay as tombstones
(no vector, no words), so a window extracted again does not bring them back. A deleted message
takes its entry with it (the foreign key cascades); erasure deletes the person's entries.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Community, User
from chat.models import Channel, ChannelKind, Message, MessageRole
from chat.selectors import messages_said_with_memory_off
from memories.models import Memory, RecallEntry
from memories.selectors.ranking import vector_literal
from memoryhub.ai.embeddings import Embedder, embedder_get

_INSERT_SQL = """
INSERT INTO memories_recallentry
    (community_id, user_id, message_id, answered_id, said_at, private, embedding, embedding_model, search_vector,
     created_at)
SELECT %(community)s, m.author_id, m.id, wanted.answered, m.created_at, wanted.private, wanted.vector::vector,
       %(model)s, to_tsvector('english', m.content), now()
FROM unnest(%(messages)s::bigint[], %(answered)s::bigint[], %(private)s::boolean[], %(vectors)s::text[])
     AS wanted(message, answered, private, vector)
JOIN chat_message AS m ON m.id = wanted.message
ON CONFLICT (message_id) DO NOTHING
"""  # a tombstone, or an entry another worker wrote meanwhile, stays as it is


def _answered(line: Message, before: Message | None, off: set[int]) -> int | None:
    """The line ``line`` answered: the one just before it, when someone else asked a question there."""
    if before is None or before.pk in off or before.author_id == line.author_id or "?" not in before.content:
        return None
    return before.pk


@transaction.atomic
def recall_index_messages(*, messages: Sequence[Message], embedder: Embedder | None = None) -> int:
    """Make the people's lines among ``messages`` (one channel's, in order) searchable; returns how
    many entries were written. Lines said with memory off, and lines already indexed or taken out,
    are left alone: running it twice writes nothing twice."""
    if not messages:
        return 0
    ordered = sorted(messages, key=lambda m: (m.created_at, m.pk))
    channels = {pk: (community, kind) for pk, community, kind in _channel_rows({m.channel_id for m in ordered})}
    by_community: dict[int, list[Message]] = defaultdict(list)
    for message in ordered:
        by_community[channels[message.channel_id][0]].append(message)
    written = 0
    for community_id, lines in by_community.items():
        off = messages_said_with_memory_off(community_id=community_id, messages=lines)
        indexed = set(
            RecallEntry.objects.filter(message_id__in=[m.pk for m in lines]).values_list("message_id", flat=True)
        )
        wanted: list[tuple[Message, int | None]] = []
        previous: dict[int, Message] = {}  # the line before, per channel
        for message in lines:
            before = previous.get(message.channel_id)
            previous[message.channel_id] = message
            if (
                message.role == MessageRole.USER
                and message.author_id is not None
                and message.pk not in off
                and message.pk not in indexed
                and message.content.strip()
            ):
                wanted.append((message, _answered(message, before, off)))
        if not wanted:
            continue
        embedder = embedder or embedder_get()
        vectors = embedder.embed([m.content for m, _ in wanted]).tolist()
        with connection.cursor() as cursor:
            cursor.execute(
                _INSERT_SQL,
                {
                    "community": community_id,
                    "model": embedder.model_name,
                    "messages": [m.pk for m, _ in wanted],
                    "answered": [answered for _, answered in wanted],
                    "private": [channels[m.channel_id][1] == ChannelKind.WEB for m, _ in wanted],
                    "vectors": [vector_literal(vector) for vector in vectors],
                },
            )
            written += cursor.rowcount
    return written


def _channel_rows(channel_ids: Iterable[int]) -> list[tuple[int, int, str]]:
    return list(Channel.objects.filter(pk__in=list(channel_ids)).values_list("pk", "community_id", "kind"))


def recall_forget(*, community: Community, user: User) -> int:
    """Forget me: every entry of the person in the community goes (part of ``user_forget``)."""
    deleted, _ = RecallEntry.objects.filter(community=community, user=user).delete()
    return deleted


def _tombstone(entries: QuerySet[RecallEntry]) -> int:
    return entries.filter(removed_at__isnull=True).update(
        removed_at=timezone.now(), embedding=None, embedding_model="", search_vector=None
    )


def recall_line_remove(*, user: User, message_id: int) -> int:
    """The person takes one of their own lines out of recall (the chat's "why" panel, /me/);
    another person's line is not theirs to take out (0)."""
    return _tombstone(RecallEntry.objects.filter(user=user, message_id=message_id))


def recall_sources_remove(*, memories: QuerySet[Memory]) -> int:
    """The lines ``memories`` came from leave recall: a memory deleted or corrected by a person or a
    moderator must not come back word for word from the line it was made of."""
    sources = Memory.source_messages.through.objects.filter(memory__in=memories.values("pk"))
    return _tombstone(RecallEntry.objects.filter(message_id__in=sources.values("message_id")))


def recall_line_changed(*, message_id: int) -> None:
    """The platform edited the line: its entry goes, and the window the line joins again indexes
    what it says now. A line taken out of recall stays out (its tombstone is kept)."""
    RecallEntry.objects.filter(message_id=message_id, removed_at__isnull=True).delete()


def recall_lines_reread(*, message_ids: Sequence[int]) -> int:
    """Lines whose text was redacted (an erasure of someone they named): their words are read
    again and their vector, which still encodes the old text, is cleared (``manage.py
    recall_index`` embeds them again)."""
    if not message_ids:
        return 0
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_recallentry AS e
            SET search_vector = to_tsvector('english', m.content), embedding = NULL, embedding_model = ''
            FROM chat_message AS m
            WHERE m.id = e.message_id AND e.message_id = ANY(%s) AND e.removed_at IS NULL
            """,
            [list(message_ids)],
        )
        return cursor.rowcount


def recall_index_stored(
    *,
    community: Community | None = None,
    batch_size: int = 256,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Index every stored line not indexed yet (messages from before recall, or of chats whose
    persona extracts without windows), channel by channel in time order; then embed again the
    entries without a vector of the active model (after a redaction or a model change). Returns
    how many entries were written or re-embedded. Safe to stop and run again."""
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    embedder = embedder_get()
    channels = Channel.objects.order_by("pk")
    if community is not None:
        channels = channels.filter(community=community)
    messages = Message.objects.filter(channel__in=channels)
    total, done, written = messages.count(), 0, 0
    if progress is not None:
        progress(done, total)
    for channel_id in channels.values_list("pk", flat=True):
        before: list[Message] = []  # the last line of the batch before: a question the next may answer
        after: tuple[Any, int] | None = None
        while True:
            batch = messages.filter(channel_id=channel_id).order_by("created_at", "pk")
            if after is not None:
                batch = batch.filter(Q(created_at__gt=after[0]) | Q(created_at=after[0], pk__gt=after[1]))
            lines = list(
                batch.only("id", "channel_id", "author_id", "role", "content", "created_at", "reply_to_id")[:batch_size]
            )
            if not lines:
                break
            written += recall_index_messages(messages=before + lines, embedder=embedder)
            before, after = lines[-1:], (lines[-1].created_at, lines[-1].pk)
            done += len(lines)
            if progress is not None:
                progress(done, total)
    return written + _recall_embeddings_rebuild(community=community, embedder=embedder, batch_size=batch_size)


def _recall_embeddings_rebuild(*, community: Community | None, embedder: Embedder, batch_size: int) -> int:
    entries = RecallEntry.objects.filter(removed_at__isnull=True).exclude(embedding_model=embedder.model_name)
    if community is not None:
        entries = entries.filter(community=community)
    rebuilt, last_id = 0, 0
    while batch := list(
        entries.filter(pk__gt=last_id).order_by("pk").values_list("pk", "message__content")[:batch_size]
    ):
        last_id = batch[-1][0]
        vectors = embedder.embed([content for _, content in batch]).tolist()
        with connection.cursor() as cursor:
            cursor.execute(
                """
                UPDATE memories_recallentry AS e SET embedding = wanted.vector::vector, embedding_model = %(model)s
                FROM unnest(%(ids)s::bigint[], %(vectors)s::text[]) AS wanted(id, vector)
                WHERE e.id = wanted.id AND e.removed_at IS NULL
                """,
                {
                    "model": embedder.model_name,
                    "ids": [pk for pk, _ in batch],
                    "vectors": [vector_literal(v) for v in vectors],
                },
            )
            rebuilt += cursor.rowcount
    return rebuilt
