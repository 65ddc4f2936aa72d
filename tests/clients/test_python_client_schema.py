"""The Python client (clients/python) against the schema at /api/schema/: every operation it calls
exists with that method and path, sends only parameters and fields the operation takes, and reads
only fields its answer has, with the types and nullability the schema gives. A renamed endpoint,
parameter or field fails here, not in a bot. The client itself needs nothing but httpx."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
import sys
import types
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import pytest
from drf_spectacular.generators import SchemaGenerator

import memoryhub_client
from memoryhub_client import MemoryHub, models
from memoryhub_client._operations import Operation, Pages, Streamed

PACKAGE = Path(memoryhub_client.__file__).parent
API = "/api/v1"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)  # what /api/schema/ serves


def _component(schema: dict[str, Any], ref_or_schema: dict[str, Any]) -> dict[str, Any]:
    ref = ref_or_schema.get("$ref")
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]] if ref else ref_or_schema


def _ref_name(node: dict[str, Any]) -> str | None:
    ref = node.get("$ref") or next((n.get("$ref") for n in node.get("allOf", []) if "$ref" in n), None)
    return ref.rsplit("/", 1)[1] if ref else None


# --- Operations ---------------------------------------------------------------------------------


def _operations() -> dict[str, Operation[Any, Any]]:
    """Every endpoint a method of the client calls, by the method's name."""
    found: dict[str, Operation[Any, Any]] = {}
    for name, member in inspect.getmembers(MemoryHub):
        if isinstance(member, Operation):
            found[name] = member
        elif isinstance(member, Pages):
            found[name] = member.listing
        elif isinstance(member, Streamed):
            found[name] = member.chat
    return found


def _sample(kind: Any) -> Any:
    """A value of the annotated ``kind``: every optional parameter given, so every field is sent."""
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        return _sample(next(option for option in get_args(kind) if option is not type(None)))
    if origin is Literal:
        return get_args(kind)[0]
    if origin in (Sequence, list):
        return [_sample(get_args(kind)[0])]
    if dataclasses.is_dataclass(kind):
        hints = get_type_hints(kind)
        return kind(**{f.name: _sample(hints[f.name]) for f in dataclasses.fields(kind)})  # type: ignore[operator]
    samples: dict[Any, Any] = {str: "x", int: 1, float: 0.5, bool: True, datetime: datetime(2026, 1, 2, tzinfo=UTC)}
    return samples[kind]


def _sent(operation: Operation[Any, Any]) -> Any:
    """The call the client builds when every parameter is given."""
    hints = get_type_hints(operation.build)
    parameters = list(inspect.signature(operation.build).parameters)[1:]  # after ``self``
    return operation.call(**{name: _sample(hints[name]) for name in parameters})


def test_the_client_calls_every_operation_of_the_bot_api(schema: dict[str, Any]) -> None:
    """Everything a bot's key may do has a method (the people's own /me endpoints are the site's)."""
    called = {(op.method.lower(), API + op.route) for op in _operations().values()}
    offered = {
        (method, path)
        for path, operations in schema["paths"].items()
        for method in operations
        if path.startswith(API) and not path.startswith(f"{API}/me/")
    }
    offered -= {("get", f"{API}/context")}  # the client asks POST /context (a proxy's log keeps no query)
    assert called == offered


