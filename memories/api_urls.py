from __future__ import annotations

from django.urls import path

from memories import apis

urlpatterns = [
    path("context", apis.ContextApi.as_view(), name="api-context"),
]
