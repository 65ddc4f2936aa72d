"""`.ci/secrets-in-logs`, which `.ci/run` runs after the suite: it fails when any log of the run
holds a secret the browser test planted, and when nothing was planted at all."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / ".ci" / "secrets-in-logs"
KEY = "mh_" + "k" * 43
SENTENCE = "My bicycle lock opens with 0451, please keep it between us."


def _search(run_dir: Path, *logs: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), str(run_dir), *map(str, logs)], capture_output=True, text=True, check=False, timeout=30
    )


@pytest.fixture
def outside() -> Iterator[Path]:
    """A directory outside pytest's: under `.ci/run` that is the run's own log directory, which the
    real search covers, and these tests' planted secrets would fail it."""
    with tempfile.TemporaryDirectory(prefix="secrets-in-logs-") as directory:
        yield Path(directory)


@pytest.fixture
def run_dir(outside: Path) -> Path:
    tmp_path = outside
    test_dir = tmp_path / "pytest" / "popen-gw1" / "test_every_kind0"
    test_dir.mkdir(parents=True)
    (test_dir / "log-canary.txt").write_text(f"{KEY}\n{SENTENCE}\n")
    (test_dir / "web.log").write_text('127.0.0.1:5000 - "POST /api/v1/messages HTTP/1.1" 202\n')
    (tmp_path / "pytest" / "popen-gw0" / "other0").mkdir(parents=True)
    (tmp_path / "pytest" / "popen-gw0" / "other0" / "worker.log").write_text("task succeeded\n")
    return tmp_path


def test_clean_logs_pass(run_dir: Path) -> None:
    result = _search(run_dir)
    assert result.returncode == 0, result.stderr
    assert "2 logs searched" in result.stdout


@pytest.mark.parametrize("secret", [KEY, SENTENCE])
def test_a_planted_secret_in_any_log_fails_the_run(run_dir: Path, secret: str) -> None:
    leaked = run_dir / "pytest" / "popen-gw0" / "other0" / "worker.log"
    leaked.write_text(f"INFO task extract_window: saw {secret!r}\n")

    result = _search(run_dir)

    assert result.returncode == 1
    assert str(leaked) in result.stderr


def test_a_log_given_by_name_is_searched_too(run_dir: Path) -> None:
    postgresql_log = run_dir / "pgdata-log"
    postgresql_log.write_text(f"STATEMENT: INSERT INTO chat_message (content) VALUES ('{SENTENCE}')\n")

    assert _search(run_dir, postgresql_log).returncode == 1


def test_a_run_that_planted_nothing_fails(outside: Path) -> None:
    (outside / "web.log").write_text("nothing\n")

    result = _search(outside)

    assert result.returncode == 1 and "did not run" in result.stderr
