"""API views for bots: messages in, chat replies out, sessions and extraction windows."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from django.db.models import QuerySet
from django.http import StreamingHttpResponse
from django.utils import timezone
from django_filters import rest_framework as filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import exceptions, generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.authentication import HasScope, api_key_of
from accounts.models import ApiKeyScope
from accounts.services import identity_resolve
from chat.api_parts import bot_channel_id
from chat.ingest import MAX_BATCH, MAX_FUTURE, IngestItem, messages_ingest
from chat.models import (
    MESSAGE_MAX_LENGTH,
    ChatSession,
    ConversationWindow,
    ConversationWindowCloseReason,
    ConversationWindowState,
    Message,
    MessageRole,
)
from chat.selectors import message_get_for_community, sessions_for_bots, window_get_for_community, windows_for_bots
from chat.services import (
    bot_channel_get,
    message_delete,
    message_edit,
    session_open,
    session_reply,
    session_reply_stream,
)
from chat.windows import window_close, window_due_at, window_retry
from core.apikit.api import (
    InvalidBatchItem,
    StrictBooleanField,
    StrictBooleanFilter,
    StrictCharField,
    StrictFilterSet,
    StrictInput,
    input_values,
)
from core.apikit.docs import BOT_ERRORS, error_responses
from core.streaming import event_stream_response, events_asked
from memories.api_parts import UsedMemoryOutput, persona_get
from memories.selectors.people import platform_ids

API_CHANNEL = "api"  # chats that name no channel happen here


class MessageInput(StrictInput):
    # A person's message names its author; only the bot's own (role assistant) may leave it out.
    schema_rules = (
        {
            "anyOf": [
                {"required": ["author"], "properties": {"author": {"type": "string"}}},
                {"required": ["role"], "properties": {"role": {"type": "string", "pattern": "^assistant$"}}},
            ]
        },
    )

    channel = serializers.CharField(max_length=200, help_text="The bot's channel id (created on first sight).")
    channel_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    author = serializers.CharField(
        max_length=200, required=False, allow_null=True, help_text="The person's platform id; empty for the bot."
    )
    author_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    content = StrictCharField(max_length=MESSAGE_MAX_LENGTH, trim_whitespace=True)
    sent_at = serializers.DateTimeField(required=False, help_text="When it was said; default now.")
    message_id = serializers.CharField(
        max_length=200, required=False, allow_null=True, help_text="The bot's message id: retries never duplicate."
    )
    role = serializers.ChoiceField(choices=[MessageRole.USER, MessageRole.ASSISTANT], default=MessageRole.USER)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["role"] == MessageRole.USER and not attrs.get("author"):
            raise serializers.ValidationError({"author": "A person's message needs its author's platform id."})
        if attrs.get("sent_at") is not None and attrs["sent_at"] > timezone.now() + MAX_FUTURE:
            raise serializers.ValidationError(
                {"sent_at": "More than 5 minutes in the future: check the bot's clock (times are UTC unless offset)."}
            )
        return attrs


class MessageBatchInput(StrictInput):
    messages = MessageInput(
        many=True, min_length=1, max_length=MAX_BATCH, help_text=f"1 to {MAX_BATCH} messages, stored all or none."
    )


class IngestedMessageOutput(serializers.Serializer):
    message_id = serializers.CharField(allow_null=True, help_text="The bot's message id, if it gave one.")
    id = serializers.IntegerField(help_text="MemoryHub's message id.")
    window = serializers.IntegerField(allow_null=True, help_text="The window it joined.")
    memory_off = serializers.BooleanField(
        help_text="Said while memory was off for its author or the community: stored for the conversation, never "
        "remembered, summarised or recalled."
    )


class IngestOutput(serializers.Serializer):
    accepted = serializers.IntegerField(help_text="Messages stored now.")
    duplicates = serializers.IntegerField(help_text="Messages already stored by an earlier post (not stored again).")
    windows = serializers.ListField(child=serializers.IntegerField(), help_text="Windows the messages joined.")
    messages = IngestedMessageOutput(many=True, help_text="Per item, in the order sent.")


class MessagesApi(APIView):
    """Post what the bot observed: one message, or a batch of up to 500."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.INGEST

    @extend_schema(
        operation_id="messages_ingest",
        request=PolymorphicProxySerializer(
            component_name="MessagesInput",
            serializers=[MessageInput, MessageBatchInput],
            resource_type_field_name=None,
        ),
        responses={
            202: IngestOutput,
            **error_responses(
                400, e400="Invalid JSON, or an invalid item (`invalid_batch`, named by `index`): nothing stored."
            ),
        },
        examples=[
            OpenApiExample(
                "Two messages in #general",
                value={
                    "messages": [
                        {
                            "channel": "general",
                            "author": "alice_456",
                            "author_name": "Alice",
                            "content": "I'm moving to Austin next month",
                            "message_id": "m-1001",
                        },
                        {
                            "channel": "general",
                            "author": "bob_123",
                            "author_name": "Bob",
                            "content": "Nice! When?",
                            "message_id": "m-1002",
                        },
                    ]
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = request.data
        raw = data.get("messages") if isinstance(data, dict) and "messages" in data else [data]
        if isinstance(data, dict) and "messages" in data and len(data) > 1:
            raise serializers.ValidationError(
                {name: ["A batch takes only messages."] for name in sorted(data) if name != "messages"}
            )
        if not isinstance(raw, list) or not raw:
            raise serializers.ValidationError({"messages": 'Send one message object or {"messages": [...]}.'})
        if len(raw) > MAX_BATCH:
            raise serializers.ValidationError({"messages": f"At most {MAX_BATCH} messages per request."})
        items = []
        now = timezone.now()
        batched = isinstance(data, dict) and "messages" in data
        for index, entry in enumerate(raw):
            if not isinstance(entry, dict):
                raise InvalidBatchItem(index=index, details="not an object")
            try:
                # One serializer, shared, checks every item; a plain one without DRF's per-field machinery.
                values = input_values(MessageInput, entry)
            except serializers.ValidationError as error:
                raise InvalidBatchItem(index=index, details=error.detail) from error
            # A person's web chat is no bot's: refused before anything is stored, with the whole batch.
            channel = bot_channel_id(values["channel"], index=index if batched else None)
            items.append(
                IngestItem(
                    channel=channel,
                    channel_name=values.get("channel_name", ""),
                    author=values.get("author") if values["role"] == MessageRole.USER else None,
                    author_name=values.get("author_name", ""),
                    content=values["content"],
                    sent_at=values.get("sent_at") or now,
                    message_id=values.get("message_id"),
                    role=values["role"],
                )
            )
        result = messages_ingest(community=api_key_of(request).community, items=items)
        off = set(result.memory_off)
        return Response(
            {
                "accepted": len(items) - result.duplicates,
                "duplicates": result.duplicates,
                "windows": sorted({w.pk for w in result.windows}),
                "messages": [
                    {"message_id": m.external_id, "id": m.pk, "window": m.window_id, "memory_off": index in off}
                    for index, m in enumerate(result.messages)
                ],
            },
            status=status.HTTP_202_ACCEPTED,
        )


class NoPersona(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "no_persona"
    default_detail = "This community has no persona yet: create one first."


class ChatApi(APIView):
    """A full reply from a persona, with the memories it was given (JSON, or server-sent events)."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.CHAT

    class InputSerializer(StrictInput):
        class Meta:
            ref_name = "ChatInput"

        user = serializers.CharField(max_length=200, help_text="The person's platform id (created on first sight).")
        user_name = serializers.CharField(max_length=200, required=False, allow_blank=True)
        message = StrictCharField(max_length=MESSAGE_MAX_LENGTH)
        persona = serializers.CharField(max_length=100, required=False)
        channel = serializers.CharField(max_length=200, required=False, help_text=f"Default '{API_CHANNEL}'.")
        stream = StrictBooleanField(default=False, help_text="Answer as text/event-stream.")

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ChatOutput"

        reply = serializers.CharField()
        session = serializers.IntegerField()
        message_id = serializers.IntegerField()
        reply_id = serializers.IntegerField()
        memories = UsedMemoryOutput(many=True)
        remembered = serializers.ListField(child=serializers.CharField())

    def perform_content_negotiation(self, request: Request, force: bool = False) -> Any:
        """JSON whatever the client accepts, not a 406: SSE clients ask for events (``events_asked``)."""
        return super().perform_content_negotiation(request, force=True)

    @extend_schema(
        operation_id="chat_reply",
        request=InputSerializer,
        responses={
            (200, "application/json"): OpenApiResponse(response=OutputSerializer, description="The reply."),
            (200, "text/event-stream"): OpenApiResponse(
                response=OpenApiTypes.OBJECT,
                description="With `stream: true`, or an `Accept: text/event-stream` that leaves out JSON: events "
                "`chunk` (data {text}) as the reply is written, then "
                "`done` (data: the JSON answer without `reply`).",
            ),
            **error_responses(
                400,
                404,
                409,
                e404="No active persona of that name in this community.",
                e409="The community has no persona yet (`no_persona`): nothing was stored.",
                examples={409: {"code": "no_persona", "message": str(NoPersona.default_detail)}},
            ),
        },
    )
    def post(self, request: Request) -> Response | StreamingHttpResponse:
        values = input_values(self.InputSerializer, request.data if isinstance(request.data, dict) else {})
        channel_id = bot_channel_id(values.get("channel") or API_CHANNEL)  # refused before anything is written
        community = api_key_of(request).community
        persona = persona_get(community=community, name=values.get("persona"))
        if persona.pk is None:  # the community's defaults give memory, but only a persona can reply
            raise NoPersona()
        user = identity_resolve(
            community=community, external_id=values["user"], display_name=values.get("user_name", "")
        )
        channel = bot_channel_get(community=community, external_id=channel_id)
        session = session_open(user=user, persona=persona, channel=channel)
        if values["stream"] or events_asked(request):
            context, chunks, finish = session_reply_stream(session=session, text=values["message"])

            def events() -> Iterator[str]:
                for chunk in chunks:
                    yield f"event: chunk\ndata: {json.dumps({'text': chunk})}\n\n"
                done = finish()
                payload = {
                    "session": session.pk,
                    "message_id": done.message.pk,
                    "reply_id": done.reply.pk,
                    "memories": UsedMemoryOutput(context.memories, many=True).data,
                    "remembered": [],
                }
                yield f"event: done\ndata: {json.dumps(payload)}\n\n"

            return event_stream_response(request._request, events())  # the HttpRequest DRF wraps
        turn = session_reply(session=session, text=values["message"])
        return Response(
            {
                "reply": turn.reply.content,
                "session": session.pk,
                "message_id": turn.message.pk,
                "reply_id": turn.reply.pk,
                "memories": UsedMemoryOutput(turn.context.memories, many=True).data,
                "remembered": [m.content for m in turn.remembered],
            }
        )


# --- Sessions and windows ---------------------------------------------------------------------


class SessionOutput(serializers.ModelSerializer):
    persona = serializers.CharField(source="persona.name")
    channel = serializers.CharField(source="channel.external_id", allow_null=True)
    user = serializers.SerializerMethodField()

    class Meta:
        model = ChatSession
        fields = [
            "id",
            "user",
            "persona",
            "channel",
            "started_at",
            "last_message_at",
            "ended_at",
            "message_count",
            "working_summary",
            "final_summary",
        ]

    def get_user(self, session: ChatSession) -> str | None:
        return self.context["handles"].get(session.user_id)


class SessionFilter(StrictFilterSet):
    user = filters.CharFilter(method="by_user", help_text="The person's platform id.")
    open = StrictBooleanFilter(field_name="ended_at", lookup_expr="isnull", help_text="Only sessions not ended.")

    class Meta:
        model = ChatSession
        fields = ["user", "open"]

    def by_user(self, queryset: QuerySet[ChatSession], name: str, value: str) -> QuerySet[ChatSession]:
        return queryset.filter(
            user__identities__external_id=value, user__identities__community=self.request.auth.community
        )


class _PageHandles:
    """Serializer context with the platform ids of the people on the page (one query)."""

    def get_serializer(self, *args: Any, **kwargs: Any) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return super().get_serializer(*args, **kwargs)  # type: ignore[misc]
        sessions = args[0] if args else []
        context = self.get_serializer_context()  # type: ignore[attr-defined]
        context["handles"] = platform_ids(
            community=api_key_of(self.request).community,  # type: ignore[attr-defined]
            user_ids=[s.user_id for s in sessions] if isinstance(sessions, list) else [],
        )
        return super().get_serializer(*args, **kwargs | {"context": context})  # type: ignore[misc]


@extend_schema_view(get=extend_schema(operation_id="sessions_list"))
class SessionListApi(_PageHandles, generics.ListAPIView):
    """Chat sessions in the key's community, newest first (not people's web chats)."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    serializer_class = SessionOutput
    filterset_class = SessionFilter

    def get_queryset(self) -> QuerySet[ChatSession]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return ChatSession.objects.none()
        return sessions_for_bots(community=api_key_of(self.request).community).select_related("persona", "channel")


class WindowOutput(serializers.ModelSerializer):
    channel = serializers.CharField(source="channel.external_id", allow_null=True)
    due_at = serializers.SerializerMethodField(
        help_text="Open windows: when it closes for extraction if nothing more is said (null otherwise)."
    )

    @extend_schema_field(serializers.DateTimeField(allow_null=True))
    def get_due_at(self, window: ConversationWindow) -> str | None:
        due = window_due_at(window, window.channel.community)
        return serializers.DateTimeField().to_representation(due) if due else None

    class Meta:
        model = ConversationWindow
        fields = [
            "id",
            "channel",
            "state",
            "first_message_at",
            "last_message_at",
            "due_at",
            "message_count",
            "close_reason",
            "closed_at",
            "attempts",
            "last_error",
            "prompt_tokens",
            "completion_tokens",
            "operations_applied",
            "operations_over_cap",
            "extracted_at",
        ]


class WindowFilter(StrictFilterSet):
    state = filters.ChoiceFilter(choices=ConversationWindowState.choices)
    channel = filters.CharFilter(
        field_name="channel__external_id", method="by_channel", help_text="The bot's channel id."
    )

    class Meta:
        model = ConversationWindow
        fields = ["state", "channel"]

    def by_channel(self, queryset: QuerySet[ConversationWindow], name: str, value: str) -> QuerySet[ConversationWindow]:
        return queryset.filter(**{name: bot_channel_id(value)})


class _CommunityWindows:
    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_READ
    serializer_class = WindowOutput

    def get_queryset(self) -> QuerySet[ConversationWindow]:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no key
            return ConversationWindow.objects.none()
        community = api_key_of(self.request).community  # type: ignore[attr-defined]
        return windows_for_bots(community=community).select_related("channel__community")


@extend_schema_view(get=extend_schema(operation_id="windows_list"))
class WindowListApi(_CommunityWindows, generics.ListAPIView):
    """Extraction windows in the key's community, newest first; filter by state to find failures.
    People's web chats are not listed."""

    filterset_class = WindowFilter


@extend_schema_view(get=extend_schema(operation_id="windows_read"))
class WindowDetailApi(_CommunityWindows, generics.RetrieveAPIView):
    """One extraction window of the key's community."""

    def get_object(self) -> ConversationWindow:
        return _window_of_key(self.request, self.kwargs["pk"])


def _window_of_key(request: Request, pk: int) -> ConversationWindow:
    return window_get_for_community(community=api_key_of(request).community, pk=pk)


class WindowRetryApi(APIView):
    """Queue a failed window for extraction again. Its messages were never lost."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_WRITE

    @extend_schema(
        operation_id="windows_retry",
        request=None,
        responses={
            202: WindowOutput,
            **error_responses(404, 409, e409="The window has not failed (`not_failed`)."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        window = _window_of_key(request, pk)
        if not window_retry(window=window):
            return Response(
                {"error": {"code": "not_failed", "message": f"Window {pk} is {window.state}, not failed."}},
                status=status.HTTP_409_CONFLICT,
            )
        window.refresh_from_db()
        return Response(WindowOutput(window).data, status=status.HTTP_202_ACCEPTED)


class WindowCloseApi(APIView):
    """Close an open window now and queue its extraction, instead of waiting for the quiet time."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.MEMORIES_WRITE

    @extend_schema(
        operation_id="windows_close",
        description=(
            "Extract a conversation now: the open window closes (reason `manual`) and a worker extracts it "
            "within seconds, as the quiet time would have done later. Scope `memories:write`."
        ),
        request=None,
        responses={
            202: WindowOutput,
            **error_responses(404, 409, e409="The window is not open (`not_open`): it was closed already."),
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        window = _window_of_key(request, pk)
        if window.state != ConversationWindowState.OPEN:
            return Response(
                {"error": {"code": "not_open", "message": f"Window {pk} is {window.state}, not open."}},
                status=status.HTTP_409_CONFLICT,
            )
        closed = window_close(window=window, reason=ConversationWindowCloseReason.MANUAL)
        return Response(WindowOutput(closed).data, status=status.HTTP_202_ACCEPTED)


class MessageDetailApi(APIView):
    """A message the platform edited or deleted after the bot posted it."""

    permission_classes = [HasScope]
    required_scope = ApiKeyScope.INGEST

    class EditInput(StrictInput):
        whole_on_patch = True  # the new text is the edit: it is required

        content = StrictCharField(max_length=MESSAGE_MAX_LENGTH, trim_whitespace=True)

    class EditOutput(serializers.Serializer):
        class Meta:
            ref_name = "MessageEditOutput"

        id = serializers.IntegerField(help_text="MemoryHub's message id.")
        message_id = serializers.CharField(allow_null=True, help_text="The bot's message id.")
        content = serializers.CharField(help_text="The text as stored now.")
        window = serializers.IntegerField(allow_null=True, help_text="The window it belongs to.")

    class DeleteOutput(serializers.Serializer):
        class Meta:
            ref_name = "MessageDeleteOutput"

        memories_deleted = serializers.IntegerField(help_text="Memories that went with it (their only source).")

    def _message(self, request: Request, channel: str, message_id: str) -> Message:
        return message_get_for_community(
            community=api_key_of(request).community, channel=channel, message_id=message_id
        )

    @extend_schema(
        operation_id="messages_edit",
        description=(
            "The platform edited a message: the new text replaces the old. If its conversation was extracted "
            "already, the message is extracted again with what it now says. Scope `ingest`."
        ),
        request=EditInput,
        responses={
            200: OpenApiResponse(response=EditOutput, description="The message as stored now."),
            **error_responses(400, *BOT_ERRORS, 404, e404="No message with this id in this channel."),
        },
    )
    def patch(self, request: Request, channel: str, message_id: str) -> Response:
        values = input_values(self.EditInput, request.data if isinstance(request.data, dict) else {})
        message = message_edit(message=self._message(request, channel, message_id), content=values["content"])
        return Response(
            {
                "id": message.pk,
                "message_id": message.external_id,
                "content": message.content,
                "window": message.window_id,
            }
        )

    @extend_schema(
        operation_id="messages_delete",
        description=(
            "The platform deleted a message: it is deleted here too, with the memories it was the only source of "
            "(their history says why). Scope `ingest`."
        ),
        request=None,
        responses={
            200: OpenApiResponse(response=DeleteOutput, description="How many memories went with it."),
            **error_responses(*BOT_ERRORS, 404, e404="No message with this id in this channel."),
        },
    )
    def delete(self, request: Request, channel: str, message_id: str) -> Response:
        forgotten = message_delete(message=self._message(request, channel, message_id))
        return Response({"memories_deleted": forgotten})
