from __future__ import annotations

from django.urls import path

from chat import views

urlpatterns = [
    path("", views.chat_home, name="chat"),
    path("<int:persona_id>/", views.chat_persona, name="chat-persona"),
    path("<int:persona_id>/send", views.chat_send, name="chat-send"),
    path("<int:persona_id>/panel", views.chat_panel, name="chat-panel"),
    path("<int:persona_id>/updates", views.chat_updates, name="chat-updates"),
    path("<int:persona_id>/new", views.chat_new_session, name="chat-new-session"),
    path("replies/<int:message_id>/stream", views.chat_stream, name="chat-stream"),
]
