"""What ranking one person's past lines costs the first time they are asked about: from packs, as
the product ranks them, against the same statement reading their entries' rows.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/recall_cold.py [--people 60]
        [--seed 7] [--drop-caches]

A script, not a test. It uses api_latency.py's data set (1 M memories, 5 M lines; run that first)
and the product's own statement (``memories.selectors.ranking._RECALL_SQL``), prepared as the web
server prepares it. ``rows`` is that statement with its ``pool`` reading the person's
``RecallEntry`` rows, one heap page a line, as before packs. Each layout ranks its own people, none
asked about before in this run, twice: the first time and again. With ``--drop-caches`` (root) the
embedded server is stopped and the operating system's page cache emptied first, as for a database
larger than memory.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.conf import settings
from django.db import connection, connections
from django.utils import timezone

from accounts.models import Community, User
from benchmarks.context_latency import BENCH_DATABASE
from benchmarks.support import say
from core.fastpath.sql import prepared_cursor
from memories.selectors import ranking
from memoryhub.ai.embeddings import embedder_get
from memoryhub.embedded import embedded_database_stop

PACKS = ranking._RECALL_SQL
_PACK_POOL = (
    "FROM memories_recallpack AS k\n"
    "CROSS JOIN LATERAL unnest(k.entry_ids, k.message_ids, k.said_ats, k.private, k.embeddings, k.embedding_models,\n"
    "k.search_vectors)\n"
    "AS e(id, message_id, created_at, private, embedding, embedding_model, search_vector)\n"
    "WHERE k.community_id = %(community)s AND k.user_id = %(user)s AND (%(private)s OR NOT e.private)"
)
ROWS = PACKS.replace(
    _PACK_POOL,
    "FROM memories_recallentry AS e WHERE e.community_id = %(community)s AND e.user_id = %(user)s"
    " AND e.removed_at IS NULL AND (%(private)s OR NOT e.private)",
).replace("SELECT e.id, e.message_id, e.created_at,", "SELECT e.id, e.message_id, e.said_at AS created_at,")
QUESTIONS = ("When is my sister's wedding?", "What do I cook?", "Where did I go last summer?", "Do I have a dog?")


def _rank(statement: str, people: list[tuple[int, int]], rng: random.Random) -> list[float]:
    embedder = embedder_get()
    communities = {community.pk: community for community in Community.objects.all()}
    spent = []
    for community_id, user_id in people:
        text = rng.choice(QUESTIONS)
        params = ranking._ranked_params(
            communities[community_id],
            User(pk=user_id),
            timezone.now(),
            vector=ranking._vector_param(embedder.embed_one(text).tolist()),
            model=embedder.model_name,
            text=text,
            name="",
            threshold=0.3,
            keep=10,
            private=False,
            memories=[],
        )
        started = time.perf_counter()
        with prepared_cursor() as cursor:
            cursor.execute(statement, params)
            cursor.fetchall()
        spent.append((time.perf_counter() - started) * 1000)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--people", type=int, default=60, help="people ranked per layout and pass")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--drop-caches", action="store_true", help="stop the server, empty the page cache (root)")
    options = parser.parse_args()
    if ROWS == PACKS:
        raise SystemExit("the ranking statement's pool changed: update _PACK_POOL")
    if options.drop_caches:
        say("stopping the embedded server and emptying the page cache…")
        embedded_database_stop(var_dir=settings.VAR_DIR)
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    connections.close_all()
    settings.DATABASES["default"]["NAME"] = BENCH_DATABASE  # api_latency.py's data set, never the development data
    with connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT community_id, user_id FROM memories_recallpack ORDER BY 1, 2")
        people = cursor.fetchall()
    rng = random.Random(options.seed)  # noqa: S311 - a reproducible choice, not a secret
    rng.shuffle(people)
    n = options.people
    print("| layout | people | first time: median / p90 ms | again: median / p90 ms |\n|---|---:|---|---|")
    for index, (label, statement) in enumerate((("packs", PACKS), ("rows", ROWS), ("packs", PACKS), ("rows", ROWS))):
        chosen = people[index * n : (index + 1) * n]
        first, again = _rank(statement, chosen, rng), _rank(statement, chosen, rng)
        cells = [f"{statistics.median(xs):.2f} / {sorted(xs)[int(len(xs) * 0.9)]:.2f}" for xs in (first, again)]
        print(f"| {label} | {len(chosen)} | {cells[0]} | {cells[1]} |")


if __name__ == "__main__":
    main()
