"""Invalid configuration fails at start-up with a clear message."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.processes import PROJECT_DIR, child_environment

pytestmark = pytest.mark.django_db


def _check(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=PROJECT_DIR,
        env=child_environment(var_dir=tmp_path, broker_url=None) | env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_valid_configuration_passes_the_checks(tmp_path: Path) -> None:
    result = _check(tmp_path)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize(
    ("env", "error"),
    [
        pytest.param({"MEMORYHUB_EMBEDDINGS": "word2vec"}, "memoryhub.E001", id="unknown-embeddings"),
        pytest.param({"MEMORYHUB_EMBEDDINGS": "openai", "OPENAI_API_KEY": ""}, "memoryhub.E002", id="openai-no-key"),
        pytest.param({"CELERY_BROKER_URL": "sqs://queue"}, "memoryhub.E003", id="unsupported-broker"),
        pytest.param({"MEMORYHUB_LLM_MAX_IN_FLIGHT": "0"}, "memoryhub.E005", id="no-llm-slots"),
        pytest.param({"MEMORYHUB_LLM_MAX_RETRIES": "-1"}, "memoryhub.E006", id="negative-retries"),
        pytest.param({"MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS": "0"}, "memoryhub.E005", id="webhooks-never-fail"),
    ],
)
def test_invalid_configuration_stops_start_up_with_its_reason(tmp_path: Path, env: dict[str, str], error: str) -> None:
    result = _check(tmp_path, **env)
    assert result.returncode != 0
    assert error in result.stderr
    assert "HINT" in result.stderr


def test_a_non_postgresql_database_url_is_refused(tmp_path: Path) -> None:
    result = _check(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert result.returncode != 0
    assert "memoryhub.E004" in result.stderr


def test_logs_are_text_for_someone_at_a_terminal_and_json_for_machines(tmp_path: Path) -> None:
    """Unset, ``MEMORYHUB_LOG_FORMAT`` follows where the log goes: an operator's command in a
    terminal gets text, a service writing to a file or a pipe gets JSON (memoryhub/logs.py)."""
    script = "import django; django.setup(); from django.conf import settings; print(settings.MEMORYHUB_LOG_FORMAT)"
    env = child_environment(var_dir=tmp_path, broker_url=None) | {"DJANGO_SETTINGS_MODULE": "memoryhub.settings"}
    env.pop("MEMORYHUB_LOG_FORMAT", None)

    def log_format(*, terminal: bool, **settings: str) -> str:
        controller, terminal_end = pty.openpty()
        try:
            run = subprocess.run(
                [sys.executable, "-c", script],
                cwd=PROJECT_DIR,
                env=env | settings,
                stdout=subprocess.PIPE,
                stderr=terminal_end if terminal else subprocess.PIPE,
                text=True,
                timeout=60,
                check=True,
            )
        finally:
            os.close(controller)
            os.close(terminal_end)
        return run.stdout.strip()

    assert log_format(terminal=True) == "plain"
    assert log_format(terminal=False) == "json"
    assert log_format(terminal=True, MEMORYHUB_LOG_FORMAT="json") == "json"  # asked for, it holds
