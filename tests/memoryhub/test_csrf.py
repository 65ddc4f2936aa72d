"""CSRF on every form and every HTMX request: each POST form carries the token, HTMX requests send
it from <body hx-headers>, and a POST without it is refused."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client

from accounts.models import User
from chat.models import Persona
from tests.support.processes import PROJECT_DIR

TEMPLATES = sorted((PROJECT_DIR / "templates").rglob("*.html"))
HTMX_WRITES = re.compile(r"\bhx-(post|put|patch|delete)=")


def _post_forms(source: str) -> list[str]:
    """Each ``<form …method="post"…> … </form>`` of a template, whole."""
    return re.findall(r"<form\b[^>]*\bmethod=\"post\"[^>]*>.*?</form>", source, flags=re.DOTALL | re.IGNORECASE)


def test_the_scan_finds_the_forms_it_checks() -> None:
    forms = [form for template in TEMPLATES for form in _post_forms(template.read_text())]
    assert len(forms) >= 10  # the logout button, sign-up, my data, moderation: the pattern still matches
    assert all(HTMX_WRITES.search(t.read_text()) is None for t in TEMPLATES if t.name == "base.html")


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: str(path.relative_to(PROJECT_DIR)))
def test_every_post_form_carries_the_csrf_token(template: Path) -> None:
    for form in _post_forms(template.read_text()):
        assert "{% csrf_token %}" in form, f"a POST form without {{% csrf_token %}}:\n{form}"


def test_every_htmx_request_sends_the_token_from_the_body() -> None:
    base = (PROJECT_DIR / "templates" / "base.html").read_text()
    assert """<body hx-headers='{"X-CSRFToken": "{{ csrf_token }}"}'""" in base
    # Pages that send HTMX writes all extend the layout; partials are swapped into those pages.
    for template in TEMPLATES:
        source = template.read_text()
        if HTMX_WRITES.search(source) and not template.name.startswith("_"):
            assert source.startswith('{% extends "base.html" %}'), template


@pytest.fixture
def strict_client(member: User) -> Client:
    client = Client(enforce_csrf_checks=True)
    client.force_login(member)
    return client


@pytest.mark.django_db
def test_an_htmx_post_without_the_token_is_refused_and_with_the_pages_token_accepted(
    strict_client: Client, persona: Persona
) -> None:
    page = strict_client.get(f"/chat/{persona.pk}/")
    headers = re.search(r"<body hx-headers='([^']+)'", page.content.decode())
    assert headers is not None
    token = json.loads(headers.group(1))["X-CSRFToken"]

    refused = strict_client.post(f"/chat/{persona.pk}/send", {"text": "hello"}, headers={"HX-Request": "true"})
    assert refused.status_code == 403

    sent = strict_client.post(
        f"/chat/{persona.pk}/send", {"text": "hello"}, headers={"HX-Request": "true", "X-CSRFToken": token}
    )
    assert sent.status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/accounts/login/", "/accounts/signup/", "/accounts/logout/", "/me/erase"])
def test_a_form_post_without_the_token_is_refused(path: str) -> None:
    assert Client(enforce_csrf_checks=True).post(path, {"username": "member", "password": "x"}).status_code == 403
