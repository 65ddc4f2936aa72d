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
   because AVX2 without VNNI adds unsigned-by-signed products in pairs that can saturate. On
   such a machine (2026-11-24, AMD EPYC with AVX2 only) signed weights ran 8-15 % faster, but
   semantic ranking on the recall benchmark's development conversations fell from 41.2/50.5/60.2 % (@5/@10/@20) to
   40.0/49.8/58.9 %; signed 7-bit weights (``reduce_range``, which cannot saturate) fell to
   38.9/48.3/58.8 %.
3. One product stays in float: the first layer's feed-forward output, whose input carries the
   few very large activations BERT models are known for; one scale per call cannot hold them
   and the small ones at once. It is 1/18 of the work. With it in float, retrieval on the
   recall benchmark's development conversations is not worse than the float model's (semantic ranking @5/@10/@20:
   41.0/51.1/60.0 % against 40.9/50.4/59.8 %; all 36 products in int8: 40.7/49.9/59.2 %; signed
   weights: 40.8/50.6/60.8 %).
4. Each layer's attention becomes one ``MultiHeadAttention`` node and each GELU one ``Gelu``
   node, ONNX Runtime's own kernels for them (``fuse``). The export spells attention out as
   some 25 small operations a layer (reshapes, transposes, the scaling of queries and keys,
   softmax and a guard against rows with every key masked) and GELU as five. ONNX Runtime's
   transformer optimiser does not recognise this export's attention (and needs sympy to run
   at all), so the graph is rewritten here by hand: 277 nodes as ONNX Runtime runs them become 113, and a query
   of 17 tokens takes 2.17 → 1.89 ms of CPU (10 tokens 1.52 → 1.29, 30 tokens 3.57 → 3.22;
   one thread, interleaved). The arithmetic is the same: the kernels add the same mask and
   scale by the same 1/√32, so vectors differ from the unfused graph's by rounding, moved a
   little further by the 8-bit rounding of the activations after attention (cosine 0.99995
   on average over 300 chat messages, 0.997 at the lowest).

Vectors agree with the float run to a cosine of about 0.995 (``benchmarks/embedding_latency.py``
reports the figure). It runs apart from the web and Celery processes because loading the
float model for the conversion costs a few hundred MB that a long-lived process would keep; it
imports nothing of MemoryHub, so it runs as a plain script. The result is written under a
temporary name and renamed into place, so a reader sees the whole file or none.
"""

from __future__ import annotations

import collections
import math
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

# Per channel, 8-bit weights (``u8`` or ``s8``), MatMul and Gather (the 30,522-word table is most
# of the file), the first feed-forward output in float. A new recipe gets a new name: a new copy.
# Attention and GELU fused into one node each.
RECIPE = "dynamic-{sign}-per-channel-ffn0-float-fused"
SIGNS = ("u8", "s8")
# all-MiniLM-L6-v2: 6 layers; attention over 384 dimensions in 12 heads of 32.
LAYERS = 6
HEADS = 12
HEAD_SIZE = 32


def _cpu_info(field: str) -> str:
    """The value of ``field`` in /proc/cpuinfo's first processor ("" elsewhere than Linux)."""
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        return ""
    return next((line.partition(":")[2].strip() for line in lines if line.split(":")[0].strip() == field), "")


def weight_sign(cpu_flags: str | None = None) -> str:
    """``s8`` where the processor sums unsigned-by-signed byte products exactly (VNNI), else ``u8``.
    ``cpu_flags``: the flags of /proc/cpuinfo (read when not given; elsewhere than Linux: u8)."""
    if cpu_flags is None:
        cpu_flags = _cpu_info("flags")
    return "s8" if {"avx512_vnni", "avx_vnni"} & set(cpu_flags.split()) else "u8"


