"""The OpenAPI schema tells the truth: every status an operation can answer, with the shared error
shape; the constraints the API enforces (lengths, patterns, exclusive fields, unknown fields
refused); and links from the operations that give out ids to the operations that take them."""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, PolymorphicProxySerializer
from rest_framework import serializers
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.settings import APISettings

from core.http_protocol import URL_MAX_BYTES


class ErrorBody(serializers.Serializer):
    code = serializers.CharField(help_text="Stable, machine-readable: `invalid`, `missing_scope`, `not_found`, …")
    message = serializers.CharField(help_text="For people reading logs.")
    details = serializers.JSONField(required=False, help_text="Per field, for `invalid`.")


class ErrorOutput(serializers.Serializer):
    error = ErrorBody()


_ERROR_DESCRIPTIONS = {
    400: "Invalid input (`invalid`): `details` names each field. Nothing was changed.",
    401: "No API key, or an unknown or revoked one (`not_authenticated`, `invalid_api_key`).",
    403: "The API key lacks the scope this endpoint needs (`missing_scope`).",
    404: "Not found in this community (`not_found`).",
    405: "The endpoint has no such method (`method_not_allowed`).",
    409: "In conflict with the current state; nothing was changed.",
    413: "The body is over the size limit (`request_too_large`). Nothing was changed.",
    414: (
        f"The URL is over {URL_MAX_BYTES} bytes (`uri_too_long`), answered by the web server before the API "
        "reads it: send long input in a body (`POST /api/v1/context` takes what `GET` does)."
    ),
    415: "The body is not JSON (`unsupported_media_type`): send `Content-Type: application/json`.",
    429: "Too many requests (`throttled`): wait the `Retry-After` header's seconds.",
    503: "The embedding provider is unavailable (`embeddings_unavailable`): retry later. Nothing was changed.",
}
_ERROR_EXAMPLES = {
    403: {"code": "missing_scope", "message": "This API key lacks the 'memories:write' scope."},
    404: {"code": "not_found", "message": "No person with platform id 'alice_456' in this community."},
}


def error_responses(
    *codes: int, examples: dict[int, dict[str, str]] | None = None, **descriptions: str
) -> dict[int, OpenApiResponse]:
    """The documented error answers of an operation; ``descriptions`` (``e404="…"``) say more, and
    ``examples`` give an operation's own error body for a status instead of the shared one."""
    answers = {}
    for code in codes:
        example = (examples or {}).get(code) or _ERROR_EXAMPLES.get(code)
        answers[code] = OpenApiResponse(
            response=ErrorOutput,
            description=descriptions.get(f"e{code}", _ERROR_DESCRIPTIONS[code]),
            examples=[OpenApiExample(f"error {code}", value={"error": example}, status_codes=[str(code)])]
            if example
            else None,
        )
    return answers


BOT_ERRORS = (401, 403, 429)


# Whitespace as Python's str.strip() sees it (DRF trims text fields), and what core.text
# removes (controls, direction marks): regular-expression classes in a syntax that JavaScript and
# Python read alike.
_WHITESPACE = r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_REMOVED = r"\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
NO_NUL = r"^[^\x00]*$"


def text_pattern(field: serializers.CharField) -> str | None:
    """The regular expression a text field's value must match, beyond its length."""
    from core.apikit.api import StrictCharField

    if isinstance(field, StrictCharField):  # cleaned first: NUL and controls go, and cannot be all there is
        return None if field.allow_blank else f"[^{_WHITESPACE}{_REMOVED}]"
    if field.allow_blank or not field.trim_whitespace:
        return NO_NUL  # PostgreSQL cannot keep NUL: refused (a 400)
    return f"^[^\\x00]*[^\\x00{_WHITESPACE}][^\\x00]*$"


def _answers(part: Any) -> tuple[int, ...]:
    """The error statuses a view's authentication, permission or throttle class says it answers."""
    return tuple(getattr(part, "api_answers", ()))


