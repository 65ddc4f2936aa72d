from __future__ import annotations

from django.urls import path

from moderation import views

urlpatterns = [
    path("", views.index, name="moderation"),
    path("communities/<int:community_id>/", views.overview, name="moderation-overview"),
    path("communities/<int:community_id>/memories", views.memory_list, name="moderation-memories"),
    path("communities/<int:community_id>/memories/bulk", views.memory_bulk, name="moderation-memories-bulk"),
    path("memories/<int:pk>/edit", views.memory_edit, name="moderation-memory-edit"),
    path("memories/<int:pk>/delete", views.memory_remove, name="moderation-memory-delete"),
    path("memories/<int:pk>/history", views.memory_history, name="moderation-memory-history"),
    path("communities/<int:community_id>/windows", views.window_list, name="moderation-windows"),
    path("communities/<int:community_id>/people", views.people_list, name="moderation-people"),
    path("communities/<int:community_id>/audit", views.audit_log, name="moderation-audit"),
    path("communities/<int:community_id>/people/<int:pk>", views.person_detail, name="moderation-person"),
    path("communities/<int:community_id>/people/<int:pk>/memory", views.person_memory, name="moderation-person-memory"),
    path(
        "communities/<int:community_id>/people/<int:pk>/profile", views.person_profile, name="moderation-person-profile"
    ),
    path("communities/<int:community_id>/people/<int:pk>/export", views.person_export, name="moderation-person-export"),
    path("communities/<int:community_id>/people/<int:pk>/erase", views.person_erase, name="moderation-person-erase"),
    path("windows/<int:pk>", views.window_detail, name="moderation-window"),
    path("windows/<int:pk>/retry", views.window_retry_view, name="moderation-window-retry"),
]
