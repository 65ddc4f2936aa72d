"""How the Python client reads answers a healthy MemoryHub never gives: a reply stream cut before
its last event, and an error page from something in front of the server (a proxy's HTML)."""

from __future__ import annotations

import pytest

from memoryhub_client import ChatChunk, MemoryHubError, NotFoundError, StreamError
from memoryhub_client._wire import ChatStreamReader
from memoryhub_client.errors import error_from_answer


def test_a_reply_stream_cut_before_its_last_event_raises_stream_error() -> None:
    events = ChatStreamReader()
    read = [
        event for line in ["event: chunk", 'data: {"text": "Hel"}', "", ": keep-alive"] for event in events.feed(line)
    ]
    assert read == [ChatChunk("Hel")]
    with pytest.raises(StreamError) as cut:
        list(events.end())
    assert cut.value.code == "stream_cut"


def test_an_error_page_not_in_the_apis_shape_still_raises_by_its_status() -> None:
    error = error_from_answer(404, b"<html>Not Found</html>", None)
    assert isinstance(error, NotFoundError) and (error.code, error.detail) == ("http_404", "<html>Not Found</html>")
    gateway = error_from_answer(502, b"<html>Bad Gateway</html>", None)
    assert type(gateway) is MemoryHubError and gateway.status == 502 and gateway.code == "http_502"
