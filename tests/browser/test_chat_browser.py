"""A person in a real browser: log in, chat with a streaming persona, watch the memory panel fill
after extraction, correct and delete memories, download their data, switch memory off and on,
and erase their account. Against the Procfile's web server and a real Celery worker."""

from __future__ import annotations

import json
import re
import threading
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import Community, Profile, User
from accounts.services import membership_set, user_create
from chat.models import Message, MessageRole, Persona
from chat.windows import windows_sweep
from memories.models import Memory
from tests.browser.conftest import Site, log_in
from tests.support.fake_openai import FakeOpenAI, Reply

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

PASSWORD = "a browser passphrase 7"


@pytest.fixture
def dana(community: Community) -> User:
    user = user_create(username="dana", password=PASSWORD, display_name="Dana")
    membership_set(user=user, community=community)
    return user


def _memory_item(page: Any, text: str) -> Any:
    return page.locator("#memory-panel li.memory", has_text=text)


def test_a_person_chats_offline_sees_what_is_remembered_corrects_it_and_owns_their_data(
    live_site: Site, browser_page: Any, screenshot_dir: Path, dana: User, persona: Persona
) -> None:
    page = browser_page
    base = live_site()
    log_in(page, base, "dana", PASSWORD)
    assert page.get_by_text("Offline mode").is_visible()  # no OPENAI_API_KEY: the page says so

    page.get_by_label("Your message").fill("I work as a nurse at the city hospital and I have a cat called Tom.")
    page.keyboard.press("Enter")  # Enter sends
    reply = page.locator(".message.assistant").last
    reply.locator(".text").first.wait_for()
    page.wait_for_selector(".message.assistant:not(.pending)")
    answer = reply.inner_text()
    assert "Dana" not in answer.split("\n", 1)[1]  # spoken to, not about
    assert page.get_by_label("Your message").input_value() == ""  # the composer is ready again

    # The conversation goes quiet; the sweep closes its window and the worker extracts it.
    assert windows_sweep(now=timezone.now() + timedelta(minutes=10))  # what the beat does every 15 s
    page.wait_for_selector(".memory-note", timeout=60_000)  # "Memory updated", in the conversation
    assert "Memory updated" in page.locator(".memory-note").first.inner_text()
    _memory_item(page, "nurse").wait_for()
    _memory_item(page, "Tom").wait_for()

    # Correct one memory in place.
    nurse = _memory_item(page, "nurse")
    nurse.get_by_role("button", name="Edit").click()
    page.locator("#memory-panel textarea").fill("Dana works as a paramedic")
    page.get_by_role("button", name="Save").click()
    _memory_item(page, "paramedic").wait_for()
    assert Memory.objects.filter(user=dana, content="Dana works as a paramedic").exists()

    # The next reply uses the cat memory, and the panel says why.
    page.get_by_label("Your message").fill("Do you remember my cat Tom?")
    page.keyboard.press("Enter")
    page.locator(".message.assistant:not(.pending)").nth(1).wait_for()
    cat = _memory_item(page, "Tom")
    cat.locator(".badge.layer-relevant, .badge.layer-topic, .badge.layer-recent").first.wait_for()
    page.screenshot(path=str(screenshot_dir / "chat.png"), full_page=True)

    # "This is wrong" forgets it at once.
    cat.first.get_by_role("button", name="This is wrong").click()
    expect(page.locator("#memory-panel")).not_to_contain_text("Tom", timeout=20_000)
    assert not Memory.objects.filter(user=dana, content__contains="Tom").exists()

    # My data: the page, the download, the memory switch.
    page.get_by_role("link", name="My data").first.click()
    page.wait_for_url(f"{base}/me/**")
    assert page.get_by_text("Dana works as a paramedic", exact=True).is_visible()
    page.screenshot(path=str(screenshot_dir / "my-data.png"), full_page=True)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download my data").click()
    exported = json.loads(Path(download.value.path()).read_text())
    assert "Dana works as a paramedic" in json.dumps(exported)

    page.get_by_role("button", name=re.compile("Forget me in")).click()
    page.get_by_role("button", name=re.compile("Yes, forget me")).click()
    page.get_by_role("button", name="Turn memory back on").wait_for()
    assert not Memory.objects.filter(user=dana).exists()
    assert Profile.objects.get(user=dana).memory_enabled is False
    page.get_by_role("button", name="Turn memory back on").click()
    page.get_by_role("button", name=re.compile("Forget me in")).wait_for()
    assert Profile.objects.get(user=dana).memory_enabled is True

    # Erase: confirmed with the username, then logged out.
    page.get_by_role("button", name="Erase my account…").click()
    page.get_by_label("Your username").fill("dana")
    page.get_by_role("button", name="Erase my account for good").click()
    page.get_by_role("heading", name="Your account is erased").wait_for()
    assert not User.objects.filter(pk=dana.pk).exists()
    assert page.get_by_role("link", name="Log in").is_visible()