def processor_text() -> str:
    """The processor as the benchmarks name it: its model, and whether it has VNNI, which decides the
    weights' sign and most of a query's embedding time (README, *Local query embedding*)."""
    sign = weight_sign()
    vnni = "with VNNI" if sign == "s8" else "without VNNI"
    return f"{_cpu_info('model name') or 'processor unknown'}, {vnni} ({sign} weights)"


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


def quantize(source: Path, target: Path, sign: str = "u8", *, fused: bool = True) -> None:
    """Build the copy of ``source`` at ``target`` (``fused`` False: without step 4, for comparison)."""
    import onnxruntime
    from onnxruntime.quantization import QuantType, quantize_dynamic

    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".minilm-build-") as scratch:
        folded = Path(scratch) / "float.onnx"
        fold(source, folded)
        quantized = Path(scratch) / "int8.onnx"
        quantize_dynamic(
            folded,
            quantized,
            weight_type={"u8": QuantType.QUInt8, "s8": QuantType.QInt8}[sign],
            per_channel=True,
            op_types_to_quantize=["MatMul", "Gather"],
            nodes_to_exclude=[_first_feed_forward_output(folded)],
        )
        if fused:
            fuse(quantized)
        # A graph ONNX Runtime cannot load fails the build here, not a request later.
        check = onnxruntime.SessionOptions()
        check.log_severity_level = 3
        onnxruntime.InferenceSession(str(quantized), sess_options=check, providers=["CPUExecutionProvider"])
        os.replace(quantized, target)


