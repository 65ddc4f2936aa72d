"""The production environment docs/operations.md documents passes `manage.py check --deploy`, and
behind TLS the cookies are secure, plain HTTP is redirected and HSTS is sent."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from tests.support.processes import PROJECT_DIR

# docs/operations.md, "TLS and security settings": the environment a production web server runs with.
PRODUCTION = {
    "DEBUG": "false",
    "ALLOWED_HOSTS": "memory.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://memory.example.org",
    "MEMORYHUB_BEHIND_TLS": "true",
    "SECURE_PROXY_SSL_HEADER": "X-Forwarded-Proto",
}

SETTINGS_SHOWN = """
import json
from django.conf import settings
names = ["SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS",
         "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_PROXY_SSL_HEADER", "DEBUG"]
print(json.dumps({name: getattr(settings, name, None) for name in names}))
"""


def _manage(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py`` in a process of its own with only the given environment (no test database)."""
    base = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "MEMORYHUB_VAR_DIR": str(tmp_path)}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=PROJECT_DIR,
        env=base | {"SECRET_KEY": secrets.token_urlsafe(50)} | env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


def test_the_documented_production_environment_passes_the_deploy_check(tmp_path: Path) -> None:
    result = _manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert result.returncode == 0, result.stdout + result.stderr
    # Only HSTS preloading's reminder is silenced, while SECURE_HSTS_PRELOAD is off (its default).
    assert "System check identified no issues (1 silenced)." in result.stdout


def test_without_tls_the_deploy_check_names_what_is_missing(tmp_path: Path) -> None:
    result = _manage(
        tmp_path, "check", "--deploy", "--fail-level", "WARNING", **PRODUCTION | {"MEMORYHUB_BEHIND_TLS": ""}
    )

    assert result.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):  # HSTS, redirect, cookies
        assert warning in result.stderr


def test_behind_tls_cookies_are_secure_http_is_redirected_and_hsts_is_on(tmp_path: Path) -> None:
    result = _manage(tmp_path, "shell", "-c", SETTINGS_SHOWN, **PRODUCTION)
    assert result.returncode == 0, result.stderr

    effective = json.loads(result.stdout.strip().splitlines()[-1])
    assert effective == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "DEBUG": False,
    }


def test_by_default_make_run_serves_plain_http(tmp_path: Path) -> None:
    result = _manage(tmp_path, "shell", "-c", SETTINGS_SHOWN)
    assert result.returncode == 0, result.stderr

    effective = json.loads(result.stdout.strip().splitlines()[-1])
    assert not effective["SESSION_COOKIE_SECURE"] and not effective["SECURE_SSL_REDIRECT"]
    assert effective["SECURE_HSTS_SECONDS"] == 0 and effective["SECURE_PROXY_SSL_HEADER"] is None


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/accounts/login/", "/healthz"])
def test_a_page_over_tls_carries_hsts_and_a_content_security_policy(client: Client, settings: Any, path: str) -> None:
    settings.SECURE_HSTS_SECONDS = 3600
    response = client.get(path, secure=True)

    assert response["Strict-Transport-Security"].startswith("max-age=3600")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe" not in policy


@pytest.mark.django_db
def test_the_json_api_carries_no_content_security_policy(client: Client) -> None:
    response = client.get("/api/v1/context")
    assert response.status_code == 401 and "Content-Security-Policy" not in response
