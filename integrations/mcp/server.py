"""MemoryHub's MCP server: a community's memory as tools and resources for AI clients.

Built on the official ``mcp`` SDK (``MCPServer``). Two doors lead to the same server: the web
process serves it over stateless streamable HTTP under ``/mcp/`` (``integrations.mcp.http``),
and ``manage.py mcp`` over stdio. Either way a caller is a community's API key, with its scopes:
each tool needs the scope its REST endpoint needs, and finds only the key's community's people
and memories. The tools call the operations the REST endpoints call (``memories.api_calls``,
``privacy.api_calls``), so a memory saved or forgotten here is the same change, with the same
checks and the same history, as through the API. A refusal comes back as a tool error (the
result's ``isError``) whose text starts with the API's error code (``not_found: No person …``).

The SDK answers on an event loop; the ORM is synchronous. Each call's work runs on a worker
thread, and gives its database connection back when done (to the web process's pool, or closed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import anyio.to_thread
from django.db import close_old_connections, connections, transaction
from mcp.server.mcpserver import Context, MCPServer, ResourceSecurity
from mcp.server.mcpserver.exceptions import ResourceError, ToolError
from mcp_types import ToolAnnotations
from pydantic import Field
from rest_framework import exceptions

from accounts.models import ApiKey, ApiKeyScope
from accounts.services import apikey_authenticate, identity_resolve
from core.apikit.api import input_values
from core.text import text_clean
from memories.api_calls import (
    SEARCH_MAX_RESULTS,
    ContextInput,
    MemoryCreateInput,
    MemorySearchInput,
    context_for_key,
    memories_list_for_key,
    memories_search_for_key,
    memory_create_for_key,
    memory_delete_for_key,
)
from memories.api_parts import person_get
from memories.models import MemoryKind
from memories.selectors.people import person_by_platform_id
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
from privacy.api_calls import person_forget_for_key, profile_output

# Where the HTTP door leaves the key a request was authenticated with, in its ASGI scope.
SCOPE_API_KEY = "memoryhub.api_key"
LIST_MAX = 200  # as the API's largest page
INSTRUCTIONS = (
    "MemoryHub remembers the people of one community (the API key's). People are named by their "
    "platform user id (e.g. a Discord user id), as the community's bot knows them. Use `recall` before "
    "answering someone, `remember` to keep a fact about them, and `forget_person` when they ask to be forgotten."
)

T = TypeVar("T")
UserId = Annotated[str, Field(description="The person's platform user id in this community (e.g. 'alice_456').")]
# The choices as the REST API's input takes them, given to the model in the tool's input schema.
Kind = Annotated[str, Field(description="What sort of memory.", json_schema_extra={"enum": list(MemoryKind.values)})]
Importance = Annotated[
    float | None,
    Field(ge=0, le=1, description=f"0 to 1 ({', '.join(f'{w} {v}' for w, v in IMPORTANCE_LEVELS.items())})."),
]
Expiration = Annotated[
    str | None,
    Field(description="A lifetime from now; default permanent.", json_schema_extra={"enum": [*EXPIRATIONS, None]}),
]


class InvalidKeyError(Exception):
    """The key is unknown or revoked."""


def api_key_check(raw_key: str) -> ApiKey:
    """The live key for ``raw_key`` (its community loaded), or ``InvalidKeyError``."""
    use = apikey_authenticate(raw_key=raw_key)
    if use is None:
        raise InvalidKeyError("Unknown or revoked API key.")
    return use.api_key


def error_text(error: Exception) -> str:
    """An API error as a line a model reads: the API's code, then its message."""
    if (api_exception := getattr(error, "api_exception", None)) is not None:  # an app's error, as the API says it
        error = api_exception(str(error))
    if isinstance(error, exceptions.ValidationError):
        return f"invalid: {json.dumps(error.detail)}"
    if isinstance(error, exceptions.APIException):
        codes = error.get_codes()
        return f"{codes if isinstance(codes, str) else 'error'}: {error.detail}"
    return f"invalid_api_key: {error}"  # InvalidKeyError


def _in_thread(work: Callable[[], T]) -> T:
    close_old_connections()
    try:
        return work()
    finally:
        connections.close_all()  # back to the web process's pool, or closed: never left to a parked thread


