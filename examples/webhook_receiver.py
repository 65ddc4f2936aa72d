"""A webhook receiver for MemoryHub: it verifies each request's signature, drops a delivery it
already took, and prints each event as one line of JSON.

Add an endpoint in the moderation pages (Moderation, your community, Webhooks) pointing at
where this runs, and start it with the endpoint's secret:

    WEBHOOK_SECRET=whsec_… PORT=8080 .venv/bin/python examples/webhook_receiver.py

It listens on 127.0.0.1: put it behind your TLS proxy (or set MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE on
a MemoryHub of your own to try it on one machine). Needs only the `standardwebhooks` package
(installed with MemoryHub). Each request carries three headers: ``webhook-id`` (the same on every
attempt of one delivery), ``webhook-timestamp`` and ``webhook-signature`` (HMAC-SHA256 of
``id.timestamp.body`` with the secret); the library checks them, and refuses a timestamp more
than five minutes off (a replay).
"""

from __future__ import annotations

import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError

SECRET = Webhook(os.environ["WEBHOOK_SECRET"])
seen: set[str] = set()  # a real receiver keeps these in its database, for a day or so


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            event = SECRET.verify(body, dict(self.headers.items()))
        except WebhookVerificationError as error:
            self._answer(401, f"bad signature: {error}")
            return
        delivery = self.headers["webhook-id"]
        if delivery not in seen:  # a retry, or a Resend, of one we took: say yes, do nothing
            seen.add(delivery)
            handle(event)
        self._answer(204)

    def _answer(self, status: int, reason: str = "") -> None:
        payload = reason.encode()
        self.send_response(status)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, format: str, *args: object) -> None:
        pass  # stdout is for the events


def handle(event: dict[str, object]) -> None:
    """Your code: ``event["type"]`` is e.g. ``memory.created``, ``event["data"]`` its ids."""
    print(json.dumps({"type": event["type"], "data": event["data"]}), flush=True)


def main() -> None:
    port = int(os.environ.get("PORT", "8080"))
    server = ThreadingHTTPServer(("127.0.0.1", port), Receiver)
    print(f"listening on http://127.0.0.1:{port}/", file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
