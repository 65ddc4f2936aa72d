"""The ASGI entry point `make run` serves (uvicorn workers under gunicorn).

Two doors into one Django:

- The reply streams (``POST /api/v1/chat``, which may answer with server-sent events, and the
  chat page's ``/chat/replies/<id>/stream``) go through Django's ASGI handler: an open stream
  costs a coroutine and, while it runs synchronous code, a thread of its own, not a worker.
- Every other request runs through Django's WSGI handler on a pool of threads: the whole
  request — middleware and view — in one thread, once. Django's ASGI handler would run each of
  the standard middlewares' hooks in a thread of its own and come back to the event loop in
  between, about 17 hand-overs per request; on two busy cores each waits for the GIL, which
  doubled the time of a cheap API call (benchmarks/api_latency.py).

A plain request crosses from the event loop to its thread and back once (core/fastpath/bridge.py).

``/mcp/`` is a third door, not Django's: the MCP server for AI clients (integrations/mcp/http.py),
on the SDK's own ASGI transport, its tools' work on threads of their own.

Database connections come from a pool in each process (psycopg_pool, through Django's own
support: MEMORYHUB_DATABASE_POOL, on here unless set to 0), whatever DATABASE_CONN_MAX_AGE says
(it still applies to the Celery processes and to WSGI). Django runs each ASGI request's
synchronous code in a thread made for that request, and connections belong to threads: a
connection kept for reuse would belong to a thread that ends with the request, never be reused,
and stay open until garbage collection, so connections pile up (Django ticket #33497). A pool
belongs to the process: a request borrows a connection and gives it back when it ends.

Once loaded, the application warms up on a thread of its own (``_warm_up``): it loads what the
first requests would otherwise wait for (the local embedding model, half a second or more; the
token encoder), then moves everything the process holds so far out of the garbage collector's
way (``gc.freeze``). It all lives as long as the process, and a full collection that walked it
paused a worker for about 100 ms, against about 20 after (a /context loop in process).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import threading
from typing import Any

from django.conf import settings
from django.core.asgi import get_asgi_application
from django.core.wsgi import get_wsgi_application

from core.access_log import access_log_install
from core.fastpath.bridge import ThreadedWSGI
from core.streaming import STREAM_PATHS
from core.tokens import token_count
from memoryhub.ai.embeddings import embedder_prepare

logger = logging.getLogger(__name__)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")
_asked_max_age = os.environ.get("DATABASE_CONN_MAX_AGE", "0")
os.environ["DATABASE_CONN_MAX_AGE"] = "0"  # read when get_asgi_application() loads the settings
os.environ.setdefault("MEMORYHUB_DATABASE_POOL", "1")
_streams = get_asgi_application()
access_log_install()  # the access log keeps no query string's values (core/access_log.py)
# Django's response is iterable bytes, as WSGI wants, though its stubs call it a response object.
_threaded = ThreadedWSGI(get_wsgi_application(), threads=settings.MEMORYHUB_WEB_THREADS)  # type: ignore[arg-type]
_fast = settings.MEMORYHUB_FAST_PATH

_MCP_PATHS = frozenset({"/mcp", "/mcp/"}) if settings.MEMORYHUB_MCP else frozenset()
_mcp: Any = None  # the MCP server's ASGI app (integrations/mcp/http.py), made for the first request to it


async def _mcp_app() -> Any:
    """The MCP server, imported on a thread at its first request: its SDK takes about a second of
    CPU to import, which a web process that never serves MCP (and every test server) is spared."""
    global _mcp
    if _mcp is None:

        def made() -> Any:
            from integrations.mcp.http import McpHttp

            return McpHttp()

        app = await asyncio.to_thread(made)
        _mcp = _mcp or app  # two first requests at once: one app is kept
    return _mcp


warmed_up = threading.Event()  # set when ``_warm_up`` is done


def _warm_up() -> None:
    try:
        embedder_prepare()
        token_count("ready")
    except Exception:  # the requests that need them answer with the error itself
        logger.warning("warming up the web worker failed; the first requests will load what they need", exc_info=True)
    gc.collect()  # what is garbage now is not kept for ever
    gc.freeze()
    warmed_up.set()


threading.Thread(target=_warm_up, name="warm-up", daemon=True).start()


async def application(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] == "http" and scope["path"] in _MCP_PATHS:
        await (await _mcp_app())(scope, receive, send)  # the MCP server for AI clients
    elif _fast and scope["type"] == "http" and not STREAM_PATHS.fullmatch(scope["path"]):
        await _threaded(scope, receive, send)
    else:  # a stream, or every request on the plain path (MEMORYHUB_FAST_PATH=0)
        await _streams(scope, receive, send)


if _asked_max_age.strip() != "0":
    logger.warning(
        "DATABASE_CONN_MAX_AGE=%s is not used by the ASGI web server: it borrows connections from a "
        "pool for each request (persistent connections would leak under ASGI)",
        _asked_max_age,
    )
