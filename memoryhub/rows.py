"""Whole model rows read by hand-written SQL on the request path: the columns to select, and the
instances to load from a row, as the ORM would (``Model.from_db``), without compiling a query."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model

M = TypeVar("M", bound=Model)


def columns_sql(model: type[Model], alias: str) -> str:
    """``alias."column", …`` for every concrete field of ``model``, in field order."""
    return ", ".join(f'{alias}."{field.column}"' for field in model._meta.concrete_fields)


@functools.cache
def attnames(model: type[Model]) -> list[str]:
    """The attribute names of ``model``'s columns, in field order (read once per process)."""
    return [field.attname for field in model._meta.concrete_fields]


def row_load(model: type[M], row: Sequence[Any], start: int = 0) -> M:
    """The instance whose columns (``columns_sql``) start at ``row[start]``."""
    names = attnames(model)
    return model.from_db(connection.alias, list(names), list(row[start : start + len(names)]))


def row_load_or_none(model: type[M], row: Sequence[Any], start: int = 0) -> M | None:
    """As ``row_load``, or None when the primary key is NULL (the row of an outer join that found none)."""
    names = attnames(model)
    if row[start + names.index(model._meta.pk.attname)] is None:
        return None
    return row_load(model, row, start)
