"""A bot of the shared community, holding a real key with every scope."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create


@pytest.fixture
def bot(community: Community) -> APIClient:
    _, raw = apikey_create(community=community, name="bot", scopes=ApiKeyScope.values)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw}")
    return client
