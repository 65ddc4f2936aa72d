"""Memory-off intervals against a model of them, in any order (Hypothesis).

Switches are turned through the real services (the community's, and a person's "forget me") on a
clock that moves only when a step moves it; lines are said at any time before now and posted
afterwards by a bot with their real times. Whatever the order, a line is unremembered exactly when
the community's memory was off at its time, or its author's memory went off at any time after it
(or was off then and still is): the ingest's answer and the extraction's read both say so.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from accounts.services import (
    community_create,
    community_memory_enabled_set,
    identity_resolve,
    profile_memory_enabled_set,
)
from chat.ingest import IngestItem, messages_ingest
from chat.models import Message, MessageRole
from chat.selectors import messages_said_with_memory_off

START = timezone.now().replace(microsecond=0) - timedelta(days=1)
PEOPLE = ("ann", "ben")

Step = tuple[Any, ...]
steps = st.lists(
    st.one_of(
        st.tuples(st.just("tick"), st.integers(1, 120)),
        st.tuples(st.just("switch"), st.sampled_from([None, *PEOPLE]), st.booleans()),
        st.tuples(st.just("say"), st.sampled_from([None, *PEOPLE]), st.integers(0, 400)),
    ),
    max_size=20,
)


def _off_in_model(
    spans: dict[str | None, list[tuple[datetime, datetime | None]]], author: str | None, at: datetime
) -> bool:
    """The rule, said once more from the switches as they were turned."""
    community_off = any(start <= at and (end is None or at < end) for start, end in spans[None])
    forgot_after = author is not None and any(end is None or end > at for _, end in spans[author])
    return community_off or forgot_after


@pytest.mark.django_db
@settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps)
# A second "forget me": a line said during it is off, whatever the first one's end (a line said
# before the first one makes the reads take both).
@example(
    [
        *[("say", "ann", 0), ("switch", "ann", False), ("tick", 10), ("switch", "ann", True), ("tick", 10)],
        *[("switch", "ann", False), ("tick", 10), ("say", "ann", 5), ("tick", 10), ("switch", "ann", True)],
        ("say", "ann", 0),
    ]
)
# The community's memory off for a while: the bot's and everyone's lines of that while, and only those.
@example(
    [
        *[("say", None, 0), ("tick", 5), ("switch", None, False), ("tick", 10), ("say", None, 3), ("say", "ben", 3)],
        *[("switch", None, True), ("say", "ben", 20), ("say", "ben", 0), ("say", "ann", 30)],
    ]
)
def test_a_line_is_unremembered_exactly_when_memory_was_off_for_it(steps: list[Step]) -> None:
    with transaction.atomic(), time_machine.travel(START, tick=False) as clock:
        community = community_create(name="Property", slug="property")
        users = {name: identity_resolve(community=community, external_id=name) for name in PEOPLE}
        spans: dict[str | None, list[tuple[datetime, datetime | None]]] = {None: [], **{name: [] for name in PEOPLE}}
        said: list[tuple[str | None, datetime]] = []
        for step in steps:
            now = timezone.now()
            if step[0] == "tick":
                clock.shift(timedelta(seconds=step[1]))
            elif step[0] == "switch":
                _, who, enabled = step
                if who is None:
                    community_memory_enabled_set(community=community, enabled=enabled)
                else:
                    profile_memory_enabled_set(user=users[who], community=community, enabled=enabled)
                open_span = bool(spans[who]) and spans[who][-1][1] is None
                if enabled and open_span:
                    spans[who][-1] = (spans[who][-1][0], now)
                elif not enabled and not open_span:
                    spans[who].append((now, None))
            else:
                said.append((step[1], now - timedelta(seconds=step[2])))
        if said:
            items = [
                IngestItem(
                    channel="general",
                    content=f"line {n}",
                    sent_at=at,
                    author=who,
                    message_id=f"m{n}",
                    role=MessageRole.USER if who else MessageRole.ASSISTANT,  # None: the bot's own line
                )
                for n, (who, at) in enumerate(said)
            ]
            expected = [n for n, (who, at) in enumerate(said) if _off_in_model(spans, who, at)]

            result = messages_ingest(community=community, items=items)

            assert result.memory_off == expected
            stored = list(Message.objects.filter(channel__community=community).order_by("external_id"))
            off = messages_said_with_memory_off(community_id=community.pk, messages=stored)
            assert sorted(int(m.external_id[1:]) for m in stored if m.pk in off) == expected  # type: ignore[index]
        transaction.set_rollback(True)
