"""Sign-up: it tells nothing about which platform ids a community knows, refuses look-alike names
and weak passwords, and one address cannot create accounts without limit."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Community, User
from accounts.services import community_create, identity_resolve, user_create

pytestmark = pytest.mark.django_db

PASSWORD = "a long passphrase 42"


@pytest.fixture
def beta(db: None) -> Community:
    return community_create(name="Beta", slug="beta")


def _signup(client: Client, username: str, password: str = PASSWORD, address: str = "192.0.2.1") -> object:
    return client.post(
        reverse("signup"),
        {"username": username, "display_name": "", "password1": password, "password2": password},
        REMOTE_ADDR=address,
    )


def _errors(response: object) -> dict[str, list[str]]:
    return {field: list(errors) for field, errors in response.context["form"].errors.items()}  # type: ignore[attr-defined]


def test_a_known_platform_id_and_an_unknown_one_get_the_same_answer(client: Client, beta: Community) -> None:
    known = identity_resolve(community=beta, external_id="u_evil")
    assert known.username == "beta:u_evil"  # a bot's account, named after its platform id

    answers = [_errors(_signup(client, name)) for name in ("beta:u_evil", "beta:u_nobody")]

    assert answers[0] == answers[1]
    assert "Enter a valid username" in answers[0]["username"][0]
    assert "already exists" not in str(answers)
    assert User.objects.count() == 1


def test_look_alike_letters_of_another_script_are_refused(client: Client) -> None:
    user_create(username="admin", password=PASSWORD)
    for name in ("\u0430dmin", "\u0430lice"):  # a Cyrillic "a", whether or not a Latin twin exists
        response = _signup(client, name)
        assert response.status_code == 200  # type: ignore[attr-defined]
        assert "Enter a valid username" in _errors(response)["username"][0]
    assert "already exists" in _errors(_signup(client, "ADMIN"))["username"][0]  # case does not make a twin
    assert list(User.objects.values_list("username", flat=True)) == ["admin"]


@pytest.mark.parametrize(
    ("password", "why"),
    [
        ("short1", "too short"),
        ("password123", "too common"),
        ("4815162342", "entirely numeric"),
        ("dana_rivers_1", "too similar to the username"),
    ],
)
def test_a_weak_password_is_refused_and_says_why(client: Client, password: str, why: str) -> None:
    response = _signup(client, "dana_rivers", password=password)
    assert response.status_code == 200  # type: ignore[attr-defined]
    assert why in " ".join(_errors(response)["password2"])
    assert not User.objects.exists()


def test_one_address_signs_up_only_so_often_and_a_refused_form_creates_nothing(
    client: Client, settings: object
) -> None:
    settings.MEMORYHUB_SIGNUPS_PER_HOUR = 2  # type: ignore[attr-defined]
    assert _signup(client, "taken!").status_code == 200  # type: ignore[attr-defined]  # invalid, and counted
    assert _signup(client, "first").status_code == 302  # type: ignore[attr-defined]
    client.logout()

    refused = _signup(client, "second")

    assert refused.status_code == 429  # type: ignore[attr-defined]
    assert "Too many sign-ups from your address. Try again in 30 minutes." in _errors(refused)["__all__"]
    assert list(User.objects.values_list("username", flat=True)) == ["first"]
    assert _signup(client, "second", address="198.51.100.7").status_code == 302  # type: ignore[attr-defined]
