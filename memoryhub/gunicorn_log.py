"""gunicorn's own log lines, and uvicorn's (its worker sends them to gunicorn's handlers, the
access log's included), in the format of every other line (``memoryhub.logs``): JSON in
production, not gunicorn's text. The Procfile's web process names ``GunicornLogger``
(``--logger-class``); the access log still keeps no query string's values
(``core.access_log``).
"""

from __future__ import annotations

import logging
from typing import Any

import environ
from gunicorn import glogging

from memoryhub.logs import logging_from_env


def _processes_formatter() -> logging.Formatter:
    """The formatter of every process's lines, as the settings make it from the environment. Not
    from Django's settings: loaded in gunicorn's master, they would be loaded before the web
    application sets what it must first (memoryhub/asgi.py)."""
    structured = logging_from_env(environ.Env())
    options = dict(structured["formatters"]["structured"])
    factory = options.pop("()")
    formatter: logging.Formatter = factory(**options)
    return formatter


class GunicornLogger(glogging.Logger):
    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        formatter = _processes_formatter()
        for log in (self.error_log, self.access_log):
            for handler in log.handlers:
                handler.setFormatter(formatter)
