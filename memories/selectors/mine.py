"""A person's own data ("My data", /me/): every read is filtered by the person first."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber

from accounts.models import Community, Membership, Profile, User
from chat.models import ChatSession, Message, Persona
from memories.models import Entity, ImportanceNow, Memory


def memory_get_for_person(*, user: User, pk: int) -> Memory:
    """One of the person's own memories (any community), else 404: nobody reaches another's."""
    from django.http import Http404  # selectors stay free of HTTP but for this guard

    memory = Memory.objects.filter(pk=pk, user=user).select_related("community").defer("embedding").first()
    if memory is None:
        raise Http404("No such memory of yours.")
    return memory


# --- A person's own data ("My data", /me/) -------------------------------------------------------
# Every read below is filtered by the person first: nobody reaches another person's rows by id.

MY_MEMORY_SORTS = {
    "newest": ("-created_at", "-pk"),
    "importance": ("-importance_today", "-created_at", "-pk"),
    # Soonest forgotten first; the permanent ones (no expiry) last.
    "expiry": (F("expires_at").asc(nulls_last=True), "-importance_today", "-pk"),
}
NO_PERSONA = "none"  # the persona filter's value for memories every persona of a community may use


def communities_for_person(*, user: User) -> QuerySet[Community]:
    """Every community holding something of the person: a membership, a profile or memories."""
    return Community.objects.filter(
        Exists(Membership.objects.filter(community=OuterRef("pk"), user=user))
        | Exists(Profile.objects.filter(community=OuterRef("pk"), user=user))
        | Exists(Memory.objects.filter(community=OuterRef("pk"), user=user))
    ).order_by("name", "pk")


def community_get_for_person(*, user: User, pk: int) -> Community:
    """One of the person's communities, else 404."""
    from django.http import Http404  # selectors stay free of HTTP but for this guard

    community = communities_for_person(user=user).filter(pk=pk).first()
    if community is None:
        raise Http404("No such community of yours.")
    return community


def _live(now: datetime) -> Q:
    return Q(expires_at__isnull=True) | Q(expires_at__gt=now)


def memories_for_person(
    *,
    user: User,
    now: datetime,
    text: str = "",
    community: Community | None = None,
    persona: Persona | str | None = None,
    kind: str = "",
    topic: str = "",
    sort: str = "newest",
) -> QuerySet[Memory]:
    """The person's live memories in every community, filtered and sorted for their "My data" page.

    ``text`` matches words (full-text, any form: "moving" finds "moved") or any part of the
    content; ``persona`` is a persona or ``NO_PERSONA`` (memories not scoped to one).
    """
    memories = Memory.objects.filter(user=user).filter(_live(now))
    if text:
        words = SearchQuery(text, config="english", search_type="websearch")
        memories = memories.filter(Q(search_vector=words) | Q(content__icontains=text))
    if community is not None:
        memories = memories.filter(community=community)
    if persona == NO_PERSONA:
        memories = memories.filter(persona__isnull=True)
    elif isinstance(persona, Persona):
        memories = memories.filter(persona=persona)
    if kind:
        memories = memories.filter(kind=kind)
    if topic:
        memories = memories.filter(topics__contains=[topic])
    return (
        memories.select_related("community", "persona")
        .defer("embedding", "search_vector")
        .alias(importance_today=ImportanceNow())
        .order_by(*MY_MEMORY_SORTS.get(sort, MY_MEMORY_SORTS["newest"]))
    )


def memory_topics_for_person(*, user: User, now: datetime) -> list[str]:
    """The topics the person's live memories are tagged with, in order (one query)."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT DISTINCT topic FROM memories_memory AS m, unnest(m.topics) AS topic
            WHERE m.user_id = %(user)s AND (m.expires_at IS NULL OR m.expires_at > %(now)s)
            ORDER BY topic
            """,
            {"user": user.pk, "now": now},
        )
        return [row[0] for row in cursor.fetchall()]


@dataclass
class MemoryGroup:
    """How many live memories of the person one community (and one persona, or none) holds."""

    community_id: int
    community_name: str
    persona_id: int | None
    persona_name: str | None
    count: int


def memory_groups_for_person(*, user: User, now: datetime) -> list[MemoryGroup]:
    """The person's live memories counted by community and persona (one query)."""
    rows = (
        Memory.objects.filter(user=user)
        .filter(_live(now))
        .values("community_id", "community__name", "persona_id", "persona__name")
        .annotate(count=Count("pk"))
        .order_by("community__name", "community_id", F("persona__name").asc(nulls_first=True), "persona_id")
    )
    return [
        MemoryGroup(
            community_id=row["community_id"],
            community_name=row["community__name"],
            persona_id=row["persona_id"],
            persona_name=row["persona__name"],
            count=row["count"],
        )
        for row in rows
    ]


def personas_for_memory_filter(*, user: User) -> QuerySet[Persona]:
    """The personas of the person's communities and those their memories are scoped to."""
    return (
        Persona.objects.filter(
            Q(community__in=communities_for_person(user=user))
            | Q(pk__in=Memory.objects.filter(user=user).values("persona_id"))
        )
        .select_related("community")
        .order_by("community__name", "name", "pk")
    )


def profiles_for_person(*, user: User) -> dict[int, Profile]:
    """The person's profiles by community id (one query)."""
    return {profile.community_id: profile for profile in Profile.objects.filter(user=user)}


def entities_for_person(*, user: User) -> QuerySet[Entity]:
    """The people, places and things the person mentioned, most recently mentioned first."""
    return Entity.objects.filter(owner=user).select_related("community").order_by("-last_mentioned_at", "-pk")


def sessions_for_person(*, user: User) -> QuerySet[ChatSession]:
    """The person's chat sessions, the latest first."""
    return (
        ChatSession.objects.filter(user=user)
        .select_related("persona__community", "channel")
        .order_by("-last_message_at", "-pk")
    )


def remembered_counts_for_person(*, user: User, community: Community) -> dict[str, int]:
    """What "forget me" would delete in ``community``: memories, entities, summarised sessions."""
    return {
        "memories": Memory.objects.filter(user=user, community=community).count(),
        "entities": Entity.objects.filter(owner=user, community=community).count(),
        "sessions": ChatSession.objects.filter(user=user, persona__community=community)
        .filter(~Q(working_summary="") | ~Q(final_summary=""))
        .count(),
    }


def recalled_lines_for_person(*, user: User, message_ids: Iterable[int]) -> dict[int, Message]:
    """The person's own lines among ``message_ids`` that recall may still bring up, by id."""
    lines = Message.objects.filter(
        author=user, pk__in=list(message_ids), recall_entry__removed_at__isnull=True
    ).select_related("channel")
    return {line.pk: line for line in lines}


def recall_lines_for_person(*, user: User, per_community: int = 10) -> dict[int, list[Message]]:
    """The person's newest lines that recall may bring up, at most ``per_community`` in each
    community, by community id (the "My data" page; one query)."""
    newest = (
        Message.objects.filter(author=user, recall_entry__isnull=False, recall_entry__removed_at__isnull=True)
        .alias(
            rank=Window(
                RowNumber(), partition_by=F("channel__community_id"), order_by=[F("created_at").desc(), F("pk").desc()]
            )
        )
        .filter(rank__lte=per_community)
        .select_related("channel")
        .order_by("-created_at", "-pk")
    )
    lines: dict[int, list[Message]] = {}
    for line in newest:
        lines.setdefault(line.channel.community_id, []).append(line)
    return lines
