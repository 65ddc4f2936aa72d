"""The access log's line for a request: the path and its parameters' names, never their values."""

from __future__ import annotations

import logging

import pytest

from core.access_log import QueryValuesOmitted, query_values_omitted


@pytest.mark.parametrize(
    ("target", "logged"),
    [
        ("/api/v1/context?user=alice&query=I+moved+to+Lisbon", "/api/v1/context?user&query"),
        ("/moderation/?q=divorce&page=2&q=debt", "/moderation/?q&page"),  # each name once, in order
        ("/api/v1/windows?page_size", "/api/v1/windows?page_size"),
        ("/api/v1/windows?", "/api/v1/windows"),
        ("/healthz", "/healthz"),
    ],
)
def test_a_target_keeps_its_path_and_its_parameters_names(target: str, logged: str) -> None:
    assert query_values_omitted(target) == logged


def test_the_filter_rewrites_uvicorns_access_record_before_it_is_formatted() -> None:
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", "/api/v1/context?user=alice&query=secret", "1.1", 200),
        None,
    )
    assert QueryValuesOmitted().filter(record) is True
    assert record.getMessage() == '127.0.0.1:5000 - "GET /api/v1/context?user&query HTTP/1.1" 200'
