"""A load run that counts: two nodes under bots, context clients and browser users, then the rows.

    MEMORYHUB_VAR_DIR=/tmp/load-var CELERY_BROKER_URL=redis://127.0.0.1:6379/9 \\
        .venv/bin/python benchmarks/load.py [--seconds 300] [--bots 20] [--channels 200]
        [--context-clients 20] [--browser-users 2] [--max-requests 200000] [--drain-seconds 300]

A script, not a test. It makes a database of its own (``memoryhub_load``, made again each run) on
the configured server, and empties the Redis database ``CELERY_BROKER_URL`` names (required: the
two nodes share it, as two machines would).

Two "nodes", each as a machine would run the Procfile: a web server (gunicorn with one uvicorn
worker) and a Celery worker, with a ``MEMORYHUB_VAR_DIR`` of its own; they share only PostgreSQL
and Redis. Exactly one beat runs, beside node A. Extraction uses the offline engine (no LLM here).

The load, from asyncio tasks in this process over loopback, each actor on one keep-alive
connection to one node (actor i on node i mod 2, as a sticky load balancer would place it):

* ``--bots`` bots post into ``--channels`` channels (each bot its own share), each post a batch of
  1 to 3 lines from the channel's regulars, with pauses drawn around 2 s. A post that fails (an
  error status or no answer) is posted again, with the same message ids, until accepted;
* ``--context-clients`` clients ask ``POST /context`` for a regular of a channel, pausing about 1 s;
* ``--browser-users`` people signed in to the site chat with the persona: send a line, read the
  streamed reply to its end, pause about 8 s.

The community's windows close after 12 lines, 30 s of quiet or 120 s, so that conversations are
extracted during the run. After ``--seconds`` (or ``--max-requests``) the load stops and the run
waits, up to ``--drain-seconds``, until every window is extracted. Then it counts rows:

* every line a bot was told was accepted is stored, once, in exactly one window;
* no window was extracted twice: its model-made revisions number its applied operations;
* no memory was written twice for one operation (one window, person and text);
* every person's line in an extracted window has its recall entry, and the packs match them.

Prints a table (markdown) for ``docs/benchmarks.md`` and exits 1 when a count fails.
"""

# ruff: noqa: E402, S311 - the project's modules are imported once Django is set up; the load is seeded.
from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

import logging

import httpx
import redis
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from accounts.models import ApiKeyScope
from accounts.services import apikey_create, community_create, membership_set, user_create
from benchmarks.context_latency import percentile
from benchmarks.support import bench_database_drop, bench_database_url, bench_database_use, say
from chat.services import persona_create
from tests.support.memories import recall_packs_out_of_step
from tests.support.processes import free_port, http_get, procfile_command, running, wait_until

logging.getLogger("httpx").setLevel(logging.WARNING)
DATABASE = "memoryhub_load"
SEED = 45
PASSWORD = "load-run-Pass-2026"  # noqa: S105 - two throwaway accounts in the run's own database

# Our own lines, in the shapes people tell things about themselves, with small talk between.
FACTS = [
    "I just adopted a greyhound called {pet}.",
    "My sister lives in {city} now, she moved last spring.",
    "I work as a {job} at a small firm downtown.",
    "I'm learning to play the {instrument}, it's harder than it looks.",
    "We're going to {city} for a week in March.",
    "I'm allergic to {food}, so I always check the menu.",
    "My favourite board game is {game}.",
    "I started running again, aiming for a half marathon in {city}.",
    "My daughter {pet} turned six on Sunday.",
    "I grew up near {city} but left for university.",
]
SMALL_TALK = [
    "haha same",
    "did anyone watch the match last night?",
    "that sounds great!",
    "brb, dinner",
    "anyone up for a game later?",
    "good morning all",
    "lol no way",
    "thanks for the tip",
    "what did you think of the new patch?",
]
FILLS = {
    "pet": ["Biscuit", "Pepper", "Nova", "Ziggy", "Maple", "Otis"],
    "city": ["Porto", "Leeds", "Kraków", "Valencia", "Osaka", "Tallinn"],
    "job": ["nurse", "carpenter", "data analyst", "chef", "teacher", "pilot"],
    "instrument": ["cello", "banjo", "piano", "trumpet", "harp"],
    "food": ["peanuts", "shellfish", "kiwi", "sesame"],
    "game": ["Catan", "Azul", "Carcassonne", "Wingspan"],
}
QUESTIONS = [
    "what should I cook tonight?",
    "any ideas for my holiday?",
    "how is my pet doing?",
    "remind me what I do for work",
    "where does my sister live?",
]
BROWSER_LINES = [
    "Hi! I'm a {job} and I live in {city}.",
    "I have a cat called {pet}.",
    "Any tips for a trip to {city}?",
    "What do you remember about me?",
]


