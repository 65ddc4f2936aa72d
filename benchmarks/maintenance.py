"""How long beat's maintenance takes over 1 M memories (target: prune + cap + decay ≤ 30 s).

Decay has no job any more: importance fades when it is read (memories.models,
IMPORTANCE_DECAY_PER_DAY), so its row says so and counts 0 s; prune and cap are timed.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/maintenance.py
        [--users 20000] [--batch-size N] [--budget 180] [--quiet-seconds 30] [--probe-pairs 300]
        [--regenerate] [--generate-only] [--drop]

A script, not a test. Data set: context_latency's (its generator, reused): 20,000 people with 50
memories each in 50 communities, real MiniLM vectors, HNSW index built as in production. It is
generated once into ``memoryhub_bench_maintenance`` (``--database``) and kept; every run works on
a fresh copy of it (``CREATE DATABASE … TEMPLATE``), since maintenance changes the data.

Made realistic for maintenance before the HNSW index is built (rewriting rows is far cheaper
without it):

* *expired*: beat's hourly prune has not run for a day (a worker outage): every expiring memory
  is moved a day into the past (``created_at`` and ``expires_at`` alike), so those whose last day
  it was are due;
* *over cap*: moderators of 10 of the 50 communities lowered the per-person cap from 50 to 45;
* *recalled*: one in ten people talked to the bot today: their memories were recalled an hour
  ago.

Each run times, on its own copy, prune, then cap, each in a process of its own (as beat runs
them, one after the other), each stopped after ``--budget`` seconds. Meanwhile a probe process
runs ``assemble_context`` (query vector given, access recording on) for random people in a loop;
its latencies beside each job are reported beside the same probe on the quiet copy.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.conf import settings
from django.db import connection, transaction

from accounts.models import Community
from benchmarks.context_latency import (
    COMMUNITY_SLUG_PREFIX,
    chat_messages,
    dataset_generate,
    dataset_matches,
    hnsw_build,
    hnsw_present,
    pairs_pick,
    percentile,
    server_setting,
)
from benchmarks.support import bench_database_clone, bench_database_drop, bench_database_use, say
from memories.services.context import assemble_context
from memories.services.maintenance import (
    BATCH_SIZE,
    memories_cap_enforce_all,
    memories_prune_expired,
)
from memoryhub.ai.embeddings import embedder_get

BENCH_DATABASE = "memoryhub_bench_maintenance"
LOWERED_CAP = 45
LOWERED_COMMUNITIES = 10
RECALLED_SHARE = 10  # one person in ten was recalled an hour ago
TARGET_SECONDS = 30.0
SCRIPT = Path(__file__).resolve()
JOBS: dict[str, tuple[Callable[..., int], int]] = {
    "prune": (memories_prune_expired, BATCH_SIZE),
    "cap": (memories_cap_enforce_all, BATCH_SIZE),
}


def dataset_make_due() -> None:
    """Make a realistic share expired, over cap and recalled (see the module's docstring)."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_memory
            SET created_at = created_at - interval '1 day', updated_at = updated_at - interval '1 day',
                expires_at = expires_at - interval '1 day'
            WHERE expires_at IS NOT NULL
            """
        )
        cursor.execute(
            "UPDATE memories_memory SET last_accessed_at = now() - interval '1 hour', access_count = 1"
            " WHERE user_id %% %s = 0",
            [RECALLED_SHARE],
        )
        lowered = Community.objects.filter(slug__startswith=COMMUNITY_SLUG_PREFIX).order_by("pk")[:LOWERED_COMMUNITIES]
        Community.objects.filter(pk__in=list(lowered.values_list("pk", flat=True))).update(
            max_memories_per_user=LOWERED_CAP
        )
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE memories_memory")


def template_ensure(name: str, *, users: int, regenerate: bool) -> None:
    bench_database_use(name)
    if regenerate or not dataset_matches(users=users, per_user=50) or not hnsw_present():
        embedder = embedder_get()
        say(f"generating {users * 50:,} memories for {users:,} people into {name}")
        seconds = dataset_generate(users=users, per_user=50, communities=50, pool_size=10_000, embedder=embedder)
        for phase, spent in seconds.items():
            say(f"  {phase}: {spent:.1f} s")
        started = time.perf_counter()
        dataset_make_due()
        say(f"  made a share due: {time.perf_counter() - started:.1f} s")
        say(f"  HNSW build: {hnsw_build():.1f} s")


def probe_run(out: Path, stop: Path, pairs_count: int) -> None:
    """In a process of its own: assemble_context (access recording on, as in production) for
    random people until ``stop`` exists; the milliseconds of each call go to ``out``."""
    embedder = embedder_get()
    messages = chat_messages(200, random.Random(7))  # noqa: S311 - reproducible data, not secrets
    vectors = {message: vector.tolist() for message, vector in zip(messages, embedder.embed(messages), strict=True)}
    pairs = pairs_pick(pairs_count, messages, vectors)
    timings: list[float] = []
    out.with_suffix(".ready").touch()
    while not stop.exists():
        for pair in pairs:
            started = time.perf_counter()
            assemble_context(
                community=pair.community,
                user=pair.user,
                persona=pair.persona,
                channel=pair.channel,
                message=pair.message,
                query_vector=pair.vector,
                embed_query=False,
                record_access=True,
            )
            timings.append((time.perf_counter() - started) * 1000)
            if stop.exists():
                break
    out.write_text(json.dumps(timings))


def job_run(job: str, batch_size: int) -> None:
    """In a process of its own: one maintenance job; prints a JSON line per finished batch."""
    run, _default = JOBS[job]
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        print(json.dumps({"done": done, "total": total, "seconds": time.perf_counter() - started}), flush=True)

    changed = run(batch_size=batch_size, on_progress=progress)
    print(json.dumps({"changed": changed, "seconds": time.perf_counter() - started}), flush=True)


class Probe:
    """The concurrent context benchmark: a child process, started and stopped around a job."""

    def __init__(self, workdir: Path, name: str, pairs: int) -> None:
        self.out, self.stop = workdir / f"{name}.json", workdir / f"{name}.stop"
        self.out.unlink(missing_ok=True)
        self.stop.unlink(missing_ok=True)
        self.out.with_suffix(".ready").unlink(missing_ok=True)
        self.process = subprocess.Popen(  # noqa: S603 - this very script
            [sys.executable, str(SCRIPT), "--database", settings.DATABASES["default"]["NAME"], "--probe",
             str(self.out), "--stop-file", str(self.stop), "--probe-pairs", str(pairs)]
        )  # fmt: skip
        while not self.out.with_suffix(".ready").exists():
            if self.process.poll() is not None:
                raise SystemExit("the probe process died")
            time.sleep(0.2)

    def finish(self) -> list[float]:
        self.stop.touch()
        self.process.wait(timeout=120)
        return list(json.loads(self.out.read_text()))


def _child(job: str, batch_size: int) -> subprocess.Popen[str]:
    return subprocess.Popen(  # noqa: S603 - this very script
        [sys.executable, str(SCRIPT), "--database", settings.DATABASES["default"]["NAME"], "--job", job,
         "--batch-size", str(batch_size)],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def job_time(job: str, batch_size: int, budget: float) -> dict[str, Any]:
    """Run ``job`` in a child process; stop it after ``budget`` seconds: its last report."""
    child = _child(job, batch_size)
    assert child.stdout is not None
    deadline = time.perf_counter() + budget
    last: dict[str, Any] = {}
    os.set_blocking(child.stdout.fileno(), False)
    while child.poll() is None and time.perf_counter() < deadline:
        for line in child.stdout.readlines():
            last = json.loads(line)
        time.sleep(0.05)
    finished = child.poll() is not None
    if not finished:
        child.send_signal(signal.SIGTERM)  # its batch in flight rolls back; the finished ones stay
        child.wait()
    for line in child.stdout.readlines():
        last = json.loads(line)
    last["finished"] = finished and "changed" in last
    return last


def _count(statement: str, params: list[Any] | None = None) -> int:
    with connection.cursor() as cursor:
        cursor.execute(statement, params or [])
        return int(cursor.fetchone()[0])


def _latency(label: str, values: list[float], quiet: list[float] | None) -> str:
    p95 = percentile(values, 0.95)
    versus = f" ({p95 / percentile(quiet, 0.95):.1f} x quiet)" if quiet else ""
    return (
        f"| {label} | {len(values):,} | {percentile(values, 0.5):.1f} | {p95:.1f}{versus} "
        f"| {percentile(values, 0.99):.1f} | {max(values):.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=20_000, help="people (50 memories each)")
    parser.add_argument("--database", default=BENCH_DATABASE, help="the template database, kept between runs")
    parser.add_argument("--regenerate", action="store_true", help="generate the template again")
    parser.add_argument("--generate-only", action="store_true", help="make sure the template is there, and stop")
    parser.add_argument("--drop", action="store_true", help="drop the template database and exit")
    parser.add_argument("--batch-size", type=int, default=0, help="memories per batch (default: each job's)")
    parser.add_argument("--quiet-seconds", type=float, default=30, help="how long the probe runs on a quiet database")
    parser.add_argument("--budget", type=float, default=180, help="seconds a job may run before it is stopped")
    parser.add_argument("--probe-pairs", type=int, default=300, help="(person, message) pairs the probe cycles")
    parser.add_argument("--probe", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--stop-file", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--job", choices=sorted(JOBS), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.drop:
        bench_database_drop(arguments.database)
        return
    if arguments.probe or arguments.job:  # a child: the database is already the copy
        settings.DATABASES["default"]["NAME"] = arguments.database
        if arguments.probe:
            probe_run(arguments.probe, arguments.stop_file, arguments.probe_pairs)
        else:
            job_run(arguments.job, arguments.batch_size or JOBS[arguments.job][1])
        return

    template_ensure(arguments.database, users=arguments.users, regenerate=arguments.regenerate)
    if arguments.generate_only:
        return
    copy = f"{arguments.database}_run"
    say(f"copying {arguments.database} to {copy}…")
    started = time.perf_counter()
    bench_database_clone(arguments.database, copy)
    say(f"  {time.perf_counter() - started:.0f} s")
    workdir = Path(settings.VAR_DIR) / "bench-maintenance"
    workdir.mkdir(exist_ok=True)
    memories = _count("SELECT count(*) FROM memories_memory")
    due = {"prune": _count("SELECT count(*) FROM memories_memory WHERE expires_at <= now()")}

    say(f"the probe alone on the quiet database for {arguments.quiet_seconds:.0f} s…")
    probe = Probe(workdir, "quiet", arguments.probe_pairs)
    time.sleep(arguments.quiet_seconds)
    quiet = probe.finish()

    rows: list[str] = []
    latencies: list[str] = [_latency("quiet database", quiet, None)]
    seconds_in_all = 0.0
    for job in ("prune", "cap"):
        batch_size = arguments.batch_size or JOBS[job][1]
        say(f"{job} (batches of {batch_size:,}), the probe beside it…")
        probe = Probe(workdir, job, arguments.probe_pairs)
        report = job_time(job, batch_size, arguments.budget)
        beside = probe.finish()
        latencies.append(_latency(f"during {job}", beside, quiet))
        if report.get("finished"):
            seconds_in_all += report["seconds"]
            rows.append(f"| {job} | {report['changed']:,} | {batch_size:,} | {report['seconds']:.1f} | |")
            continue
        rows.append(f"| {job} | — | {batch_size:,} | > {arguments.budget:.0f} (stopped) | |")
    rows.append("| decay | none: worked out when read | | 0 | |")

    print(
        f"## Maintenance over {memories:,} memories ({arguments.users:,} people, 50 communities, "
        "HNSW index present)\n\n"
        f"Due: {due['prune']:,} expired; caps of {LOWERED_COMMUNITIES} "
        f"communities lowered to {LOWERED_CAP}. PostgreSQL {server_setting('server_version')} (shared_buffers "
        f"{server_setting('shared_buffers')}), {os.cpu_count()} CPUs. Each job in a process of its own, one after the "
        f"other, on a fresh copy of the data set; stopped after {arguments.budget:.0f} s.\n"
    )
    print("| job | memories changed | batch size | seconds | |")
    print("|---|---:|---:|---:|---|")
    print("\n".join(rows))
    verdict = "met" if seconds_in_all <= TARGET_SECONDS else "**missed**"
    print(f"\nTogether (one after the other): ~{seconds_in_all:,.0f} s; target ≤ {TARGET_SECONDS:.0f} s: {verdict}.")
    print()
    print(
        f"`assemble_context` in a process beside the jobs ({arguments.probe_pairs} random people, query vector "
        "given, access recording on):\n"
    )
    print("| while | calls | p50 ms | p95 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(latencies))


if __name__ == "__main__":
    main()