@pytest.mark.parametrize("name", sorted(_operations()))
def test_each_operation_sends_what_the_schema_takes_and_reads_what_it_answers(
    schema: dict[str, Any], name: str
) -> None:
    operation = _operations()[name]
    documented = schema["paths"][API + operation.route][operation.method.lower()]
    call = _sent(operation)
    # The path's names, and the query's, are the operation's parameters.
    parameters = {(p["in"], p["name"]) for p in documented.get("parameters", [])}
    assert {("path", n) for n in re.findall(r"{(\w+)}", operation.route)} == {p for p in parameters if p[0] == "path"}
    assert {("query", n) for n in call.query} <= parameters
    # Every field of the body is one the request schema has.
    if call.body is not None:
        body = _component(schema, documented["requestBody"]["content"]["application/json"]["schema"])
        if "oneOf" in body:  # one message, or a batch of them
            body = next(
                _component(schema, s)
                for s in body["oneOf"]
                if set(call.body) <= set(_component(schema, s)["properties"])
            )
        assert set(call.body) <= set(body["properties"])
        for item in call.body.get("messages", []):
            assert set(item) <= set(schema["components"]["schemas"]["MessageInputRequest"]["properties"])
    # The answer read is the component the schema gives the success status.
    success = next(r for status, r in documented["responses"].items() if str(status).startswith("2"))
    answer = success.get("content", {}).get("application/json", {}).get("schema", {})
    if operation.result is None:
        assert answer == {}
    elif operation.result is dict:
        assert answer.get("type") == "object"
    elif operation.listing:
        page = _component(schema, answer)
        assert {"results", "next", "previous"} <= set(page["properties"])
        assert _ref_name(page["properties"]["results"]["items"]) == operation.result.component  # type: ignore[attr-defined]
    else:
        assert _ref_name(answer) == operation.result.component  # type: ignore[attr-defined]


# --- Results --------------------------------------------------------------------------------------

TYPES = {int: "integer", str: "string", float: "number", bool: "boolean", datetime: "string"}


def _results() -> list[type]:
    return [cls for cls in vars(models).values() if isinstance(cls, type) and hasattr(cls, "component")]


def _check_field(schema: dict[str, Any], kind: Any, prop: dict[str, Any], where: str) -> None:
    """``kind`` (a field's annotation) reads ``prop`` (its schema) faithfully."""
    options = [o for o in get_args(kind)] if get_origin(kind) in (Union, types.UnionType) else [kind]
    optional = type(None) in options
    options = [o for o in options if o is not type(None)]
    if prop.get("nullable"):
        assert optional, f"{where} may be null"
    if kind is Any or not prop:
        return  # free JSON, typed Any on both sides
    (inner,) = options
    if get_origin(inner) is Literal:
        inner = str
    if get_origin(inner) is list:
        assert prop.get("type") == "array", where
        _check_field(schema, get_args(inner)[0], prop["items"], f"{where}[]")
    elif get_origin(inner) is dict:
        assert prop.get("type") in (None, "object"), where
    elif dataclasses.is_dataclass(inner):
        assert _ref_name(prop) == inner.component, where  # type: ignore[union-attr]
    elif _ref_name(prop):  # a choice: text
        assert inner is str and schema["components"]["schemas"][_ref_name(prop)]["type"] == "string", where
    elif "oneOf" in prop:
        assert inner is str, where
    else:
        assert prop.get("type") == TYPES[inner], where
        if inner is datetime:
            assert prop.get("format") == "date-time", where


@pytest.mark.parametrize("cls", _results(), ids=lambda cls: cls.__name__)
def test_every_field_the_client_reads_or_sends_is_in_the_schema(schema: dict[str, Any], cls: type) -> None:
    component = schema["components"]["schemas"][cls.component]  # type: ignore[attr-defined]
    hints = get_type_hints(cls)
    for field in dataclasses.fields(cls):
        assert field.name in component["properties"], f"{cls.__name__}.{field.name} is not in {cls.component}"  # type: ignore[attr-defined]
        _check_field(schema, hints[field.name], component["properties"][field.name], f"{cls.__name__}.{field.name}")


@pytest.mark.parametrize(
    ("choices", "component"),
    [
        (models.MemoryKind, "KindEnum"),
        (models.MemorySource, "MemorySourceEnum"),
        (models.NewMemorySource, "MemoryCreateInputSourceEnum"),
        (models.Expiration, "ExpirationEnum"),
        (models.Role, "RoleEnum"),
        (models.EntityType, "TypeEnum"),
        (models.WindowState, "WindowOutputStateEnum"),
    ],
)
def test_the_choices_the_client_offers_are_the_apis(schema: dict[str, Any], choices: Any, component: str) -> None:
    assert set(get_args(choices)) == set(schema["components"]["schemas"][component]["enum"])


def test_the_client_imports_nothing_but_httpx_and_the_standard_library() -> None:
    """It is installed in a bot's environment: no Django, nothing of the server."""
    imported = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    assert imported - set(sys.stdlib_module_names) == {"httpx", "memoryhub_client"}
