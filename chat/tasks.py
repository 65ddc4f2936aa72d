"""Celery tasks of the chat app: take ids, call one service."""

from __future__ import annotations

import logging

from celery import shared_task

from chat.models import ChatSession
from chat.services import sessions_end_idle, sessions_final_summary_requeue
from chat.sessions import session_final_summary_settle
from memories.services.summaries import session_final_summary_write, session_working_summary_refresh
from memoryhub.ai.types import LLMError, LLMUnavailableError

logger = logging.getLogger(__name__)


@shared_task(name="chat.end_idle_sessions")
def end_idle_sessions() -> int:
    """Every minute: end sessions idle for the community's idle time; their summaries follow.
    Final summaries whose task was lost are sent again."""
    ended = sessions_end_idle()
    if ended:
        logger.info("ended %d idle sessions", len(ended))
    requeued = sessions_final_summary_requeue()
    if requeued:
        logger.warning("sent %d final session summaries again (their task was lost)", len(requeued))
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
        try:
            session_final_summary_write(session=session)
        except LLMUnavailableError:
            raise  # retried with backoff; after the last retry the sweep sends it again
        except LLMError as exc:
            # Asking again would get the same answer: given up, not sent again by the sweep.
            logger.error("session %s: no final summary: %s", session_id, exc)
            session_final_summary_settle(session=session)
            return ""
        return "final"
    session_working_summary_refresh(session=session)
    return "working"
