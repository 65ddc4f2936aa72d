"""The site's URLs and one page that fails, for the error page tests."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.urls import path

from memoryhub.urls import handler404, handler500
from memoryhub.urls import urlpatterns as site_urlpatterns

__all__ = ["handler404", "handler500", "urlpatterns"]


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("a bug in a page")


urlpatterns = [path("broken-page", broken), *site_urlpatterns]
