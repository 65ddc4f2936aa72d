"""The parts of the memory API that other apps' APIs use too: how a memory and a memory used in a
context are shown, the memory filter, errors as documented, and people and personas by platform
id and name. An app's ``apis`` are its endpoints; what they share with other apps lives here.
"""

# --- Memories ----------------------------------------------------------------------------------
from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.postgres.search import SearchQuery
from django.db.models import Q, QuerySet
from django.utils import timezone
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers, status

from accounts.authentication import api_key_of
from accounts.models import Community, ExternalIdentity, User
from chat.models import Persona
from core.apikit.api import DateOrDateTimeFilter, Score, StrictBooleanFilter, StrictFilterSet
from memories.models import (
    ImportanceNow,
    Memory,
    MemoryKind,
    MemorySource,
)
from memories.selectors.people import PlatformPerson, person_by_platform_id
from memories.selectors.shown import MemoriesShown, memories_shown
from memoryhub.ai.embeddings import EmbeddingUnavailableError, embedder_get


class EmbeddingsUnavailable(exceptions.APIException):
    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = "The embedding provider is unavailable; nothing was changed. Retry later."
    default_code = "embeddings_unavailable"


def text_embed(text: str) -> tuple[list[float], str]:
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
