"""The Prometheus counters and histograms the processes record as they work (prometheus_client).

The web server's workers and the Celery workers are separate processes, and a scrape reaches one
of them: with ``MEMORYHUB_METRICS`` on, each process writes its values to files in
``PROMETHEUS_MULTIPROC_DIR`` (prometheus_client's multiprocess mode, chosen by the settings before
this module is imported), and ``/metrics`` adds them up. What the database or the broker already
knows (windows by state, memories per community, the queue's depth) is read when scraped instead
(``memoryhub/metrics.py``). With metrics off these count in each process's memory, unread: an
increment is all they cost.

Requests are counted by ``RequestsCounted``, a middleware of one counter increment and one
histogram observation (three writes to a mapped file), on when metrics are. django-prometheus's
middleware records fifteen values a request, about 100 µs of a web worker's CPU against about
15 µs for this one (2026-11-29, a loaded 2-core AMD EPYC): too much for ``/context``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from prometheus_client import Counter, Histogram

REQUESTS = Counter(
    "memoryhub_http_requests",
    "Requests answered, by route (the URL pattern's name; none: static files and unknown paths), method and status.",
    ["view", "method", "status"],
)
REQUEST_SECONDS = Histogram(
    "memoryhub_http_request_seconds",
    "Time in Django (middleware and view) per request, by route.",
    ["view"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)
# Anything else a client sends as a method is counted as "other": a label never takes what a
# client made up.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})

LLM_CALLS = Counter(
    "memoryhub_llm_calls",
    "Calls to the remote LLM by purpose and outcome (ok, unavailable: timeouts, 429 and 5xx after "
    "the client's retries, error: any other refusal).",
    ["purpose", "outcome"],
)
LLM_TOKENS = Counter(
    "memoryhub_llm_tokens",
    "Tokens the remote LLM reported using, by purpose and kind (prompt, completion).",
    ["purpose", "kind"],
)
EXTRACTION_SECONDS = Histogram(
    "memoryhub_extraction_seconds",
    "How long one extraction attempt of a window took, from its claim to its end, by outcome "
    "(done, retry, failed, lost).",
    ["outcome"],
    buckets=(0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300),
)
EXTRACTION_LAG_SECONDS = Histogram(
    "memoryhub_extraction_lag_seconds",
    "From a window becoming due for extraction to its extraction being done.",
    buckets=(1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 4 * 3600),
)


class RequestsCounted:
    """Count each request by route and status, first of the middleware: whatever answers (the
    view, a middleware, Django's error handling), on the fast path (core/fastpath/bridge.py runs
    Django's WSGI handler, middleware and all) and on the streams' ASGI path alike."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        started = time.perf_counter()
        response = self.get_response(request)
        match = request.resolver_match
        view = (match.view_name or "unnamed") if match is not None else "none"
        method = request.method if request.method in METHODS else "other"
        REQUESTS.labels(view, method, str(response.status_code)).inc()
        REQUEST_SECONDS.labels(view).observe(time.perf_counter() - started)
        return response
