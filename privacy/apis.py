"""API views about people: a bot's privacy requests for its community's users, and a signed-in person's own data.

Bots (API keys) act on ``/users/{external_id}/…`` in their community only. People signed in to
the site read what is known about themselves on ``/me/…`` (session authentication): only
themselves, never anyone else, and only reads: changes go through the "My data" pages.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import (
    ApiKeyScope,
    AuditEventActorKind,
    Community,
    ErasureRequest,
    ErasureRequestVia,
    ExternalIdentity,
    User,
)
from core.apikit.api import MethodBeforeAuthentication, SignedInSession
from core.apikit.docs import BOT_ERRORS, error_responses
from memories.api_parts import MemoryFilter, MemoryOutput, memories_output, person_get
from memories.models import Memory
from privacy.api_calls import ProfileOutput, person_forget_for_key, person_not_found, profile_output
from privacy.services.erasure import UserAlreadyErasedError, erasure_for_identity, user_erase
from privacy.services.export import user_export, user_export_mem0
from privacy.services.forget import user_remember

EXTERNAL_ID = OpenApiParameter(
    "external_id", str, OpenApiParameter.PATH, description="The person's platform id (e.g. a Discord user id)."
)
COMMUNITY = OpenApiParameter(
    "community",
    str,
    OpenApiParameter.QUERY,
    required=False,
    description="A community's slug; needed only when you belong to several.",
)
EXPORT_FORMATS = ("memoryhub", "mem0")
EXPORT_FORMAT = OpenApiParameter(
    "format",
    str,
    OpenApiParameter.QUERY,
    required=False,
    enum=EXPORT_FORMATS,
    description=(
        "`memoryhub` (the default): everything stored. `mem0`: the person's live memories as a Mem0 export "
        '(`{"results": [...]}`), which `manage.py import_mem0` reads back.'
    ),
)
SESSION_ERRORS = error_responses(401, 429, e401="Not signed in (`not_authenticated`): log in on the site first.")


_PROFILE_EXAMPLE = {
    "user": "alice_456",
    "community": "gamers",
    "display_name": "Alice",
    "summary": "Alice is a graphic designer moving to Austin; she loves her cat Luna.",
    "personality": "Upbeat, plans ahead.",
    "preferences": ["cats", "indie games"],
    "behaviour_patterns": ["chats in the evening"],
    "memory_enabled": True,
    "memory_count": 12,
    "updated_at": "2025-05-02T18:04:11Z",
}
_EXPORT_EXAMPLE = {
    "format": "memoryhub-export/1",
    "exported_at": "2025-05-03T10:00:00+00:00",
    "community": "gamers",
    "account": {"username": "gamers:alice_456", "display_name": "Alice", "can_log_in": False},
    "identities": [{"community": "gamers", "external_id": "alice_456", "display_name": "Alice"}],
    "profiles": [],
    "memories": [{"id": 1042, "community": "gamers", "content": "Alice is moving to Austin next month"}],
    "memory_revisions": [],
    "entities": [],
    "chat_sessions": [],
    "messages": [],
    "erasure_requests": [],
    "audit_events": [],
}

_MEM0_EXAMPLE = {
    "results": [
        {
            "id": "1042",
            "user_id": "alice_456",
            "memory": "Alice is moving to Austin next month",
            "categories": ["moving", "austin"],
            "metadata": {"kind": "plan", "importance": 0.9, "source": "passive", "community": "gamers"},
            "expiration_date": None,
            "created_at": "2025-04-30T12:01:23+00:00",
            "updated_at": "2025-05-02T18:04:11+00:00",
        }
    ]
}


# --- Bots: /users/{external_id}/… ---------------------------------------------------------------


class UserProfileApi(APIView):
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ

    @extend_schema(
        operation_id="users_profile",
        description="What is known about a person of this community, in short. Scope `memories:read`.",
        parameters=[EXTERNAL_ID],
        responses={200: ProfileOutput, **error_responses(*BOT_ERRORS, 404)},
        examples=[OpenApiExample("Alice", value=_PROFILE_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request, external_id: str) -> Response:
        community = api_key_of(request).community
        user = person_get(community=community, external_id=external_id)
        return Response(profile_output(community=community, user=user))


class UserExportApi(APIView):
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ

    @extend_schema(
        operation_id="users_export",
        description=(
            "Everything this community stores about a person, as one JSON document: account, profile, memories "
            "and their history, entities, chat sessions, messages they wrote. Scope `memories:read`."
        ),
        parameters=[EXTERNAL_ID, EXPORT_FORMAT],
        responses={
            200: OpenApiTypes.OBJECT,
            **error_responses(400, *BOT_ERRORS, 404, e400="An unknown `format` (`invalid`)."),
        },
        examples=[
            OpenApiExample("Alice's data", value=_EXPORT_EXAMPLE, response_only=True),
            OpenApiExample("Alice's memories for Mem0 (format=mem0)", value=_MEM0_EXAMPLE, response_only=True),
        ],
    )
    def get(self, request: Request, external_id: str) -> Response:
        community = api_key_of(request).community
        export_format = request.query_params.get("format", "memoryhub")
        if export_format not in EXPORT_FORMATS:
            raise serializers.ValidationError(
                {"format": f"Unknown format {export_format!r}: one of {', '.join(EXPORT_FORMATS)}."}
            )
        user = person_get(community=community, external_id=external_id)
        if export_format == "mem0":
            return Response(user_export_mem0(user=user, community=community, platform_id=external_id))
        return Response(user_export(user=user, community=community))


class ForgetOutput(serializers.Serializer):
    user = serializers.CharField(help_text="The person's platform id.")
    memory_enabled = serializers.BooleanField(help_text="Now false: nothing new is remembered about them.")
    memories_deleted = serializers.IntegerField()
    entities_deleted = serializers.IntegerField()
    sessions_cleared = serializers.IntegerField(help_text="Chat sessions whose summaries were cleared.")


class UserForgetApi(APIView):
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_WRITE

    @extend_schema(
        operation_id="users_forget",
        description=(
            "Forget me: memory is turned off for this person in this community, at once (also for conversations "
            "being extracted right now), and what was remembered about them here is deleted. Their messages and "
            "account stay. Scope `memories:write`."
        ),
        parameters=[EXTERNAL_ID],
        request=None,
        responses={200: ForgetOutput, **error_responses(*BOT_ERRORS, 404)},
        examples=[
            OpenApiExample(
                "Alice opted out",
                value={
                    "user": "alice_456",
                    "memory_enabled": False,
                    "memories_deleted": 12,
                    "entities_deleted": 3,
                    "sessions_cleared": 1,
                },
                response_only=True,
            )
        ],
    )
    def post(self, request: Request, external_id: str) -> Response:
        return Response(
            ForgetOutput(person_forget_for_key(community=api_key_of(request).community, external_id=external_id)).data
        )


class RememberOutput(serializers.Serializer):
    user = serializers.CharField(help_text="The person's platform id.")
    memory_enabled = serializers.BooleanField(help_text="Now true: what they say is remembered again.")


class UserRememberApi(APIView):
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_WRITE

    @extend_schema(
        operation_id="users_remember",
        description=(
            "Memory back on for this person in this community, after `forget`: what they say from now on is "
            "remembered again (what was forgotten stays forgotten). Scope `memories:write`."
        ),
        parameters=[EXTERNAL_ID],
        request=None,
        responses={200: RememberOutput, **error_responses(*BOT_ERRORS, 404)},
    )
    def post(self, request: Request, external_id: str) -> Response:
        community = api_key_of(request).community
        user = person_get(community=community, external_id=external_id)
        try:
            profile = user_remember(community=community, user=user, actor_kind=AuditEventActorKind.API)
        except UserAlreadyErasedError as error:  # erased meanwhile
            raise person_not_found(external_id) from error
        return Response(RememberOutput({"user": external_id, "memory_enabled": profile.memory_enabled}).data)


class ErasureOutput(serializers.ModelSerializer):
    scope = serializers.ChoiceField(
        choices=["account", "community"],
        read_only=True,
        help_text=(
            "`account`: the account went with everything else. `community`: only what this community "
            "held about the person went; the account stays (known elsewhere, or staff or a moderator)."
        ),
    )

    class Meta:
        model = ErasureRequest
        fields = [
            "id",
            "subject_hash",
            "state",
            "scope",
            "requested_via",
            "deleted_counts",
            "created_at",
            "completed_at",
        ]


class UserEraseApi(APIView):
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.USERS_ERASE

    @extend_schema(
        operation_id="users_erase",
        description=(
            "Erase a person: what this community holds about them (memories, messages, profile, platform id "
            "and their name in others' text), and their account when they are this community's alone: known "
            "in no other community, neither staff nor a moderator (`scope`: `account`); otherwise the account "
            "stays, left to staff (`scope`: `community`). What remains is this tombstone, holding only a salted "
            "hash of who they were and how many rows went, and asking again for the same platform id answers "
            "with it (a retry is safe). Scope `users:erase`."
        ),
        parameters=[EXTERNAL_ID],
        request=None,
        responses={
            200: ErasureOutput,
            **error_responses(*BOT_ERRORS, 404),
        },
        examples=[
            OpenApiExample(
                "Alice erased",
                value={
                    "id": 31,
                    "subject_hash": "9f2c0a6e4b1d8c7f3e5a2b9d0c6f1e4a7b3d8c2e5f9a1b6d0c4e7f2a8b5d3c1e",
                    "state": "done",
                    "scope": "account",
                    "requested_via": "api",
                    "deleted_counts": {"memories.Memory": 12, "chat.Message": 240, "accounts.User": 1},
                    "created_at": "2025-05-03T10:00:00Z",
                    "completed_at": "2025-05-03T10:00:01Z",
                },
                response_only=True,
            )
        ],
    )
    def post(self, request: Request, external_id: str) -> Response:
        community = api_key_of(request).community
        # A bot that retries (or asks again later) is answered with the tombstone, not a 404.
        done = erasure_for_identity(community=community, external_id=external_id)
        known = ExternalIdentity.objects.filter(community=community, external_id=external_id).exists()
        if done is not None and not known:  # the id was erased (and not taken by someone new since)
            return Response(ErasureOutput(done).data, status=status.HTTP_200_OK)
        user = person_get(community=community, external_id=external_id)
        try:
            tombstone = user_erase(user=user, via=ErasureRequestVia.API, community=community)
        except UserAlreadyErasedError as error:  # erased by a concurrent request: its tombstone answers
            done = erasure_for_identity(community=community, external_id=external_id)
            if done is None:
                raise exceptions.NotFound(str(error), code="not_found") from error
            tombstone = done
        return Response(ErasureOutput(tombstone).data, status=status.HTTP_200_OK)


# --- People signed in: /me/… ---------------------------------------------------------------------


def my_community(request: Request) -> Community:
    """The community a signed-in person asks about: the one they belong to, or the one they name."""
    communities = Community.objects.filter(memberships__user=request.user).order_by("slug")
    slug = request.query_params.get("community")
    if slug:
        community = communities.filter(slug=slug).first() if "\x00" not in slug else None
        if community is None:
            raise exceptions.NotFound(f"You are not a member of a community {slug!r}.", code="not_found")
        return community
    first_two = list(communities[:2])
    if not first_two:
        raise exceptions.NotFound("You are not a member of any community.", code="not_found")
    if len(first_two) > 1:
        raise serializers.ValidationError({"community": "You belong to several communities: name one (?community=)."})
    return first_two[0]


class _SignedIn(MethodBeforeAuthentication):
    """Session authentication only: a bot's key is no way in, and nobody reads anyone else."""

    authentication_classes = [SignedInSession]
    permission_classes = [IsAuthenticated]


