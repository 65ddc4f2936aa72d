"""Chromium opens the site's front page and the admin's login page from the Procfile's server,
and never reaches past this machine (no CDN, no font or analytics request)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def test_the_front_page_and_the_admin_login_open_in_a_real_browser(
    browser_page: Any, live_server_url: str, screenshot_dir: Path
) -> None:
    page = browser_page
    hosts: list[str] = []
    page.on("request", lambda request: hosts.append(urlsplit(request.url).hostname or request.url))

    page.goto(f"{live_server_url}/")
    assert page.title() == "Welcome · MemoryHub"
    assert page.get_by_role("heading", level=1).inner_text() == "MemoryHub"
    assert page.locator("#main").get_by_role("link", name="Log in").is_visible()
    page.screenshot(path=str(screenshot_dir / "smoke-home.png"), full_page=True)

    page.goto(f"{live_server_url}/admin/login/")
    assert page.title().startswith("Log in")
    assert page.get_by_label("Username").is_visible() and page.get_by_label("Password").is_visible()
    page.screenshot(path=str(screenshot_dir / "smoke-admin-login.png"), full_page=True)

    assert hosts, "the browser made no request at all"
    assert set(hosts) <= LOOPBACK, f"the pages reached outside this machine: {sorted(set(hosts) - LOOPBACK)}"
