"""The database's own constraints as the clear errors ``full_clean`` would have given.

``full_clean`` asks the database about each constraint before a write (a savepoint and a
``SELECT`` for every ``CheckConstraint``, and one ``SELECT`` for every foreign key): most of a
row's cost when the constraints are many. A write path that checks its fields in Python
(``clean_fields``, which needs no query) can leave the rest to the database and turn its refusal
into the same ``ValidationError``: ``refusals_as_errors``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, models

P = ParamSpec("P")
R = TypeVar("R")


def refusal_error(model: type[models.Model], error: IntegrityError) -> ValidationError | None:
    """The ``ValidationError`` ``full_clean`` gives for the constraint of ``model`` that refused a
    row with ``error`` (its own message and code), or None when no constraint of it is named."""
    name = getattr(getattr(error.__cause__, "diag", None), "constraint_name", None)
    for constraint in model._meta.constraints:
        if constraint.name == name and isinstance(constraint, models.CheckConstraint):
            refused = ValidationError(constraint.get_violation_error_message(), code=constraint.violation_error_code)
            return ValidationError({NON_FIELD_ERRORS: [refused]})
    return None


def refusals_as_errors(model: type[models.Model]) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a write (outside its ``transaction.atomic``, so the refused write is rolled back
    first): a check constraint of ``model`` that refuses a row raises ``ValidationError``."""

    def decorate(write: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(write)
        def checked(*args: P.args, **kwargs: P.kwargs) -> R:
            try:
                return write(*args, **kwargs)
            except IntegrityError as error:
                refused = refusal_error(model, error)
                if refused is None:
                    raise
                raise refused from error

        return checked

    return decorate
