"""Resident memory of a Celery worker process before and after many extractions: a script, not a test.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/worker_memory.py [--windows 10000] [--warmup 200]

Starts the Procfile's worker (``celery -A memoryhub worker``, one child process, Redis as the
broker: ``--broker``) on a database of its own, posts chat windows of four messages each through
the ingest service and closes them, so each is one ``memories.extract_window`` task (the offline
engine, embedding every memory it keeps). Reads the child's resident memory from ``/proc`` after
``--warmup`` windows, after ``--windows`` more and after as many again, and prints a table. Target:
at most 300 MB, no growth.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")
BROKER = "redis://127.0.0.1:6379/13"
if "--broker" in sys.argv:
    BROKER = sys.argv[sys.argv.index("--broker") + 1]
os.environ["CELERY_BROKER_URL"] = BROKER

import django

django.setup()

from django.conf import settings
from django.utils import timezone

from accounts.models import Community
from benchmarks.support import bench_database_url, bench_database_use, say, workers_rss_mb
from chat.ingest import IngestItem, messages_ingest
from chat.models import Channel, ConversationWindow
from chat.windows import window_close

DATABASE = "memoryhub_bench_worker"
CITIES = ["Lyon", "Porto", "Leeds", "Graz", "Bergen", "Turin", "Ghent", "Cork", "Brno", "Malmo"]
JOBS = ["nurse", "plumber", "teacher", "pilot", "baker", "chemist", "welder", "editor", "farmer", "coder"]
PETS = ["a cat called Miso", "two dogs", "a parrot", "a rabbit named Bun", "three hens"]


RUN = f"r{int(time.time())}"  # people new to this run: what they say is new, so it is embedded


def windows_post(community: Community, start: int, count: int) -> None:
    """``count`` windows, each four messages by two people in a channel of its own, closed at once."""
    now = timezone.now() - timedelta(hours=1)
    for number in range(start, start + count):
        a, b = f"{RUN}p{number}a", f"{RUN}p{number}b"
        lines = [
            (a, f"hi! I'm new here, I live in {CITIES[number % 10]} and I work as a {JOBS[number % 10]}"),
            (b, f"welcome! I have {PETS[number % 5]} and I'm learning to play the cello"),
            (a, f"nice, my sister {CITIES[(number + 3) % 10]}-born Ana is visiting next week"),
            (b, "lol ok, see you around"),
        ]
        items = [
            IngestItem(
                channel=f"c{number}",
                content=text,
                sent_at=now + timedelta(seconds=index),
                author=author,
                author_name=author.upper(),
                message_id=f"m{number}-{index}",
            )
            for index, (author, text) in enumerate(lines)
        ]
        result = messages_ingest(community=community, items=items)
        for window in result.windows:
            window_close(window=window, reason="manual")


def windows_wait(community: Community, total: int, *, timeout: float) -> float:
    started = time.monotonic()
    finished = ConversationWindow.objects.filter(channel__community=community, state__in=["done", "failed"])
    while finished.count() < total:
        if time.monotonic() - started > timeout:
            raise SystemExit(f"only {finished.count()} of {total} windows were extracted in {timeout:.0f} s")
        time.sleep(0.5)
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--windows", type=int, default=10_000, help="extractions between two readings")
    parser.add_argument("--warmup", type=int, default=200, help="extractions before the first reading")
    parser.add_argument("--broker", default=BROKER, help="the worker's broker (a Redis database of its own)")
    arguments = parser.parse_args()

    bench_database_use(DATABASE)
    community, _ = Community.objects.get_or_create(slug="bench-worker", defaults={"name": "Worker memory"})
    # A fresh start: the channels of an earlier run (their messages and windows go with them).
    Channel.objects.filter(community=community).delete()

    with tempfile.TemporaryDirectory() as var, (Path(var) / "worker.log").open("wb") as log:
        env = dict(os.environ) | {
            "DATABASE_URL": bench_database_url(),
            "MEMORYHUB_VAR_DIR": var,
            "MEMORYHUB_MODELS_DIR": str(settings.MEMORYHUB_MODELS_DIR),
        }
        command = [sys.executable, "-m", "celery", "-A", "memoryhub", "worker", "--concurrency=1", "--loglevel=WARNING"]
        worker = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)  # noqa: S603 - the Procfile's worker
        try:
            say(f"{arguments.warmup} windows to warm up…")
            windows_post(community, 0, arguments.warmup)
            warmup_seconds = windows_wait(community, arguments.warmup, timeout=600)
            readings = [workers_rss_mb(worker.pid)]
            # Twice N more: whatever fills up during the first N must stay flat in the second.
            started = time.monotonic()
            posted = arguments.warmup
            for _ in range(2):
                say(f"{arguments.windows} more windows…")
                for start in range(posted, posted + arguments.windows, 500):
                    windows_post(community, start, min(500, posted + arguments.windows - start))
                posted += arguments.windows
                windows_wait(community, posted, timeout=3600)
                readings.append(workers_rss_mb(worker.pid))
            seconds = time.monotonic() - started
        finally:
            worker.terminate()
            worker.wait(60)
    print(
        f"Celery worker, one child process, broker {arguments.broker}; {os.cpu_count()} CPUs. Warm-up: "
        f"{arguments.warmup} windows in {warmup_seconds:.0f} s; then twice {arguments.windows:,} windows in "
        f"{seconds:.0f} s "
        f"({2 * arguments.windows / seconds:.1f} windows/s, posting included).\n"
    )
    print("| reading | child process RSS MB |")
    print("|---|---:|")
    for index, reading in enumerate(readings):
        sizes = ", ".join(f"{mb:.0f}" for mb in reading)
        print(f"| after {arguments.warmup + index * arguments.windows:,} windows | {sizes} |")


if __name__ == "__main__":
    main()
