"""The restore drill of docs/operations.md (scripts/restore_drill.py), run once: a database filled
through the API is dumped and restored into a fresh one, and the Procfile's web server, started
against the copy, answers a bot the same context as the original."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
import uuid
from datetime import timedelta
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import ConversationWindow, ConversationWindowState, Message
from chat.services import persona_create
from memories.models import Memory, RecallEntry, RecallPack
from scripts.restore_drill import database_url_with_name, libpq_url
from tests.support import processes
from tests.support.chat import bot_batch
from tests.support.extraction import extract_window_here
from tests.support.processes import PROJECT_DIR, child_environment, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)  # the script and the server read what the test wrote

QUESTION = {"user": "alice_456", "query": "any tips for my move to Austin?", "record_access": False}


def _populate(api: APIClient) -> None:
    """Messages from two people, their window extracted by the offline engine (memories and recall
    entries), a memory a bot saves itself, and a web-less second channel left open."""
    # Said days ago, so the ages in the block ("3 days ago") stay what they are while the test runs.
    said = timezone.now() - timedelta(days=3, hours=6)
    lines = [
        ("alice_456", "Alice", "I'm moving to Austin next month for a new job"),
        ("bob_789", "Bob", "Austin is great, I grew up there"),
        ("alice_456", "Alice", "I love hiking and my dog Pixel comes with me everywhere"),
        ("bob_789", "Bob", "I'm allergic to cats, sadly"),
    ]
    messages = bot_batch(lines, channel="general", started=said)
    assert api.post("/api/v1/messages", {"messages": messages}, format="json").status_code == 202
    for window in ConversationWindow.objects.exclude(state=ConversationWindowState.DONE):
        extract_window_here(window)
    saved = api.post(
        "/api/v1/memories",
        {
            "user": "alice_456",
            "content": "Alice prefers tea to coffee",
            "kind": "preference",
            "source": "import",
            "said_at": said.isoformat(),
        },
        format="json",
    )
    assert saved.status_code == 201, saved.json()
    later = {"channel": "random", "author": "alice_456", "content": "Austin traffic worries me", "message_id": "r1"}
    assert api.post("/api/v1/messages", later, format="json").status_code == 202


def _post_context(base: str, key: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/v1/context",
        data=json.dumps(QUESTION).encode(),
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:  # raises on anything but a 2xx
        return json.loads(response.read())  # type: ignore[no-any-return]


def _drop(url: str, name: str) -> None:
    with psycopg.connect(libpq_url(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_dump_restored_into_a_fresh_database_answers_the_same_context(tmp_path: Path, community: Community) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira, a kind companion.")
    _, key = apikey_create(community=community, name="drill", scopes=ApiKeyScope.values)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    _populate(api)
    assert Memory.objects.count() >= 3 and RecallEntry.objects.count() >= 4 and RecallPack.objects.exists()
    assert Message.objects.count() == 5
    original = api.post("/api/v1/context", QUESTION, format="json").json()
    assert "Austin" in original["text"] and "tea" in original["text"], original["text"]

    source = processes.test_database_url()
    target = f"drill_{uuid.uuid4().hex[:12]}"
    env = child_environment(var_dir=tmp_path, broker_url=None)
    try:
        drill = subprocess.run(
            [sys.executable, "scripts/restore_drill.py", "--source", source, "--target", target,
             "--dump", str(tmp_path / "backup.dump"),
             "--context", f"{community.slug}/alice_456/Mira/{QUESTION['query']}"],
            cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert drill.returncode == 0, drill.stdout + drill.stderr
        assert "the same context for" in drill.stdout and "restore drill passed" in drill.stdout, drill.stdout
        assert (tmp_path / "backup.dump").stat().st_size > 0

        restored_env = env | {"DATABASE_URL": database_url_with_name(source, target)}
        with gunicorn_serving(env=restored_env, log=tmp_path / "web.log") as base:
            restored = _post_context(base, key)  # the key is in the copy: same hash, same scopes
        assert restored["text"] == original["text"]
        assert [m["id"] for m in restored["memories"]] == [m["id"] for m in original["memories"]]
        assert restored["messages"] == original["messages"]

        # Run again into the same name, the drill refuses: it never restores over a database.
        again = subprocess.run(
            [sys.executable, "scripts/restore_drill.py", "--source", source, "--target", target],
            cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert again.returncode == 2 and "restores into a fresh one only" in again.stderr
    finally:
        _drop(source, target)
