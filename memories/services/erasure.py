"""What an erasure (``privacy.services.erasure``) does to the memory app's tables, step by step.

Privacy orders the steps, holds the person's lock and keeps the receipt; these functions write
memories, their revisions and entities, in the caller's transaction, and say what they did: the
rows deleted per model label, or how many rows (or which memories) they changed. A person's
names are redacted as ``core.erasure`` redacts them in every app.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from accounts.models import User
from core.erasure import names_redaction_params, names_replaced_sql, returning_ids, rows_delete
from memories.models import Entity, Memory, MemoryRevision, MemoryRevisionAction, MemoryRevisionActor
from memories.services.embeddings import memories_embed_now
from memories.services.memory import memory_snapshot

# Mirrors how extraction writes a reporter into a memory's context ("…; reported by Eve").
_REPORTED_BY_SQL = r"[;,]?\s*reported by\s+[^;,.()]*"


# Each step takes ``community_id``: given, it touches that community's rows alone (a community's
# erasure of what it holds about a person who keeps their account); None, every community's.


def memories_reporter_unlink(*, user: User, community_id: int | None = None) -> list[int]:
    """Memories ``user`` reported about someone else stay with their subject, without them:
    ``reported_by`` cleared and "reported by …" cut from the context. Returns their ids."""
    return returning_ids(
        """
        UPDATE memories_memory
        SET reported_by_id = NULL, updated_at = now(),
            context = btrim(regexp_replace(context, %(reported)s, '', 'gi'), ' ;,')
        WHERE reported_by_id = %(user)s AND (%(community)s::bigint IS NULL OR community_id = %(community)s)
        RETURNING id
        """,
        {"user": user.pk, "reported": _REPORTED_BY_SQL, "community": community_id},
    )


def _here(community_id: int | None) -> dict[str, int]:
    return {} if community_id is None else {"community_id": community_id}


def revisions_actor_unlink(*, user: User, community_id: int | None = None) -> int:
    """Revisions ``user`` made of other people's memories keep their row, without them; how many."""
    return MemoryRevision.objects.filter(actor_user=user, **_here(community_id)).update(actor_user=None)


def memories_of_person_delete(*, user: User, community_id: int | None = None) -> dict[str, int]:
    """Delete every revision about ``user``, their memories (with their source-message links) and
    their entities; the rows deleted per model label."""
    deleted: Counter[str] = Counter()
    deleted.update(rows_delete(MemoryRevision.objects.filter(subject=user, **_here(community_id))))
    deleted.update(rows_delete(Memory.objects.filter(user=user, **_here(community_id))))
    deleted.update(rows_delete(Entity.objects.filter(owner=user, **_here(community_id))))
    return dict(deleted)


def _snapshot_scrub_sql(column: str, redact: bool) -> str:
    """SQL rewriting one revision snapshot: reporter id and reporter phrase gone, names redacted.

    Only keys the snapshot has are rewritten (an erasure's own revision keeps ``before = {}``).
    """
    context = (
        f"CASE WHEN {column}->>'reported_by' = %(user_text)s "
        f"THEN btrim(regexp_replace({column}->>'context', %(reported)s, '', 'gi'), ' ;,') "
        f"ELSE {column}->>'context' END"
    )
    content = f"{column}->>'content'"
    if redact:
        context = names_replaced_sql(context)
        content = names_replaced_sql(content)
    # A missing key gives SQL NULL, which jsonb_strip_nulls drops instead of adding the key.
    return (
        f"{column} || jsonb_strip_nulls(jsonb_build_object("
        f"'content', to_jsonb(left({content}, 500)), 'context', to_jsonb(left({context}, 500)))) "
        f"|| CASE WHEN {column}->>'reported_by' = %(user_text)s "
        f"THEN jsonb_build_object('reported_by', NULL) ELSE jsonb_build_object() END"
    )


