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


@pytest.fixture
def browser_page(browser: Any) -> Iterator[Any]:
    """A fresh page (its own cookies) that may only talk to loopback."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    outside: list[str] = []
    page.on("request", lambda request: None if _loopback(request.url) else outside.append(request.url))
    yield page
    context.close()
    assert outside == [], f"the page reached outside this machine: {outside}"


def _loopback(url: str) -> bool:
    return url.startswith(("http://127.0.0.1", "http://localhost", "data:", "blob:", "about:"))


@pytest.fixture
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@contextmanager
def _site(tmp_path: Path, extra_env: dict[str, str]) -> Iterator[str]:
    """The web server and a worker on this test's database and broker; yields the base URL."""
    env = child_environment(var_dir=Path(settings.VAR_DIR), broker_url=settings.CELERY_BROKER_URL) | extra_env
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # the browser's allowance is the tests', never the server's
    worker = celery_command("worker", "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=INFO")
    with ExitStack() as stack:
        stack.enter_context(running(worker, env=env, log=tmp_path / "worker.log"))
        yield stack.enter_context(gunicorn_serving(env=env, log=tmp_path / "web.log"))


Site = Callable[..., Any]


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[Site]:
    """``live_site()`` starts the site offline; ``live_site(fake)`` with a fake OpenAI server as its LLM.

    A site of this test's own (see ``live_server_url`` for one shared by the module; a module
    uses one or the other, as both sites' workers would take the same tasks)."""
    with ExitStack() as stack:

        def start(fake: FakeOpenAI | None = None) -> str:
            return stack.enter_context(_site(tmp_path, fake.environment() if fake else {}))

        yield start


@pytest.fixture(scope="module")
def _module_fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake


@pytest.fixture
def fake_llm(_module_fake: FakeOpenAI) -> Iterator[FakeOpenAI]:
    """A fake OpenAI-compatible server, reset for this test; ``live_server_url`` (or
    ``live_site(fake_llm)``) then replies through it instead of the offline engine."""
    _module_fake.reset()
    yield _module_fake
    _module_fake.reset()


@pytest.fixture(scope="module")
def _module_sites(
    _module_fake: FakeOpenAI, django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[bool], str]]:
    """The site shared by a module's tests, offline or on the fake model, started when first
    asked for: starting and stopping a web server and a worker takes seconds, a module pays that
    once. One site at a time (a test asking for the other kind restarts it), because the worker
    takes the tasks the tests enqueue, and the model it answers with must be the test's. Each
    test creates its own data (the database is emptied between tests); a task a test left queued
    may still run in the next one and find its rows gone, which tasks allow."""
    with ExitStack() as stack:
        running_site: dict[bool, str] = {}

        def url(with_model: bool) -> str:
            if with_model not in running_site:
                stack.close()  # the other kind, if any
                running_site.clear()
                logs = tmp_path_factory.mktemp("live-site")
                environment = _module_fake.environment() if with_model else {}
                running_site[with_model] = stack.enter_context(_site(logs, environment))
            return running_site[with_model]

        yield url


@pytest.fixture
def live_server_url(
    request: pytest.FixtureRequest, transactional_db: None, _module_sites: Callable[[bool], str]
) -> str:
    """The base URL of the Procfile's web server, with a Celery worker, on the test database.

    Its LLM is ``fake_llm`` when the test asks for that fixture, else the offline engine (no
    OPENAI_API_KEY). Shared by the module's tests; the server is another process and sees only
    committed data, hence the transactional database.
    """
    return _module_sites("fake_llm" in request.fixturenames)


def log_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{base}/chat/**")
