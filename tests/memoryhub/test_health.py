"""/healthz says the process is alive; /readyz says whether it can serve: database, broker, migrations."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client, override_settings

from memoryhub import health
from tests.support.processes import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _migrations_looked_at_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(health, "_migrations_applied", False)  # each test asks the database itself


def test_alive_asks_nothing_of_the_database(client: Client, django_assert_num_queries: Callable[..., Any]) -> None:
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.json() == {"status": "ok"}


def test_ready_when_the_database_and_broker_answer_and_every_migration_is_applied(client: Client) -> None:
    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "migrations": "ok", "broker": "ok"},
    }


def test_not_ready_when_the_broker_cannot_be_reached(client: Client) -> None:
    closed = f"redis://127.0.0.1:{free_port()}/0"
    with override_settings(CELERY_BROKER_URL=closed, CELERY_BROKER_TRANSPORT_OPTIONS={}):
        response = client.get("/readyz")

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "status": "unavailable",
        "checks": {"database": "ok", "migrations": "ok", "broker": "unreachable"},
    }
    assert "127.0.0.1" not in response.content.decode()  # the error stays in the log


def test_not_ready_while_a_migration_is_not_applied(client: Client) -> None:
    with connection.cursor() as cursor:  # rolled back with the test's transaction
        cursor.execute(
            "DELETE FROM django_migrations WHERE id = (SELECT max(id) FROM django_migrations WHERE app = 'chat')"
        )

    response = client.get("/readyz")

    assert response.status_code == 503
    assert response.json()["checks"] == {"database": "ok", "migrations": "1 unapplied", "broker": "ok"}
