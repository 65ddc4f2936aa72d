from __future__ import annotations

from django.urls import path

from memories import views

urlpatterns = [
    path("memories/<int:pk>/edit", views.memory_edit, name="memory-edit"),
    path("memories/<int:pk>/delete", views.memory_remove, name="memory-remove"),
    path("recall/<int:message_id>/remove", views.recall_line_take_out, name="recall-line-remove"),
]
