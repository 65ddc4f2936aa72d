"""examples/webhook_receiver.py takes what MemoryHub sends, and refuses what it did not sign."""

from __future__ import annotations

import json
import socket
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from accounts.models import Community
from accounts.services import identity_resolve
from integrations.models import WebhookDelivery
from integrations.services.webhook_deliveries import webhook_delivery_attempt, webhooks_dispatch
from integrations.services.webhook_endpoints import webhook_endpoint_create
from tests.support.memories import remember
from tests.support.processes import free_port, running, wait_until

pytestmark = pytest.mark.django_db


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def test_the_example_receiver_takes_a_signed_delivery_once_and_refuses_a_forged_one(
    community: Community, tmp_path: Path, settings: Any
) -> None:
    settings.MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = True
    port = free_port()
    endpoint = webhook_endpoint_create(community=community, url=f"http://127.0.0.1:{port}/", events=["memory.created"])
    olga = identity_resolve(community=community, external_id="olga_42", display_name="Olga")
    memory = remember(community, olga, "Olga keeps bees on her roof")
    webhooks_dispatch()
    delivery = WebhookDelivery.objects.get()
    log = tmp_path / "receiver.log"
    command = [sys.executable, "examples/webhook_receiver.py"]
    with running(command, env={"WEBHOOK_SECRET": endpoint.secret, "PORT": str(port)}, log=log):
        wait_until(lambda: _listening(port), timeout=30, interval=0.05)

        outcome = webhook_delivery_attempt(delivery_id=delivery.pk, attempt=0)
        forged = httpx.post(
            f"http://127.0.0.1:{port}/",
            content=b'{"type":"memory.deleted","data":{}}',
            headers={"webhook-id": "msg_x", "webhook-timestamp": str(int(time.time())), "webhook-signature": "v1,AAAA"},
        )

    assert outcome is not None and outcome.code == 204
    assert forged.status_code == 401
    printed = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    assert printed == [
        {"type": "memory.created", "data": {"community": "gamers", "user": "olga_42", "memory": memory.pk}}
    ]
