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
from chat.api_parts import bot_channel_id
from chat.models import Persona
from core.apikit.api import StrictBooleanField, StrictCharField, TypedInput, input_values, score_rounded
from core.apikit.docs import error_responses
from memories.api_parts import UsedMemoryOutput, persona_or_default
from memories.selectors.people import context_parties
from memories.services.context import (
    AssembledContext,
    UsedMemory,
    assemble_context,
    message_keywords,
)


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


# The answer is rendered by hand: ``ContextOutput`` (its schema) through DRF took about 3 ms of a
# request's CPU in a profile, for its 25 or so items. The two give the same answer, field for field
# (tests/memories/test_recall.py holds them equal, with memories and excerpts in the answer).
_SAID_AT = serializers.DateTimeField()


def _score(value: float | None) -> float | None:
    return None if value is None else score_rounded(value)


def _used_output(used: UsedMemory) -> dict[str, Any]:
    return {
        "id": used.id,
        "content": used.content,
        "kind": used.kind,
        "layer": used.layer,
        "message_id": used.message_id,
        "said_at": None if used.said_at is None else _SAID_AT.to_representation(used.said_at),
        "where": used.where,
        "importance": _score(used.importance),
        "similarity": _score(used.similarity),
        "lexical": _score(used.lexical),
        "context": _score(used.context),
        "relevance": _score(used.relevance),
        "recency": _score(used.recency),
        "frequency": _score(used.frequency),
        "topical": bool(used.topical),
        "total": _score(used.total),
    }


def context_output(result: AssembledContext, persona: Persona) -> dict[str, Any]:
    """``ContextOutput`` of ``result``, in the persona's injection mode."""
    return {
        "text": result.text,
        "token_count": result.memory_tokens,
        "prompt_tokens": result.prompt_tokens,
        "injection_mode": persona.injection_mode,
        "messages": [{"role": str(m["role"]), "content": str(m["content"])} for m in result.messages],
        "layers": [
            {"name": layer.name, "tokens": layer.tokens, "memory_ids": list(layer.memory_ids)}
            for layer in result.layers
        ],
        "memories": [_used_output(used) for used in result.memories],
    }


class ContextApi(APIView):
    """The memory context a bot reads before it replies to a person."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.CONTEXT

    class InputSerializer(TypedInput):
        class Meta:
            ref_name = "ContextInput"

        user = serializers.CharField(max_length=200, help_text="The person's platform id.")
        query = StrictCharField(max_length=4000, help_text="The message about to be answered.")
        channel = serializers.CharField(max_length=200, required=False, help_text="The bot's channel id.")
        persona = serializers.CharField(max_length=100, required=False, help_text="Persona name; default the first.")
        record_access = StrictBooleanField(
            default=True,
            help_text="Count the memories chosen for relevance as recalled (frequency). Off for previews and tests.",
        )

    def _answer(self, request: Request, data: dict[str, Any]) -> Response:
        values = input_values(self.InputSerializer, data)
        community = api_key_of(request).community
        # Someone the bot has not posted about yet has nothing remembered, and a channel it has not
        # posted in yet no recent talk: an answer all the same, not a 404 (and nothing is written).
        parties = context_parties(
            community=community,
            persona_name=values.get("persona") or "",
            user_external_id=values["user"],
            channel_external_id=bot_channel_id(values.get("channel") or ""),  # a web chat is not the bot's
            words=message_keywords(values["query"]),
        )
        persona = persona_or_default(community=community, name=values.get("persona"), found=parties.persona)
        user, channel = parties.user, parties.channel
        result = assemble_context(
            community=community,
            user=user,
            persona=persona,
            channel=channel,
            message=values["query"],
            record_access=values["record_access"],
            stranger_name=values["user"],
            head=parties.head,
        )
        return Response(context_output(result, persona))

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
