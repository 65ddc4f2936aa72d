"""Pages that are not found, not allowed or fail answer with their status in the site's look."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from accounts.models import User

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.memoryhub.error_urls")]


@pytest.fixture(autouse=True)
def debug_off(settings: Any) -> None:
    settings.DEBUG = False  # as in production: Django's own debug pages stay out of the way


def _in_the_site_look(body: str) -> bool:
    return "/static/css/memoryhub.css" in body and 'class="brand"' in body and 'href="/"' in body


def test_a_missing_page_is_a_styled_404(client: Client) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    body = response.content.decode()
    assert _in_the_site_look(body) and "Page not found" in body


def test_a_missing_api_endpoint_still_answers_in_json(client: Client) -> None:
    response = client.get("/api/v1/no-such-endpoint")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


def test_a_page_that_is_not_yours_is_a_styled_403(client: Client, member: User) -> None:
    client.force_login(member)
    response = client.get("/moderation/")  # a member moderates nothing
    assert response.status_code == 403
    body = response.content.decode()
    assert _in_the_site_look(body) and "Not allowed" in body and "You moderate no community." in body


def test_a_page_that_fails_is_a_styled_500(member: User) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(member)
    response = client.get("/broken-page")
    assert response.status_code == 500
    body = response.content.decode()
    assert _in_the_site_look(body) and "Something went wrong" in body
    assert "a bug in a page" not in body and "RuntimeError" not in body


def test_a_page_without_its_database_is_a_styled_503_to_try_again_soon() -> None:
    response = Client(raise_request_exception=False).get("/database-gone")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    body = response.content.decode()
    assert _in_the_site_look(body) and "cannot reach its database" in body
    assert "server closed the connection" not in body


def test_the_api_without_its_database_answers_a_json_503_to_try_again_soon() -> None:
    response = Client(raise_request_exception=False).get("/api/v1/database-gone")
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert response.json()["error"]["code"] == "database_unavailable"
