"""How long erasing one person takes (target ≤ 5 s for 10 k memories and messages): a script, not a test.

    MEMORYHUB_VAR_DIR=/tmp/bench-var .venv/bin/python benchmarks/erasure.py
        [--memories 10000] [--messages 10000] [--others 20] [--sessions 100000] [--embeddings] [--runs 1]

It never touches the development database: everything lives in its own database,
``memoryhub_bench_erasure`` (``--database``), created if missing on the server the settings
point at (the embedded server, or ``DATABASE_URL``'s) and migrated. The benchmark's tables
there are emptied at the start of every run (``TRUNCATE … CASCADE`` of that database only);
no database is ever dropped.

Data set, written with ``bulk_create`` (set-based, a few seconds):

* the person: an external identity, a membership, a profile paragraph, ``--memories`` memories
  (each with its "created" revision and a link to the message it came from), ``--messages``
  messages in three channels (a tenth of them in 40 chat sessions with summaries, the bot's
  replies included), grouped in finished windows of 30 with other people's messages mixed
  into a fifth of them, 100 entities;
* ``--others`` other people in the same community with 500 memories and 1,000 messages each;
  200 of their memories were reported by the person ("…; reported by Zed"), 1 % of their
  messages and 2 % of their memories name the person, so unlinking and redaction have
  real work to do.

Embeddings are NULL by default: generating and indexing 10 k+ vectors (HNSW) would take far
longer than the erasure, and a row's vector is deleted with its row at no extra cost that
matters (the index entry is dropped later by VACUUM). ``--embeddings`` fills random 384-d
unit vectors instead, to check.

* login sessions: the person logged in (a real session, made by Django's ``login()``), and the
  session table holds ``--sessions`` sessions of other people (signed data, as ``login()`` writes
  it, logged in as one of the others or anonymous).

Then ``user_erase`` is timed once per run (one transaction, in process, moderator-requested),
with its query count, and the tombstone's deleted-row counts are printed as a markdown table.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import (
    AuditEvent,
    Community,
    ExternalIdentity,
    LoginSession,
    Membership,
    MembershipRole,
    Profile,
    User,
)
from accounts.sessions import SessionStore
from benchmarks.support import bench_database_use, say
from chat.models import Channel, ChannelKind, ChatSession, ConversationWindow, Message, MessageRole, Persona
from memories.models import Entity, Memory, MemoryRevision
from memoryhub.ai.embeddings import DIMENSIONS
from privacy.services.erasure import user_erase

BENCH_DATABASE = "memoryhub_bench_erasure"
TARGET_SECONDS = 5.0
WINDOW_SIZE = 30
BATCH = 2000
SEED = 1729
SUBJECT_NAME = "Zed"
FACTS = (
    "{name} loves {thing}",
    "{name} plays {thing} on weekends",
    "{name} is learning {thing}",
    "{name} hates {thing}",
    "{name} wants to try {thing}",
)
THINGS = ("chess", "the guitar", "Elden Ring", "ramen", "hiking", "Spanish", "pottery", "Rocket League", "sushi")


def bench_tables_empty(name: str) -> None:
    """Empty the benchmark database's people and communities (and everything that hangs off them)."""
    assert connection.settings_dict["NAME"] == name, "only ever the benchmark's own database"
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE accounts_user, accounts_community, accounts_loginsession RESTART IDENTITY CASCADE")