def line(rng: random.Random, templates: list[str]) -> str:
    return rng.choice(templates).format(**{key: rng.choice(values) for key, values in FILLS.items()})


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    reasons: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # "kind: status or exception"
    accepted: set[tuple[str, str]] = field(default_factory=set)  # (channel, message id)
    requests: int = 0

    def record(self, kind: str, started: float, ok: bool, reason: str = "") -> None:
        self.requests += 1
        if ok:
            self.latencies[kind].append((time.monotonic() - started) * 1000)
        else:
            self.errors[kind] += 1
            self.reasons[f"{kind}: {reason}"] += 1


@dataclass
class Run:
    nodes: list[str]
    key: str
    persona: int
    channels: list[str]
    regulars: dict[str, list[str]]
    deadline: float
    max_requests: int
    stats: Stats = field(default_factory=Stats)

    def going(self) -> bool:
        return time.monotonic() < self.deadline and self.stats.requests < self.max_requests

    async def pause(self, rng: random.Random, mean: float) -> None:
        await asyncio.sleep(min(rng.expovariate(1 / mean), 4 * mean, max(0.0, self.deadline - time.monotonic())))


async def bot(run: Run, index: int, channels: list[str]) -> None:
    rng = random.Random(SEED * 1000 + index)
    base = run.nodes[index % len(run.nodes)]
    headers = {"Authorization": f"Bearer {run.key}"}
    sequence = 0
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        while run.going():
            channel = rng.choice(channels)
            batch = []
            for _ in range(rng.randint(1, 3)):
                sequence += 1
                author = rng.choice(run.regulars[channel])
                text = line(rng, FACTS) if rng.random() < 0.4 else rng.choice(SMALL_TALK)
                batch.append(
                    {
                        "channel": channel,
                        "message_id": f"b{index}-{sequence}",
                        "author": author,
                        "author_name": author.replace("_", " ").title(),
                        "content": text,
                        "sent_at": datetime.now(UTC).isoformat(),
                    }
                )
            for attempt in range(20):  # the same ids again until accepted: posting is idempotent
                started = time.monotonic()
                try:
                    response = await client.post("/api/v1/messages", json={"messages": batch})
                    ok, reason = response.status_code == 202, str(response.status_code)
                except httpx.HTTPError as error:
                    ok, reason = False, type(error).__name__
                run.stats.record("POST /messages", started, ok, reason)
                if ok:
                    run.stats.accepted.update((item["channel"], item["message_id"]) for item in batch)
                    break
                await asyncio.sleep(min(0.5 * 2**attempt, 5))
            await run.pause(rng, 2.0)


