"""The Python client (clients/python) against the Procfile's web server, as a bot runs it: sync and
async calls, typed errors with the API's codes, every page of a list, a streamed chat, a throttled
call that waits the server's Retry-After and goes through, and a database outage waited out and
then raised."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import Message
from chat.services import persona_create
from memoryhub_client import (
    AsyncMemoryHub,
    AuthenticationError,
    ChatChunk,
    ChatReply,
    ConflictError,
    InvalidRequestError,
    MemoryHub,
    NewMessage,
    NotFoundError,
    PermissionDeniedError,
    ThrottledError,
    UnavailableError,
)
from tests.support.processes import child_environment, free_port, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)  # the server reads what the test writes

# Each key's allowance: a bot's few calls per test stay well under it; the throttling test spends
# a key's whole burst, and a token comes back every two seconds (the Retry-After it then reads).
RATE = "30/min"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[str]:
    var_dir = tmp_path_factory.mktemp("web")
    with django_db_blocker.unblock():
        env = child_environment(var_dir=var_dir, broker_url=None)
    with gunicorn_serving(env=env | {"MEMORYHUB_API_RATE": RATE}, log=var_dir / "web.log") as base:
        yield base


def _key(community: Community, scopes: list[str] = ApiKeyScope.values) -> str:
    return apikey_create(community=community, name="client", scopes=scopes)[1]


@pytest.fixture
def hub(server: str, community: Community) -> Iterator[MemoryHub]:
    with MemoryHub(server, _key(community)) as client:
        yield client


def test_a_bot_posts_messages_and_keeps_memories_through_the_client(hub: MemoryHub) -> None:
    posted = hub.message_post(channel="general", author="alice", author_name="Alice", content="Hi!", message_id="m-1")
    assert (posted.accepted, posted.messages[0].message_id, posted.messages[0].memory_off) == (1, "m-1", False)
    batch = hub.messages_post(
        [
            NewMessage(channel="general", author="alice", content="Hi!", message_id="m-1"),
            NewMessage(channel="general", author="bob", content="I adopted a cat called Pixel.", message_id="m-2"),
        ]
    )
    assert (batch.accepted, batch.duplicates) == (1, 1)
    assert hub.message_edit("general", "m-1", content="Hi all!").content == "Hi all!"

    memory = hub.memory_create(user="alice", content="Alice is moving to Lisbon in May", kind="plan", topics=["moving"])
    assert (memory.user, memory.kind, memory.topics, memory.context) == ("alice", "plan", ["moving"], "")
    assert hub.memory_update(memory.id, importance=0.9).importance == 0.9
    assert hub.memory_get(memory.id).content == "Alice is moving to Lisbon in May"
    found = hub.memories_search("moving to Lisbon", user="alice").results
    assert [hit.id for hit in found] == [memory.id] and found[0].similarity is not None
    context = hub.context(user="alice", query="Where is Alice moving?")
    assert memory.id in [m.id for m in context.memories if m.layer != "episode"] and "Lisbon" in context.text
    assert next(r.action for r in hub.memory_history(memory.id).revisions) == "created"

    assert hub.user_profile("alice").memory_enabled is True
    assert hub.user_export("alice")["format"] == "memoryhub-export/1"
    assert [entry["user_id"] for entry in hub.user_export("alice", format="mem0")["results"]] == ["alice"]
    forgotten = hub.user_forget("alice")
    assert (forgotten.memory_enabled, forgotten.memories_deleted) == (False, 1)
    assert hub.user_remember("alice").memory_enabled is True
    assert hub.message_delete("general", "m-2").memories_deleted == 0
    assert hub.user_erase("bob").scope in ("account", "community")

    (window,) = hub.windows_list(channel="general").results
    assert hub.window_get(window.id).state == "open"
    assert hub.window_close(window.id).closed_at is not None
    assert hub.entities_list().results == [] and hub.sessions_list(open=True).results == []


def test_list_helpers_follow_every_page(hub: MemoryHub) -> None:
    hub.message_post(channel="general", author="olga", content="Hello!")  # a person is known by what they said
    made = [hub.memory_create(user="olga", content=f"Olga collects stamp number {n}").id for n in range(5)]
    first = hub.memories_list(user="olga", page_size=2)
    assert [m.id for m in first.results] == made[::-1][:2] and first.next_cursor is not None
    assert [m.id for m in hub.memories_iterate(user="olga", page_size=2)] == made[::-1]  # newest first, once each
    hub.memory_delete(made[0])
    assert len(list(hub.memories_iterate(user="olga", page_size=2))) == 4


def test_errors_carry_the_apis_code(server: str, community: Community) -> None:
    with MemoryHub(server, _key(community)) as hub:
        with pytest.raises(NotFoundError) as missing:
            hub.memory_get(987654)
        assert (missing.value.status, missing.value.code) == (404, "not_found")
        with pytest.raises(InvalidRequestError) as refused:
            hub.messages_post(
                [
                    NewMessage(channel="general", author="alice", content="Fine."),
                    NewMessage(channel="general", author="alice", content="   "),
                ]
            )
        assert (refused.value.code, refused.value.index) == ("invalid_batch", 1)
        assert not Message.objects.exists()  # all or none
        with pytest.raises(ConflictError) as no_persona:
            hub.chat(user="alice", message="Hello?")
        assert no_persona.value.code == "no_persona"
    with MemoryHub(server, _key(community, scopes=["ingest"])) as hub, pytest.raises(PermissionDeniedError) as scope:
        hub.memories_list()
    assert (scope.value.status, scope.value.code) == (403, "missing_scope")
    with MemoryHub(server, "mh_not_a_key") as hub, pytest.raises(AuthenticationError) as unknown:
        hub.memories_list()
    assert (unknown.value.status, unknown.value.code) == (401, "invalid_api_key")


def test_a_streamed_chat_gives_chunks_then_the_reply_with_the_memories_used(
    hub: MemoryHub, community: Community
) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    hub.message_post(channel="music", author="priya", content="Hello!")
    memory = hub.memory_create(user="priya", content="Priya is learning the cello", topics=["music"])
    events = list(hub.chat_stream(user="priya", message="Which instrument am I learning?", channel="music"))
    *chunks, reply = events
    assert chunks and all(isinstance(chunk, ChatChunk) for chunk in chunks)
    assert isinstance(reply, ChatReply)
    assert reply.reply == "".join(chunk.text for chunk in chunks if isinstance(chunk, ChatChunk))
    assert Message.objects.get(pk=reply.reply_id).content == reply.reply  # what was stored is what came
    assert memory.id in [m.id for m in reply.memories]


def test_the_async_client_makes_the_same_calls_awaited(server: str, community: Community) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    key = _key(community)

    async def bot() -> tuple[list[int], list[int], str, str]:
        async with AsyncMemoryHub(server, key) as hub:
            await hub.message_post(channel="general", author="charlie", content="I run on Sundays.")
            made = [(await hub.memory_create(user="charlie", content=f"Charlie ran {n} km")).id for n in (5, 10, 21)]
            listed = [m.id async for m in hub.memories_iterate(user="charlie", page_size=2)]
            reply = await hub.chat(user="charlie", message="How far did I run?")
            streamed = [event async for event in hub.chat_stream(user="charlie", message="And before that?")]
            with pytest.raises(NotFoundError):
                await hub.window_close(987654)
            assert isinstance(streamed[-1], ChatReply)
            return made, listed, reply.reply, streamed[-1].reply

    made, listed, reply, streamed = asyncio.run(bot())
    assert listed == made[::-1] and reply and streamed


def _until_throttled(hub: MemoryHub) -> ThrottledError:
    """Call until the key's burst is spent (RATE's 30 calls, far faster than one comes back)."""
    for _ in range(200):
        try:
            hub.sessions_list()
        except ThrottledError as error:
            return error
    pytest.fail("never throttled")


def test_a_throttled_call_waits_the_retry_after_and_goes_through(
    server: str, community: Community, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="memoryhub_client")
    key = _key(community)

    def retries() -> list[str]:
        return [record.getMessage() for record in caplog.records if record.name == "memoryhub_client"]

    with MemoryHub(server, key, retries=0) as impatient:
        throttled = _until_throttled(impatient)
    assert (throttled.status, throttled.code) == (429, "throttled") and throttled.retry_after
    with MemoryHub(server, key, max_wait=0.5) as hasty:
        _until_throttled(hasty)  # asked to wait longer than it will: raised at once, not retried
    assert retries() == []
    with MemoryHub(server, key) as patient:
        for _ in range(200):
            assert patient.sessions_list().results == []  # never raises: each 429 is waited out
            if retries():
                break
    assert "answered 429; trying again" in retries()[0]


def test_a_database_outage_is_retried_then_raised_as_unavailable(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The server answers 503 with Retry-After while its database is away: the client waits and
    asks again, then raises UnavailableError with the API's code."""
    env = child_environment(var_dir=tmp_path, broker_url=None)
    env["DATABASE_URL"] = f"postgres://memoryhub@127.0.0.1:{free_port()}/memoryhub"  # nothing listens there
    env["MEMORYHUB_DATABASE_POOL_TIMEOUT"] = "0.5"  # how long a request waits for a connection
    caplog.set_level(logging.INFO, logger="memoryhub_client")
    with (
        gunicorn_serving(env=env, log=tmp_path / "web.log") as base,
        MemoryHub(base, "mh_any", retries=1) as hub,
        pytest.raises(UnavailableError) as away,
    ):
        hub.sessions_list()
    assert (away.value.status, away.value.code, away.value.retry_after) == (503, "database_unavailable", 5)
    assert [r for r in caplog.records if "answered 503" in r.getMessage() and "retry 1 of 1" in r.getMessage()]
