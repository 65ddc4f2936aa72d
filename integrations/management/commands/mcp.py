"""`manage.py mcp`: the MCP server over stdio, for an AI client that starts it as a subprocess.

The key comes from the environment (``MEMORYHUB_API_KEY``), checked at start-up: a missing or
refused key ends the command at once with the reason on stderr and a non-zero status. Each tool
call checks it again, so a key revoked meanwhile stops working at once.

Stdout carries the protocol and nothing else: the command writes to stderr, logging goes to
stderr, and while the server runs the SDK points the process's stdout at stderr, so that a
stray print cannot corrupt the wire.
"""

from __future__ import annotations

import os
import sys
from contextlib import redirect_stdout
from typing import Any

import anyio
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from integrations.mcp.server import InvalidKeyError, api_key_check, mcp_server

KEY_VARIABLE = "MEMORYHUB_API_KEY"


class Command(BaseCommand):
    help = f"Serve MemoryHub's MCP server over stdio, as the community of the API key in {KEY_VARIABLE}."

    def handle(self, *args: Any, **options: Any) -> None:
        raw_key = os.environ.get(KEY_VARIABLE, "").strip()
        if not raw_key:
            raise CommandError(
                f"Set {KEY_VARIABLE} to one of the community's API keys "
                "(manage.py apikey_create --community <slug> --scopes context,memories:read,memories:write)."
            )
        with redirect_stdout(sys.stderr):  # start-up writes nothing on the wire
            try:
                api_key = api_key_check(raw_key)
            except InvalidKeyError as error:
                raise CommandError(f"{KEY_VARIABLE} is refused: {error}") from error
            finally:
                connections.close_all()
            self.stderr.write(
                f"MemoryHub MCP server on stdio for community {api_key.community.slug!r} "
                f"(key {api_key.prefix}…, scopes {', '.join(api_key.scopes)})"
            )
            server = mcp_server(raw_key=raw_key)
        anyio.run(server.run_stdio_async)
