"""Every 404 of the bot API reads the same way: code `not_found`, and a message naming what was
looked for and where: "No <thing> <id> in this community." (or, for a URL, in this API)."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from accounts.models import Community, User
from chat.services import persona_create
from memories.models import MemoryRevisionActor
from memories.services.memory import memory_create
from memoryhub.ai.embeddings import embedder_get

pytestmark = pytest.mark.django_db

ONE_STYLE = re.compile(r"^No [a-z]+ .+ in this (community|API)\.$")


@pytest.fixture
def elsewhere(other_community: Community, outsider: User) -> dict[str, int]:
    """Things that exist, but in another community: here they are not found like anything else."""
    embedder = embedder_get()
    memory = memory_create(
        community=other_community,
        user=outsider,
        content="Zoe reads in the bath",
        kind="fact",
        importance=0.5,
        expires_at=None,
        source="api",
        actor=MemoryRevisionActor.SYSTEM,
        embedding=embedder.embed_one("Zoe reads in the bath").tolist(),
        embedding_model=embedder.model_name,
    )
    return {"memory": memory.pk}


def test_every_not_found_reads_the_same_way(api: APIClient, community: Community, elsewhere: dict[str, int]) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    answers = {
        "unknown url": api.get("/api/v1/nothing/here"),
        "window": api.get("/api/v1/windows/999999"),
        "window to close": api.post("/api/v1/windows/999999/close"),
        "window to retry": api.post("/api/v1/windows/999999/retry"),
        "memory": api.get(f"/api/v1/memories/{elsewhere['memory']}"),
        "memory to delete": api.delete("/api/v1/memories/999999"),
        "message": api.patch("/api/v1/messages/general/m-404", {"content": "edited"}, format="json"),
        "message to delete": api.delete("/api/v1/messages/general/m-404"),
        "person": api.get("/api/v1/users/nobody_000/profile"),
        "person with NUL": api.get("/api/v1/users/no%00body/export"),
        "message with NUL": api.delete("/api/v1/messages/gen%00eral/m-1"),
        "persona": api.get("/api/v1/context", {"user": "alice_456", "query": "hi", "persona": "Nobody"}),
        "memory's person": api.post(
            "/api/v1/memories", {"user": "nobody_000", "content": "Nobody likes tea"}, format="json"
        ),
    }
    for what, response in answers.items():
        assert response.status_code == 404, (what, response.content)
        error = response.json()["error"]
        assert error["code"] == "not_found", what
        assert ONE_STYLE.match(error["message"]), (what, error["message"])
    assert answers["window"].json()["error"]["message"] == "No window 999999 in this community."
    assert answers["message"].json()["error"]["message"] == "No message 'm-404' in channel 'general' in this community."


def test_a_format_parameter_is_no_renderer_switch_and_finds_what_is_there(api: APIClient, community: Community) -> None:
    """DRF reads ``?format=`` as a renderer's name and answered any but ``json`` with a 404, "not found
    in this community", for a list that is there. Only /api/schema/ keeps the switch."""
    answer = api.get("/api/v1/memories", {"format": "csv", "page_size": 1})
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer.json()["results"] == []

    schema = APIClient().get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200 and schema["Content-Type"].startswith("application/vnd.oai.openapi+json")
    assert schema.json()["info"]["title"] == "MemoryHub API"
