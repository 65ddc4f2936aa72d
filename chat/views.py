"""The browser chat: pick a persona, talk, watch the reply stream in, see what was remembered."""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import BadRequest
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.html import escape
from django.views.decorators.http import require_GET, require_POST

from accounts.models import Profile, User
from accounts.web import signed_in
from chat.models import MESSAGE_MAX_LENGTH, ChatSession, Message, MessageRole, Persona, web_channel_external_id
from chat.selectors import (
    persona_get_for_person,
    personas_for_person,
    session_current,
    session_message_get_for_person,
)
from chat.services import (
    ReplyExistsError,
    chat_turn_wait,
    message_reply_stream,
    session_end,
    session_message_add,
    session_open,
    web_channel_get,
)
from core.streaming import event_stream_response
from core.text import text_clean
from memories.models import Memory, MemoryRevision, MemoryRevisionActor
from memories.selectors.mine import recalled_lines_for_person
from memoryhub.ai.types import LLMError

logger = logging.getLogger(__name__)
HISTORY_SHOWN = 100  # the newest messages of a session the page shows


@login_required
@require_GET
def chat_home(request: HttpRequest) -> HttpResponse:
    first = personas_for_person(user=signed_in(request)).first()
    if first is not None:
        return redirect("chat-persona", persona_id=first.pk)
    return render(request, "chat/chat.html", {"nav": "chat", "personas": [], "persona": None})


def _panel_context(*, user: User, persona: Persona, session: ChatSession | None) -> dict[str, Any]:
    """The "What I remember about you" panel: profile, the last reply's memories, what was learned."""
    community = persona.community
    profile = Profile.objects.filter(user=user, community=community).first()
    last_reply = (
        session.messages.filter(role=MessageRole.ASSISTANT).order_by("-created_at", "-pk").first() if session else None
    )
    used = last_reply.memories_used if last_reply else []
    memories_used = [u for u in used if u.get("layer") != "episode"]  # an episode's id is its message's
    found = {
        m.pk: m for m in Memory.objects.filter(user=user, pk__in=[u["id"] for u in memories_used]).defer("embedding")
    }
    order = {"relevant": 0, "topic": 1}  # what was chosen for the message first, then the newest
    used_items = sorted(
        ({"memory": found[u["id"]], "used": u} for u in memories_used if u["id"] in found),
        key=lambda item: order.get(item["used"]["layer"], 2),
    )
    excerpts = [u for u in used if u.get("layer") == "episode"]
    lines = recalled_lines_for_person(user=user, message_ids=[u["id"] for u in excerpts])
    excerpt_items = [
        {"message": lines[u["id"]], "used": u, "said_at": parse_datetime(u.get("said_at", ""))}
        for u in excerpts
        if u["id"] in lines
    ]
    learned = (
        Memory.objects.filter(user=user, community=community, source_messages__session=session)
        .distinct()
        .defer("embedding")
        .order_by("-created_at")
        if session
        else Memory.objects.none()
    )
    return {
        "persona": persona,
        "session": session,
        "profile": profile,
        "memory_on": profile is None or profile.memory_enabled,
        "used_items": used_items,
        "excerpt_items": excerpt_items,
        "learned": list(learned[:20]),
        "since": timezone.now().isoformat(),
    }


@login_required
@require_GET
def chat_persona(request: HttpRequest, persona_id: int) -> HttpResponse:
    user = signed_in(request)
    persona = persona_get_for_person(user=user, pk=persona_id)
    session = session_current(user=user, persona=persona)
    messages = list(session.messages.order_by("-created_at", "-pk")[:HISTORY_SHOWN])[::-1] if session else []
    pending = messages[-1] if messages and messages[-1].role == MessageRole.USER else None
    return render(
        request,
        "chat/chat.html",
        {
            "nav": "chat",
            "personas": personas_for_person(user=user),
            "persona": persona,
            "session": session,
            "chat_messages": messages,  # "messages" is the flash messages' name
            "pending": pending,  # a message whose reply never came (the page was closed): answer it now
            "max_length": MESSAGE_MAX_LENGTH,
            **_panel_context(user=user, persona=persona, session=session),
        },
    )


@login_required
@require_POST
def chat_send(request: HttpRequest, persona_id: int) -> HttpResponse:
    user = signed_in(request)
    persona = persona_get_for_person(user=user, pk=persona_id)
    text = text_clean(request.POST.get("text", "")).strip()
    if not text or len(text) > MESSAGE_MAX_LENGTH:
        error = "Write something first." if not text else f"That is too long: at most {MESSAGE_MAX_LENGTH} characters."
        return _composer_error(request, error)
    # Refused before anything is stored: the message stays in the box, to send again.
    if wait := chat_turn_wait(user=user, what="chat-send"):
        seconds = math.ceil(wait)
        response = _composer_error(
            request,
            f"You are sending messages faster than {persona.name} can answer. "
            f"Wait {seconds} second{'s' if seconds != 1 else ''}, then send it again.",
            status=429,
        )
        response["Retry-After"] = str(seconds)
        return response
    session = session_open(user=user, persona=persona, channel=web_channel_get(user=user, persona=persona))
    message = session_message_add(session=session, content=text, role=MessageRole.USER)
    return render(request, "chat/_turn.html", {"message": message, "persona": persona})


