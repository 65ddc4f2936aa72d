"""Memories over the API: listed, read, written and deleted, each with its revision."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKeyScope
from core.apikit.api import input_values
from core.apikit.docs import BOT_ERRORS, error_responses
from memories.api_calls import (
    MemoryCreateInput,
    MemoryFieldsInput,
    api_reason,
    memories_of_community,
    memory_create_for_key,
    memory_delete_for_key,
    memory_get_for_key,
)
from memories.api_parts import MemoryFilter, MemoryOutput, memories_output, memory_output, text_embed
from memories.models import (
    Memory,
    MemoryRevisionAction,
    MemoryRevisionActor,
)
from memories.services.memory import memory_update

# --- Memories ----------------------------------------------------------------------------------


MEMORY_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The memory's id.")


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
        return memories_of_community(api_key_of(self.request).community)

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
            "memory's history). A live memory of theirs that already says the same words (case, spaces and the "
            "closing full stop aside) is answered with `200` instead, and nothing is written: a retry makes no twin. "
            "Scope `memories:write`."
        ),
        request=MemoryCreateInput,
        responses={
            201: MemoryOutput,
            200: OpenApiResponse(MemoryOutput, description="The same words were remembered already: that memory."),
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
        memory, created = memory_create_for_key(api_key=api_key_of(request), values=values)
        return Response(memory, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


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
                    reason=api_reason(api_key),
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
        memory_delete_for_key(api_key=api_key_of(request), pk=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
