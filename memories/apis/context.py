"""``GET /context``: the memory context a bot receives before it replies, and its output."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKeyScope
from core.apikit.api import input_values
from core.apikit.docs import error_responses
from memories.api_calls import ContextInput, context_for_key
from memories.api_parts import UsedMemoryOutput


class LayerOutput(serializers.Serializer):
    name = serializers.CharField()
    tokens = serializers.IntegerField()
    memory_ids = serializers.ListField(
        child=serializers.IntegerField(), help_text="The memories it holds; for layer `episode`, the messages."
    )


class PromptMessageOutput(serializers.Serializer):
    role = serializers.CharField()
    content = serializers.CharField()


class ContextOutput(serializers.Serializer):
    text = serializers.CharField(help_text="The memory block, delimited by <memories> … </memories>.")
    token_count = serializers.IntegerField(source="memory_tokens")
    prompt_tokens = serializers.IntegerField()
    injection_mode = serializers.CharField()
    messages = PromptMessageOutput(many=True, help_text="The whole prompt in the persona's injection mode.")
    layers = LayerOutput(many=True)
    memories = UsedMemoryOutput(many=True)


class ContextApi(APIView):
    """The memory context a bot reads before it replies to a person."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.CONTEXT

    InputSerializer = ContextInput

    def _answer(self, request: Request, data: dict[str, Any]) -> Response:
        values = input_values(self.InputSerializer, data)
        return Response(context_for_key(community=api_key_of(request).community, values=values))

    @extend_schema(
        operation_id="context_read",
        parameters=[InputSerializer],
        responses={
            200: ContextOutput,
            **error_responses(404, e404="No active persona of that name in this community."),
        },
    )
    def get(self, request: Request) -> Response:
        data: dict[str, Any] = request.query_params.dict()
        if data.get("record_access") in ("true", "false"):  # a query string's boolean
            data["record_access"] = data["record_access"] == "true"
        return self._answer(request, data)

    @extend_schema(
        operation_id="context_build",
        request=InputSerializer,
        responses={
            200: ContextOutput,
            **error_responses(404, e404="No active persona of that name in this community."),
        },
        examples=[
            OpenApiExample(
                "A question in #general",
                value={"user": "alice_456", "query": "any tips for the move?", "channel": "general"},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        return self._answer(request, request.data if isinstance(request.data, dict) else {})
