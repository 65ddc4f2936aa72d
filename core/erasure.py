"""The SQL an erasure runs alike on every app's tables, so that each app's own services can run it.

An erased person's names are redacted the same way wherever other people's text holds them:
each whole-word, case-insensitive occurrence becomes ``REDACTED``. The statements take their
parameters from ``names_redaction_params`` and build their SET clauses with
``names_replaced_sql``; they return the ids they changed, and deletions count their cascades.
"""

from __future__ import annotations

import re
from typing import Any

from django.db import connection
from django.db.models import QuerySet

REDACTED = "[erased]"
_NOT_WORD_SQL = "[[:alnum:]_]"


def names_pattern(names: list[str]) -> str:
    """A PostgreSQL regular expression matching any of ``names`` as a whole word (use case-insensitively)."""
    escaped = "|".join(re.sub(r"([^\w\s])", r"\\\1", name) for name in names)
    return f"(?<!{_NOT_WORD_SQL})(?:{escaped})(?!{_NOT_WORD_SQL})"


def names_redaction_params(names: list[str]) -> dict[str, str]:
    """The parameters ``names_replaced_sql`` and a ``~* %(names)s`` test read."""
    return {"names": names_pattern(names), "redacted": REDACTED}


def names_replaced_sql(column: str, limit: int | None = None) -> str:
    """SQL for ``column`` (or any text expression) with every name redacted, cut to ``limit`` characters."""
    expression = f"regexp_replace({column}, %(names)s, %(redacted)s, 'gi')"
    return f"left({expression}, {limit})" if limit else expression


def returning_ids(statement: str, params: dict[str, Any]) -> list[int]:
    """Run ``statement`` (an UPDATE or DELETE … RETURNING id) and return the ids it touched."""
    with connection.cursor() as cursor:
        cursor.execute(statement, params)
        return [row[0] for row in cursor.fetchall()] if cursor.description else []


def rows_delete(queryset: QuerySet[Any]) -> dict[str, int]:
    """QuerySet.delete(), loading only primary keys for Django's cascade bookkeeping; the rows
    deleted per model label, cascades included (models with none left out)."""
    _, per_model = queryset.only("pk").delete()
    return {label: count for label, count in per_model.items() if count}
