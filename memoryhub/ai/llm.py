"""Which LLM this process talks to: OpenAI-compatible when a key is set, else the offline engine."""

from __future__ import annotations

from functools import cache

from django.conf import settings

from memoryhub.ai.types import LLM, Purpose


def llm_is_offline() -> bool:
    """No key: the offline engine answers (the pages say so)."""
    return not settings.OPENAI_API_KEY


@cache
def llm_get() -> LLM:
    if not llm_is_offline():
        from memoryhub.ai.openai_llm import OpenAILLM

        return OpenAILLM(
            api_key=settings.OPENAI_API_KEY,
            base_url=settings.OPENAI_BASE_URL,
            models={
                Purpose.CHAT: settings.MEMORYHUB_CHAT_MODEL,
                Purpose.EXTRACTION: settings.MEMORYHUB_EXTRACTION_MODEL,
                Purpose.SUMMARY: settings.MEMORYHUB_SUMMARY_MODEL,
                Purpose.PROFILE: settings.MEMORYHUB_SUMMARY_MODEL,
            },
            timeout=settings.MEMORYHUB_LLM_TIMEOUT,
            max_retries=settings.MEMORYHUB_LLM_MAX_RETRIES,
        )
    # Imported here: a process with a key never compiles the engine's rules.
    from memoryhub.ai.offline import OfflineLLM

    return OfflineLLM()
