"""schemathesis drives every documented operation as its command line does (`st run --checks all`,
phases examples, coverage, fuzzing and stateful), in process through the WSGI application, with
a bot's key and a signed-in person's session: no server error, and every answer (its status,
headers and body) is one the schema at /api/schema/ documents; schema-valid requests are
accepted and schema-invalid ones refused; the schema's links reach every operation."""

from __future__ import annotations

import json
from typing import Any

import pytest
import schemathesis
from django.conf import settings
from django.db import connections
from django.test import Client
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.engine.run import PhaseName
from schemathesis.transport.wsgi import WSGITransport

from accounts.models import ApiKeyScope, Community, User
from accounts.services import apikey_create, identity_resolve
from chat.services import persona_create
from memories.models import MemoryRevisionActor
from memories.services.memory import memory_create

pytestmark = pytest.mark.django_db(transaction=True)  # the engine may call from its own threads

EXAMPLES = 8  # per operation and phase: bounded, so the suite stays quick
STATEFUL_STEPS = 12
SEED = 20261101  # the same requests on every run: CI stays reproducible


@pytest.fixture
def wsgi_app(transactional_db: None) -> Any:
    """The real WSGI application. Each answer is read whole and its thread's database connection
    closed, as a server would: a streamed answer the client never closes would keep one open."""
    from memoryhub.wsgi import application

    def served(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        answer = application(environ, start_response)
        try:
            return [b"".join(answer)]
        finally:
            answer.close()
            connections.close_all()

    return served


@pytest.fixture(autouse=True)
def wsgi_transport_without_socket_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """schemathesis 4.32.5 hands some in-process requests the options of a network one
    (``max_redirects``, ``verify``, ``cert``), which werkzeug's client refuses: drop them here."""
    send = WSGITransport.send

    def without_socket_options(self: WSGITransport, case: Any, **kwargs: Any) -> Any:
        for name in ("max_redirects", "verify", "cert", "proxies"):
            kwargs.pop(name, None)
        return send(self, case, **kwargs)

    monkeypatch.setattr(WSGITransport, "send", without_socket_options)


@pytest.fixture
def credentials(community: Community, member: User) -> dict[str, str]:
    """A bot's key with the scopes the fuzzer should not need to guess past (not `users:erase`:
    its 403 is part of the contract), and a member's session for /api/v1/me/*."""
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    alice = identity_resolve(community=community, external_id="alice_456", display_name="Alice")
    memory_create(
        community=community,
        user=alice,
        content="Alice is moving to Austin next month",
        kind="plan",
        importance=0.9,
        expires_at=None,
        source="api",
        actor=MemoryRevisionActor.SYSTEM,
        topics=["moving"],
    )
    scopes = [scope for scope in ApiKeyScope.values if scope != ApiKeyScope.USERS_ERASE]
    _, raw = apikey_create(community=community, name="fuzzer", scopes=scopes)
    browser = Client()
    browser.force_login(member)
    session = browser.cookies[settings.SESSION_COOKIE_NAME].value
    return {"Authorization": f"Bearer {raw}", "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}"}


# Refusals that depend on the clock, which a schema cannot state (its descriptions do): an expiry
# already past, a memory said in the future, a message sent more than five minutes ahead.
CLOCK_REFUSALS = (
    "Must be in the future.",
    "Must not be in the future.",
    "in the future: check the bot's clock",
    "would already have expired",
)


def refused_by_the_clock(body: bytes) -> bool:
    try:
        details = json.loads(body)["error"]["details"]
        assert isinstance(details, dict)
    except (ValueError, KeyError, TypeError, AssertionError):
        return False
    messages = [message for field in details.values() for message in (field if isinstance(field, list) else [field])]
    return bool(messages) and all(any(marker in str(message) for marker in CLOCK_REFUSALS) for message in messages)


def schemathesis_run(app: Any, headers: dict[str, str]) -> tuple[list[str], dict[PhaseName, Status], set[str]]:
    """Failures (one line each), each phase's status, and the operations the stateful phase called."""
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "headers": headers,
            "workers": 1,
            "checks": {"enabled": True},  # --checks all
            # No example database: what an earlier run found (kept in .hypothesis/) would change this
            # run's requests, and the seed alone makes every run the same.
            "generation": {"max-examples": EXAMPLES, "database": "none"},
            # A memory's history outlives the memory (moderators and bots read who deleted it and
            # when), so reading it after the memory's deletion is the design, not a use after free.
            "operations": [
                {"include-path": "/api/v1/memories/{id}/history", "checks": {"use_after_free": {"enabled": False}}}
            ],
            "phases": {
                "examples": {"enabled": True},
                "coverage": {"enabled": True},
                "fuzzing": {"enabled": True},
                "stateful": {"enabled": True, "max-steps": STATEFUL_STEPS},
            },
        }
    )
    schema = schemathesis.openapi.from_wsgi("/api/schema/", app, config=config)
    failures: list[str] = []
    phases: dict[PhaseName, Status] = {}
    stateful_calls: set[str] = set()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
            phase = event.phase if isinstance(event, events.ScenarioFinished) else PhaseName.FUZZING
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    interaction = event.recorder.interactions.get(case_id)
                    answer = interaction.response if interaction is not None else None
                    clock = answer is not None and answer.status_code == 400 and refused_by_the_clock(answer.content)
                    if check.status == Status.FAILURE and not (check.name == "positive_data_acceptance" and clock):
                        case = event.recorder.cases[case_id].value
                        title = check.failure_info.failure.title if check.failure_info else ""
                        title += "\n" + (check.failure_info.code_sample if check.failure_info else "")
                        if answer is not None:
                            title += f"\n{answer.status_code} {answer.content[:300]!r}"
                        failures.append(f"{phase}: {case.method} {case.path}: {check.name}: {title}")
            if phase == PhaseName.STATEFUL_TESTING:
                stateful_calls |= {f"{n.value.method} {n.value.path}" for n in event.recorder.cases.values()}
        elif isinstance(event, events.NonFatalError):
            failures.append(f"error: {event.label}: {event.info.message}")
        elif isinstance(event, events.FatalError):
            failures.append(f"fatal error: {event.exception!r}")
        elif isinstance(event, events.PhaseFinished):
            phases[event.phase.name] = event.status
    return sorted(set(failures)), phases, stateful_calls