def _vectors(count: int, rng: np.random.Generator) -> list[list[float] | None]:
    vectors = rng.standard_normal((count, DIMENSIONS)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return [vector.tolist() for vector in vectors]


def dataset_generate(
    *, memories: int, messages: int, others: int, embeddings: bool
) -> tuple[User, User, dict[str, int]]:
    """The person to erase, a moderator, and what was written (row counts)."""
    rng = random.Random(SEED)  # noqa: S311 - reproducible data, not secrets
    vector_rng = np.random.default_rng(SEED)
    now = timezone.now()
    start = now - timedelta(days=60)
    password = make_password(None)  # unusable, like everyone a bot introduces
    community = Community.objects.create(name="Erasure bench", slug="bench-erasure")
    persona = Persona.objects.create(community=community, name="Mira", system_prompt="You are Mira.")
    channels = Channel.objects.bulk_create(
        [
            Channel(community=community, name="general", external_id="bench-general"),
            Channel(community=community, name="games", external_id="bench-games"),
            Channel(community=community, name="Web chat", kind=ChannelKind.WEB),
        ]
    )
    people = User.objects.bulk_create(
        [User(username="bench-erasure:zed", display_name=SUBJECT_NAME, password=password)]
        + [User(username=f"bench-erasure:p{i}", display_name=f"Person{i}", password=password) for i in range(others)]
        + [User(username="bench-erasure:moderator", display_name="Moderator", password=password)]
    )
    subject, *others_users, moderator = people
    ExternalIdentity.objects.bulk_create(
        ExternalIdentity(community=community, user=u, external_id=f"ext-{u.pk}", display_name=u.display_name)
        for u in people
    )
    Membership.objects.bulk_create(
        Membership(community=community, user=u, role=MembershipRole.MODERATOR if u is moderator else "member")
        for u in people
    )
    Profile.objects.bulk_create(
        Profile(community=community, user=u, summary=f"{u.display_name} is a regular in #general.") for u in people
    )

    # Messages: the person's, in windows of 30; a fifth of the windows shared with others.
    message_rows: list[Message] = []
    windows: list[ConversationWindow] = []
    sessions = ChatSession.objects.bulk_create(
        ChatSession(
            user=subject,
            persona=persona,
            channel=channels[2],
            started_at=start + timedelta(days=i),
            last_message_at=start + timedelta(days=i, minutes=30),
            ended_at=start + timedelta(days=i, minutes=60),
            message_count=0,
            working_summary=f"{SUBJECT_NAME} chatted with Mira about {THINGS[i % len(THINGS)]}.",
            final_summary=f"{SUBJECT_NAME} and Mira talked about {THINGS[i % len(THINGS)]}.",
        )
        for i in range(40)
    )
    for i in range(messages):
        at = start + timedelta(seconds=300 * i)
        in_session = i % 10 == 0
        channel = channels[2] if in_session else channels[i % 2]
        session = sessions[(i // 10) % len(sessions)] if in_session else None
        message_rows.append(
            Message(
                channel=channel,
                author=subject,
                session=session,
                content=f"I think {THINGS[i % len(THINGS)]} is great, message {i}",
                created_at=at,
                external_id=f"zed-{i}",
            )
        )
        if in_session:
            message_rows.append(
                Message(
                    channel=channel,
                    role=MessageRole.ASSISTANT,
                    persona=persona,
                    session=session,
                    content=f"Tell me more about {THINGS[i % len(THINGS)]}, {SUBJECT_NAME}!",
                    created_at=at + timedelta(seconds=5),
                )
            )
    other_messages = [
        Message(
            channel=channels[i % 2],
            author=others_users[i % others] if others else subject,
            content=(f"{SUBJECT_NAME} said that yesterday" if i % 100 == 0 else f"Anyone up for a game? #{i}"),
            created_at=start + timedelta(seconds=150 * i + 7),
            external_id=f"other-{i}",
        )
        for i in range(1000 * others)
    ]
    # Windows per channel in time order: 30 messages each, the person's and others' interleaved
    # where both talked in the same stretch (every fifth window takes a few of the others').
    by_channel: dict[int, list[Message]] = {}
    shared_pool = iter(other_messages)
    for message in sorted(message_rows, key=lambda m: m.created_at):
        by_channel.setdefault(message.channel.pk, []).append(message)
    grouped: list[list[Message]] = []
    for channel_messages in by_channel.values():
        for index in range(0, len(channel_messages), WINDOW_SIZE):
            group = channel_messages[index : index + WINDOW_SIZE]
            if len(grouped) % 5 == 0:
                group += [m for m in (next(shared_pool, None) for _ in range(5)) if m and m.channel == group[0].channel]
            grouped.append(group)
    for group in grouped:
        times = [m.created_at for m in group]
        windows.append(
            ConversationWindow(
                channel=group[0].channel,
                state="done",
                first_message_at=min(times),
                last_message_at=max(times),
                message_count=len(group),
                close_reason="quiet",
                closed_at=max(times),
                extracted_at=max(times),
            )
        )
    ConversationWindow.objects.bulk_create(windows, batch_size=BATCH)
    for window, group in zip(windows, grouped, strict=True):
        for message in group:
            message.window = window
    Message.objects.bulk_create(message_rows, batch_size=BATCH)
    Message.objects.bulk_create(other_messages, batch_size=BATCH)
    ChatSession.objects.filter(pk__in=[s.pk for s in sessions]).update(message_count=20)

    # Memories: the person's, each from one of their messages, with its "created" revision.
    subject_messages = [m for m in message_rows if m.author_id == subject.pk]
    vectors = _vectors(memories + 500 * others, vector_rng) if embeddings else [None] * (memories + 500 * others)
    memory_rows = [
        Memory(
            community=community,
            user=subject,
            content=FACTS[i % len(FACTS)].format(name=SUBJECT_NAME, thing=THINGS[i % len(THINGS)]) + f" ({i})",
            kind="fact",
            topics=["hobby", THINGS[i % len(THINGS)].split()[-1].lower()],
            importance=rng.choice((0.3, 0.6, 0.9)),
            expires_at=now + timedelta(days=30) if i % 8 == 0 else None,
            source="passive",
            source_window=subject_messages[i % len(subject_messages)].window,
            embedding=vectors[i],
            embedding_model="bench-random" if embeddings else "",
        )
        for i in range(memories)
    ]
    for j in range(500 * others):
        owner = others_users[j % others]
        reported = j < 200
        memory_rows.append(
            Memory(
                community=community,
                user=owner,
                content=(
                    f"{owner.display_name} plays chess with {SUBJECT_NAME}"
                    if j % 50 == 1
                    else FACTS[j % len(FACTS)].format(name=owner.display_name, thing=THINGS[j % len(THINGS)])
                    + f" ({j})"
                ),
                kind="fact",
                importance=0.6,
                source="passive",
                reported_by=subject if reported else None,
                context=f"said in #general; reported by {SUBJECT_NAME}" if reported else "",
                embedding=vectors[memories + j],
                embedding_model="bench-random" if embeddings else "",
            )
        )
    Memory.objects.bulk_create(memory_rows, batch_size=BATCH)
    through = Memory.source_messages.through
    through.objects.bulk_create(
        [
            through(memory_id=memory.pk, message_id=subject_messages[i % len(subject_messages)].pk)
            for i, memory in enumerate(memory_rows[:memories])
        ],
        batch_size=BATCH,
    )
    MemoryRevision.objects.bulk_create(
        [
            MemoryRevision(
                memory=memory,
                memory_ref=memory.pk,
                community=community,
                subject_id=memory.user_id,
                action="created",
                actor="llm",
                after={
                    "content": memory.content,
                    "kind": memory.kind,
                    "topics": memory.topics,
                    "importance": memory.importance,
                    "expires_at": memory.expires_at.isoformat() if memory.expires_at else None,
                    "source": memory.source,
                    "reported_by": memory.reported_by_id,
                    "context": memory.context,
                    "persona": None,
                },
                reason="extracted from conversation",
            )
            for memory in memory_rows
        ],
        batch_size=BATCH,
    )
    Entity.objects.bulk_create(
        Entity(
            community=community,
            owner=subject,
            type="thing",
            name=f"thing {i}",
            first_mentioned_at=start,
            last_mentioned_at=now,
        )
        for i in range(100)
    )
    written = {
        "the person's memories": memories,
        "the person's messages (and the bot's replies in their sessions)": len(message_rows),
        "the person's memory revisions": memories,
        "the person's memory ↔ message links": memories,
        "windows": len(windows),
        "other people": others,
        "other people's memories": 500 * others,
        "other people's messages": len(other_messages),
    }
    return subject, moderator, written


def sessions_generate(*, subject: User, others: list[User], count: int) -> None:
    """The person logs in for real; ``count`` sessions of other people (a third anonymous) besides."""
    Client().force_login(subject)
    store = SessionStore()
    expires = timezone.now() + timedelta(days=14)
    rows = []
    for index in range(count):
        other = others[index % len(others)] if index % 3 else None
        data = (
            {SESSION_KEY: str(other.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
             HASH_SESSION_KEY: other.get_session_auth_hash()}
            if other
            else {"_language": "en"}
        )  # fmt: skip
        rows.append(
            LoginSession(
                session_key=f"bench{index:035d}",
                session_data=store.encode(data),
                expire_date=expires,
                user_id=other.pk if other else None,
            )
        )
    LoginSession.objects.bulk_create(rows, batch_size=BATCH)


def sessions_decode_all(user: User) -> tuple[float, int]:
    """The former way to find a person's sessions, for comparison: decode every one (seconds, found)."""
    store = SessionStore()
    started = time.perf_counter()
    found = sum(
        1
        for data in LoginSession.objects.values_list("session_data", flat=True).iterator(chunk_size=2000)
        if store.decode(data).get(SESSION_KEY) == str(user.pk)
    )
    return time.perf_counter() - started, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--memories", type=int, default=10_000, help="memories about the person")
    parser.add_argument("--messages", type=int, default=10_000, help="messages the person wrote")
    parser.add_argument("--others", type=int, default=20, help="other people in the community (500 memories each)")
    parser.add_argument("--sessions", type=int, default=100_000, help="other people's login sessions")
    parser.add_argument("--embeddings", action="store_true", help="random vectors instead of NULL embeddings")
    parser.add_argument("--runs", type=int, default=1, help="generate and erase this many times")
    parser.add_argument("--database", default=BENCH_DATABASE, help="the benchmark's own database")
    arguments = parser.parse_args()
    if arguments.others < 1:
        raise SystemExit("--others must be at least 1")

    bench_database_use(arguments.database)
    results: list[tuple[float, int]] = []
    counts: dict[str, Any] = {}
    audit: dict[str, Any] = {}
    written: dict[str, int] = {}
    for run in range(arguments.runs):
        bench_tables_empty(arguments.database)
        say(f"run {run + 1}: generating…")
        started = time.perf_counter()
        with transaction.atomic():
            subject, moderator, written = dataset_generate(
                memories=arguments.memories,
                messages=arguments.messages,
                others=arguments.others,
                embeddings=arguments.embeddings,
            )
            others = list(User.objects.filter(username__startswith="bench-erasure:p"))
            sessions_generate(subject=subject, others=others, count=arguments.sessions)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")  # fresh statistics, as autovacuum would have them in production
        subject.refresh_from_db()  # its last_login, stamped by login()
        decode_seconds, decoded_found = sessions_decode_all(subject)
        say(f"run {run + 1}: generated in {time.perf_counter() - started:.1f} s; erasing…")
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            tombstone = user_erase(user=subject, via="moderator", requested_by=moderator)
            seconds = time.perf_counter() - started
        results.append((seconds, len(queries.captured_queries)))
        counts = tombstone.deleted_counts
        audit = AuditEvent.objects.get(action="user.erased", data__erasure_request=tombstone.pk).data
        say(f"run {run + 1}: erased in {seconds:.2f} s")

    best = min(seconds for seconds, _ in results)
    worst = max(seconds for seconds, _ in results)
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
    print(f"## Erasure of one person ({arguments.database}, PostgreSQL {version})\n")
    print("| data | rows |\n|---|---:|")
    for label, value in written.items():
        print(f"| {label} | {value:,} |")
    print(f"| embeddings | {'random 384-d' if arguments.embeddings else 'NULL'} |")
    print(f"| login sessions: the person's, and other people's | 1 + {arguments.sessions:,} |")
    print("\n| figure | value | target |\n|---|---:|---:|")
    print(f"| `user_erase`, one transaction (best of {len(results)}) | {best:.2f} s | ≤ {TARGET_SECONDS:.0f} s |")
    if len(results) > 1:
        print(f"| `user_erase`, worst run | {worst:.2f} s | |")
    print(f"| SQL statements | {results[0][1]} | |")
    print(
        f"| for comparison: finding their sessions by decoding all {arguments.sessions + 1:,} (the former way; "
        f"found {decoded_found}) | {decode_seconds:.2f} s | |"
    )
    print(f"| verdict | {'met' if worst <= TARGET_SECONDS else 'MISSED'} | |")
    print("\n| deleted (tombstone `deleted_counts`) | rows |\n|---|---:|")
    for label, value in counts.items():
        print(f"| {label} | {value:,} |")
    print("\n| other people's rows kept, changed (audit event `user.erased`) | rows |\n|---|---:|")
    for kind in ("unlinked", "redacted"):
        for label, value in audit[kind].items():
            print(f"| {kind}: {label} | {value:,} |")


if __name__ == "__main__":
    main()
