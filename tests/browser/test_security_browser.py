"""Every kind of page keeps to the Content Security Policy in a real browser (the ``browser_page``
fixture fails the test on any ``securitypolicyviolation`` event or console CSP error), and what
the demo's API key and a person's words go through never reaches a log line.

The planted sentence and the demo key are written to ``log-canary.txt`` in this test's temporary
directory first: `.ci/run` greps every log the run wrote for them after the suite."""

from __future__ import annotations

import json
import secrets
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from accounts.models import Community, User
from chat.models import Message
from memoryhub.demo import DemoSeedResult, demo_seed
from tests.browser.conftest import Site, log_in

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

CANARY_FILE = "log-canary.txt"  # `.ci/run` reads it: one secret a line, none of them in any log


@pytest.fixture
def demo(tmp_path: Path) -> DemoSeedResult:
    with override_settings(VAR_DIR=tmp_path / "demo"):  # the real var/demo_logins.txt stays as it is
        (tmp_path / "demo").mkdir()
        return demo_seed()


def _password(demo: DemoSeedResult, username: str) -> str:
    return next(login.password for login in demo.logins if login.username == username)


def _api(base: str, key: str, method: str, path: str, body: dict[str, Any] | None = None) -> int:
    request = urllib.request.Request(
        f"{base}{path}",
        data=None if body is None else json.dumps(body).encode(),
        method=method,
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return int(response.status)


def _visit(page: Any, url: str, *, ready: str = "main") -> None:
    page.goto(url)  # waits for the load event: every script and style sheet of the page has been tried
    page.locator(ready).first.wait_for()


def test_every_kind_of_page_keeps_to_the_csp_and_no_log_keeps_a_secret_or_what_was_said(
    live_site: Site, browser_page: Any, tmp_path: Path, demo: DemoSeedResult
) -> None:
    key = demo.api_key_plaintext
    assert key is not None
    sentence = f"My bicycle lock opens with {secrets.token_hex(6)}, please keep it between us."
    (tmp_path / CANARY_FILE).write_text(f"{key}\n{sentence}\n")
    page = browser_page
    base = live_site()

    # Signed out: the front page, log in, sign up, a page that does not exist, the API docs.
    _visit(page, f"{base}/")
    _visit(page, f"{base}/accounts/login/")
    _visit(page, f"{base}/accounts/signup/")
    _visit(page, f"{base}/no-such-page/", ready="body")
    _visit(page, f"{base}/api/docs/", ready=".swagger-ui .information-container")  # after the schema's fetch
    assert "MemoryHub API" in page.locator(".swagger-ui .info").inner_text()

    # A bot posts the sentence and asks for a context about it, with the demo's key.
    message = {"channel": "general", "author": "pat_42", "author_name": "Pat", "content": sentence}
    assert _api(base, key, "POST", "/api/v1/messages", message | {"message_id": "canary-1"}) == 202
    query = urllib.parse.quote(sentence)
    assert _api(base, key, "GET", f"/api/v1/context?user=pat_42&channel=general&query={query}") == 200

    # The demo member says it in the chat (HTMX, the reply's stream), then reads their data.
    log_in(page, base, "demo", _password(demo, "demo"))
    page.get_by_label("Your message").fill(sentence)
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.assistant:not(.pending)")
    assert page.get_by_label("Your message").input_value() == ""  # the sent message cleared the box
    _visit(page, f"{base}/me/")
    _visit(page, f"{base}/accounts/password/")
    page.get_by_role("button", name="Log out").click()

    # The moderator's pages.
    community = Community.objects.get(slug="demo")
    pat = User.objects.get(identities__external_id="pat_42")
    window = Message.objects.filter(channel__community=community).exclude(window=None).first()
    log_in(page, base, "moderator", _password(demo, "moderator"))
    moderation = f"{base}/moderation/communities/{community.pk}"
    for url in (
        f"{base}/moderation/",
        f"{moderation}/",
        f"{moderation}/memories",
        f"{moderation}/people",
        f"{moderation}/people/{pat.pk}",
        f"{moderation}/people/{pat.pk}/erase",
        f"{moderation}/windows",
        f"{moderation}/audit",
        *([f"{base}/moderation/windows/{window.window_id}"] if window else []),
    ):
        _visit(page, url)
    page.get_by_role("button", name="Log out").click()

    # Staff in the Django admin.
    log_in(page, base, "admin", _password(demo, "admin"))
    for path in (
        "",
        "accounts/user/?q=demo",
        f"accounts/user/{pat.pk}/change/",
        "accounts/apikey/add/",
        "chat/persona/add/",
        "chat/message/",
        "django_celery_beat/periodictask/add/",
    ):
        _visit(page, f"{base}/admin/{path}", ready="#content")

    # What the processes logged: the requests (paths), the worker's tasks. Never the key or the words.
    logs = {path.name: path.read_text(errors="replace") for path in tmp_path.glob("*.log")}
    assert set(logs) == {"web.log", "worker.log"} and "POST /api/v1/messages" in logs["web.log"]
    for name, text in logs.items():
        assert key not in text, f"{name} holds the API key"
        assert sentence not in text and sentence.split(",")[0] not in text, f"{name} holds what was said"
