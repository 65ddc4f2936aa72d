from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.apikit.docs import FormatParameter
from memoryhub import metrics, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    path("metrics", metrics.metrics, name="metrics"),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("chat/", include("chat.urls")),
    path("me/", include("privacy.urls")),
    path("me/", include("memories.urls")),
    path("moderation/", include("moderation.urls")),
    path("moderation/", include("integrations.urls")),
    path("api/v1/", include("chat.api_urls")),
    path("api/v1/", include("memories.api_urls")),
    path("api/v1/", include("privacy.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(content_negotiation_class=FormatParameter), name="api-schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
]

handler404 = "memoryhub.views.not_found"
handler500 = "memoryhub.views.server_error"
