"""The statements a bot waits on are parsed once per process, not on every request."""

from __future__ import annotations

from typing import Any

import pytest
from psycopg._queries import MAX_CACHED_STATEMENT_LENGTH

from accounts.services import _LIVE_KEY_TAKE_SQL
from chat.ingest import _KNOWN_SQL
from chat.models import Message
from chat.windows import (
    _CHANNELS_LOCK_SQL,
    _WINDOWS_AND_MESSAGES_SQL,
    _WINDOWS_INSERT_SQL,
    _WINDOWS_LOCK_SQL,
    _WINDOWS_SQL,
)
from core.fastpath.sql import compact
from memories.selectors.people import _HEAD_SQL, _PARTIES_SQL, _PERSON_NAME_SQL, _PLATFORM_IDS_SQL, _PLATFORM_PERSON_SQL
from memories.selectors.ranking import _RANKED_SQL
from memories.selectors.shown import _SHOWN_SQL
from memories.services.context import _ACCESS_RECORD_SQL


@pytest.mark.parametrize(
    "statement",
    [
        _RANKED_SQL,
        _PARTIES_SQL,
        _HEAD_SQL,
        _PLATFORM_PERSON_SQL,
        _PLATFORM_IDS_SQL,
        _SHOWN_SQL,
        _LIVE_KEY_TAKE_SQL,
        _ACCESS_RECORD_SQL,
        _KNOWN_SQL,
        _CHANNELS_LOCK_SQL,
        _WINDOWS_LOCK_SQL,
        _WINDOWS_SQL,
        _WINDOWS_AND_MESSAGES_SQL,
        _WINDOWS_INSERT_SQL,
    ],
    ids=[
        "ranking",
        "parties",
        "head",
        "person",
        "platform ids",
        "memories shown",
        "key",
        "recall",
        "ingest read",
        "channel lock",
        "window lock",
        "windows",
        "windows and messages",
        "windows opened",
    ],
)
def test_a_request_path_statement_fits_psycopgs_parse_cache(statement: str) -> None:
    # psycopg parses a longer statement's placeholders again on every execution.
    assert len(statement.encode()) <= MAX_CACHED_STATEMENT_LENGTH


def test_compact_drops_comments_and_indentation_only() -> None:
    written = """
    SELECT a,  -- the first
           'x -y' AS b
    FROM t  -- a table
    WHERE c = %(c)s
    """
    assert compact(written) == "SELECT a,\n'x -y' AS b\nFROM t\nWHERE c = %(c)s"


@pytest.mark.django_db
def test_the_statements_a_bot_waits_on_are_prepared_once_per_connection(settings: Any) -> None:
    from django.db import connection

    from core.fastpath.sql import prepared_cursor

    def prepared() -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT statement FROM pg_prepared_statements WHERE statement LIKE %s", ["%%prepared-test%%"]
            )
            return [row[0] for row in cursor.fetchall()]

    statement = "SELECT %(n)s::int + 1 AS answer -- prepared-test"
    for n in (1, 2):
        with prepared_cursor() as cursor:
            cursor.execute(statement, {"n": n})
            assert cursor.fetchone() == (n + 1,)
    assert len(prepared()) == 1  # prepared once, executed twice
    with connection.cursor() as cursor:
        cursor.execute("SHOW plan_cache_mode")  # and planned once: their plans do not depend on the values
        assert cursor.fetchone() == ("force_generic_plan",)

    settings.MEMORYHUB_PREPARED_STATEMENTS = False  # behind a pooler in transaction mode
    with prepared_cursor() as cursor:
        cursor.execute(statement.replace("prepared-test", "prepared-test-off"), {"n": 3})
        assert cursor.fetchone() == (4,)
    assert not [text for text in prepared() if "prepared-test-off" in text]


