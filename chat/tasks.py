"""Celery tasks of the chat app: take ids, call one service."""

from __future__ import annotations

import logging

from celery import shared_task

from chat.models import ChatSession
from chat.services import sessions_end_idle
from memories.services.summaries import session_final_summary_write, session_working_summary_refresh
from memoryhub.ai.types import LLMUnavailableError

logger = logging.getLogger(__name__)


@shared_task(name="chat.end_idle_sessions")
def end_idle_sessions() -> int:
    """Every minute: end sessions idle for the community's idle time; their summaries follow."""
    ended = sessions_end_idle()
    if ended:
        logger.info("ended %d idle sessions", len(ended))
    return len(ended)


@shared_task(
    name="chat.summarize_session",
    autoretry_for=(LLMUnavailableError,),
    retry_backoff=10,
    retry_backoff_max=600,
    max_retries=5,
)
def summarize_session(session_id: int, final: bool) -> str:
    """Refresh a session's working summary, or write its final one (the episodic memory)."""
    session = ChatSession.objects.select_related("persona__community", "user", "channel").filter(pk=session_id).first()
    if session is None:
        return ""
    if final:
        session_final_summary_write(session=session)
        return "final"
    session_working_summary_refresh(session=session)
    return "working"
