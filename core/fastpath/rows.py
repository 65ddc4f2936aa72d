"""Whole model rows read and written by hand-written SQL on the request path: the columns to
select, and the instances to load from a row, as the ORM would (``Model.from_db``), without
compiling a query; and new rows inserted from one array per column (``rows_insert_sql``), so an
insert can share its statement with another write (the ORM's ``bulk_create`` is a statement of its
own)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


def columns_sql(model: type[Model], alias: str, omit: tuple[str, ...] = ()) -> str:
    """``alias."column", …`` for every concrete field of ``model`` but those named in ``omit``
    (attribute names: left deferred, as the ORM's ``defer``), in field order."""
    return ", ".join(f'{alias}."{field.column}"' for field in model._meta.concrete_fields if field.attname not in omit)


@functools.cache
def attnames(model: type[Model], omit: tuple[str, ...] = ()) -> list[str]:
    """The attribute names of ``model``'s columns but ``omit``, in field order (read once per process)."""
    return [field.attname for field in model._meta.concrete_fields if field.attname not in omit]


def row_load(model: type[M], row: Sequence[Any], start: int = 0, omit: tuple[str, ...] = ()) -> M:
    """The instance whose columns (``columns_sql`` with the same ``omit``) start at ``row[start]``."""
    names = attnames(model, omit)
    return model.from_db(DEFAULT_DB_ALIAS, list(names), list(row[start : start + len(names)]))


def row_load_or_none(model: type[M], row: Sequence[Any], start: int = 0) -> M | None:
    """As ``row_load``, or None when the primary key is NULL (the row of an outer join that found none)."""
    names = attnames(model)
    if row[start + names.index(model._meta.pk.attname)] is None:
        return None
    return row_load(model, row, start)


@functools.cache
def _inserted_fields(model: type[Model]) -> list[Field[Any, Any]]:
    return [field for field in model._meta.concrete_fields if not field.primary_key]


def rows_insert_sql(model: type[Model]) -> str:
    """``INSERT`` of new ``model`` rows: every column but the primary key, from one array parameter
    per column named by its attribute (``%(channel_id)s``; ``rows_insert_params``), in the arrays'
    order, ``RETURNING`` the new primary keys in that order (as the ORM's own insert from arrays
    relies on for ``bulk_create``)."""
    fields = _inserted_fields(model)
    names = [f"c{index}" for index in range(len(fields))]
    arrays = ", ".join(f"%({field.attname})s::{field.db_type(connection)}[]" for field in fields)
    return (
        f"INSERT INTO {model._meta.db_table} ({', '.join(connection.ops.quote_name(f.column) for f in fields)})\n"
        f"SELECT {', '.join(names)} FROM unnest({arrays}) WITH ORDINALITY AS given({', '.join(names)}, position)\n"
        f"ORDER BY position RETURNING {connection.ops.quote_name(model._meta.pk.column)}"
    )


def rows_insert_params(model: type[M], instances: Sequence[M]) -> dict[str, list[Any]]:
    """The arrays ``rows_insert_sql`` inserts ``instances`` from: each field's value as ``save`` would
    send it (``pre_save`` first: ``auto_now_add`` stamps the instance). As ``bulk_create`` does, a
    related object saved since it was assigned gives its key, and an unsaved one is refused."""
    for instance in instances:
        instance._prepare_related_fields_for_save(operation_name="rows_insert_params")  # type: ignore[attr-defined]
    fields = _inserted_fields(model)
    db = connections[DEFAULT_DB_ALIAS]  # not the ``connection`` proxy, which looks it up on every use
    return {
        field.attname: [field.get_db_prep_save(field.pre_save(instance, True), db) for instance in instances]
        for field in fields
    }


def rows_inserted(instances: Sequence[Model], keys: Sequence[Any]) -> None:
    """Mark ``instances`` saved with the primary keys their insert returned, as ``bulk_create`` does."""
    for instance, key in zip(instances, keys, strict=True):
        instance.pk = key
        instance._state.adding = False
        instance._state.db = DEFAULT_DB_ALIAS
