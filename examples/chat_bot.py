"""A tiny community bot for MemoryHub: it forwards every message of a channel and, when someone
talks to it, asks MemoryHub for the memory context and a reply.

It reads the channel from standard input, one message a line, as ``name: text`` (a stand-in for
a Discord or Slack gateway: swap `lines()` for your platform's event loop). Run it against
`make run` with the demo key that `make run` printed:

    MEMORYHUB_API_KEY=mh_… .venv/bin/python examples/chat_bot.py
    alice: I'm moving to Austin next month!
    bob: nice, when?
    alice: @mira any tips for the move?

Written on the Python client in clients/python (`pip install ./clients/python`; run from a
checkout, the bot finds it there by itself). Environment: MEMORYHUB_URL (default
http://127.0.0.1:8000), MEMORYHUB_API_KEY (a key with the ingest, context and chat scopes),
BOT_CHANNEL (default "general"), BOT_PERSONA (default Mira, the demo's first persona: the bot
answers messages that mention @name, in any case).
"""

from __future__ import annotations

import itertools
import os
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

try:
    import memoryhub_client  # noqa: F401  # installed with pip
except ImportError:  # run from a checkout: the client's sources sit next to this folder
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "clients" / "python" / "src"))

from memoryhub_client import MemoryHub, MemoryHubError

DEFAULT_PERSONA = "Mira"


def lines() -> Iterator[tuple[str, str]]:
    for raw in sys.stdin:
        author, _, text = raw.partition(":")
        if text.strip():
            yield author.strip().lower(), text.strip()


def answer(hub: MemoryHub, *, channel: str, persona: str, author: str, text: str) -> None:
    try:
        reply = hub.chat(user=author, user_name=author.title(), message=text, channel=channel, persona=persona)
    except MemoryHubError as error:
        print(f"[memoryhub] {error.status}: {error.detail}", file=sys.stderr)
        return
    recalled = "; ".join(m.content for m in reply.memories) or "nothing yet"
    print(f"{persona.lower()}: {reply.reply}")
    print(f"   (remembered: {recalled})")
    sys.stdout.flush()


def main() -> int:
    if not os.environ.get("MEMORYHUB_API_KEY"):
        print("Set MEMORYHUB_API_KEY (make run prints the demo key once).", file=sys.stderr)
        return 2
    channel = os.environ.get("BOT_CHANNEL", "general")
    persona = os.environ.get("BOT_PERSONA") or DEFAULT_PERSONA
    addressed = re.compile(rf"@{re.escape(persona)}\b", re.IGNORECASE)
    ids = itertools.count(int(datetime.now(UTC).timestamp() * 1000))
    with MemoryHub(timeout=30) as hub:  # MEMORYHUB_URL and MEMORYHUB_API_KEY
        for author, text in lines():
            if addressed.search(text):
                # Talking to the bot: /chat stores the question and the reply in the channel itself.
                answer(hub, channel=channel, persona=persona, author=author, text=addressed.sub("", text).strip())
                continue
            try:
                hub.message_post(
                    channel=channel,
                    author=author,
                    author_name=author.title(),
                    content=text,
                    sent_at=datetime.now(UTC),
                    message_id=f"cli-{next(ids)}",  # the platform's message id: retries never duplicate
                )
            except MemoryHubError as error:
                print(f"[memoryhub] {error.status}: {error.detail}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
