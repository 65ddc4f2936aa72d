"""Build the integer-kernel copy of the MiniLM model: a script run in a process of its own.

    python memoryhub/ai/minilm_quantize.py SOURCE.onnx TARGET.onnx

The pip package's ``model.onnx`` stores int8 weights but decodes them with ``Cast`` and ``Mul``
nodes, so ONNX Runtime folds them back into float weights at load and runs float matrix
products (and holds ~90 MB of float weights per process). This script gives ONNX Runtime the
same weights in the form its integer kernels run:

1. ONNX Runtime's basic optimisation folds the decoding into plain float weights (a temporary
   file beside the target);
2. ``onnxruntime.quantization.quantize_dynamic`` quantises the weight products and the word
   table per channel to 8 bits (``MatMulInteger`` with activations quantised per call, which
   ONNX Runtime fuses into its integer kernels). Unsigned weights: AVX2 without VNNI multiplies
   unsigned by signed bytes in pairs that can saturate, unsigned by unsigned cannot.
3. One product stays in float: the first layer's feed-forward output, whose input carries the
   few very large activations BERT models are known for; one scale per call cannot hold them
   and the small ones at once. It is 1/18 of the work. With it in float, retrieval on the
   LoCoMo development half is not worse than the float model's (semantic ranking @5/@10/@20:
   41.0/51.1/60.0 % against 40.9/50.4/59.8 %; all 36 products in int8: 40.7/49.9/59.2 %).

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

# Per channel, unsigned 8-bit weights, MatMul and Gather (the 30,522-word table is most of the
# file), the first feed-forward output in float. A new recipe gets a new name: a new copy.
RECIPE = "dynamic-u8-per-channel-ffn0-float"


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


def quantize(source: Path, target: Path) -> None:
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
            weight_type=QuantType.QUInt8,
            per_channel=True,
            op_types_to_quantize=["MatMul", "Gather"],
            nodes_to_exclude=[_first_feed_forward_output(folded)],
        )
        os.replace(quantized, target)


def main(arguments: list[str]) -> int:
    if len(arguments) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    quantize(Path(arguments[0]), Path(arguments[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
