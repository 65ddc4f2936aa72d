"""The fake OpenAI server speaks well enough for the real ``openai`` client, in and out of process."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import openai
import pytest

from tests.support.fake_openai import ErrorReply, FakeOpenAI, Reply, SlowReply, fake_openai_server

TOOL = {
    "type": "function",
    "function": {"name": "save_memories", "parameters": {"type": "object", "properties": {}}},
}


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with fake_openai_server() as server:
        yield server


def client_for(fake: FakeOpenAI, *, max_retries: int = 0, timeout: float = 5.0) -> openai.OpenAI:
    return openai.OpenAI(api_key="test", base_url=fake.base_url, max_retries=max_retries, timeout=timeout)


def ask(client: openai.OpenAI, prompt: str = "Hello there", **options: Any) -> Any:
    return client.chat.completions.create(model="gpt-test", messages=[{"role": "user", "content": prompt}], **options)


def test_scripted_tool_call_arrives_parsed_by_the_client(fake: FakeOpenAI) -> None:
    fake.script_tool_call("save_memories", {"memories": [{"content": "Alice likes tea"}]})

    completion = ask(client_for(fake), tools=[TOOL])

    choice = completion.choices[0]
    assert choice.finish_reason == "tool_calls"
    [call] = choice.message.tool_calls
    assert call.function.name == "save_memories"
    assert json.loads(call.function.arguments) == {"memories": [{"content": "Alice likes tea"}]}


def test_scripted_text_comes_back_with_word_counted_usage(fake: FakeOpenAI) -> None:
    fake.script_text("Nice to meet you")

    completion = ask(client_for(fake), "Hello there, Mira")

    assert completion.choices[0].message.content == "Nice to meet you"
    assert completion.choices[0].message.tool_calls is None
    assert completion.model == "gpt-test"
    assert (completion.usage.prompt_tokens, completion.usage.completion_tokens) == (3, 4)


def test_default_answer_is_ok_and_a_responder_can_read_the_prompt(fake: FakeOpenAI) -> None:
    client = client_for(fake)
    assert ask(client).choices[0].message.content == "ok"

    @fake.respond_with
    def echo(request: dict[str, Any]) -> str:
        return "you said: " + request["messages"][-1]["content"]

    assert ask(client, "pineapple").choices[0].message.content == "you said: pineapple"
    fake.script_text("scripted first")
    assert ask(client).choices[0].message.content == "scripted first"
    assert ask(client, "again").choices[0].message.content == "you said: again"


def test_streamed_text_reassembles_from_several_chunks(fake: FakeOpenAI) -> None:
    fake.script_text("Streaming works,  word by word.")

    chunks = list(ask(client_for(fake), stream=True, stream_options={"include_usage": True}))

    pieces = [chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices]
    assert len([piece for piece in pieces if piece]) == 5
    assert "".join(pieces) == "Streaming works,  word by word."
    assert [chunk.choices[0].finish_reason for chunk in chunks if chunk.choices][-1] == "stop"
    assert chunks[-1].usage.completion_tokens == 5


def test_streamed_tool_call_reassembles_from_deltas(fake: FakeOpenAI) -> None:
    arguments = {"memories": [{"content": "Bob plays chess on Sundays"}]}
    fake.script_tool_call("save_memories", arguments)

    chunks = list(ask(client_for(fake), stream=True, tools=[TOOL]))

    deltas = [call for chunk in chunks for call in chunk.choices[0].delta.tool_calls or []]
    assert len(deltas) > 2
    assert deltas[0].function.name == "save_memories"
    assert deltas[0].id
    assert {delta.index for delta in deltas} == {0}
    assert json.loads("".join(delta.function.arguments or "" for delta in deltas)) == arguments
    assert chunks[-1].choices[0].finish_reason == "tool_calls"


def test_malformed_tool_arguments_arrive_as_the_raw_string(fake: FakeOpenAI) -> None:
    fake.script_malformed_tool_call("save_memories")

    [call] = ask(client_for(fake), tools=[TOOL]).choices[0].message.tool_calls

    assert call.function.name == "save_memories"
    with pytest.raises(json.JSONDecodeError):
        json.loads(call.function.arguments)


def test_embeddings_are_deterministic_unit_vectors_of_the_asked_dimensions(fake: FakeOpenAI) -> None:
    client = client_for(fake)

    first = client.embeddings.create(model="text-embedding-3-small", input=["Alice likes tea", "Bob likes chess"])
    again = client.embeddings.create(model="text-embedding-3-small", input="Alice likes tea")
    small = client.embeddings.create(model="text-embedding-3-small", input="Alice likes tea", dimensions=384)
    as_floats = client.embeddings.create(model="m", input="Alice likes tea", encoding_format="float")

    alice, bob = (item.embedding for item in first.data)
    assert len(alice) == len(bob) == 1536
    assert math.isclose(math.fsum(value * value for value in alice), 1.0, rel_tol=1e-5)
    assert again.data[0].embedding == alice
    assert alice != bob
    assert len(small.data[0].embedding) == 384
    assert as_floats.data[0].embedding == pytest.approx(alice, abs=1e-6)
    assert first.usage.prompt_tokens == 6


def test_rate_limit_then_success_is_retried_by_the_client(fake: FakeOpenAI) -> None:
    fake.script_error(429, retry_after=0.05)
    fake.script_text("made it")

    completion = ask(client_for(fake, max_retries=1))

    assert completion.choices[0].message.content == "made it"
    assert len(fake.chat_requests()) == 2
    assert fake.queued() == 0


def test_server_error_surfaces_without_retries(fake: FakeOpenAI) -> None:
    fake.script_error(500)

    with pytest.raises(openai.InternalServerError) as failure:
        ask(client_for(fake))

    assert failure.value.status_code == 500
    assert len(fake.requests) == 1


def test_rate_limit_surfaces_when_retries_run_out(fake: FakeOpenAI) -> None:
    fake.script_error(429, {"error": {"message": "slow down", "code": "rate_limit_exceeded"}}, retry_after=0.01)

    with pytest.raises(openai.RateLimitError, match="slow down"):
        ask(client_for(fake))


def test_stall_surfaces_as_a_client_timeout_and_is_consumed(fake: FakeOpenAI) -> None:
    fake.script_timeout(2)
    client = client_for(fake, timeout=0.5)

    with pytest.raises(openai.APITimeoutError):
        ask(client)

    assert ask(client).choices[0].message.content == "ok"


def test_slow_answer_within_the_timeout_still_arrives(fake: FakeOpenAI) -> None:
    fake.script(SlowReply(0.05, then=Reply(text="eventually")))

    assert ask(client_for(fake)).choices[0].message.content == "eventually"


def test_embeddings_have_their_own_script(fake: FakeOpenAI) -> None:
    fake.script_error(503, endpoint="embeddings")
    client = client_for(fake)

    with pytest.raises(openai.InternalServerError):
        client.embeddings.create(model="m", input="anything")

    assert ask(client).choices[0].message.content == "ok"
    assert len(client.embeddings.create(model="m", input="anything").data) == 1
    with pytest.raises(TypeError):
        fake.script(Reply(text="not an embedding"), endpoint="embeddings")


def test_a_broken_responder_answers_500_with_its_exception(fake: FakeOpenAI) -> None:
    fake.respond_with(lambda request: request["no such key"])

    with pytest.raises(openai.InternalServerError, match="no such key"):
        ask(client_for(fake))


def test_requests_are_recorded_with_their_messages(fake: FakeOpenAI) -> None:
    client = client_for(fake)
    client.chat.completions.create(
        model="gpt-test",
        messages=[
            {"role": "system", "content": "You are Mira."},
            {"role": "user", "content": [{"type": "text", "text": "What do I like?"}]},
        ],
    )
    client.embeddings.create(model="m", input="tea")
    client.models.list()

    assert [request.path for request in fake.requests] == ["/v1/chat/completions", "/v1/embeddings", "/v1/models"]
    [chat] = fake.chat_requests()
    assert chat.body["model"] == "gpt-test"
    assert [message["role"] for message in chat.messages] == ["system", "user"]
    assert chat.headers["authorization"] == "Bearer test"
    assert fake.last_chat_prompt() == "You are Mira.\nWhat do I like?"
    assert fake.embedding_requests()[0].body["input"] == "tea"


def test_models_are_listed(fake: FakeOpenAI) -> None:
    assert [model.id for model in client_for(fake).models.list()] == fake.models


def test_reset_forgets_scripts_requests_and_responder(fake: FakeOpenAI) -> None:
    fake.respond_with(lambda request: "custom")
    assert ask(client_for(fake)).choices[0].message.content == "custom"
    fake.script(ErrorReply(500))

    fake.reset()

    assert ask(client_for(fake)).choices[0].message.content == "ok"
    assert len(fake.requests) == 1


def test_another_process_reaches_the_server_through_its_environment(fake: FakeOpenAI) -> None:
    fake.script_text("hello from the fake")
    program = (
        "import openai\n"
        "client = openai.OpenAI(max_retries=0, timeout=5)\n"
        "reply = client.chat.completions.create(model='m', messages=[{'role': 'user', 'content': 'hi'}])\n"
        "print(reply.choices[0].message.content)\n"
    )

    result = subprocess.run(
        [sys.executable, "-c", program],
        env={**os.environ, **fake.environment()},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )

    assert result.stdout.strip() == "hello from the fake"
    assert fake.last_chat_prompt() == "hi"
