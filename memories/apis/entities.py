"""The entities people mention, over the API."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django_filters import rest_framework as filters
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKeyScope, ExternalIdentity
from core.apikit.api import StrictFilterSet
from core.apikit.docs import BOT_ERRORS, error_responses
from memories.models import (
    Entity,
    EntityType,
)
from memories.selectors.people import platform_ids

# --- Entities ----------------------------------------------------------------------------------


class EntityOutput(serializers.ModelSerializer):
    user = serializers.SerializerMethodField(help_text="Platform id of the person who mentioned it.")

    class Meta:
        model = Entity
        fields = [
            "id",
            "user",
            "type",
            "name",
            "relationship",
            "attributes",
            "first_mentioned_at",
            "last_mentioned_at",
            "mention_count",
        ]

    def get_user(self, entity: Entity) -> str | None:
        return self.context["handles"].get(entity.owner_id)


class EntityFilter(StrictFilterSet):
    user = filters.CharFilter(method="by_user", help_text="Platform id of the person who mentioned them.")
    type = filters.ChoiceFilter(choices=EntityType.choices, help_text="Person, place, thing, event or organisation.")
    name = filters.CharFilter(lookup_expr="icontains", help_text="Part of the name, any case.")

    class Meta:
        model = Entity
        fields: list[str] = []

    def by_user(self, queryset: QuerySet[Entity], name: str, value: str) -> QuerySet[Entity]:
        people = ExternalIdentity.objects.filter(community=api_key_of(self.request).community, external_id=value)
        return queryset.filter(owner_id__in=people.values("user_id"))


class EntityListApi(generics.ListAPIView):
    """The people, places and things that people in the community mentioned, newest first."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    serializer_class = EntityOutput
    filterset_class = EntityFilter

    def get_queryset(self) -> QuerySet[Entity]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return Entity.objects.none()
        return Entity.objects.filter(community=api_key_of(self.request).community)

    @extend_schema(
        operation_id="entities_list",
        description=(
            "People, places and things mentioned by people of this community, newest first. Scope `memories:read`."
        ),
        responses={200: EntityOutput(many=True), **error_responses(400, *BOT_ERRORS)},
        examples=[
            OpenApiExample(
                "Charlie's sister",
                value={
                    "id": 7,
                    "user": "charlie_789",
                    "type": "person",
                    "name": "Jane",
                    "relationship": "Charlie's sister",
                    "attributes": {"lives_in": "Austin"},
                    "first_mentioned_at": "2025-04-30T12:02:10Z",
                    "last_mentioned_at": "2025-05-02T09:15:00Z",
                    "mention_count": 2,
                },
                response_only=True,
            )
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset())) or []
        handles = platform_ids(community=api_key_of(request).community, user_ids=[e.owner_id for e in page])
        return self.get_paginated_response(EntityOutput(page, many=True, context={"handles": handles}).data)
