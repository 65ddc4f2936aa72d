"""Messages posted by bots (``POST /api/v1/messages``): one or a batch, idempotent, all or nothing.

Unknown channels and people are created in the key's community on first sight. A message whose
bot id was seen before in its channel is not stored again, so a bot may safely retry a batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from django.db import IntegrityError, connection, transaction
from django.db.models import Model
from django.utils import timezone

from accounts.models import Community, ExternalIdentity, MemoryOffInterval
from accounts.selectors import MemoryOffHistory, memory_off_history_from
from accounts.services import identities_resolve_bulk
from chat.models import Channel, ChannelKind, ConversationWindow, Message, MessageRole
from chat.windows import windows_messages_add
from core.fastpath.sql import prepared_cursor
from core.text import text_clean

MAX_BATCH = 500
MAX_FUTURE = timedelta(minutes=5)  # clocks drift; a message from further ahead is a bot's bug


@dataclass(frozen=True)
class IngestItem:
    channel: str  # the bot's channel id
    content: str
    sent_at: datetime
    author: str | None = None  # the person's platform id; None for the bot's own messages
    author_name: str = ""
    channel_name: str = ""
    message_id: str | None = None  # the bot's message id: retries with it never duplicate
    role: str = MessageRole.USER


@dataclass(frozen=True)
class IngestResult:
    messages: list[Message]  # in the order of the items; duplicates are the stored originals
    duplicates: int
    windows: list[ConversationWindow]
    # The items' indexes said while their author's memory (or the community's) was off: stored
    # for the conversation, never remembered.
    memory_off: list[int]


@dataclass(frozen=True)
class _Known:
    """What the database already holds of a batch, read by one statement (``_known``)."""

    channels: dict[str, Channel]  # by the bot's channel id
    identities: dict[str, ExternalIdentity]  # by the person's platform id
    messages: dict[tuple[int, str], Message]  # by (channel pk, the bot's message id)
    memory_off: MemoryOffHistory


_KNOWN_SQL = """
SELECT 'channel', c.id, c.external_id, NULL::text, NULL::bigint, NULL::bigint, NULL::timestamptz, NULL::timestamptz
  FROM (SELECT id, external_id FROM {channel}
        WHERE community_id = %(community)s AND external_id = ANY(%(channels)s) ORDER BY id FOR NO KEY UPDATE) c
UNION ALL
SELECT 'person', i.id, i.external_id, i.display_name, i.user_id, NULL::bigint, NULL::timestamptz, NULL::timestamptz
  FROM {identity} i WHERE i.community_id = %(community)s AND i.external_id = ANY(%(people)s)
UNION ALL
SELECT 'off', o.id, NULL::text, NULL::text, o.user_id, NULL::bigint, o.started_at, o.ended_at
  FROM {interval} o
  WHERE o.community_id = %(community)s AND (o.ended_at IS NULL OR o.ended_at > %(earliest)s)
    AND (o.user_id IS NULL OR o.user_id IN (
        SELECT user_id FROM {identity} WHERE community_id = %(community)s AND external_id = ANY(%(people)s)))
UNION ALL
SELECT 'message', m.id, m.external_id, NULL::text, m.channel_id, m.window_id, NULL::timestamptz, NULL::timestamptz
  FROM unnest(%(id_channels)s::text[], %(ids)s::text[]) AS wanted(channel, external_id)
  JOIN {channel} c ON c.community_id = %(community)s AND c.external_id = wanted.channel
  CROSS JOIN LATERAL (
      SELECT id, external_id, channel_id, window_id FROM {message}
      WHERE channel_id = c.id AND external_id = wanted.external_id
      LIMIT 1  -- the pair is unique; the LIMIT keeps the planner from merging this into a join
  ) m
