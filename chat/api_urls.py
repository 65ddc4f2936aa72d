from __future__ import annotations

from django.urls import path

from chat import apis

urlpatterns = [
    path("messages", apis.MessagesApi.as_view(), name="api-messages"),
    path("messages/<str:channel>/<str:message_id>", apis.MessageDetailApi.as_view(), name="api-message"),
    path("chat", apis.ChatApi.as_view(), name="api-chat"),
    path("sessions", apis.SessionListApi.as_view(), name="api-sessions"),
    path("windows", apis.WindowListApi.as_view(), name="api-windows"),
    path("windows/<int:pk>", apis.WindowDetailApi.as_view(), name="api-window"),
    path("windows/<int:pk>/retry", apis.WindowRetryApi.as_view(), name="api-window-retry"),
    path("windows/<int:pk>/close", apis.WindowCloseApi.as_view(), name="api-window-close"),
]
