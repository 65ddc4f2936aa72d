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
from accounts.services import profile_locked, profile_summary_set
from chat.models import ConversationWindow
from chat.sessions import sessions_summaries_rewrite
from core.queueing import tasks_send_on_commit
from memories.models import Memory, MemoryRevisionActor
from memories.selectors.people import person_display_name
from memories.services.context import STOPWORDS
from memories.services.entities import entities_relationships_rewrite
from memories.services.memory import memory_update
from memories.services.summaries import profile_semantic_refresh
from memoryhub.ai.contract import SENTENCE_END
from memoryhub.ai.llm import llm_get

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
    for sentence in SENTENCE_END.split(summary.strip()):
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
        profile_summary_set(profile=profile, summary=trimmed)
    llm = llm_get()
    if llm.answers_in_process:
        profile_semantic_refresh(profile=profile, llm=llm)
        return
    from memories.tasks import refresh_profile  # tasks import the services: imported when needed

    tasks_send_on_commit(refresh_profile, [(profile.pk,)])


def name_replaced(text: str, old: str, new: str) -> str:
    """``text`` saying ``new`` wherever it says the whole name ``old``, without the sentence that
    said only the name ("Daniel's name is Daniel.")."""
    text = re.sub(rf"(?<![\w']){re.escape(old)}(?![\w])", lambda _found: new, text)
    said_name = rf"{re.escape(new)}(?:'s name is| likes to be called| goes by) {re.escape(new)}[.!]?"
    return " ".join(s for s in SENTENCE_END.split(text.strip()) if not re.fullmatch(said_name, s)).strip()


def person_renamed(
    *, profile: Profile, memories: Iterable[Memory], old: str, new: str, window: ConversationWindow | None = None
) -> None:
    """The person goes by ``new`` in the profile's community from now on ("I'm Daniel"): their
    profile's name, and what their memories and profile paragraph say of ``old`` (the caller holds
    the profile's lock). Each rewritten memory keeps a revision saying why. Their entities say it too
    ("Daniel's sister")."""
    profile_summary_set(profile=profile, summary=name_replaced(profile.summary, old, new), stated_name=new[:150])
    entities_relationships_rewrite(
        community_id=profile.community_id,
        owner_id=profile.user_id,
        old=old,
        rewrite=lambda relationship: name_replaced(relationship, old, new),
    )
    sessions_summaries_rewrite(
        user_id=profile.user_id,
        community_id=profile.community_id,
        old=old,
        rewrite=lambda summary: name_replaced(summary, old, new),
    )
    for memory in memories:
        content = name_replaced(memory.content, old, new)
        if content != memory.content:
            memory_update(
                memory=memory,
                actor=MemoryRevisionActor.SYSTEM,
                reason=f"{old} goes by {new}",
                window=window,
                content=content,
                profile_follows=False,  # the profile was renamed above
            )


class ProfileMemoryOffError(Exception):
    """The person turned memory off in this community: no profile is kept there."""


@transaction.atomic
def profile_summary_edit(*, user: User, community: Community, summary: str, name: str | None = None) -> Profile:
    """The person's own wording of their profile paragraph in ``community`` (empty clears it).

    Their text replaces the summary at once and counts as the profile written now, so the
    scheduled refresh (``profiles_due_for_refresh``) leaves it alone until their memories change.
    Later rewrites start from it: extraction and the LLM refresh are given it as the current
    profile. The offline engine's refresh, run when a memory is edited or deleted, rebuilds the
    paragraph from the memories alone; the "My data" page tells the person so. Raises
    ``ProfileMemoryOffError`` when they opted out there (forget me emptied the profile).
    """
    profile = profile_locked(user=user, community=community)
    if not profile.memory_enabled:
        raise ProfileMemoryOffError("Memory is off for you in this community: turn it on to keep a profile.")
    name = " ".join((name or "").split())
    old = person_display_name(community=community, user=user)
    if name and name != old:  # the name they go by here, changed by them: what is remembered follows
        memories = Memory.objects.select_for_update().filter(community=community, user=user)
        person_renamed(profile=profile, memories=memories, old=old, new=name)
    return profile_summary_set(profile=profile, summary=" ".join(summary.split()), semantic_refreshed_at=timezone.now())
