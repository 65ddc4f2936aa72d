"""Hand-written SQL on the request path, as it is sent.

- ``prepared_cursor``: the statements a bot waits on (its key, the context's reads, the ranking,
  ingest) are prepared once per database connection and then only executed. PostgreSQL plans
  such a statement once per connection (``plan_cache_mode`` ``force_generic_plan``, set in the
  settings: each reads through a unique or a (community, person) index whatever the values)
  instead of on every request (planning the ranking took
  longer than running it: 0.8 against 0.6 ms), and psycopg sends the values apart from the text
  instead of quoting them into it in Python. The ranking went from 3.0 to 1.3 ms a call. The
  ORM keeps Django's client-side binding. ``MEMORYHUB_PREPARED_STATEMENTS=0`` turns this off
  for a connection pooler in transaction mode (PgBouncer), which cannot keep prepared statements.
- ``compact``: psycopg parses a statement's text for its placeholders once per process and
  caches the result, but only for texts up to 4 kB (``psycopg._queries.MAX_CACHED_STATEMENT_LENGTH``);
  a longer one is parsed again on every execution. ``compact`` drops the comments and
  indentation written for people, so a long statement (the ranking) stays under that size.
- Timestamps read by ``prepared_cursor`` are loaded by psycopg's C loader. Django registers its
  own for every connection, a Python subclass of psycopg's Python loader (to set the time zone),
  and that cost 3.3 µs a value against 0.5: a context reads about 56, a third of a millisecond
  of Python. The C loader gives the same values: it takes the zone from the session, which
  Django sets to the connection's (UTC). It cannot replace Django's on the connection (Django
  reads a ``timezone`` attribute off the connection's loader for every cursor it makes, and the
  C class cannot be given one), so it is registered on these cursors.
- A query vector given as a ``pgvector.Vector`` goes in pgvector's binary form (384 floats as
  they are) instead of text: formatting 384 numbers took 40 µs of Python a ranking, and
  PostgreSQL parsing them about 20 µs more. The connection learns the ``vector`` type's oid
  once (one catalogue read per database connection, which a pooled connection keeps).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.backends.utils import CursorDebugWrapper, CursorWrapper
from pgvector import Vector
from pgvector.psycopg.vector import VectorBinaryDumper, VectorDumper
from psycopg import adapters, pq
from psycopg.types import TypeInfo

_TIMESTAMPTZ_LOADER = adapters.get_loader(adapters.types["timestamptz"].oid, pq.Format.TEXT)  # C when built

_COMMENT = re.compile(r"--[^\n]*")  # our statements hold no "--" inside a string literal
_BREAK = re.compile(r"[ \t]*\n\s*")  # a line break with the spaces around it


def compact(statement: str) -> str:
    return _BREAK.sub("\n", _COMMENT.sub("", statement)).strip()


@contextmanager
def prepared_cursor() -> Iterator[Any]:
    """A cursor (Django's wrapper: logged, its errors Django's) whose statements bind their values
    on the server and are prepared on the connection at their first execution (the connection's
    ``prepare_threshold`` is 0, set in the settings; the ORM's client-side cursors never prepare)."""
    # Django's ``connection`` looks this thread's connection up again on every attribute (about
    # 3 µs each through asgiref's Local): once here, not nine times.
    db = connections[DEFAULT_DB_ALIAS]
    # What Django's connection.cursor() does before it makes a cursor; a cursor copies what the
    # connection knows of types when it is made.
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        _vectors_known(db.connection)
    if not settings.MEMORYHUB_FAST_PATH:  # the plain path: Django's cursor and loaders
        with db.cursor() as cursor:
            yield cursor
        return
    if not settings.MEMORYHUB_PREPARED_STATEMENTS:
        with db.cursor() as cursor:
            _timestamps_fast(cursor.cursor)
            yield cursor
        return
    from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]

    with db.wrap_database_errors:
        raw = ServerBindingCursor(db.connection)
    _timestamps_fast(raw)
    wrapped = _LoggedAsWritten(raw, db) if db.queries_logged else db.make_cursor(raw)
    with wrapped as cursor:
        yield cursor


def _timestamps_fast(cursor: Any) -> None:
    if settings.USE_TZ:  # without time zones Django wants naive datetimes, which only its loader gives
        cursor.adapters.register_loader("timestamptz", _TIMESTAMPTZ_LOADER)


def _vectors_known(raw_connection: Any) -> None:
    """Dump ``pgvector.Vector`` values as the ``vector`` type on this connection, in binary where the
    cursor binds on the server and as a literal where Django's cursor binds on the client (once
    per connection). Only ``Vector`` is taught: the ORM sends vectors as text, and a numpy array
    stays what psycopg makes of it."""
    types = raw_connection.adapters.types
    if types.get("vector") is not None:
        return
    info = TypeInfo.fetch(raw_connection, "vector")
    if info is None:  # no pgvector in this database: a statement with a vector fails as it would have
        return
    info.register(raw_connection)
    for dumper in (VectorDumper, VectorBinaryDumper):
        raw_connection.adapters.register_dumper(Vector, type(dumper.__name__, (dumper,), {"oid": info.oid}))


class _LoggedAsWritten(CursorDebugWrapper):
    """Django's debug cursor (the query log, ``CaptureQueriesContext``), logging a statement as
    written: Django reads the executed text back only from client-side cursors."""

    def execute(self, sql: Any, params: Any = None) -> Any:
        with self.debug_sql(sql, params):
            return CursorWrapper.execute(self, sql, params)


_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def explain_prepared(statement: str, params: dict[str, Any]) -> str:
    """The plan ``statement`` runs with as the product runs it (for tests and operators): prepared
    on this connection through ``prepared_cursor``, then ``EXPLAIN EXECUTE`` of that prepared
    statement, which shows the plan it keeps (its generic plan); a plain ``EXPLAIN`` when
    prepared statements are off."""
    if not settings.MEMORYHUB_PREPARED_STATEMENTS:
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + statement, params)
            return "\n".join(row[0] for row in cursor.fetchall())
    with connection.cursor() as cursor:
        # One prepared version of the statement: psycopg prepares it again for other parameter
        # types (an id over 32,767 is an integer, not a smallint), and EXECUTE of the wrong one
        # can fail. psycopg sees the DEALLOCATE and forgets what it had prepared.
        cursor.execute("DEALLOCATE ALL")
    with prepared_cursor() as cursor:
        cursor.execute(statement, params)
    head = statement[: statement.index("%(")] if "%(" in statement else statement
    names = list(dict.fromkeys(_PLACEHOLDER.findall(statement)))  # psycopg numbers them in this order
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM pg_prepared_statements WHERE left(statement, %s) = %s ORDER BY prepare_time DESC LIMIT 1",
            [len(head), head],
        )
        (name,) = cursor.fetchone()
        arguments = ", ".join(["%s"] * len(names))
        cursor.execute(f'EXPLAIN EXECUTE "{name}"({arguments})', [params[n] for n in names])
        return "\n".join(row[0] for row in cursor.fetchall())
