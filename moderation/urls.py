from __future__ import annotations

from django.urls import path

from moderation import views

urlpatterns = [
    path("", views.index, name="moderation"),
    path("communities/<int:community_id>/memories", views.memory_list, name="moderation-memories"),
    path("memories/<int:pk>/edit", views.memory_edit, name="moderation-memory-edit"),
    path("memories/<int:pk>/delete", views.memory_remove, name="moderation-memory-delete"),
    path("memories/<int:pk>/history", views.memory_history, name="moderation-memory-history"),
    path("communities/<int:community_id>/windows", views.window_list, name="moderation-windows"),
    path("windows/<int:pk>", views.window_detail, name="moderation-window"),
    path("windows/<int:pk>/retry", views.window_retry_view, name="moderation-window-retry"),
]
