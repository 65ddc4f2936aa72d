"""A fake OpenAI server and a real Celery worker pointed at it, shared by a test module."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from accounts.models import User
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message
from chat.services import message_record
from chat.windows import window_close
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import celery_command, child_environment, running, wait_until

# The worker retries fast here so failure paths finish in seconds; the rules are the same.
WORKER_SETTINGS = {
    "MEMORYHUB_LLM_MAX_RETRIES": "1",
    "MEMORYHUB_LLM_TIMEOUT": "1.5",
    "MEMORYHUB_EXTRACTION_RETRY_SECONDS": "0.2",
    "MEMORYHUB_EXTRACTION_MAX_ATTEMPTS": "3",
}


@pytest.fixture(scope="module")
def fake_openai() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture
def fake(fake_openai: FakeOpenAI) -> FakeOpenAI:
    fake_openai.reset()
    return fake_openai


def start_worker(*, tmp_path: Path, extra_env: dict[str, str], pool: str = "prefork") -> Any:
    # The worker shares this process's broker and queue: the tasks the tests' services queue reach it.
    env = child_environment(var_dir=Path(settings.VAR_DIR), broker_url=settings.CELERY_BROKER_URL)
    env |= WORKER_SETTINGS | extra_env
    command = celery_command(
        "worker", f"--pool={pool}", "--concurrency=2", "--without-gossip", "--without-mingle", "--loglevel=INFO"
    )
    tmp_path.mkdir(parents=True, exist_ok=True)
    return running(command, env=env, log=tmp_path / "worker.log")


@pytest.fixture(scope="module")
def llm_worker(
    fake_openai: FakeOpenAI, django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """A real worker whose LLM is the fake OpenAI server; yields its log file."""
    tmp_path = tmp_path_factory.mktemp("worker")
    with django_db_blocker.unblock(), start_worker(tmp_path=tmp_path, extra_env=fake_openai.environment()):
        yield tmp_path / "worker.log"


@pytest.fixture(scope="module")
def offline_worker(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """A real worker on the offline engine (no LLM configured), shared by a test module."""
    tmp_path = tmp_path_factory.mktemp("worker")
    with django_db_blocker.unblock(), start_worker(tmp_path=tmp_path, extra_env={"OPENAI_API_KEY": ""}):
        yield tmp_path / "worker.log"


Say = Callable[[str, str], Message]


@pytest.fixture
def say(channel: Channel, people: dict[str, User]) -> Say:
    # Said just now (a conversation said longer ago than the quiet time would be due at once).
    start = timezone.now() - timedelta(minutes=1)
    said: list[Message] = []

    def say(who: str, text: str) -> Message:
        at: datetime = start + timedelta(seconds=2 * len(said))
        message = message_record(channel=channel, author=people[who], content=text, created_at=at)
        said.append(message)
        return message

    return say


def extract_now(channel: Channel, *, timeout: float = 60) -> ConversationWindow:
    """Close the channel's window and wait for the worker to finish with it."""
    window = ConversationWindow.objects.get(channel=channel, state=ConversationWindowState.OPEN)
    window_close(window=window, reason="manual")
    finished = (ConversationWindowState.DONE, ConversationWindowState.FAILED)
    return wait_until(
        lambda: ConversationWindow.objects.filter(pk=window.pk, state__in=finished).first(), timeout=timeout
    )
