"""The window state machine, driven in any order (Hypothesis): ingest, claim, lease expiry,
finish, release, retry, against the real services and PostgreSQL.

What must hold after every step: each message said is stored once and sits in exactly one window
(whose counters match its messages); a channel's open windows never overlap in time; the claim the model
holds is the one the window's row holds; and a window is extracted (finished) at most once, by
the claim it was handed out with, never by one whose lease ran out.
"""

from __future__ import annotations

import uuid
from collections import Counter
from datetime import datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Min
from django.utils import timezone
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

from accounts.services import community_create
from chat.ingest import IngestItem, messages_ingest
from chat.models import ConversationWindow, ConversationWindowState, Message
from chat.windows import window_claim, window_finish, window_release, window_retry, windows_sweep

State = ConversationWindowState
START = timezone.now().replace(microsecond=0) - timedelta(days=1)
CHANNELS = ("c0", "c1")


# A bot's batch: (message number, seconds ago, author); numbers repeat (retries, or twice in a batch).
_lines = st.lists(
    st.tuples(st.integers(0, 11), st.integers(0, 1200), st.sampled_from(["ann", "ben"])), min_size=1, max_size=6
)


class WindowMachine(RuleBasedStateMachine):
    """One example: a community of its own, in a savepoint rolled back at its end, on a clock
    that moves only when a rule moves it."""

    claims = Bundle("claims")

    def __init__(self) -> None:
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        self._travel = time_machine.travel(START, tick=False)
        self._clock = self._travel.start()
        # Small caps, so a few messages close windows by count, by quiet time and by duration.
        self.community = community_create(
            name="Property", slug="property", window_max_messages=4, window_quiet_seconds=180, window_max_seconds=900
        )
        self.said: set[tuple[str, str]] = set()  # (channel, the bot's message id)
        self.held: dict[int, tuple[uuid.UUID, datetime]] = {}  # window → its live claim's token and start
        self.finished: Counter[int] = Counter()  # window → successful finishes
        self.issued: list[ConversationWindow] = []  # every claim handed out, live or lost

    def teardown(self) -> None:
        self._travel.stop()
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    @property
    def now(self) -> datetime:
        return timezone.now()

    def _windows(self) -> list[ConversationWindow]:
        return list(ConversationWindow.objects.filter(channel__community=self.community).order_by("pk"))

    # --- Rules ------------------------------------------------------------------------------

    @initialize(channel=st.sampled_from(CHANNELS), lines=_lines)
    def history(self, channel: str, lines: list[tuple[int, int, str]]) -> None:
        """A bot posts what was said before it joined: windows due at once, to be claimed."""
        self.ingest(channel, lines)

    @rule(channel=st.sampled_from(CHANNELS), lines=_lines)
    def ingest(self, channel: str, lines: list[tuple[int, int, str]]) -> None:
        """A bot posts a batch: ids may repeat (a retry, or twice in the batch), times may be old."""
        items = [
            IngestItem(
                channel=channel,
                content=f"line {number} by {author}",
                sent_at=self.now - timedelta(seconds=ago),
                author=author,
                message_id=f"m{number}",
            )
            for number, ago, author in lines
        ]
        result = messages_ingest(community=self.community, items=items)
        new = {(channel, item.message_id or "") for item in items} - self.said
        assert len(items) - result.duplicates == len(new)
        assert all(message.window_id is not None for message in result.messages)
        self.said |= new

    @rule(seconds=st.integers(1, 300))
    def time_passes(self, seconds: int) -> None:
        self._clock.shift(timedelta(seconds=seconds))

    @rule()
    def a_lease_runs_out(self) -> None:
        """Workers holding claims die: a lease later, the sweep hands their windows out again."""
        self._clock.shift(timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS + 1))
        self.sweep()

    @rule()
    def sweep(self) -> None:
        """Beat's sweep: due windows closed and queued, claims past their lease taken back."""
        lease_start = self.now - timedelta(seconds=settings.MEMORYHUB_WINDOW_LEASE_SECONDS)
        windows_sweep()
        for window_id, (_, claimed_at) in list(self.held.items()):
            if claimed_at < lease_start:  # its worker is taken for dead: the claim is gone
                del self.held[window_id]

    @rule(target=claims, pick=st.integers(0, 1000), due_only=st.booleans())
    def claim(self, pick: int, due_only: bool) -> Any:
        """A worker takes a window: most often one that is due, as its task names one."""
        windows = self._windows()
        if due_only and any(window.state == State.DUE for window in windows):
            windows = [window for window in windows if window.state == State.DUE]
        if not windows:
            return multiple()
        claimed = self._claim(windows[pick % len(windows)])
        return multiple() if claimed is None else claimed

    def _claim(self, window: ConversationWindow) -> ConversationWindow | None:
        claimed = window_claim(window_id=window.pk)
        assert (claimed is not None) == (window.state == State.DUE), window.state
        if claimed is None:
            return None
        assert claimed.claim_token is not None
        self.held[window.pk] = (claimed.claim_token, self.now)
        self.issued.append(claimed)
        return claimed

    @precondition(lambda self: bool(self.held))
    @rule(target=claims)
    def a_worker_dies_and_another_takes_over(self) -> Any:
        """The windows' tasks, sent again once the lease ran out, reach other workers."""
        dead = list(self.held)
        self.a_lease_runs_out()
        windows = ConversationWindow.objects.filter(pk__in=dead).order_by("pk")
        return multiple(*(claimed for window in windows if (claimed := self._claim(window)) is not None))

    def _live(self, claim: ConversationWindow) -> bool:
        return self.held.get(claim.pk, (None,))[0] == claim.claim_token

    @rule(claim=claims)
    def finish(self, claim: ConversationWindow) -> None:
        live = self._live(claim)
        assert window_finish(window=claim, prompt_tokens=1, completion_tokens=1, operations_applied=0) == live
        if live:
            del self.held[claim.pk]
            self.finished[claim.pk] += 1

    @rule(claim=claims, final=st.booleans())
    def release(self, claim: ConversationWindow, final: bool) -> None:
        live = self._live(claim)
        before = ConversationWindow.objects.values().get(pk=claim.pk)
        window_release(window=claim, error="the LLM timed out", final=final)
        after = ConversationWindow.objects.values().get(pk=claim.pk)
        if live:
            del self.held[claim.pk]
            assert (after["state"], after["claim_token"]) == (State.FAILED if final else State.DUE, None)
        else:
            assert after == before  # a lost claim changes nothing

    def _overtaken(self) -> list[ConversationWindow]:
        """Lost claims of windows that another worker holds now."""
        return [claim for claim in self.issued if claim.pk in self.held and not self._live(claim)]

    @precondition(lambda self: bool(self._overtaken()))
    @rule(pick=st.integers(0, 1000), finishes=st.booleans(), final=st.booleans())
    def a_late_worker_reports(self, pick: int, finishes: bool, final: bool) -> None:
        """The worker whose lease ran out comes back while the window's new claim holds it."""
        overtaken = self._overtaken()
        claim = overtaken[pick % len(overtaken)]
        if finishes:
            self.finish(claim)
        else:
            self.release(claim, final)

    @rule(pick=st.integers(0, 1000))
    def retry(self, pick: int) -> None:
        windows = self._windows()
        if not windows:
            return
        window = windows[pick % len(windows)]
        assert window_retry(window=window) == (window.state == State.FAILED)

    # --- What holds after every step --------------------------------------------------------

    @invariant()
    def each_message_is_stored_once_in_one_window(self) -> None:
        rows = list(
            Message.objects.filter(channel__community=self.community).values_list(
                "channel__external_id", "external_id", "window_id"
            )
        )
        assert sorted((channel, key) for channel, key, _ in rows) == sorted(self.said)
        assert all(window_id is not None for *_, window_id in rows)
        windows = ConversationWindow.objects.filter(channel__community=self.community).annotate(
            held=Count("messages"), first=Min("messages__created_at"), last=Max("messages__created_at")
        )
        open_spans: dict[int, list[tuple[datetime, datetime]]] = {}
        for window in windows:
            assert (window.message_count, window.first_message_at, window.last_message_at) == (
                window.held,
                window.first,
                window.last,
            ), window.pk
            if window.state == State.OPEN:
                open_spans.setdefault(window.channel_id, []).append((window.first_message_at, window.last_message_at))
            assert (window.state == State.OPEN) == (window.closed_at is None)
        for spans in open_spans.values():  # a line joins the open window whose talk it is part of
            spans.sort()
            assert all(earlier[1] < later[0] for earlier, later in pairwise(spans)), spans

    @invariant()
    def a_window_is_claimed_by_one_token_and_extracted_at_most_once(self) -> None:
        for window in self._windows():
            if window.state == State.EXTRACTING:
                assert self.held.get(window.pk, (None,))[0] == window.claim_token is not None
            else:
                assert window.claim_token is None and window.pk not in self.held
            assert self.finished[window.pk] == (1 if window.state == State.DONE else 0)


@pytest.mark.django_db
def test_the_window_state_machine_keeps_every_message_once_and_extracts_a_window_once() -> None:
    run_state_machine_as_test(
        WindowMachine, settings=hypothesis_settings(max_examples=40, stateful_step_count=35, deadline=None)
    )
