"""The web process of `make run` and the Procfile: gunicorn serving the app and its static files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.processes import child_environment, gunicorn_serving, http_get

pytestmark = pytest.mark.django_db(transaction=True)


def test_gunicorn_serves_the_admin_login_and_its_stylesheet(tmp_path: Path) -> None:
    env = child_environment(var_dir=tmp_path, broker_url=None)
    with gunicorn_serving(env=env, log=tmp_path / "web.log") as base:
        assert http_get(f"{base}/healthz") == (200, '{"status": "ok"}')
        status, page = http_get(f"{base}/admin/login/")
        assert status == 200
        assert 'name="username"' in page and 'name="password"' in page
        stylesheet = re.search(r'href="(/static/[^"]+\.css)"', page)
        assert stylesheet is not None
        status, css = http_get(f"{base}{stylesheet.group(1)}")
        assert status == 200 and "{" in css
