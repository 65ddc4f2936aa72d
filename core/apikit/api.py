"""What every API view shares: bearer-key authentication, scopes, errors, paging, throttles, limits."""

from __future__ import annotations

import contextlib
import enum
import functools
import io
import re
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, NamedTuple

from django import forms
from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.validators import MaxLengthValidator, MinLengthValidator, ProhibitNullCharactersValidator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.dateparse import parse_date, parse_datetime
from django_filters import rest_framework as filters
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.pagination import Cursor, CursorPagination
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.validators import ProhibitSurrogateCharactersValidator

from core.text import text_clean


class SessionScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "core.apikit.api.SignedInSession"
    name = "Session"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}


class NewestFirst(CursorPagination):
    """Pages newest first. ``page_size`` is 1 to 200 or refused; a cursor is ``n`` (the next page)
    or ``p`` (the previous one), the id it starts after and, rarely, an offset: every string of
    that form is a cursor (the schema says so), anything else is a 400."""

    ordering = "-id"
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
    cursor_pattern = r"^[np](?:[1-9][0-9]{0,17})?(?:~[0-9]{1,4})?$"

    def get_page_size(self, request: Request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not re.fullmatch(r"[0-9]{1,3}", raw) or not 1 <= int(raw) <= self.max_page_size:
            raise exceptions.ValidationError(
                {self.page_size_query_param: [f"A whole number from 1 to {self.max_page_size}."]}
            )
        return int(raw)

    def encode_cursor(self, cursor: Cursor) -> str:
        text = (
            ("p" if cursor.reverse else "n") + (cursor.position or "") + (f"~{cursor.offset}" if cursor.offset else "")
        )
        return str(replace_query_param(self.base_url, self.cursor_query_param, text))

    def decode_cursor(self, request: Request) -> Cursor | None:
        text = request.query_params.get(self.cursor_query_param)
        if text is None:
            return None
        if not re.fullmatch(self.cursor_pattern, text):
            raise exceptions.ValidationError({self.cursor_query_param: ["Not a cursor this API gave out."]})
        position, _, offset = text[1:].partition("~")
        return Cursor(
            offset=min(int(offset or 0), self.offset_cutoff), reverse=text[0] == "p", position=position or None
        )

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.cursor_query_param,
                "required": False,
                "in": "query",
                "description": "The `next` or `previous` link's cursor.",
                "schema": {"type": "string", "pattern": self.cursor_pattern},
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "description": f"Results per page (default {self.page_size}).",
                "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size},
            },
        ]


class SignedInSession(SessionAuthentication):
    """The site's login session, for the people's own endpoints: without one the answer is 401
    like every other unauthenticated API call (DRF's plain session class answers 403)."""

    api_answers = (401,)

    def authenticate_header(self, request: Request) -> str:
        return 'Session realm="MemoryHub", login="/accounts/login/"'


def json_type_error(field: serializers.Field, value: Any) -> str | None:
    """What is wrong with a JSON value's type for ``field`` (None: nothing): text fields take only
    strings and number fields only numbers, as the schema says, instead of DRF's conversions."""
    if value is None:
        return None  # the field's own allow_null decides
    if isinstance(field, serializers.CharField) and not isinstance(value, str):
        return "Not a string."
    if isinstance(field, serializers.FloatField | serializers.IntegerField) and (
        isinstance(value, bool) or not isinstance(value, int | float)
    ):
        return "Not a number."
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        for index, item in enumerate(value):
            error = json_type_error(field.child, item)
            if error:
                return f"Item {index}: {error}"
    return None


