"""Request bodies checked by one shared serializer per input (``core.apikit.api.input_values``)."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.http import QueryDict
from rest_framework import serializers
from rest_framework.test import APIClient

from chat.apis import ChatApi, MessageDetailApi, MessageInput
from core.apikit.api import input_values
from memories.apis.context import ContextApi
from memories.apis.memory import MemoryCreateInput
from memories.apis.search import MemorySearchApi

INPUTS: list[type[serializers.Serializer]] = [
    ContextApi.InputSerializer,
    MemorySearchApi.InputSerializer,
    MessageInput,
    ChatApi.InputSerializer,
    MessageDetailApi.EditInput,
    MemoryCreateInput,
]

BODIES: list[Any] = [
    QueryDict("user=alice_456&query=hi&channel=general&content=x&author=a&message=m"),
    QueryDict(""),
    None,
    [],
    [{"user": "u1"}],
    "text",
    5,
    {},
    {"unknown": 1},
    {"user": "alice_456", "query": "any tips for the move?"},
    {"user": "alice_456", "query": "hi", "channel": "general", "record_access": False, "limit": 3},
    {"user": 5, "query": ["a"], "record_access": "yes"},
    {"user": "", "query": "   "},
    {"user": "x" * 201, "query": "\x00"},
    {"channel": "general", "author": "alice_456", "content": "I'm moving to Austin", "message_id": "m-1"},
    {"channel": "general", "content": "no author"},
    {"channel": "general", "role": "assistant", "content": "a reply", "sent_at": "2026-11-24T10:00:00Z"},
    {"channel": "general", "author": "a", "content": "hi", "sent_at": "yesterday"},
    {"user": "alice_456", "message": "hello", "stream": True, "persona": "Sage"},
    {"content": "an edit"},
    {"user": "alice_456", "content": "Likes tea", "kind": "preference", "importance": 0.6},
    {"user": "alice_456", "content": "Likes tea", "importance": 2},
]


def _outcome(check: Any) -> tuple[str, Any]:
    try:
        return "ok", dict(check())
    except serializers.ValidationError as error:
        return "refused", error.get_full_details()


def _drf(cls: type[serializers.Serializer], body: Any) -> dict[str, Any]:
    serializer = cls(data=body)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


@pytest.mark.parametrize("cls", INPUTS, ids=lambda cls: cls.__qualname__)
def test_input_values_answers_as_a_serializer_of_its_own_would_for_every_kind_of_body(
    cls: type[serializers.Serializer],
) -> None:
    accepted = 0
    for body in BODIES + BODIES:  # twice: the shared instance keeps nothing of an earlier body
        ours = _outcome(lambda body=body: input_values(cls, body))
        drf = _outcome(lambda body=body: _drf(cls, body))
        assert ours == drf, (cls, body)
        accepted += ours[0] == "ok"
    assert accepted  # every input accepts one of the bodies: both paths are compared


@pytest.mark.django_db
def test_requests_share_one_serializer_per_input_instead_of_building_its_fields_each_time(api: APIClient) -> None:
    built: list[type[serializers.Serializer]] = []
    get_fields = serializers.Serializer.get_fields

    def counted(self: serializers.Serializer) -> Any:
        built.append(type(self))
        return get_fields(self)

    message = {"channel": "general", "author": "alice_456", "content": "I'm moving to Austin"}
    with mock.patch.object(serializers.Serializer, "get_fields", counted):
        for number in range(3):
            posted = api.post("/api/v1/messages", {**message, "message_id": f"m-{number}"}, format="json")
            assert posted.status_code == 202, posted.content
            assert api.get("/api/v1/context", {"user": "alice_456", "query": "moving?"}).status_code == 200

    assert built.count(MessageInput) <= 1, built
    assert built.count(ContextApi.InputSerializer) <= 1, built
