"""The operators' maintenance commands: thin callers of the services, with a progress bar."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Community, User
from memories.models import Memory, MemoryRevision
from tests.memories.test_maintenance import age, expired, remember


def run(name: str, *args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(name, *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_prune_memories_deletes_the_expired_ones_in_batches_with_a_progress_bar(
    community: Community, alice: User
) -> None:
    for n in range(5):
        expired(community, alice, f"Alice was busy on day {n}", minutes_ago=10 - n)
    kept = remember(community, alice, "Alice lives in Portland", expires_at=timezone.now() + timedelta(days=3))

    with CaptureQueriesContext(connection) as queries:
        out, err = run("prune_memories", "--batch-size", "2")

    assert out == "5 expired memories deleted.\n"
    assert list(Memory.objects.all()) == [kept]
    assert MemoryRevision.objects.filter(action="expired").count() == 5
    assert "Pruning" in err
    assert re.findall(r"\d+/\d+(?= \[)", err) == ["2/5", "4/5", "5/5"]  # tqdm's bar, redrawn per batch
    assert sum("SKIP LOCKED" in query["sql"] for query in queries.captured_queries) == 4  # 2 + 2 + 1, then none


@pytest.mark.django_db
def test_enforce_caps_keeps_each_person_within_the_cap(community: Community, alice: User) -> None:
    Community.objects.filter(pk=community.pk).update(max_memories_per_user=2)
    for n in range(4):
        age(remember(community, alice, f"Alice fact {n}"), days=10 - n)

    out, err = run("enforce_caps")

    assert out == "2 memories over their person's cap deleted.\n"
    assert sorted(Memory.objects.values_list("content", flat=True)) == ["Alice fact 2", "Alice fact 3"]
    assert "Capping" in err and "1/1" in err


@pytest.mark.django_db
def test_a_command_at_verbosity_0_says_only_what_it_did(community: Community, alice: User) -> None:
    expired(community, alice, "Alice is tired today")

    out, err = run("prune_memories", "--verbosity", "0")

    assert out == "1 expired memories deleted.\n"
    assert err == ""  # no progress bar


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["prune_memories", "enforce_caps"])
@pytest.mark.parametrize("option", ["--batch-size", "--lock-timeout"])
def test_a_batch_size_or_lock_timeout_below_one_is_refused(name: str, option: str) -> None:
    with pytest.raises(CommandError, match=f"{option} must be at least 1"):
        run(name, option, "0")
