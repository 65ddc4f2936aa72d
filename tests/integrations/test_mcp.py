"""The MCP server, driven by the SDK's own client over both of its doors: streamable HTTP at
``/mcp/`` of the Procfile's web server (two workers, as `make run` starts it), and stdio from
``manage.py mcp`` started as an AI client starts it. Each test runs over both."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from django.conf import settings
from mcp import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import TextResourceContents

from accounts.models import Community, ExternalIdentity, Profile
from accounts.services import apikey_create, identity_resolve
from memories.models import Memory, MemoryRevision
from tests.support.memories import remember
from tests.support.processes import PROJECT_DIR, child_environment, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)  # the servers read what the tests write

TOOLS = {"remember", "recall", "search_memories", "list_memories", "forget_memory", "forget_person"}
TRANSPORTS = ["http", "stdio"]
Connect = Callable[[str], Any]  # a key → an async context manager yielding a connected Client


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[tuple[str, dict[str, str]]]:
    """The Procfile's web server on the test database, once for the module; and the environment
    its processes (and ``manage.py mcp``) run with."""
    var_dir = tmp_path_factory.mktemp("web")
    with django_db_blocker.unblock():
        env = child_environment(var_dir=var_dir, broker_url=None)
    with gunicorn_serving(env=env, log=var_dir / "web.log", workers=2) as base:
        yield base, env


@pytest.fixture(params=TRANSPORTS)
def connect(request: pytest.FixtureRequest, web: tuple[str, dict[str, str]], tmp_path: Path) -> Iterator[Connect]:
    """A client's way in: over HTTP to the web server, or over stdio to ``manage.py mcp``, whose
    stdout is copied on its way to the client: every line of it must be a JSON-RPC message."""
    base, env = web
    wire = tmp_path / "stdout.log"

    @asynccontextmanager
    async def over_http(key: str) -> AsyncIterator[Client]:
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60)
        async with http, Client(streamable_http_client(f"{base}/mcp/", http_client=http)) as client:
            yield client

    @asynccontextmanager
    async def over_stdio(key: str) -> AsyncIterator[Client]:
        command = StdioServerParameters(
            command="sh",
            args=["-c", f'"{sys.executable}" manage.py mcp | tee -a "{wire}"'],
            env=env | {"MEMORYHUB_API_KEY": key},
            cwd=PROJECT_DIR,
        )
        with (tmp_path / "stderr.log").open("w") as errors:
            async with Client(stdio_client(command, errlog=errors)) as client:
                yield client

    yield over_http if request.param == "http" else over_stdio
    if request.param == "stdio":
        lines = wire.read_text().splitlines()
        assert lines and all(json.loads(line)["jsonrpc"] == "2.0" for line in lines), lines


def session(connect: Connect, key: str, steps: Callable[[Client], Any]) -> Any:
    """Run ``steps`` with a client connected as ``key``; what it returns. The database is read
    after the session, outside the event loop."""

    async def run() -> Any:
        async with connect(key) as client:
            return await steps(client)

    return anyio.run(run)


def error_text(result: Any) -> str:
    """A tool error's text, after the SDK's "Error executing tool <name>: "."""
    assert result.is_error, result
    return re.sub(r"^Error executing tool \w+: ", "", str(result.content[0].text))


def test_each_tool_does_what_it_says(connect: Connect, community: Community) -> None:
    alice = identity_resolve(community=community, external_id="alice_456", display_name="Alice")
    key = apikey_create(community=community, name="ai", scopes=["context", "memories:read", "memories:write"])[1]

    async def steps(client: Client) -> dict[str, Any]:
        seen: dict[str, Any] = {"tools": (await client.list_tools()).tools}
        seen["templates"] = (await client.list_resource_templates()).resource_templates
        memories: list[dict[str, Any]] = [
            {"content": "Alice keeps bees on her balcony", "topics": ["bees"]},
            {"content": "Alice starts cello lessons in March", "kind": "plan", "expiration": "30d"},
        ]
        saved = [await client.call_tool("remember", {"user": "alice_456", **memory}) for memory in memories]
        seen["saved"] = [result.structured_content for result in saved]
        told_again = await client.call_tool("remember", {"user": "alice_456", **memories[0]})
        seen["told_again"] = told_again.structured_content
        bees = seen["saved"][0]["id"]
        listed = await client.call_tool("list_memories", {"user": "alice_456", "topic": "bees"})
        seen["listed"] = [memory["id"] for memory in listed.structured_content["memories"]]
        found = await client.call_tool("search_memories", {"query": "bees", "user": "alice_456"})
        seen["found"] = [memory["id"] for memory in found.structured_content["results"]]
        seen["recalled"] = (
            await client.call_tool("recall", {"user": "alice_456", "message": "How are the bees?"})
        ).structured_content
        (profile,) = (await client.read_resource("memoryhub://users/alice_456/profile")).contents
        assert isinstance(profile, TextResourceContents)
        seen["profile"] = json.loads(profile.text)
        seen["deleted"] = (await client.call_tool("forget_memory", {"memory_id": bees})).structured_content
        seen["forgotten"] = (await client.call_tool("forget_person", {"user": "alice_456"})).structured_content
        return seen

    seen = session(connect, key, steps)
    assert {tool.name for tool in seen["tools"]} == TOOLS
    assert all("CHANGES" in (tool.description or "") for tool in seen["tools"])
    assert [template.uri_template for template in seen["templates"]] == ["memoryhub://users/{user_id}/profile"]
    bees, cello = (memory["id"] for memory in seen["saved"])
    assert seen["told_again"] == seen["saved"][0]  # the same words again: the memory there, no twin
    assert [(m["user"], m["content"], m["kind"], m["source"]) for m in seen["saved"]] == [
        ("alice_456", "Alice keeps bees on her balcony", "fact", "api"),
        ("alice_456", "Alice starts cello lessons in March", "plan", "api"),
    ]
    assert seen["saved"][0]["expires_at"] is None and seen["saved"][1]["expires_at"] is not None
    created = MemoryRevision.objects.filter(action="created", reason__startswith="via API key mh_")
    assert created.count() == 2  # both were stored, as the REST API stores them
    assert seen["listed"] == [bees] and seen["found"][0] == bees
    assert "Alice keeps bees on her balcony" in seen["recalled"]["text"]
    assert bees in [used["id"] for used in seen["recalled"]["memories"]]
    assert (seen["profile"]["user"], seen["profile"]["memory_count"]) == ("alice_456", 2)
    assert seen["deleted"] == {"deleted": bees}
    assert seen["forgotten"] == {
        "user": "alice_456",
        "memory_enabled": False,
        "memories_deleted": 1,  # the cello: the bees were gone already
        "entities_deleted": 0,
        "sessions_cleared": 0,
    }
    assert not Memory.objects.filter(pk__in=[bees, cello]).exists()
    assert Profile.objects.get(user=alice, community=community).memory_enabled is False


def test_remember_meets_a_person_the_community_has_not_met_yet(
    connect: Connect, community: Community, other_community: Community
) -> None:
    """An assistant's user may be new here: ``remember`` meets them, with ``name``; a memory it
    refuses meets no one. Another community's person of the same id stays theirs."""
    identity_resolve(community=other_community, external_id="nina_5", display_name="Nina Elsewhere")
    key = apikey_create(community=community, name="ai", scopes=["memories:write"])[1]

    async def steps(client: Client) -> dict[str, Any]:
        return {
            "empty": await client.call_tool("remember", {"user": "omar_9", "content": ""}),
            "saved": await client.call_tool(
                "remember", {"user": "nina_5", "content": "Nina grows chillies", "name": "Nina\u0000 "}
            ),
        }

    seen = session(connect, key, steps)
    assert seen["empty"].is_error and not seen["saved"].is_error
    here = ExternalIdentity.objects.filter(community=community)
    assert list(here.values_list("external_id", "display_name")) == [("nina_5", "Nina")]
    assert Memory.objects.get(community=community).user == here.get().user
    elsewhere = ExternalIdentity.objects.get(community=other_community)
    assert elsewhere.user != here.get().user


