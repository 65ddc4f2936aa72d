"""A community moderator in a real browser: filters the memories, edits one inline, deletes one,
reads a memory's history, and erases a person. Against the Procfile's web server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from accounts.models import AuditEvent, Community, ErasureRequest, MembershipRole, User
from accounts.services import identity_resolve, membership_set, user_create
from memories.models import Memory, MemoryRevision
from tests.browser.conftest import Site, log_in
from tests.support.memories import remember

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

PASSWORD = "a moderator passphrase 9"


@pytest.fixture
def mona(community: Community) -> User:
    user = user_create(username="mona", password=PASSWORD, display_name="Mona")
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


def _row(page: Any, text: str) -> Any:
    return page.locator("#memory-list li.memory", has_text=text)


def test_a_moderator_filters_edits_deletes_reads_history_and_erases_a_person(
    live_site: Site, browser_page: Any, screenshot_dir: Path, community: Community, mona: User
) -> None:
    greta = identity_resolve(community=community, external_id="greta_77", display_name="Greta")
    hugo = identity_resolve(community=community, external_id="hugo_12", display_name="Hugo")
    remember(community, greta, "Greta works as a firefighter in Leeds", topics=["work"])
    remember(community, greta, "Greta has a beagle called Pip", topics=["pets"])
    remember(community, greta, "Greta is allergic to peanuts", importance=0.9)
    remember(community, hugo, "Hugo plays the cello", topics=["music"])
    page = browser_page
    page.on("dialog", lambda dialog: dialog.accept())  # the delete's confirmation
    base = live_site()
    log_in(page, base, "mona", PASSWORD)

    page.goto(f"{base}/moderation/")
    page.get_by_role("link", name="Memories").first.click()
    _row(page, "Hugo plays the cello").wait_for()

    # Filter: one person, then a search within what they said.
    page.get_by_label("Person", exact=True).fill("greta_77")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_selector("#memory-list li.memory:has-text('Hugo')", state="detached")
    assert page.locator("#memory-list li.memory").count() == 3
    page.get_by_label("Sort", exact=True).select_option("importance")
    page.get_by_role("button", name="Filter").click()
    expect(page.locator("#memory-list li.memory").first).to_contain_text(
        "peanuts", timeout=20_000
    )  # most important first
    page.screenshot(path=str(screenshot_dir / "moderation-filtered.png"), full_page=True)

    # Edit one inline.
    firefighter = _row(page, "firefighter")
    firefighter.get_by_role("button", name="Edit").click()
    form = page.locator("#memory-list form.edit")
    form.get_by_label("What is remembered").fill("Greta works as a paramedic in Leeds")
    form.get_by_label("Importance").fill("0.8")
    page.screenshot(path=str(screenshot_dir / "moderation-editing.png"), full_page=True)
    form.get_by_role("button", name="Save").click()
    _row(page, "paramedic").wait_for()
    edited = Memory.objects.get(content="Greta works as a paramedic in Leeds")
    assert edited.importance == 0.8
    assert MemoryRevision.objects.filter(memory=edited, action="moderator_edit", actor_user=mona).exists()

    # Delete one, after the confirmation.
    _row(page, "beagle").get_by_role("button", name="Delete").click()
    _row(page, "beagle").wait_for(state="detached")
    assert not Memory.objects.filter(content__contains="beagle").exists()

    # Read the edited memory's history.
    _row(page, "paramedic").get_by_role("link", name="History and sources").click()
    page.wait_for_url(f"**/moderation/memories/{edited.pk}/history")
    history = page.locator("main").inner_text()
    assert "firefighter" in history and "paramedic" in history and "Mona" in history
    assert "importance: 0.60 → 0.80" in history
    page.screenshot(path=str(screenshot_dir / "moderation-history.png"), full_page=True)

    # Erase Greta, confirming with her username.
    page.goto(f"{base}/moderation/communities/{community.pk}/people")
    page.get_by_role("link", name="Greta").click()
    page.get_by_role("link", name="Erase this person…").click()
    page.get_by_label("Their username").fill(greta.username)
    page.screenshot(path=str(screenshot_dir / "moderation-erase.png"), full_page=True)
    page.get_by_role("button", name="Erase Greta").click()
    page.get_by_text("Erased: erasure request").wait_for()
    page.screenshot(path=str(screenshot_dir / "moderation-erased.png"), full_page=True)

    assert not User.objects.filter(pk=greta.pk).exists()
    assert list(Memory.objects.values_list("content", flat=True)) == ["Hugo plays the cello"]
    assert ErasureRequest.objects.get().state == "done"
    assert AuditEvent.objects.filter(actor=mona, action="memory.edited").exists()
