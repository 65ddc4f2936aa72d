"""The request-level refusals answer in the API's error shape, each with the code `docs/api.md`
gives it, and that table names every code the API's own code gives out."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from accounts.models import Community

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _documented_codes() -> set[str]:
    errors = (ROOT / "docs" / "api.md").read_text().split("## Errors", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", errors, re.MULTILINE))


def test_a_wrong_method_accept_header_or_media_type_is_refused_with_its_documented_code(
    api: APIClient, community: Community
) -> None:
    answers = {
        "method_not_allowed": api.put("/api/v1/context", {}, format="json"),
        "not_acceptable": api.get("/api/v1/windows", HTTP_ACCEPT="text/csv"),
        "unsupported_media_type": api.post(
            "/api/v1/memories", "user=a", content_type="application/x-www-form-urlencoded"
        ),
    }
    for code, response in answers.items():
        assert response["Content-Type"] == "application/json", code
        assert response.json()["error"]["code"] == code
    assert set(answers) <= _documented_codes()


def test_every_code_the_api_gives_out_is_in_the_table() -> None:
    given = set()
    apps = [top for top in ROOT.iterdir() if (top / "__init__.py").exists() and top.name not in {"tests", "benchmarks"}]
    for path in (path for app in apps for path in app.rglob("*.py")):
        if path == ROOT / "memoryhub" / "metrics.py":
            continue  # /metrics, for Prometheus: not the bots' API
        text = path.read_text()
        given |= set(re.findall(r'"code": "([a-z_]+)"', text)) | set(re.findall(r'default_code = "([a-z_]+)"', text))
    assert given, "no code found: the pattern no longer matches how codes are written"
    assert given - {"error"} <= _documented_codes()
