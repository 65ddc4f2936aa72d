"""Memories over the API: listed, read, written and deleted, each with its revision."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import exceptions, generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKey, ApiKeyScope, Community
from core.apikit.api import StrictCharField, StrictInput, input_values
from core.apikit.docs import BOT_ERRORS, error_responses
from memories.api_parts import (
    EmbeddingsUnavailable,
    MemoryFilter,
    MemoryOutput,
    memories_output,
    memory_output,
    person_get,
    text_embed,
)
from memories.models import (
    MEMORY_MAX_LENGTH,
    Memory,
    MemoryKind,
    MemoryRevisionAction,
    MemoryRevisionActor,
    MemorySource,
)
from memories.services.memory import memory_create, memory_delete, memory_update
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
from memoryhub.ai.embeddings import EmbeddingUnavailableError

# --- Memories ----------------------------------------------------------------------------------


MEMORY_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The memory's id.")


def _api_reason(api_key: ApiKey) -> str:
    return f"via API key {api_key.prefix}"


def memory_get_for_key(*, community: Community, pk: int, lock: bool = False) -> Memory:
    """One of the community's memories, or 404: another community's memory does not exist here."""
    memories = Memory.objects.filter(community=community, pk=pk).defer("embedding")
    memory = memories.select_for_update().first() if lock else memories.select_related("persona").first()
    if memory is None:
        raise exceptions.NotFound(f"No memory {pk} in this community.", code="not_found")
    return memory


_MEMORY_EXAMPLE = {
    "id": 1042,
    "user": "alice_456",
    "content": "Alice is moving to Austin next month",
    "kind": "plan",
    "topics": ["moving", "austin"],
    "importance": 0.9,
    "expires_at": None,
    "source": "passive",
    "reported_by": None,
    "context": "",
    "persona": None,
    "sources": [{"id": 88123, "channel": "general", "message_id": "1186", "sent_at": "2026-11-20T18:02:11Z"}],
    "access_count": 3,
    "last_accessed_at": "2025-05-02T18:04:11Z",
    "created_at": "2025-04-30T12:01:23Z",
    "updated_at": "2025-05-02T18:04:11Z",
}


def _expiration_validate(attrs: dict[str, Any], *, said_at: datetime | None = None) -> dict[str, Any]:
    """``expires_at`` (a future time, or null) or ``expiration`` (a lifetime word, counted from when
    the memory was said: now, or an import's ``said_at``), not both."""
    if "expires_at" in attrs and "expiration" in attrs:
        raise serializers.ValidationError({"expiration": "Send expires_at or expiration, not both."})
    if attrs.get("expires_at") is not None and attrs["expires_at"] <= timezone.now():
        raise serializers.ValidationError({"expires_at": "Must be in the future."})
    if "expiration" in attrs:
        lifetime = EXPIRATIONS[attrs.pop("expiration")]
        attrs["expires_at"] = (said_at or timezone.now()) + lifetime if lifetime is not None else None
        if attrs["expires_at"] is not None and attrs["expires_at"] <= timezone.now():
            raise serializers.ValidationError(
                {"expiration": f"Said at {said_at:%Y-%m-%d %H:%M} UTC, this memory would already have expired."}
            )
    return attrs


class MemoryFieldsInput(StrictInput):
    content = StrictCharField(max_length=MEMORY_MAX_LENGTH, help_text="A self-contained fact about the person.")
    kind = serializers.ChoiceField(choices=MemoryKind.choices, default=MemoryKind.FACT)
    topics = serializers.ListField(
        child=serializers.CharField(max_length=40), max_length=10, default=list, help_text="Tags, lower-cased."
    )
    importance = serializers.FloatField(
        min_value=0, max_value=1, default=IMPORTANCE_LEVELS["medium"], help_text="From 0 to 1 (low 0.3, high 0.9)."
    )
    expires_at = serializers.DateTimeField(required=False, allow_null=True, help_text="Null: permanent.")
    expiration = serializers.ChoiceField(
        choices=list(EXPIRATIONS), required=False, help_text="A lifetime from now, instead of expires_at."
    )
    context = StrictCharField(max_length=500, required=False, allow_blank=True, default="")

    exclusive_fields = ("expires_at", "expiration")  # one way to say when it expires

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        return _expiration_validate(attrs)


class MemoryCreateInput(MemoryFieldsInput):
    # said_at only with source import. A pattern, not an enum: drf-spectacular's enum naming would
    # replace a one-value enum by the field's whole choice set.
    schema_rules = (
        {
            "anyOf": [
                {"not": {"required": ["said_at"]}},
                {"required": ["source"], "properties": {"source": {"type": "string", "pattern": "^import$"}}},
            ]
        },
    )

    user = serializers.CharField(max_length=200, help_text="The person's platform id, known in this community.")
    source = serializers.ChoiceField(
        choices=[MemorySource.API, MemorySource.IMPORT],
        default=MemorySource.API,
        help_text="`import` for memories brought from elsewhere, which may carry `said_at`.",
    )
    said_at = serializers.DateTimeField(
        required=False,
        help_text="Imports only: when it was said. Recency and an `expiration` lifetime count from then.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        said_at = attrs.get("said_at")
        if said_at is not None:
            if attrs.get("source") != MemorySource.IMPORT:
                raise serializers.ValidationError({"said_at": "Only imported memories (source: import) carry it."})
            if said_at > timezone.now():
                raise serializers.ValidationError({"said_at": "Must not be in the future."})
        return _expiration_validate(attrs, said_at=said_at)


class MemoryUpdateInput(MemoryFieldsInput):
    """Every field optional: only what is sent changes."""


class MemoryListApi(generics.ListAPIView):
    """The community's memories, newest first; or remember something new about a person."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    required_scopes = {"POST": ApiKeyScope.MEMORIES_WRITE}
    serializer_class = MemoryOutput
    filterset_class = MemoryFilter

    def get_queryset(self) -> QuerySet[Memory]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return Memory.objects.none()
        return (
            Memory.objects.filter(community=api_key_of(self.request).community)
            .select_related("persona")
            .defer("embedding", "search_vector")
        )

    @extend_schema(
        operation_id="memories_list",
        description=(
            "The community's live memories, newest first; `include_expired=true` adds expired ones not yet "
            "pruned. Scope `memories:read`."
        ),
        responses={200: MemoryOutput(many=True), **error_responses(400, *BOT_ERRORS)},
        examples=[OpenApiExample("A page", value=_MEMORY_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        queryset = self.filter_queryset(self.get_queryset())
        page = self.paginate_queryset(queryset) or []
        return self.get_paginated_response(memories_output(page, community=api_key_of(request).community))

    @extend_schema(
        operation_id="memories_create",
        description=(
            "Remember something about a person known in this community (source `api`; the change is kept in the "
            "memory's history). Scope `memories:write`."
        ),
        request=MemoryCreateInput,
        responses={
            201: MemoryOutput,
            **error_responses(
                400,
                *BOT_ERRORS,
                404,
                409,
                503,
                e404="No person with this platform id in this community.",
                e409="The person turned memory off here (`memory_off`): nothing about them is stored.",
            ),
        },
        examples=[
            OpenApiExample(
                "Alice's move",
                value={
                    "user": "alice_456",
                    "content": "Alice is moving to Austin next month",
                    "kind": "plan",
                    "topics": ["moving", "austin"],
                    "importance": 0.9,
                    "expiration": "30d",
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        values = input_values(MemoryCreateInput, request.data)
        api_key = api_key_of(request)
        user = person_get(community=api_key.community, external_id=values["user"])
        try:
            memory = memory_create(
                community=api_key.community,
                user=user,
                content=values["content"],
                kind=values["kind"],
                topics=values["topics"],
                importance=values["importance"],
                expires_at=values.get("expires_at"),
                context=values["context"],
                source=values["source"],
                actor=MemoryRevisionActor.SYSTEM,
                reason=_api_reason(api_key),
                said_at=values.get("said_at"),
            )
        except EmbeddingUnavailableError as error:
            raise EmbeddingsUnavailable() from error
        return Response(memory_output(memory, community=api_key.community), status=status.HTTP_201_CREATED)


class MemoryDetailApi(APIView):
    """One memory: read it, correct it, or forget it. Every change is kept in its revision history."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    required_scopes = {"PATCH": ApiKeyScope.MEMORIES_WRITE, "DELETE": ApiKeyScope.MEMORIES_WRITE}

    @extend_schema(
        operation_id="memories_read",
        parameters=[MEMORY_ID],
        description="One memory of this community. Scope `memories:read`.",
        responses={200: MemoryOutput, **error_responses(*BOT_ERRORS, 404)},
        examples=[OpenApiExample("Alice's move", value=_MEMORY_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request, pk: int) -> Response:
        community = api_key_of(request).community
        return Response(memory_output(memory_get_for_key(community=community, pk=pk), community=community))

    @extend_schema(
        operation_id="memories_update",
        parameters=[MEMORY_ID],
        description=(
            "Correct a memory: only the fields sent change; new content is embedded again. The change is kept in "
            "the memory's history. Scope `memories:write`."
        ),
        request=MemoryUpdateInput,
        responses={
            200: MemoryOutput,
            **error_responses(
                400, *BOT_ERRORS, 404, 409, 503, e409="The person turned memory off here (`memory_off`)."
            ),
        },
        examples=[
            OpenApiExample(
                "The move is postponed",
                value={"content": "Alice is moving to Austin in the autumn", "expiration": "permanent"},
                request_only=True,
            )
        ],
    )
    def patch(self, request: Request, pk: int) -> Response:
        api_key = api_key_of(request)
        serializer = MemoryUpdateInput(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        content = changes.pop("content", None)
        vector = None
        if content is not None and content != memory_get_for_key(community=api_key.community, pk=pk).content:
            vector = text_embed(content)  # before the row is locked: a remote provider may take seconds
        with transaction.atomic():
            memory = memory_get_for_key(community=api_key.community, pk=pk, lock=True)
            if content is not None and content != memory.content:
                changes["content"] = content
                if vector is None:  # someone changed it meanwhile
                    vector = text_embed(content)
            changes = {field: value for field, value in changes.items() if getattr(memory, field) != value}
            if changes:
                memory = memory_update(
                    memory=memory,
                    actor=MemoryRevisionActor.SYSTEM,
                    action=MemoryRevisionAction.UPDATED,
                    reason=_api_reason(api_key),
                    embedding=vector[0] if vector else None,
                    embedding_model=vector[1] if vector else "",
                    **changes,
                )
        return Response(memory_output(memory, community=api_key.community))

    @extend_schema(
        operation_id="memories_delete",
        parameters=[MEMORY_ID],
        description="Forget a memory. Its history keeps the deletion. Scope `memories:write`.",
        responses={204: None, **error_responses(*BOT_ERRORS, 404)},
    )
    def delete(self, request: Request, pk: int) -> Response:
        api_key = api_key_of(request)
        with transaction.atomic():
            memory = memory_get_for_key(community=api_key.community, pk=pk, lock=True)
            memory_delete(
                memory=memory,
                actor=MemoryRevisionActor.SYSTEM,
                action=MemoryRevisionAction.FORGOTTEN,
                reason=_api_reason(api_key),
            )
        return Response(status=status.HTTP_204_NO_CONTENT)
