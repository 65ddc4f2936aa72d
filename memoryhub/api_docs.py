"""How API errors are documented in the OpenAPI schema: one shape, one description per status."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework import serializers


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
    409: "In conflict with the current state; nothing was changed.",
    429: "Too many requests (`throttled`): wait the `Retry-After` header's seconds.",
    503: "The embedding provider is unavailable (`embeddings_unavailable`): retry later. Nothing was changed.",
}
_ERROR_EXAMPLES = {
    403: {"code": "missing_scope", "message": "This API key lacks the 'memories:write' scope."},
    404: {"code": "not_found", "message": "No person with platform id 'alice_456' in this community."},
    409: {"code": "out_of_scope", "message": "user 7 is also known in 1 other communities: …"},
}


def error_responses(*codes: int, **descriptions: str) -> dict[int, OpenApiResponse]:
    """The documented error answers of an operation; ``descriptions`` (``e404="…"``) say more."""
    answers = {}
    for code in codes:
        example = _ERROR_EXAMPLES.get(code)
        answers[code] = OpenApiResponse(
            response=ErrorOutput,
            description=descriptions.get(f"e{code}", _ERROR_DESCRIPTIONS[code]),
            examples=[OpenApiExample(f"error {code}", value={"error": example}, status_codes=[str(code)])]
            if example
            else None,
        )
    return answers


BOT_ERRORS = (401, 403, 429)
