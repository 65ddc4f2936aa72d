"""Memories the reply model saves itself with the ``remember`` tool (``llm_triggered`` personas)."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import Profile
from chat.models import ChatSession, Message
from memories.models import MEMORY_MAX_LENGTH, Memory, MemoryKind, MemoryRevisionActor, MemorySource
from memories.services.memory import memories_cap_enforce, memory_create, memory_duplicate_find, memory_update
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
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
    content = " ".join(str(data.get("content") or "").split())
    kind = data.get("kind") or MemoryKind.FACT
    level = data.get("importance") or "medium"
    expiration = data.get("expiration") or "permanent"
    if not 0 < len(content) <= MEMORY_MAX_LENGTH or kind not in MemoryKind.values:
        logger.info("remember call dropped: content or kind invalid")
        return None
    if level not in IMPORTANCE_LEVELS or expiration not in EXPIRATIONS:
        logger.info("remember call dropped: importance or expiration invalid")
        return None
    topics = [str(t) for t in data.get("topics") or [] if isinstance(t, str)]
    community = session.persona.community
    embedder = embedder_get()
    vector = embedder.embed_one(content).tolist()
    delta = EXPIRATIONS[expiration]
    fields: dict[str, Any] = {
        "content": content,
        "kind": kind,
        "topics": topics,
        "importance": IMPORTANCE_LEVELS[level],
        "expires_at": now + delta if delta else None,
    }
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=session.user, community=community)
        if not profile.memory_enabled or not community.memory_enabled:
            return None
        current = Memory.objects.select_for_update().filter(community=community, user=session.user)
        duplicate = memory_duplicate_find(content=content, embedding=vector, candidates=current)
        if duplicate is not None:
            memory = memory_update(
                memory=duplicate,
                actor=MemoryRevisionActor.LLM,
                reason="remembered again in chat",
                embedding=vector,
                embedding_model=embedder.model_name,
                **fields,
            )
        else:
            memory = memory_create(
                community=community,
                user=session.user,
                persona=None,
                source=MemorySource.CHAT,
                actor=MemoryRevisionActor.LLM,
                source_messages=[evidence],
                embedding=vector,
                embedding_model=embedder.model_name,
                reason="the reply model chose to remember it",
                **fields,
            )
        memories_cap_enforce(community=community, user=session.user, cap=community.max_memories_per_user)
    return memory
