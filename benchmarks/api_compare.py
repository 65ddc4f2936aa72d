"""`/context` or ingest over HTTP from two or more checkouts or settings, in rounds one after the other.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/api_compare.py VARIANT VARIANT …
        [--rounds 6] [--request context|search|message|batch] [--requests 1200] [--warmup 400] [--clients 4]
        [--client httpx] [--workers N] [--numbered-queries] [--users 20000] [--lines N]

A script, not a test. This machine's speed drifts by about 15 % within minutes, more than most
changes move a figure, so a before and after are compared in rounds: each round starts every
variant's server in turn (the checkout's own Procfile's web process, a fresh one each time, as in
api_latency.py), warms it up and times ``--requests`` calls of ``--clients`` client processes:
`GET /api/v1/context` (embedding, recording on; every message embedded), with ``--request
search`` `POST /api/v1/memories/search` (one person's, as api_latency.py's), or with ``--request
message`` (``batch``) `POST /api/v1/messages` of one message (of 100; api_latency.py's: 20
channels, 50 people). A VARIANT is a checkout of the project (a worktree, e.g. ``git worktree
add /tmp/before <commit>``; ``.`` for this one), served with this one's virtual environment,
optionally followed by settings for its server: ``/tmp/before`` or
``.,MEMORYHUB_WEB_THREADS=2``. Data set and people: api_latency.py's. The servers keep no query
cache (``MEMORYHUB_QUERY_CACHE_SIZE=0``); a checkout older than that setting would answer the
recurring messages from its cache, so compare with one with ``--numbered-queries`` (a number
appended to every query, as before 2026-11-24).

Each round prints p50 / p95 ms, the machine's CPU per request split as api_latency.py splits it,
and how the clients' connections sat on the workers (every fifth of a second, counted); then a
line per variant with the medians and means, and each variant's CPU against the first's, round by
round. Access recording is undone afterwards.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from benchmarks.api_latency import CLIENTS, BotCalls, Request, dataset_ensure, drive, drive_timed
from benchmarks.context_latency import access_restore, access_snapshot, percentile
from benchmarks.recall_dataset import LINES
from benchmarks.support import bench_web_server, say
from tests.support.processes import free_port, procfile_command


class Variant(NamedTuple):
    label: str
    project: Path
    env: dict[str, str]


def variant_parse(text: str) -> Variant:
    path, *settings = text.split(",")
    project = Path(path).resolve()
    if not (project / "memoryhub" / "asgi.py").exists():
        raise SystemExit(f"{path} is not a checkout of this project")
    env = dict(setting.split("=", 1) for setting in settings)
    return Variant(text, project, env)


class Round(NamedTuple):
    p50: float
    p95: float
    web: float
    postgres: float
    machine: float
    placement: dict[tuple[int, ...], int]


def round_run(variant: Variant, calls: BotCalls, options: argparse.Namespace, first_number: int) -> Round:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = Path(tempfile.gettempdir()) / "memoryhub-api-compare-web.log"
    command = procfile_command("web", port=port, workers=options.workers, project=variant.project)
    with bench_web_server(command, base=base, log=log, project=variant.project, env=variant.env) as server:
        call: Request = getattr(calls, options.request)
        drive(base, client=options.client, clients=options.clients, count=options.warmup, request=warm(call))

        def timed(http: Any, number: int) -> Any:
            return call(http, first_number + number)

        run = drive_timed(
            server.pid, port, client=options.client, clients=options.clients, count=options.requests, request=timed
        )
    return Round(
        percentile(run.latencies, 0.5),
        percentile(run.latencies, 0.95),
        run.spent["web"],
        run.spent["postgres"],
        run.spent["machine"],
        dict(collections.Counter(run.placements)),
    )


def warm(call: Request) -> Request:
    return lambda http, number: call(http, number + 10**7)  # messages the timed rounds do not send


# What a round can time: the bot's calls (api_latency.py's ``BotCalls`` methods of these names).
LABELS = {
    "context": "`GET /api/v1/context`",
    "search": "`POST /api/v1/memories/search`",
    "message": "`POST /api/v1/messages`, one message",
    "batch": "`POST /api/v1/messages`, 100 messages",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variants", nargs="+", type=variant_parse, help="PATH[,NAME=VALUE…]: a checkout and settings")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--lines", type=int, default=LINES, help="lines indexed for recall in the data set")
    parser.add_argument(
        "--users", type=int, default=20_000, help="people in the data set (50 memories each): fewer build sooner"
    )
    parser.add_argument(
        "--request",
        choices=sorted(LABELS),
        default="context",
        help="what to time: /context, a search, one message or 100",
    )
    parser.add_argument("--requests", type=int, default=1200, help="timed requests per variant and round")
    parser.add_argument("--warmup", type=int, default=400, help="untimed requests first, on each fresh server")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--client", choices=sorted(CLIENTS), default="httpx")
    parser.add_argument("--workers", type=int, help="web workers for every variant; default each checkout's Procfile")
    parser.add_argument(
        "--numbered-queries",
        action="store_true",
        help="a number appended to every query: needed with a checkout older than MEMORYHUB_QUERY_CACHE_SIZE, "
        "whose server would answer repeated queries from its cache",
    )
    options = parser.parse_args()

    dataset_ensure(users=options.users, lines=options.lines, regenerate=False)
    calls = BotCalls(1000, numbered=options.numbered_queries)
    snapshot = access_snapshot(pair.user.pk for pair in calls.pairs)
    results: dict[str, list[Round]] = {variant.label: [] for variant in options.variants}
    number = 0
    try:
        for index in range(options.rounds):
            for variant in options.variants:
                say(f"round {index + 1}/{options.rounds}: {variant.label}…")
                results[variant.label].append(round_run(variant, calls, options, number))
                number += options.requests
    finally:
        say(f"access recording undone on {access_restore(snapshot):,} memories")

    workers = options.workers or "the Procfile's"
    print(
        f"## {LABELS[options.request]}, {options.rounds} round(s), one variant after the other: "
        f"{workers} workers, {options.clients} {options.client} clients, {options.requests:,} timed requests each\n"
    )
    print("| round | variant | p50 ms | p95 ms | web ms | PostgreSQL ms | machine ms | connections per worker |")
    print("|---:|---|---:|---:|---:|---:|---:|---|")
    for index in range(options.rounds):
        for label, rounds in results.items():
            row = rounds[index]
            placed = ", ".join(f"{' · '.join(map(str, key))}: {n}" for key, n in sorted(row.placement.items()))
            print(
                f"| {index + 1} | `{label}` | {row.p50:.1f} | {row.p95:.1f} | {row.web:.2f} | {row.postgres:.2f} "
                f"| {row.machine:.2f} | {placed} |"
            )
    first = next(iter(results.values()))
    print("\n| variant | p95 ms: median · mean · range | machine ms: median | machine against the first, per round |")
    print("|---|---|---:|---|")
    for label, rounds in results.items():
        p95s = [row.p95 for row in rounds]
        differences = [row.machine - base.machine for row, base in zip(rounds, first, strict=True)]
        print(
            f"| `{label}` | {statistics.median(p95s):.1f} · {statistics.mean(p95s):.1f} · "
            f"{min(p95s):.1f} to {max(p95s):.1f} | {statistics.median(row.machine for row in rounds):.2f} "
            f"| {statistics.mean(differences):+.2f} on average, lower in "
            f"{sum(difference < 0 for difference in differences)} of {len(rounds)} |"
        )


if __name__ == "__main__":
    main()