def _me(request: Request) -> User:
    assert isinstance(request.user, User)  # IsAuthenticated let only a signed-in person through
    return request.user


class MeProfileApi(_SignedIn, APIView):
    @extend_schema(
        operation_id="me_profile",
        description="What is known about you in one community, in short. Signed-in people only (session).",
        parameters=[COMMUNITY],
        responses={
            200: ProfileOutput,
            **error_responses(400, 404, e400="You belong to several communities: name one."),
            **SESSION_ERRORS,
        },
        examples=[OpenApiExample("Alice", value=_PROFILE_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request) -> Response:
        return Response(profile_output(community=my_community(request), user=_me(request)))


class MeExportApi(_SignedIn, APIView):
    @extend_schema(
        operation_id="me_export",
        description=(
            "Everything stored about you, as one JSON document; with `community`, only what that community holds. "
            "Signed-in people only (session)."
        ),
        parameters=[COMMUNITY],
        responses={200: OpenApiTypes.OBJECT, **error_responses(404), **SESSION_ERRORS},
        examples=[OpenApiExample("Your data", value=_EXPORT_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request) -> Response:
        community = my_community(request) if request.query_params.get("community") else None
        return Response(user_export(user=_me(request), community=community))


class MyMemoryFilter(MemoryFilter):
    user = None  # type: ignore[assignment]  # always the person signed in


class MeMemoriesApi(_SignedIn, generics.ListAPIView):
    community: Community
    serializer_class = MemoryOutput
    filterset_class = MyMemoryFilter

    def get_queryset(self) -> QuerySet[Memory]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has nobody signed in
            return Memory.objects.none()
        return (
            Memory.objects.filter(community=self.community, user=_me(self.request))
            .select_related("persona")
            .defer("embedding", "search_vector")
        )

    @extend_schema(
        operation_id="me_memories",
        description="What is remembered about you in one community, newest first. Signed-in people only (session).",
        parameters=[COMMUNITY],
        responses={
            200: MemoryOutput(many=True),
            **error_responses(400, 404, e400="Invalid filter, or several communities and none named."),
            **SESSION_ERRORS,
        },
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.community = my_community(request)
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset())) or []
        return self.get_paginated_response(memories_output(page, community=self.community))