class Caller:
    """Whose call this is: the HTTP request's key, or the one ``manage.py mcp`` was started with."""

    def __init__(self, raw_key: str | None = None) -> None:
        self.raw_key = raw_key  # stdio: checked again on each call, so a revoked key stops at once

    def api_key(self, ctx: Context) -> ApiKey:
        if self.raw_key is not None:
            return api_key_check(self.raw_key)
        request = ctx.request_context.request
        api_key = getattr(request, "scope", {}).get(SCOPE_API_KEY)
        if not isinstance(api_key, ApiKey):  # the HTTP door authenticates every request first
            raise InvalidKeyError("No API key.")
        return api_key

    async def run(self, ctx: Context, scope: str, work: Callable[[ApiKey], T], *, error: type[Exception]) -> T:
        """``work`` for the caller's key, which must carry ``scope``, on a worker thread; an API
        refusal raised as ``error`` (a tool's or a resource's), with the API's code and words."""

        def checked() -> T:
            api_key = self.api_key(ctx)
            if scope not in api_key.scopes:
                raise exceptions.PermissionDenied(f"This API key lacks the '{scope}' scope.", code="missing_scope")
            return work(api_key)

        try:
            return await anyio.to_thread.run_sync(_in_thread, checked)
        except Exception as refused:
            anticipated = isinstance(refused, exceptions.APIException | InvalidKeyError)
            if not anticipated and getattr(refused, "api_exception", None) is None:
                raise  # a crash: the SDK logs it, and tells the model only that the tool failed
            raise error(error_text(refused)) from refused


