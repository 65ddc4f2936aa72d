"""Messages posted by bots (``POST /api/v1/messages``): one or a batch, idempotent, all or nothing.

Unknown channels and people are created in the key's community on first sight. A message whose
bot id was seen before in its channel is not stored again, so a bot may safely retry a batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Community, ExternalIdentity, Membership, Profile, User
from accounts.services import identity_username
from chat.models import Channel, ChannelKind, ConversationWindow, Message, MessageRole
from memories.services.windows import windows_messages_add
from memoryhub.text import text_clean

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


def _channels(community: Community, items: Sequence[IngestItem]) -> dict[str, Channel]:
    wanted = {item.channel: item.channel_name for item in items}
    found: dict[str, Channel] = {
        c.external_id or "": c for c in Channel.objects.filter(community=community, external_id__in=wanted)
    }
    missing = [
        Channel(community=community, kind=ChannelKind.EXTERNAL, external_id=cid, name=(name or cid)[:200])
        for cid, name in wanted.items()
        if cid not in found
    ]
    for channel in Channel.objects.bulk_create(missing):
        found[channel.external_id or ""] = channel
    return found


def _people(community: Community, items: Sequence[IngestItem]) -> dict[str, User]:
    wanted = {item.author: item.author_name for item in items if item.author is not None}
    identities = ExternalIdentity.objects.filter(community=community, external_id__in=wanted).select_related("user")
    found = {identity.external_id: identity.user for identity in identities}
    renamed = [i for i in identities if wanted[i.external_id] and i.display_name != wanted[i.external_id]]
    for identity in renamed:
        identity.display_name = wanted[identity.external_id][:200]
    ExternalIdentity.objects.bulk_update(renamed, ["display_name"])
    new_ids = [pid for pid in wanted if pid not in found]
    if not new_ids:
        return found
    unusable = make_password(None)
    users = User.objects.bulk_create(
        User(
            username=identity_username(community=community, external_id=pid),
            display_name=wanted[pid][:150],
            password=unusable,
        )
        for pid in new_ids
    )
    ExternalIdentity.objects.bulk_create(
        ExternalIdentity(community=community, user=user, external_id=pid, display_name=wanted[pid][:200])
        for pid, user in zip(new_ids, users, strict=True)
    )
    Membership.objects.bulk_create(Membership(community=community, user=user) for user in users)
    Profile.objects.bulk_create(Profile(community=community, user=user) for user in users)
    found.update(zip(new_ids, users, strict=True))
    return found


def _ingest(community: Community, items: Sequence[IngestItem]) -> IngestResult:
    channels = _channels(community, items)
    people = _people(community, items)
    keyed = [(channels[item.channel].pk, item.message_id) for item in items if item.message_id is not None]
    seen = {
        (m.channel_id, m.external_id): m
        for m in Message.objects.filter(channel_id__in={c for c, _ in keyed}, external_id__in={mid for _, mid in keyed})
    }
    result: list[Message | None] = []
    new: list[Message] = []
    for item in items:
        channel = channels[item.channel]
        key = (channel.pk, item.message_id)
        if item.message_id is not None and key in seen:
            result.append(seen[key])
            continue
        message = Message(
            channel=channel,
            content=text_clean(item.content),
            role=item.role,
            author=people.get(item.author) if item.author is not None else None,
            created_at=item.sent_at,
            external_id=item.message_id,
        )
        if item.message_id is not None:
            seen[key] = message  # the same id twice in one batch is one message
        new.append(message)
        result.append(message)
    windows = windows_messages_add(messages=new) if new else []  # sets each message's window
    Message.objects.bulk_create(new)
    stored = [m for m in result if m is not None]
    return IngestResult(messages=stored, duplicates=len(items) - len(new), windows=windows)


def messages_ingest(*, community: Community, items: Sequence[IngestItem]) -> IngestResult:
    """Store a validated batch whole. A concurrent identical batch may win a race on the unique
    ids; then this one is simply read back as duplicates on a second try."""
    if len(items) > MAX_BATCH:
        raise ValueError(f"at most {MAX_BATCH} messages per batch")
    latest = timezone.now() + MAX_FUTURE
    for index, item in enumerate(items):
        if item.sent_at > latest:
            raise ValueError(f"message {index}: sent_at {item.sent_at.isoformat()} is more than 5 minutes ahead")
    for attempt in range(2):
        try:
            with transaction.atomic():
                return _ingest(community, items)
        except IntegrityError:
            if attempt:
                raise
    raise AssertionError("unreachable")
