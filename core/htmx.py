"""What the pages' HTMX views share: the request django-htmx annotates, and the notices the page
shows after a change (``#toast``)."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails  # set by django_htmx's middleware on every request


def page_notice(response: HttpResponse, message: str) -> HttpResponse:
    """``response`` with the event the page shows as a notice (``#toast``)."""
    response["HX-Trigger"] = json.dumps({"memoryChanged": {"message": message}})
    return response


def page_gone(message: str) -> HttpResponse:
    """An empty fragment (the item disappears) and an event the page shows as a notice."""
    return page_notice(HttpResponse(""), message)
