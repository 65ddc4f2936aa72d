"""What writing one memory costs: SQL statements and p50 / p95 per ``memory_create``; a script, not a test.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/memory_write.py
        [--memories 500] [--warmup 50] [--database memoryhub_bench_write] [--show-statements]

It never touches the development database: everything lives in its own database (``--database``),
created if missing on the server the settings point at and migrated; the person's memories there
are deleted at the start of every run. One community, one person with a profile, and
``--memories`` memories written one after the other as the API writes one (``memory_create``
with the vector computed from the text, a "created" revision, in a transaction of its own), after
``--warmup`` untimed ones. Prints the statements one write runs (``--show-statements`` lists them)
and the p50 / p95 in milliseconds, with the embedding's share measured apart.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Community, User
from accounts.services import community_create, identity_resolve
from benchmarks.context_latency import percentile
from benchmarks.support import bench_database_use, say
from memories.models import Memory, MemoryKind, MemoryRevisionActor, MemorySource
from memories.services.memory import memory_create
from memoryhub.ai.embeddings import embedder_get

SLUG = "bench-memory-write"
TOPICS = ("cooking", "travel", "work", "family", "music", "sport", "books", "pets")


def _text(n: int) -> str:
    return f"Ana likes {TOPICS[n % len(TOPICS)]} and mentioned it on day {n} of the trip to Porto"


def _write(community: Community, user: User, n: int) -> None:
    memory_create(  # a transaction of its own, as the API's write is
        community=community,
        user=user,
        content=_text(n),
        kind=MemoryKind.PREFERENCE,
        importance=0.6,
        expires_at=None,
        source=MemorySource.API,
        actor=MemoryRevisionActor.SYSTEM,
        reason="API key bench",
        topics=[TOPICS[n % len(TOPICS)]],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--memories", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--database", default="memoryhub_bench_write")
    parser.add_argument("--show-statements", action="store_true")
    options = parser.parse_args()
    bench_database_use(options.database)
    community = Community.objects.filter(slug=SLUG).first() or community_create(name="Memory write", slug=SLUG)
    user = identity_resolve(community=community, external_id="ana", display_name="Ana")
    Memory.objects.filter(community=community).delete()
    embedder = embedder_get()

    for n in range(options.warmup):
        _write(community, user, n)
    with CaptureQueriesContext(connection) as queries:
        _write(community, user, options.warmup)
    statements = [q["sql"] for q in queries.captured_queries]

    spent, embedding = [], []
    for n in range(options.warmup + 1, options.warmup + 1 + options.memories):
        started = time.perf_counter()
        embedder.embed([_text(n) + " (alone)"])
        embedding.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        _write(community, user, n)
        spent.append((time.perf_counter() - started) * 1000)

    say(f"## One memory written ({options.memories} timed after {options.warmup}), in process")
    say("")
    say("| statements | p50 ms | p95 ms | of which the embedding, p50 / p95 ms |")
    say("|---:|---:|---:|---|")
    say(
        f"| {len(statements)} | {statistics.median(spent):.2f} | {percentile(spent, 0.95):.2f} | "
        f"{statistics.median(embedding):.2f} / {percentile(embedding, 0.95):.2f} |"
    )
    if options.show_statements:
        for number, statement in enumerate(statements, 1):
            say(f"{number:3}. {statement[:160]}")


if __name__ == "__main__":
    main()
