"""The request path's hand-written machinery (core/fastpath/) is fenced: ``MEMORYHUB_FAST_PATH=0``
serves the plain Django / DRF path, and the API's context, search and ingest answer the same."""

from __future__ import annotations

from typing import Any

import pytest
import time_machine
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Community
from chat.models import ConversationWindow
from chat.services import persona_create
from tests.support.extraction import extract_window_here

pytestmark = pytest.mark.django_db

QUERY = {"user": "alice_456", "query": "tips for the move to Austin?", "record_access": "false"}
LINES = [
    ("alice_456", "Alice", "I'm moving to Austin next month"),
    ("bob_7", "Bob", "Nice! I grew up in Texas, the summers are hot"),
    ("alice_456", "Alice", "My cat Luna hates the heat, she only sleeps on tiles"),
]


def _without_ids(value: Any) -> Any:
    """``value`` without the ids and times that differ between two batches of the same lines."""
    if isinstance(value, dict):
        return {k: _without_ids(v) for k, v in value.items() if k not in {"id", "window", "windows", "message_id"}}
    if isinstance(value, list):
        return [_without_ids(item) for item in value]
    return value


def _answers(api: APIClient, settings: Any, *, fast: bool, channel: str) -> dict[str, Any]:
    settings.MEMORYHUB_FAST_PATH = fast  # prepared statements stay asked for: the fence turns them off
    batch = [
        {"channel": channel, "author": author, "author_name": name, "content": text, "message_id": f"{channel}-{n}"}
        for n, (author, name, text) in enumerate(LINES)
    ]
    ingest = api.post("/api/v1/messages", {"messages": batch}, format="json")
    return {
        "ingest": (ingest.status_code, _without_ids(ingest.json())),
        "context": api.get("/api/v1/context", QUERY).json(),
        "search": api.post(
            "/api/v1/memories/search", {"query": "where is Alice moving", "user": "alice_456"}, format="json"
        ).json(),
    }


def _prepared_statements() -> int:
    """How many times this connection has run a prepared statement."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT COALESCE(sum(generic_plans + custom_plans), 0) FROM pg_prepared_statements")
        return int(cursor.fetchone()[0])


def test_the_plain_django_path_answers_as_the_fast_path(api: APIClient, community: Community, settings: Any) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    community.weight_frequency = 0  # the answers' access counts are not compared
    community.save()
    api.post("/api/v1/messages", {"channel": "general", "author": "alice_456", "content": LINES[0][2]}, format="json")
    extract_window_here(ConversationWindow.objects.get())

    with time_machine.travel(timezone.now(), tick=False):  # one moment: the same recency both ways
        fast = _answers(api, settings, fast=True, channel="fast")
        prepared = _prepared_statements()
        plain = _answers(api, settings, fast=False, channel="plain")

    assert prepared > 0 and _prepared_statements() == prepared  # the plain path ran none

    assert fast["ingest"][0] == 202 and fast["ingest"][1]["accepted"] == 3, fast["ingest"]
    assert "Austin" in fast["context"]["text"] and fast["search"]["results"]
    assert plain == fast
