"""The database MemoryHub stands on: PostgreSQL with pgvector, indexes the queries need."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from django.contrib.postgres.search import SearchQuery
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from pgvector.django import CosineDistance

from accounts.models import Community, User
from memories.models import Memory
from tests.support.processes import PROJECT_DIR, python_run

pytestmark = pytest.mark.django_db


def _unit_vectors(count: int, seed: int = 7) -> np.ndarray:
    vectors = np.random.default_rng(seed).normal(size=(count, 384))
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def test_every_migration_is_applied_and_models_match_them() -> None:
    executor = MigrationExecutor(connection)
    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
    result = subprocess.run(
        [sys.executable, "manage.py", "makemigrations", "--check", "--dry-run"],
        cwd=PROJECT_DIR,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_database_is_postgresql_with_the_vector_extension() -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        (version,) = cursor.fetchone()
    major, minor = (int(part) for part in version.split(".")[:2])
    assert (major, minor) >= (0, 5), "HNSW needs pgvector 0.5 or newer"


def test_nearest_neighbour_query_uses_the_hnsw_index(community: Community, alice: User) -> None:
    vectors = _unit_vectors(200)
    Memory.objects.bulk_create(
        Memory(community=community, user=alice, content=f"memory {i}", embedding=v, embedding_model="test")
        for i, v in enumerate(vectors)
    )
    with connection.cursor() as cursor:
        # A few hundred rows fit in one page, where a scan is cheaper; tell the planner what a
        # million-row table would make it choose.
        cursor.execute("SET LOCAL enable_seqscan = off")
    query = Memory.objects.order_by(CosineDistance("embedding", vectors[3]))[:5]
    plan = query.explain()
    assert "memory_embedding_hnsw" in plan, plan
    assert query[0].content == "memory 3"


def test_full_text_column_is_generated_and_searched_through_its_index(community: Community, alice: User) -> None:
    Memory.objects.create(community=community, user=alice, content="Alice is moving to Austin next month")
    Memory.objects.create(community=community, user=alice, content="Alice hates battle royales")
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    query = Memory.objects.filter(search_vector=SearchQuery("moves to austin", search_type="websearch"))
    assert [m.content for m in query] == ["Alice is moving to Austin next month"]
    assert "memory_search_vector_gin" in query.explain()


def test_topic_match_uses_the_topics_index(community: Community, alice: User) -> None:
    Memory.objects.create(community=community, user=alice, content="Plays GTA online", topics=["gta", "gaming"])
    Memory.objects.create(community=community, user=alice, content="Has a cat", topics=["pets"])
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    query = Memory.objects.filter(topics__overlap=["gta"])
    assert [m.content for m in query] == ["Plays GTA online"]
    assert "memory_topics_gin" in query.explain()


# A process of its own that starts (or finds) the embedded server in the folder ``sys.argv[1]``, as
# `make run`'s or a test's first connection would, and connects to it as ``c``.
_EMBEDDED_START = (
    "import sys; from pathlib import Path; import psycopg;"
    "from memoryhub.embedded import embedded_database as start;"
    "p = start(var_dir=Path(sys.argv[1]), name='memoryhub');"
    "c = psycopg.connect(host=p['HOST'], port=p['PORT'], user=p['USER'], dbname=p['NAME'], autocommit=True);"
)
_SHARED_BUFFERS_MB = "pg_size_bytes(current_setting('shared_buffers')) / 1048576"


@pytest.mark.django_db(transaction=False)
def test_processes_starting_together_share_one_embedded_server(tmp_path: Path) -> None:
    """web, worker, beat and tests start at once on a fresh machine: one server, one database."""
    script = _EMBEDDED_START + (
        f'print(c.execute("SELECT pg_postmaster_start_time(), current_database(), {_SHARED_BUFFERS_MB}").fetchone())'
    )
    from memoryhub.embedded import embedded_database_stop, memory_bytes, shared_buffers_mb

    try:
        starters = [
            subprocess.Popen(
                [sys.executable, "-c", script, str(tmp_path)],
                cwd=PROJECT_DIR,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        outputs = [starter.communicate(timeout=120) for starter in starters]
        assert [starter.returncode for starter in starters] == [0, 0, 0], outputs
        answers = {stdout.strip() for stdout, _ in outputs}
        # The same server (same start time: the one that sized its shared buffers restarted it
        # before any other process connected) and database.
        assert len(answers) == 1, answers
        answer = answers.pop()
        assert "'memoryhub'" in answer
        size = shared_buffers_mb(memory_bytes())
        assert size > 128  # the machines that run the suite have more than 512 MB
        assert answer.endswith(f", {size})"), answer  # sized for this machine
    finally:
        assert embedded_database_stop(var_dir=tmp_path)


def test_the_embedded_servers_shared_buffers_take_a_quarter_of_memory_within_bounds() -> None:
    from memoryhub.embedded import shared_buffers_mb

    gigabyte = 1024**3
    assert shared_buffers_mb(4 * gigabyte) == 1024
    assert shared_buffers_mb(gigabyte // 2) == 128  # PostgreSQL's own default, never less
    assert shared_buffers_mb(64 * gigabyte) == 2048
    assert shared_buffers_mb(None) == 128  # a system that does not say


@pytest.mark.django_db(transaction=False)
def test_an_operators_own_shared_buffers_are_kept_when_the_server_starts_again(tmp_path: Path) -> None:
    script = _EMBEDDED_START + (
        f'print(c.execute("SELECT {_SHARED_BUFFERS_MB}").fetchone()[0]);'
        "sys.argv[2:] and c.execute(\"ALTER SYSTEM SET shared_buffers = '256MB'\")"
    )
    from memoryhub.embedded import embedded_database_stop, memory_bytes, shared_buffers_mb

    env = dict(os.environ)
    try:
        first = python_run(script, str(tmp_path), "alter", env=env).strip()
        assert first == str(shared_buffers_mb(memory_bytes()))  # sized for this machine at the first start
        assert embedded_database_stop(var_dir=tmp_path)
        assert python_run(script, str(tmp_path), env=env).strip() == "256"
    finally:
        embedded_database_stop(var_dir=tmp_path)


@pytest.mark.skipif(
    Path("/proc/sys/vm/overcommit_memory").read_text().strip() == "1",
    reason="a kernel that maps any amount of memory starts PostgreSQL with any shared buffers",
)
@pytest.mark.django_db(transaction=False)
def test_shared_buffers_the_machine_will_not_map_fall_back_to_the_default(tmp_path: Path) -> None:
    """A first start on a machine that refuses the buffers sized for it (a container's strict
    overcommit, say) used to end in "pg_ctl restart failed", and every later start the same way,
    as the size stayed written. Asked for about 4 TB here, it starts with PostgreSQL's default."""
    size = _EMBEDDED_START + f'print(c.execute("SELECT {_SHARED_BUFFERS_MB}").fetchone()[0])'
    refused = "import memoryhub.embedded as e; e.shared_buffers_mb = lambda memory: 4_000_000;" + size  # 4 TB
    from memoryhub.embedded import embedded_database_stop

    try:
        first = subprocess.run(
            [sys.executable, "-c", refused, str(tmp_path)], cwd=PROJECT_DIR, capture_output=True, text=True, timeout=120
        )
        assert first.returncode == 0, first.stderr
        assert first.stdout.strip() == "128"
        assert "did not start with its shared buffers sized" in first.stderr
        assert embedded_database_stop(var_dir=tmp_path)
        assert python_run(size, str(tmp_path), env=dict(os.environ)).strip() == "128"  # and not tried again
    finally:
        embedded_database_stop(var_dir=tmp_path)


@pytest.mark.django_db(transaction=False)
def test_settings_start_nothing_and_a_first_connection_starts_the_embedded_server(tmp_path: Path) -> None:
    script = (
        "import sys; from pathlib import Path; import django; django.setup();"
        "from django.db import connection;"
        "pid = Path(sys.argv[1]) / 'pgdata' / 'postmaster.pid';"
        "print(pid.exists());"
        "connection.ensure_connection();"
        "print(pid.exists(), connection.settings_dict['NAME'], connection.settings_dict['HOST'].startswith('/'))"
    )
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env.update(MEMORYHUB_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="memoryhub.settings")
    from memoryhub.embedded import embedded_database_stop

    try:
        output = python_run(script, str(tmp_path), env=env)
        assert output.split("\n")[:2] == ["False", "True memoryhub True"]
    finally:
        assert embedded_database_stop(var_dir=tmp_path)
