"""/metrics: refused unless turned on and asked from this machine or with the token; and what a
scrape shows after a bot's request and a real worker's extraction (with the fake LLM)."""

from __future__ import annotations

import json
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings
from prometheus_client.parser import text_string_to_metric_families

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create
from chat.models import ConversationWindow, ConversationWindowState
from memoryhub.ai.contract import TOOL_NAME
from tests.support.fake_openai import FakeOpenAI
from tests.support.processes import celery_command, child_environment, gunicorn_serving, running, wait_until

TOKEN = "metrics-token-for-tests"
ELSEWHERE = "203.0.113.7"


@pytest.mark.django_db
def test_metrics_are_not_there_unless_turned_on(client: Client) -> None:
    with override_settings(MEMORYHUB_METRICS=False, MEMORYHUB_METRICS_TOKEN=TOKEN):
        assert client.get("/metrics").status_code == 404
        assert client.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"}).status_code == 404


@pytest.mark.django_db
@override_settings(MEMORYHUB_METRICS=True, MEMORYHUB_METRICS_TOKEN=TOKEN)
def test_metrics_are_refused_to_another_machine_without_the_token(client: Client) -> None:
    assert client.get("/metrics", REMOTE_ADDR=ELSEWHERE).status_code == 403
    wrong = client.get("/metrics", REMOTE_ADDR=ELSEWHERE, headers={"Authorization": "Bearer not-the-token"})
    assert wrong.status_code == 403
    assert client.get("/metrics", REMOTE_ADDR=ELSEWHERE, headers={"Authorization": TOKEN}).status_code == 403


@pytest.mark.django_db
@override_settings(MEMORYHUB_METRICS=True, MEMORYHUB_METRICS_TOKEN="")
def test_a_request_a_proxy_forwarded_from_loopback_is_not_this_machines(client: Client) -> None:
    assert client.get("/metrics", headers={"X-Forwarded-For": ELSEWHERE}).status_code == 403
    assert client.get("/metrics", headers={"Forwarded": f"for={ELSEWHERE}"}).status_code == 403


@pytest.mark.django_db
@override_settings(MEMORYHUB_METRICS=True, MEMORYHUB_METRICS_TOKEN=TOKEN)
def test_metrics_answer_this_machine_and_the_token(client: Client, community: Community) -> None:
    local = client.get("/metrics")
    remote = client.get("/metrics", REMOTE_ADDR=ELSEWHERE, headers={"Authorization": f"Bearer {TOKEN}"})

    for response in (local, remote):
        assert response.status_code == 200
        assert response["Content-Type"].startswith("text/plain")
        assert f'memoryhub_memories{{community="{community.slug}"}} 0.0' in response.content.decode()