_WINDOWS_PARAMS = {
    "now": None,
    **{name: [None] for name in ("firsts", "lasts", "states", "reasons", "closed", "enqueued")},
    "ids": [1],
    "counts": [1],
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("statement", "params"),
    [
        (
            _PARTIES_SQL,
            {"community": 1, "persona": "", "user": "alice_456", "channel": "general", "session": 0, "words": ["bo"]},
        ),
        (_PLATFORM_PERSON_SQL, {"community": 1, "external_id": "alice_456"}),
        (_PERSON_NAME_SQL, {"community": 1, "user": 1}),
        (_PLATFORM_IDS_SQL, {"community": 1, "users": [1, 2]}),
        (_SHOWN_SQL, {"community": 1, "ids": [3, 1, 2]}),
        (_CHANNELS_LOCK_SQL, {"channels": [1, 2]}),
        (_WINDOWS_LOCK_SQL, {"channels": [1, 2]}),
        (_WINDOWS_SQL, _WINDOWS_PARAMS),
        (
            _WINDOWS_AND_MESSAGES_SQL,
            _WINDOWS_PARAMS
            | {field.attname: [] for field in Message._meta.concrete_fields},  # no message: nothing inserted
        ),
    ],
    ids=[
        "parties",
        "person",
        "person's name",
        "platform ids",
        "memories shown",
        "channel lock",
        "window lock",
        "windows",
        "windows and messages",
    ],
)
def test_a_request_path_statement_reads_through_indexes(statement: str, params: dict[str, Any]) -> None:
    from django.db import connection

    from core.fastpath.sql import explain_prepared

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")  # a few rows fit in a page; ask what a big table gets
    plan = explain_prepared(statement, params)  # the plan the product keeps for it
    assert "Seq Scan" not in plan, plan
    assert "Index" in plan, plan


@pytest.mark.django_db
@pytest.mark.parametrize("prepared", [True, False], ids=["prepared", "prepared statements off"])
def test_request_path_timestamps_load_in_c_and_equal_the_orms(settings: Any, prepared: bool) -> None:
    """Django's timestamp loader is Python (3.3 µs a value, a context reads ~56); the request path's
    cursors load them with psycopg's C loader, to the same aware values in the same zone."""
    from datetime import UTC, datetime

    from django.db import connection
    from psycopg import adapters, pq

    from core.fastpath.sql import prepared_cursor

    settings.MEMORYHUB_PREPARED_STATEMENTS = prepared
    statement = "SELECT %(at)s::timestamptz, '2024-01-01 10:00:00+05'::timestamptz, NULL::timestamptz"
    at = datetime(2026, 11, 24, 4, 54, 42, 56225, tzinfo=UTC)
    with prepared_cursor() as cursor:
        cursor.execute(statement, {"at": at})
        fast = cursor.fetchone()
        loader = cursor.cursor.adapters.get_loader(adapters.types["timestamptz"].oid, pq.Format.TEXT)
    with connection.cursor() as cursor:  # Django's own loader
        cursor.execute(statement, {"at": at})
        django_loaded = cursor.fetchone()
    assert loader.__module__.startswith("psycopg_binary") or loader.__module__.startswith("psycopg_c")
    assert fast == django_loaded == (at, datetime(2024, 1, 1, 5, tzinfo=UTC), None)
    assert fast[0].tzinfo == django_loaded[0].tzinfo == UTC


@pytest.mark.django_db
def test_explain_prepared_explains_the_version_prepared_for_its_values() -> None:
    """psycopg prepares a statement again for other parameter types (a small id is a smallint, a
    larger one an integer): the plan shown is that of the values given, whichever came last."""
    from core.fastpath.sql import explain_prepared, prepared_cursor

    statement = "SELECT %(n)s::bigint + 0 AS x -- explain-variant-test"
    for n in (100_000, 1):  # an integer version, then a smallint one, prepared last
        with prepared_cursor() as cursor:
            cursor.execute(statement, {"n": n})
    assert "Result" in explain_prepared(statement, {"n": 100_000})
    with prepared_cursor() as cursor:  # and the connection's statements still run
        cursor.execute(statement, {"n": 7})
        assert cursor.fetchone() == (7,)


@pytest.mark.django_db
@pytest.mark.parametrize("prepared", [True, False], ids=["prepared", "prepared statements off"])
def test_a_query_vector_goes_as_the_vector_type_in_binary_and_compares_as_its_text(
    settings: Any, prepared: bool
) -> None:
    """Formatting 384 floats as text cost 40 µs of Python a ranking, and PostgreSQL's parsing them
    more: a ``pgvector.Vector`` is sent as the ``vector`` type, in binary where the cursor binds
    on the server, and means what its text would."""
    from pgvector import Vector
    from psycopg import pq
    from psycopg.adapt import PyFormat, Transformer

    from core.fastpath.sql import prepared_cursor
    from memories.selectors.ranking import vector_literal

    settings.MEMORYHUB_PREPARED_STATEMENTS = prepared
    values = [0.25, -0.5, 0.125]
    statement = "SELECT pg_typeof(%(v)s)::text, %(v)s::vector <=> %(text)s::vector, %(v)s::vector::text"
    with prepared_cursor() as cursor:
        cursor.execute(statement, {"v": Vector(values), "text": vector_literal(values)})
        assert cursor.fetchone() == ("vector", 0.0, "[0.25,-0.5,0.125]")
        dumper = Transformer(cursor.cursor).get_dumper(Vector(values), PyFormat.AUTO)
    assert dumper.format == pq.Format.BINARY
