"""The embedders: the local MiniLM model on ONNX Runtime, and an OpenAI-compatible endpoint."""

from __future__ import annotations

import collections
import dataclasses
import hashlib
import json
import shutil
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from django.core.exceptions import ImproperlyConfigured

from memoryhub.ai import embeddings
from memoryhub.ai.embeddings import (
    EmbeddingError,
    EmbeddingModelError,
    EmbeddingUnavailableError,
    LocalMiniLMEmbedder,
    OpenAIEmbedder,
    embedder_get,
)
from memoryhub.ai.minilm_quantize import fold, fuse, processor_text, quantize, weight_sign

KITTEN = "I adopted a kitten"
CAT = "I got a new cat"
STOCKS = "The stock market fell today"


@pytest.fixture(scope="module")
def local() -> LocalMiniLMEmbedder:
    return LocalMiniLMEmbedder()


def _cosine(a: np.ndarray, b: np.ndarray) -> float:
    return float(a @ b)  # the rows are unit vectors


# --- Local MiniLM ------------------------------------------------------------------------------


def test_local_model_gives_one_384_dimensional_unit_vector_per_text(local: LocalMiniLMEmbedder) -> None:
    vectors = local.embed([KITTEN, CAT, STOCKS, ""])

    assert vectors.shape == (4, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert local.model_name == "all-MiniLM-L6-v2-int8"
    assert local.dimensions == 384


def test_one_text_gives_a_single_vector_equal_to_its_row_in_a_batch(local: LocalMiniLMEmbedder) -> None:
    one = local.embed_one(CAT)

    assert one.shape == (384,)
    np.testing.assert_allclose(one, local.embed([KITTEN, CAT])[1], atol=1e-6)


def test_no_texts_give_an_empty_matrix(local: LocalMiniLMEmbedder) -> None:
    assert local.embed([]).shape == (0, 384)


def test_sentences_with_the_same_meaning_are_closer_than_unrelated_ones(local: LocalMiniLMEmbedder) -> None:
    kitten, cat, stocks = local.embed([KITTEN, CAT, STOCKS])

    assert _cosine(kitten, cat) > 0.5
    assert _cosine(kitten, cat) > _cosine(kitten, stocks) + 0.3
    assert _cosine(kitten, cat) > _cosine(cat, stocks) + 0.3


def test_batching_gives_the_same_vectors_as_one_by_one(local: LocalMiniLMEmbedder) -> None:
    # Lengths from one token to past the limit, so runs are padded differently than singles.
    texts = [
        "ok",
        KITTEN,
        "My sister Jane is visiting from Berlin next month, so I won't be online much.",
        STOCKS,
        "We're moving to Lisbon in September; the paperwork is a nightmare and the movers keep changing the date. " * 4,
        CAT,
        "word " * 400,
    ] * 6
    small_runs = LocalMiniLMEmbedder(batch_size=4)

    one_by_one = np.stack([local.embed_one(text) for text in texts])

    np.testing.assert_allclose(local.embed(texts), one_by_one, atol=1e-5)
    np.testing.assert_allclose(small_runs.embed(texts), one_by_one, atol=1e-5)


def test_long_text_is_cut_at_256_tokens_without_error(local: LocalMiniLMEmbedder) -> None:
    # 200 filler words leave the next word inside the model's 256 tokens (the tokenizer file
    # itself says 128), and anything after 300 filler words outside them.
    filler = "and " * 200
    inside_kitten, inside_stocks = local.embed([filler + "kittens purr", filler + "stocks crash"])
    filler = "and " * 300
    beyond_kitten, beyond_stocks = local.embed([filler + "kittens purr", filler + "stocks crash"])

    assert _cosine(inside_kitten, inside_stocks) < 0.999
    np.testing.assert_allclose(beyond_kitten, beyond_stocks, atol=1e-6)
    np.testing.assert_allclose(np.linalg.norm(local.embed_one("word " * 20_000)), 1.0, atol=1e-5)


def test_a_model_file_that_does_not_match_its_checksum_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embeddings, "_runtimes", {})  # forget the loaded model, as a new process would
    monkeypatch.setattr(embeddings, "MINILM_MODEL_SHA256", "0" * 64)

    with pytest.raises(EmbeddingModelError, match=r"embedding model .*model\.onnx has SHA-256 8199be6f.*expected 0000"):
        LocalMiniLMEmbedder().embed([KITTEN])