class TypedInput(serializers.Serializer):
    """A JSON request body whose values have the types the schema gives them."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            errors = {}
            for name, field in self.fields.items():
                error = json_type_error(field, data.get(name)) if name in data and not field.read_only else None
                if error:
                    errors[name] = [error]
            if errors:
                raise exceptions.ValidationError(errors)
        return super().to_internal_value(data)


class StrictInput(TypedInput):
    """A request body: a field the operation does not take (unknown, or read-only) is refused by
    name instead of being ignored, so a bot learns at once that its change did nothing."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            writable = {name for name, field in self.fields.items() if not field.read_only}
            unknown = sorted(str(name) for name in data if name not in writable)
            if unknown:
                raise exceptions.ValidationError({name: ["This operation takes no such field."] for name in unknown})
        return super().to_internal_value(data)

    @functools.cached_property
    def _plain_plan(self) -> _PlainPlan:
        """How ``values_when_plain`` reads each field (worked out once per serializer instance)."""
        return _plain_plan(self)

    def values_when_plain(self, data: Any) -> dict[str, Any] | None:
        """What ``run_validation(data)`` returns, for an item whose every text is a plain string
        within its limits; None for anything else, which ``run_validation`` then checks and
        refuses with its own errors.

        DRF runs each field through its whole machinery (empty values, conversion, three
        validators each a call); for a batch of 100 messages that was a third of the request's
        CPU. Text fields are checked here by the rules DRF builds them with (trimmed, not blank,
        the field's lengths, no NUL or surrogate character; ``StrictCharField`` cleaned first);
        choices are looked up; any other field runs its own ``run_validation``, and ``validate``
        runs as DRF would run it. Tested against DRF on every awkward value of every field, alone
        and in seeded mixtures.
        """
        plan = self._plain_plan
        if not plan.fields or not isinstance(data, dict) or not data.keys() <= plan.names:
            return None
        values: dict[str, Any] = {}
        for name, field, kind in plan.fields:
            if name not in data:
                if field.required:
                    return None
                with contextlib.suppress(serializers.SkipField):  # no default: left out, as DRF leaves it
                    values[name] = field.get_default()
                continue
            value = data[name]
            if value is None:
                if not field.allow_null:
                    return None
                values[name] = None
            elif kind is _Kind.TEXT or kind is _Kind.CLEANED_TEXT:
                if type(value) is not str:
                    return None
                if kind is _Kind.CLEANED_TEXT:
                    value = text_clean(value)
                if field.trim_whitespace:
                    value = value.strip()
                if (
                    not value
                    or len(value) > (field.max_length or len(value))
                    or len(value) < (field.min_length or 0)
                    or "\x00" in value
                    or _SURROGATE.search(value)
                ):
                    return None
                values[name] = value
            elif kind is _Kind.CHOICE:
                if type(value) is not str or value not in field.choice_strings_to_values:
                    return None
                values[name] = field.choice_strings_to_values[value]
            else:
                if json_type_error(field, value):
                    return None
                try:
                    values[name] = field.run_validation(value)
                except serializers.ValidationError:
                    return None
        try:
            return dict(self.validate(values))
        except serializers.ValidationError:
            return None


def score_rounded(value: Any) -> float:
    """A float as people read it: 0.72, not 0.7200000000000001 (four decimals are kept)."""
    return round(float(value), 4)


class Score(serializers.FloatField):
    """A score in an answer (``score_rounded``)."""

    def to_representation(self, value: Any) -> float:
        return score_rounded(value)


class StrictCharField(serializers.CharField):
    """Text only: a number or a boolean is refused, not turned into text; control characters and
    direction overrides are removed (``core.text``)."""

    def run_validation(self, data: Any = serializers.empty) -> Any:
        if isinstance(data, str):
            data = text_clean(data)  # before the blank and length checks: what is stored is what counts
        return super().run_validation(data)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


_SURROGATE = re.compile("[\ud800-\udfff]")
# The validators DRF gives a text field from its own arguments: what ``values_when_plain`` checks.
_TEXT_VALIDATORS = (
    MaxLengthValidator,
    MinLengthValidator,
    ProhibitNullCharactersValidator,
    ProhibitSurrogateCharactersValidator,
)


class _Kind(enum.Enum):
    TEXT = "text"  # a CharField with only the checks DRF builds from its arguments
    CLEANED_TEXT = "cleaned text"  # the same, a StrictCharField: control characters removed first
    CHOICE = "choice"
    FIELD = "field"  # anything else: the field's own run_validation


class _PlainPlan(NamedTuple):
    names: frozenset[str]  # every field's
    fields: list[tuple[str, serializers.Field, _Kind]]  # empty: the serializer has checks of its own