"""
# Memory's off intervals (accounts.selectors.MemoryOffHistory) that bear on the batch: the
# community's and its known authors' that had not ended before its first message.
# The channels are locked here, in id order as every writer of windows locks them, for the
# windows the batch joins (``windows_messages_add``): one round trip fewer than a lock of their
# own. Stored messages: each (channel, id) pair of the batch is one probe of the unique index,
# however many messages the channel holds. As a plain join, a channel the statistics had not seen
# yet (created since the last ANALYZE) made the planner read all of a busy channel's messages (70
# ms for 50,000).


M = TypeVar("M", bound=Model)


def _partial(model: type[M], **values: Any) -> M:
    """An instance as loaded from the database with only these fields; the others are deferred."""
    fields = [field.attname for field in model._meta.concrete_fields if field.attname in values]
    return model.from_db(None, fields, [values[name] for name in fields])


def _known_statement(community: Community, items: Sequence[IngestItem]) -> tuple[str, dict[str, Any]]:
    statement = _KNOWN_SQL.format(
        channel=Channel._meta.db_table,
        identity=ExternalIdentity._meta.db_table,
        interval=MemoryOffInterval._meta.db_table,
        message=Message._meta.db_table,
    )
    params: dict[str, Any] = {
        "community": community.pk,
        "earliest": min(item.sent_at for item in items),
        "channels": sorted({item.channel for item in items}),
        "people": sorted({item.author for item in items if item.author is not None}),
    }
    pairs = sorted({(item.channel, item.message_id) for item in items if item.message_id is not None})
    params["id_channels"] = [channel for channel, _ in pairs]
    params["ids"] = [message_id for _, message_id in pairs]
    return statement, params


def ingest_read_explain(*, community: Community, items: Sequence[IngestItem]) -> str:
    """The plan of the one read a batch costs (for tests and operators)."""
    statement, params = _known_statement(community, items)
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN " + statement, params)
        return "\n".join(row[0] for row in cursor.fetchall())


def _known(community: Community, items: Sequence[IngestItem]) -> _Known:
    """The batch's channels (locked), people and already stored messages in one round trip.

    Rows come back with only the columns ingest needs; any other field is deferred, so reading
    one later loads it rather than giving a wrong value.
    """
    statement, params = _known_statement(community, items)
    known = _Known(channels={}, identities={}, messages={}, memory_off=MemoryOffHistory())
    off_rows = []
    with prepared_cursor() as cursor:
        cursor.execute(statement, params)
        for kind, pk, external_id, display_name, owner, window, started_at, ended_at in cursor.fetchall():
            if kind == "off":
                off_rows.append((owner, started_at, ended_at))
            elif kind == "channel":
                channel = _partial(Channel, id=pk, external_id=external_id, community_id=community.pk)
                channel.community = community  # its window settings, as the key's read loaded them
                known.channels[external_id] = channel
            elif kind == "person":
                known.identities[external_id] = _partial(
                    ExternalIdentity,
                    id=pk,
                    external_id=external_id,
                    display_name=display_name,
                    user_id=owner,
                    community_id=community.pk,
                )
            else:
                known.messages[(owner, external_id)] = _partial(
                    Message, id=pk, external_id=external_id, channel_id=owner, window_id=window
                )
    return replace(known, memory_off=memory_off_history_from(off_rows)) if off_rows else known


def _channels(community: Community, items: Sequence[IngestItem], found: dict[str, Channel]) -> dict[str, Channel]:
    wanted = {item.channel: item.channel_name for item in items}
    missing = [
        Channel(community=community, kind=ChannelKind.EXTERNAL, external_id=cid, name=(name or cid)[:200])
        for cid, name in wanted.items()
        if cid not in found
    ]
    for channel in Channel.objects.bulk_create(missing):
        found[channel.external_id or ""] = channel
    return found


def _people(
    community: Community, items: Sequence[IngestItem], identities: dict[str, ExternalIdentity]
) -> dict[str, int]:
    """The user id of every author, creating the people seen for the first time."""
    wanted = {item.author: item.author_name for item in items if item.author is not None}
    return identities_resolve_bulk(community=community, wanted=wanted, identities=identities)


def _ingest(community: Community, items: Sequence[IngestItem], *, whole: bool) -> IngestResult:
    known = _known(community, items)
    channels = _channels(community, items, known.channels)
    people = _people(community, items, known.identities)
    seen = known.messages
    result: list[Message] = []
    new: list[Message] = []
    for item in items:
        channel = channels[item.channel]
        key = (channel.pk, item.message_id or "")
        if item.message_id is not None and key in seen:
            result.append(seen[key])
            continue
        message = Message(
            channel=channel,
            content=text_clean(item.content),
            role=item.role,
            author_id=people.get(item.author) if item.author is not None else None,
            created_at=item.sent_at,
            external_id=item.message_id,
        )
        if item.message_id is not None:
            seen[key] = message  # the same id twice in one batch is one message
        new.append(message)
        result.append(message)
    # Inserts them, each in its window. The channels were locked by the read, or made here.
    windows = (
        windows_messages_add(messages=new, channels_locked=list(channels.values()), whole=whole or len(new) > 1)
        if new
        else []
    )
    off = known.memory_off
    memory_off = [
        index
        for index, item in enumerate(items)
        if off.off_at(people.get(item.author) if item.author is not None else None, item.sent_at)
    ]
    return IngestResult(messages=result, duplicates=len(items) - len(new), windows=windows, memory_off=memory_off)


def messages_ingest(*, community: Community, items: Sequence[IngestItem], whole: bool = False) -> IngestResult:
    """Store a validated batch whole. A concurrent identical batch may win a race on the unique
    ids; then this one is simply read back as duplicates on a second try. ``whole``: the lines are
    all there is of their talk (an import), so a window whose talk is over closes at once, as a
    batch's does; a line a bot posts alone waits a moment for the rest of its backlog."""
    if len(items) > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH} messages per batch")
    latest = timezone.now() + MAX_FUTURE
    for index, item in enumerate(items):
        if item.sent_at > latest:
            raise ValueError(f"message {index}: sent_at {item.sent_at.isoformat()} is more than 5 minutes ahead")
    for attempt in range(2):
        try:
            with transaction.atomic():
                return _ingest(community, items, whole=whole)
        except IntegrityError:
            if attempt:
                raise
    raise AssertionError("unreachable")
