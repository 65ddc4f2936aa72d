"""API views of the memory engine: context (and memories, entities)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import ApiKeyScope, Community, ExternalIdentity, User
from chat.models import Channel, Persona
from memories.services.context import AssembledContext, assemble_context
from memoryhub.api import HasScope, api_key_of


def person_get(*, community: Community, external_id: str) -> User:
    """The person behind a platform id in the key's community, or 404 (never another community's)."""
    identity = get_object_or_404(
        ExternalIdentity.objects.select_related("user"), community=community, external_id=external_id
    )
    return identity.user


def persona_get(*, community: Community, name: str | None) -> Persona:
    personas = Persona.objects.filter(community=community, is_active=True)
    if name:
        return get_object_or_404(personas, name=name)
    persona = personas.order_by("pk").first()
    if persona is None:
        raise serializers.ValidationError({"persona": "This community has no persona yet."})
    return persona


class UsedMemoryOutput(serializers.Serializer):
    id = serializers.IntegerField()
    content = serializers.CharField()
    kind = serializers.CharField()
    layer = serializers.CharField(help_text="The layer that chose it: recent, topic or relevant.")
    importance = serializers.FloatField()
    similarity = serializers.FloatField(allow_null=True)
    recency = serializers.FloatField()
    frequency = serializers.FloatField()
    lexical = serializers.BooleanField()
    topical = serializers.BooleanField()
    total = serializers.FloatField(help_text="0.4·similarity + 0.2·recency + 0.3·importance + 0.1·frequency")


class LayerOutput(serializers.Serializer):
    name = serializers.CharField()
    tokens = serializers.IntegerField()
    memory_ids = serializers.ListField(child=serializers.IntegerField())


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


def context_output(result: AssembledContext, persona: Persona) -> dict[str, Any]:
    data = ContextOutput(result).data
    return {**data, "injection_mode": persona.injection_mode}


class ContextApi(APIView):
    """The memory context a bot reads before it replies to a person."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.CONTEXT

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ContextInput"

        user = serializers.CharField(max_length=200, help_text="The person's platform id.")
        query = serializers.CharField(max_length=4000, help_text="The message about to be answered.")
        channel = serializers.CharField(max_length=200, required=False, help_text="The bot's channel id.")
        persona = serializers.CharField(max_length=100, required=False, help_text="Persona name; default the first.")

    def _answer(self, request: Request, data: dict[str, Any]) -> Response:
        serializer = self.InputSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        community = api_key_of(request).community
        values = serializer.validated_data
        user = person_get(community=community, external_id=values["user"])
        persona = persona_get(community=community, name=values.get("persona"))
        channel = None
        if values.get("channel"):
            channel = get_object_or_404(Channel, community=community, external_id=values["channel"])
        result = assemble_context(
            community=community, user=user, persona=persona, channel=channel, message=values["query"]
        )
        return Response(context_output(result, persona))

    @extend_schema(
        operation_id="context_read",
        parameters=[InputSerializer],
        responses={200: ContextOutput, 404: OpenApiResponse(description="Unknown person, persona or channel.")},
    )
    def get(self, request: Request) -> Response:
        return self._answer(request, request.query_params.dict())

    @extend_schema(
        operation_id="context_build",
        request=InputSerializer,
        responses={200: ContextOutput, 404: OpenApiResponse(description="Unknown person, persona or channel.")},
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
