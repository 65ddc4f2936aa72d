"""The session engine (``SESSION_ENGINE = "accounts.sessions"``): Django's database sessions,
stored in ``LoginSession`` with the logged-in user's id beside the data."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

from accounts.models import LoginSession


class SessionStore(DatabaseSessionStore):
    @classmethod
    def get_model_class(cls) -> type[LoginSession]:
        return LoginSession

    def create_model_instance(self, data: dict[str, Any]) -> LoginSession:
        session = super().create_model_instance(data)
        assert isinstance(session, LoginSession)
        session.user_id = login_session_user_id(data)
        return session


def login_session_user_id(data: dict[str, Any]) -> int | None:
    """The id of the user a session's data is logged in as, or None."""
    try:
        return int(data[SESSION_KEY])
    except (KeyError, TypeError, ValueError):
        return None
