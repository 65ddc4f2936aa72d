"""The offline engine's face: ``OfflineLLM`` answers each purpose (extraction, summary, profile,
chat) as the OpenAI implementation would, and estimates tokens for cost accounting."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from memoryhub.ai.contract import (
    PROFILE_TOOL_NAME,
    REMEMBER_TOOL_NAME,
    TOOL_NAME,
)
from memoryhub.ai.offline.consolidation import extraction_arguments
from memoryhub.ai.offline.profiles import profile_arguments
from memoryhub.ai.offline.replies.chat import chat_reply, remember_calls
from memoryhub.ai.offline.splitting import restore
from memoryhub.ai.offline.summaries import summary_text
from memoryhub.ai.offline.text import message_text, token_estimate
from memoryhub.ai.types import Completion, Message, Purpose, Tool, ToolCall

MODEL_NAME = "offline"


class OfflineLLM:
    """Deterministic, rule-based stand-in for the OpenAI implementation (same interface)."""

    name = MODEL_NAME
    answers_in_process = True  # rules over the text: no network, no cost

    def complete(
        self,
        *,
        purpose: Purpose,
        messages: list[Message],
        tools: list[Tool] | None = None,
        tool_choice: str | dict[str, Any] | None = None,
    ) -> Completion:
        last_user = next((message_text(m) for m in reversed(messages) if m.get("role") == "user"), "")
        content = ""
        tool_calls: list[ToolCall] = []
        if purpose == Purpose.EXTRACTION:
            arguments = extraction_arguments(last_user)
            tool_calls.append(ToolCall(name=TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
        elif purpose == Purpose.SUMMARY:
            content = summary_text(last_user)
        elif purpose == Purpose.PROFILE:
            arguments = profile_arguments(last_user)
            offered = {(tool.get("function") or {}).get("name") for tool in tools or []}
            if PROFILE_TOOL_NAME in offered:
                tool_calls.append(ToolCall(name=PROFILE_TOOL_NAME, arguments=json.dumps(arguments, ensure_ascii=False)))
            else:
                content = arguments["summary"]
        else:
            content = chat_reply(messages)
            offered = {(tool.get("function") or {}).get("name") for tool in tools or []}
            if REMEMBER_TOOL_NAME in offered:
                tool_calls += remember_calls(messages, last_user)
        content = restore(content)
        tool_calls = [ToolCall(name=call.name, arguments=restore(call.arguments)) for call in tool_calls]
        produced = content + " ".join(call.arguments for call in tool_calls)
        return Completion(
            content=content,
            tool_calls=tool_calls,
            prompt_tokens=sum(token_estimate(message_text(m)) for m in messages),
            completion_tokens=token_estimate(produced),
            model=MODEL_NAME,
        )

    def stream(self, *, purpose: Purpose, messages: list[Message]) -> Iterator[str]:
        """The same text :meth:`complete` gives, a word (with its following space) at a time."""
        text = self.complete(purpose=purpose, messages=messages).content
        yield from re.findall(r"\S+\s*|\s+", text)
