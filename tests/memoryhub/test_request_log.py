"""Each request's id (the client's X-Request-ID, or one made up), answered back and in its log
lines; its own line (at DEBUG) keeps the path without the query string's values."""

from __future__ import annotations

import io
import json
import logging
import logging.config
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create

pytestmark = pytest.mark.django_db


def _finished(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    return [r.msg for r in caplog.records if isinstance(r.msg, dict) and r.msg.get("event") == "request_finished"]


def test_the_logged_request_keeps_its_id_and_drops_what_the_query_said(
    client: Client, community: Community, caplog: pytest.LogCaptureFixture
) -> None:
    _, key = apikey_create(community=community, name="logged", scopes=ApiKeyScope.values)
    with caplog.at_level(logging.DEBUG, logger="memoryhub.requests"):
        response = client.get(
            "/api/v1/context",
            {"user": "alice_456", "query": "my secret plan for Lisbon"},
            headers={"X-Request-ID": "bot-7f3a", "Authorization": f"Bearer {key}"},
        )

    assert response.status_code == 200
    assert response["X-Request-ID"] == "bot-7f3a"
    (line,) = _finished(caplog)
    assert (line["request"], line["code"]) == ("GET /api/v1/context?user&query", 200)
    assert "Lisbon" not in caplog.text and "alice_456" not in caplog.text and key not in caplog.text


def test_a_request_without_an_id_gets_one_and_a_long_one_is_cut(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.DEBUG, logger="memoryhub.requests"):
        made_up = client.get("/healthz")["X-Request-ID"]
        cut = client.get("/healthz", headers={"X-Request-ID": "x" * 5000})["X-Request-ID"]

    assert len(made_up) == 36 and made_up.count("-") == 4  # a UUID
    assert cut == "x" * 200
    assert [line["request_id"] for line in _finished(caplog)] == [made_up, cut]


def test_djangos_line_for_a_refused_request_carries_its_id(client: Client) -> None:
    """Django logs a 4xx or 5xx after the middleware has answered: the id is still bound then."""
    written = io.StringIO()
    handler = logging.StreamHandler(written)
    handler.setFormatter(
        logging.config.dictConfigClass(settings.LOGGING).configure_custom(
            dict(settings.LOGGING["formatters"]["structured"])
        )
    )
    django_request = logging.getLogger("django.request")
    django_request.addHandler(handler)
    try:
        client.get("/api/v1/no-such-thing", headers={"X-Request-ID": "lost-4711"})
    finally:
        django_request.removeHandler(handler)

    (line,) = [json.loads(text) for text in written.getvalue().splitlines()]
    assert (line["event"], line["level"], line["request_id"]) == (
        "Not Found: /api/v1/no-such-thing",
        "warning",
        "lost-4711",
    )
