"""Message ingest through the REST API under a real server: a script, not a test.

    .venv/bin/python benchmarks/ingest_throughput.py [--workers 2] [--clients 4] [--seconds 15]

Starts gunicorn (the production web server) on 127.0.0.1 against a database of its own
(``memoryhub_bench_ingest`` on the configured server), then measures with concurrent clients
on loopback:

* batched: each client posts batches of 100 messages (20 channels, 50 people) → messages/s;
* single: each client posts one message per request → p50/p95/p99 latency in ms.

The load generator (Python threads with httpx) runs on the same 2 cores as the server, so the
figures are conservative. Extraction is queued as windows fill (every 30 messages) into a
broker folder of the benchmark's own that no worker reads. Targets (PRODUCT.md §6):
≥ 2,000 messages/s batched, p95 ≤ 20 ms for a single message.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

import logging

import httpx

logging.getLogger("httpx").setLevel(logging.WARNING)

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create, community_create
from benchmarks.support import bench_database_use, bench_web_server, say
from tests.support.processes import free_port

DATABASE = "memoryhub_bench_ingest"
PROJECT = Path(__file__).resolve().parent.parent
_sequence = itertools.count()
_lock = threading.Lock()


def _next_id() -> int:
    with _lock:
        return next(_sequence)


def _message(run: str) -> dict[str, Any]:
    n = _next_id()
    return {
        "channel": f"bench-{n % 20}",
        "author": f"person-{n % 50}",
        "author_name": f"Person {n % 50}",
        "content": f"message {n}: I'm thinking about moving to Austin and I love hiking",
        "sent_at": datetime.now(UTC).isoformat(),
        "message_id": f"{run}-{n}",
    }


def _drive(base: str, key: str, *, clients: int, seconds: float, batch: int, run: str) -> tuple[int, list[float]]:
    """Post for ``seconds`` from ``clients`` threads; (messages stored, request latencies in ms)."""
    stop = time.perf_counter() + seconds
    latencies: list[float] = []
    stored = [0]

    def client() -> None:
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=30) as http:
            while time.perf_counter() < stop:
                body: Any = {"messages": [_message(run) for _ in range(batch)]} if batch > 1 else _message(run)
                started = time.perf_counter()
                response = http.post("/api/v1/messages", json=body)
                elapsed = (time.perf_counter() - started) * 1000
                if response.status_code != 202:
                    raise SystemExit(f"ingest answered {response.status_code}: {response.text[:300]}")
                with _lock:
                    latencies.append(elapsed)
                    stored[0] += response.json()["accepted"]

    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(client) for _ in range(clients)]:
            future.result()
    return stored[0], latencies


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--clients", type=int, default=4, help="concurrent client threads")
    parser.add_argument("--seconds", type=float, default=15.0, help="duration of each measurement")
    options = parser.parse_args()

    bench_database_use(DATABASE)
    community = Community.objects.filter(slug="bench-ingest").first() or community_create(
        name="Ingest benchmark", slug="bench-ingest"
    )
    _, key = apikey_create(community=community, name=f"bench {time.time():.0f}", scopes=[ApiKeyScope.INGEST])
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "memoryhub.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(options.workers),
        "--no-control-socket",
        "--log-level",
        "warning",
    ]
    log = Path(tempfile.gettempdir()) / "memoryhub-ingest-web.log"
    with bench_web_server(command, base=base, log=log):
        run = f"r{time.time():.0f}"
        _drive(base, key, clients=options.clients, seconds=2, batch=100, run=run + "w")  # warm up
        say("batched…")
        started = time.perf_counter()
        stored, batch_latencies = _drive(
            base, key, clients=options.clients, seconds=options.seconds, batch=100, run=run + "b"
        )
        rate = stored / (time.perf_counter() - started)
        say("single…")
        _, single = _drive(base, key, clients=options.clients, seconds=options.seconds, batch=1, run=run + "s")

    print(
        f"gunicorn workers {options.workers}, {options.clients} client threads on the same machine, "
        f"{options.seconds:.0f} s per measurement\n"
    )
    print("| measurement | requests | result | target |")
    print("|---|---:|---:|---|")
    print(
        f"| batches of 100 | {len(batch_latencies)} | {rate:,.0f} messages/s "
        f"(p95 {_percentile(batch_latencies, 0.95):.0f} ms per batch) | ≥ 2,000 messages/s |"
    )
    print(f"| single message, p50 | {len(single)} | {statistics.median(single):.1f} ms | |")
    print(f"| single message, p95 | {len(single)} | {_percentile(single, 0.95):.1f} ms | ≤ 20 ms |")
    print(f"| single message, p99 | {len(single)} | {_percentile(single, 0.99):.1f} ms | |")


if __name__ == "__main__":
    main()
