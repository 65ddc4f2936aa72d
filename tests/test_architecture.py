"""The layers of the code, as import-linter's contracts in pyproject.toml state them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from memories.models import EntityType, MemoryKind
from memoryhub.ai import contract

PROJECT = Path(__file__).resolve().parent.parent


def test_the_import_graph_keeps_every_layer_contract() -> None:
    linter = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(linter), "--no-cache"], cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_the_models_choices_are_the_extraction_contracts_values() -> None:
    """The models take their kinds and entity types from the contract the LLMs read."""
    assert MemoryKind.values == [kind.value for kind in contract.MemoryKind]
    assert EntityType.values == [kind.value for kind in contract.EntityType]


MAX_LINES = 600


def test_no_production_file_is_over_600_lines() -> None:
    """Production code (not tests, benchmarks, examples or migrations) stays in files one can read."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=PROJECT, capture_output=True, text=True, timeout=60, check=True
    ).stdout.split()
    production = [
        name
        for name in tracked
        if name.split("/")[0] not in {"tests", "benchmarks", "examples"} and "/migrations/" not in name
    ]
    assert len(production) > 100
    long = {name: n for name in production if (n := len((PROJECT / name).read_text().splitlines())) > MAX_LINES}
    assert long == {}, "split these by workflow"
