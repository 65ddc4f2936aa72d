"""Keys: shown once, stored hashed, scoped, revocable, and blind to other communities."""

from __future__ import annotations

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from accounts.models import ApiKey, ApiKeyScope, Community
from accounts.services import apikey_revoke, identity_resolve
from chat.models import ChatSession, ConversationWindow, Message
from chat.services import channel_create, persona_create, session_open
from tests.api.conftest import KeyClient

pytestmark = pytest.mark.django_db
MESSAGE = {"channel": "general", "author": "alice_456", "content": "I'm moving to Austin", "message_id": "m1"}


def _counts() -> dict[str, int]:
    """Rows per model; a key's rate bucket is the throttle's own state, not the community's data."""
    return {
        m._meta.label: m._default_manager.count() for m in apps.get_models() if m._meta.label != "memoryhub.RateBucket"
    }


def test_no_key_is_401_with_a_bearer_challenge(community: Community) -> None:
    response = APIClient().post("/api/v1/messages", MESSAGE, format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("header", ["Bearer mh_not-a-real-key", "Bearer nonsense", "Bearer a b", "Token mh_x"])
def test_a_bad_key_is_401_and_nothing_is_stored(community: Community, header: str) -> None:
    before = _counts()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.post("/api/v1/messages", MESSAGE, format="json")
    assert response.status_code == 401
    assert response.json()["error"]["code"] in {"invalid_api_key", "not_authenticated"}
    assert _counts() == before


def test_a_revoked_key_is_401(community: Community, key_client: KeyClient) -> None:
    client = key_client(community)
    assert client.post("/api/v1/messages", MESSAGE, format="json").status_code == 202
    apikey_revoke(api_key=ApiKey.objects.get())
    response = client.post("/api/v1/messages", {**MESSAGE, "message_id": "m2"}, format="json")
    assert response.status_code == 401 and response.json()["error"]["code"] == "invalid_api_key"
    assert Message.objects.count() == 1


def test_a_key_is_stored_only_as_its_hash_and_records_its_use(community: Community, key_client: KeyClient) -> None:
    client = key_client(community)
    key = ApiKey.objects.get()
    assert client.raw_key not in (key.hashed_key, key.prefix) and client.raw_key.startswith(key.prefix)  # type: ignore[attr-defined]
    assert key.last_used_at is None
    client.post("/api/v1/messages", MESSAGE, format="json")
    key.refresh_from_db()
    assert key.last_used_at is not None


def test_a_missing_scope_is_403_and_nothing_is_stored(community: Community, key_client: KeyClient) -> None:
    client = key_client(community, scopes=[ApiKeyScope.CONTEXT])
    response = client.post("/api/v1/messages", MESSAGE, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == {"code": "missing_scope", "message": "This API key lacks the 'ingest' scope."}
    assert not Message.objects.exists()


def test_a_key_of_one_community_cannot_touch_another(
    community: Community, other_community: Community, key_client: KeyClient
) -> None:
    bea = identity_resolve(community=other_community, external_id="bookworm_1", display_name="Bea")
    club = persona_create(community=other_community, name="Librarian", system_prompt="You are the librarian.")
    desk = channel_create(community=other_community, name="desk", external_id="desk")
    their_session = session_open(user=bea, persona=club, channel=desk)
    ChatSession.objects.filter(pk=their_session.pk).update(final_summary="Bea is reading Dune.")
    outsider = key_client(other_community)
    outsider.post("/api/v1/messages", {**MESSAGE, "author": "bookworm_1"}, format="json")
    window = ConversationWindow.objects.get()
    ours = key_client(community)
    before = _counts()

    theirs = ours.get("/api/v1/context", {"user": "bookworm_1", "query": "hi"})  # a stranger here
    assert theirs.status_code == 200 and theirs.json()["memories"] == [] and theirs.json()["text"] == ""
    assert ours.get(f"/api/v1/windows/{window.pk}").status_code == 404
    assert ours.post(f"/api/v1/windows/{window.pk}/retry").status_code == 404
    assert ours.post(f"/api/v1/windows/{window.pk}/close").status_code == 404
    assert ours.get("/api/v1/windows").json()["results"] == []
    assert ours.get("/api/v1/sessions").json()["results"] == []  # theirs holds a summary
    assert [s["id"] for s in outsider.get("/api/v1/sessions").json()["results"]] == [their_session.pk]
    assert _counts() == before
