"""How the cost of a context grows: a script, not a test.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/context_scaling.py
        [--sizes 100k 1m] [--per-person 500 5000] [--pairs 300] [--no-hnsw]

Runs ``benchmarks/context_latency.py`` (HNSW index present, as in production) once per data set,
each in a database of its own, and prints one curve: in-process ``assemble_context`` p50/p95
with the query vector given, with the message embedded, and with access recording on, plus
whether the plan of the ranking query reads the person's rows through an index.

- By size: 100 k, 1 M and 5 M memories, 50 per person (the default cap). ``5m`` is not in the
  default list: its data set takes about 25 GB and an hour to generate; pass it to run it.
  ``--no-hnsw`` leaves the HNSW index out (most of that hour, and over 10 GB): a context never
  reads it (the ranking reads the person's rows through the (community, person) index), so
  it only changes what else competes for the cache.
- By person: 50, 500 and 5,000 memories for one person (a cap raised by a community), 1 M
  memories in all.

Data sets are generated on the first run and reused afterwards (``context_latency.py --drop
--database NAME`` removes one).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class DataSet:
    label: str
    database: str
    users: int
    per_user: int


SIZES = {
    "100k": DataSet("100 k memories, 50 per person", "memoryhub_bench_100k", 2_000, 50),
    "1m": DataSet("1 M memories, 50 per person", "memoryhub_bench", 20_000, 50),  # context_latency's own
    "5m": DataSet("5 M memories, 50 per person", "memoryhub_bench_5m", 100_000, 50),
}
PER_PERSON = {
    "50": SIZES["1m"],
    "500": DataSet("1 M memories, 500 per person", "memoryhub_bench_500pp", 2_000, 500),
    "5000": DataSet("1 M memories, 5,000 per person", "memoryhub_bench_5000pp", 200, 5_000),
}
ROWS = {
    "vector given": "`assemble_context`, query vector given (embedding excluded), access recording off",
    "embedding": "`assemble_context`, embedding the message",
    "recording": "`assemble_context`, query vector given, access recording on",
    "cold": "first pass over the pairs, cold cache",
}


def _figures(summary: dict, prefix: str) -> dict:
    return next(figures for label, figures in summary["runs"].items() if label.startswith(prefix))


def _plan_on_index(plan: str) -> str:
    lines = [line.strip().removeprefix("->").strip() for line in plan.splitlines()]
    scans = [line for line in lines if "memories_memory" in line and "Scan" in line]
    on_index = scans and all("Index" in line or "Bitmap Heap" in line for line in scans)
    # "Index Scan using NAME on memories_memory …" or, under a bitmap heap scan, "Bitmap Index Scan on NAME".
    names = [line.split(" using ")[1].split(" on ")[0] for line in scans if " using " in line]
    names += [line.split("Bitmap Index Scan on ")[1].split()[0] for line in lines if "Bitmap Index Scan on " in line]
    return f"yes (`{'`, `'.join(dict.fromkeys(names)) or '?'}`)" if on_index else f"**no**: {'; '.join(scans)}"


def run(data_set: DataSet, *, pairs: int, hnsw: bool) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json") as summary:
        command = [
            sys.executable,
            str(ROOT / "benchmarks" / "context_latency.py"),
            "--database",
            data_set.database,
            "--users",
            str(data_set.users),
            "--per-user",
            str(data_set.per_user),
            "--pairs",
            str(pairs),
            *(["--hnsw"] if hnsw else []),
            "--no-recall",
            "--summary",
            summary.name,
        ]
        print(f"# {data_set.label}: {' '.join(command[1:])}", file=sys.stderr, flush=True)
        subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)  # noqa: S603 - our own script
        return json.loads(Path(summary.name).read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", nargs="*", default=["100k", "1m"], choices=sorted(SIZES))
    parser.add_argument("--per-person", nargs="*", default=["500", "5000"], choices=sorted(PER_PERSON))
    parser.add_argument("--pairs", type=int, default=300, help="timed (person, message) pairs per run")
    parser.add_argument("--no-hnsw", action="store_true", help="do not build the HNSW index (a context never reads it)")
    arguments = parser.parse_args()

    data_sets = [SIZES[size] for size in arguments.sizes]
    data_sets += [PER_PERSON[count] for count in arguments.per_person if PER_PERSON[count] not in data_sets]
    hnsw = not arguments.no_hnsw
    results = [(data_set, run(data_set, pairs=arguments.pairs, hnsw=hnsw)) for data_set in data_sets]

    print(
        f"In process, {arguments.pairs} random (person, message) pairs per run after a warm-up, "
        f"{'HNSW present' if hnsw else 'no HNSW index (--no-hnsw)'}; "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at the end.\n"
    )
    print(
        "| data set | memories | per person | vector given p50 · p95 ms | message embedded p95 ms "
        "| recording on p95 ms | first pass (cold) p95 ms | ranking query on an index |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---|")
    for data_set, summary in results:
        given = _figures(summary, ROWS["vector given"])
        print(
            f"| {data_set.label} | {summary['memories']:,} | {summary['per_person']:,} "
            f"| {given['p50']:.2f} · **{given['p95']:.2f}** | {_figures(summary, ROWS['embedding'])['p95']:.2f} "
            f"| {_figures(summary, ROWS['recording'])['p95']:.2f} | {_figures(summary, ROWS['cold'])['p95']:.2f} "
            f"| {_plan_on_index(summary['plan'])} |"
        )


if __name__ == "__main__":
    main()
