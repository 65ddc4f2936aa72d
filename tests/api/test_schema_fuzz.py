"""schemathesis drives every documented operation as its command line does (`st run --checks all`,
phases examples, coverage, fuzzing and stateful) against the Procfile's own web server (gunicorn
with its uvicorn workers, as `make run` starts it), with a bot's key and a signed-in person's
session: no server error, and every answer (its status, headers and body) is one the schema at
/api/schema/ documents; schema-valid requests are accepted and schema-invalid ones refused; the
schema's links reach every operation. The only refusals let through are the clock's (below)."""

from __future__ import annotations

import ast
import json
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests
import schemathesis
from django.conf import settings
from django.test import Client
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema
from schemathesis.engine.run import PhaseName

from accounts.models import ApiKeyScope, Community, User
from accounts.services import apikey_create, identity_resolve
from chat.services import persona_create
from core.http_protocol import URL_MAX_BYTES
from memories.models import MemoryRevisionActor
from memories.services.memory import memory_create
from tests.support.processes import child_environment, gunicorn_serving

pytestmark = pytest.mark.django_db(transaction=True)  # the server reads what the test writes

EXAMPLES = 5  # per operation and phase: bounded, so the suite stays quick over HTTP
STATEFUL_STEPS = 8
SEED = 20261101  # the same requests on every run: CI stays reproducible


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, django_db_blocker: Any) -> Iterator[str]:
    """The Procfile's web server, its two workers as `make run` starts them, on the test database
    (started once for the module: each test's rows are committed, so the server reads them)."""
    var_dir = tmp_path_factory.mktemp("web")
    with django_db_blocker.unblock():
        env = child_environment(var_dir=var_dir, broker_url=None)
    with gunicorn_serving(env=env, log=var_dir / "web.log", workers=2) as base:
        yield base


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


def schemathesis_run(
    base: str, headers: dict[str, str], *, only: tuple[str, str] | None = None, **narrowed: Any
) -> tuple[list[str], dict[PhaseName, Status], set[str], list[tuple[str, int, bytes]]]:
    """Failures (one line each), each phase's status, the operations the stateful phase called, and
    every answer ("METHOD /path", status, body). ``only``: the one operation to run (path,
    method), from a schema cut down to it; ``narrowed``: settings over the whole run's."""
    config = SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "headers": headers,
            "workers": 2,  # the two web workers serve two requests at once
            "checks": {"enabled": True},  # --checks all
            # No example database and no cache: what an earlier run found (kept in .hypothesis/) or
            # learned from the answers (schemathesis's error feedback, kept in .schemathesis/) would
            # change this run's requests, and the seed alone makes every run the same. (A cached
            # feedback once read an error's `details` as body fields, and sent them, on every later
            # run of one machine.)
            "generation": {"max-examples": EXAMPLES, "database": "none"},
            "cache": {"enabled": False},
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
        | narrowed
        | ({"base-url": base} if only else {})
    )
    if only:  # the schema's other operations out: coverage tests every path's other methods too
        raw = requests.get(f"{base}/api/schema/", headers={"Accept": "application/json"}, timeout=30).json()
        path, method = only
        raw["paths"] = {path: {method: raw["paths"][path][method]}}
        schema = schemathesis.openapi.from_dict(raw, config=config)
    else:
        schema = schemathesis.openapi.from_url(f"{base}/api/schema/", config=config)
    failures: list[str] = []
    phases: dict[PhaseName, Status] = {}
    stateful_calls: set[str] = set()
    answers: list[tuple[str, int, bytes]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ast, "parse", _parse_one_at_a_time)
        for event in from_schema(schema).execute():
            _event_read(event, failures, phases, stateful_calls, answers)
    return sorted(set(failures)), phases, stateful_calls, answers


# CPython 3.11 counts the AST constructor's recursion depth per interpreter, not per thread: two
# threads building trees at once can fail with "SystemError: AST constructor recursion depth
# mismatch" (python/cpython#106905, fixed in 3.12). The run's two threads both do (hypothesis
# reads lambdas' and strategies' source with ast.parse), and a full suite once failed so; here they
# take turns.
_AST_LOCK = threading.Lock()
_ast_parse = ast.parse