def mcp_server(*, raw_key: str | None = None) -> MCPServer:
    """The server; ``raw_key``: every call is that key's (stdio), else each HTTP request's own."""
    server = MCPServer("memoryhub", title="MemoryHub", instructions=INSTRUCTIONS)
    caller = Caller(raw_key)

    @server.tool(
        description=(
            "Save a memory about a person of this community: a self-contained fact, preference, plan, event… "
            "CHANGES: adds one memory (source `api`; its history records the change), and the person, with "
            "`name`, when the community has not met them yet; a sentence already remembered about them word for "
            "word is not saved again (the memory there is answered). "
            "Refused when the person turned memory off. Needs scope `memories:write`."
        ),
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True),
    )
    async def remember(
        user: UserId,
        content: Annotated[str, Field(description="The fact, in a sentence that stands on its own.")],
        ctx: Context,
        kind: Kind = MemoryKind.FACT,
        topics: Annotated[list[str] | None, Field(description="Up to 10 tags.")] = None,
        importance: Importance = None,
        expiration: Expiration = None,
        name: Annotated[
            str | None,
            Field(description="How the person is called, if the community has not met them yet.", max_length=200),
        ] = None,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"user": user, "content": content, "kind": kind, "topics": topics or []}
        if importance is not None:
            data["importance"] = importance
        if expiration is not None:
            data["expiration"] = expiration

        def work(api_key: ApiKey) -> dict[str, Any]:
            values = input_values(MemoryCreateInput, data)
            # An assistant's user may be new to the community: met here, as a bot's first message
            # would meet them (the REST API's POST /memories asks for a person already known).
            with transaction.atomic():
                if person_by_platform_id(community=api_key.community, external_id=values["user"]) is None:
                    called = text_clean(name or "").strip()
                    identity_resolve(community=api_key.community, external_id=values["user"], display_name=called)
                return memory_create_for_key(api_key=api_key, values=values)[0]

        return await caller.run(ctx, ApiKeyScope.MEMORIES_WRITE, work, error=ToolError)

    @server.tool(
        description=(
            "The memory context for answering a person's message: a block to put in the prompt (`text`), and every "
            "memory and past line it used, with scores. CHANGES: counts the memories it chose as recalled (their "
            "frequency and last access); nothing else. Needs scope `context`."
        ),
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False),
    )
    async def recall(
        user: UserId,
        message: Annotated[str, Field(description="The message about to be answered.")],
        ctx: Context,
        channel: Annotated[str | None, Field(description="The bot's channel id, for the recent talk there.")] = None,
        persona: Annotated[str | None, Field(description="A persona's name; default the first.")] = None,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"user": user, "query": message}
        data |= {name: value for name, value in (("channel", channel), ("persona", persona)) if value is not None}

        def work(api_key: ApiKey) -> dict[str, Any]:
            return context_for_key(community=api_key.community, values=input_values(ContextInput, data))

        return await caller.run(ctx, ApiKeyScope.CONTEXT, work, error=ToolError)

    @server.tool(
        description=(
            "Search memories by meaning: one person's, ranked as the context ranks them, or (without `user`) the "
            "whole community's. CHANGES nothing. Needs scope `memories:read`."
        ),
        annotations=ToolAnnotations(read_only_hint=True),
    )
    async def search_memories(
        query: Annotated[str, Field(description="What to look for, in plain words.")],
        ctx: Context,
        user: Annotated[str | None, Field(description="A person's platform user id; without it, everyone.")] = None,
        limit: Annotated[int, Field(ge=1, le=SEARCH_MAX_RESULTS)] = 10,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {"query": query, "limit": limit} | ({"user": user} if user is not None else {})

        def work(api_key: ApiKey) -> dict[str, Any]:
            values = input_values(MemorySearchInput, data)
            return {"results": memories_search_for_key(community=api_key.community, values=values)}

        return await caller.run(ctx, ApiKeyScope.MEMORIES_READ, work, error=ToolError)

    @server.tool(
        description=(
            "The newest live memories of a person (or of the whole community), optionally of one topic. "
            "CHANGES nothing. Needs scope `memories:read`."
        ),
        annotations=ToolAnnotations(read_only_hint=True),
    )
    async def list_memories(
        ctx: Context,
        user: Annotated[str | None, Field(description="A person's platform user id; without it, everyone.")] = None,
        topic: Annotated[str | None, Field(description="Only memories tagged with this topic.")] = None,
        limit: Annotated[int, Field(ge=1, le=LIST_MAX)] = 20,
    ) -> dict[str, Any]:
        def work(api_key: ApiKey) -> dict[str, Any]:
            person = person_get(community=api_key.community, external_id=user) if user is not None else None
            filters = {"topic": topic} if topic is not None else {}
            found = memories_list_for_key(community=api_key.community, user=person, filters=filters, limit=limit)
            return {"memories": found}

        return await caller.run(ctx, ApiKeyScope.MEMORIES_READ, work, error=ToolError)

    @server.tool(
        description=(
            "Delete one memory by its id. CHANGES: the memory is gone for good (its history keeps the deletion). "
            "Needs scope `memories:write`."
        ),
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=False),
    )
    async def forget_memory(
        memory_id: Annotated[int, Field(description="The memory's id (from list_memories, search_memories, recall).")],
        ctx: Context,
    ) -> dict[str, Any]:
        def work(api_key: ApiKey) -> dict[str, Any]:
            memory_delete_for_key(api_key=api_key, pk=memory_id)
            return {"deleted": memory_id}

        return await caller.run(ctx, ApiKeyScope.MEMORIES_WRITE, work, error=ToolError)

    @server.tool(
        description=(
            "The person's 'forget me' switch, as POST /users/{id}/forget. CHANGES: turns memory off for them in this "
            "community (nothing new is remembered until they turn it back on) and deletes every memory, entity and "
            "session summary kept about them here. Their messages and account stay; erasing them is not done "
            "here. Needs scope `memories:write`."
        ),
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True),
    )
    async def forget_person(user: UserId, ctx: Context) -> dict[str, Any]:
        def work(api_key: ApiKey) -> dict[str, Any]:
            return person_forget_for_key(community=api_key.community, external_id=user)

        return await caller.run(ctx, ApiKeyScope.MEMORIES_WRITE, work, error=ToolError)

    # A platform id is not a path: the SDK's path checks (no "..", no leading "/") would refuse real ids.
    @server.resource(
        "memoryhub://users/{user_id}/profile",
        name="profile",
        title="A person's profile",
        description="What is known about a person of this community, in short (as GET /users/{id}/profile). "
        "Needs scope `memories:read`.",
        mime_type="application/json",
        security=ResourceSecurity(exempt_params={"user_id"}),
    )
    async def profile(user_id: str, ctx: Context) -> str:
        def work(api_key: ApiKey) -> str:
            person = person_get(community=api_key.community, external_id=user_id)
            return json.dumps(profile_output(community=api_key.community, user=person))

        return await caller.run(ctx, ApiKeyScope.MEMORIES_READ, work, error=ResourceError)

    return server
