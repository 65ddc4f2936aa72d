"""What the README and docs/ promise a reader: commands and settings that exist, and links that work."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management import get_commands

PROJECT = Path(__file__).resolve().parent.parent
README = PROJECT / "README.md"
GUIDES = [README, PROJECT / "CONTRIBUTING.md", PROJECT / "CHANGELOG.md", *sorted((PROJECT / "docs").glob("*.md"))]
CONFIGURATION = PROJECT / "docs" / "configuration.md"


def test_the_readme_is_a_guide_of_at_most_250_lines() -> None:
    assert len(README.read_text().splitlines()) <= 250


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: str(path.relative_to(PROJECT)))
def test_every_link_points_at_a_file_of_the_repository(guide: Path) -> None:
    for target in re.findall(r"\]\(([^)\s]+)\)", guide.read_text()):
        assert "://" not in target, f"{target} leaves the repository"
        path = (guide.parent / target.split("#")[0]).resolve()
        assert path.is_relative_to(PROJECT) and path.exists(), f"{target} is not in the repository"


@pytest.mark.parametrize("guide", GUIDES, ids=lambda path: str(path.relative_to(PROJECT)))
def test_every_command_a_guide_names_exists(guide: Path) -> None:
    named = set(re.findall(r"manage\.py ([a-z][a-z0-9_]*)", guide.read_text()))
    assert named <= set(get_commands()), f"no such command: {named - set(get_commands())}"


def test_every_setting_read_from_the_environment_is_in_the_configuration_page() -> None:
    settings_source = (PROJECT / "memoryhub" / "settings.py").read_text()
    read = set(re.findall(r"""env(?:\.\w+)?\(\s*["']([A-Z][A-Z0-9_]+)["']""", settings_source))
    documented = CONFIGURATION.read_text()
    assert read, "no settings found: the pattern no longer matches settings.py"
    # A family of settings may share a row: `MEMORYHUB_DATABASE_POOL_MIN`, `_MAX`, `_TIMEOUT`.
    missing = {
        name for name in read if f"`{name}`" not in documented and f"`_{name.rsplit('_', 1)[-1]}`" not in documented
    }
    assert not missing, f"settings missing from docs/configuration.md: {sorted(missing)}"


def test_the_settings_the_readme_names_are_in_the_configuration_page() -> None:
    named = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", README.read_text(), flags=re.MULTILINE))
    assert len(named) == 10
    documented = CONFIGURATION.read_text()
    assert {name for name in named if f"| `{name}` |" not in documented} == set()
