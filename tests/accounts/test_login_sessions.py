"""Login sessions say whose they are in a column of their own (accounts.sessions)."""

from __future__ import annotations

from importlib import import_module

import pytest
from django.apps import apps
from django.contrib.sessions.backends.db import SessionStore as DjangoSessionStore
from django.contrib.sessions.models import Session
from django.test import Client

from accounts.models import LoginSession, User


@pytest.mark.django_db
def test_logging_in_and_out_keeps_the_sessions_user_id_up_to_date(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    assert list(LoginSession.objects.values_list("user_id", flat=True)) == [alice.pk]

    client.logout()

    assert not LoginSession.objects.filter(user_id=alice.pk).exists()


@pytest.mark.django_db
def test_the_migration_keeps_everyone_logged_in_with_their_user_id(alice: User, bob: User) -> None:
    for data in ({"_auth_user_id": str(alice.pk)}, {"_auth_user_id": str(bob.pk)}, {"cart": "anonymous"}):
        old = DjangoSessionStore()
        old.update(data)
        old.save()

    import_module("accounts.migrations.0005_login_session").sessions_copy(apps, None)

    copied = {session.session_key: session.user_id for session in LoginSession.objects.all()}
    assert set(copied) == set(Session.objects.values_list("session_key", flat=True))
    assert sorted(copied.values(), key=str) == sorted([alice.pk, bob.pk, None], key=str)
