"""The lock files `make run` and `make test` install from hold what requirements*.txt choose.

A pin changed in requirements.txt without `make lock` would not be installed at all (the Makefile
installs from the locks), so a test says so instead of a surprised user.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

PROJECT = Path(__file__).resolve().parent.parent
# A locked package: its line, then its hashes on continuation lines.
LOCKED = re.compile(r"^([A-Za-z0-9._-]+)==(\S+)((?:[ \t]*\\\n[ \t]+--hash=sha256:[0-9a-f]{64})*)", re.MULTILINE)


def chosen(path: Path) -> dict[str, str]:
    """The packages a requirements file names, with their pinned versions, its ``-r`` files too."""
    pins: dict[str, str] = {}
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line.startswith("-r "):
            pins.update(chosen(path.parent / line[3:].strip()))
        elif line:
            requirement = Requirement(line)
            (specifier,) = requirement.specifier
            assert specifier.operator == "==", f"{path.name}: {line} is not pinned"
            pins[canonicalize_name(requirement.name)] = specifier.version
    return pins


def locked(path: Path) -> dict[str, tuple[str, int]]:
    """The packages a lock file pins: version and how many hashes each has."""
    return {
        canonicalize_name(name): (version, hashes.count("--hash="))
        for name, version, hashes in LOCKED.findall(path.read_text())
    }


@pytest.mark.parametrize(
    ("chosen_in", "lock"),
    [("requirements.txt", "requirements.lock"), ("requirements-dev.txt", "requirements-dev.lock")],
)
def test_every_chosen_pin_is_locked_at_its_version(chosen_in: str, lock: str) -> None:
    pins, packages = chosen(PROJECT / chosen_in), locked(PROJECT / lock)
    assert pins, chosen_in
    stale = {
        name: (version, packages.get(name, ("missing", 0))[0])
        for name, version in pins.items()
        if packages.get(name, ("", 0))[0] != version
    }
    assert not stale, f"run `make lock`: {stale} (chosen, locked)"


@pytest.mark.parametrize("lock", ["requirements.lock", "requirements-dev.lock"])
def test_every_locked_package_has_a_hash(lock: str) -> None:
    text = (PROJECT / lock).read_text()
    packages = locked(PROJECT / lock)
    lines = [line for line in text.splitlines() if re.match(r"^[A-Za-z0-9._-]+==", line)]
    assert len(packages) == len(lines) > 50
    assert all(hashes >= 1 for _, hashes in packages.values()), lock


def test_the_dev_lock_keeps_the_runtime_locks_versions() -> None:
    runtime, dev = locked(PROJECT / "requirements.lock"), locked(PROJECT / "requirements-dev.lock")
    assert {name: version for name, (version, _) in runtime.items() if dev.get(name, ("",))[0] != version} == {}
