"""Real-browser tests: Debian's Chromium driven by Playwright against the Procfile's web server
and a real Celery worker, on the test database.

Playwright never downloads a browser here: it launches ``/usr/bin/chromium`` (`.ci/run` installs
it with apt when missing). Without it the tests skip, except under ``CI=true``, where a missing
browser fails the run.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import PROJECT_DIR, celery_command, child_environment, gunicorn_serving, running

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SCREENSHOTS = PROJECT_DIR / "test-output" / "screenshots"


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    path = shutil.which(CHROMIUM) or shutil.which("chromium")
    if path is None:
        message = f"Chromium is not installed ({CHROMIUM}): apt-get install chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="module")
def browser(chromium_executable: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread; Django would then refuse the ORM
    # calls the tests make between browser steps. Allowed for these tests only, and only while
    # the browser runs.
    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        launched = playwright.chromium.launch(executable_path=chromium_executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


# Every document reports what its Content Security Policy refused (the page's own scripts cannot
# see this one: Playwright adds it outside the page's policy).
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.__mhCspViolation(`${event.violatedDirective} refused ${event.blockedURI || "inline"} ` +
    `at ${event.sourceFile}:${event.lineNumber} on ${document.location.pathname}`);
});
"""


@pytest.fixture
def browser_page(browser: Any) -> Iterator[Any]:
    """A fresh page (its own cookies) that may only talk to loopback and that no page's Content
    Security Policy refuses anything (a `securitypolicyviolation` event or a console CSP error).

    The policy forbids eval, and so Playwright's ``wait_for_function`` with a string once it has
    to poll: wait with locators and ``expect`` instead."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    violations: list[str] = []
    context.expose_function("__mhCspViolation", lambda violation: violations.append(violation))
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    page.set_default_timeout(20_000)
    outside: list[str] = []
    page.on("request", lambda request: None if _loopback(request.url) else outside.append(request.url))
    page.on("console", lambda message: violations.append(message.text) if _csp_error(message) else None)
    yield page
    context.close()
    assert outside == [], f"the page reached outside this machine: {outside}"
    assert violations == [], f"the Content Security Policy refused: {violations}"


def _csp_error(message: Any) -> bool:
    return bool(message.type == "error" and "Content Security Policy" in message.text)


def _loopback(url: str) -> bool:
    return url.startswith(("http://127.0.0.1", "http://localhost", "data:", "blob:", "about:"))


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@contextmanager
def _site(tmp_path: Path, extra_env: dict[str, str]) -> Iterator[str]:
    """The web server and a worker on this test's database and broker; yields the base URL. The
    worker runs its tasks in its own process (the solo pool): no child to start and stop, about
    2 s less a site, and nothing these tests look at differs."""
    env = child_environment(var_dir=Path(settings.VAR_DIR), broker_url=settings.CELERY_BROKER_URL) | extra_env
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser's allowance is the tests', never the server's
    worker = celery_command("worker", "--pool=solo", "--without-gossip", "--without-mingle", "--loglevel=INFO")
    with ExitStack() as stack:
        stack.enter_context(running(worker, env=env, log=tmp_path / "worker.log"))
        yield stack.enter_context(gunicorn_serving(env=env, log=tmp_path / "web.log"))


Site = Callable[..., Any]


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[Site]:
    """``live_site()`` starts the site offline; ``live_site(fake)`` with a fake OpenAI server as its
    LLM; ``live_site(SETTING="value")`` with settings of its own in the environment."""
    with ExitStack() as stack:

        def start(fake: FakeOpenAI | None = None, **settings: str) -> str:
            return stack.enter_context(_site(tmp_path, (fake.environment() if fake else {}) | settings))

        yield start


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    """A fake OpenAI-compatible server; ``live_site(fake_llm)`` replies through it."""
    with FakeOpenAI() as fake:
        yield fake


def log_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/chat/**")
