"""Who a person is in a community, as the context's head, the API and the pages name them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from accounts.models import Community, ExternalIdentity, Profile, User
from chat.models import Channel, Persona
from core.fastpath.rows import attnames, columns_sql, row_load, row_load_or_none
from core.fastpath.sql import prepared_cursor


@dataclass
class ContextHead:
    """What the context needs about a person before their memories, read in one statement."""

    name: str  # how they are called in the community: their platform name, else their account's
    has_profile: bool
    memory_enabled: bool  # their own switch (on without a profile)
    profile_summary: str
    last_summary: str  # the final summary of their last finished session with the persona
    last_ended_at: datetime | None
    entities: list[tuple[str, str]]  # (name, relationship) named by the message's words, latest first


# Four small reads in one round trip (each a LATERAL over its own index): the context is on the
# path a bot waits on, and each separate query costs a round trip and an ORM compilation.
_HEAD_COLUMNS = """identity.display_name, profile.id IS NOT NULL, COALESCE(profile.memory_enabled, true),
       COALESCE(profile.summary, ''), last.final_summary, last.ended_at, COALESCE(mentioned.entities, '[]'),
       NULLIF(profile.stated_name, '')"""


def first_identity_sql(column: str, *, user: str) -> str:
    """``column`` of the person ``user``'s identity in the community (SQL: a parameter or a column):
    the first one, when they have several. The one rule for which identity speaks for a person:
    the context's head, ``person_by_platform_id``'s name, ``platform_ids`` and ``memories_shown``."""
    return f"""SELECT {column} FROM {ExternalIdentity._meta.db_table}
    WHERE community_id = %(community)s AND user_id = {user} ORDER BY id LIMIT 1"""  # noqa: S608 - names of ours


def _stated_name(*, user: str) -> str:
    """The name the person ``user`` said they go by in the community (SQL, as ``first_identity_sql``)."""
    return f"""SELECT NULLIF(stated_name, '') FROM {Profile._meta.db_table}
    WHERE community_id = %(community)s AND user_id = {user}"""  # noqa: S608 - names of ours


def person_called(identity_name: str | None, user: User, stated_name: str | None = None) -> str:
    """How a person is called in a community: the name they said they go by there ("I'm Daniel"),
    else their platform name there, else their account's. The one rule, everywhere a name is said.
    An account a bot's message made without a name is called by its platform id: its account name
    is "<community>:<id>" (``accounts.services.identity_username``), which no one signs up with."""
    return stated_name or identity_name or user.display_name or user.username.partition(":")[2] or user.username


_PERSON_NAME_SQL = f"SELECT ({first_identity_sql('display_name', user='%(user)s')}), ({_stated_name(user='%(user)s')})"


def person_display_name(*, community: Community, user: User) -> str:
    """How the person is called in this community (``person_called``)."""
    with prepared_cursor() as cursor:
        cursor.execute(_PERSON_NAME_SQL, {"community": community.pk, "user": user.pk})
        identity_name, stated_name = cursor.fetchone()
    return person_called(identity_name, user, stated_name)


def _head_joins(*, user: str, persona: str) -> str:
    """The head's four reads as LATERAL joins, of the person ``user`` and the persona ``persona``
    (SQL: a parameter, or a column of an earlier join)."""
    return f"""
LEFT JOIN LATERAL ({first_identity_sql("display_name", user=user)}) AS identity ON true
LEFT JOIN LATERAL (
    SELECT id, memory_enabled, summary, stated_name FROM accounts_profile
    WHERE community_id = %(community)s AND user_id = {user}
) AS profile ON true
LEFT JOIN LATERAL (
    SELECT s.final_summary, s.ended_at FROM chat_chatsession AS s JOIN chat_persona AS p ON p.id = s.persona_id
    WHERE s.user_id = {user} AND p.community_id = %(community)s
      AND ({persona} IS NULL OR s.persona_id = {persona})
      AND s.ended_at IS NOT NULL AND s.final_summary <> '' AND s.id <> %(session)s
    ORDER BY s.ended_at DESC LIMIT 1
) AS last ON true
LEFT JOIN LATERAL (
    SELECT json_agg(json_build_array(e.name, e.relationship) ORDER BY e.last_mentioned_at DESC, e.id DESC) AS entities
    FROM (
        SELECT id, name, relationship, last_mentioned_at FROM memories_entity
        WHERE community_id = %(community)s AND owner_id = {user}
          AND (lower(name) = ANY(%(words)s::text[]) OR name LIKE '%% %%')
        ORDER BY last_mentioned_at DESC, id DESC LIMIT 50
    ) AS e
) AS mentioned ON true"""  # noqa: S608 - SQL of this module's own; values passed as parameters


_HEAD_SQL = f"""
SELECT {_HEAD_COLUMNS}
FROM (SELECT 1) AS one
{_head_joins(user="%(user)s", persona="%(persona)s::bigint")}
"""  # noqa: S608 - as above


def context_head(
    *, community: Community, user: User, persona: Persona, session_id: int | None, words: Sequence[str]
) -> ContextHead:
    """The person's name, profile, last session with ``persona`` (any of the community's when it
    is unsaved: the community's defaults) and the entities whose one-word names are in ``words``
    (names of several words come along, for the caller to look for in the message)."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _HEAD_SQL,
            {
                "community": community.pk,
                "user": user.pk,
                "persona": persona.pk,
                "session": session_id or 0,
                "words": list(words),
            },
        )
        row = cursor.fetchone()
    return _head_load(row, user)


