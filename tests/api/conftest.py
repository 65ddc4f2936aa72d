"""API clients holding real keys, built through the services."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from rest_framework.test import APIClient

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create

KeyClient = Callable[..., APIClient]


@pytest.fixture
def key_client() -> KeyClient:
    """``key_client(community, scopes=…)``: a client sending ``Authorization: Bearer <new key>``."""

    def make(community: Community, scopes: Iterable[str] = ApiKeyScope.values) -> APIClient:
        _, raw = apikey_create(community=community, name="test bot", scopes=scopes)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
        client.raw_key = raw  # type: ignore[attr-defined]
        return client

    return make


@pytest.fixture
def api(community: Community, key_client: KeyClient) -> APIClient:
    """A bot of ``community`` with every scope."""
    return key_client(community)
