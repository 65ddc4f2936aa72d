"""`manage.py seed_demo`: the demo `make run` starts with, safe to run again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import authenticate
from django.contrib.auth.password_validation import validate_password
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


def _kept(tmp_path: Path) -> dict[str, str]:
    """What the logins file keeps: each login's password, and the API key."""
    return dict(line.split(" ", 1) for line in (tmp_path / "demo_logins.txt").read_text().splitlines())


def _row_counts() -> dict[str, int]:
    return {model._meta.label: model._default_manager.count() for model in apps.get_models()}


def test_seed_demo_creates_a_usable_demo(tmp_path: Path) -> None:
    output = _seed()

    community = Community.objects.get(slug="demo")
    assert Persona.objects.filter(community=community).count() == 2
    assert Channel.objects.filter(community=community, kind=ChannelKind.WEB).count() == 1
    kept = _kept(tmp_path)
    assert set(kept) == {"demo", "moderator", "admin", "api_key"}
    login = RequestFactory().post("/accounts/login/")  # login throttling (django-axes) needs the request
    demo = authenticate(login, username="demo", password=kept["demo"])
    moderator = authenticate(login, username="moderator", password=kept["moderator"])
    admin = authenticate(login, username="admin", password=kept["admin"])
    assert demo is not None and not demo.is_staff
    assert moderator is not None and not moderator.is_staff  # a community moderator, not an operator
    assert Membership.objects.get(user=moderator, community=community).role == MembershipRole.MODERATOR
    assert admin is not None and admin.is_staff and admin.is_superuser
    assert not Membership.objects.filter(user=admin).exists()
    for user in (demo, moderator, admin):  # the demo's passwords pass the rules sign-up applies
        validate_password(kept[user.username], user)
    stored = ApiKey.objects.get(community=community)
    assert stored.hashed_key == apikey_hash(kept["api_key"])
    assert set(stored.scopes) == set(ApiKey.Scope.values)
    # The output says where they are kept, never what they are: it ends up in logs.
    assert str(tmp_path / "demo_logins.txt") in output and "mh_" in output
    assert not [secret for secret in kept.values() if secret in output]


def test_the_logins_file_is_readable_by_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "demo_logins.txt"
    path.write_text("")
    path.chmod(0o644)  # an older run's, or a umask's

    _seed()

    assert path.stat().st_mode & 0o777 == 0o600


def test_seed_demo_twice_changes_nothing_and_keeps_the_same_secrets(tmp_path: Path) -> None:
    first = _seed()
    kept = _kept(tmp_path)
    counts = _row_counts()
    second = _seed()

    assert _row_counts() == counts
    assert _kept(tmp_path) == kept
    assert first.replace("Created", "Found") == second


def test_the_demo_member_logs_in_with_the_kept_password_and_chats_at_once(client: Client, tmp_path: Path) -> None:
    _seed()
    password = _kept(tmp_path)["demo"]
    response = client.post("/accounts/login/", {"username": "demo", "password": password}, follow=True)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Mira" in page and 'id="composer"' in page  # the chat with the first persona, ready to type
    sent = client.post(response.redirect_chain[-1][0] + "send", {"text": "hello!"}, HTTP_HX_REQUEST="true")
    assert sent.status_code == 200 and "sse-connect" in sent.content.decode()
