"""A moderator's erase (the people page) takes what the community holds about the person, and the
account only when it is the community's alone: never a co-moderator's, an operator's, or one known
in another community. Those accounts are left to staff."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import (
    AuditEvent,
    Community,
    ErasureRequest,
    ExternalIdentity,
    Membership,
    MembershipRole,
    Profile,
    User,
)
from accounts.services import identity_resolve, membership_set, user_create, user_signup, user_staff_set
from chat.models import Channel, Message
from chat.services import channel_create, message_record
from core.models import OutboxEvent, OutboxEventKind
from memories.models import Memory
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _signed_up(community: Community, other: Community) -> User:
    return user_signup(username="newcomer", password="a long passphrase 42")  # joins the sign-up community


def _seen_by_the_bot(community: Community, other: Community) -> User:
    return identity_resolve(community=community, external_id="u_seen", display_name="Seen")


def _also_a_member_elsewhere(community: Community, other: Community) -> User:
    user = identity_resolve(community=community, external_id="u_both", display_name="Both")
    membership_set(user=user, community=other)
    return user


def _seen_elsewhere_by_a_bot(community: Community, other: Community) -> User:
    user = user_create(username="wanderer", password="a long passphrase 42")
    membership_set(user=user, community=community)
    ExternalIdentity.objects.create(community=other, user=user, external_id="u_wanderer")
    return user


def _co_moderator(community: Community, other: Community) -> User:
    user = user_create(username="comod", password="a long passphrase 42")
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


def _moderator_of_nothing_else_but_admin_here(community: Community, other: Community) -> User:
    user = user_create(username="owner2", password="a long passphrase 42")
    membership_set(user=user, community=community, role=MembershipRole.ADMIN)
    return user


def _staff_superuser(community: Community, other: Community) -> User:
    user = user_staff_set(user=user_create(username="root", password="a long passphrase 42"), staff=True)
    membership_set(user=user, community=community)
    return user


# (who, whether a moderator's erase takes their account)
MATRIX: list[tuple[Callable[[Community, Community], User], bool]] = [
    (_signed_up, True),
    (_seen_by_the_bot, True),
    (_also_a_member_elsewhere, False),
    (_seen_elsewhere_by_a_bot, False),
    (_co_moderator, False),
    (_moderator_of_nothing_else_but_admin_here, False),
    (_staff_superuser, False),
]


@pytest.fixture
def here(community: Community, settings: object) -> Community:
    settings.MEMORYHUB_SIGNUP_COMMUNITY = community.slug  # type: ignore[attr-defined]
    return community


@pytest.mark.parametrize(("make", "takes_account"), MATRIX, ids=[make.__name__[1:] for make, _ in MATRIX])
def test_a_moderators_erase_takes_the_account_only_when_it_is_the_communitys_alone(
    client: Client,
    here: Community,
    other_community: Community,
    make: Callable[[Community, Community], User],
    takes_account: bool,
) -> None:
    moderator = user_create(username="mod", password="a long passphrase 42")
    membership_set(user=moderator, community=here, role=MembershipRole.MODERATOR)
    person = make(here, other_community)
    role_before = Membership.objects.get(user=person, community=here).role if person.memberships.exists() else None
    room = channel_create(community=here, name="lobby", external_id="lobby")
    elsewhere = channel_create(community=other_community, name="hall", external_id="hall")
    remember(here, person, "They keep bees on the roof")
    message_record(channel=room, author=person, content="my bees swarmed again")
    witness = identity_resolve(community=here, external_id="u_witness", display_name="Witness")
    message_record(channel=room, author=witness, content="nice bees")
    known_elsewhere = make in (_also_a_member_elsewhere, _seen_elsewhere_by_a_bot)
    if known_elsewhere:  # staff and moderators are known here alone: their role alone keeps the account
        remember(other_community, person, "They read sagas")
        message_record(channel=elsewhere, author=person, content="sagas are long")
    client.force_login(moderator)

    page = client.get(reverse("moderation-person-erase", args=[here.pk, person.pk])).content.decode()
    assert ("account goes too" in page) is takes_account
    response = client.post(
        reverse("moderation-person-erase", args=[here.pk, person.pk]), {"username": person.username}, follow=True
    )

    assert response.status_code == 200
    tombstone = ErasureRequest.objects.get(requested_via="moderator")
    assert (tombstone.state, tombstone.scope) == ("done", "account" if takes_account else "community")
    assert User.objects.filter(pk=person.pk).exists() is not takes_account
    # What this community held about them is gone either way; the witness's line stays.
    assert not Memory.objects.filter(community=here, user_id=person.pk).exists()
    assert not Message.objects.filter(channel=room, author_id=person.pk).exists()
    assert not Profile.objects.filter(community=here, user_id=person.pk).exists()
    assert not ExternalIdentity.objects.filter(community=here, user_id=person.pk).exists()
    assert list(Message.objects.filter(channel=room).values_list("content", flat=True)) == ["nice bees"]
    kind = OutboxEventKind.ERASURE_COMPLETED if takes_account else OutboxEventKind.ERASURE_COMMUNITY_COMPLETED
    (event,) = OutboxEvent.objects.filter(kind__startswith="erasure.")
    assert (event.kind, event.community_id, event.payload) == (kind, here.pk, {"erasure_request": tombstone.pk})
    assert AuditEvent.objects.get(action="user.erased").data["scope"] == tombstone.scope
    if takes_account:
        return
    # The account and everything another community holds stay; a moderating role here too
    # (roles are staff's to change), a plain membership goes.
    person.refresh_from_db()
    assert person.is_staff == person.is_superuser == (make is _staff_superuser)
    assert Memory.objects.filter(community=other_community, user=person).exists() is known_elsewhere
    assert Message.objects.filter(channel=elsewhere, author=person).exists() is known_elsewhere
    assert Membership.objects.filter(user=person, community=here).values_list("role", flat=True).first() == (
        role_before if role_before in (MembershipRole.MODERATOR, MembershipRole.ADMIN) else None
    )


def test_a_moderator_cannot_erase_anyone_of_a_community_they_do_not_moderate(
    client: Client, here: Community, other_community: Community, channel: Channel
) -> None:
    moderator = user_create(username="mod", password="a long passphrase 42")
    membership_set(user=moderator, community=here, role=MembershipRole.MODERATOR)
    membership_set(user=moderator, community=other_community)  # a plain member there
    stranger = identity_resolve(community=other_community, external_id="u_stranger")
    client.force_login(moderator)

    for community_id in (here.pk, other_community.pk):
        url = reverse("moderation-person-erase", args=[community_id, stranger.pk])
        assert client.post(url, {"username": stranger.username}).status_code == 404
    assert User.objects.filter(pk=stranger.pk).exists() and not ErasureRequest.objects.exists()
