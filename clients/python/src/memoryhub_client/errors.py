"""The API's refusals as exceptions: one class per kind of answer, each carrying the API's ``code``.

Every error answer is ``{"error": {"code", "message", ...}}`` (docs/api.md lists the codes). The
class follows the HTTP status, so ``except NotFoundError`` catches every ``not_found``; ``code``
tells refusals of one status apart (``missing_scope``; ``invalid`` or ``invalid_batch``, whose
``index`` names the item of a batch). Network failures stay httpx's own (``httpx.TransportError``).
An answer this version cannot read (a field missing, a value of another type) raises
``MemoryHubError`` with the code ``unexpected_answer``.
"""

from __future__ import annotations

import json
from typing import Any


class MemoryHubError(Exception):
    """An error answer from the API.

    ``status``: the HTTP status; ``code``: the API's stable code; ``detail``: its message, for
    people; ``details``: per field, for ``invalid``; ``index``: which item of a batch;
    ``retry_after``: the seconds the server asked to wait (429 and 503), else None.
    """

    def __init__(
        self,
        *,
        status: int,
        code: str,
        detail: str,
        details: Any = None,
        index: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.details = details
        self.index = index
        self.retry_after = retry_after


class InvalidRequestError(MemoryHubError):
    """400, 413, 414, 415: the request was refused as it is (``invalid``, ``invalid_batch``,
    ``web_channel``, ``parse_error``, ``request_too_large``, ...). Nothing was stored."""


class AuthenticationError(MemoryHubError):
    """401: no key (``not_authenticated``), or an unknown or revoked one (``invalid_api_key``)."""


class PermissionDeniedError(MemoryHubError):
    """403: the key lacks the operation's scope (``missing_scope``)."""


class NotFoundError(MemoryHubError):
    """404 (``not_found``): nothing of that id in the key's community."""


class ConflictError(MemoryHubError):
    """409: the state forbids it (``memory_off``, ``not_open``, ``no_persona``)."""


class ThrottledError(MemoryHubError):
    """429 (``throttled``) after the client's retries: the key is over its rate."""


class UnavailableError(MemoryHubError):
    """503: the database or the embedding provider is away for now (``database_unavailable``,
    ``embeddings_unavailable``); nothing was changed."""


class StreamError(MemoryHubError):
    """A streamed reply that ended before its final event (the connection was cut)."""


_BY_STATUS: dict[int, type[MemoryHubError]] = {
    400: InvalidRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: InvalidRequestError,
    414: InvalidRequestError,
    415: InvalidRequestError,
    429: ThrottledError,
    503: UnavailableError,
}


def error_from_answer(status: int, body: bytes, retry_after: float | None) -> MemoryHubError:
    """The exception for an error answer. A body not in the API's shape (a proxy's HTML page)
    gives the code ``http_<status>`` and the start of the body as its detail."""
    try:
        error = json.loads(body)["error"]
        code, detail = str(error["code"]), str(error["message"])
    except (ValueError, KeyError, TypeError):
        error, code, detail = {}, f"http_{status}", body[:200].decode(errors="replace")
    index = error.get("index")
    return _BY_STATUS.get(status, MemoryHubError)(
        status=status,
        code=code,
        detail=detail,
        details=error.get("details"),
        index=index if isinstance(index, int) else None,
        retry_after=retry_after,
    )