class MemoryHubSchema(AutoSchema):
    """drf-spectacular's schema, plus what each operation can answer by its shape, and the
    constraints that the serializers enforce but drf-spectacular does not describe."""

    def get_operation(self, path: str, path_regex: str, path_prefix: str, method: str, registry: Any) -> Any:
        operation = super().get_operation(path, path_regex, path_prefix, method, registry)
        if operation is None:
            return None
        parameters = operation.get("parameters", [])
        if "requestBody" in operation and isinstance(self.get_request_serializer(), PolymorphicProxySerializer):
            operation["requestBody"]["required"] = True  # one of several shapes, each with required fields
        implied = []
        if "requestBody" in operation or any(p["in"] == "query" for p in parameters):
            implied.append(400)
        # What a view's authentication, permission and throttle classes can answer, each class
        # saying it itself (``api_answers``): the kit knows none of the apps' classes.
        authentication = self.view.get_authenticators()
        if any(401 in _answers(a) for a in authentication):
            implied.append(401)
        if any(403 in _answers(p) for p in self.view.get_permissions()):
            implied.append(403)
        if any(p["in"] == "path" for p in parameters):
            implied.append(404)
        if any(p["in"] in ("path", "query") for p in parameters):
            implied.append(414)  # what a client puts in the URL can make it too long to read
        if "requestBody" in operation:
            implied += [413, 415]
        if any(429 in _answers(t) for t in self.view.get_throttles()) and any(
            429 in _answers(a) for a in authentication
        ):
            implied.append(429)  # the throttle's token is taken with the authentication's read
        responses = operation["responses"]
        for code in implied:
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(error_responses(code)[code], str(code))
        if "429" in responses:
            responses["429"]["headers"] = {
                "Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait.", "required": True}
            }
        return operation

    def _get_request_for_media_type(self, serializer: Any, direction: str = "request") -> Any:
        instance = force_instance(serializer)
        if self.method == "PATCH" and getattr(instance, "whole_on_patch", False):
            # This PATCH takes the whole input (every required field): not drf-spectacular's partial copy.
            self.method = "PUT"
            try:
                return super()._get_request_for_media_type(serializer, direction)
            finally:
                self.method = "PATCH"
        return super()._get_request_for_media_type(serializer, direction)

    def _map_serializer(self, serializer: Any, direction: str, bypass_extensions: bool = False) -> Any:
        from core.apikit.api import StrictInput

        result = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(force_instance(serializer), StrictInput):
            result = copy.copy(result)
            result["additionalProperties"] = False  # unknown and read-only fields are refused by name
            exclusive = getattr(serializer, "exclusive_fields", None)
            if exclusive:
                result["not"] = {"required": list(exclusive)}
            rules = getattr(serializer, "schema_rules", None)  # what one field's value says of another's
            if rules:
                result["allOf"] = list(rules)
        return result

    def _map_serializer_field(self, field: Any, direction: str, bypass_extensions: bool = False) -> Any:
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if direction != "request":
            return schema
        if isinstance(field, serializers.ListSerializer):
            min_length = field.min_length if field.min_length is not None else (0 if field.allow_empty else 1)
            if min_length:
                schema["minItems"] = min_length
            if field.max_length is not None:
                schema["maxItems"] = field.max_length
        elif isinstance(field, serializers.CharField) and not isinstance(field, serializers.ChoiceField):
            pattern = text_pattern(field)
            if pattern and "pattern" not in schema:
                schema["pattern"] = pattern
        return schema


def links_add(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """Postprocessing hook: OpenAPI links from the operations that give out ids to those that take
    them, so that a client (and stateful testing) can walk from a posted message to its person,
    its window and its memories."""
    paths = result["paths"]
    for item in paths.values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                schema = parameter.get("schema", {})
                plain_text = schema.get("type") == "string" and not {"pattern", "enum", "format", "anyOf"} & set(schema)
                if plain_text and parameter["in"] == "query":  # Django's forms refuse NUL (a 400)
                    schema["pattern"] = NO_NUL
    operation_ids = {operation["operationId"] for item in paths.values() for operation in item.values()}

    def link(source: tuple[str, str, str], target_operation: str, **parameters: str) -> None:
        path, method, status = source
        response = paths.get(path, {}).get(method, {}).get("responses", {}).get(status)
        if response is None:
            raise ValueError(f"No response {status} of {method.upper()} {path} to link from.")
        if target_operation not in operation_ids:
            raise ValueError(f"No operation {target_operation} to link to.")
        name = target_operation.replace("_", " ").title().replace(" ", "")
        response.setdefault("links", {})[name] = {"operationId": target_operation, "parameters": parameters}

    api = "/api/v1"
    messages = (f"{api}/messages", "post", "202")
    author = "$request.body#/messages/0/author"
    for operation in ("users_profile", "users_export", "users_forget", "users_remember", "users_erase"):
        link(messages, operation, external_id=author)
    for operation in ("messages_edit", "messages_delete"):
        link(
            messages,
            operation,
            channel="$request.body#/messages/0/channel",
            message_id="$request.body#/messages/0/message_id",
        )
    for operation in ("windows_read", "windows_close", "windows_retry"):
        link(messages, operation, id="$response.body#/windows/0")
        link((f"{api}/windows", "get", "200"), operation, id="$response.body#/results/0/id")
    link((f"{api}/windows/{{id}}/close", "post", "202"), "windows_retry", id="$response.body#/id")
    for operation in ("memories_read", "memories_update", "memories_delete"):
        link((f"{api}/memories", "post", "201"), operation, id="$response.body#/id")
        link((f"{api}/memories", "get", "200"), operation, id="$response.body#/results/0/id")
    # Not to forget or erase: they delete the memory just created, which a client walking the
    # links (and schemathesis's check that a created resource can be read) would not expect.
    for operation in ("users_profile", "users_export", "users_remember"):
        link((f"{api}/memories", "post", "201"), operation, external_id="$request.body#/user")
    return result


class FormatParameter(DefaultContentNegotiation):
    """/api/schema/ alone keeps DRF's ``?format=`` (``?format=json`` for JSON instead of YAML): the
    API's own endpoints leave the parameter to themselves (``URL_FORMAT_OVERRIDE`` is off)."""

    settings = APISettings({"URL_FORMAT_OVERRIDE": "format"})
