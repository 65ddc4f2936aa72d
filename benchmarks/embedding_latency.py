"""How fast the local embedder is on this machine: a script, not a test.

    .venv/bin/python benchmarks/embedding_latency.py [--kernels int8 float] [--threads 1 2] [--rounds 300]

Measures the median and 95th percentile of one message embedded on its own (what a chat
turn or a memory save pays) and the throughput of batches of 32 (what `manage.py reembed`
and extraction windows get), for each kernel choice (``MEMORYHUB_EMBEDDING_KERNELS``) and ONNX
Runtime intra-op thread count, measured interleaved, with each one's resident memory after
loading (in a process of its own) and how close its vectors are to the float run's. Prints a
markdown table. The target is at most 3 ms per single message.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from memoryhub.ai.embeddings import MINILM_BATCH_SIZE, MINILM_KERNELS, MINILM_MODEL_NAME, LocalMiniLMEmbedder
from memoryhub.ai.minilm_quantize import processor_text

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


def _once(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _loaded(kernels: str, threads: int) -> tuple[LocalMiniLMEmbedder, float]:
    embedder = LocalMiniLMEmbedder(threads=threads, kernels=kernels)
    load_start = time.perf_counter()
    embedder.embed_one("warm up")  # loads and verifies the model (builds the int8 copy if missing)
    load_ms = (time.perf_counter() - load_start) * 1000
    for message in MESSAGES:
        embedder.embed_one(message)
    return embedder, load_ms


def _rss_after_load_mb(kernels: str, threads: int) -> float:
    """Resident memory of a fresh process after it embedded one message (its own process: the
    sessions loaded here would blur each other's figure)."""
    code = (
        "from benchmarks.embedding_latency import LocalMiniLMEmbedder; "
        f"LocalMiniLMEmbedder(threads={threads}, kernels={kernels!r}).embed_one('warm up'); "
        "import os; from benchmarks.support import rss_mb; print(rss_mb(os.getpid()))"
    )
    root = Path(__file__).resolve().parent.parent
    output = subprocess.run(  # noqa: S603 - our interpreter running our code
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=root
    ).stdout
    return float(output.split()[-1])


def _agreement(embedder: LocalMiniLMEmbedder, reference: LocalMiniLMEmbedder) -> tuple[float, float]:
    """Mean and lowest cosine between the two embedders' vectors of the same messages."""
    cosines = (embedder.embed(MESSAGES) * reference.embed(MESSAGES)).sum(axis=1)
    return float(cosines.mean()), float(cosines.min())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2], help="intra-op thread counts to compare")
    parser.add_argument("--kernels", nargs="+", default=list(MINILM_KERNELS), choices=MINILM_KERNELS)
    parser.add_argument("--rounds", type=int, default=300, help="single-message runs per configuration")
    parser.add_argument("--batches", type=int, default=20, help="batch runs per configuration")
    arguments = parser.parse_args()

    configurations = [(kernels, threads) for kernels in arguments.kernels for threads in arguments.threads]
    loaded = {configuration: _loaded(*configuration) for configuration in configurations}
    reference = LocalMiniLMEmbedder(threads=1, kernels="float")
    # Interleaved, message by message: a busy neighbour slows every configuration alike.
    single: dict[tuple[str, int], list[float]] = {configuration: [] for configuration in configurations}
    for round_index in range(arguments.rounds):
        message = MESSAGES[round_index % len(MESSAGES)]
        for configuration, (embedder, _load_ms) in loaded.items():
            single[configuration].append(_once(lambda: embedder.embed([message])))  # noqa: B023 - called at once
    batch = [MESSAGES[index % len(MESSAGES)] for index in range(MINILM_BATCH_SIZE)]
    batched: dict[tuple[str, int], list[float]] = {configuration: [] for configuration in configurations}
    for _ in range(arguments.batches):
        for configuration, (embedder, _load_ms) in loaded.items():
            batched[configuration].append(_once(lambda: embedder.embed(batch)))  # noqa: B023 - called at once

    import onnxruntime

    print(
        f"{MINILM_MODEL_NAME} on {processor_text()}, {os.cpu_count()} CPUs, "
        f"onnxruntime {onnxruntime.__version__}; {arguments.rounds} single messages and "
        f"{arguments.batches} batches of {MINILM_BATCH_SIZE} per configuration, interleaved\n"
    )
    print(
        "| kernels | threads | single: median ms | p95 ms | batch of 32: ms | ms per message | messages/s "
        "| first load ms | RSS after load MB | cosine to float: mean · lowest |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for configuration in configurations:
        kernels, threads = configuration
        embedder, load_ms = loaded[configuration]
        batch_median = statistics.median(batched[configuration])
        mean, lowest = _agreement(embedder, reference)
        print(
            f"| {kernels} | {threads} | {statistics.median(single[configuration]):.2f} "
            f"| {_percentile(single[configuration], 0.95):.2f} | {batch_median:.1f} | {batch_median / len(batch):.2f} "
            f"| {len(batch) / batch_median * 1000:.0f} | {load_ms:.0f} | {_rss_after_load_mb(kernels, threads):.0f} "
            f"| {mean:.4f} · {lowest:.4f} |"
        )


if __name__ == "__main__":
    main()