def test_every_operation_answers_as_its_schema_says(wsgi_app: Any, credentials: dict[str, str]) -> None:
    failures, phases, stateful_calls = schemathesis_run(wsgi_app, credentials)
    assert failures == [], "\n".join(failures)
    for phase in (PhaseName.EXAMPLES, PhaseName.COVERAGE, PhaseName.FUZZING, PhaseName.STATEFUL_TESTING):
        # Ran (a failure status here can only come from the clock's refusals, left out above).
        assert phases.get(phase) in (Status.SUCCESS, Status.FAILURE), phases
    # Links from what hands out ids lead to the operations that take them: the stateful phase can
    # reach each. Which it reaches in a given run depends on the database the suite left behind
    # (ids, times), so the run is asked to follow links at all, and the schema to have them.
    linked = link_targets(wsgi_app)
    for operation in (
        "POST /api/v1/windows/{id}/close",
        "GET /api/v1/users/{external_id}/profile",
        "DELETE /api/v1/messages/{channel}/{message_id}",
        "PATCH /api/v1/memories/{id}",
    ):
        assert operation in linked, sorted(linked)
    assert len(stateful_calls & linked) >= 2, sorted(stateful_calls)


def link_targets(app: Any) -> set[str]:
    """ "METHOD /path" of every operation some response's OpenAPI link leads to."""
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    by_id = {
        operation["operationId"]: f"{method.upper()} {path}"
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "operationId" in operation
    }
    return {
        by_id[link["operationId"]]
        for item in schema["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        for response in operation.get("responses", {}).values()
        for link in response.get("links", {}).values()
        if link.get("operationId") in by_id
    }
