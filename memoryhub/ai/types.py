"""The small interface every LLM implementation speaks: chat completions with tools, and streaming."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol


class Purpose(StrEnum):
    """What a call is for: picks the model (OPENAI) or the rule set (offline engine)."""

    CHAT = "chat"
    EXTRACTION = "extraction"
    SUMMARY = "summary"
    PROFILE = "profile"


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: str  # the raw JSON text the model produced; parsing (and its failure) is the caller's


@dataclass(frozen=True)
class Completion:
    content: str
    tool_calls: list[ToolCall] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    model: str = ""


Message = dict[str, Any]  # {"role": "system" | "user" | "assistant" | "tool", "content": ...}
Tool = dict[str, Any]  # an OpenAI function-tool definition


class LLMError(Exception):
    """The LLM could not give an answer."""


class LLMUnavailableError(LLMError):
    """Timeouts, 429 and 5xx that outlived the client's own retries: try again later."""


class LLM(Protocol):
    name: str  # "openai:<base url>" or "offline"
    # True when an answer costs no network call and no money and comes in milliseconds (the
    # offline engine): a caller may ask at once, inside its transaction, instead of from a task.
    answers_in_process: bool

    def complete(
        self,
        *,
        purpose: Purpose,
        messages: list[Message],
        tools: list[Tool] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
    ) -> Completion: ...

    def stream(self, *, purpose: Purpose, messages: list[Message]) -> Iterator[str]:
        """Yield the reply's text as it arrives."""
        ...
