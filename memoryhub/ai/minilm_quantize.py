"""Build the integer-kernel copy of the MiniLM model: a script run in a process of its own.

    python memoryhub/ai/minilm_quantize.py SOURCE.onnx TARGET.onnx [u8|s8]

The pip package's ``model.onnx`` stores int8 weights but decodes them with ``Cast`` and ``Mul``
nodes, so ONNX Runtime folds them back into float weights at load and runs float matrix
products (and holds ~90 MB of float weights per process). This script gives ONNX Runtime the
same weights in the form its integer kernels run:

1. ONNX Runtime's basic optimisation folds the decoding into plain float weights (a temporary
   file beside the target);
2. ``onnxruntime.quantization.quantize_dynamic`` quantises the weight products and the word
   table per channel to 8 bits (``MatMulInteger`` with activations quantised per call, which
   ONNX Runtime fuses into its integer kernels). The weights' sign follows the processor
   (``weight_sign``): where it has VNNI (x86 ``avx512_vnni`` or ``avx_vnni``) signed weights,
   whose unsigned-by-signed products VNNI sums exactly in 32 bits (a third faster than unsigned
   by unsigned on this project's machine: 2.7 against 3.9 ms a query); elsewhere unsigned,
   because AVX2 without VNNI adds unsigned-by-signed products in pairs that can saturate.
3. One product stays in float: the first layer's feed-forward output, whose input carries the
   few very large activations BERT models are known for; one scale per call cannot hold them
   and the small ones at once. It is 1/18 of the work. With it in float, retrieval on the
   LoCoMo development half is not worse than the float model's (semantic ranking @5/@10/@20:
   41.0/51.1/60.0 % against 40.9/50.4/59.8 %; all 36 products in int8: 40.7/49.9/59.2 %; signed
   weights: 40.8/50.6/60.8 %).

Vectors agree with the float run to a cosine of about 0.995 (``benchmarks/embedding_latency.py``
reports the figure). It runs apart from the web and Celery processes because loading the
float model for the conversion costs a few hundred MB that a long-lived process would keep; it
imports nothing of MemoryHub, so it runs as a plain script. The result is written under a
temporary name and renamed into place, so a reader sees the whole file or none.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

# Per channel, 8-bit weights (``u8`` or ``s8``), MatMul and Gather (the 30,522-word table is most
# of the file), the first feed-forward output in float. A new recipe gets a new name: a new copy.
RECIPE = "dynamic-{sign}-per-channel-ffn0-float"
SIGNS = ("u8", "s8")


def weight_sign(cpu_flags: str | None = None) -> str:
    """``s8`` where the processor sums unsigned-by-signed byte products exactly (VNNI), else ``u8``.
    ``cpu_flags``: the flags line of /proc/cpuinfo (read when not given; elsewhere than Linux: u8)."""
    if cpu_flags is None:
        try:
            cpu_flags = next(
                (line for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("flags")), ""
            )
        except OSError:
            cpu_flags = ""
    return "s8" if {"avx512_vnni", "avx_vnni"} & set(cpu_flags.split()) else "u8"


def _first_feed_forward_output(model_path: Path) -> str:
    """The name of the first MatMul whose input is a GELU's output (``x * ...``: a Mul)."""
    import onnx

    graph = onnx.load(str(model_path), load_external_data=False).graph
    weights = {initializer.name for initializer in graph.initializer}
    producers = {output: node for node in graph.node for output in node.output}
    for node in graph.node:
        if node.op_type == "MatMul" and node.input[1] in weights:
            producer = producers.get(node.input[0])
            if producer is not None and producer.op_type == "Mul":
                return node.name
    raise ValueError(f"{model_path} has no feed-forward output product: not the MiniLM this recipe is for")


def quantize(source: Path, target: Path, sign: str = "u8") -> None:
    import onnxruntime
    from onnxruntime.quantization import QuantType, quantize_dynamic

    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".minilm-build-") as scratch:
        folded = Path(scratch) / "float.onnx"
        options = onnxruntime.SessionOptions()
        options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        options.log_severity_level = 3
        onnxruntime.InferenceSession(str(source), sess_options=options, providers=["CPUExecutionProvider"])
        quantized = Path(scratch) / "int8.onnx"
        quantize_dynamic(
            folded,
            quantized,
            weight_type={"u8": QuantType.QUInt8, "s8": QuantType.QInt8}[sign],
            per_channel=True,
            op_types_to_quantize=["MatMul", "Gather"],
            nodes_to_exclude=[_first_feed_forward_output(folded)],
        )
        os.replace(quantized, target)


def main(arguments: list[str]) -> int:
    if len(arguments) not in (2, 3) or (len(arguments) == 3 and arguments[2] not in SIGNS):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    quantize(Path(arguments[0]), Path(arguments[1]), *arguments[2:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
