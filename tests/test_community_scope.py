"""Every statement the product sends about memories, messages and recall names the community it
works in, so that those tables can be partitioned by community (PostgreSQL's partitions, or Citus
with the community as distribution column: docs/operations.md, *Beyond one database*).

A representative slice of the request paths runs with every SQL statement watched: a bot's ingest,
context, chat and memory calls, a real extraction by the offline engine, a person's browser chat,
and a moderator's pages. Each statement touching one of the tables must carry a community
predicate (``community_id = …``, ``IN``, ``= ANY``); a statement on messages alone may name their
channel instead, which lives in one community. What may cross communities is listed below, each
with its reason: the maintenance jobs and an account's erasure, and the statements addressed by
primary key alone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Community, ErasureRequestVia, ExternalIdentity, MembershipRole, User
from accounts.services import membership_set
from chat.models import ConversationWindow, ConversationWindowState, Message, MessageRole, Persona
from chat.services import persona_create, sessions_end_idle
from memories.models import Memory
from memories.services.maintenance import memories_cap_enforce_all, memories_prune_expired
from memories.services.summaries import profiles_due_for_refresh
from privacy.services.erasure import user_erase
from tests.privacy import conftest as privacy_fixtures
from tests.support.chat import bot_batch
from tests.support.extraction import extract_window_here

pytestmark = pytest.mark.django_db

bot = privacy_fixtures.bot  # a bot of the community, with every scope

# The tables a partitioning by community would split (their real names).
PARTITIONED = ("memories_memory", "chat_message", "memories_recallentry", "memories_recallpack")
_TOUCHES = re.compile(r'(?<![\w])"?(' + "|".join(PARTITIONED) + r')"?(?![\w])')
# A predicate on the community: a column compared with a value, a list or another column.
_COMMUNITY = re.compile(r'community_id"?\s*(=|IN\b|= ANY)', re.IGNORECASE)
# A new row names its community among its columns.
_INSERT_WITH_COMMUNITY = re.compile(
    r'^(WITH .*\) )?INSERT INTO "?\w+"? \([^)]*"?community_id"?', re.IGNORECASE | re.DOTALL
)
# Messages carry no community of their own: their channel's, a session's or a window's is one
# community's (chat/models.py). Partitioned, a message would carry the community too (the
# runbook's plan), and these predicates would take it beside them.
_MESSAGE_SCOPE = re.compile(r'(channel_id|session_id|window_id)"?\s*(=|IN\b|= ANY)', re.IGNORECASE)
_INSERT_MESSAGES = re.compile(r'INSERT INTO "?chat_message"? \([^)]*"?channel_id"?', re.IGNORECASE)

# Statements addressed by primary key alone (of the row, or of a row it hangs from), which a
# distributed table would need to carry the community too: Citus routes a statement by its
# distribution column. Each addresses rows that a statement filtered by community read or locked
# just before, in the same transaction, so none can reach another community's rows. They stay as
# they are until the partitioning itself (docs/operations.md, *Beyond one database*).
BY_PRIMARY_KEY_ONLY: dict[str, str] = {
    r'WHERE "(memories_memory|chat_message|memories_recallentry)"\."id" (=|IN) ': "rows by id",
    r"IN \(SELECT id FROM doomed_memories\)": "memories_delete_sql: the ids its caller chose, by community",
    r'"chat_message"\."reply_to_id" = %s': "a message's reply, by the message a permission-checked getter gave",
    r'"memories_memory_source_messages"\."memory_id" = %s': "a memory's sources, by the memory read in its community",
    r'"memories_recallentry"\."message_id" = %s': "a line's entry, by the message a bot edited or deleted",
}
# The jobs that cross communities by design, each run here too, its statements left unchecked.
CROSS_COMMUNITY_JOBS = {
    "maintenance: expiry prune": "walks every community's expired memories (beat, hourly)",
    "maintenance: caps": "counts and trims every person in every community (beat, hourly)",
    "maintenance: profiles due for refresh": "finds every community's changed profiles (beat, daily)",
    "maintenance: idle sessions": "ends every community's idle sessions (beat, every minute)",
    "erasure of an account": "removes a person from every community they are in, in one transaction",
}

# Statements that address no row: a lock of the whole table for the packs' rewrite.
NO_ROWS = {r"^LOCK TABLE memories_recallpack IN ROW EXCLUSIVE MODE$": "recall's writes queue behind a pack rebuild"}


@dataclass
class Watched:
    statements: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    jobs: dict[str, int] = field(default_factory=dict)  # statements each cross-community job sent

    def unscoped(self) -> list[str]:
        """Each statement on a partitioned table without a community predicate, not allowed above."""
        found = []
        for statement in self.statements:
            statement = " ".join(statement.split())
            tables = set(_TOUCHES.findall(statement))
            if not tables or _COMMUNITY.search(statement) or _INSERT_WITH_COMMUNITY.search(statement):
                continue
            if tables == {"chat_message"} and (_MESSAGE_SCOPE.search(statement) or _INSERT_MESSAGES.search(statement)):
                continue
            if any(re.search(pattern, statement) for pattern in {**BY_PRIMARY_KEY_ONLY, **NO_ROWS}):
                continue
            found.append(statement)
        return sorted(set(found))


@pytest.fixture
def watched() -> Watched:
    return Watched()


@contextmanager
def watching(watched: Watched, path: str) -> Iterator[None]:
    """Record every statement the block sends (the ORM's, raw cursors' and prepared ones alike);
    a job of ``CROSS_COMMUNITY_JOBS`` has its statements counted, not checked."""
    job = path in CROSS_COMMUNITY_JOBS

    def record(execute: Callable[..., Any], sql: Any, params: Any, many: bool, context: Any) -> Any:
        if job:
            watched.jobs[path] = watched.jobs.get(path, 0) + 1
        else:
            watched.statements.append(str(sql))
        return execute(sql, params, many, context)

    watched.paths.append(path)
    with connection.execute_wrapper(record):
        yield


@pytest.fixture
def mira(community: Community) -> Persona:
    return persona_create(community=community, name="Mira", system_prompt="You are Mira, a kind companion.")


def _product_paths(watched: Watched, community: Community, mira: Persona, bot: APIClient, member: User) -> None:
    said = timezone.now() - timedelta(minutes=20)
    lines = [
        ("alice_456", "Alice", "I'm moving to Austin next month for a new job"),
        ("bob_789", "Bob", "Austin is lovely, I grew up there. I'm allergic to cats"),
        ("alice_456", "Alice", "I love hiking and my dog Pixel comes with me"),
    ]
    batch = bot_batch(lines, channel="general", started=said)
    with watching(watched, "POST /api/v1/messages"):
        assert bot.post("/api/v1/messages", {"messages": batch}, format="json").status_code == 202
    with watching(watched, "extraction of a window (offline engine)"):
        for window in ConversationWindow.objects.exclude(state=ConversationWindowState.DONE):
            extract_window_here(window)
    assert Memory.objects.filter(community=community).exists()
    question = {"user": "alice_456", "query": "any tips for my move to Austin?", "channel": "general"}
    with watching(watched, "GET and POST /api/v1/context"):
        assert bot.get("/api/v1/context", question).status_code == 200
        assert bot.post("/api/v1/context", question, format="json").status_code == 200
    with watching(watched, "memories API: create, list, search, read, update, history"):
        created = bot.post(
            "/api/v1/memories",
            {"user": "alice_456", "content": "Alice prefers tea", "kind": "preference"},
            format="json",
        )
        assert created.status_code == 201, created.json()
        memory = created.json()["id"]
        assert bot.get("/api/v1/memories", {"user": "alice_456"}).status_code == 200
        assert bot.post("/api/v1/memories/search", {"query": "tea"}, format="json").status_code == 200
        assert bot.get(f"/api/v1/memories/{memory}").status_code == 200
        assert bot.patch(f"/api/v1/memories/{memory}", {"importance": 0.9}, format="json").status_code == 200
        assert bot.get(f"/api/v1/memories/{memory}/history").status_code == 200
    with watching(watched, "POST /api/v1/chat"):
        reply = bot.post("/api/v1/chat", {"user": "alice_456", "message": "what do you know about me?"}, format="json")
        assert reply.status_code == 200, reply.json()
    with watching(watched, "message edit and delete, windows list"):
        assert bot.patch("/api/v1/messages/general/g2", {"content": "I love hiking"}, format="json").status_code == 200
        assert bot.get("/api/v1/windows").status_code == 200
        assert bot.delete("/api/v1/memories/" + str(memory)).status_code == 204
    browser = Client()
    browser.force_login(member)
    with watching(watched, "browser chat: send"):
        sent = browser.post(
            reverse("chat-send", args=[mira.pk]), {"text": "I adopted a kitten"}, HTTP_HX_REQUEST="true"
        )
        assert sent.status_code == 200
    sent_line = Message.objects.filter(role=MessageRole.USER).latest("pk")
    with watching(watched, "browser chat: the reply's stream"):
        b"".join(browser.get(reverse("chat-stream", args=[sent_line.pk])).streaming_content)  # type: ignore[attr-defined]
    moderator = Client()
    moderator.force_login(_moderator(community))
    alice = Memory.objects.filter(community=community).values_list("user_id", flat=True).first()
    with watching(watched, "moderation pages"):
        for name, args in (
            ("moderation-overview", [community.pk]),
            ("moderation-memories", [community.pk]),
            ("moderation-windows", [community.pk]),
            ("moderation-people", [community.pk]),
            ("moderation-person", [community.pk, alice]),
            ("moderation-audit", [community.pk]),
        ):
            assert moderator.get(reverse(name, args=args)).status_code == 200, name


def _cross_community_jobs(watched: Watched, community: Community) -> None:
    with watching(watched, "maintenance: expiry prune"):
        memories_prune_expired()
    with watching(watched, "maintenance: caps"):
        memories_cap_enforce_all()
    with watching(watched, "maintenance: profiles due for refresh"):
        profiles_due_for_refresh()
    with watching(watched, "maintenance: idle sessions"):
        sessions_end_idle(now=timezone.now() + timedelta(hours=2))
    bob = ExternalIdentity.objects.get(community=community, external_id="bob_789").user
    with watching(watched, "erasure of an account"):
        user_erase(user=bob, via=ErasureRequestVia.SELF)


def _moderator(community: Community) -> User:
    from accounts.services import user_create

    user = user_create(username="scope_moderator", display_name="Moderator")
    membership_set(user=user, community=community, role=MembershipRole.MODERATOR)
    return user


def test_every_statement_on_memories_messages_and_recall_names_its_community(
    watched: Watched, community: Community, mira: Persona, bot: APIClient, member: User
) -> None:
    _product_paths(watched, community, mira, bot, member)
    _cross_community_jobs(watched, community)
    assert set(watched.jobs) == set(CROSS_COMMUNITY_JOBS)  # each job listed ran and sent statements
    touched = [s for s in watched.statements if _TOUCHES.search(s)]
    assert len(touched) > 40, len(touched)  # the slice reached the tables
    unscoped = watched.unscoped()
    assert unscoped == [], "\n\n".join(unscoped)
