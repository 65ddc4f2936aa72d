from __future__ import annotations

from django.urls import path

from privacy import views

urlpatterns = [
    path("", views.me, name="me"),
    path("communities/<int:community_id>/profile", views.profile_edit, name="me-profile"),
    path("communities/<int:community_id>/forget", views.community_forget, name="me-forget"),
    path("communities/<int:community_id>/remember", views.community_remember, name="me-remember"),
    path("export", views.data_export, name="me-export"),
    path("erase", views.account_erase, name="me-erase"),
    path("erased", views.account_erased, name="me-erased"),
]