def test_a_tokenizer_file_that_does_not_match_its_checksum_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(embeddings, "_runtimes", {})
    monkeypatch.setattr(embeddings, "MINILM_TOKENIZER_SHA256", "0" * 64)

    with pytest.raises(EmbeddingModelError, match=r"embedding tokenizer .*tokenizer\.json has SHA-256"):
        LocalMiniLMEmbedder().embed_one(KITTEN)


def test_the_tokenizer_kept_in_the_project_matches_its_checksum_and_licence() -> None:
    tokenizer = embeddings.MINILM_TOKENIZER_PATH

    assert hashlib.sha256(tokenizer.read_bytes()).hexdigest() == embeddings.MINILM_TOKENIZER_SHA256
    notice = (tokenizer.parent / "NOTICE").read_text()
    assert "all-MiniLM-L6-v2" in notice
    assert "Apache License, Version 2.0" in notice
    assert "Apache License" in (tokenizer.parent / "LICENSE").read_text()


def test_the_local_embedder_is_the_default(settings: Any) -> None:
    settings.MEMORYHUB_EMBEDDINGS = "local"

    assert isinstance(embedder_get(), LocalMiniLMEmbedder)
    assert embedder_get() is embedder_get()


def test_the_local_embedder_runs_on_the_configured_number_of_threads(settings: Any) -> None:
    settings.MEMORYHUB_EMBEDDINGS = "local"
    settings.MEMORYHUB_EMBEDDING_THREADS = 2

    embedder = embedder_get()

    assert isinstance(embedder, LocalMiniLMEmbedder)
    assert embedder.threads == 2
    np.testing.assert_allclose(embedder.embed_one(KITTEN), LocalMiniLMEmbedder(threads=1).embed_one(KITTEN), atol=1e-5)


# --- OpenAI-compatible endpoint ------------------------------------------------------------------


class EmbeddingsStub(ThreadingHTTPServer):
    """Just enough of ``POST /v1/embeddings`` on 127.0.0.1: vectors from the text's hash, not normalised."""

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _EmbeddingsHandler)
        self.requests: list[dict[str, Any]] = []
        self.fail_with: int | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/v1"


def stub_vector(text: str, dimensions: int) -> list[float]:
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return (np.random.default_rng(seed).normal(size=dimensions) * 3).tolist()


class _EmbeddingsHandler(BaseHTTPRequestHandler):
    server: EmbeddingsStub

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append({"path": self.path, "authorization": self.headers["Authorization"], **body})
        if self.server.fail_with:
            self._reply(self.server.fail_with, {"error": {"message": "stub failure", "type": "server_error"}})
            return
        data = [
            {"object": "embedding", "index": index, "embedding": stub_vector(text, body["dimensions"])}
            for index, text in enumerate(body["input"])
        ]
        data.reverse()  # servers may answer out of order: the index says where each vector goes
        self._reply(200, {"object": "list", "data": data, "model": body["model"], "usage": {}})

    def _reply(self, status: int, payload: dict[str, Any]) -> None:
        encoded = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(encoded)))
        self.end_headers()
        self.wfile.write(encoded)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def stub() -> Iterator[EmbeddingsStub]:
    server = EmbeddingsStub()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


@pytest.fixture
def openai_settings(settings: Any, stub: EmbeddingsStub) -> Any:
    settings.MEMORYHUB_EMBEDDINGS = "openai"
    settings.MEMORYHUB_OPENAI_EMBEDDING_MODEL = "text-embedding-3-small"
    settings.OPENAI_API_KEY = "sk-test"
    settings.OPENAI_BASE_URL = stub.base_url
    return settings