def test_a_reply_from_a_real_model_streams_in_word_by_word(
    live_site: Site, browser_page: Any, screenshot_dir: Path, dana: User, persona: Persona, fake_llm: FakeOpenAI
) -> None:
    release = threading.Event()
    text = "Nice to meet you, I will remember that you love climbing."
    fake_llm.default = lambda request: (
        Reply(text=text, hold=release, hold_seconds=30) if request.get("stream") else Reply()
    )
    page = browser_page
    base = live_site(fake_llm)
    log_in(page, base, "dana", PASSWORD)
    assert page.get_by_text("Offline mode").count() == 0

    page.get_by_label("Your message").fill("I love climbing")
    page.get_by_role("button", name="Send").click()
    bubble = page.locator(".message.assistant.pending")
    expect(page.locator(".message.assistant.pending .text").first).to_have_text("Nice", timeout=20_000)
    assert bubble.count() == 1  # the first word is on the page while the model is still writing
    release.set()
    page.wait_for_selector(".message.assistant:not(.pending)")
    assert page.locator(".message.assistant .text").first.inner_text().strip() == text
    reply = Message.objects.get(role=MessageRole.ASSISTANT, session__user=dana)
    assert reply.content == text and reply.reply_to is not None


def test_a_message_over_the_limit_is_held_back_with_a_word_not_cut(
    live_site: Site, browser_page: Any, dana: User, persona: Persona
) -> None:
    page = browser_page
    base = live_site()
    log_in(page, base, "dana", PASSWORD)
    composer = page.get_by_label("Your message")
    warning = page.locator("#composer-length")

    composer.fill("x" * 20_000)  # a long paste
    warning.wait_for()
    assert warning.inner_text() == "Too long to send: 20,000 characters, at most 4,000."
    assert composer.evaluate("field => field.form.checkValidity()") is False  # the form will not go
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Send").click()
    assert len(composer.input_value()) == 20_000  # nothing cut: the person decides what goes
    assert not Message.objects.filter(session__user=dana).exists()

    composer.fill("x" * 4_000)
    warning.wait_for(state="hidden")
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.assistant:not(.pending)")
    assert len(Message.objects.get(role=MessageRole.USER, session__user=dana).content) == 4_000


def test_a_message_past_the_persons_allowance_is_refused_with_a_word_and_kept_in_the_box(
    live_site: Site, browser_page: Any, dana: User, persona: Persona
) -> None:
    page = browser_page
    base = live_site(MEMORYHUB_CHAT_MESSAGES_PER_MINUTE="1")
    log_in(page, base, "dana", PASSWORD)
    composer = page.get_by_label("Your message")
    composer.fill("I planted tomatoes today")
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.assistant:not(.pending)")

    composer.fill("and basil too")
    page.keyboard.press("Enter")

    error = page.locator("#composer-error")
    error.get_by_text("faster than Mira can answer").wait_for()
    assert "then send it again" in error.inner_text()
    assert composer.input_value() == "and basil too"  # kept, to send again
    sent = Message.objects.filter(role=MessageRole.USER, session__user=dana)
    assert list(sent.values_list("content", flat=True)) == ["I planted tomatoes today"]
