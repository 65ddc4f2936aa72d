"""Recall over the conversation itself: the only writer of ``RecallEntry``.

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
takes its entry with it; erasure deletes the person's entries.

Ranking reads a person's lines from their packs (``RecallPack``): every function here that writes
entries brings the packs of the people it touched in step, in the same transaction
(``_packs_refresh``), one person at a time under an advisory lock, so two workers indexing the
same person's lines do not lose each other's.
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
from memories.models import RECALL_PACK_LINES, Memory, RecallEntry, RecallPack
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
RETURNING community_id, user_id, id
"""  # a tombstone, or an entry another worker wrote meanwhile, stays as it is

# What a pack holds of each of its entries, as (pack column, entry expression), in one order.
_PACK_PARTS = (
    ("entry_ids", "e.id"),
    ("message_ids", "e.message_id"),
    ("said_ats", "e.said_at"),
    ("private", "e.private"),
    ("embeddings", "e.embedding"),
    ("embedding_models", "e.embedding_model"),
    ("search_vectors", "e.search_vector"),
)
_PACK_COLUMNS = ", ".join(column for column, _ in _PACK_PARTS)
_PACK_AGGREGATES = ", ".join(f"array_agg({part} ORDER BY e.said_at, e.id)" for _, part in _PACK_PARTS)

# One pack written again from the live entries among %(entries)s (none: nothing is written).
_PACK_WRITE_SQL = f"""
INSERT INTO memories_recallpack (community_id, user_id, segment, {_PACK_COLUMNS})
SELECT %(community)s, %(user)s, %(segment)s, {_PACK_AGGREGATES}
FROM memories_recallentry AS e
WHERE e.id = ANY(%(entries)s::bigint[]) AND e.community_id = %(community)s AND e.user_id = %(user)s
  AND e.removed_at IS NULL
HAVING count(*) > 0
ON CONFLICT (community_id, user_id, segment) DO UPDATE
SET {", ".join(f"{column} = EXCLUDED.{column}" for column, _ in _PACK_PARTS)}
"""  # noqa: S608 - constants of this module, values passed as parameters

# Every person's packs made from their live entries ({where}: of one community, or all): the
# packs are derived, so this is how they are built for entries written before packs, or by bulk
# loads.
_PACKS_BUILD_SQL = f"""
INSERT INTO memories_recallpack (community_id, user_id, segment, {_PACK_COLUMNS})
SELECT e.community_id, e.user_id, e.segment, {_PACK_AGGREGATES}
FROM (SELECT e.*, ((row_number() OVER (PARTITION BY e.community_id, e.user_id ORDER BY e.said_at, e.id) - 1)
                   / {RECALL_PACK_LINES})::int AS segment
      FROM memories_recallentry AS e
      WHERE e.removed_at IS NULL {{where}}) AS e
GROUP BY e.community_id, e.user_id, e.segment
"""  # noqa: S608 - constants of this module, values passed as parameters


def _packs_refresh(changed: Iterable[tuple[int, int, int]]) -> None:
    """Bring in step the packs of the entries ``changed`` ((community, user, entry id) each: written,
    re-embedded, taken out or deleted). A pack holding one of them is written again from its live
    entries (or goes, when none is left); an entry in no pack joins the person's last pack while it
    has room, then new ones. Runs inside the caller's transaction."""
    by_person: dict[tuple[int, int], set[int]] = defaultdict(set)
    for community_id, user_id, entry_id in changed:
        by_person[community_id, user_id].add(entry_id)
    if not by_person:
        return
    with connection.cursor() as cursor:
        # Writers share this lock; a rebuild of every pack (recall_packs_build) excludes them, so a
        # refresh waits for it and then reads the packs it made, never the ones it replaced.
        cursor.execute("LOCK TABLE memories_recallpack IN ROW EXCLUSIVE MODE")
        for (community_id, user_id), entry_ids in sorted(by_person.items()):  # one order: no deadlock
            person = {"community": community_id, "user": user_id}
            cursor.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))",
                [f"memories.recallpack {community_id} {user_id}"],
            )
            cursor.execute(
                "SELECT segment, entry_ids FROM memories_recallpack"
                " WHERE community_id = %(community)s AND user_id = %(user)s",
                person,
            )
            packs: dict[int, list[int]] = dict(cursor.fetchall())
            segment_of = {entry: segment for segment, entries in packs.items() for entry in entries}
            plan = {segment_of[entry]: packs[segment_of[entry]] for entry in entry_ids if entry in segment_of}
            new = sorted(entry_ids - segment_of.keys())
            last = max(packs, default=-1)
            if new and last >= 0 and len(packs[last]) < RECALL_PACK_LINES:
                room = RECALL_PACK_LINES - len(packs[last])
                plan[last] = [*packs[last], *new[:room]]
                new = new[room:]
            for start in range(0, len(new), RECALL_PACK_LINES):
                last += 1
                plan[last] = new[start : start + RECALL_PACK_LINES]
            for segment, entries in sorted(plan.items()):
                cursor.execute(_PACK_WRITE_SQL, {**person, "segment": segment, "entries": entries})
                if cursor.rowcount == 0:
                    RecallPack.objects.filter(community_id=community_id, user_id=user_id, segment=segment).delete()