def test_a_missing_scope_and_another_communitys_person_are_refused(
    connect: Connect, community: Community, other_community: Community
) -> None:
    identity_resolve(community=community, external_id="alice_456", display_name="Alice")
    olga = identity_resolve(community=other_community, external_id="olga_77", display_name="Olga")
    remember(other_community, olga, "Olga reads sagas")
    reader = apikey_create(community=community, name="reader", scopes=["context", "memories:read"])[1]

    async def steps(client: Client) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        seen["remember"] = await client.call_tool("remember", {"user": "alice_456", "content": "Alice likes tea"})
        seen["recall"] = await client.call_tool("recall", {"user": "alice_456", "message": "tea?"})
        seen["list"] = await client.call_tool("list_memories", {"user": "olga_77"})
        seen["search"] = await client.call_tool("search_memories", {"query": "sagas", "user": "olga_77"})
        with pytest.raises(MCPError) as unread:
            await client.read_resource("memoryhub://users/olga_77/profile")
        seen["profile"] = str(unread.value)
        return seen

    seen = session(connect, reader, steps)
    assert error_text(seen["remember"]) == "missing_scope: This API key lacks the 'memories:write' scope."
    assert not seen["recall"].is_error  # the scope it has
    not_found = "not_found: No person with platform id 'olga_77' in this community."
    assert error_text(seen["list"]) == error_text(seen["search"]) == not_found
    assert not_found in seen["profile"]
    assert list(Memory.objects.values_list("content", flat=True)) == ["Olga reads sagas"]


