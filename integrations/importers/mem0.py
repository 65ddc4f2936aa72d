"""Memories from Mem0: its export (a list, or ``{"results": [...]}`` / ``{"memories": [...]}``) of
``{"id", "user_id", "memory", "created_at", "updated_at"?, "metadata", "categories", "expiration_date"?}``.

Each becomes a memory of source ``import`` through the write service ``POST /memories`` uses (it
embeds and indexes it, and records its "created" revision): the person is the Mem0 ``user_id``
taken as a platform id, its topics are the categories, its time the Mem0 ``created_at``. The
revision's reason, "imported from Mem0 (id …)", keeps the Mem0 id: a second run finds it and
writes nothing, and a memory deleted since its import is not brought back (its history outlives it).
Mem0 has no kinds or importance; ``metadata.kind`` and ``metadata.importance`` are read when
present, as MemoryHub's own export (``GET /users/{id}/export?format=mem0``) writes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from django.utils import timezone

from accounts.models import Community
from accounts.services import MemoryOffError, identity_resolve
from integrations.importers.common import ImportFileError, ImportReport, json_load, mapping, time_read
from memories.models import MemoryKind, MemoryRevision, MemoryRevisionAction, MemoryRevisionActor, MemorySource
from memories.services.maintenance import Progress
from memories.services.memory import memory_create
from memoryhub.ai.contract import IMPORTANCE_LEVELS, MEMORY_MAX_LENGTH

CONTEXT = "imported from Mem0"
_REASON = CONTEXT + " (id {})"


@dataclass(frozen=True)
class Mem0Memory:
    mem0_id: str
    user_id: str
    content: str
    created_at: datetime
    topics: list[str]
    kind: str
    importance: float
    expires_at: datetime | None


def mem0_read(path: Path) -> tuple[list[Mem0Memory], ImportReport]:
    """The memories of a Mem0 export and what was skipped, or ImportFileError; writes nothing."""
    data = json_load(path)
    if isinstance(data, dict):
        data = data.get("results", data.get("memories"))
    if not isinstance(data, list):
        raise ImportFileError(f"{path.name} is not a Mem0 export: no list of memories (a list, results or memories).")
    report = ImportReport()
    memories = []
    for number, entry in enumerate(data, start=1):
        where = f"memory {entry.get('id') or number}" if isinstance(entry, dict) else f"memory #{number}"
        try:
            memory = _entry_read(entry)
        except ValueError as error:
            report.skip("malformed", where, str(error))
            continue
        if memory.expires_at is not None and memory.expires_at <= timezone.now():
            report.skip("expired", where)
            continue
        memories.append(memory)
    if data and not memories and all(skip.reason == "malformed" for skip in report.skipped):
        first = report.skipped[0]
        raise ImportFileError(f"No entry of {path.name} is a Mem0 memory: {first.where}: {first.detail}.")
    return memories, report


def _entry_read(entry: Any) -> Mem0Memory:
    if not isinstance(entry, dict):
        raise ValueError("not a JSON object")
    mem0_id, user_id, content = entry.get("id"), entry.get("user_id"), entry.get("memory")
    if not isinstance(mem0_id, str | int) or str(mem0_id) == "":
        raise ValueError("no id")
    if not isinstance(user_id, str | int) or str(user_id).strip() == "":
        raise ValueError("no user_id (an agent's or a run's memory is nobody's here)")
    if not isinstance(content, str) or not content.strip():
        raise ValueError("no memory text")
    if len(content) > MEMORY_MAX_LENGTH:
        raise ValueError(f"longer than {MEMORY_MAX_LENGTH} characters")
    created_at = time_read(entry["created_at"]) if entry.get("created_at") else timezone.now()
    if created_at > timezone.now():
        raise ValueError(f"created_at {created_at.isoformat()} is in the future")
    metadata = mapping(entry.get("metadata"))
    categories = entry.get("categories")
    importance = metadata.get("importance")
    return Mem0Memory(
        mem0_id=str(mem0_id)[:200],
        user_id=str(user_id).strip()[:200],
        content=content,
        created_at=created_at,
        topics=[str(c) for c in categories if isinstance(c, str | int)] if isinstance(categories, list) else [],
        kind=str(metadata.get("kind")) if metadata.get("kind") in MemoryKind.values else MemoryKind.FACT,
        importance=float(importance)
        if isinstance(importance, int | float) and 0 <= importance <= 1
        else IMPORTANCE_LEVELS["medium"],
        expires_at=time_read(entry["expiration_date"]) if entry.get("expiration_date") else None,
    )


def mem0_import(
    *, community: Community, memories: list[Mem0Memory], report: ImportReport, progress: Progress | None = None
) -> None:
    """Write the memories not imported before, one transaction each (an interrupted run goes on
    where it stopped when run again); counts them in ``report``."""
    done_before = set(
        MemoryRevision.objects.filter(
            community=community, action=MemoryRevisionAction.CREATED, reason__startswith=CONTEXT
        ).values_list("subject_id", "reason")
    )
    people: dict[str, Any] = {}
    for done, memory in enumerate(memories, start=1):
        user = people.get(memory.user_id)
        if user is None:
            user = people[memory.user_id] = identity_resolve(community=community, external_id=memory.user_id)
        reason = _REASON.format(memory.mem0_id)
        if (user.pk, reason) in done_before:
            report.duplicates += 1
        else:
            try:
                memory_create(
                    community=community,
                    user=user,
                    content=memory.content,
                    kind=memory.kind,
                    importance=memory.importance,
                    expires_at=memory.expires_at,
                    source=MemorySource.IMPORT,
                    actor=MemoryRevisionActor.SYSTEM,
                    topics=memory.topics,
                    context=CONTEXT,
                    reason=reason,
                    said_at=memory.created_at,
                )
            except MemoryOffError:
                report.skip("memory_off", f"memory {memory.mem0_id}")
            else:
                report.imported += 1
                done_before.add((user.pk, reason))  # the same id twice in the file is one memory
        if progress is not None:
            progress(done, len(memories))