async def context_client(run: Run, index: int) -> None:
    rng = random.Random(SEED * 2000 + index)
    base = run.nodes[index % len(run.nodes)]
    headers = {"Authorization": f"Bearer {run.key}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        while run.going():
            channel = rng.choice(run.channels)
            body = {"user": rng.choice(run.regulars[channel]), "channel": channel, "query": rng.choice(QUESTIONS)}
            started = time.monotonic()
            try:
                answer = (await client.post("/api/v1/context", json=body)).status_code
                ok, reason = answer == 200, str(answer)
            except httpx.HTTPError as error:
                ok, reason = False, type(error).__name__
            run.stats.record("POST /context", started, ok, reason)
            await run.pause(rng, 1.0)


async def browser_user(run: Run, index: int) -> None:
    rng = random.Random(SEED * 3000 + index)
    base = run.nodes[index % len(run.nodes)]
    async with httpx.AsyncClient(base_url=base, timeout=60, follow_redirects=True) as client:
        await client.get("/accounts/login/")
        login = await client.post(
            "/accounts/login/",
            data={"username": f"reader{index}", "password": PASSWORD, "next": "/chat/"},
            headers={"X-CSRFToken": client.cookies["csrftoken"], "Referer": f"{base}/accounts/login/"},
        )
        if "sessionid" not in client.cookies:
            raise SystemExit(f"browser user {index} could not sign in ({login.status_code})")
        page = f"/chat/{run.persona}/"
        await client.get(page)
        while run.going():
            started = time.monotonic()
            try:
                sent = await client.post(
                    f"{page}send",
                    data={"text": line(rng, BROWSER_LINES)},
                    headers={
                        "X-CSRFToken": client.cookies["csrftoken"],
                        "HX-Request": "true",
                        "Referer": f"{base}{page}",
                    },
                )
                stream = re.search(r'sse-connect="([^"]+)"', sent.text)
                ok, reason = sent.status_code == 200 and stream is not None, str(sent.status_code)
            except httpx.HTTPError as error:
                ok, stream, reason = False, None, type(error).__name__
            run.stats.record("chat: send", started, ok, reason)
            if stream is not None:
                started = time.monotonic()
                try:
                    async with client.stream("GET", stream.group(1)) as reply:
                        body = "".join([chunk async for chunk in reply.aiter_text()])
                    ok = reply.status_code == 200 and "event: done" in body and "event: error" not in body
                    reason = f"{reply.status_code}, {'an error event' if 'event: error' in body else 'no end'}"
                except httpx.HTTPError as error:
                    ok, reason = False, type(error).__name__
                run.stats.record("chat: reply streamed", started, ok, reason)
            await run.pause(rng, 8.0)


async def load(run: Run, bots: int, clients: int, browsers: int) -> None:
    per_bot = max(1, len(run.channels) // bots)
    tasks = [bot(run, i, run.channels[i * per_bot : (i + 1) * per_bot]) for i in range(bots)]
    tasks += [context_client(run, i) for i in range(clients)]
    tasks += [browser_user(run, i) for i in range(browsers)]
    await asyncio.gather(*tasks)


def seed(channels: int, browsers: int) -> tuple[str, int, list[str], dict[str, list[str]]]:
    """The community (windows of 12 lines, 30 s quiet, 120 s at most), its persona, a key, the
    signed-in people, and each channel's six regulars out of 400 people."""
    community = community_create(
        name="Load", slug="load", window_quiet_seconds=30, window_max_messages=12, window_max_seconds=120
    )
    persona = persona_create(community=community, name="Mira", system_prompt="You are Mira, a friendly guide.")
    _key, raw = apikey_create(
        community=community, name="load", scopes=[ApiKeyScope.INGEST, ApiKeyScope.CONTEXT, ApiKeyScope.CHAT]
    )
    for index in range(browsers):
        user = user_create(username=f"reader{index}", password=PASSWORD, display_name=f"Reader {index}")
        membership_set(user=user, community=community)
    rng = random.Random(SEED)
    people = [f"person_{n:03d}" for n in range(400)]
    names = [f"room-{n:03d}" for n in range(channels)]
    return raw, persona.pk, names, {name: rng.sample(people, 6) for name in names}


@contextlib.contextmanager
def node_processes(name: str, *, env: dict[str, str], logs: Path, beat: bool) -> Iterator[str]:
    """A node: the Procfile's web server (one worker) and worker, its own var dir; and the beat."""
    port = free_port()
    var = Path(tempfile.mkdtemp(prefix=f"load-node-{name}-"))
    environment = env | {"MEMORYHUB_VAR_DIR": str(var)}
    commands = {"web": procfile_command("web", port=port, workers=1), "worker": procfile_command("worker", port=port)}
    if beat:
        commands["beat"] = procfile_command("beat", port=port)
    with contextlib.ExitStack() as processes:
        for kind, command in commands.items():
            processes.enter_context(running(command, env=environment, log=logs / f"{name}-{kind}.log"))
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: http_get(f"{base}/healthz")[0] == 200, timeout=120)
        yield base


def windows_by_state() -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT state, count(*) FROM chat_conversationwindow GROUP BY state")
        return dict(cursor.fetchall())


def drain(seconds: float) -> float:
    """Wait until no window is open, due or being extracted; returns the seconds it took."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        states = windows_by_state()
        if not any(states.get(state) for state in ("open", "due", "extracting")):
            break
        time.sleep(2)
    return time.monotonic() - started


COUNTS = {
    "lines accepted but not stored": """
        SELECT count(*) FROM unnest(%(channels)s::text[], %(ids)s::text[]) AS a(channel, id)
        WHERE NOT EXISTS (SELECT 1 FROM chat_message m JOIN chat_channel ch ON ch.id = m.channel_id
                          WHERE ch.external_id = a.channel AND m.external_id = a.id)""",
    "lines stored twice": """
        SELECT count(*) FROM (SELECT 1 FROM chat_message WHERE external_id IS NOT NULL
                              GROUP BY channel_id, external_id HAVING count(*) > 1) AS twice""",
    "lines in no window": "SELECT count(*) FROM chat_message WHERE role = 'user' AND window_id IS NULL",
    "windows extracted twice (revisions beyond operations)": """
        SELECT count(*) FROM chat_conversationwindow w
        WHERE w.state = 'done' AND (SELECT count(*) FROM memories_memoryrevision r
                                    WHERE r.window_id = w.id AND r.actor = 'llm') > w.operations_applied""",
    "memories written twice for one operation": """
        SELECT count(*) FROM (SELECT 1 FROM memories_memoryrevision
                              WHERE actor = 'llm' AND action = 'created' AND window_id IS NOT NULL
                              GROUP BY window_id, subject_id, after->>'content' HAVING count(*) > 1) AS twice""",
    "people's lines in extracted windows without a recall entry": """
        SELECT count(*) FROM chat_message m JOIN chat_conversationwindow w ON w.id = m.window_id
        WHERE w.state = 'done' AND m.role = 'user' AND m.author_id IS NOT NULL AND btrim(m.content) <> ''
          AND NOT EXISTS (SELECT 1 FROM memories_recallentry e WHERE e.message_id = m.id)""",
}


def counts(accepted: set[tuple[str, str]]) -> dict[str, int]:
    channels, ids = zip(*sorted(accepted), strict=True) if accepted else ((), ())
    found = {}
    with connection.cursor() as cursor:
        for name, query in COUNTS.items():
            cursor.execute(query, {"channels": list(channels), "ids": list(ids)})
            found[name] = cursor.fetchone()[0]
    found["recall packs out of step with their entries"] = len(recall_packs_out_of_step())
    return found


def lags() -> list[float]:
    """Seconds from each extracted window becoming due to its extraction. A window becomes due at
    its 12th line (closed then), or when it went quiet or outlived 120 s (whichever came first)."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            SELECT extract(epoch FROM w.extracted_at - CASE
                WHEN w.close_reason IN ('max_messages', 'manual', 'session_end') THEN w.closed_at
                ELSE least(w.last_message_at + make_interval(secs => c.window_quiet_seconds),
                           w.first_message_at + make_interval(secs => c.window_max_seconds)) END)
            FROM chat_conversationwindow w JOIN chat_channel ch ON ch.id = w.channel_id
            JOIN accounts_community c ON c.id = ch.community_id
            WHERE w.state = 'done'
            """
        )
        return sorted(float(row[0]) for row in cursor.fetchall())


def table(stats: Stats, seconds: float, windows: dict[str, int], lag: list[float], drained: float) -> str:
    rows = [
        "| request | count | per s | p50 ms | p95 ms | p99 ms | errors |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for kind in sorted(set(stats.latencies) | set(stats.errors)):
        times = sorted(stats.latencies[kind])
        total = len(times) + stats.errors[kind]
        cells = [f"{percentile(times, p):.1f}" if times else "-" for p in (0.50, 0.95, 0.99)]
        rows.append(f"| {kind} | {total:,} | {total / seconds:.1f} | {' | '.join(cells)} | {stats.errors[kind]} |")
    total = sum(len(v) for v in stats.latencies.values()) + sum(stats.errors.values())
    errors = sum(stats.errors.values())
    rows.append(f"| all | {total:,} | {total / seconds:.1f} | | | | {errors} ({100 * errors / max(total, 1):.2f} %) |")
    if stats.reasons:
        rows += ["", "Errors: " + "; ".join(f"{reason}: {n}" for reason, n in sorted(stats.reasons.items())) + "."]
    rows += [
        "",
        f"Lines accepted: {len(stats.accepted):,} ({len(stats.accepted) / seconds:.1f}/s). "
        f"Windows: {', '.join(f'{state} {n:,}' for state, n in sorted(windows.items()))}; "
        f"drained {drained:.0f} s after the load stopped.",
    ]
    if lag:
        rows.append(
            f"Lag from due to extracted: p50 {percentile(lag, 0.50):.1f} s, p95 {percentile(lag, 0.95):.1f} s, "
            f"max {lag[-1]:.1f} s."
        )
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=300)
    parser.add_argument("--bots", type=int, default=20)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--context-clients", type=int, default=20)
    parser.add_argument("--browser-users", type=int, default=2)
    parser.add_argument("--max-requests", type=int, default=200_000)
    parser.add_argument("--drain-seconds", type=float, default=300)
    args = parser.parse_args()
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis://"):
        raise SystemExit("set CELERY_BROKER_URL=redis://127.0.0.1:6379/N: the two nodes share a Redis broker")
    redis.Redis.from_url(broker).flushdb()

    call_command("prepare_embeddings", verbosity=0)
    bench_database_drop(DATABASE)
    bench_database_use(DATABASE)
    key, persona, channels, regulars = seed(args.channels, args.browser_users)
    env = dict(os.environ) | {
        "DATABASE_URL": bench_database_url(),
        "CELERY_BROKER_URL": broker,
        "MEMORYHUB_MODELS_DIR": str(settings.MEMORYHUB_MODELS_DIR),
        "MEMORYHUB_API_RATE": "1000000/min",
    }
    logs = Path(tempfile.mkdtemp(prefix="load-logs-"))
    say(f"logs in {logs}")
    with (
        node_processes("a", env=env, logs=logs, beat=True) as a,
        node_processes("b", env=env, logs=logs, beat=False) as b,
    ):
        run = Run(
            nodes=[a, b],
            key=key,
            persona=persona,
            channels=channels,
            regulars=regulars,
            deadline=time.monotonic() + args.seconds,
            max_requests=args.max_requests,
        )
        say(f"load for {args.seconds:.0f} s on {a} and {b}")
        started = time.monotonic()
        asyncio.run(load(run, args.bots, args.context_clients, args.browser_users))
        seconds = time.monotonic() - started
        say(f"load done; draining (windows: {windows_by_state()})")
        drained = drain(args.drain_seconds)
    windows = windows_by_state()
    found = counts(run.stats.accepted)
    print(table(run.stats, seconds, windows, lags(), drained))
    print()
    print("| count that must be 0 | found |\n|---|---:|")
    for name, value in found.items():
        print(f"| {name} | {value} |")
    left = sum(windows.get(state, 0) for state in ("open", "due", "extracting", "failed"))
    if left:
        print(f"\n{left} windows not extracted at the end (see the table above).")
    return 1 if any(found.values()) or left else 0


if __name__ == "__main__":
    sys.exit(main())
