"""Webhooks sent by a real Celery worker to a real receiver: the dispatcher's task fans the outbox
out, the worker posts, a 500 is retried after its back-off (short here) with the same webhook-id
and a fresh signature, and the 200 that follows ends it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from standardwebhooks import Webhook

from accounts.models import Community
from accounts.services import identity_resolve
from integrations.models import WebhookDelivery
from integrations.services.webhook_endpoints import webhook_endpoint_create
from integrations.tasks import dispatch_webhooks
from tests.support.memories import remember
from tests.support.processes import celery_command, child_environment, queue_purge, running, wait_until
from tests.support.webhook_receiver import WebhookReceiver

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

WORKER_SETTINGS = {"MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE": "true", "MEMORYHUB_WEBHOOKS_RETRY_SECONDS": "0.2"}


@pytest.fixture(scope="module")
def webhook_worker(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Path]:
    """A real worker on this process's broker and queue, its webhooks allowed on loopback. The
    queue starts empty: the test reads every task the worker ran as its own."""
    folder = tmp_path_factory.mktemp("worker")
    command = celery_command("worker", "--pool=solo", "--without-gossip", "--without-mingle", "--loglevel=INFO")
    with django_db_blocker.unblock():
        queue_purge()
        env = child_environment(var_dir=Path(django_settings.VAR_DIR), broker_url=django_settings.CELERY_BROKER_URL)
        with running(command, env=env | WORKER_SETTINGS, log=folder / "worker.log"):
            yield folder / "worker.log"


def test_a_worker_delivers_an_event_retrying_after_a_500_with_the_same_webhook_id(
    webhook_worker: Path, community: Community, settings: Any
) -> None:
    settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = True  # the receiver is on loopback
    olga = identity_resolve(community=community, external_id="olga_42", display_name="Olga")
    with WebhookReceiver() as receiver:
        receiver.answer(500)
        # A receiver that takes its token in the query string: the worker's log never shows it.
        url = f"{receiver.url}?token=planted-token-51f0"
        endpoint = webhook_endpoint_create(community=community, url=url, events=["memory.created"])
        memory = remember(community, olga, "Olga keeps bees on her roof")

        dispatch_webhooks.delay()  # as beat sends it every 5 s

        delivered = wait_until(
            lambda: WebhookDelivery.objects.filter(status=WebhookDelivery.Status.DELIVERED).first(), timeout=90
        )

    assert (delivered.attempts, delivered.response_code, delivered.error) == (2, 200, "")
    failed, accepted = receiver.requests
    assert failed.headers["webhook-id"] == accepted.headers["webhook-id"] == delivered.message_id
    assert failed.path == accepted.path == "/hooks?token=planted-token-51f0"
    log = webhook_worker.read_text()
    assert "planted-token-51f0" not in log
    # The dispatcher's run leaves what it did, named by its task, not its coming and going
    # (memoryhub/logs.py); a delivery's task is no sweep, and comes and goes in the log.
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    said = {line["event"].split(",")[0]: line.get("task") for line in lines}
    assert said["webhooks: 1 events fanned out"] == "integrations.dispatch_webhooks"
    assert "Task integrations.dispatch_webhooks[" not in log  # Celery's "received" and "succeeded"
    comings_and_goings = {
        line.get("child_task_name") or line.get("task")  # a task sent from a task: the one sent
        for line in lines
        if line["event"] in ("task_enqueued", "task_started", "task_succeeded")
    }
    assert comings_and_goings == {"integrations.send_webhook"}
    for request in (failed, accepted):
        body = Webhook(endpoint.secret).verify(request.body, request.headers)
        assert body["data"] == {"community": "gamers", "user": "olga_42", "memory": memory.pk}
        assert "bees" not in json.dumps(body)