@transaction.atomic
def recall_packs_build(*, community: Community | None = None) -> int:
    """Make every person's packs again from their live entries (of ``community``, or everywhere);
    returns how many packs there are now. For entries loaded in bulk, and ``manage.py recall_index``.
    Workers indexing lines meanwhile wait for it (``_packs_refresh``)."""
    with connection.cursor() as cursor:
        cursor.execute("LOCK TABLE memories_recallpack IN SHARE ROW EXCLUSIVE MODE")
    packs = RecallPack.objects.all() if community is None else RecallPack.objects.filter(community=community)
    packs.delete()
    with connection.cursor() as cursor:
        if community is None:
            cursor.execute(_PACKS_BUILD_SQL.format(where=""))
        else:  # through the (community, person) index: one community's rows, not the whole table
            cursor.execute(_PACKS_BUILD_SQL.format(where="AND e.community_id = %s"), [community.pk])
        return cursor.rowcount


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
            RecallEntry.objects.filter(community_id=community_id, message_id__in=[m.pk for m in lines]).values_list(
                "message_id", flat=True
            )
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
            entries = cursor.fetchall()
        _packs_refresh(entries)
        written += len(entries)
    return written


def _channel_rows(channel_ids: Iterable[int]) -> list[tuple[int, int, str]]:
    return list(Channel.objects.filter(pk__in=list(channel_ids)).values_list("pk", "community_id", "kind"))


@transaction.atomic
def recall_forget(*, community: Community, user: User) -> int:
    """Forget me: every entry of the person in the community goes (part of ``user_forget``), and
    their questions leave the excerpts of others' lines that answered them (forget forgets what
    was said before it)."""
    RecallPack.objects.filter(community=community, user=user).delete()
    deleted, _ = RecallEntry.objects.filter(community=community, user=user).delete()
    RecallEntry.objects.filter(community=community, answered__author=user).update(answered=None)
    return deleted


def _live(entries: QuerySet[RecallEntry]) -> list[tuple[int, int, int]]:
    """The live ones among ``entries``, locked, as ``_packs_refresh`` takes them."""
    return list(
        entries.filter(removed_at__isnull=True)
        .select_for_update(of=("self",))
        .order_by("pk")
        .values_list("community_id", "user_id", "pk")
    )


@transaction.atomic
def _tombstone(entries: QuerySet[RecallEntry]) -> int:
    live = _live(entries)
    RecallEntry.objects.filter(pk__in=[pk for _, _, pk in live]).update(
        removed_at=timezone.now(), embedding=None, embedding_model="", search_vector=None
    )
    _packs_refresh(live)
    return len(live)


def recall_line_remove(*, user: User, message_id: int) -> int:
    """The person takes one of their own lines out of recall (the chat's "why" panel, /me/);
    another person's line is not theirs to take out (0)."""
    return _tombstone(RecallEntry.objects.filter(user=user, message_id=message_id))


def recall_sources_remove(*, memories: QuerySet[Memory]) -> int:
    """The lines ``memories`` came from leave recall: a memory deleted or corrected by a person or a
    moderator must not come back word for word from the line it was made of."""
    sources = Memory.source_messages.through.objects.filter(memory__in=memories.values("pk"))
    return _tombstone(RecallEntry.objects.filter(message_id__in=sources.values("message_id")))


@transaction.atomic
def recall_line_changed(*, message_id: int) -> None:
    """The platform edited or deleted the line: its entry goes (an edited line's window indexes
    what it says now). A line taken out of recall stays out (its tombstone is kept)."""
    live = _live(RecallEntry.objects.filter(message_id=message_id))
    RecallEntry.objects.filter(pk__in=[pk for _, _, pk in live]).delete()
    _packs_refresh(live)


@transaction.atomic
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
            RETURNING e.community_id, e.user_id, e.id
            """,
            [list(message_ids)],
        )
        changed = cursor.fetchall()
    _packs_refresh(changed)
    return len(changed)


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
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                """
                UPDATE memories_recallentry AS e SET embedding = wanted.vector::vector, embedding_model = %(model)s
                FROM unnest(%(ids)s::bigint[], %(vectors)s::text[]) AS wanted(id, vector)
                WHERE e.id = wanted.id AND e.removed_at IS NULL
                RETURNING e.community_id, e.user_id, e.id
                """,
                {
                    "model": embedder.model_name,
                    "ids": [pk for pk, _ in batch],
                    "vectors": [vector_literal(v) for v in vectors],
                },
            )
            changed = cursor.fetchall()
            _packs_refresh(changed)
        rebuilt += len(changed)
    return rebuilt
