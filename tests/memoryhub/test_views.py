from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_home_page_links_the_admin_and_our_stylesheet(client: Client) -> None:
    page = client.get("/").content.decode()
    assert 'href="/admin/"' in page
    assert "/static/css/memoryhub.css" in page


def test_health_endpoint_answers_when_the_database_does(client: Client) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
