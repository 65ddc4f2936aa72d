"""Memories the reply model saves itself with the ``remember`` tool (``llm_triggered`` personas)."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.services import profile_locked
from chat.models import ChatSession, Message
from memories.models import Memory, MemorySource
from memories.services.memory import memories_cap_enforce
from memories.services.operations import memory_remember, memory_values_read
from memoryhub.ai.contract import EXPIRATIONS
from memoryhub.ai.embeddings import embedder_get

logger = logging.getLogger(__name__)


def remember_apply(
    *, session: ChatSession, arguments: str, evidence: Message, now: datetime | None = None
) -> Memory | None:
    """Validate one ``remember`` call and save (or refresh) the memory; None when it is refused."""
    now = now or timezone.now()
    try:
        data = json.loads(arguments)
    except ValueError:
        logger.info("remember call dropped: arguments are not JSON")
        return None
    if not isinstance(data, dict):
        return None
    values, problems = memory_values_read(data)
    if values is None:
        logger.info("remember call dropped: %s", "; ".join(problems))
        return None
    community = session.persona.community
    embedder = embedder_get()
    vector = embedder.embed_one(values.content).tolist()
    delta = EXPIRATIONS[values.expiration]
    fields: dict[str, Any] = {
        "content": values.content,
        "kind": values.kind,
        "topics": values.topics,
        "importance": values.importance,
        "expires_at": now + delta if delta else None,
    }
    with transaction.atomic():
        profile = profile_locked(user=session.user, community=community)
        if not profile.memory_enabled or not community.memory_enabled:
            return None
        memory = memory_remember(
            community=community,
            user=session.user,
            fields=fields,
            vector=vector,
            model_name=embedder.model_name,
            candidates=Memory.objects.select_for_update().filter(community=community, user=session.user),
            created={
                "persona": None,
                "source": MemorySource.CHAT,
                "source_messages": [evidence],
                "reason": "the reply model chose to remember it",
            },
            refreshed={"reason": "remembered again in chat"},
        )
        memories_cap_enforce(community=community, user=session.user, cap=community.max_memories_per_user)
    return memory
