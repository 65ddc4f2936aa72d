"""What a community moderator may see: every read starts from the communities they moderate.

A moderator of community A reaches nothing of community B, by page, fragment, form post or
guessed id: each getter below raises 404 outside the moderator's communities.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import TruncDate
from django.http import Http404
from django.utils.dateparse import parse_datetime

from accounts.models import (
    MODERATING_ROLES,
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Profile,
    User,
)
from chat.models import (
    Channel,
    ChatSession,
    ConversationWindow,
    ConversationWindowState,
    Message,
    MessageRole,
    Persona,
    web_channel_owner,
)
from chat.selectors import window_oldest_waiting_since
from memories.models import Entity, ImportanceNow, Memory, MemoryRevision, RecallEntry
from memories.models import MemoryRevisionAction as Action
from memories.selectors.mine import NO_PERSONA


def communities_moderated(*, user: User) -> QuerySet[Community]:
    """The communities where ``user`` holds the moderator (or admin) role."""
    return Community.objects.filter(memberships__user=user, memberships__role__in=MODERATING_ROLES).order_by(
        "name", "pk"
    )


def community_get_for_moderator(*, user: User, pk: int) -> Community:
    community = communities_moderated(user=user).filter(pk=pk).first()
    if community is None:
        raise Http404("No such community that you moderate.")
    return community


def memory_get_for_moderator(*, user: User, pk: int) -> Memory:
    memory = (
        Memory.objects.filter(pk=pk, community__in=communities_moderated(user=user))
        .select_related("community", "user", "persona", "reported_by")
        .defer("embedding", "search_vector")
        .first()
    )
    if memory is None:
        raise Http404("No such memory in a community you moderate.")
    return memory


@dataclass(frozen=True)
class MemoryFilters:
    """A moderator's filters of a community's memories (all optional)."""

    person: str = ""  # a platform id, or part of a name
    text: str = ""  # full text (any form of a word) or part of the content
    kind: str = ""
    topic: str = ""
    source: str = ""
    importance_min: float | None = None
    importance_max: float | None = None
    expiring_within_days: int | None = None
    permanent_only: bool = False
    persona: str = ""  # a persona's id, or NO_PERSONA for memories every persona may use
    channel: int | None = None  # a channel's id: memories made from what was said there
    reported_by: str = ""  # a platform id, or part of a name, of who said it about the person
    created_from: date | None = None
    created_to: date | None = None  # inclusive


def _person_q(field: str, community: Community, text: str) -> Q:
    """``field`` (a person) is the one with platform id ``text``, or whose name holds it."""
    people = ExternalIdentity.objects.filter(community=community).filter(
        Q(external_id=text) | Q(display_name__icontains=text)
    )
    return (
        Q(**{f"{field}__in": people.values("user")})
        | Q(**{f"{field}__username__iexact": text})
        | Q(**{f"{field}__display_name__icontains": text})
    )


MEMORY_SORTS = {
    "newest": "Newest first",
    "oldest": "Oldest first",
    "importance": "Most important first",
    "expiring": "Soonest forgotten first",
}


def _keyset(sort: str, after: str) -> Q | None:
    """The rows after the cursor ``after`` (from memory_cursor) in ``sort`` order; None: from the top
    (no cursor, or one that is not this sort's: a hand-edited URL starts again)."""
    value, _, pk_text = after.rpartition("~")
    if not pk_text.isdigit():
        return None
    pk = int(pk_text)
    try:
        if sort == "oldest":
            return Q(pk__gt=pk)
        if sort == "importance":
            importance = float(value)
            return Q(importance_today__lt=importance) | Q(importance_today=importance, pk__lt=pk)
        if sort == "expiring":
            if not value:  # among the permanent ones, which come last
                return Q(expires_at__isnull=True, pk__gt=pk)
            expires = datetime.fromisoformat(value)
            return Q(expires_at__gt=expires) | Q(expires_at=expires, pk__gt=pk) | Q(expires_at__isnull=True)
    except ValueError:
        return None
    return Q(pk__lt=pk)


def memory_cursor(memory: Memory, sort: str) -> str:
    """Where the next page starts: the last row's sort key and id."""
    if sort == "importance":
        return f"{memory.importance_today!r}~{memory.pk}"  # type: ignore[attr-defined]  # annotated
    if sort == "expiring":
        return f"{memory.expires_at.isoformat() if memory.expires_at else ''}~{memory.pk}"
    return str(memory.pk)


def memories_for_moderation(
    *,
    community: Community,
    filters: MemoryFilters,
    now: datetime,
    sort: str = "newest",
    after: str = "",
    limit: int = 50,
    person: User | None = None,
) -> list[Memory]:
    """One page of the community's live memories in ``sort`` order (MEMORY_SORTS), after the cursor
    ``after`` (memory_cursor of the last row shown). Keyset pagination: newest and oldest walk the
    primary key, expiring the expiry index, so page 10,000 costs what page 1 does; importance is
    worked out per row (it fades with time), so that order sorts the filtered rows each page."""
    memories = Memory.objects.filter(community=community).filter(Q(expires_at__isnull=True) | Q(expires_at__gt=now))
    if person is not None:
        memories = memories.filter(user=person)
    today = ImportanceNow()
    memories = (
        memories.annotate(importance_today=today) if sort == "importance" else memories.alias(importance_today=today)
    )
    if filters.person:
        memories = memories.filter(_person_q("user", community, filters.person))
    if filters.reported_by:
        memories = memories.filter(_person_q("reported_by", community, filters.reported_by))
    if filters.persona == NO_PERSONA:
        memories = memories.filter(persona__isnull=True)
    elif filters.persona.isdigit():
        memories = memories.filter(persona_id=int(filters.persona))
    if filters.channel is not None:
        said_there = Message.objects.filter(memories=OuterRef("pk"), channel_id=filters.channel)
        memories = memories.filter(Exists(said_there))
    if filters.created_from is not None:
        memories = memories.filter(created_at__gte=datetime.combine(filters.created_from, time.min, tzinfo=UTC))
    if filters.created_to is not None:
        next_day = datetime.combine(filters.created_to + timedelta(days=1), time.min, tzinfo=UTC)
        memories = memories.filter(created_at__lt=next_day)
    if filters.text:
        words = SearchQuery(filters.text, config="english", search_type="websearch")
        memories = memories.filter(Q(search_vector=words) | Q(content__icontains=filters.text))
    if filters.kind:
        memories = memories.filter(kind=filters.kind)
    if filters.topic:
        memories = memories.filter(topics__contains=[filters.topic])
    if filters.source:
        memories = memories.filter(source=filters.source)
    if filters.importance_min is not None:
        memories = memories.filter(importance_today__gte=filters.importance_min)
    if filters.importance_max is not None:
        memories = memories.filter(importance_today__lte=filters.importance_max)
    if filters.permanent_only:
        memories = memories.filter(expires_at__isnull=True)
    elif filters.expiring_within_days is not None:
        memories = memories.filter(expires_at__lte=now + timedelta(days=filters.expiring_within_days))
    keyset = _keyset(sort, after) if after else None
    if keyset is not None:
        memories = memories.filter(keyset)
    order = {
        "oldest": ("pk",),
        "importance": ("-importance_today", "-pk"),
        "expiring": (F("expires_at").asc(nulls_last=True), "pk"),
    }.get(sort, ("-pk",))
    return list(
        memories.select_related("user", "persona", "reported_by")
        .defer("embedding", "search_vector")
        .order_by(*order)[:limit]
    )


def memory_source_messages(*, memory: Memory) -> list[Message]:
    """The messages ``memory`` was made from, in time order, with who said them and where (the
    window each is in links to its transcript)."""
    return list(
        Message.objects.filter(memories=memory)
        .select_related("author", "persona", "channel")
        .order_by("created_at", "pk")
    )


@dataclass(frozen=True)
class RevisionRow:
    revision: MemoryRevision
    changes: list[tuple[str, str, str]]  # (field, before, after) of the fields besides the content


def revision_rows(revisions: Iterable[MemoryRevision]) -> list[RevisionRow]:
    """Each revision with what else it changed (importance, expiry, kind, topics…), for people to read."""
    rows = []
    for revision in revisions:
        before, after = revision.before or {}, revision.after or {}
        changed = sorted(k for k in before.keys() & after.keys() if k != "content" and before[k] != after[k])
        rows.append(
            RevisionRow(revision, [(field, _readable(before[field]), _readable(after[field])) for field in changed])
        )
    return rows


def _readable(value: Any) -> str:
    if value is None or value == []:
        return "none"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return str(value)


def memory_history_get(*, user: User, memory_id: int) -> tuple[Memory | None, Community]:
    """The memory (None once deleted) and its community, for its history: a deleted memory's
    revisions outlive it. 404 when neither is in a community ``user`` moderates."""
    memory = Memory.objects.filter(pk=memory_id, community__in=communities_moderated(user=user)).first()
    if memory is not None:
        return memory, memory.community
    revision = (
        MemoryRevision.objects.filter(memory_ref=memory_id, community__in=communities_moderated(user=user))
        .select_related("community")
        .first()
    )
    if revision is None:
        raise Http404("No such memory in a community you moderate.")
    return None, revision.community


@dataclass(frozen=True)
class PersonRow:
    user: User
    platform_id: str
    name: str
    memory_enabled: bool
    memories: int
    stated_name: str = ""  # the name they said they go by here, when it is another


def people_for_moderation(*, community: Community, text: str = "", limit: int = 50) -> list[PersonRow]:
    """The community's people (members and those its bots saw), by name, with their memory count
    and switch (one query): ``text`` matches a platform id exactly or part of a name, the one they go by too."""
    people = User.objects.filter(Q(memberships__community=community) | Q(identities__community=community)).distinct()
    if text:
        people = people.filter(
            Q(identities__community=community, identities__external_id=text)
            | Q(identities__community=community, identities__display_name__icontains=text)
            | Q(username__iexact=text)
            | Q(display_name__icontains=text)
            | Q(profiles__community=community, profiles__stated_name__icontains=text)
        )
    identity = ExternalIdentity.objects.filter(community=community, user=OuterRef("pk"))
    rows = people.annotate(
        platform_id=Subquery(identity.order_by("pk").values("external_id")[:1]),
        platform_name=Subquery(identity.order_by("pk").values("display_name")[:1]),
        switch=Subquery(Profile.objects.filter(community=community, user=OuterRef("pk")).values("memory_enabled")[:1]),
        stated=Subquery(Profile.objects.filter(community=community, user=OuterRef("pk")).values("stated_name")[:1]),
        memory_count=Subquery(
            Memory.objects.filter(community=community, user=OuterRef("pk"))
            .values("user")
            .annotate(n=Count("pk"))
            .values("n")[:1]
        ),
    ).order_by("display_name", "username", "pk")[:limit]
    return [
        PersonRow(
            user=row,
            platform_id=row.platform_id or "",
            name=row.platform_name or str(row),
            memory_enabled=row.switch is not False,
            memories=row.memory_count or 0,
            stated_name=row.stated if row.stated and row.stated != (row.platform_name or str(row)) else "",
        )
        for row in rows
    ]


def memory_filter_choices(*, community: Community) -> tuple[QuerySet[Persona], list[tuple[int, str]]]:
    """The personas and channels the memory filters offer, each channel as its value and label. A person's
    browser chat is labelled with whose it is: every member has a "Web chat with Mira"."""
    channels = (
        Channel.objects.filter(community=community).order_by("name", "pk").values_list("pk", "name", "external_id")
    )
    owners = {
        pk: owner for pk, _, external_id in channels if (owner := web_channel_owner(external_id or "")) is not None
    }
    names = {
        pk: display_name or username
        for pk, display_name, username in User.objects.filter(pk__in=owners.values()).values_list(
            "pk", "display_name", "username"
        )
    }
    labels = [
        (pk, f"#{name} ({names.get(owners[pk]) or 'erased'})" if pk in owners else f"#{name}")
        for pk, name, _ in channels
    ]
    return Persona.objects.filter(community=community).order_by("name"), labels


def person_get_for_moderator(*, community: Community, pk: int) -> User:
    """A person of ``community`` (a member, or seen there by a bot), else 404."""
    person = (
        User.objects.filter(pk=pk)
        .filter(Q(memberships__community=community) | Q(identities__community=community))
        .distinct()
        .first()
    )
    if person is None:
        raise Http404("No such person in this community.")
    return person


@dataclass(frozen=True)
class PersonOverview:
    person: User
    platform_ids: list[str]
    profile: Profile | None
    memory_enabled: bool
    memories: int
    latest: list[Memory]  # their newest live memories, to correct in place
    entities: list[Entity]
    sessions: list[ChatSession]


PERSON_LATEST_MEMORIES = 10


def person_overview(*, community: Community, person: User, now: datetime) -> PersonOverview:
    """What ``community`` holds of ``person``: profile, memories (count and newest), entities, sessions."""
    profile = Profile.objects.filter(community=community, user=person).first()
    return PersonOverview(
        person=person,
        platform_ids=list(
            ExternalIdentity.objects.filter(community=community, user=person).values_list("external_id", flat=True)
        ),
        profile=profile,
        memory_enabled=profile is None or profile.memory_enabled,
        memories=Memory.objects.filter(community=community, user=person).count(),
        latest=memories_for_moderation(
            community=community,
            filters=MemoryFilters(),
            now=now,
            person=person,
            limit=PERSON_LATEST_MEMORIES,
        ),
        entities=list(Entity.objects.filter(community=community, owner=person).order_by("-last_mentioned_at")[:100]),
        sessions=list(
            ChatSession.objects.filter(user=person, persona__community=community)
            .select_related("persona", "channel")
            .order_by("-last_message_at", "-pk")[:50]
        ),
    )


@dataclass(frozen=True)
class DailySeries:
    """One count per day, oldest first, for a bar chart."""

    label: str
    days: list[date]
    values: list[int]

    @property
    def peak(self) -> int:
        return max(self.values, default=0)

    def bars(self, *, width: int = 300, height: int = 60) -> list[dict[str, float | int | date]]:
        """Each day's bar in SVG coordinates (the chart is drawn by the template, no script)."""
        step = width / max(len(self.days), 1)
        peak = self.peak or 1
        return [
            {
                "x": round(i * step, 2),
                "width": round(step * 0.8, 2),
                "height": round(height * v / peak, 2),
                "y": round(height - height * v / peak, 2),
                "day": day,
                "value": v,
            }
            for i, (day, v) in enumerate(zip(self.days, self.values, strict=True))
        ]


def _per_day(rows: Iterable[tuple[date, int]], days: list[date], label: str) -> DailySeries:
    counts = dict(rows)
    return DailySeries(label=label, days=days, values=[int(counts.get(day, 0)) for day in days])


def community_overview(*, community: Community, now: datetime, days: int = 30) -> dict[str, Any]:
    """The overview's charts and lists: memories created, expired and deleted per day, LLM calls
    and tokens per day, windows by state and since when the oldest due one waits, the busiest
    channels, people with memory off."""
    first = (now - timedelta(days=days - 1)).date()
    span = [first + timedelta(days=i) for i in range(days)]
    since = datetime.combine(first, time.min, tzinfo=UTC)
    revisions = MemoryRevision.objects.filter(community=community, created_at__gte=since).annotate(
        day=TruncDate("created_at", tzinfo=UTC)
    )

    def revision_days(actions: Sequence[str]) -> list[tuple[date, int]]:
        return list(revisions.filter(action__in=actions).values("day").annotate(n=Count("pk")).values_list("day", "n"))

    extracted = (
        ConversationWindow.objects.filter(channel__community=community, extracted_at__gte=since)
        .annotate(day=TruncDate("extracted_at", tzinfo=UTC))
        .values("day")
    )
    deleted = [Action.FORGOTTEN, Action.CAPPED, Action.MODERATOR_DELETE, Action.USER_DELETE]
    return {
        "series": [
            _per_day(revision_days([Action.CREATED]), span, "Memories created"),
            _per_day(revision_days([Action.EXPIRED]), span, "Memories expired"),
            _per_day(revision_days(deleted), span, "Memories deleted"),
            _per_day(extracted.annotate(n=Count("pk")).values_list("day", "n"), span, "Windows extracted (LLM calls)"),
            _per_day(
                extracted.annotate(n=Sum(F("prompt_tokens") + F("completion_tokens"))).values_list("day", "n"),
                span,
                "LLM tokens",
            ),
        ],
        "windows": window_counts(community=community),
        "waiting_since": window_oldest_waiting_since(community=community),
        "channels": list(
            Channel.objects.filter(community=community)
            .annotate(n=Count("messages", filter=Q(messages__created_at__gte=since)))
            .filter(n__gt=0)
            .order_by("-n", "pk")
            .values_list("name", "n")[:10]
        ),
        "memory_off": list(
            Profile.objects.filter(community=community, memory_enabled=False).select_related("user").order_by("pk")[:50]
        ),
        "live_memories": Memory.objects.filter(community=community).count(),
    }


def window_counts(*, community: Community) -> dict[str, int]:
    """How many of the community's windows are in each state (one query)."""
    counts = dict(
        ConversationWindow.objects.filter(channel__community=community)
        .values_list("state")
        .annotate(n=Count("pk"))
        .values_list("state", "n")
    )
    return {state: counts.get(state, 0) for state in ConversationWindowState.values}


def windows_for_moderation(*, community: Community, state: str, limit: int = 50) -> list[ConversationWindow]:
    """The community's windows in ``state``, the latest first."""
    return list(
        ConversationWindow.objects.filter(channel__community=community, state=state)
        .select_related("channel")
        .order_by("-last_message_at", "-pk")[:limit]
    )


def window_get_for_moderator(*, user: User, pk: int) -> ConversationWindow:
    window = (
        ConversationWindow.objects.filter(pk=pk, channel__community__in=communities_moderated(user=user))
        .select_related("channel__community")
        .first()
    )
    if window is None:
        raise Http404("No such window in a community you moderate.")
    return window


def window_operations(*, window: ConversationWindow) -> QuerySet[MemoryRevision]:
    """What an extraction of ``window`` changed: the revisions it wrote, in order, each with the name its
    person goes by in the community (``stated``: "Demo" who said "I'm Priya")."""
    stated = Profile.objects.filter(community_id=window.channel.community_id, user=OuterRef("subject_id"))
    return (
        MemoryRevision.objects.filter(window=window)
        .select_related("subject")
        .annotate(stated=Subquery(stated.values("stated_name")[:1]))
        .order_by("created_at", "pk")
    )


@dataclass(frozen=True)
class UsedItem:
    """One thing a reply's context held: a memory, or a line of the episode layer (``line``)."""

    used: dict[str, Any]  # the scores the reply kept (chat.services.memories_used_record)
    memory: Memory | None = None
    line: Message | None = None
    said_at: datetime | None = None


@dataclass(frozen=True)
class ExplainedReply:
    reply: Message
    items: list[UsedItem]


def window_replies_explained(*, window: ConversationWindow) -> list[ExplainedReply]:
    """The persona's replies in ``window`` with what each one's context held and why: the memories
    and past lines, with the scores that chose them (three queries). An item since deleted is left out."""
    replies = list(
        window.messages.filter(role=MessageRole.ASSISTANT)
        .exclude(memories_used=[])
        .select_related("reply_to__author")
        .order_by("created_at", "pk")
    )
    used = [u for reply in replies for u in reply.memories_used]
    community_id = window.channel.community_id
    memories = Memory.objects.filter(
        community_id=community_id, pk__in=[u["id"] for u in used if u.get("layer") != "episode"]
    ).defer("embedding")
    lines = Message.objects.filter(
        channel__community_id=community_id, pk__in=[u["id"] for u in used if u.get("layer") == "episode"]
    ).select_related("channel", "author")
    lines = lines.annotate(
        in_recall=Exists(RecallEntry.objects.filter(message=OuterRef("pk"), removed_at__isnull=True))
    )
    found_memories = {m.pk: m for m in memories}
    found_lines = {line.pk: line for line in lines}
    explained = []
    for reply in replies:
        items = []
        for u in reply.memories_used:
            if u.get("layer") == "episode" and u["id"] in found_lines:
                items.append(UsedItem(u, line=found_lines[u["id"]], said_at=parse_datetime(u.get("said_at") or "")))
            elif u.get("layer") != "episode" and u["id"] in found_memories:
                items.append(UsedItem(u, memory=found_memories[u["id"]]))
        explained.append(ExplainedReply(reply, items))
    return explained


def audit_events_for_moderation(*, community: Community, limit: int = 200) -> list[AuditEvent]:
    """The community's audit trail, the latest first: who did what, when, on whom (hashed)."""
    return list(
        AuditEvent.objects.filter(community=community).select_related("actor").order_by("-created_at", "-pk")[:limit]
    )


def erasure_requests_for_moderation(*, community: Community, limit: int = 100) -> list[ErasureRequest]:
    """The erasure requests made in the community, and the erasures of people it knew however they
    were asked for (their own included), the latest first (no personal content)."""
    return list(
        ErasureRequest.objects.filter(Q(community=community) | Q(known_in_community_ids__contains=[community.pk]))
        .select_related("requested_by")
        .order_by("-created_at", "-pk")[:limit]
    )
