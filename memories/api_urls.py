from __future__ import annotations

from django.urls import path

from memories.apis import context, entities, memory, search

urlpatterns = [
    path("context", context.ContextApi.as_view(), name="api-context"),
    path("memories", memory.MemoryListApi.as_view(), name="api-memories"),
    path("memories/search", search.MemorySearchApi.as_view(), name="api-memories-search"),
    path("memories/<int:pk>", memory.MemoryDetailApi.as_view(), name="api-memory"),
    path("memories/<int:pk>/history", search.MemoryHistoryApi.as_view(), name="api-memory-history"),
    path("entities", entities.EntityListApi.as_view(), name="api-entities"),
]
