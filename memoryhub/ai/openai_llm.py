"""The LLM through the official ``openai`` client, against any OpenAI-compatible endpoint."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import openai
from openai import Stream
from openai.types.chat import ChatCompletionChunk

from core.metrics import LLM_CALLS, LLM_TOKENS
from memoryhub.ai.ratelimit import llm_request_slot
from memoryhub.ai.types import Completion, LLMError, LLMUnavailableError, Message, Purpose, Tool, ToolCall

# Worth trying again later: the client already retried these with exponential backoff
# (honouring Retry-After) before giving up.
_TRANSIENT = (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError)


class OpenAILLM:
    def __init__(
        self, *, api_key: str, base_url: str, models: dict[Purpose, str], timeout: float, max_retries: int
    ) -> None:
        self._client = openai.OpenAI(
            api_key=api_key, base_url=base_url or None, timeout=timeout, max_retries=max_retries
        )
        self._models = models
        self.name = f"openai:{base_url or 'default'}"
        self.answers_in_process = False

    def complete(
        self,
        *,
        purpose: Purpose,
        messages: list[Message],
        tools: list[Tool] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
    ) -> Completion:
        options: dict[str, Any] = {}
        if tools:
            options["tools"] = tools
            if tool_choice is not None:
                options["tool_choice"] = tool_choice
        with llm_request_slot():
            try:
                response = self._client.chat.completions.create(
                    model=self._models[purpose],
                    messages=messages,  # type: ignore[arg-type]
                    **options,
                )
            except _TRANSIENT as exc:
                LLM_CALLS.labels(purpose, "unavailable").inc()
                raise LLMUnavailableError(f"{type(exc).__name__}: {exc}") from exc
            except openai.OpenAIError as exc:
                LLM_CALLS.labels(purpose, "error").inc()
                raise LLMError(f"{type(exc).__name__}: {exc}") from exc
        LLM_CALLS.labels(purpose, "ok").inc()
        message = response.choices[0].message
        calls = [
            ToolCall(name=call.function.name, arguments=call.function.arguments)
            for call in message.tool_calls or []
            if call.type == "function"
        ]
        usage = response.usage
        if usage:
            LLM_TOKENS.labels(purpose, "prompt").inc(usage.prompt_tokens)
            LLM_TOKENS.labels(purpose, "completion").inc(usage.completion_tokens)
        return Completion(
            content=message.content or "",
            tool_calls=calls,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
            model=response.model,
        )

    def stream(self, *, purpose: Purpose, messages: list[Message]) -> Iterator[str]:
        # Counted as a call; a stream reports no usage unless asked for it, so no tokens.
        with llm_request_slot():
            try:
                chunks = cast(
                    Stream[ChatCompletionChunk],
                    self._client.chat.completions.create(
                        model=self._models[purpose],
                        messages=messages,  # type: ignore[arg-type]
                        stream=True,
                    ),
                )
                for chunk in chunks:
                    if chunk.choices and chunk.choices[0].delta.content:
                        yield chunk.choices[0].delta.content
            except _TRANSIENT as exc:
                LLM_CALLS.labels(purpose, "unavailable").inc()
                raise LLMUnavailableError(f"{type(exc).__name__}: {exc}") from exc
            except openai.OpenAIError as exc:
                LLM_CALLS.labels(purpose, "error").inc()
                raise LLMError(f"{type(exc).__name__}: {exc}") from exc
            LLM_CALLS.labels(purpose, "ok").inc()
