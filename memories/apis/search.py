"""Memory search over the API, and a memory's history."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKeyScope
from core.apikit.api import Score, input_values
from core.apikit.docs import BOT_ERRORS, error_responses
from memories.api_calls import MemorySearchInput, memories_search_for_key
from memories.api_parts import MemoryOutput
from memories.apis.memory import MEMORY_ID
from memories.selectors.shown import memory_revisions

# --- Memory search -----------------------------------------------------------------------------


class RevisionOutput(serializers.Serializer):
    action = serializers.CharField(help_text="created, updated, forgotten, expired, capped, moderator_edit, …")
    actor = serializers.CharField(help_text="Who made the change: llm, moderator, user (the person) or system.")
    at = serializers.DateTimeField(source="created_at")
    before = serializers.JSONField(allow_null=True, help_text="The memory before (null when it was created).")
    after = serializers.JSONField(allow_null=True, help_text="The memory after (null when it was deleted).")
    reason = serializers.CharField()
    window = serializers.IntegerField(source="window_id", allow_null=True, help_text="The window an extraction read.")


class HistoryOutput(serializers.Serializer):
    memory = serializers.IntegerField(help_text="The memory's id (its history outlives it).")
    revisions = RevisionOutput(many=True)


class MemoryHistoryApi(APIView):
    """A memory's revisions, oldest first: what changed, by whom (a kind, no name) and when."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ

    @extend_schema(
        operation_id="memories_history",
        parameters=[MEMORY_ID],
        description=(
            "Every change to a memory of this community, oldest first, also after it was deleted. The words of a "
            "forgotten person's memories are not kept. Scope `memories:read`."
        ),
        responses={200: HistoryOutput, **error_responses(*BOT_ERRORS, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        community = api_key_of(request).community
        revisions = list(memory_revisions(memory_id=pk, community=community))
        if not revisions:
            raise exceptions.NotFound(f"No memory {pk} in this community.")
        return Response(HistoryOutput({"memory": pk, "revisions": revisions}).data)


class SearchHitOutput(MemoryOutput):
    similarity = Score(allow_null=True, help_text="Cosine similarity of content and query.")
    lexical = Score(allow_null=True, help_text="0 to 1, BM25 of the query over the person's memories (with a user).")
    context = Score(
        allow_null=True,
        help_text="0 to 1, the best fused score of another memory said around the same time (with a user).",
    )
    relevance = Score(
        allow_null=True,
        help_text="0 to 1, similarity and lexical fused by the community's weights, lifted by its context's "
        "(with a user).",
    )
    recency = Score(allow_null=True, help_text="0 to 1, half-life since it was said (with a user).")
    frequency = Score(allow_null=True, help_text="0 to 1, log-scaled recalls fading since the last (with a user).")
    total = Score(
        allow_null=True,
        help_text="With a user, the context ranking: relevance lifted by at most 25 % by recency, importance and "
        "frequency (the community's weights). Without one, null: hits are ranked by similarity.",
    )

    class Meta(MemoryOutput.Meta):
        fields = [
            *MemoryOutput.Meta.fields,
            "similarity",
            "lexical",
            "context",
            "relevance",
            "recency",
            "frequency",
            "total",
        ]


class SearchOutput(serializers.Serializer):
    results = SearchHitOutput(many=True)


class MemorySearchApi(APIView):
    """Search memories by meaning: one person's, ranked like the context; or the whole community's."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ

    InputSerializer = MemorySearchInput

    @extend_schema(
        operation_id="memories_search",
        description=(
            "With `user`: that person's live memories, ranked as the context ranks them (similarity, recency, "
            "importance, frequency). Without: the whole community's nearest memories by meaning. Searching "
            "counts as a recall only with `record_access`. Scope `memories:read`."
        ),
        request=InputSerializer,
        responses={
            200: SearchOutput,
            **error_responses(400, *BOT_ERRORS, 404, 503, e404="No person with this platform id in this community."),
        },
        examples=[
            OpenApiExample(
                "What Alice said about moving",
                value={"query": "moving house", "user": "alice_456", "limit": 5},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        values = input_values(self.InputSerializer, request.data)
        return Response({"results": memories_search_for_key(community=api_key_of(request).community, values=values)})
