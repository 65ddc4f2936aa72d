"""Writes of a chat session's summaries, which the memory app's summaries and forget make through
the session's owner. It imports only models, so the memory app can call it from anywhere."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Q

from accounts.models import Community, User
from chat.models import ChatSession


def session_locked(*, session_id: int) -> ChatSession:
    """The session, locked until the transaction ends (its final summary is written once)."""
    return ChatSession.objects.select_for_update().get(pk=session_id)


def session_working_summary_set(*, session: ChatSession, summary: str) -> None:
    """The session's running summary, as of its current message count."""
    ChatSession.objects.filter(pk=session.pk).update(
        working_summary=summary, working_summary_message_count=session.message_count
    )


def session_final_summary_set(*, session: ChatSession, summary: str) -> None:
    """The ended session's final summary (``session`` locked), no longer waited for."""
    session.final_summary = summary
    session.final_summary_queued_at = None
    session.save(update_fields=["final_summary", "final_summary_queued_at"])


def session_final_summary_settle(*, session: ChatSession) -> None:
    """The session's final summary is no longer waited for: the sweep leaves it alone."""
    ChatSession.objects.filter(pk=session.pk).update(final_summary_queued_at=None)


def sessions_summaries_clear(*, user: User, community: Community) -> int:
    """Empty the working and final summaries of ``user``'s sessions in ``community`` (forget me:
    they are the "last time we talked" of the context); how many sessions had one."""
    return (
        ChatSession.objects.filter(user=user, persona__community=community)
        .filter(~Q(working_summary="") | ~Q(final_summary=""))
        .update(working_summary="", final_summary="")
    )


def sessions_summaries_rewrite(*, user_id: int, community_id: int, old: str, rewrite: Callable[[str], str]) -> int:
    """Rewrite the summaries of the person's sessions in the community that mention ``old`` (they
    go by another name now); how many sessions changed."""
    sessions = list(
        ChatSession.objects.filter(user_id=user_id, persona__community_id=community_id).filter(
            Q(working_summary__contains=old) | Q(final_summary__contains=old)
        )
    )
    for session in sessions:
        session.working_summary = rewrite(session.working_summary)
        session.final_summary = rewrite(session.final_summary)
    return ChatSession.objects.bulk_update(sessions, ["working_summary", "final_summary"])
