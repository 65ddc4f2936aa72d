"""`manage.py import_mem0` and `GET /users/{id}/export?format=mem0`: to and from Mem0, once."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from rest_framework.test import APIClient

from accounts.models import Community, ExternalIdentity
from accounts.services import apikey_create, identity_resolve
from memories.models import Memory, MemoryRevision, MemorySource
from memories.services.memory import memory_create

pytestmark = pytest.mark.django_db
SAMPLES = Path(__file__).parent / "samples"


def import_mem0(path: Path, community: Community) -> str:
    out = StringIO()
    call_command("import_mem0", str(path), "--community", community.slug, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_a_mem0_export_becomes_imported_memories_of_the_right_people_once(community: Community, tmp_path: Path) -> None:
    out = import_mem0(SAMPLES / "mem0.json", community)

    memories = Memory.objects.order_by("created_at")
    assert [(m.user.identities.get().external_id, m.content, m.topics, m.created_at) for m in memories] == [
        (
            "alice_456",
            "Is a vegetarian and loves Thai food",
            ["food", "personal-details"],
            datetime(2025, 1, 12, 17, 30, tzinfo=UTC),
        ),
        ("priya_88", "Plays the cello in a community orchestra", ["hobbies"], datetime(2025, 1, 20, 18, tzinfo=UTC)),
    ]
    assert {(m.source, m.context, m.embedding is not None) for m in memories} == {
        (MemorySource.IMPORT, "imported from Mem0", True)
    }
    assert MemoryRevision.objects.get(memory=memories[0]).reason == (
        "imported from Mem0 (id 3f6c1a52-8d0e-4b7a-9a51-0c2f8e1d7b11)"
    )
    assert "Imported 2 memories." in out and "1 already expired" in out
    assert "memory c1d2e3f4-0000-4000-8000-000000000003: malformed (no user_id" in out

    # Run again, after Priya's memory was deleted: nothing new, and nothing deleted comes back.
    memories.filter(user__identities__external_id="priya_88").delete()
    again = import_mem0(SAMPLES / "mem0.json", community)

    assert Memory.objects.count() == 1 and "Imported 0 memories." in again and "2 already imported" in again


def test_a_file_that_is_not_a_mem0_export_is_refused_with_nothing_written(community: Community, tmp_path: Path) -> None:
    wrong = tmp_path / "notes.json"
    wrong.write_text(json.dumps({"notes": ["likes tea"]}))
    with pytest.raises(CommandError, match="not a Mem0 export"):
        import_mem0(wrong, community)
    wrong.write_text(json.dumps([{"text": "likes tea"}]))
    with pytest.raises(CommandError, match=r"No entry of notes.json is a Mem0 memory: memory 1: no id"):
        import_mem0(wrong, community)
    assert not Memory.objects.exists() and not ExternalIdentity.objects.exists()


def test_the_mem0_export_of_one_community_imports_into_another_with_its_text_person_and_topics(
    community: Community, other_community: Community, tmp_path: Path
) -> None:
    alice = identity_resolve(community=community, external_id="alice_456", display_name="Alice")
    for content, topics in [("Alice has a cat called Miso", ["pets"]), ("Alice works as a pilot", ["work", "travel"])]:
        memory_create(
            community=community,
            user=alice,
            content=content,
            kind="fact",
            importance=0.9,
            expires_at=None,
            source=MemorySource.API,
            actor="system",
            topics=topics,
        )
    _, key = apikey_create(community=community, name="exporter", scopes=["memories:read"])
    api = APIClient(headers={"Authorization": f"Bearer {key}"})

    answer = api.get("/api/v1/users/alice_456/export", {"format": "mem0"})

    assert answer.status_code == 200, answer.content
    exported = answer.json()["results"]
    assert [(m["user_id"], m["memory"], m["categories"], m["metadata"]["kind"]) for m in exported] == [
        ("alice_456", "Alice has a cat called Miso", ["pets"], "fact"),
        ("alice_456", "Alice works as a pilot", ["work", "travel"], "fact"),
    ]
    assert api.get("/api/v1/users/alice_456/export", {"format": "csv"}).json()["error"]["code"] == "invalid"
    (tmp_path / "alice.json").write_text(answer.content.decode())

    import_mem0(tmp_path / "alice.json", other_community)

    moved = Memory.objects.filter(community=other_community).order_by("created_at")
    assert [(m.user.identities.get().external_id, m.content, m.topics, m.importance) for m in moved] == [
        ("alice_456", "Alice has a cat called Miso", ["pets"], 0.9),
        ("alice_456", "Alice works as a pilot", ["work", "travel"], 0.9),
    ]
