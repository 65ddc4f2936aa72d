"""API views of the memory engine: context, memories, memory search and entities."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import exceptions, generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import ApiKey, ApiKeyScope, Community, ExternalIdentity, User
from chat.models import Persona
from memories.models import (
    MEMORY_MAX_LENGTH,
    Entity,
    EntityType,
    ImportanceNow,
    Memory,
    MemoryKind,
    MemoryRevisionAction,
    MemoryRevisionActor,
    MemorySource,
)
from memories.selectors import (
    MemoriesShown,
    PlatformPerson,
    context_parties,
    memories_ranked,
    memories_search_community,
    memories_shown,
    memory_revisions,
    person_by_platform_id,
    platform_ids,
)
from memories.services.context import (
    AssembledContext,
    UsedMemory,
    assemble_context,
    is_relevant,
    memories_access_record,
    message_keywords,
)
from memories.services.memory import memory_create, memory_delete, memory_update
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
from memoryhub.ai.embeddings import EmbeddingUnavailableError, embedder_get
from memoryhub.api import (
    DateOrDateTimeFilter,
    HasScope,
    Score,
    StrictBooleanField,
    StrictBooleanFilter,
    StrictCharField,
    StrictFilterSet,
    StrictInput,
    TypedInput,
    api_key_of,
    input_values,
    score_rounded,
)
from memoryhub.api_docs import BOT_ERRORS, error_responses

# --- Shared by every API view: errors as documented, people by platform id -----------------------


class EmbeddingsUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The embedding provider is unavailable; nothing was changed. Retry later."
    default_code = "embeddings_unavailable"


def _embed(text: str) -> tuple[list[float], str]:
    """The vector of ``text`` and the model that made it; a provider outage is a 503, not a 500."""
    embedder = embedder_get()
    try:
        return embedder.embed_one(text).tolist(), embedder.model_name
    except EmbeddingUnavailableError as error:
        raise EmbeddingsUnavailable() from error


def person_get(*, community: Community, external_id: str) -> User:
    """The person behind a platform id in the key's community, or 404 (never another community's)."""
    return person_named_get(community=community, external_id=external_id).user


def person_named_get(*, community: Community, external_id: str) -> PlatformPerson:
    """As ``person_get``, with how the person is called in the community."""
    found = person_by_platform_id(community=community, external_id=external_id)
    if found is None:
        raise exceptions.NotFound(f"No person with platform id {external_id!r} in this community.", code="not_found")
    return found


def persona_get(*, community: Community, name: str | None) -> Persona:
    personas = Persona.objects.filter(community=community, is_active=True)
    found = (personas.filter(name=name) if name else personas.order_by("pk")).first()
    return persona_or_default(community=community, name=name, found=found)


def persona_or_default(*, community: Community, name: str | None, found: Persona | None) -> Persona:
    """The persona a call named (404 when it is not an active one) or, unnamed, the first one."""
    if name and found is None:
        raise exceptions.NotFound(f"No active persona {name!r} in this community.", code="not_found")
    # No persona yet: the memory settings' defaults, so a bot gets memory before anyone set one up.
    return found or Persona(community=community, name="", system_prompt="")


class UsedMemoryOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="The memory's id; for layer `episode`, the message's.")
    content = serializers.CharField()
    kind = serializers.CharField(help_text="The memory's kind; `message` for layer `episode`.")
    layer = serializers.CharField(
        help_text="The layer that chose it: recent, topic, relevant, or episode (a line the person said before, "
        "from past conversations)."
    )
    message_id = serializers.IntegerField(allow_null=True, help_text="Layer `episode`: the line's message.")
    said_at = serializers.DateTimeField(allow_null=True, help_text="Layer `episode`: when the line was said.")
    where = serializers.CharField(help_text='Layer `episode`: where it was said ("#general", "web chat").')
    importance = Score()
    similarity = Score(allow_null=True, help_text="Cosine similarity to the query.")
    lexical = Score(help_text="BM25 of the query over the person's memories, 0 to 1 (1 = best).")
    context = Score(help_text="The best semantic and lexical score of another memory said around the same time.")
    relevance = Score(
        help_text="Semantic and lexical fused by the community's weights and lifted by its context's, 0 to 1."
    )
    recency = Score()
    frequency = Score(help_text="Past recalls, log-scaled, fading since the last.")
    topical = serializers.BooleanField()
    total = Score(help_text="Relevance lifted by at most 25 % by recency, importance and frequency: the rank order.")


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
            channel_external_id=values.get("channel") or "",
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


class MemorySourceOutput(serializers.Serializer):
    id = serializers.IntegerField(help_text="MemoryHub's message id.")
    channel = serializers.CharField(allow_null=True, help_text="The bot's channel id (null: the web chat).")
    message_id = serializers.CharField(allow_null=True, help_text="The bot's message id, if it gave one.")
    sent_at = serializers.DateTimeField()


class MemoryOutput(serializers.ModelSerializer):
    user = serializers.SerializerMethodField(help_text="The person's platform id (null: known only on the web).")
    reported_by = serializers.SerializerMethodField(help_text="Platform id of the third party who said it.")
    persona = serializers.CharField(source="persona.name", allow_null=True, help_text="Only this persona recalls it.")
    sources = serializers.SerializerMethodField(help_text="The messages it was learned from (its provenance).")
    importance = Score(
        source="importance_now", help_text="How much it matters today, 0 to 1: 1 % less each day nobody recalls it."
    )

    class Meta:
        model = Memory
        fields = [
            "id",
            "user",
            "content",
            "kind",
            "topics",
            "importance",
            "expires_at",
            "source",
            "reported_by",
            "context",
            "persona",
            "sources",
            "access_count",
            "last_accessed_at",
            "created_at",
            "updated_at",
        ]

    def get_user(self, memory: Memory) -> str | None:
        return self.context["handles"].get(memory.user_id)

    def get_reported_by(self, memory: Memory) -> str | None:
        return self.context["handles"].get(memory.reported_by_id)

    @extend_schema_field(MemorySourceOutput(many=True))
    def get_sources(self, memory: Memory) -> Any:
        return MemorySourceOutput(self.context["sources"].get(memory.pk, []), many=True).data


def memories_output(memories: list[Memory], *, community: Community) -> Any:
    shown = memories_shown(community=community, memory_ids=[m.pk for m in memories])
    return shown_output(memories, shown)


def shown_output(memories: list[Memory], shown: MemoriesShown) -> Any:
    """``memories`` as the API shows them, with what ``memories_shown`` read beside them. One
    serializer for all: a ModelSerializer builds its fields on each construction, which cost more
    per memory than everything else a search does for it."""
    return MemoryOutput(memories, many=True, context={"handles": shown.handles, "sources": shown.sources}).data


def memory_output(memory: Memory, *, community: Community) -> Any:
    return memories_output([memory], community=community)[0]


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


@extend_schema_field({"type": "number", "minimum": 0, "maximum": 1})
class ImportanceFilter(filters.NumberFilter):
    """0 to 1, as importance is (anything else is a 400)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, min_value=0, max_value=1, **kwargs)


