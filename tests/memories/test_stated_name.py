"""The name a person says they go by in a community wins over their account's or platform's: in
memories, the profile, the block, and when they change it on "My data"."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.timezone import now

from accounts.models import Community, Profile, User
from accounts.services import identity_resolve, membership_set, user_create
from chat.models import Channel, Persona
from chat.services import message_record
from memories.models import Entity, EntityType, Memory
from memories.selectors.people import person_display_name
from memories.services.context import assemble_context
from memories.services.entities import entity_mention_record
from memories.services.summaries import profile_semantic_refresh
from tests.support.extraction import extract_channel_here
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(community: Community) -> User:
    user = user_create(username="demo", password="demo pass 1234", display_name="Demo")
    membership_set(user=user, community=community)
    return user


def test_the_name_given_on_my_data_is_what_memories_the_profile_and_the_block_say(
    client: Client, community: Community, persona: Persona, demo: User
) -> None:
    remember(community, demo, "Demo works as a nurse")
    remember(community, demo, "Demo has a dog called Biscuit")
    entity_mention_record(
        community=community, owner=demo, type=EntityType.THING, name="Biscuit", relationship="Demo's dog", at=now()
    )
    client.force_login(demo)

    form = client.get(reverse("me-profile", args=[community.pk])).content.decode()
    saved = client.post(
        reverse("me-profile", args=[community.pk]), {"name": "Daniel", "summary": "Demo is a nurse from Leeds."}
    )

    assert 'value="Demo"' in form and saved.status_code == 302
    assert sorted(Memory.objects.filter(user=demo).values_list("content", flat=True)) == [
        "Daniel has a dog called Biscuit",
        "Daniel works as a nurse",
    ]
    profile = Profile.objects.get(user=demo, community=community)
    assert profile.stated_name == "Daniel" and profile.summary == "Demo is a nurse from Leeds."  # their own words
    block = assemble_context(community=community, user=demo, persona=persona, message="hi", record_access=False).text
    assert "[What you know about Daniel:]" in block
    assert Entity.objects.get(owner=demo, name="Biscuit").relationship == "Daniel's dog"


def test_memories_edited_to_name_the_person_give_no_profile_line_about_the_name(
    client: Client, community: Community, demo: User
) -> None:
    memories = [remember(community, demo, text) for text in ("Demo likes jazz", "Demo has a cat", "Demo plays chess")]
    client.force_login(demo)
    for memory, text in zip(memories[:2], ("Daniel likes jazz", "Daniel has a cat"), strict=True):
        response = client.post(
            reverse("memory-edit", args=[memory.pk]),
            {f"memory-{memory.pk}-content": text, f"memory-{memory.pk}-kind": "fact", f"memory-{memory.pk}-topics": ""},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200

    profile = profile_semantic_refresh(profile=Profile.objects.get(user=demo, community=community))

    assert not [line for line in profile.behaviour_patterns if "daniel" in line.lower()], profile.behaviour_patterns


def test_a_person_a_bot_posted_without_a_name_is_called_by_their_platform_id(
    community: Community, persona: Persona
) -> None:
    """A message without ``author_name`` made the account "gamers:bob_123", and the block said
    "What you know about gamers bob_123" (tried with the Python client, 2026-11-29)."""
    bob = identity_resolve(community=community, external_id="bob_123")
    remember(community, bob, "bob_123 has a cat called Mochi")

    block = assemble_context(community=community, user=bob, persona=persona, message="my cat", record_access=False)

    assert person_display_name(community=community, user=bob) == "bob_123"
    assert "[What you know about bob_123:]" in block.text and "gamers" not in block.text


def test_an_account_named_in_lower_case_is_called_as_the_person_writes_their_name(
    community: Community, web_channel: Channel
) -> None:
    """An account signed up as "tomasz" said "I'm Tomasz, …" and was remembered as "tomasz teaches maths":
    the name they gave was taken for the one they already had."""
    tomasz = user_create(username="tomasz", password="tomasz pass 1234", display_name="tomasz")
    membership_set(user=tomasz, community=community)
    message_record(channel=web_channel, author=tomasz, content="I'm Tomasz, I teach maths at a school in Leeds")

    extract_channel_here(web_channel)

    assert list(Memory.objects.filter(user=tomasz).values_list("content", flat=True)) == [
        "Tomasz teaches maths at a school in Leeds"
    ]
    assert Profile.objects.get(user=tomasz, community=community).stated_name == "Tomasz"
