"""The request path's hand-written machinery, fenced in one package and switched off together by
``MEMORYHUB_FAST_PATH=0`` (the plain Django / DRF path, which gives the same answers):

- ``sql``: statements bound and prepared on the server, timestamps loaded by psycopg's C loader
  (off: Django's own cursors and loaders);
- ``rows``: whole model rows loaded from hand-written SQL without compiling a query, and rows
  inserted from arrays (used by the statements themselves, on both paths);
- ``bridge``: plain requests through Django's WSGI handler on a thread, crossing from the event
  loop once (off: Django's ASGI handler for every request);
- ``web_worker``: the gunicorn worker that takes connections in turn and keeps to a CPU (off:
  uvicorn-worker's own).

What each piece buys, measured: ``docs/benchmarks.md`` and ``docs/architecture.md``.
"""
