"""The webhooks' moderation pages, under /moderation/ beside moderation's own."""

from __future__ import annotations

from django.urls import path

from integrations import views

urlpatterns = [
    path("communities/<int:community_id>/webhooks", views.webhook_list, name="moderation-webhooks"),
    path("webhooks/<int:pk>", views.webhook_detail, name="moderation-webhook"),
    path("webhooks/<int:pk>/rotate", views.webhook_rotate, name="moderation-webhook-rotate"),
    path("webhooks/<int:pk>/delete", views.webhook_delete, name="moderation-webhook-delete"),
    path("webhook-deliveries/<int:pk>/resend", views.webhook_resend, name="moderation-webhook-resend"),
]