def fold(source: Path, target: Path) -> None:
    """Step 1: the model with its weights decoded to plain floats, as ONNX Runtime's basic
    optimisation leaves it."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.optimized_model_filepath = str(target)
    options.log_severity_level = 3
    onnxruntime.InferenceSession(str(source), sess_options=options, providers=["CPUExecutionProvider"])


def fuse(path: Path) -> None:
    """Rewrite the model at ``path`` in place: each layer's attention as one ``MultiHeadAttention``
    node, each GELU as one ``Gelu`` node (both ``com.microsoft``, ONNX Runtime's contrib domain).

    Every tensor the new nodes read is checked to be what the export made of it (the queries',
    keys' and values' projections with their bias added, a scale of 1/√``HEAD_SIZE`` split
    between queries and keys, GELU's constants); anything else is a ValueError, as for a model
    this recipe is not for.
    """
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    producers = {output: node for node in graph.node for output in node.output}
    consumers: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    constants = {initializer.name: initializer for initializer in graph.initializer}

    def unexpected(what: str) -> ValueError:
        return ValueError(f"{path}: {what}: not the MiniLM this recipe is for")

    def constant(name: str) -> float:
        if name not in constants:
            raise unexpected(f"{name} is not a constant")
        return float(numpy_helper.to_array(constants[name]))

    def read_by(tensor: str, op_type: str) -> Any:
        found = [node for node in consumers.get(tensor, []) if node.op_type == op_type]
        if len(found) != 1:
            raise unexpected(f"{tensor} is read by {len(found)} {op_type} nodes, not one")
        return found[0]

    def made_by(tensor: str, op_type: str) -> Any:
        node = producers.get(tensor)
        if node is None or node.op_type != op_type:
            raise unexpected(f"{tensor} is not made by {op_type}")
        return node

    def projection(tensor: str) -> tuple[str, float]:
        """Back from attention's view of queries, keys or values (reshaped into heads, transposed,
        scaled) to the projection's output: that tensor and the scale met on the way."""
        scale, node = 1.0, producers.get(tensor)
        while node is not None and node.op_type in ("Reshape", "Transpose", "Mul"):
            if node.op_type == "Mul":
                scale *= constant(node.input[1])
            tensor = node.input[0]
            node = producers.get(tensor)
        made_by(tensor, "Add")  # the projection's bias
        return tensor, scale

    new_nodes: list[Any] = []
    replaced: list[Any] = []
    for softmax in [node for node in graph.node if node.op_type == "Softmax"]:
        masked = made_by(softmax.input[0], "Add")  # scores + mask
        scores = made_by(masked.input[0], "MatMul")
        query, query_scale = projection(scores.input[0])
        key, key_scale = projection(scores.input[1])
        if not math.isclose(query_scale * key_scale, 1 / math.sqrt(HEAD_SIZE), rel_tol=1e-5):
            raise unexpected(f"attention scaled by {query_scale * key_scale}")
        guard = read_by(read_by(softmax.output[0], "IsNaN").output[0], "Where")  # fully masked rows
        weighted = read_by(guard.output[0], "MatMul")
        value, value_scale = projection(weighted.input[1])
        merged = read_by(read_by(weighted.output[0], "Transpose").output[0], "Reshape")  # heads back together
        if value_scale != 1.0:
            raise unexpected("values scaled")
        replaced.append(merged)
        new_nodes.append(
            helper.make_node(
                "MultiHeadAttention",
                [query, key, value, "", "", masked.input[1]],  # the mask as an attention bias
                list(merged.output),
                name=f"fused_attention_{len(new_nodes)}",
                domain="com.microsoft",
                num_heads=HEADS,
            )
        )
    for erf in [node for node in graph.node if node.op_type == "Erf"]:
        divided = made_by(erf.input[0], "Div")  # x / √2
        plus_one = read_by(erf.output[0], "Add")
        half = read_by(plus_one.output[0], "Mul")
        gelu = read_by(half.output[0], "Mul")  # x · ½(1 + erf(x / √2))
        x = divided.input[0]
        checks = [
            math.isclose(constant(divided.input[1]), math.sqrt(2), rel_tol=1e-6),
            constant(next(name for name in plus_one.input if name != erf.output[0])) == 1.0,
            constant(next(name for name in half.input if name != plus_one.output[0])) == 0.5,
            x in gelu.input,
        ]
        if not all(checks):
            raise unexpected(f"{erf.name} is not part of an exact GELU")
        replaced.append(gelu)
        new_nodes.append(
            helper.make_node(
                "Gelu", [x], list(gelu.output), name=f"fused_gelu_{len(new_nodes)}", domain="com.microsoft"
            )
        )
    found = collections.Counter(node.op_type for node in new_nodes)
    if found != {"MultiHeadAttention": LAYERS, "Gelu": LAYERS}:
        raise unexpected(f"found {dict(found)}, not {LAYERS} attentions and GELUs")
    for node in replaced:
        graph.node.remove(node)
    graph.node.extend(new_nodes)
    _unused_removed(graph)
    _sorted(graph)
    if not any(opset.domain == "com.microsoft" for opset in model.opset_import):
        model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
    onnx.save(model, str(path))


def _unused_removed(graph: Any) -> None:
    """Drop the nodes whose outputs nothing reads any more (what the fused nodes replaced)."""
    wanted = {output.name for output in graph.output}
    while True:
        read = {name for node in graph.node for name in node.input} | wanted
        unused = [node for node in graph.node if not any(output in read for output in node.output)]
        if not unused:
            return
        for node in unused:
            graph.node.remove(node)


def _sorted(graph: Any) -> None:
    """The nodes in an order where each comes after what it reads, as ONNX requires."""
    ready = {item.name for item in graph.input} | {item.name for item in graph.initializer} | {""}
    ordered, waiting = [], list(graph.node)
    while waiting:
        still = []
        for node in waiting:
            if all(name in ready for name in node.input):
                ordered.append(node)
                ready.update(node.output)
            else:
                still.append(node)
        if len(still) == len(waiting):
            raise ValueError(f"the graph has a cycle or reads what nothing makes: {still[0].name}")
        waiting = still
    del graph.node[:]
    graph.node.extend(ordered)


def main(arguments: list[str]) -> int:
    if len(arguments) not in (2, 3) or (len(arguments) == 3 and arguments[2] not in SIGNS):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    quantize(Path(arguments[0]), Path(arguments[1]), *arguments[2:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
