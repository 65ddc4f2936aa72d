"""People are told, where they sign up and on My data, that moderators can read their chats."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

NOTICE = "moderators can read what you say in it, your chats with its personas here included"


def test_sign_up_and_my_data_say_that_moderators_can_read_web_chats(client: Client, alice: User) -> None:
    signup = client.get(reverse("signup"))
    assert signup.status_code == 200 and NOTICE in signup.content.decode()
    client.force_login(alice)
    mine = client.get(reverse("me"))
    assert mine.status_code == 200 and NOTICE in mine.content.decode()
