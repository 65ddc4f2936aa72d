"""The ASGI entry point `make run` serves (uvicorn workers under gunicorn).

An open server-sent-events stream then costs a coroutine and, while it runs synchronous code,
a thread of its own, not a whole worker process.

Database connections come from a pool in each process (psycopg_pool, through Django's own
support: MEMORYHUB_DATABASE_POOL, on here unless set to 0), whatever DATABASE_CONN_MAX_AGE says
(it still applies to the Celery processes and to WSGI). Django runs each ASGI request's
synchronous code in a thread made for that request, and connections belong to threads: a
connection kept for reuse would belong to a thread that ends with the request, never be reused,
and stay open until garbage collection, so connections pile up (Django ticket #33497). A pool
belongs to the process: a request borrows a connection and gives it back when it ends.
"""

from __future__ import annotations

import logging
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")
_asked_max_age = os.environ.get("DATABASE_CONN_MAX_AGE", "0")
os.environ["DATABASE_CONN_MAX_AGE"] = "0"  # read when get_asgi_application() loads the settings
os.environ.setdefault("MEMORYHUB_DATABASE_POOL", "1")
application = get_asgi_application()

if _asked_max_age.strip() != "0":
    logging.getLogger(__name__).warning(
        "DATABASE_CONN_MAX_AGE=%s is not used by the ASGI web server: it borrows connections from a "
        "pool for each request (persistent connections would leak under ASGI)",
        _asked_max_age,
    )
