"""How fast the API answers where a bot waits: over HTTP, against the server `make run` starts.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/api_latency.py
        [--workers 2] [--clients 4] [--client httpx] [--requests 1000] [--users 20000] [--regenerate]
        [--numbered-queries]

A script, not a test. Data set: context_latency's (1,000,000 memories of 20,000 people in 50
communities, real MiniLM vectors, the HNSW index present as in production), in its own database
``memoryhub_bench``, generated once and reused. The server is the Procfile's web process:
gunicorn with uvicorn workers (ASGI, its database pool on), ``--workers`` of them, on loopback;
the load comes from ``--clients`` processes forked from this one, on the same 2 cores, each with
one keep-alive connection: httpx by default (what a Python bot would use; about 1 ms of CPU a
request), or the standard library's http.client (``--client stdlib``; about a fifth of that), so
that less of the shared cores goes to the load generator; ``--client stdlib-close`` opens a
connection for every request instead (a bot or proxy that keeps none alive).

Timed, each as ``--requests`` requests spread over the clients after a warm-up:

* ``GET /healthz``: the floor — HTTP, ASGI, a pooled connection and one ``SELECT 1``;
* ``GET /api/v1/windows?page_size=1``: the floor plus authentication (the key's read, which takes
  its rate token) on a cheap read (one window);
* ``GET /api/v1/context`` for random (person, message) pairs: embedding the message, access
  recording on, as a bot calls it. The server keeps no query cache (``MEMORYHUB_QUERY_CACHE_SIZE=0``,
  as every benchmark server: ``benchmarks/support.py``), so every message is embedded, though the
  data set's few hundred chat messages recur. Until 2026-11-24 each query was made unique
  instead by a number appended to it (``--numbered-queries``: "how is Mochi doing? (1000123)"),
  which adds 4 to 5 tokens to messages of 11.6 on average and about 30 % to the embedding's work;
* ``POST /api/v1/memories/search`` for the same people;
* ``POST /api/v1/messages``: one message per request, and batches of 100 (messages/s).

Beside each, the same work in this process (no HTTP): ``assemble_context`` embedding the message
with recording on; embedding plus ``memories_ranked``; ``messages_ingest`` of one message and of
100. The difference is what the edge costs. A second table splits the machine's CPU per request
between the web server's processes, PostgreSQL's, the clients' and the rest (the kernel), and
shows how the clients' connections fell on the workers. Access
recording is undone afterwards and the benchmark's messages go to channels of their own.
Targets (4 clients on this 2-core machine): /context p95 ≤ 25 ms including embedding,
single-message ingest p95 ≤ 15 ms, batches ≥ 3,000 messages/s.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import collections
import http.client
import logging
import multiprocessing
import os
import random
import resource
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from json import dumps as json_dumps
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")
os.environ.setdefault("MEMORYHUB_QUERY_CACHE_SIZE", "0")  # the figures in process embed every query too

import django

django.setup()

import httpx
from django.utils import timezone

from accounts.models import ApiKeyScope, Community, ExternalIdentity
from accounts.services import apikey_create
from benchmarks.context_latency import (
    BENCH_DATABASE,
    SEED,
    Pair,
    access_restore,
    access_snapshot,
    chat_messages,
    dataset_generate,
    dataset_matches,
    dataset_size,
    hnsw_build,
    hnsw_present,
    pairs_pick,
    percentile,
)
from benchmarks.recall_dataset import LINES, recall_dataset_generate, recall_dataset_size, recall_storage
from benchmarks.support import (
    bench_database_use,
    bench_web_server,
    cpu_split,
    say,
    workers_rss_mb,
)
from chat.ingest import IngestItem, messages_ingest
from memories.selectors.people import person_display_name
from memories.selectors.ranking import memories_ranked
from memories.services.context import assemble_context, message_keywords
from memoryhub.ai.embeddings import embedder_get
from memoryhub.ai.minilm_quantize import processor_text
from tests.support.processes import connections_per_worker, free_port, procfile_command

logging.getLogger("httpx").setLevel(logging.WARNING)
PROJECT = Path(__file__).resolve().parent.parent


def dataset_ensure(*, users: int, lines: int, regenerate: bool) -> None:
    bench_database_use(BENCH_DATABASE)
    fresh = regenerate or not dataset_matches(users=users, per_user=50)
    if fresh:
        say(f"generating {users * 50:,} memories for {users:,} people into {BENCH_DATABASE}…")
        for phase, spent in dataset_generate(
            users=users, per_user=50, communities=50, pool_size=10_000, embedder=embedder_get()
        ).items():
            say(f"  {phase}: {spent:.1f} s")
    if not hnsw_present():
        say(f"  HNSW build: {hnsw_build():.1f} s")
    if fresh or recall_dataset_size() != lines:
        say(f"generating {lines:,} lines, indexed for recall, for the same people…")
        for phase, spent in recall_dataset_generate(lines=lines, pool_size=10_000, embedder=embedder_get()).items():
            say(f"  {phase}: {spent:.1f} s")
    for name, size in recall_storage().items():
        say(f"  {name}: {size:,.0f}")


def _message(run: str, n: int) -> dict[str, Any]:
    return {
        "channel": f"bench-api-{n % 20}",
        "author": f"bench-api-person-{n % 50}",
        "author_name": f"Person {n % 50}",
        "content": f"message {n}: I'm thinking about moving to Austin and I love hiking",
        "sent_at": datetime.now(UTC).isoformat(),
        "message_id": f"{run}-{n}",
    }


class BotCalls:
    """The timed requests' people (random (person, message) pairs of the data set), their platform
    ids and an API key per community, and the calls a bot makes for them."""

    def __init__(self, requests: int, *, numbered: bool = False) -> None:
        rng = random.Random(SEED + 5)  # noqa: S311 - reproducible data, not secrets
        messages = chat_messages(300, rng)
        vectors = {m: v.tolist() for m, v in zip(messages, embedder_get().embed(messages), strict=True)}
        self.pairs: list[Pair] = pairs_pick(requests, messages, vectors)
        self.numbered = numbered
        self.run = f"r{time.time():.0f}"  # the message ids of this run's messages
        users = [pair.user for pair in self.pairs]
        self.handles = dict(ExternalIdentity.objects.filter(user__in=users).values_list("user_id", "external_id"))
        self.keys = {
            community_id: apikey_create(
                community=Community.objects.get(pk=community_id),
                name=f"api latency {time.time():.0f}",
                scopes=list(ApiKeyScope.values),
            )[1]
            for community_id in {pair.community.pk for pair in self.pairs}
        }

    def query(self, pair: Pair, number: int) -> str:
        """The message of request ``number``: the pair's, as a bot sends it (no embedding comes from a
        cache: the benchmark's processes keep none), or numbered (``--numbered-queries``, a message of
        its own every time, as before 2026-11-24)."""
        return f"{pair.message} ({number})" if self.numbered else pair.message

    def auth(self, pair: Pair) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[pair.community.pk]}"}

    def context(self, http: Any, number: int) -> Any:
        pair = self.pairs[number % len(self.pairs)]
        params = {"user": self.handles[pair.user.pk], "query": self.query(pair, number)}
        return http.get("/api/v1/context", params=params, headers=self.auth(pair))

    def search(self, http: Any, number: int) -> Any:
        pair = self.pairs[number % len(self.pairs)]
        body = {"user": self.handles[pair.user.pk], "query": self.query(pair, number), "limit": 5}
        return http.post("/api/v1/memories/search", json=body, headers=self.auth(pair))

    def message(self, http: Any, number: int) -> Any:
        """One message (``POST /api/v1/messages``) in the first pair's community: 20 channels, 50
        people; message ``number`` of this run (a run of its own per instance: never a duplicate)."""
        return http.post("/api/v1/messages", json=_message(self.run, number), headers=self.auth(self.pairs[0]))

    def batch(self, http: Any, number: int) -> Any:
        """Batch ``number`` of 100 messages, as ``message`` sends them one by one."""
        messages = [_message(self.run + "b", number * 100 + index) for index in range(100)]
        return http.post("/api/v1/messages", json={"messages": messages}, headers=self.auth(self.pairs[0]))


class _Answer(NamedTuple):
    status_code: int
    text: str


class _StdlibClient:
    """One keep-alive connection from the standard library (http.client), with the two calls the
    requests below make of httpx: a lean client (about a fifth of httpx's CPU per request), so
    that less of the shared cores goes to the load itself."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)

    def get(self, path: str, *, params: dict[str, Any] | None = None, headers: dict[str, str] | None = None) -> _Answer:
        return self._send("GET", f"{path}?{urlencode(params)}" if params else path, None, headers or {})

    def post(self, path: str, *, json: Any, headers: dict[str, str] | None = None) -> _Answer:
        body = json_dumps(json).encode()
        return self._send("POST", path, body, {**(headers or {}), "Content-Type": "application/json"})

    # Extra headers on every request: none keeps the connection alive.
    every_request: dict[str, str] = {}

    def _send(self, method: str, target: str, body: bytes | None, headers: dict[str, str]) -> _Answer:
        self.connection.request(method, target, body, {**headers, **self.every_request})
        response = self.connection.getresponse()
        return _Answer(response.status, response.read().decode())

    def __enter__(self) -> _StdlibClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.close()


class _StdlibClosingClient(_StdlibClient):
    """A connection per request (``Connection: close``; http.client opens the next one), as a bot
    or proxy that keeps none alive: every request also waits for a worker to accept."""

    every_request = {"Connection": "close"}


def _httpx_client(base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=30)


CLIENTS: dict[str, Callable[[str], AbstractContextManager[Any]]] = {
    "httpx": _httpx_client,
    "stdlib": _StdlibClient,
    "stdlib-close": _StdlibClosingClient,
}
Request = Callable[[Any, int], Any]  # (client, number) -> its answer

LABELS = {
    "healthz": "`GET /healthz` (HTTP, ASGI, pooled connection, `SELECT 1`)",
    "windows": "`GET /api/v1/windows?page_size=1` (+ key and its rate token, one window)",
    "context": "`GET /api/v1/context` (embedding, recording on)",
    "search": "`POST /api/v1/memories/search`",
    "single": "`POST /api/v1/messages`, one message",
    "batch": "`POST /api/v1/messages`, 100 messages",
}


def drive(base: str, *, client: str, clients: int, count: int, request: Request) -> list[float]:
    """``count`` requests from ``clients`` processes of their own, as bots are (request ``i`` by
    ``request(http, i)``, ``http`` one of ``CLIENTS``): ms each. Processes, not threads: client
    threads of one process would wait for each other's GIL and add that wait to the figures."""
    global _job
    _job = (base, client, request)  # inherited by the forked clients; only their request numbers are sent
    shares = [range(index, count, clients) for index in range(clients)]
    with multiprocessing.get_context("fork").Pool(clients) as pool:
        parts = pool.map(_client, shares)
    return [milliseconds for part in parts for milliseconds in part]


_job: tuple[str, str, Request] | None = None


def _client(numbers: range) -> list[float]:
    assert _job is not None
    base, client, request = _job
    latencies = []
    with CLIENTS[client](base) as http:
        for number in numbers:
            started = time.perf_counter()
            response = request(http, number)
            elapsed = (time.perf_counter() - started) * 1000
            if response.status_code >= 400:
                raise SystemExit(f"request {number} answered {response.status_code}: {response.text[:300]}")
            latencies.append(elapsed)
    return latencies


def _children_cpu() -> float:
    """CPU seconds of this process's children that have ended (the client processes)."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


class Timed(NamedTuple):
    latencies: list[float]  # ms each
    seconds: float
    spent: dict[str, float]  # CPU ms per request: web, postgres, clients, machine; busy: the cores' share
    placements: list[tuple[int, ...]]  # the clients' connections per worker, read every fifth of a second


def drive_timed(server_pid: int, port: int, *, client: str, clients: int, count: int, request: Request) -> Timed:
    """``drive`` against the server ``server_pid`` listening on ``port``, with the machine's CPU per
    request split by process kind (``cpu_split`` and the ended client processes) and where the
    clients' connections sat on the workers while it ran."""
    placements: list[tuple[int, ...]] = []
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.2):
            if sum(counts := connections_per_worker(server_pid, port)) == clients:
                placements.append(tuple(counts))

    watcher = threading.Thread(target=watch)
    watcher.start()
    before, started = cpu_split(server_pid) | {"clients": _children_cpu()}, time.perf_counter()
    try:
        latencies = drive(f"http://127.0.0.1:{port}", client=client, clients=clients, count=count, request=request)
    finally:
        done.set()
        watcher.join()
    seconds = time.perf_counter() - started
    after = cpu_split(server_pid) | {"clients": _children_cpu()}  # the client processes have ended: counted
    spent = {kind: (after[kind] - before[kind]) * 1000 / count for kind in after}
    spent["busy"] = (after["machine"] - before["machine"]) / (seconds * (os.cpu_count() or 1))
    return Timed(latencies, seconds, spent, placements)