def test_http_refuses_a_missing_or_unknown_key_with_a_json_401(web: tuple[str, dict[str, str]]) -> None:
    base, _ = web
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    missing = httpx.post(f"{base}/mcp/", json=initialize, timeout=30)
    unknown = httpx.post(f"{base}/mcp", json=initialize, headers={"Authorization": "Bearer mh_nope"}, timeout=30)
    assert (missing.status_code, missing.json()["error"]["code"]) == (401, "not_authenticated")
    assert (unknown.status_code, unknown.json()["error"]["code"]) == (401, "invalid_api_key")
    assert unknown.headers["www-authenticate"] == 'Bearer realm="memoryhub"'


def test_http_refuses_a_body_over_the_apis_limit_with_its_json_413(
    web: tuple[str, dict[str, str]], community: Community
) -> None:
    base, _ = web
    key = apikey_create(community=community, name="ai", scopes=["memories:write"])[1]
    arguments = {"user": "alice_456", "content": "x" * settings.MEMORYHUB_API_MAX_BODY_BYTES}
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "remember", "arguments": arguments}}
    answer = httpx.post(f"{base}/mcp/", json=call, headers={"Authorization": f"Bearer {key}"}, timeout=30)
    assert (answer.status_code, answer.json()["error"]["code"]) == (413, "request_too_large")
    assert not Memory.objects.exists()


def _mcp_command(env: dict[str, str], *, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "mcp"],
        cwd=PROJECT_DIR,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_stdio_will_not_start_without_a_live_key(web: tuple[str, dict[str, str]], community: Community) -> None:
    _, env = web
    env = {name: value for name, value in env.items() if name != "MEMORYHUB_API_KEY"}
    missing = _mcp_command(env, stdin="")
    refused = _mcp_command(env | {"MEMORYHUB_API_KEY": "mh_unknown"}, stdin="")
    assert missing.returncode != 0 and "Set MEMORYHUB_API_KEY" in missing.stderr and missing.stdout == ""
    assert refused.returncode != 0 and "MEMORYHUB_API_KEY is refused: Unknown or revoked API key." in refused.stderr
    assert refused.stdout == ""
