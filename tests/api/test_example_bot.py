"""examples/chat_bot.py works against a real server process, as its docstring says."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from accounts.models import Community
from accounts.services import apikey_create
from chat.models import ChatSession, Message
from chat.services import persona_create
from tests.support.processes import PROJECT_DIR, child_environment, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_example_bot_forwards_messages_and_answers_when_addressed(community: Community, tmp_path: Path) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    _, key = apikey_create(community=community, name="example", scopes=["ingest", "context", "chat"])
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        bot = subprocess.run(
            [sys.executable, "examples/chat_bot.py"],
            cwd=PROJECT_DIR,
            env=env | {"MEMORYHUB_URL": base, "MEMORYHUB_API_KEY": key},
            input="alice: I'm moving to Austin next month!\nbob: nice, when?\nalice: @Mira any tips for the move?\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert bot.returncode == 0, bot.stderr
    assert bot.stdout.startswith("mira: ") and "(remembered:" in bot.stdout
    assert "Austin" in bot.stdout.splitlines()[0], bot.stdout  # what Alice said in the channel just before
    observed = Message.objects.filter(session__isnull=True).order_by("created_at")
    assert [m.content for m in observed] == ["I'm moving to Austin next month!", "nice, when?"]
    session = ChatSession.objects.get()
    assert list(session.messages.order_by("pk").values_list("role", flat=True)) == ["user", "assistant"]


def test_the_example_bot_answers_to_the_persona_it_is_told_to_be(community: Community, tmp_path: Path) -> None:
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    persona_create(community=community, name="Sage", system_prompt="You are Sage.")
    _, key = apikey_create(community=community, name="example", scopes=["ingest", "context", "chat"])
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        bot = subprocess.run(
            [sys.executable, "examples/chat_bot.py"],
            cwd=PROJECT_DIR,
            env=env | {"MEMORYHUB_URL": base, "MEMORYHUB_API_KEY": key, "BOT_PERSONA": "Sage"},
            input="alice: @mira are you there?\nalice: @SAGE hello!\n",
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert bot.returncode == 0, bot.stderr
    assert bot.stdout.startswith("sage: ") and bot.stdout.count("sage: ") == 1  # @mira is just talk now
    assert ChatSession.objects.get().persona.name == "Sage"
