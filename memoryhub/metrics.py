"""``/metrics`` for Prometheus: what the processes counted, and what the database and broker hold.

Off unless ``MEMORYHUB_METRICS`` is on (then 404, as if absent). On, it answers a request from
this machine's loopback that no proxy forwarded, or one with ``Authorization: Bearer
<MEMORYHUB_METRICS_TOKEN>``; anyone else gets 403. A proxy on the same machine connects from
loopback too, so a request that carries a forwarding header is never taken for a local one.

Two sources, because the web server and the workers are separate processes:

- counters and histograms recorded as the processes work (requests by route and status from
  ``core.metrics.RequestsCounted``, LLM calls and tokens, extraction time and lag: ``core.metrics``),
  added up over every process of this machine from ``PROMETHEUS_MULTIPROC_DIR``;
- gauges read at scrape time (``DatabaseCollector``): windows by state, how long the oldest due
  window has waited, memories and recall entries per community, the task queue's depth. The
  database and broker are shared by every machine, so every machine's scrape shows the same.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
from collections.abc import Iterator

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from chat.selectors import window_oldest_waiting_since, windows_per_state
from memories.selectors.counts import memories_per_community, recall_entries_per_community
from memoryhub.health import broker_queue_depth

logger = logging.getLogger(__name__)

FORWARDING_HEADERS = ("HTTP_X_FORWARDED_FOR", "HTTP_FORWARDED", "HTTP_X_REAL_IP")


class DatabaseCollector(Collector):
    """The gauges read when scraped: a few grouped counts and the broker's queue length."""

    def collect(self) -> Iterator[Metric]:
        windows = GaugeMetricFamily("memoryhub_windows", "Extraction windows by state.", labels=["state"])
        for state, count in windows_per_state().items():
            windows.add_metric([state], count)
        yield windows
        since = window_oldest_waiting_since()
        yield GaugeMetricFamily(
            "memoryhub_extraction_oldest_waiting_seconds",
            "How long the window waiting longest for extraction (due or being extracted) has waited "
            "since it became due; 0 when none waits.",
            value=max(0.0, (timezone.now() - since).total_seconds()) if since else 0.0,
        )
        memories = GaugeMetricFamily("memoryhub_memories", "Live memories per community.", labels=["community"])
        for slug, count in memories_per_community().items():
            memories.add_metric([slug], count)
        yield memories
        recall = GaugeMetricFamily(
            "memoryhub_recall_entries", "Recall entries (lines searchable) per community.", labels=["community"]
        )
        for slug, count in recall_entries_per_community().items():
            recall.add_metric([slug], count)
        yield recall
        try:
            depth: int | None = broker_queue_depth()
        except Exception as exc:  # the broker is down: say so, and keep the other figures
            logger.warning("metrics: the broker is unreachable (%s)", type(exc).__name__)
            depth = None
        yield GaugeMetricFamily(
            "memoryhub_broker_up", "1 when the task broker answered this scrape.", value=int(depth is not None)
        )
        queue = GaugeMetricFamily("memoryhub_queue_depth", "Tasks waiting in the task queue.", labels=["queue"])
        if depth is not None:
            queue.add_metric([settings.CELERY_TASK_DEFAULT_QUEUE], depth)
        yield queue


def metrics_allowed(request: HttpRequest) -> bool:
    """From this machine's loopback and not forwarded, or with the metrics token."""
    token = settings.MEMORYHUB_METRICS_TOKEN
    if token:
        scheme, _, given = request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode()):
            return True
    if any(header in request.META for header in FORWARDING_HEADERS):
        return False
    try:
        return ipaddress.ip_address(request.META.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


def metrics(request: HttpRequest) -> HttpResponse:
    if not settings.MEMORYHUB_METRICS:
        raise Http404("Metrics are off.")
    if not metrics_allowed(request):
        return JsonResponse(
            {"error": {"code": "forbidden", "message": "Metrics are for this machine or the metrics token."}},
            status=403,
        )
    if "PROMETHEUS_MULTIPROC_DIR" in os.environ:
        counted = CollectorRegistry()
        multiprocess.MultiProcessCollector(counted)  # type: ignore[no-untyped-call]
    else:  # metrics turned on for a test: this process's own counts
        counted = REGISTRY
    read = CollectorRegistry()
    read.register(DatabaseCollector())
    return HttpResponse(generate_latest(counted) + generate_latest(read), content_type=CONTENT_TYPE_LATEST)
