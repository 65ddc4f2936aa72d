"""What the web server's access log keeps of a request: never what a person said.

A bot may ask for a context with ``GET /api/v1/context?user=…&query=…``: the query string
carries a person's platform id and the message being answered, and a moderator's search carries
the words searched for. uvicorn writes the path with its query string to the access log, a file
that erasure cannot reach. ``QueryValuesOmitted`` keeps the path and the names of the parameters
(``/api/v1/context?user&query``), enough to see which calls were made and how, and drops the
values before the line is formatted.
"""

from __future__ import annotations

import logging

ACCESS_LOGGER = "uvicorn.access"


def query_values_omitted(target: str) -> str:
    """``/path?a=1&b=2&a=3`` → ``/path?a&b``: the path and its parameters' names, in order, once each."""
    path, mark, query = target.partition("?")
    if not mark:
        return target
    names = dict.fromkeys(part.partition("=")[0] for part in query.split("&") if part)
    return f"{path}?{'&'.join(names)}" if names else path


class QueryValuesOmitted(logging.Filter):
    """On uvicorn's access logger: its records' target (the third argument of its
    ``'%s - "%s %s HTTP/%s" %d'``) without the query string's values."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (args[0], args[1], query_values_omitted(args[2]), args[3], args[4])
        return True


def access_log_install() -> None:
    """Put ``QueryValuesOmitted`` on the access logger of this process (once)."""
    logger = logging.getLogger(ACCESS_LOGGER)
    if not any(isinstance(existing, QueryValuesOmitted) for existing in logger.filters):
        logger.addFilter(QueryValuesOmitted())
