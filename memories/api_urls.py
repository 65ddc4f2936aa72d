from __future__ import annotations

from django.urls import path

from memories import apis

urlpatterns = [
    path("context", apis.ContextApi.as_view(), name="api-context"),
    path("memories", apis.MemoryListApi.as_view(), name="api-memories"),
    path("memories/search", apis.MemorySearchApi.as_view(), name="api-memories-search"),
    path("memories/<int:pk>", apis.MemoryDetailApi.as_view(), name="api-memory"),
    path("memories/<int:pk>/history", apis.MemoryHistoryApi.as_view(), name="api-memory-history"),
    path("entities", apis.EntityListApi.as_view(), name="api-entities"),
]
