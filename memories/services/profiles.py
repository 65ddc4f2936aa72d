"""The profile paragraph follows edits: a deleted or corrected fact never outlives its memory in it.

The profile (``Profile.summary``) is written from memories, by extraction or the semantic
refresh. When a person, a moderator or a bot edits or deletes a memory, the sentences of the
profile that state the old fact are dropped at once, in the same transaction, so the very next
context no longer says it; then the paragraph is rewritten from the memories that remain: at
once with the offline engine (deterministic and cheap), queued after commit with an LLM.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.db import transaction
from django.utils import timezone

from accounts.models import Community, Profile, User
from memories.offline import OfflineLLM
from memories.selectors import person_display_name
from memories.services.context import STOPWORDS
from memories.services.summaries import profile_semantic_refresh
from memoryhub.ai.llm import llm_get
from memoryhub.celery import tasks_send_on_commit

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z0-9']+")
STALE_OVERLAP = 0.6  # share of a fact's telling words a sentence must repeat to be stating it


def _telling_words(text: str, ignored: set[str]) -> set[str]:
    words = {w.strip("'") for w in _WORD.findall(text.lower())}
    return {w for w in words if len(w) >= 3 and w not in STOPWORDS and w not in ignored}


def profile_sentences_drop(*, summary: str, facts: Iterable[str], name: str) -> str:
    """``summary`` without the sentences that state one of ``facts``.

    A sentence states a fact when it repeats most of the fact's telling words (not the person's
    name, which every sentence carries, nor stop words).
    """
    ignored = _telling_words(name, set())
    fact_words = [words for fact in facts if (words := _telling_words(fact, ignored))]
    kept = []
    for sentence in _SENTENCE_END.split(summary.strip()):
        said = _telling_words(sentence, ignored)
        if not any(len(words & said) / len(words) >= STALE_OVERLAP for words in fact_words):
            kept.append(sentence)
    return " ".join(kept)


def profile_follow_memories(*, community: Community, user: User, old_contents: list[str]) -> None:
    """After memories of ``user`` were edited or deleted: drop what the profile says of their old
    text now, and rewrite the profile from what remains (offline at once, an LLM after commit)."""
    profile = Profile.objects.select_for_update().filter(community=community, user=user).first()
    if profile is None or not profile.memory_enabled or not profile.summary.strip():
        return
    name = person_display_name(community=community, user=user)
    trimmed = profile_sentences_drop(summary=profile.summary, facts=old_contents, name=name)
    if trimmed != profile.summary:
        profile.summary = trimmed
        profile.save(update_fields=["summary", "updated_at"])
    llm = llm_get()
    if isinstance(llm, OfflineLLM):
        profile_semantic_refresh(profile=profile, llm=llm)
        return
    from memories.tasks import refresh_profile  # tasks import the services: imported when needed

    tasks_send_on_commit(refresh_profile, [(profile.pk,)])


class ProfileMemoryOffError(Exception):
    """The person turned memory off in this community: no profile is kept there."""


@transaction.atomic
def profile_summary_edit(*, user: User, community: Community, summary: str) -> Profile:
    """The person's own wording of their profile paragraph in ``community`` (empty clears it).

    Their text replaces the summary at once and counts as the profile written now, so the
    scheduled refresh (``profiles_due_for_refresh``) leaves it alone until their memories change.
    Later rewrites start from it: extraction and the LLM refresh are given it as the current
    profile. The offline engine's refresh, run when a memory is edited or deleted, rebuilds the
    paragraph from the memories alone; the "My data" page tells the person so. Raises
    ``ProfileMemoryOffError`` when they opted out there (forget me emptied the profile).
    """
    profile, _ = Profile.objects.select_for_update().get_or_create(user=user, community=community)
    if not profile.memory_enabled:
        raise ProfileMemoryOffError("Memory is off for you in this community: turn it on to keep a profile.")
    profile.summary = " ".join(summary.split())
    profile.semantic_refreshed_at = timezone.now()
    profile.save(update_fields=["summary", "semantic_refreshed_at", "updated_at"])
    return profile
