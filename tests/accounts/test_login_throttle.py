"""Login throttling (django-axes): after MEMORYHUB_LOGIN_FAILURE_LIMIT failed logins for one username
from one address, that pair is refused for the cool-off, even with the right password; the login
page says so. Another address, the cool-off's end or `manage.py axes_reset` lets the person in."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from accounts.models import User
from accounts.services import user_create

PASSWORD = "a long and right passphrase"


@pytest.fixture
def person(db: None, settings: Any) -> User:
    # Each attempt checks a password: a fast hasher keeps these dozens of attempts cheap.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return user_create(username="ines", password=PASSWORD, display_name="Ines")


def _log_in(client: Client, password: str, *, address: str = "192.0.2.10", path: str = "/accounts/login/") -> int:
    response = client.post(path, {"username": "ines", "password": password}, REMOTE_ADDR=address)
    return int(response.status_code)


def _fail_up_to_the_limit(client: Client) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _log_in(client, "wrong guess") == 200  # the form again, with its error
    assert _log_in(client, "wrong guess") == 429  # the last allowed failure locks the pair


def test_after_the_limit_the_right_password_is_refused_with_a_clear_message(person: User) -> None:
    client = Client()
    _fail_up_to_the_limit(client)

    response = client.post("/accounts/login/", {"username": "ines", "password": PASSWORD}, REMOTE_ADDR="192.0.2.10")

    assert response.status_code == 429
    page = response.content.decode()
    assert "Too many failed logins" in page and "refused for 15 minutes" in page
    assert 'name="password"' in page  # the login page itself, not a bare error
    assert "_auth_user_id" not in client.session


def test_the_lock_holds_for_one_username_from_one_address(person: User) -> None:
    _fail_up_to_the_limit(Client())

    assert _log_in(Client(), PASSWORD, address="198.51.100.7") == 302  # another address
    assert _log_in(Client(), PASSWORD) == 429


def test_the_admin_login_shares_the_lock(person: User) -> None:
    _fail_up_to_the_limit(Client())

    assert _log_in(Client(), PASSWORD, path="/admin/login/") == 429


def test_after_the_cool_off_the_right_password_logs_in(person: User) -> None:
    client = Client()
    _fail_up_to_the_limit(client)

    with time_machine.travel(timezone.now() + settings.AXES_COOLOFF_TIME - timedelta(seconds=30), tick=False):
        assert _log_in(client, PASSWORD) == 429
    with time_machine.travel(timezone.now() + settings.AXES_COOLOFF_TIME + timedelta(seconds=1), tick=False):
        assert _log_in(client, PASSWORD) == 302
        assert client.session["_auth_user_id"] == str(person.pk)


def test_axes_reset_lifts_the_lock(person: User) -> None:
    client = Client()
    _fail_up_to_the_limit(client)

    call_command("axes_reset", stdout=None)

    assert _log_in(client, PASSWORD) == 302


def test_a_successful_login_forgets_earlier_failures(person: User) -> None:
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _log_in(client, "wrong guess") == 200
    assert _log_in(client, PASSWORD) == 302
    client.logout()

    assert _log_in(client, "wrong guess") == 200  # counting starts again


def test_the_log_never_holds_what_was_typed_as_the_username(person: User, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO):
        Client().post("/accounts/login/", {"username": PASSWORD, "password": "ines"}, REMOTE_ADDR="192.0.2.10")

    assert "AXES: New login failure" in caplog.text
    assert PASSWORD not in caplog.text  # a password typed into the username field
    assert "192.0.2.10" not in caplog.text