def _composer_error(request: HttpRequest, error: str, status: int = 200) -> HttpResponse:
    """Why the message was not sent, under the message box (which keeps the text)."""
    response = render(request, "chat/_error.html", {"error": error}, status=status)
    response["HX-Retarget"] = "#composer-error"
    response["HX-Reswap"] = "innerHTML"
    return response


def _event(name: str, data: str) -> str:
    """One server-sent event; every line of ``data`` gets its own ``data:`` field."""
    lines = "".join(f"data: {line}\n" for line in data.split("\n"))
    return f"event: {name}\n{lines}\n"


@login_required
@require_GET
def chat_stream(request: HttpRequest, message_id: int) -> HttpResponseBase:
    """The persona's reply to one of the person's messages, token by token (text/event-stream).

    Events: ``token`` (HTML-escaped text to append), ``replace`` (the whole reply, when it was
    written before: a reconnecting browser), ``error``, then ``done``. One reply per message.
    A person asking for replies faster than their allowance gets a 429 with ``Retry-After``.
    """
    user = signed_in(request)
    message = session_message_get_for_person(user=user, pk=message_id)

    def stored_reply() -> str | None:
        return Message.objects.filter(reply_to=message).values_list("content", flat=True).first()

    # A reply that failed can be asked for again: each time is an LLM call, so it has its allowance.
    existing = stored_reply()
    if existing is None and (wait := chat_turn_wait(user=user, what="chat-reply")):
        return HttpResponse(
            "Too many replies asked for: wait, then send your message again.",
            status=429,
            headers={"Retry-After": str(math.ceil(wait))},
            content_type="text/plain; charset=utf-8",
        )

    def events() -> Iterator[str]:
        if existing is not None:
            yield _event("replace", escape(existing))
            yield _event("done", "")
            return
        try:
            _context, chunks, finish = message_reply_stream(message=message)
            for chunk in chunks:
                # A "\r" ends a line in an event stream as "\n" does: left in, what the model wrote after
                # it would be read as a field of its own ("\revent: replace"). Stored text has none
                # (text_clean); the model's "\r\n" may come split over two chunks, so its "\r" goes.
                yield _event("token", escape(chunk.replace("\r", "")))
            finish()
        except ReplyExistsError:
            yield _event("replace", escape(stored_reply() or ""))
        except LLMError as error:
            logger.warning("chat reply to message %s failed: %s", message.pk, error)
            yield _event("error", escape("The persona could not answer just now. Please send your message again."))
        yield _event("done", "")

    return event_stream_response(request, events())


@login_required
@require_GET
def chat_panel(request: HttpRequest, persona_id: int) -> HttpResponse:
    user = signed_in(request)
    persona = persona_get_for_person(user=user, pk=persona_id)
    session = session_current(user=user, persona=persona)
    return render(request, "chat/_panel.html", _panel_context(user=user, persona=persona, session=session))


def _since(text: str) -> datetime | None:
    """The time a page polls from, in UTC (one without an offset is UTC's); None for text that is
    no time at all (the poll starts from now), a 400 for one that cannot be: a day that does not
    exist, or an offset that takes it out of the calendar (0001-01-01T00:00+23:59)."""
    try:
        moment = parse_datetime(text)
        if moment is None or moment.tzinfo is None:
            return None if moment is None else moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC)  # PostgreSQL takes offsets up to ±15:59 only
    except (ValueError, OverflowError) as error:
        raise BadRequest(f"since: {text!r} is not a time.") from error


@login_required
@require_GET
def chat_updates(request: HttpRequest, persona_id: int) -> HttpResponse:
    """ "Memory updated": what extraction changed about the person since ``since`` (polled)."""
    user = signed_in(request)
    persona = persona_get_for_person(user=user, pk=persona_id)
    since = _since(request.GET.get("since", "")) or timezone.now()
    now = timezone.now()
    changes = list(
        MemoryRevision.objects.filter(
            subject=user,
            community=persona.community,
            actor=MemoryRevisionActor.LLM,
            window__channel__external_id=web_channel_external_id(user_id=user.pk, persona_id=persona.pk),
            created_at__gt=since,
        ).order_by("created_at")[:10]
    )
    response = render(request, "chat/_updates.html", {"persona": persona, "changes": changes, "since": now})
    if changes:
        response["HX-Trigger"] = json.dumps({"memoryChanged": {"message": "Memory updated."}})
    return response


@login_required
@require_POST
def chat_new_session(request: HttpRequest, persona_id: int) -> HttpResponse:
    """End the open session (it gets its summary; its messages are extracted) and start afresh."""
    user = signed_in(request)
    persona = persona_get_for_person(user=user, pk=persona_id)
    session = session_current(user=user, persona=persona)
    if session is not None:
        session_end(session=session)
    response = render(request, "chat/_panel.html", _panel_context(user=user, persona=persona, session=None))
    response["HX-Trigger"] = json.dumps({"sessionStarted": {"message": "New conversation started."}})
    return response
