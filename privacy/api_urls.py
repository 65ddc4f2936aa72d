from __future__ import annotations

from django.urls import path

from privacy import apis

urlpatterns = [
    path("users/<path:external_id>/profile", apis.UserProfileApi.as_view(), name="api-user-profile"),
    path("users/<path:external_id>/export", apis.UserExportApi.as_view(), name="api-user-export"),
    path("users/<path:external_id>/forget", apis.UserForgetApi.as_view(), name="api-user-forget"),
    path("users/<path:external_id>/remember", apis.UserRememberApi.as_view(), name="api-user-remember"),
    path("users/<path:external_id>/erase", apis.UserEraseApi.as_view(), name="api-user-erase"),
    path("me/profile", apis.MeProfileApi.as_view(), name="api-me-profile"),
    path("me/export", apis.MeExportApi.as_view(), name="api-me-export"),
    path("me/memories", apis.MeMemoriesApi.as_view(), name="api-me-memories"),
]
