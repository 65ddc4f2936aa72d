"""The web process of `make run` and the Procfile: gunicorn serving the app and its static files."""

from __future__ import annotations

import re
import socket
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.support.processes import child_environment, running, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except OSError:
        return 0, ""


def test_gunicorn_serves_the_admin_login_and_its_stylesheet(tmp_path: Path) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "memoryhub.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        "--no-control-socket",
    ]
    with running(command, env=child_environment(var_dir=tmp_path, broker_url=None), log=tmp_path / "web.log"):
        health = wait_until(lambda: _get(f"{base}/healthz")[0] and _get(f"{base}/healthz"), timeout=60)
        assert health == (200, '{"status": "ok"}')
        status, page = _get(f"{base}/admin/login/")
        assert status == 200
        assert 'name="username"' in page and 'name="password"' in page
        stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page)
        assert stylesheet is not None
        status, css = _get(f"{base}{stylesheet.group(1)}")
        assert status == 200 and "{" in css