def _plain_plan(serializer: serializers.Serializer) -> _PlainPlan:
    """How ``values_when_plain`` reads each field of ``serializer``."""
    names = frozenset(serializer.fields)
    cls = type(serializer)
    if (
        cls.to_internal_value is not StrictInput.to_internal_value
        or cls.run_validation is not serializers.Serializer.run_validation
    ):
        return _PlainPlan(names, [])  # a subclass checks more than its fields: DRF's path only
    plan = []
    for name, field in serializer.fields.items():
        if serializer.validators or field.read_only or field.source != name or hasattr(serializer, f"validate_{name}"):
            return _PlainPlan(names, [])
        kind = _Kind.FIELD
        if type(field) in (serializers.CharField, StrictCharField):
            built = 2 + (field.max_length is not None) + (field.min_length is not None)
            if len(field.validators) == built and all(isinstance(v, _TEXT_VALIDATORS) for v in field.validators):
                kind = _Kind.CLEANED_TEXT if isinstance(field, StrictCharField) else _Kind.TEXT
        elif type(field) is serializers.ChoiceField and not field.validators:
            kind = _Kind.CHOICE
        plan.append((name, field, kind))
    return _PlainPlan(names, plan)


def input_values(cls: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``data`` checked by the input serializer ``cls``: what ``cls(data=data)`` gives as
    ``validated_data`` after ``is_valid(raise_exception=True)``, or raises, errors and all.

    An object is checked by one instance of ``cls`` that every request shares: a new instance
    deep-copies all its fields, and a ``StrictInput`` works out ``values_when_plain``'s plan
    again, which cost a single message (a ``/context``) 150 µs (130 µs) against 16 (32) for the
    checks themselves. Checking keeps no state on the serializer (``run_validation``, not
    ``is_valid``). Anything but a JSON object (a ``dict``) goes the usual way: DRF's own error for
    a list or null, its HTML-form rules for a ``QueryDict``.
    """
    if type(data) is not dict:
        serializer = cls(data=data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)
    shared = _shared_input(cls)  # type: ignore[arg-type]  # a class is hashable; the stubs type it as Any
    if isinstance(shared, StrictInput) and (values := shared.values_when_plain(data)) is not None:
        return values
    return dict(shared.run_validation(data))


@functools.cache
def _shared_input(cls: type[serializers.Serializer]) -> serializers.Serializer:
    return cls()


class StrictBooleanField(serializers.BooleanField):
    """JSON's true or false only: ``0``, ``"yes"`` or ``"true"`` are refused, as the schema says."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


class FlagField(forms.Field):
    default_error_messages = {"invalid": "true or false."}

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        if value in ("true", "false"):
            return bool(value == "true")
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")


@extend_schema_field({"type": "boolean"})
class StrictBooleanFilter(filters.Filter):
    """A query flag: ``true`` or ``false``; anything else is a 400 rather than silently no filter."""

    field_class = FlagField


class StrictFilterSet(filters.FilterSet):
    """Query filters as the schema gives them: a number, a choice, a flag or a time given empty
    (``?kind=``) is a 400, not silently no filter (an empty text filter still means none)."""

    def is_valid(self) -> bool:
        valid = bool(super().is_valid())
        for name, declared in self.filters.items():
            if self.data.get(name) == "" and not isinstance(declared, filters.CharFilter):
                self.form.add_error(name, "Give a value, or leave the parameter out.")
                valid = False
        return valid


class MethodBeforeAuthentication:
    """A method the endpoint does not have is a 405 even before anyone signed in: the answer
    depends on the URL, not on who asks (DRF checks authentication first)."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        method = request.method.lower() if request.method else ""
        if method not in self.http_method_names or not hasattr(self, method):  # type: ignore[attr-defined]
            raise exceptions.MethodNotAllowed(request.method or "")
        super().initial(request, *args, **kwargs)  # type: ignore[misc]


class DateOrDateTimeField(forms.Field):
    """``2026-11-01`` (midnight UTC, the day's start) or an ISO 8601 time with any UTC offset."""

    default_error_messages = {"invalid": "A date (2026-11-01) or a date and time (2026-11-01T09:30:00Z)."}

    def to_python(self, value: Any) -> datetime | None:
        if value in (None, ""):
            return None
        if isinstance(value, str):
            try:  # well-formed but impossible (2026-13-01) raises
                day = parse_date(value) if len(value) == 10 else None
                moment = parse_datetime(value) if day is None else None
            except ValueError:
                day = moment = None
            if day is not None:
                return datetime(day.year, day.month, day.day, tzinfo=UTC)
            if moment is not None and moment.tzinfo is not None:
                with contextlib.suppress(OverflowError):  # 0001-01-01T00:00+01:00 is before the first day
                    return moment.astimezone(UTC)  # PostgreSQL takes offsets up to ±15:59 only
        raise forms.ValidationError(self.error_messages["invalid"], code="invalid")


@extend_schema_field({"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]})
class DateOrDateTimeFilter(filters.Filter):
    """A time filter that also takes a plain date (its start, UTC)."""

    field_class = DateOrDateTimeField


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Request body too large."
    default_code = "request_too_large"


class LimitedJSONParser(JSONParser):
    """JSON with a size limit: DRF reads the stream itself, so Django's own limit never applies."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict[str, Any] | None = None) -> Any:
        request: HttpRequest | None = (parser_context or {}).get("request")
        limit = settings.MEMORYHUB_API_MAX_BODY_BYTES
        length = int((request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0)
        if length > limit:
            raise RequestTooLarge(f"Request body of {length} bytes is over the limit of {limit}.")
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:  # nested deeper than Python's decoder goes: not a body the API takes
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from error


def chunked_api_body(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware: an API request sent with ``Transfer-Encoding: chunked`` (no Content-Length) is
    read here, up to the size limit, so its body is parsed rather than taken as empty.

    Django reads a body only as far as its Content-Length says (none: nothing), and DRF parses
    only a body with a length, so the body is read once and handed on with its length set.
    """

    def middleware(request: HttpRequest) -> HttpResponse:
        chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
        if chunked and request.path.startswith("/api/") and not request.META.get("CONTENT_LENGTH"):
            limit = settings.MEMORYHUB_API_MAX_BODY_BYTES
            source = request.environ.get("wsgi.input") if hasattr(request, "environ") else None
            raw = (source or request).read(limit + 1)
            if len(raw) > limit:
                body = {"error": {"code": "request_too_large", "message": f"Request body is over {limit} bytes."}}
                return JsonResponse(body, status=413)
            request.META["CONTENT_LENGTH"] = str(len(raw))
            request._stream = io.BytesIO(raw)  # type: ignore[attr-defined]  # what request.read() reads
            request._read_started = False  # type: ignore[attr-defined]
        return get_response(request)

    return middleware


class InvalidBatchItem(exceptions.APIException):
    """One item of a batch is invalid: the whole batch is refused, naming the item."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid_batch"

    def __init__(self, *, index: int, details: Any) -> None:
        super().__init__(f"Item {index} of the batch is not valid; nothing was stored.")
        self.index, self.details = index, details


class MemoryOff(exceptions.APIException):
    status_code = 409
    default_code = "memory_off"
    default_detail = "This person turned memory off: nothing about them is remembered or changed."


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error as ``{"error": {"code", "message", ...}}`` with a stable ``code``."""
    # Imported here: rest_framework.views imports this module (the authentication class) itself.
    from rest_framework.views import exception_handler

    if (api_exception := getattr(exc, "api_exception", None)) is not None:  # an app's error, as the API says it
        exc = api_exception(str(exc))
    if isinstance(exc, RequestDataTooBig):  # Django's own limit, reached while reading the body
        exc = RequestTooLarge(f"Request body is over the limit of {settings.MEMORYHUB_API_MAX_BODY_BYTES} bytes.")
    if isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found in this community.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(str(exc) or None)
    response = exception_handler(exc, context)
    if response is None:
        return None
    body: dict[str, Any]
    if isinstance(exc, InvalidBatchItem):
        body = {"code": "invalid_batch", "message": str(exc.detail), "index": exc.index, "details": exc.details}
    elif isinstance(exc, exceptions.ValidationError):
        body = {"code": "invalid", "message": "The request is not valid.", "details": response.data}
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        body = {"code": codes if isinstance(codes, str) else "error", "message": str(exc.detail)}
        if isinstance(index := getattr(exc, "index", None), int):  # about one item of a batch: which
            body["index"] = index
    else:
        body = {"code": "error", "message": str(exc)}
    response.data = {"error": body}
    return response
