"""Bots authenticate with their community's API key (``Authorization: Bearer mh_…``): the DRF
authentication, permission and throttle classes the API kit's settings name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from accounts.models import ApiKey, Community
from accounts.services import apikey_authenticate


@dataclass(frozen=True)
class BotClient:
    """``request.user`` for a bot: the key's community. ``request.auth`` is the ApiKey."""

    api_key: ApiKey
    throttle_wait: float | None = None  # taken with the key's read (ApiKeyThrottle); None: not taken
    is_authenticated: bool = True
    is_anonymous: bool = False

    @property
    def community(self) -> Community:
        return self.api_key.community

    @property
    def pk(self) -> str:
        return f"key:{self.api_key.pk}"


class ApiKeyAuthentication(BaseAuthentication):
    """``Authorization: Bearer mh_…``. A wrong or revoked key is a 401, never a silent anonymous user."""

    api_answers = (401, 429)  # its read takes the key's rate token (ApiKeyThrottle answers the 429)

    def authenticate(self, request: Request) -> tuple[BotClient, ApiKey] | None:
        client = bot_client_from_header(get_authorization_header(request))
        return None if client is None else (client, client.api_key)

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="memoryhub"'


def bot_client_from_header(authorization: bytes) -> BotClient | None:
    """The bot an ``Authorization`` header names, its rate token taken; None without a bearer key
    (another scheme's header, or none). A wrong or revoked key raises ``AuthenticationFailed``."""
    header = authorization.split()
    if not header or header[0].lower() != b"bearer":
        return None
    if len(header) != 2:
        raise exceptions.AuthenticationFailed("Authorization must be 'Bearer <key>'.", code="invalid_api_key")
    use = apikey_authenticate(raw_key=header[1].decode("latin-1"), allowance=ApiKeyThrottle.allowance())
    if use is None:
        raise exceptions.AuthenticationFailed("Unknown or revoked API key.", code="invalid_api_key")
    return BotClient(api_key=use.api_key, throttle_wait=use.wait)


class ApiKeyScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = "accounts.authentication.ApiKeyAuthentication"
    name = "ApiKey"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "bearer", "bearerFormat": "mh_…", "description": "A community's API key."}


def api_key_of(request: Request) -> ApiKey:
    if not isinstance(request.auth, ApiKey):
        raise exceptions.NotAuthenticated("This endpoint needs an API key.")
    return request.auth


class HasScope(BasePermission):
    """The key carries the view's ``required_scopes`` for this method (a dict method → scope)."""

    message = "This API key lacks the scope this endpoint needs."
    code = "missing_scope"
    api_answers = (403,)

    def has_permission(self, request: Request, view: Any) -> bool:
        api_key = request.auth
        if not isinstance(api_key, ApiKey):
            return False
        needed = getattr(view, "required_scopes", {}).get(request.method, getattr(view, "required_scope", None))
        if needed is None:
            return True
        if needed not in api_key.scopes:
            raise exceptions.PermissionDenied(f"This API key lacks the '{needed}' scope.", code="missing_scope")
        return True


class ApiKeyThrottle(SimpleRateThrottle):
    """Per key (a bot), not per IP: one community's bot cannot starve another's. The allowance is a
    token bucket in the database, shared by every web process (``core.buckets``); the key's
    own read takes its token (``ApiKeyAuthentication``), so the throttle costs no round trip."""

    scope = "api_key"
    api_answers = (429,)
    _wait = 0.0

    @classmethod
    def allowance(cls) -> tuple[int, float] | None:
        """(capacity, per seconds) of every key's bucket; None when no rate is set."""
        rate = cls.THROTTLE_RATES.get(cls.scope)
        if rate is None:
            return None
        capacity, per_seconds = cls().parse_rate(rate)
        assert capacity is not None and per_seconds is not None
        return capacity, per_seconds

    def allow_request(self, request: Request, view: Any) -> bool:
        # No rate, or no key (authentication answers first): nothing was taken, nothing to wait for.
        self._wait = (request.user.throttle_wait if isinstance(request.user, BotClient) else None) or 0.0
        return self._wait == 0

    def wait(self) -> float | None:
        return self._wait