def _parse_one_at_a_time(*args: Any, **kwargs: Any) -> Any:
    with _AST_LOCK:
        return _ast_parse(*args, **kwargs)


def _event_read(
    event: Any,
    failures: list[str],
    phases: dict[PhaseName, Status],
    stateful_calls: set[str],
    answers: list[tuple[str, int, bytes]],
) -> None:
    """Add what one of the engine's events tells to the run's findings."""
    if isinstance(event, events.ScenarioFinished | events.FuzzScenarioFinished):
        phase = event.phase if isinstance(event, events.ScenarioFinished) else PhaseName.FUZZING
        for case_id, sent in event.recorder.interactions.items():
            if sent.response is not None:
                case = event.recorder.cases[case_id].value
                answers.append((f"{case.method} {case.path}", sent.response.status_code, sent.response.content))
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


def test_every_operation_answers_as_its_schema_says(server: str, credentials: dict[str, str]) -> None:
    failures, phases, stateful_calls, _ = schemathesis_run(server, credentials)
    assert failures == [], "\n".join(failures)
    for phase in (PhaseName.EXAMPLES, PhaseName.COVERAGE, PhaseName.FUZZING, PhaseName.STATEFUL_TESTING):
        # Ran (a failure status here can only come from the clock's refusals, left out above).
        assert phases.get(phase) in (Status.SUCCESS, Status.FAILURE), phases
    # Links from what hands out ids lead to the operations that take them: the stateful phase can
    # reach each. Which it reaches in a given run depends on the database the suite left behind
    # (ids, times), so the run is asked to follow links at all, and the schema to have them.
    linked = link_targets()
    for operation in (
        "POST /api/v1/windows/{id}/close",
        "GET /api/v1/users/{external_id}/profile",
        "DELETE /api/v1/messages/{channel}/{message_id}",
        "PATCH /api/v1/memories/{id}",
    ):
        assert operation in linked, sorted(linked)
    assert len(stateful_calls & linked) >= 2, sorted(stateful_calls)


def link_targets() -> set[str]:
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


def test_a_url_too_long_to_read_is_a_json_414_that_the_schema_documents(
    server: str, credentials: dict[str, str]
) -> None:
    schema = schemathesis.openapi.from_url(f"{server}/api/schema/")
    operation = schema["/api/v1/context"]["GET"]
    case = operation.Case(query={"user": "alice_456", "query": "a" * (URL_MAX_BYTES + 1)})
    answer = case.call_and_validate(headers=credentials)  # every check: status documented, body as described
    assert answer.status_code == 414
    assert answer.json()["error"]["code"] == "uri_too_long"
    assert "uri_too_long" in operation.definition.raw["responses"]["414"]["description"]


def test_chat_in_a_community_without_a_persona_is_a_409_conflict(server: str, other_community: Community) -> None:
    """Valid requests to `POST /chat` where no persona exists yet: a documented state conflict (409),
    which schemathesis's positive-data check takes as an answer to a valid request (a 400 it would not)."""
    _, raw = apikey_create(community=other_community, name="new bot", scopes=[ApiKeyScope.CHAT])
    failures, _, _, answers = schemathesis_run(
        server,
        {"Authorization": f"Bearer {raw}"},
        only=("/api/v1/chat", "post"),
        phases={
            "examples": {"enabled": True},
            "coverage": {"enabled": True},
            "fuzzing": {"enabled": True},
            "stateful": {"enabled": False},  # its links lead away from the one operation
        },
    )
    assert failures == [], "\n".join(failures)
    conflicts = [json.loads(body)["error"]["code"] for operation, status, body in answers if status == 409]
    assert conflicts and set(conflicts) == {"no_persona"}, answers[:5]
    assert {operation.split()[1] for operation, _, _ in answers} == {"/api/v1/chat"}  # its other methods too
