"""What the memory API's operations do once their input is checked, for more than one door: the
REST endpoints (``memories.apis``) and the MCP server (``integrations.mcp``) call the same functions,
so a memory saved, found, recalled or deleted through either is the same operation, with the
same checks and the same errors (DRF's, which each door words in its own way).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from rest_framework import exceptions, serializers

from accounts.models import ApiKey, Community, User
from chat.api_parts import bot_channel_id
from chat.models import Persona
from core.apikit.api import StrictBooleanField, StrictCharField, StrictInput, TypedInput, score_rounded
from memories.api_parts import (
    EmbeddingsUnavailable,
    MemoryFilter,
    memories_output,
    memory_output,
    person_get,
    person_named_get,
    persona_or_default,
    shown_output,
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
from memories.selectors.people import context_parties
from memories.selectors.ranking import memories_ranked
from memories.selectors.shown import memories_search_community, memories_shown
from memories.services.context import (
    AssembledContext,
    UsedMemory,
    assemble_context,
    is_relevant,
    memories_access_record,
    message_keywords,
)
from memories.services.memory import memory_create_once, memory_delete
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
from memoryhub.ai.embeddings import EmbeddingUnavailableError

QUERY_MAX_LENGTH = 4000  # a message to answer, or a search: the context's and the search's limit
SEARCH_MAX_RESULTS = 50
SEARCH_MIN_SIMILARITY = Persona._meta.get_field("search_threshold").get_default()  # a search's default

# --- Memories ----------------------------------------------------------------------------------


def api_reason(api_key: ApiKey) -> str:
    return f"via API key {api_key.prefix}"


def memory_get_for_key(*, community: Community, pk: int, lock: bool = False) -> Memory:
    """One of the community's memories, or 404: another community's memory does not exist here."""
    memories = Memory.objects.filter(community=community, pk=pk).defer("embedding")
    memory = memories.select_for_update().first() if lock else memories.select_related("persona").first()
    if memory is None:
        raise exceptions.NotFound(f"No memory {pk} in this community.", code="not_found")
    return memory


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


def memories_of_community(community: Community) -> QuerySet[Memory]:
    """The community's memories as the API lists them (every filter of ``MemoryFilter`` applies)."""
    return Memory.objects.filter(community=community).select_related("persona").defer("embedding", "search_vector")


def memories_list_for_key(
    *, community: Community, user: User | None, filters: dict[str, Any], limit: int
) -> list[dict[str, Any]]:
    """The newest ``limit`` of the community's live memories (or one person's), through
    ``MemoryFilter``'s ``filters`` (``topic``, ``kind``, ``text``, …), as the API shows them."""
    memories = memories_of_community(community)
    if user is not None:
        memories = memories.filter(user=user)
    filterset = MemoryFilter(data=filters, queryset=memories)
    if not filterset.is_valid():
        raise exceptions.ValidationError(filterset.errors)
    return memories_output(list(filterset.qs.order_by("-id")[:limit]), community=community)  # type: ignore[no-any-return]


def memory_create_for_key(*, api_key: ApiKey, values: dict[str, Any]) -> tuple[dict[str, Any], bool]:
    """Remember ``values`` (``MemoryCreateInput``'s) about a person of the key's community: the
    memory as the API shows it, and whether it is new. A live memory of theirs that already says
    the same words is answered instead, and nothing is written (a retry makes no twin). 404 for a
    person not known here, 409 when their memory is off."""
    user = person_get(community=api_key.community, external_id=values["user"])
    try:
        memory, created = memory_create_once(
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
            reason=api_reason(api_key),
            said_at=values.get("said_at"),
        )
    except EmbeddingUnavailableError as error:
        raise EmbeddingsUnavailable() from error
    return memory_output(memory, community=api_key.community), created


def memory_delete_for_key(*, api_key: ApiKey, pk: int) -> None:
    """Forget one of the community's memories (its history keeps the deletion), or 404."""
    with transaction.atomic():
        memory = memory_get_for_key(community=api_key.community, pk=pk, lock=True)
        memory_delete(
            memory=memory,
            actor=MemoryRevisionActor.SYSTEM,
            action=MemoryRevisionAction.FORGOTTEN,
            reason=api_reason(api_key),
        )


# --- The context ----------------------------------------------------------------------------


# What the context is built for: a person, the message about to be answered, and where. (No
# docstring: the schema would show it instead of the base class's.)
class ContextInput(TypedInput):
    class Meta:
        ref_name = "ContextInput"

    user = serializers.CharField(max_length=200, help_text="The person's platform id.")
    query = StrictCharField(max_length=QUERY_MAX_LENGTH, help_text="The message about to be answered.")
    channel = serializers.CharField(max_length=200, required=False, help_text="The bot's channel id.")
    persona = serializers.CharField(max_length=100, required=False, help_text="Persona name; default the first.")
    record_access = StrictBooleanField(
        default=True,
        help_text="Count the memories chosen for relevance as recalled (frequency). Off for previews and tests.",
    )


def context_for_key(*, community: Community, values: dict[str, Any]) -> dict[str, Any]:
    """The memory context (``ContextOutput``) for ``values`` (the context input's: ``user``,
    ``query``, and optionally ``channel``, ``persona``, ``record_access``)."""
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
    return context_output(result, persona)


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


# --- Search ------------------------------------------------------------------------------------


# A search by meaning, in one person's memories or the whole community's.
class MemorySearchInput(StrictInput):
    class Meta:
        ref_name = "MemorySearchInput"

    query = StrictCharField(max_length=QUERY_MAX_LENGTH)
    user = serializers.CharField(
        max_length=200, required=False, help_text="A person's platform id; without it, the whole community."
    )
    limit = serializers.IntegerField(min_value=1, max_value=SEARCH_MAX_RESULTS, default=10)
    min_similarity = serializers.FloatField(
        min_value=0,
        max_value=1,
        default=SEARCH_MIN_SIMILARITY,
        help_text="Hits below this cosine similarity are left out (a person's full-text matches are kept).",
    )
    record_access = StrictBooleanField(
        default=False, help_text="Count a person's hits as recalled, as the context does (off by default)."
    )


_NO_SCORES: dict[str, Any] = {
    "similarity": None,
    "lexical": None,
    "context": None,
    "relevance": None,
    "recency": None,
    "frequency": None,
    "total": None,
}


def memories_search_for_key(*, community: Community, values: dict[str, Any]) -> list[dict[str, Any]]:
    """Search hits (``SearchHitOutput``) for ``values`` (the search input's: ``query``, ``limit``,
    ``min_similarity``, ``record_access`` and optionally ``user``): with a person, their memories
    ranked as the context ranks them; without, the community's nearest by meaning."""
    person = person_named_get(community=community, external_id=values["user"]) if values.get("user") else None
    vector, model_name = text_embed(values["query"])
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
    return [{**row, **scores[memory.pk]} for memory, row in zip(shown.memories, rows, strict=True)]