def _head_load(row: Sequence[Any], user: User) -> ContextHead:
    """The head from the last columns of ``row`` (``_HEAD_COLUMNS``)."""
    identity_name, has_profile, memory_enabled, summary, last_summary, last_ended_at, entities, stated = row[-8:]
    entities = json.loads(entities) if isinstance(entities, str) else entities
    return ContextHead(
        name=person_called(identity_name, user, stated),
        has_profile=has_profile,
        memory_enabled=memory_enabled,
        profile_summary=summary,
        last_summary=last_summary or "",
        last_ended_at=last_ended_at,
        entities=[(name, relationship or "") for name, relationship in entities],
    )


@dataclass(frozen=True)
class ContextParties:
    """Who a bot's context call is about, read in one statement (``context_parties``)."""

    persona: Persona | None  # the active persona of that name, else the first active one; None: no such
    user: User | None  # the person behind the platform id; None: not known in the community yet
    channel: Channel | None  # None: no channel named, or one the bot has not posted in yet
    head: ContextHead | None  # the person's (``context_head``, for this persona); None with no person


# Three small reads in one round trip, each a LATERAL over its own unique or (community, …) index,
# and the head of the person found, for the persona found (any persona's sessions when none is).
_PARTIES_SQL = f"""
SELECT persona.*, person.*, channel.*, {_HEAD_COLUMNS}
FROM (SELECT 1) AS one
LEFT JOIN LATERAL (
    SELECT {columns_sql(Persona, "p")} FROM {Persona._meta.db_table} AS p
    WHERE p.community_id = %(community)s AND p.is_active AND (%(persona)s = '' OR p.name = %(persona)s)
    ORDER BY p.id LIMIT 1
) AS persona ON true
LEFT JOIN LATERAL (
    SELECT {columns_sql(User, "u")}
    FROM {ExternalIdentity._meta.db_table} AS i JOIN {User._meta.db_table} AS u ON u.id = i.user_id
    WHERE i.community_id = %(community)s AND i.external_id = %(user)s
    ORDER BY i.id LIMIT 1
) AS person ON true
LEFT JOIN LATERAL (
    SELECT {columns_sql(Channel, "c")} FROM {Channel._meta.db_table} AS c
    WHERE c.community_id = %(community)s AND c.external_id = %(channel)s
) AS channel ON true
{_head_joins(user="person.id", persona="persona.id")}
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters


def context_parties(
    *, community: Community, persona_name: str, user_external_id: str, channel_external_id: str, words: Sequence[str]
) -> ContextParties:
    """The persona (by name; the first active one for ""), the person (by platform id) and the
    channel (by the bot's id; "" for none) of a context call in ``community``, and the person's
    head as ``context_head`` reads it (``words``: the message's, for its entities)."""
    with prepared_cursor() as cursor:
        cursor.execute(
            _PARTIES_SQL,
            {
                "community": community.pk,
                "persona": persona_name,
                "user": user_external_id,
                "channel": channel_external_id,
                "session": 0,
                "words": list(words),
            },
        )
        row = cursor.fetchone()
    person_at = len(attnames(Persona))
    channel_at = person_at + len(attnames(User))
    persona = row_load_or_none(Persona, row)
    user = row_load_or_none(User, row, person_at)
    channel = row_load_or_none(Channel, row, channel_at)
    if persona is not None:
        persona.community = community
    if channel is not None:
        channel.community = community
    head = _head_load(row, user) if user is not None else None
    return ContextParties(persona=persona, user=user, channel=channel, head=head)


@dataclass(frozen=True)
class PlatformPerson:
    """The person behind a platform id, and how they are called in the community (``person_called``)."""

    user: User
    name: str


_PLATFORM_PERSON_SQL = f"""
SELECT {columns_sql(User, "u")}, ({first_identity_sql("display_name", user="u.id")}), ({_stated_name(user="u.id")})
FROM {ExternalIdentity._meta.db_table} AS i JOIN {User._meta.db_table} AS u ON u.id = i.user_id
WHERE i.community_id = %(community)s AND i.external_id = %(external_id)s
"""  # noqa: S608 - names from the models' own metadata, values passed as parameters


def person_by_platform_id(*, community: Community, external_id: str) -> PlatformPerson | None:
    """The person with platform id ``external_id`` in ``community`` (never another community's),
    with their name, in one statement; None for an unknown id."""
    if "\x00" in external_id:
        return None  # no id holds NUL (PostgreSQL cannot)
    with prepared_cursor() as cursor:
        cursor.execute(_PLATFORM_PERSON_SQL, {"community": community.pk, "external_id": external_id})
        row = cursor.fetchone()
    if row is None:
        return None
    user = row_load(User, row)
    return PlatformPerson(user=user, name=person_called(row[-2], user, row[-1]))


_PLATFORM_IDS_SQL = f"""
SELECT u.id, ({first_identity_sql("external_id", user="u.id")}) FROM unnest(%(users)s::bigint[]) AS u(id)
"""  # noqa: S608 - as above


def platform_ids(*, community: Community, user_ids: Iterable[int | None]) -> dict[int, str]:
    """user id → platform id in ``community`` for the people on one page, in one statement (the
    first identity, when a person has several; none for a person known only on the web)."""
    wanted = sorted({user_id for user_id in user_ids if user_id is not None})
    if not wanted:
        return {}
    with prepared_cursor() as cursor:
        cursor.execute(_PLATFORM_IDS_SQL, {"community": community.pk, "users": wanted})
        return {user_id: handle for user_id, handle in cursor.fetchall() if handle is not None}