class MemoryFilter(StrictFilterSet):
    user = filters.CharFilter(method="by_user", help_text="The person's platform id.")
    topic = filters.CharFilter(method="by_topic", help_text="Memories tagged with this topic.")
    kind = filters.ChoiceFilter(choices=MemoryKind.choices, help_text="What sort of memory.")
    source = filters.ChoiceFilter(choices=MemorySource.choices, help_text="How it was learned.")
    importance_min = ImportanceFilter(field_name="importance_today", lookup_expr="gte", help_text="At least (0 to 1).")
    importance_max = ImportanceFilter(field_name="importance_today", lookup_expr="lte", help_text="At most (0 to 1).")
    expiring_before = DateOrDateTimeFilter(
        method="by_expiry",
        help_text="Memories that expire before this time (any UTC offset), or before this day (2026-11-01: "
        "its start, UTC).",
    )
    text = filters.CharFilter(
        method="by_text", help_text='Full-text search of the content (web search syntax: "quoted", or, -not).'
    )
    include_expired = StrictBooleanFilter(
        method="keep_expired", help_text="Also expired memories not yet pruned (default false)."
    )

    class Meta:
        model = Memory
        fields: list[str] = []

    def by_expiry(self, queryset: QuerySet[Memory], name: str, value: datetime) -> QuerySet[Memory]:
        return queryset.filter(expires_at__lt=value)  # in UTC already (DateOrDateTimeField)

    def by_user(self, queryset: QuerySet[Memory], name: str, value: str) -> QuerySet[Memory]:
        people = ExternalIdentity.objects.filter(community=api_key_of(self.request).community, external_id=value)
        return queryset.filter(user_id__in=people.values("user_id"))

    def by_topic(self, queryset: QuerySet[Memory], name: str, value: str) -> QuerySet[Memory]:
        # Stored topics are lower-cased with hyphens for spaces (memory_create): ask the same way.
        return queryset.filter(topics__contains=["-".join(value.lower().split())])

    def by_text(self, queryset: QuerySet[Memory], name: str, value: str) -> QuerySet[Memory]:
        return queryset.filter(search_vector=SearchQuery(value, config="english", search_type="websearch"))

    def keep_expired(self, queryset: QuerySet[Memory], name: str, value: bool) -> QuerySet[Memory]:
        return queryset  # read in filter_queryset: hiding the expired is the default, not a filter

    def filter_queryset(self, queryset: QuerySet[Memory]) -> QuerySet[Memory]:
        queryset = super().filter_queryset(queryset.alias(importance_today=ImportanceNow()))
        if not self.form.cleaned_data.get("include_expired"):
            queryset = queryset.filter(Q(expires_at__isnull=True) | Q(expires_at__gt=timezone.now()))
        return queryset


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
            vector = _embed(content)  # before the row is locked: a remote provider may take seconds
        with transaction.atomic():
            memory = memory_get_for_key(community=api_key.community, pk=pk, lock=True)
            if content is not None and content != memory.content:
                changes["content"] = content
                if vector is None:  # someone changed it meanwhile
                    vector = _embed(content)
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


