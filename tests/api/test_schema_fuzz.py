"""schemathesis drives every documented endpoint with generated requests and a valid key: no
server error, and every answer matches the schema the API publishes at /api/schema/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings

from accounts.models import Community
from accounts.services import apikey_create, identity_resolve
from chat.services import persona_create
from memories.models import MemoryRevisionActor
from memories.services.memory import memory_create

EXAMPLES = 12  # per operation: bounded, so the suite stays quick
CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.response_schema_conformance,
    schemathesis.checks.content_type_conformance,
]


@pytest.fixture
def api_schema(db: None) -> Iterator[Any]:
    """The real WSGI application. Like Django's test client, it must not close the test's
    database connection (and so its transaction) at the end of each request."""
    from memoryhub.wsgi import application

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schemathesis.openapi.from_wsgi("/api/schema/", application)
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def bot_key(community: Community) -> str:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    alice = identity_resolve(community=community, external_id="alice_456", display_name="Alice")
    memory_create(
        community=community,
        user=alice,
        content="Alice is moving to Austin next month",
        kind="plan",
        importance=0.9,
        expires_at=None,
        source="api",
        actor=MemoryRevisionActor.SYSTEM,
        topics=["moving"],
    )
    _, raw = apikey_create(
        community=community, name="fuzzer", scopes=["ingest", "context", "chat", "memories:read", "memories:write"]
    )
    return raw


def test_every_endpoint_answers_within_its_schema(api_schema: Any, bot_key: str) -> None:
    # schemathesis's own pytest plugin does not run on this pytest; its strategies do, per operation.
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 8
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
            derandomize=True,  # the same examples on every run: CI stays reproducible
        )
        def exchange(case: Any) -> None:
            response = case.call(headers={"Authorization": f"Bearer {bot_key}"})
            case.validate_response(response, checks=CHECKS)

        exchange()
