"""How fast the local embedder is on this machine: a script, not a test.

    .venv/bin/python benchmarks/embedding_latency.py [--threads 1 2] [--rounds 300]

Measures the median and 95th percentile of one message embedded on its own (what a chat
turn or a memory save pays) and the throughput of batches of 32 (what `manage.py reembed`
and extraction windows get), for each ONNX Runtime intra-op thread count, and prints a
markdown table. The target is at most 5 ms per single message.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memoryhub.ai.embeddings import MINILM_BATCH_SIZE, MINILM_MODEL_NAME, LocalMiniLMEmbedder

# Chat-sized messages of mixed length, as a Discord channel or the web chat would send them.
MESSAGES = [
    "lol",
    "good morning everyone!",
    "I adopted a kitten last weekend, her name is Miso.",
    "Does anyone know a good cat food brand? Miso refuses everything I buy.",
    "brb, dinner",
    "My sister Jane is visiting from Berlin next month, so I won't be online much.",
    "I finally beat the Elden Ring DLC boss after forty tries, my hands are shaking.",
    "I'm vegetarian, so please stop recommending that burger place.",
    "Anyone up for a raid tonight at 9pm CET? We need a healer and two DPS.",
    "I work night shifts as a nurse, that's why I'm always online at 4am.",
    "ok",
    "Started learning Japanese on Duolingo, 30 day streak so far!",
    "We're moving to Lisbon in September; I'm excited but the paperwork is a nightmare and the movers "
    "keep changing the date, so if anyone has tips for moving abroad with a cat, please share them.",
    "My favourite band is Radiohead, OK Computer is the best album ever made, fight me.",
    "thanks!",
    "I broke my wrist skateboarding so I'll be typing one-handed for a few weeks.",
]


def _milliseconds(run: Callable[[], object], rounds: int) -> list[float]:
    timings = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _row(threads: int, *, rounds: int, batches: int) -> str:
    embedder = LocalMiniLMEmbedder(threads=threads)
    load_start = time.perf_counter()
    embedder.embed_one("warm up")  # loads and verifies the model: paid once per process
    load_ms = (time.perf_counter() - load_start) * 1000
    for message in MESSAGES:
        embedder.embed_one(message)
    messages = iter(MESSAGES * (rounds // len(MESSAGES) + 1))
    # The model's time, not the query cache's: every message is embedded afresh.
    single = _milliseconds(lambda: embedder.embed([next(messages)])[0], rounds)

    batch = [MESSAGES[index % len(MESSAGES)] for index in range(MINILM_BATCH_SIZE)]
    embedder.embed(batch)
    batch_median = statistics.median(_milliseconds(lambda: embedder.embed(batch), batches))
    return (
        f"| {threads} | {statistics.median(single):.2f} | {_percentile(single, 0.95):.2f} "
        f"| {batch_median:.1f} | {batch_median / len(batch):.2f} | {len(batch) / batch_median * 1000:.0f} "
        f"| {load_ms:.0f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="intra-op thread counts to compare")
    parser.add_argument("--rounds", type=int, default=300, help="single-message runs per thread count")
    parser.add_argument("--batches", type=int, default=20, help="batch runs per thread count")
    arguments = parser.parse_args()

    rows = [_row(threads, rounds=arguments.rounds, batches=arguments.batches) for threads in arguments.threads]

    import onnxruntime

    print(
        f"{MINILM_MODEL_NAME} on {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"onnxruntime {onnxruntime.__version__}; {arguments.rounds} single messages, "
        f"{arguments.batches} batches of {MINILM_BATCH_SIZE} per thread count\n"
    )
    print("| threads | single: median ms | p95 ms | batch of 32: ms | ms per message | messages/s | first load ms |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
