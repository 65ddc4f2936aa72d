"""What the privacy API's operations about a bot's people do, for more than one door: the REST
endpoints (``privacy.apis``) and the MCP server (``integrations.mcp``) call the same functions."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.utils import timezone
from rest_framework import exceptions, serializers

from accounts.models import AuditEventActorKind, Community, Profile, User
from memories.api_parts import person_get
from memories.models import Memory
from memories.selectors.people import platform_ids
from privacy.services.erasure import UserAlreadyErasedError
from privacy.services.forget import user_forget


def person_not_found(external_id: str) -> exceptions.NotFound:
    return exceptions.NotFound(f"No person with platform id {external_id!r} in this community.", code="not_found")


class ProfileOutput(serializers.Serializer):
    user = serializers.CharField(allow_null=True, help_text="The person's platform id in this community.")
    community = serializers.CharField(help_text="The community's slug.")
    display_name = serializers.CharField()
    summary = serializers.CharField(help_text="The permanent profile paragraph.")
    personality = serializers.CharField()
    preferences = serializers.JSONField()
    behaviour_patterns = serializers.JSONField()
    memory_enabled = serializers.BooleanField(help_text="False: the person opted out; nothing new is remembered.")
    memory_count = serializers.IntegerField(help_text="Memories not expired.")
    updated_at = serializers.DateTimeField(allow_null=True)


def profile_output(*, community: Community, user: User) -> dict[str, Any]:
    profile = Profile.objects.filter(user=user, community=community).first() or Profile(user=user, community=community)
    now = timezone.now()
    live = Memory.objects.filter(community=community, user=user).filter(
        Q(expires_at__isnull=True) | Q(expires_at__gt=now)
    )
    handle = platform_ids(community=community, user_ids=[user.pk]).get(user.pk)
    return ProfileOutput(
        {
            "user": handle,
            "community": community.slug,
            "display_name": user.display_name or user.username,
            "summary": profile.summary,
            "personality": profile.personality,
            "preferences": profile.preferences,
            "behaviour_patterns": profile.behaviour_patterns,
            "memory_enabled": profile.memory_enabled,
            "memory_count": live.count(),
            "updated_at": profile.updated_at,
        }
    ).data


def person_forget_for_key(*, community: Community, external_id: str) -> dict[str, Any]:
    """Forget me for a person of the community (memory off, what was remembered deleted), or 404;
    what was done, as ``ForgetOutput`` shows it."""
    user = person_get(community=community, external_id=external_id)
    try:
        result = user_forget(community=community, user=user, actor_kind=AuditEventActorKind.API)
    except UserAlreadyErasedError as error:  # erased meanwhile
        raise person_not_found(external_id) from error
    return {
        "user": external_id,
        "memory_enabled": result.profile.memory_enabled,
        "memories_deleted": result.memories_deleted,
        "entities_deleted": result.entities_deleted,
        "sessions_cleared": result.sessions_cleared,
    }
