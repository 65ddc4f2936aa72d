"""`manage.py apikey_create`: the README's quick start takes its bot's key from this command."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from accounts.models import ApiKey, Community

pytestmark = pytest.mark.django_db
MESSAGE = {"channel": "general", "author": "alice_456", "content": "I just adopted a cat called Luna!"}


def apikey_create(*args: str) -> str:
    """What the command prints on stdout, which a shell would capture as the key."""
    stdout, stderr = StringIO(), StringIO()
    call_command("apikey_create", *args, stdout=stdout, stderr=stderr)
    return stdout.getvalue()


def bot(raw_key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {raw_key}")
    return client


def test_the_printed_key_is_all_of_stdout_and_lets_a_bot_post_messages(community: Community) -> None:
    printed = apikey_create("--community", community.slug)

    raw_key = printed.strip()
    assert printed == raw_key + "\n" and raw_key.startswith("mh_")
    response = bot(raw_key).post("/api/v1/messages", MESSAGE, format="json")
    assert response.status_code == 202, response.json()
    window = response.json()["messages"][0]["window"]
    assert bot(raw_key).post(f"/api/v1/windows/{window}/close").status_code == 202


def test_each_run_makes_a_new_key_with_its_name(community: Community) -> None:
    first = apikey_create("--community", community.slug, "--name", "quick start").strip()
    second = apikey_create("--community", community.slug, "--name", "quick start").strip()

    assert first != second
    assert list(ApiKey.objects.values_list("name", flat=True)) == ["quick start", "quick start"]
    for raw_key in (first, second):
        assert bot(raw_key).get("/api/v1/windows").status_code == 200


def test_a_key_made_with_some_scopes_is_refused_the_others(community: Community) -> None:
    raw_key = apikey_create("--community", community.slug, "--scopes", "context, memories:read").strip()

    assert ApiKey.objects.get().scopes == ["context", "memories:read"]
    response = bot(raw_key).post("/api/v1/messages", MESSAGE, format="json")
    assert response.status_code == 403 and response.json()["error"]["code"] == "missing_scope"
    assert bot(raw_key).get("/api/v1/memories").status_code == 200


def test_a_key_works_only_in_its_own_community(community: Community, other_community: Community) -> None:
    raw_key = apikey_create("--community", other_community.slug).strip()

    assert ApiKey.objects.get().community == other_community
    bot(raw_key).post("/api/v1/messages", MESSAGE, format="json")
    assert not community.channels.exists() and other_community.channels.filter(external_id="general").exists()


def test_an_unknown_community_is_a_clear_error_and_makes_no_key(community: Community) -> None:
    with pytest.raises(CommandError, match="No community has the slug 'nowhere'"):
        apikey_create("--community", "nowhere")
    assert not ApiKey.objects.exists()


@pytest.mark.parametrize(
    ("scopes", "problem"),
    [("ingest,memories:delete", "Unknown scope 'memories:delete'"), (" , ", "Give at least one scope")],
)
def test_an_unknown_or_missing_scope_is_a_clear_error_and_makes_no_key(
    community: Community, scopes: str, problem: str
) -> None:
    with pytest.raises(CommandError, match=f"{problem}.* The scopes are: ingest, context, chat"):
        apikey_create("--community", community.slug, "--scopes", scopes)
    assert not ApiKey.objects.exists()
