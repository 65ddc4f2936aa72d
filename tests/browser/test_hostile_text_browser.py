"""Memories, names and summaries holding ``<script>``, ``<img onerror>`` or ``javascript:`` render
as text in the chat, on My data, on the moderation pages and in the admin: in a real browser, no
script they carry runs (``window.__xss`` stays undefined, no dialog opens). Against the
Procfile's web server."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import Community, MembershipRole, User
from accounts.services import identity_resolve, membership_set, user_create
from chat.models import ChatSession, ConversationWindow, Persona
from chat.sessions import session_final_summary_set
from memories.models import Memory
from memories.services.entities import entity_mention_record
from memories.services.profiles import profile_summary_edit
from tests.browser.conftest import Site, log_in
from tests.support.fake_openai import FakeOpenAI
from tests.support.memories import remember

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

PASSWORD = "a hostile passphrase 3"
SCRIPT = "<script>window.__xss='script';alert('script')</script>"
IMAGE = "<img src=x onerror=\"window.__xss='img';alert('img')\">"
LINK = "javascript:window.__xss='link';alert('link')"
PAYLOAD = f"{SCRIPT} {IMAGE} {LINK}"


def _hostile_data(community: Community, persona: Persona, zoe: User) -> tuple[Memory, ChatSession]:
    greta = identity_resolve(community=community, external_id="greta_77", display_name=f"Greta {IMAGE}")
    remember(community, greta, f"Greta says {PAYLOAD}")
    memory = remember(community, zoe, f"Zoe keeps bees {PAYLOAD}", topics=["bees", SCRIPT])
    profile_summary_edit(user=zoe, community=community, summary=f"Zoe keeps bees. {PAYLOAD}")
    entity_mention_record(
        community=community, owner=zoe, type="person", name=f"Pip {IMAGE}", relationship=LINK, at=timezone.now()
    )
    session = ChatSession.objects.filter(user=zoe).order_by("-pk").first()
    assert session is not None
    session_final_summary_set(session=session, summary=f"Zoe talked about bees. {PAYLOAD}")
    return memory, session


def _dismissed(dialog: Any, dialogs: list[str]) -> None:
    dialogs.append(dialog.message)
    dialog.dismiss()


def _nothing_ran(page: Any, url: str, dialogs: list[str]) -> None:
    page.goto(url)  # the page's images have loaded or failed (their onerror run) by its load event
    # and the fragments it asks for on load (the memory panel) are in.
    page.wait_for_load_state("load")
    expect(page.locator(".htmx-request")).to_have_count(0)  # no wait_for_function: the CSP forbids eval
    assert page.evaluate("typeof window.__xss") == "undefined", url
    assert dialogs == [], f"{url}: {dialogs}"


def test_hostile_text_runs_no_script_in_chat_my_data_moderation_and_admin(
    live_site: Site, fake_llm: FakeOpenAI, browser: Any, community: Community, persona: Persona
) -> None:
    zoe = user_create(username="zoe", password=PASSWORD, display_name=f"Zoe {SCRIPT}")
    membership_set(user=zoe, community=community)
    mona = user_create(username="mona", password=PASSWORD, display_name=f"Mona {IMAGE}")
    membership_set(user=mona, community=community, role=MembershipRole.MODERATOR)
    User.objects.filter(pk=mona.pk).update(is_staff=True, is_superuser=True)
    base = live_site(fake_llm)
    dialogs: list[str] = []

    zoe_context = browser.new_context()
    page = zoe_context.new_page()
    page.set_default_timeout(20_000)
    page.on("dialog", lambda dialog: _dismissed(dialog, dialogs))
    log_in(page, base, "zoe", PASSWORD)
    # A reply holding it all streams into the page, token by token.
    fake_llm.script_text(f"Your motto is {PAYLOAD}")
    page.get_by_label("Your message").fill("What is my motto?")
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.assistant:not(.pending)")
    assert "<script>" in page.locator(".message.assistant").last.inner_text()  # shown, as text
    assert page.evaluate("typeof window.__xss") == "undefined" and dialogs == []
    memory, session = _hostile_data(community, persona, zoe)
    _nothing_ran(page, f"{base}{reverse('chat-persona', args=[persona.pk])}", dialogs)
    assert "<script>" in page.locator("body").inner_text()  # shown, as text
    _nothing_ran(page, f"{base}{reverse('me')}", dialogs)
    assert "javascript:" in page.content() and not page.locator("a[href^='javascript']").count()
    zoe_context.close()

    mona_context = browser.new_context()
    page = mona_context.new_page()
    page.set_default_timeout(20_000)
    page.on("dialog", lambda dialog: _dismissed(dialog, dialogs))
    log_in(page, base, "mona", PASSWORD)
    window = ConversationWindow.objects.filter(channel__community=community).first()
    assert window is not None
    greta = User.objects.get(identities__external_id="greta_77")
    for url in [
        reverse("moderation"),
        reverse("moderation-overview", args=[community.pk]),
        reverse("moderation-memories", args=[community.pk]),
        reverse("moderation-memory-history", args=[memory.pk]),
        reverse("moderation-people", args=[community.pk]),
        reverse("moderation-person", args=[community.pk, zoe.pk]),
        reverse("moderation-person", args=[community.pk, greta.pk]),
        reverse("moderation-windows", args=[community.pk]),
        reverse("moderation-window", args=[window.pk]),
        reverse("moderation-audit", args=[community.pk]),
        reverse("admin:memories_memory_changelist"),
        reverse("admin:memories_memory_change", args=[memory.pk]),
        reverse("admin:memories_entity_changelist"),
        reverse("admin:accounts_user_changelist"),
        reverse("admin:accounts_user_change", args=[zoe.pk]),
        reverse("admin:accounts_profile_changelist"),
        reverse("admin:accounts_externalidentity_changelist"),
        reverse("admin:chat_chatsession_change", args=[session.pk]),
        reverse("admin:chat_message_changelist"),
    ]:
        _nothing_ran(page, f"{base}{url}", dialogs)
    assert "Zoe keeps bees" in page.goto(f"{base}{reverse('moderation-memories', args=[community.pk])}").text()
    mona_context.close()
