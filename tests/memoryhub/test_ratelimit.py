"""The LLM request allowance is shared through PostgreSQL by every process."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from memoryhub.ai.ratelimit import llm_request_slot
from memoryhub.ai.types import LLMUnavailableError

pytestmark = pytest.mark.django_db(transaction=True)


def test_requests_beyond_the_per_minute_allowance_are_refused_after_the_wait(settings: Any) -> None:
    settings.MEMORYHUB_LLM_REQUESTS_PER_MINUTE = 2
    settings.MEMORYHUB_LLM_MAX_WAIT_SECONDS = 0.5  # a token comes back only every 30 s
    for _ in range(2):
        with llm_request_slot():
            pass
    with pytest.raises(LLMUnavailableError, match="allowance"), llm_request_slot():
        pass


def test_in_flight_requests_are_capped_across_connections(settings: Any) -> None:
    settings.MEMORYHUB_LLM_MAX_IN_FLIGHT = 1
    settings.MEMORYHUB_LLM_MAX_WAIT_SECONDS = 0.5
    holding, release = threading.Event(), threading.Event()
    outcome: list[str] = []

    def first() -> None:
        try:
            with llm_request_slot():
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    def second() -> None:
        try:
            with llm_request_slot():
                outcome.append("got a slot")
        except LLMUnavailableError as exc:
            outcome.append(str(exc))
        finally:
            connection.close()

    holder = threading.Thread(target=first)
    holder.start()
    assert holding.wait(10)
    contender = threading.Thread(target=second)
    contender.start()
    contender.join()
    release.set()
    holder.join()
    assert outcome == ["too many LLM requests in flight; try again later"]

    with llm_request_slot():  # released by the first holder
        pass
