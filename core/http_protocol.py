"""The web server's HTTP protocol: uvicorn's own (httptools), with a URL over the length it can
read answered 414, in the API's JSON under ``/api/``, rather than with uvicorn's plain-text 400.

The Procfile's gunicorn only hands connections to its uvicorn workers, so gunicorn's
``--limit-request-line`` never applies: uvicorn parses every request. Its parser takes a URL of at
most ``URL_MAX_BYTES`` (httptools keeps a URL's offsets in 16 bits); past that it answered
"Invalid HTTP request received.", which a bot cannot tell from a broken request. Django never sees
such a request, so the answer is made here, and the URL stops being read as soon as it is over.
"""

from __future__ import annotations

import asyncio
import json

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

# The longest URL (path and query string, as sent) the server reads: what httptools can parse.
URL_MAX_BYTES = 65535
API_PREFIX = b"/api/"
# How long the rest of a refused request is read and dropped, after the answer, before the
# connection closes: closed with the client still sending, the kernel would reset it, and the
# client could lose the answer with it (a lingering close, as gunicorn and nginx make).
LINGER_SECONDS = 2.0


class UrlTooLongError(Exception):
    """Raised from the parser's URL callback: it stops the parse, and uvicorn sends its 400."""


def url_too_long_response(url_start: bytes, default_headers: list[tuple[bytes, bytes]]) -> bytes:
    """The whole 414 answer (it closes the connection) to a URL beginning ``url_start``."""
    if url_start.startswith(API_PREFIX):
        message = (
            f"The URL is over {URL_MAX_BYTES} bytes: send long input in the request body "
            "(POST /api/v1/context takes what GET does)."
        )
        body = json.dumps({"error": {"code": "uri_too_long", "message": message}}).encode()
        content_type = b"application/json"
    else:
        body = f"URI Too Long: the address is over {URL_MAX_BYTES} bytes.".encode()
        content_type = b"text/plain; charset=utf-8"
    head = [STATUS_LINE[414]]
    for name, value in default_headers:
        head += [name, b": ", value, b"\r\n"]
    head += [
        b"content-type: ",
        content_type,
        b"\r\ncontent-length: ",
        str(len(body)).encode(),
        b"\r\nconnection: close\r\n\r\n",
    ]
    return b"".join(head) + body


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, answering a URL over ``URL_MAX_BYTES`` with a 414."""

    refused = False  # the 414 was sent: what more comes is dropped

    def data_received(self, data: bytes) -> None:
        if not self.refused:
            super().data_received(data)

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        if len(self.url) > URL_MAX_BYTES:  # parse no more of it: the answer is a 414
            raise UrlTooLongError

    def send_400_response(self, msg: str) -> None:
        url = getattr(self, "url", b"")  # none yet: the request line itself was not HTTP
        if len(url) <= URL_MAX_BYTES:
            super().send_400_response(msg)
            return
        self.refused = True
        self.transport.write(url_too_long_response(url[:16], self.server_state.default_headers))
        if self.transport.can_write_eof():
            self.transport.write_eof()  # the answer is whole: the client may read it while it still sends
        asyncio.get_running_loop().call_later(LINGER_SECONDS, self.transport.close)