# --- Memory search -----------------------------------------------------------------------------

SEARCH_MAX_RESULTS = 50


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


_NO_SCORES: dict[str, Any] = {
    "similarity": None,
    "lexical": None,
    "context": None,
    "relevance": None,
    "recency": None,
    "frequency": None,
    "total": None,
}


class MemorySearchApi(APIView):
    """Search memories by meaning: one person's, ranked like the context; or the whole community's."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ

    class InputSerializer(StrictInput):
        class Meta:
            ref_name = "MemorySearchInput"

        query = StrictCharField(max_length=4000)
        user = serializers.CharField(
            max_length=200, required=False, help_text="A person's platform id; without it, the whole community."
        )
        limit = serializers.IntegerField(min_value=1, max_value=SEARCH_MAX_RESULTS, default=10)
        min_similarity = serializers.FloatField(
            min_value=0,
            max_value=1,
            default=Persona._meta.get_field("search_threshold").get_default(),
            help_text="Hits below this cosine similarity are left out (a person's full-text matches are kept).",
        )
        record_access = StrictBooleanField(
            default=False, help_text="Count a person's hits as recalled, as the context does (off by default)."
        )

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
        community = api_key_of(request).community
        person = person_named_get(community=community, external_id=values["user"]) if values.get("user") else None
        vector, model_name = _embed(values["query"])
        now = timezone.now()
        scores: dict[int, dict[str, Any]] = {}
        if person is not None:
            words = message_keywords(values["query"])
            ranked = memories_ranked(
                community=community,
                user=person.user,
                now=now,
                text=" ".join(words),
                keywords=words,
                vector=vector,
                model_name=model_name,
                person_name=person.name,
            )
            hits = [c for c in ranked if is_relevant(c, threshold=values["min_similarity"])][: values["limit"]]
            for hit in hits:
                scores[hit.id] = {
                    "similarity": hit.similarity,
                    "lexical": hit.lexical,
                    "context": hit.context,
                    "relevance": hit.relevance,
                    "recency": hit.recency,
                    "frequency": hit.frequency,
                    "total": hit.total,
                }
            if values["record_access"]:
                memories_access_record(memory_ids=[hit.id for hit in hits], now=now)
        else:
            nearest = memories_search_community(
                community=community, vector=vector, model_name=model_name, now=now, limit=values["limit"]
            )
            for memory_id, similarity in nearest:
                if similarity >= values["min_similarity"]:
                    scores[memory_id] = {**_NO_SCORES, "similarity": similarity}
        shown = memories_shown(community=community, memory_ids=list(scores))  # in rank order
        rows = shown_output(shown.memories, shown)
        results = [{**row, **scores[memory.pk]} for memory, row in zip(shown.memories, rows, strict=True)]
        return Response({"results": results})


# --- Entities ----------------------------------------------------------------------------------


class EntityOutput(serializers.ModelSerializer):
    user = serializers.SerializerMethodField(help_text="Platform id of the person who mentioned it.")

    class Meta:
        model = Entity
        fields = [
            "id",
            "user",
            "type",
            "name",
            "relationship",
            "attributes",
            "first_mentioned_at",
            "last_mentioned_at",
            "mention_count",
        ]

    def get_user(self, entity: Entity) -> str | None:
        return self.context["handles"].get(entity.owner_id)


class EntityFilter(StrictFilterSet):
    user = filters.CharFilter(method="by_user", help_text="Platform id of the person who mentioned them.")
    type = filters.ChoiceFilter(choices=EntityType.choices, help_text="Person, place, thing, event or organisation.")
    name = filters.CharFilter(lookup_expr="icontains", help_text="Part of the name, any case.")

    class Meta:
        model = Entity
        fields: list[str] = []

    def by_user(self, queryset: QuerySet[Entity], name: str, value: str) -> QuerySet[Entity]:
        people = ExternalIdentity.objects.filter(community=api_key_of(self.request).community, external_id=value)
        return queryset.filter(owner_id__in=people.values("user_id"))


class EntityListApi(generics.ListAPIView):
    """The people, places and things that people in the community mentioned, newest first."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    serializer_class = EntityOutput
    filterset_class = EntityFilter

    def get_queryset(self) -> QuerySet[Entity]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return Entity.objects.none()
        return Entity.objects.filter(community=api_key_of(self.request).community)

    @extend_schema(
        operation_id="entities_list",
        description=(
            "People, places and things mentioned by people of this community, newest first. Scope `memories:read`."
        ),
        responses={200: EntityOutput(many=True), **error_responses(400, *BOT_ERRORS)},
        examples=[
            OpenApiExample(
                "Charlie's sister",
                value={
                    "id": 7,
                    "user": "charlie_789",
                    "type": "person",
                    "name": "Jane",
                    "relationship": "Charlie's sister",
                    "attributes": {"lives_in": "Austin"},
                    "first_mentioned_at": "2025-04-30T12:02:10Z",
                    "last_mentioned_at": "2025-05-02T09:15:00Z",
                    "mention_count": 2,
                },
                response_only=True,
            )
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset())) or []
        handles = platform_ids(community=api_key_of(request).community, user_ids=[e.owner_id for e in page])
        return self.get_paginated_response(EntityOutput(page, many=True, context={"handles": handles}).data)
