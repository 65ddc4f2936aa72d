"""Shared by every API view of the memory engine: errors as documented, people by platform id."""

from __future__ import annotations

from rest_framework import exceptions, status

from accounts.models import Community, User
from chat.models import Persona
from memories.selectors.people import PlatformPerson, person_by_platform_id
from memoryhub.ai.embeddings import EmbeddingUnavailableError, embedder_get

# --- Shared by every API view: errors as documented, people by platform id -----------------------


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
