"""A newcomer's first chat, through the browser's pages and a real worker on the offline engine:
no fact they told is lost. Each ends in a memory or in the recall layer of the question that asks
for it, in the next conversation."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, Profile
from accounts.services import membership_set, user_create
from chat.models import ChatSession, ConversationWindow, ConversationWindowState, Persona
from memories.models import Entity, Memory
from memories.services.context import assemble_context
from tests.support.chat import chat_turn
from tests.support.processes import wait_until

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

# Twelve turns with eight facts among the small talk (the sentences are ours, not a corpus's).
TURNS = [
    "Hi there!",
    "I'm Daniel, by the way.",
    "I work as a nurse at St Mary's hospital.",
    "How are you today?",
    "I live in Leeds with my partner Leo.",
    "My sister Anna is getting married on June 14th.",
    "lol yes, busy times",
    "We have a dog called Biscuit.",
    "I can't stand olives.",
    "I'm flying to Lisbon next month.",
    "What do you think of that?",
    "Thanks, talk later!",
]
ASKED = [
    ("Where do I work?", "nurse"),
    ("Where do I live?", "Leeds"),
    ("Who is my partner?", "Leo"),
    ("When is my sister's wedding?", "June 14"),
    ("What's my dog called?", "Biscuit"),
    ("What food do I hate?", "olives"),
    ("Where am I flying next month?", "Lisbon"),
]


def test_every_fact_of_a_newcomers_first_chat_is_in_the_block_of_the_question_that_asks_for_it(
    offline_worker: Path, client: Client, community: Community, persona: Persona
) -> None:
    daniel = user_create(username="dan", password="dan pass 1234", display_name="Demo")
    membership_set(user=daniel, community=community)
    client.force_login(daniel)
    for text in TURNS:
        chat_turn(client, persona, text)
    session = ChatSession.objects.get(user=daniel)
    window = ConversationWindow.objects.get(channel=session.channel)

    client.post(reverse("chat-new-session", args=[persona.pk]))
    done = wait_until(
        lambda: ConversationWindow.objects.filter(pk=window.pk, state=ConversationWindowState.DONE).first(),
        timeout=60,
    )

    missing = []
    for question, answer in ASKED:
        block = assemble_context(
            community=community, user=daniel, persona=persona, message=question, channel=session.channel
        ).text
        if answer.lower() not in block.lower():
            missing.append((question, answer, block))
    assert missing == [], missing
    assert done.operations_over_cap == 0
    # "I'm Daniel": what is remembered says Daniel, not the account's display name.
    contents = list(Memory.objects.filter(user=daniel).values_list("content", flat=True))
    assert contents and all("Demo" not in content for content in contents), contents
    assert "Daniel lives in Leeds with their partner Leo" in contents
    assert Profile.objects.get(user=daniel, community=community).stated_name == "Daniel"
    # The people and things they named are theirs by that name too ("Demo's sister" was left).
    relationships = dict(Entity.objects.filter(owner=daniel).values_list("name", "relationship"))
    assert relationships["Anna"] == "Daniel's sister", relationships
    assert not [r for r in relationships.values() if "Demo" in r], relationships
    block = assemble_context(community=community, user=daniel, persona=persona, message="hi").text
    assert "[What you know about Daniel:]" in block and "Demo" not in block
    # The new session's post sent the old one's final summary; the worker writes it before the test
    # ends, so the database is not emptied under a write of the worker's (the two deadlocked once).
    summarised = wait_until(
        lambda: (
            ChatSession.objects.filter(pk=session.pk, final_summary_queued_at=None).exclude(final_summary="").first()
        ),
        timeout=60,
    )
    assert "Daniel" in summarised.final_summary, summarised.final_summary