def in_process(count: int, call: Callable[[int], Any]) -> list[float]:
    timings = []
    for number in range(count):
        started = time.perf_counter()
        call(number)
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def row(label: str, over_http: list[float], here: list[float] | None, target: str = "") -> str:
    beside = f"{percentile(here, 0.95):.1f}" if here else ""
    edge = f"{percentile(over_http, 0.95) - percentile(here, 0.95):+.1f}" if here else ""
    return (
        f"| {label} | {len(over_http):,} | {percentile(over_http, 0.5):.1f} | {percentile(over_http, 0.95):.1f} "
        f"| {percentile(over_http, 0.99):.1f} | {beside} | {edge} | {target} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn (uvicorn) worker processes")
    parser.add_argument("--clients", type=int, default=4, help="concurrent clients (processes of their own)")
    parser.add_argument(
        "--client",
        choices=sorted(CLIENTS),
        default="httpx",
        help="the clients' HTTP library: httpx (as a Python bot would use), or the standard library's http.client "
        "(stdlib-close: a new connection for every request)",
    )
    parser.add_argument("--requests", type=int, default=1000, help="timed requests per measurement")
    parser.add_argument(
        "--warmup", type=int, default=200, help="untimed requests of each kind first (the servers' caches fill)"
    )
    parser.add_argument("--users", type=int, default=20_000, help="people in the data set (50 memories each)")
    parser.add_argument(
        "--lines", type=int, default=LINES, help="their lines indexed for recall (benchmarks/recall_dataset.py)"
    )
    parser.add_argument("--regenerate", action="store_true", help="generate the data set again")
    parser.add_argument(
        "--rss-requests", type=int, default=2000, help="/context requests between the two memory readings"
    )
    parser.add_argument(
        "--numbered-queries",
        action="store_true",
        help="a number appended to every /context and search query (the workload before 2026-11-24)",
    )
    options = parser.parse_args()

    dataset_ensure(users=options.users, lines=options.lines, regenerate=options.regenerate)
    embedder = embedder_get()
    calls = BotCalls(options.requests, numbered=options.numbered_queries)
    pairs = calls.pairs
    query_of, auth, context, search = calls.query, calls.auth, calls.context, calls.search
    snapshot = access_snapshot(pair.user.pk for pair in pairs)

    first = pairs[0]
    run = f"r{time.time():.0f}"

    def warm(request: Request) -> Request:
        return lambda http, number: request(http, number + 10**6)  # messages the timed runs do not send

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    results: dict[str, list[float]] = {}
    batch_seconds = 0.0
    cpu: dict[str, dict[str, float]] = {}
    placement: dict[str, list[int]] = {}
    rss_readings: list[list[float]] = []
    log = Path(tempfile.gettempdir()) / "memoryhub-api-latency-web.log"
    command = procfile_command("web", port=port, workers=options.workers)
    with bench_web_server(command, base=base, log=log) as server:
        clients, count = options.clients, options.requests
        say("warming up…")
        for request in (context, search, calls.message):
            drive(base, client=options.client, clients=clients, count=options.warmup, request=warm(request))
        say("timing over HTTP…")

        def timed(name: str, request: Request, count: int) -> float:
            """Drive ``count`` requests as ``name``: their latencies, CPU and placement kept. Seconds."""
            run = drive_timed(server.pid, port, client=options.client, clients=clients, count=count, request=request)
            results[name], cpu[name] = run.latencies, run.spent
            if run.placements:  # each client keeps one connection: it stays where it fell
                placement[name] = list(collections.Counter(run.placements).most_common(1)[0][0])
            return run.seconds

        timed("healthz", lambda http, _: http.get("/healthz"), count)
        timed(
            "windows", lambda http, _: http.get("/api/v1/windows", params={"page_size": 1}, headers=auth(first)), count
        )
        timed("context", context, count)
        timed("search", search, count)
        timed("single", calls.message, count)
        batch_seconds = timed("batch", calls.batch, max(count // 10, 20))
        # Twice N more: the first N fill the per-process query cache (bounded), the second show
        # whether anything else grows.
        rss_readings.append(workers_rss_mb(server.pid))
        for _ in range(2):
            say(f"{options.rss_requests} more /context requests for the workers' memory…")
            drive(base, client=options.client, clients=clients, count=options.rss_requests, request=warm(context))
            rss_readings.append(workers_rss_mb(server.pid))

    say("timing in process…")

    def assemble(number: int) -> Any:
        pair = pairs[number % len(pairs)]
        return assemble_context(
            community=pair.community,
            user=pair.user,
            persona=pair.persona,
            message=query_of(pair, number + 2 * 10**6),
            record_access=True,
        )

    def rank(number: int) -> Any:
        pair = pairs[number % len(pairs)]
        query = query_of(pair, number + 3 * 10**6)
        vector = embedder.embed_one(query).tolist()
        words = message_keywords(query)
        return memories_ranked(
            community=pair.community,
            user=pair.user,
            now=timezone.now(),
            text=" ".join(words),
            keywords=words,
            vector=vector,
            model_name=embedder.model_name,
            person_name=person_display_name(community=pair.community, user=pair.user),
        )

    def item(data: dict[str, Any]) -> IngestItem:
        return IngestItem(
            channel=data["channel"],
            author=data["author"],
            author_name=data["author_name"],
            content=data["content"],
            sent_at=datetime.fromisoformat(data["sent_at"]),
            message_id=data["message_id"],
        )

    here = {
        "context": in_process(options.requests, assemble),
        "search": in_process(options.requests, rank),
        "single": in_process(
            options.requests,
            lambda number: messages_ingest(community=first.community, items=[item(_message(run + "p", number))]),
        ),
        "batch": in_process(
            max(options.requests // 10, 20),
            lambda number: messages_ingest(
                community=first.community,
                items=[item(_message(run + "q", number * 100 + index)) for index in range(100)],
            ),
        ),
    }
    restored = access_restore(snapshot)
    say(f"access recording undone on {restored:,} memories")

    batches = len(results["batch"])
    rate = batches * 100 / batch_seconds if batch_seconds else 0.0
    print(
        f"## The API over HTTP: {options.workers} uvicorn workers under gunicorn (the Procfile's web process), "
        f"{options.clients} client processes ({options.client}) on the same machine ({os.cpu_count()} CPUs: "
        f"{processor_text()}), "
        f"{dataset_size()[1]:,} memories, HNSW present\n"
    )
    print("| request | requests | p50 ms | p95 ms | p99 ms | in process p95 ms | edge (p95 difference) | target |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    targets = {"context": "p95 ≤ 25 ms", "single": "p95 ≤ 15 ms"}
    for name, label in LABELS.items():
        print(row(label, results[name], here.get(name), targets.get(name, "")))
    print(f"\nBatches of 100: {rate:,.0f} messages/s over HTTP (target ≥ 3,000).")
    print(
        "\nWhere the machine's CPU went, per request (ms; a batch: per 100 messages): the web server's "
        f"processes, PostgreSQL's, the client processes ({options.client}) and the rest of the machine (the kernel "
        "and whatever else ran):\n"
    )
    print("| request | web server | PostgreSQL | clients | the rest | machine | cores busy | connections per worker |")
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    for name, label in LABELS.items():
        spent = cpu[name]
        rest = spent["machine"] - spent["web"] - spent["postgres"] - spent["clients"]
        print(
            f"| {label} | {spent['web']:.2f} | {spent['postgres']:.2f} | {spent['clients']:.2f} | {rest:.2f} "
            f"| {spent['machine']:.2f} | {spent['busy']:.0%} | {' · '.join(map(str, placement.get(name, []))) or '?'} |"
        )
    before, middle, after = (", ".join(f"{mb:.0f}" for mb in reading) for reading in rss_readings)
    print(
        f"Web workers' resident memory: {before} MB after the timed runs, {middle} MB after "
        f"{options.rss_requests:,} more /context requests, {after} MB after {options.rss_requests:,} more again "
        "(target ≤ 300 MB each, no growth)."
    )


if __name__ == "__main__":
    main()
