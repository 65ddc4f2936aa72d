"""Writes about personas and channels."""

from __future__ import annotations

from collections.abc import Iterable

from accounts.models import Community
from chat.models import Channel, ChannelKind, Persona


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
