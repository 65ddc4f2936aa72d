"""The site's URLs and one page that fails, for the error page tests."""

from __future__ import annotations

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.urls import path

from memoryhub.urls import handler404, handler500
from memoryhub.urls import urlpatterns as site_urlpatterns

__all__ = ["handler404", "handler500", "urlpatterns"]


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a page")


def database_gone(request: HttpRequest) -> HttpResponse:
    raise OperationalError("connection failed: server closed the connection unexpectedly")


urlpatterns = [
    path("broken-page", broken),
    path("database-gone", database_gone),
    path("api/v1/database-gone", database_gone),
    *site_urlpatterns,
]
