"""`manage.py seed_demo`: the demo `make run` starts with, safe to run again."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import Client, RequestFactory

from accounts.models import ApiKey, Community, Membership, MembershipRole
from accounts.services import apikey_hash
from chat.models import Channel, ChannelKind, Persona

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _own_var_dir(settings: object, tmp_path: Path) -> None:
    settings.VAR_DIR = tmp_path  # type: ignore[attr-defined]  # keep the real var/demo_logins.txt out of it


def _seed() -> str:
    output = io.StringIO()
    call_command("seed_demo", stdout=output)
    return output.getvalue()


def _row_counts() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def test_seed_demo_creates_a_usable_demo() -> None:
    output = _seed()

    community = Community.objects.get(slug="demo")
    assert Persona.objects.filter(community=community).count() == 2
    assert Channel.objects.filter(community=community, kind=ChannelKind.WEB).count() == 1
    logins = dict(re.findall(r"login (\w+)\s+password (\S+)", output))
    assert set(logins) == {"demo", "moderator", "admin"}
    login = RequestFactory().post("/accounts/login/")  # login throttling (django-axes) needs the request
    demo = authenticate(login, username="demo", password=logins["demo"])
    moderator = authenticate(login, username="moderator", password=logins["moderator"])
    admin = authenticate(login, username="admin", password=logins["admin"])
    assert demo is not None and not demo.is_staff
    assert moderator is not None and not moderator.is_staff  # a community moderator, not an operator
    assert Membership.objects.get(user=moderator, community=community).role == MembershipRole.MODERATOR
    assert admin is not None and admin.is_staff and admin.is_superuser
    assert not Membership.objects.filter(user=admin).exists()
    (key,) = re.findall(r"mh_[\w-]+", output)
    stored = ApiKey.objects.get(community=community)
    assert stored.hashed_key == apikey_hash(key) and key not in stored.hashed_key
    assert set(stored.scopes) == set(ApiKey.Scope.values)


def test_seed_demo_twice_changes_nothing_and_shows_the_key_only_once() -> None:
    first = _seed()
    counts = _row_counts()
    second = _seed()

    assert _row_counts() == counts
    (key,) = re.findall(r"mh_[\w-]{20,}", first)
    assert key not in second
    assert re.findall(r"login (\w+)\s+password (\S+)", first) == re.findall(r"login (\w+)\s+password (\S+)", second)


def test_the_demo_member_logs_in_with_the_printed_password_and_chats_at_once(client: Client) -> None:
    password = re.search(r"login demo\s+password (\S+)", _seed())
    assert password is not None
    response = client.post("/accounts/login/", {"username": "demo", "password": password.group(1)}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Mira" in page and 'id="composer"' in page  # the chat with the first persona, ready to type
    sent = client.post(response.redirect_chain[-1][0] + "send", {"text": "hello!"}, HTTP_HX_REQUEST="true")
    assert sent.status_code == 200 and "sse-connect" in sent.content.decode()
