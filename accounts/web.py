"""What every page view asks of its request about the person."""

from __future__ import annotations

from django.http import HttpRequest

from accounts.models import User


def signed_in(request: HttpRequest) -> User:
    """The signed-in person of a view behind ``login_required``."""
    assert isinstance(request.user, User)  # login_required let only a signed-in person through
    return request.user
