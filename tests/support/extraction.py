"""Extraction run here, in the test's process and transaction, as a worker would run it."""

from __future__ import annotations

from chat.models import Channel, ConversationWindow, ConversationWindowState
from chat.windows import window_claim, window_close
from memories.services.extraction import window_extract
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.types import LLM


def extract_window_here(window: ConversationWindow, *, llm: LLM | None = None) -> ConversationWindow:
    """Close the window if it is open, claim it and extract it (the offline engine by default)."""
    if window.state == ConversationWindowState.OPEN:
        window = window_close(window=window, reason="manual")
    claimed = window_claim(window_id=window.pk)
    assert claimed is not None
    window_extract(window=claimed, llm=llm or OfflineLLM())
    return claimed


def extract_channel_here(channel: Channel, *, llm: LLM | None = None) -> ConversationWindow:
    """Extract the channel's open window here."""
    return extract_window_here(
        ConversationWindow.objects.get(channel=channel, state=ConversationWindowState.OPEN), llm=llm
    )