def test_openai_embedder_asks_for_384_dimensions_in_batches_of_256(openai_settings: Any, stub: EmbeddingsStub) -> None:
    texts = [f"memory number {index}" for index in range(300)]

    embedder = embedder_get()
    vectors = embedder.embed(texts)

    assert isinstance(embedder, OpenAIEmbedder)
    assert embedder.model_name == "openai:text-embedding-3-small"
    assert [len(request["input"]) for request in stub.requests] == [256, 44]
    assert {request["path"] for request in stub.requests} == {"/v1/embeddings"}
    assert {request["model"] for request in stub.requests} == {"text-embedding-3-small"}
    assert {request["dimensions"] for request in stub.requests} == {384}
    assert {request["authorization"] for request in stub.requests} == {"Bearer sk-test"}
    assert vectors.shape == (300, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    expected = np.asarray(stub_vector(texts[299], 384))
    np.testing.assert_allclose(vectors[299], expected / np.linalg.norm(expected), atol=1e-6)


def test_openai_embedder_for_one_text(openai_settings: Any, stub: EmbeddingsStub) -> None:
    vector = embedder_get().embed_one(KITTEN)

    assert vector.shape == (384,)
    assert stub.requests[0]["input"] == [KITTEN]


def test_an_openai_server_error_is_reported_as_unavailable(openai_settings: Any, stub: EmbeddingsStub) -> None:
    stub.fail_with = 503

    with pytest.raises(EmbeddingUnavailableError, match="openai:text-embedding-3-small is unavailable"):
        OpenAIEmbedder(max_retries=0).embed([KITTEN])


def test_an_openai_refusal_is_reported_as_an_embedding_error(openai_settings: Any, stub: EmbeddingsStub) -> None:
    stub.fail_with = 400

    with pytest.raises(EmbeddingError, match="refused to embed") as refusal:
        OpenAIEmbedder(max_retries=0).embed([KITTEN])
    assert not isinstance(refusal.value, EmbeddingUnavailableError)


def test_a_repeated_query_comes_from_the_cache_as_the_same_vector() -> None:
    local = LocalMiniLMEmbedder()
    fresh = local.embed(["Alice keeps bees"])[0]
    first = local.embed_one("Alice keeps bees")
    hits = local._query_cached.cache_info().hits
    again = local.embed_one("Alice keeps bees")
    assert local._query_cached.cache_info().hits == hits + 1
    np.testing.assert_array_equal(first, again)
    np.testing.assert_allclose(again, fresh, atol=1e-6)
    with pytest.raises(ValueError, match="read-only"):
        again[0] = 1.0  # shared by every caller: nobody may change it


def test_with_no_query_cache_every_query_is_embedded_again(settings: Any) -> None:
    settings.MEMORYHUB_QUERY_CACHE_SIZE = 0  # as the HTTP benchmarks run the server
    local = embedder_get()
    assert isinstance(local, LocalMiniLMEmbedder)
    first = local.embed_one("Alice keeps bees")
    again = local.embed_one("Alice keeps bees")
    info = local._query_cached.cache_info()
    assert (info.hits, info.misses, info.currsize) == (0, 2, 0)
    np.testing.assert_array_equal(first, again)


def test_the_query_cache_size_comes_from_the_settings_and_may_not_be_negative(settings: Any) -> None:
    settings.MEMORYHUB_QUERY_CACHE_SIZE = 3
    assert LocalMiniLMEmbedder()._query_cached.cache_info().maxsize == 3
    assert LocalMiniLMEmbedder(query_cache_size=5)._query_cached.cache_info().maxsize == 5
    with pytest.raises(ValueError, match="MEMORYHUB_QUERY_CACHE_SIZE"):
        LocalMiniLMEmbedder(query_cache_size=-1)


# --- Integer kernels ---------------------------------------------------------------------------


def test_the_int8_copy_runs_integer_matrix_products_on_int8_weights() -> None:
    import onnx

    LocalMiniLMEmbedder(kernels="int8").embed_one(KITTEN)  # builds the copy if this machine has none
    model = onnx.load(str(embeddings._minilm_int8_path()))
    weights = {initializer.name: initializer for initializer in model.graph.initializer}
    products = [node for node in model.graph.node if node.op_type in ("MatMul", "MatMulInteger")]
    on_weights = [node for node in products if any(name in weights for name in node.input)]

    # Of the 36 products with a weight matrix (6 per layer, 6 layers) all but the first layer's
    # feed-forward output are integer ones on 8-bit weights (attention's products of activations
    # with each other are inside its fused node).
    integer = [node for node in on_weights if node.op_type == "MatMulInteger"]
    assert len(on_weights) == 36
    assert len(integer) == 35
    # Signed weights where the processor sums their products exactly (VNNI), else unsigned.
    expected = {"s8": onnx.TensorProto.INT8, "u8": onnx.TensorProto.UINT8}[weight_sign()]
    assert {weights[node.input[1]].data_type for node in integer} == {expected}
    # The word table is stored as int8 too: the whole copy is about the size of the package's file.
    assert embeddings._minilm_int8_path().stat().st_size < 30_000_000


def test_the_session_leaves_each_residual_addition_apart_from_its_layer_normalisation(tmp_path: Any) -> None:
    import onnx

    LocalMiniLMEmbedder(kernels="int8").embed_one(KITTEN)  # builds the copy if this machine has none
    optimized = tmp_path / "optimized.onnx"
    embeddings._minilm_session(str(embeddings._minilm_int8_path()), threads=1, optimized_path=optimized)
    operators = [node.op_type for node in onnx.load(str(optimized)).graph.node]

    # ONNX Runtime's fused SkipLayerNormalization is the slow kernel on the CPU (speed is measured in
    # benchmarks/embedding_latency.py): the 12 residual additions and their normalisations stay apart.
    assert "SkipLayerNormalization" not in operators
    assert operators.count("LayerNormalization") == 13  # the embeddings' and two in each of 6 layers
    # The other fusions still apply: the integer products run on the fused integer kernels.
    assert "DynamicQuantizeMatMul" in operators


def test_the_int8_copy_runs_each_attention_and_gelu_as_one_node() -> None:
    import onnx

    LocalMiniLMEmbedder(kernels="int8").embed_one(KITTEN)  # builds the copy if this machine has none
    operators = collections.Counter(node.op_type for node in onnx.load(str(embeddings._minilm_int8_path())).graph.node)

    assert operators["MultiHeadAttention"] == 6
    assert operators["Gelu"] == 6
    assert operators["Softmax"] == operators["Erf"] == operators["Transpose"] == 0  # nothing of them left apart


def _runs(runtime: Any, session: Any, texts: list[str]) -> tuple[np.ndarray, list[int]]:
    """The last hidden states of ``texts`` padded into one run of ``session``, and their lengths."""
    ids = [encoding.ids for encoding in runtime.tokenizer.encode_batch(texts)]
    return session.run(None, embeddings._minilm_feeds(runtime, ids))[0], [len(row) for row in ids]


def test_fusing_keeps_the_arithmetic_with_padding_and_after_8_bit_rounding(tmp_path: Any) -> None:
    runtime = embeddings._minilm_runtime(1, "int8")
    texts = [KITTEN, "My sister Jane is visiting from Berlin next month, and I have to tidy up.", "ok"]
    package = resources.files(embeddings.MINILM_MODEL_PACKAGE).joinpath(embeddings.MINILM_MODEL_FILE)
    with resources.as_file(package) as source:
        fold(source, tmp_path / "float.onnx")
        quantize(source, tmp_path / "int8-apart.onnx", weight_sign(), fused=False)  # 2-3 s
    shutil.copy(tmp_path / "float.onnx", tmp_path / "float-fused.onnx")
    fuse(tmp_path / "float-fused.onnx")

    # In float, where no 8-bit rounding blurs it: texts of different lengths padded into one run
    # (the mask keeps padding out of each text's attention) give the unfused graph's states.
    apart, lengths = _runs(runtime, embeddings._minilm_session(str(tmp_path / "float.onnx"), threads=1), texts)
    fused, _ = _runs(runtime, embeddings._minilm_session(str(tmp_path / "float-fused.onnx"), threads=1), texts)
    for row, length in enumerate(lengths):
        assert np.abs(fused[row, :length] - apart[row, :length]).max() < 1e-4

    # The copy the service runs (each text alone) gives the unfused copy's vectors to within rounding.
    int8_apart = dataclasses.replace(
        runtime, session=embeddings._minilm_session(str(tmp_path / "int8-apart.onnx"), threads=1)
    )
    for text in texts:
        ids = [runtime.tokenizer.encode(text).ids]
        assert _cosine(embeddings._minilm_run(runtime, ids)[0], embeddings._minilm_run(int8_apart, ids)[0]) > 0.995


def test_int8_and_float_kernels_give_the_same_model_to_within_rounding() -> None:
    texts = [KITTEN, CAT, STOCKS, "My sister Jane is visiting from Berlin next month.", "ok"]
    int8 = LocalMiniLMEmbedder(kernels="int8").embed(texts)
    float_ = LocalMiniLMEmbedder(kernels="float").embed(texts)

    cosines = (int8 * float_).sum(axis=1)
    assert cosines.min() > 0.95
    assert cosines.mean() > 0.98
    assert not np.allclose(int8, float_, atol=1e-4)  # the int8 run is not the float run by another name
    # Vectors of one are compared with stored vectors of the other: the meaning ranks the same.
    assert _cosine(int8[0], float_[1]) > _cosine(int8[0], float_[2])


def test_a_failed_build_of_the_int8_copy_is_a_clear_error_and_leaves_no_file(
    monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Any
) -> None:
    monkeypatch.setattr(embeddings, "_runtimes", {})
    settings.MEMORYHUB_MODELS_DIR = tmp_path / "models"
    failing = tmp_path / "failing.py"
    failing.write_text("import sys\nprint('no space left on device', file=sys.stderr)\nsys.exit(1)\n")
    monkeypatch.setattr(embeddings, "MINILM_QUANTIZE_SCRIPT", failing)

    with pytest.raises(EmbeddingModelError, match=r"no space left on device.*MEMORYHUB_EMBEDDING_KERNELS=float"):
        LocalMiniLMEmbedder(kernels="int8").embed_one(KITTEN)
    assert [path.name for path in (tmp_path / "models").iterdir() if path.suffix == ".onnx"] == []


def test_an_unknown_kernel_choice_is_refused(settings: Any) -> None:
    settings.MEMORYHUB_EMBEDDINGS = "local"
    settings.MEMORYHUB_EMBEDDING_KERNELS = "fp16"

    with pytest.raises(ImproperlyConfigured, match="MEMORYHUB_EMBEDDING_KERNELS='fp16' is not one of: int8, float"):
        embedder_get()
    with pytest.raises(ValueError, match="kernels must be one of int8, float"):
        LocalMiniLMEmbedder(kernels="fp16")


def test_make_run_prepares_the_model_before_the_servers_start(settings: Any) -> None:
    from io import StringIO

    from django.core.management import call_command

    settings.MEMORYHUB_EMBEDDINGS = "local"
    output = StringIO()
    call_command("prepare_embeddings", stdout=output)
    assert "all-MiniLM-L6-v2-int8 (int8 kernels) ready" in output.getvalue()
    assert embeddings._minilm_int8_path().exists()

    settings.MEMORYHUB_EMBEDDINGS = "openai"
    output = StringIO()
    call_command("prepare_embeddings", stdout=output)
    assert output.getvalue().strip() == "embeddings: openai, nothing to prepare"


@pytest.mark.parametrize(
    ("flags", "sign"),
    [
        ("flags\t\t: fpu sse2 avx avx2 avx512f avx512_vnni", "s8"),
        ("flags\t\t: fpu sse2 avx avx2 avx_vnni", "s8"),
        ("flags\t\t: fpu sse2 avx avx2 avx512f avx512bw", "u8"),  # AVX2/AVX-512 without VNNI: pairs can saturate
        ("", "u8"),  # not Linux, or flags unknown
    ],
)
def test_the_weights_are_signed_only_where_the_processor_has_vnni(flags: str, sign: str) -> None:
    assert weight_sign(flags) == sign


def test_the_benchmarks_name_the_processor_and_the_weights_it_gets() -> None:
    text = processor_text()
    assert text.endswith(f"({weight_sign()} weights)")
    assert ("without VNNI" in text) == (weight_sign() == "u8")
    model = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        "processor unknown",
    )
    assert text.startswith(f"{model}, ")