def _samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _json_lines(log: Path) -> list[dict[str, Any]]:
    lines = []
    for line in log.read_text().splitlines():
        if line.startswith("{"):
            lines.append(json.loads(line))
    return lines


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_bots_request_and_its_extraction_show_in_the_metrics_and_share_a_request_id_in_the_logs(
    tmp_path: Path, community: Community
) -> None:
    _, key = apikey_create(community=community, name="observed", scopes=ApiKeyScope.values)
    said = "I keep three beehives on the roof"
    sent_at = datetime.now(UTC) - timedelta(minutes=10)  # a batch whose talk is over: its window is due at once
    body = {
        "messages": [
            {
                "channel": "garden",
                "author": "ines_1",
                "content": said,
                "message_id": "m1",
                "sent_at": sent_at.isoformat(),
            },
            {
                "channel": "garden",
                "author": "ines_1",
                "content": "and two more at the allotment",
                "message_id": "m2",
                "sent_at": (sent_at + timedelta(seconds=20)).isoformat(),
            },
        ]
    }
    operation = {"user_id": "ines_1", "action": "save", "content": "Ines keeps bees", "kind": "fact"}
    with FakeOpenAI() as fake:
        fake.script_tool_call(TOOL_NAME, {"operations": [operation]})
        env = child_environment(var_dir=tmp_path, broker_url=settings.CELERY_BROKER_URL) | fake.environment()
        env |= {"MEMORYHUB_METRICS": "on", "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")}
        env |= {"MEMORYHUB_LOG_FORMAT": "json", "LOG_LEVEL": "INFO", "MEMORYHUB_EMBEDDINGS": "openai"}
        worker = celery_command("worker", "--concurrency=1", "--without-gossip", "--without-mingle", "--loglevel=INFO")
        with (
            running(worker, env=env, log=tmp_path / "worker.log"),
            gunicorn_serving(env=env, log=tmp_path / "web.log", workers=1) as base,
        ):
            request = urllib.request.Request(
                f"{base}/api/v1/messages",
                data=json.dumps(body).encode(),
                headers={
                    "Authorization": f"Bearer {key}",
                    "Content-Type": "application/json",
                    "X-Request-ID": "req-observed-1",
                },
            )
            with urllib.request.urlopen(request, timeout=30) as answer:
                assert answer.status == 202
                assert answer.headers["X-Request-ID"] == "req-observed-1"
            window = wait_until(
                lambda: ConversationWindow.objects.filter(
                    channel__community=community, state=ConversationWindowState.DONE
                ).first(),
                timeout=90,
            )
            # The MCP server's door, outside Django's middleware, is counted and answers the id too.
            tools = urllib.request.Request(
                f"{base}/mcp/",
                data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}).encode(),
                headers={
                    "Authorization": f"Bearer {key}",
                    "Content-Type": "application/json",
                    "Accept": "application/json, text/event-stream",
                    "X-Request-ID": "req-observed-2",
                },
            )
            with urllib.request.urlopen(tools, timeout=60) as answer:
                assert answer.status == 200
                assert answer.headers["X-Request-ID"] == "req-observed-2"
                assert "remember" in {tool["name"] for tool in json.loads(answer.read())["result"]["tools"]}
            with urllib.request.urlopen(f"{base}/metrics", timeout=30) as scrape:
                samples = _samples(scrape.read().decode())

    def value(name: str, **labels: str) -> float:
        return samples.get((name, frozenset(labels.items())), 0.0)

    assert value("memoryhub_http_requests_total", view="api-messages", method="POST", status="202") == 1
    assert value("memoryhub_http_request_seconds_count", view="api-messages") == 1
    assert value("memoryhub_http_requests_total", view="mcp", method="POST", status="200") == 1
    assert value("memoryhub_http_request_seconds_count", view="mcp") == 1
    assert value("memoryhub_windows", state="done") == 1
    assert value("memoryhub_extraction_seconds_count", outcome="done") == 1
    assert value("memoryhub_extraction_lag_seconds_count") == 1
    assert value("memoryhub_llm_calls_total", purpose="extraction", outcome="ok") == 1
    assert value("memoryhub_llm_tokens_total", purpose="extraction", kind="prompt") == window.prompt_tokens > 0
    assert value("memoryhub_llm_tokens_total", purpose="extraction", kind="completion") == window.completion_tokens
    assert value("memoryhub_memories", community=community.slug) == 1
    assert value("memoryhub_recall_entries", community=community.slug) == 2  # each line
    assert value("memoryhub_broker_up") == 1
    assert ("memoryhub_queue_depth", frozenset({("queue", settings.CELERY_TASK_DEFAULT_QUEUE)})) in samples

    enqueued = [line for line in _json_lines(tmp_path / "web.log") if line.get("event") == "task_enqueued"]
    assert [(line["child_task_name"], line["request_id"]) for line in enqueued] == [
        ("memories.extract_window", "req-observed-1")
    ]
    # The worker may also pick up tasks an earlier test of this process left in its queue: only the
    # task this request queued is looked at.
    (child,) = [line["child_task_id"] for line in enqueued]
    started = [line for line in _json_lines(tmp_path / "worker.log") if line.get("event") == "task_started"]
    assert [line["request_id"] for line in started if line["task_id"] == child] == ["req-observed-1"]
    for log in ("web.log", "worker.log"):
        written = (tmp_path / log).read_text()
        assert said not in written and key not in written and "Ines keeps bees" not in written
