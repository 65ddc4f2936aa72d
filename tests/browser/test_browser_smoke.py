"""Chromium opens the site's front page and the admin's login page from the Procfile's server,
and never reaches past this machine (no CDN, no font or analytics request)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Site

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_front_page_and_the_admin_login_open_in_a_real_browser(
    browser_page: Any, live_site: Site, screenshot_dir: Path
) -> None:
    # browser_page itself fails the test if any request leaves this machine.
    page = browser_page
    live_server_url = live_site()

    page.goto(f"{live_server_url}/")
    assert page.title() == "Welcome · MemoryHub"
    assert page.get_by_role("heading", level=1).inner_text() == "MemoryHub"
    assert page.locator("#main").get_by_role("link", name="Log in").is_visible()
    page.screenshot(path=str(screenshot_dir / "smoke-home.png"), full_page=True)

    page.goto(f"{live_server_url}/admin/login/")
    assert page.title().startswith("Log in")
    assert page.get_by_label("Username").is_visible() and page.get_by_label("Password").is_visible()
    page.screenshot(path=str(screenshot_dir / "smoke-admin-login.png"), full_page=True)
