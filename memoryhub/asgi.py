"""The ASGI entry point `make run` serves (uvicorn workers under gunicorn).

An open server-sent-events stream then costs a coroutine and, while it runs synchronous code,
a thread of its own, not a whole worker process. Each request's synchronous code runs in a
thread of its own under ASGI, so a connection kept for reuse (CONN_MAX_AGE) would be kept by a
thread that is gone with the request: connections are closed after each request instead
(``DATABASE_CONN_MAX_AGE`` still wins when set).
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")
os.environ.setdefault("DATABASE_CONN_MAX_AGE", "0")

from django.core.asgi import get_asgi_application  # after the environment above

application = get_asgi_application()