def revisions_of_others_scrub(
    *, user: User, names: list[str], community_ids: Collection[int], community_id: int | None = None
) -> int:
    """Revisions about other people lose ``user``: as reporter (id and phrase), and by ``names``
    in their snapshots and reasons, in ``community_ids``. How many revisions changed."""
    redact = bool(names)
    params = {
        "user": user.pk,
        "user_text": str(user.pk),
        "communities": sorted(community_ids),
        "community": community_id,
        "reported": _REPORTED_BY_SQL,
        **(names_redaction_params(names) if redact else {}),
    }
    reporter_in = (
        "(%(community)s::bigint IS NULL OR community_id = %(community)s) "
        "AND (before->>'reported_by' = %(user_text)s OR after->>'reported_by' = %(user_text)s)"
    )
    names_in = (
        "community_id = ANY(%(communities)s) AND (before::text ~* %(names)s OR after::text ~* %(names)s "
        "OR reason ~* %(names)s)"
        if redact
        else "false"
    )
    reason = names_replaced_sql("reason", 500) if redact else "reason"
    return len(
        returning_ids(
            f"""
            UPDATE memories_memoryrevision
            SET before = {_snapshot_scrub_sql("before", redact)}, after = {_snapshot_scrub_sql("after", redact)},
                reason = {reason}
            WHERE subject_id <> %(user)s AND (({reporter_in}) OR ({names_in}))
            RETURNING id
            """,  # noqa: S608 - constants only
            params,
        )
    )


def memories_names_redact(*, names: list[str], community_ids: Collection[int]) -> list[int]:
    """Redact ``names`` from the memories of ``community_ids`` (content and context; a vector of
    content that named them is cleared). Returns the ids of the memories changed."""
    return returning_ids(
        f"""
        UPDATE memories_memory
        SET content = {names_replaced_sql("content", 500)}, context = {names_replaced_sql("context", 500)},
            embedding = CASE WHEN content ~* %(names)s THEN NULL ELSE embedding END,
            embedding_model = CASE WHEN content ~* %(names)s THEN '' ELSE embedding_model END,
            updated_at = now()
        WHERE community_id = ANY(%(communities)s) AND (content ~* %(names)s OR context ~* %(names)s)
        RETURNING id
        """,  # noqa: S608 - constants only
        {"communities": sorted(community_ids), **names_redaction_params(names)},
    )


def entities_naming_delete(*, names: list[str], community_ids: Collection[int]) -> int:
    """Delete the entities of ``community_ids`` whose name holds one of ``names``; how many.

    An entity named after the person is about them ("Eve", "Eve's flat"); its name cannot be
    redacted in place without colliding with the owner's other entities, so it goes.
    """
    return len(
        returning_ids(
            "DELETE FROM memories_entity WHERE community_id = ANY(%(communities)s) AND name ~* %(names)s RETURNING id",
            {"communities": sorted(community_ids), **names_redaction_params(names)},
        )
    )


def entities_names_redact(*, names: list[str], community_ids: Collection[int]) -> int:
    """Redact ``names`` from the relationships and attributes of the entities of ``community_ids``; how many changed."""
    return len(
        returning_ids(
            f"""
            UPDATE memories_entity
            SET relationship = {names_replaced_sql("relationship", 200)},
                attributes = {names_replaced_sql("attributes::text")}::jsonb
            WHERE community_id = ANY(%(communities)s)
              AND (relationship ~* %(names)s OR attributes::text ~* %(names)s)
            RETURNING id
            """,  # noqa: S608 - constants only
            {"communities": sorted(community_ids), **names_redaction_params(names)},
        )
    )


def memories_redaction_record(*, memory_ids: Collection[int], reason: str) -> None:
    """Every change to a memory leaves a revision: one for each of these, rewritten by an erasure,
    that keeps nothing of the old text; then their vectors are made again from what they now say."""
    if not memory_ids:
        return
    MemoryRevision.objects.bulk_create(
        MemoryRevision(
            memory=memory,
            memory_ref=memory.pk,
            community_id=memory.community_id,
            subject_id=memory.user_id,
            action=MemoryRevisionAction.UPDATED,
            actor=MemoryRevisionActor.SYSTEM,
            before={},
            after=memory_snapshot(memory),
            reason=reason,
        )
        for memory in Memory.objects.filter(pk__in=memory_ids).defer("embedding", "search_vector")
    )
    memories_embed_now(memory_ids=sorted(memory_ids))  # searched by what they now say
