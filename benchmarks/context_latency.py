"""How fast context assembly is over 1 M memories, and how well it recalls: a script, not a test.

    .venv/bin/python benchmarks/context_latency.py [--users 20000] [--pairs 1000]
        [--regenerate] [--hnsw] [--drop]

Data set (the scale of docs/benchmarks.md): 20,000 people with 50 memories each (the default per-user cap), in 50
communities, each with a persona and four channels (three with a topic bias); every person
has a profile paragraph, an external identity, a finished chat session with its summary and its
14 messages (in one extracted window), and three entities. Memory texts come from templates
(pets, games, food, work, family, travel…) with 2 or 3 topic tags, importance low/medium/high,
created over the last 90 days, one in eight expiring (1d/3d/7d/30d, still live when written).
Their vectors are real: a pool of distinct texts is embedded with the active embedder (local
MiniLM by default) and each memory takes its text's vector plus a little noise, so similarities
to a message look like production's (random vectors would all sit near 0, below every persona's
search threshold, and leave the hybrid layer emptier than in real use). Memories are written
with binary COPY, in the order they were "created", so each person's rows are spread over the
table as in a real database.

It never touches the development database: everything lives in its own database,
``memoryhub_bench`` (``--database``), created on the server the settings point at (the embedded
server, or ``DATABASE_URL``'s) and migrated. The data is kept between runs and reused when
its size matches; ``--regenerate`` builds it again, ``--drop`` drops the database.

The HNSW index is dropped for the load (maintaining it row by row over 1 M vectors would take
far longer than the load) and rebuilt only with ``--hnsw``: context assembly does not use it,
it reads the person's rows through the (community, user) index.

Then ``assemble_context`` is timed in process, server side, for random (person, message) pairs:
a first pass with a cold cache (reported apart), then after a warm-up with a precomputed query
vector (query embedding excluded: the target is p95 ≤ 15 ms), embedding the message itself, and
with access recording on (its writes are undone afterwards so the data stays as generated).
Last, recall@5 on the labelled fixture of ``benchmarks/recall_fixture.py`` for vector-only,
keyword-only and hybrid retrieval.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import struct
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.conf import settings
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg import sql

from accounts.models import Community, ExternalIdentity, Membership, Profile, User
from benchmarks.recall_fixture import MEMORIES as FIXTURE_MEMORIES
from benchmarks.recall_fixture import QUERIES as FIXTURE_QUERIES
from benchmarks.support import bench_database_drop, bench_database_use, say
from chat.models import Channel, ChatSession, ConversationWindow, Message, MessageRole, Persona
from memories.models import Memory
from memories.selectors.ranking import memories_ranked, memories_ranked_explain
from memories.services.context import assemble_context, is_relevant, message_keywords
from memoryhub.ai.contract import EXPIRATIONS, IMPORTANCE_LEVELS
from memoryhub.ai.embeddings import DIMENSIONS, Embedder, embedder_get
from memoryhub.ai.minilm_quantize import processor_text

SEED = 4242
BENCH_DATABASE = "memoryhub_bench"
COMMUNITY_SLUG_PREFIX = "bench-context-"
RECALL_COMMUNITY_SLUG = "bench-recall"
TARGET_P95_MS = 15.0
HNSW_INDEX = "memory_embedding_hnsw"
COPY_CHUNK = 10_000
NOISE = 0.25  # norm of the noise added to a pool vector: ~0.97 cosine to its text's own vector
DAYS = 90
EXPIRING_SHARE = 0.125
SESSION_MESSAGES = 14  # each person's finished session: 7 of theirs, 7 replies

# --- Templates ---------------------------------------------------------------------------------


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split(", "))


WORDS: dict[str, tuple[str, ...]] = {
    "animal": _words("cat, dog, rabbit, parrot, hamster, tortoise, ferret"),
    "pet": _words(
        "Miso, Biscuit, Luna, Pixel, Mochi, Rocket, Noodle, Pepper, Ziggy, "
        "Olive, Tofu, Banjo, Clementine, Waffles, Nala, Pumpkin, Gizmo, Basil"
    ),
    "game": _words(
        "Minecraft, Fortnite, Valorant, Zelda, Hades, Terraria, Overwatch, "
        "Tetris, Skyrim, Factorio, Celeste, Civilization, Stardew Valley, Elden Ring, Rocket League"
    ),
    "role": _words("healer, tank, sniper, support, builder, speedrunner"),
    "dish": _words(
        "lasagne, ramen, curry, tacos, risotto, pancakes, dumplings, "
        "paella, falafel, pho, sushi, shakshuka, goulash, gnocchi"
    ),
    "cuisine": _words("Thai, Korean, Italian, Mexican, Ethiopian, Lebanese, Japanese, Indian"),
    "allergen": _words("peanuts, shellfish, gluten, lactose, eggs, sesame"),
    "band": _words(
        "Radiohead, Metallica, Beyonce, Coldplay, Muse, Gorillaz, "
        "Slipknot, Adele, Daft Punk, Taylor Swift, Arctic Monkeys, Billie Eilish"
    ),
    "instrument": _words("guitar, drums, piano, violin, bass, ukulele, saxophone"),
    "job": _words(
        "nurse, teacher, developer, barista, electrician, accountant, "
        "designer, chef, student, mechanic, pharmacist, translator"
    ),
    "workplace": _words("hospital, school, startup, bakery, warehouse, bank, agency, garage"),
    "work_event": _words("presentation, deadline, interview, review, audit, product launch"),
    "relative": _words("sister, brother, mum, dad, cousin, grandmother, uncle, aunt"),
    "name": _words(
        "Jane, Tom, Priya, Lukas, Aisha, Mateo, Chloe, Kenji, Olga, Sam, Nora, Diego, Fatima, Ben, Ingrid, Yusuf"
    ),
    "city": _words(
        "Berlin, Lisbon, Austin, Leeds, Osaka, Toronto, Madrid, Dublin, Warsaw, Melbourne, Glasgow, Lyon, Seoul, Denver"
    ),
    "country": _words("Japan, Portugal, Iceland, Mexico, Vietnam, Norway, Peru, Morocco, Greece"),
    "month": _words("January, February, March, April, May, June, July, August, September, October, November, December"),
    "weekday": _words("Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday"),
    "sport": _words("running, cycling, swimming, climbing, football, tennis, yoga, boxing"),
    "bodypart": _words("wrist, ankle, collarbone, finger, knee"),
    "language": _words("Japanese, Spanish, German, Korean, French, Italian, Portuguese"),
    "subject": _words("medicine, law, physics, history, computer science, architecture, biology"),
    "book": _words("Dune, The Hobbit, Project Hail Mary, Circe, The Martian, Piranesi, Normal People"),
    "show": _words("Severance, The Bear, Arcane, Succession, Bluey, Shogun, Fleabag, Dark"),
    "number": tuple(str(n) for n in range(2, 16)),
    "mood": _words("cheerful, tired, excited, a bit down, relaxed"),
}

# (text, kind, topic tags): {slot}s are filled from WORDS; tags may name a slot's value.
MEMORY_TEMPLATES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("Has a {animal} called {pet} who is {number} years old.", "fact", ("pets", "{animal}")),
    ("Adopted a {animal} named {pet} in {month}.", "event", ("pets", "{animal}")),
    ("{pet}, their {animal}, had to see the vet after eating something odd.", "event", ("pets", "{animal}", "health")),
    ("Plays {game} most evenings, usually as the {role}.", "behavior", ("gaming", "{game}")),
    ("Finally beat the last boss in {game} after {number} tries.", "event", ("gaming", "{game}")),
    ("Prefers co-op games like {game} over competitive ones.", "preference", ("gaming", "{game}")),
    ("Is vegetarian and loves {cuisine} {dish}.", "preference", ("food", "vegetarian")),
    ("Is allergic to {allergen}, so avoids {dish}.", "fact", ("food", "health", "allergy")),
    ("Is learning to cook {cuisine} food and made {dish} last weekend.", "event", ("food", "cooking")),
    ("Favourite band is {band}; saw them live in {city}.", "preference", ("music", "concerts")),
    ("Plays the {instrument} in a small band with {name}.", "fact", ("music", "{instrument}")),
    ("Works as a {job} at a {workplace} in {city}.", "fact", ("work", "{job}")),
    ("Has a big {work_event} at work on {weekday}.", "plan", ("work", "{work_event}")),
    ("Feels stressed about the {work_event} next {weekday}.", "emotion", ("work", "stress")),
    ("Their {relative} {name} lives in {city}.", "relationship", ("family", "{relative}")),
    ("Their {relative} {name} is visiting in {month}.", "plan", ("family", "{relative}", "visit")),
    ("Is planning a trip to {country} in {month}.", "plan", ("travel", "{country}")),
    ("Spent two weeks backpacking through {country} last year.", "event", ("travel", "{country}")),
    ("Trains for a half marathon and runs {number} km a week.", "behavior", ("fitness", "running")),
    ("Broke their {bodypart} while {sport} and is recovering.", "event", ("health", "{sport}")),
    ("Goes {sport} every {weekday} with {name}.", "behavior", ("fitness", "{sport}")),
    ("Is learning {language} and has a {number}-week streak.", "behavior", ("languages", "{language}")),
    ("Decided to study {subject} at university next year.", "decision", ("study", "university")),
    ("Is reading {book} and loves it so far.", "preference", ("books", "reading")),
    ("Binge-watched {show} over the weekend.", "event", ("tv", "{show}")),
    ("Is moving to {city} in {month}.", "plan", ("home", "moving", "{city}")),
    ("Feels lonely on weekends since moving to {city}.", "emotion", ("home", "loneliness")),
    ("Gets anxious before exams and likes to talk it through.", "insight", ("study", "exams", "anxiety")),
    ("Cheers up when people ask about {pet}.", "insight", ("pets", "mood")),
    ("Wants to get better at {game} before the tournament in {month}.", "plan", ("gaming", "{game}", "esports")),
)

MESSAGE_TEMPLATES: tuple[str, ...] = (
    "how is {pet} doing?",
    "I'm thinking of getting a {animal}",
    "my {animal} keeps waking me up at 5am lol",
    "anyone playing {game} tonight?",
    "I need a {role} for {game}, who's in?",
    "what's a good recipe for {dish}?",
    "any {cuisine} restaurants you'd recommend?",
    "{band} just announced a tour!",
    "I've been practising the {instrument} all week",
    "work has been exhausting this week",
    "my {work_event} went okay I think",
    "my {relative} is coming over this weekend",
    "I can't wait for my trip to {country}",
    "ran {number} km today, legs are dead",
    "anyone else learning {language}?",
    "just finished {book}, what should I read next?",
    "should I watch {show}?",
    "the move to {city} is stressing me out",
    "do you remember what I told you about my {relative}?",
    "thinking about studying {subject}",
    "good morning everyone",
    "lol",
    "what do you remember about me?",
    "I'm bored, any ideas?",
    "had a rough day honestly",
)

PROFILE_TEMPLATE = "{name} is a {job} from {city} who enjoys {game} and {sport}; has a {animal} called {pet}."
SESSION_TEMPLATE = "They talked about {game} and their {relative}'s visit; {name} sounded {mood}."
CHANNELS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("general", ()),
    ("gaming", ("gaming",)),
    ("food", ("food", "cooking")),
    ("music", ("music",)),
)


def _tag(value: str) -> str:
    return value.lower().replace(" ", "-").replace("'", "")


def _fill(template: str, rng: random.Random) -> tuple[str, dict[str, str]]:
    chosen = {slot: rng.choice(words) for slot, words in WORDS.items() if "{" + slot + "}" in template}
    return template.format(**chosen), chosen


def content_pool(size: int, rng: random.Random) -> list[tuple[str, str, list[str]]]:
    """Distinct (content, kind, topics) from the templates, fewer if the templates run out."""
    pool: dict[str, tuple[str, list[str]]] = {}
    for _attempt in range(size * 20):
        if len(pool) >= size:
            break
        template, kind, tags = rng.choice(MEMORY_TEMPLATES)
        content, chosen = _fill(template, rng)
        topics = [_tag(tag.format(**chosen)) for tag in tags]
        pool.setdefault(content, (kind, list(dict.fromkeys(topics))))
    return [(content, kind, topics) for content, (kind, topics) in pool.items()]


def chat_messages(count: int, rng: random.Random) -> list[str]:
    messages: dict[str, None] = {}
    for _attempt in range(count * 20):
        if len(messages) >= count:
            break
        messages.setdefault(_fill(rng.choice(MESSAGE_TEMPLATES), rng)[0], None)
    return list(messages)


# --- Output helpers ----------------------------------------------------------------------------


class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise."""

    def __init__(self, label: str, total: int) -> None:
        self.label, self.total = label, max(total, 1)
        self.started = time.perf_counter()
        self.drawn_at = 0.0
        self.tenths = -1
        self.tty = sys.stderr.isatty()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        fraction = min(done / self.total, 1.0)
        if self.tty and now - self.drawn_at < 0.2 and done < self.total:
            return
        if not self.tty and int(fraction * 10) == self.tenths:
            return
        self.drawn_at, self.tenths = now, int(fraction * 10)
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - done) / rate if rate > 0 else 0.0
        bar = "#" * int(fraction * 30)
        line = (
            f"{self.label:<22} [{bar:<30}] {fraction:6.1%} {done:>10,}/{self.total:,}"
            f"  {rate:>9,.0f}/s  {elapsed:5.0f}s elapsed, ~{eta:4.0f}s left"
        )
        sys.stderr.write(("\r" + line) if self.tty else line + "\n")
        if self.tty and done >= self.total:
            sys.stderr.write("\n")
        sys.stderr.flush()


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


# --- The benchmark database --------------------------------------------------------------------


def server_setting(name: str) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting(%s)", [name])
        row = cursor.fetchone()
        assert row is not None
        return str(row[0])


# --- Generation --------------------------------------------------------------------------------


def dataset_size() -> tuple[int, int]:
    """(bench people, their memories) already in the database."""
    # Generated people only: people first seen by a bot (the API benchmark's) are "community:id".
    users = User.objects.filter(username__startswith=COMMUNITY_SLUG_PREFIX).exclude(username__contains=":").count()
    memories = Memory.objects.filter(community__slug__startswith=COMMUNITY_SLUG_PREFIX).count()
    return users, memories


def dataset_matches(*, users: int, per_user: int) -> bool:
    """The database holds the data set of this size, in this script's shape (its sessions'
    messages were added on 2026-11-26: an older set is generated again)."""
    return dataset_size() == (users, users * per_user) and Message.objects.filter(session__isnull=False).exists()


def _vector_bytes(vectors: np.ndarray) -> list[bytes]:
    """pgvector's binary input (uint16 dimensions, uint16 unused, big-endian float4s), one per row.

    Written as raw bytes: binary COPY hands each field to the column type's receive function,
    so no adapter is registered on Django's connection.
    """
    rows = np.empty((len(vectors), 4 + 4 * DIMENSIONS), dtype=np.uint8)
    rows[:, :4] = np.frombuffer(struct.pack(">HH", DIMENSIONS, 0), dtype=np.uint8)
    rows[:, 4:] = np.ascontiguousarray(vectors, dtype=">f4").view(np.uint8).reshape(len(vectors), -1)
    return [row.tobytes() for row in rows]


def _unit_rows(matrix: np.ndarray) -> np.ndarray:
    return (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)).astype(np.float32)


@contextmanager
def _phase(seconds: dict[str, float], name: str) -> Iterator[None]:
    started = time.perf_counter()
    yield
    seconds[name] = time.perf_counter() - started


def _secondary_indexes(cursor: Any) -> list[tuple[str, str]]:
    """(name, CREATE INDEX statement) of memories_memory's indexes that no constraint owns."""
    cursor.execute(
        """
        SELECT i.relname, pg_get_indexdef(x.indexrelid)
        FROM pg_index AS x JOIN pg_class AS i ON i.oid = x.indexrelid
        WHERE x.indrelid = 'memories_memory'::regclass
          AND NOT EXISTS (SELECT 1 FROM pg_constraint AS c WHERE c.conindid = x.indexrelid)
        ORDER BY i.relname
        """
    )
    return list(cursor.fetchall())


def _pool_embed(pool: list[tuple[str, str, list[str]]], embedder: Embedder) -> np.ndarray:
    progress = Progress("embedding text pool", len(pool))
    vectors = np.zeros((len(pool), DIMENSIONS), dtype=np.float32)
    for start in range(0, len(pool), 256):
        vectors[start : start + 256] = embedder.embed([content for content, _, _ in pool[start : start + 256]])
        progress.update(min(start + 256, len(pool)))
    return vectors


def _people_write(
    cursor: Any, *, users: int, communities: int, rng: random.Random, now: datetime
) -> tuple[list[int], list[int]]:
    """Communities, their persona and channels, and the people in them: (user id, community id) lists."""
    community_rows = Community.objects.bulk_create(
        Community(name=f"Bench community {index}", slug=f"{COMMUNITY_SLUG_PREFIX}{index:03d}")
        for index in range(communities)
    )
    personas = Persona.objects.bulk_create(
        Persona(community=community, name="Bench bot", system_prompt="You are a friendly community bot.")
        for community in community_rows
    )
    channels = Channel.objects.bulk_create(
        Channel(community=community, external_id=f"bench-{name}", name=name, topic_bias=list(bias))
        for community in community_rows
        for name, bias in CHANNELS
    )
    people = User.objects.bulk_create(
        (
            User(
                username=f"{COMMUNITY_SLUG_PREFIX}{index:06d}",
                password=UNUSABLE_PASSWORD_PREFIX,  # people seen only through a bot have no password
                display_name=f"{rng.choice(WORDS['name'])} {index}",
            )
            for index in range(users)
        ),
        batch_size=2000,
    )
    home = [community_rows[index % communities] for index in range(users)]
    persona_of = {persona.community_id: persona for persona in personas}
    general = {channel.community_id: channel for channel in channels if channel.name == "general"}
    Membership.objects.bulk_create(
        (Membership(user=person, community=home[index]) for index, person in enumerate(people)), batch_size=2000
    )
    ExternalIdentity.objects.bulk_create(
        (
            ExternalIdentity(
                community=home[index],
                user=person,
                external_id=f"discord-{100000 + index}",
                display_name=person.display_name,
            )
            for index, person in enumerate(people)
        ),
        batch_size=2000,
    )
    Profile.objects.bulk_create(
        (
            Profile(user=person, community=home[index], summary=_fill(PROFILE_TEMPLATE, rng)[0])
            for index, person in enumerate(people)
        ),
        batch_size=2000,
    )
    sessions = []
    for index, person in enumerate(people):
        ended = now - timedelta(hours=rng.uniform(2, 24 * 14))
        sessions.append(
            ChatSession(
                user=person,
                persona=persona_of[home[index].pk],
                channel=general[home[index].pk],
                started_at=ended - timedelta(minutes=40),
                last_message_at=ended - timedelta(minutes=30),
                ended_at=ended,
                message_count=SESSION_MESSAGES,
                final_summary=_fill(SESSION_TEMPLATE, rng)[0],
            )
        )
    ChatSession.objects.bulk_create(sessions, batch_size=2000)
    with cursor.copy(
        "COPY memories_entity (community_id, owner_id, type, name, attributes, relationship,"
        " first_mentioned_at, last_mentioned_at, mention_count) FROM STDIN"
    ) as copy:
        for index, person in enumerate(people):
            first = now - timedelta(days=rng.uniform(10, DAYS))
            for kind, name, relationship in (
                ("person", rng.choice(WORDS["name"]), f"user's {rng.choice(WORDS['relative'])}"),
                ("thing", rng.choice(WORDS["pet"]), f"user's {rng.choice(WORDS['animal'])}"),
                ("place", rng.choice(WORDS["city"]), "where the user lives"),
            ):
                copy.write_row((home[index].pk, person.pk, kind, name, "{}", relationship, first, now, 3))
    _conversations_write(cursor, sessions=sessions)
    return [person.pk for person in people], [community.pk for community in home]


def _conversations_write(cursor: Any, *, sessions: list[ChatSession]) -> None:
    """Each finished session's messages, in a window extracted long ago, as a database that has
    answered its people holds them: ingest's reads and the checks of its writes (the window a
    message joins) are timed against tables of a real size, not empty ones a fresh connection
    would plan to scan."""
    rng = random.Random(SEED + 5)  # noqa: S311 - its own stream: the rest of the data set is unchanged
    said = chat_messages(300, rng)
    replies = ("Nice! Tell me more.", "Oh no, that sounds hard.", "Ha, I remember that.", "Good luck with it!")
    windows = ConversationWindow.objects.bulk_create(
        (
            ConversationWindow(
                channel_id=session.channel_id,
                state=ConversationWindow.State.DONE,
                first_message_at=session.started_at,
                last_message_at=session.last_message_at,
                message_count=SESSION_MESSAGES,
                close_reason=ConversationWindow.CloseReason.SESSION_END,
                closed_at=session.ended_at,
                enqueued_at=session.ended_at,
                extracted_at=session.ended_at,
                attempts=1,
            )
            for session in sessions
        ),
        batch_size=2000,
    )
    progress = Progress("COPY session messages", len(sessions) * SESSION_MESSAGES)
    with cursor.copy(
        "COPY chat_message (channel_id, session_id, author_id, persona_id, role, content, created_at, received_at,"
        " window_id, memories_used) FROM STDIN"
    ) as copy:
        for done, (session, window) in enumerate(zip(sessions, windows, strict=True), start=1):
            gap = (session.last_message_at - session.started_at) / (SESSION_MESSAGES - 1)
            for turn in range(SESSION_MESSAGES):
                at = session.started_at + turn * gap
                row: tuple[int | None, int | None, str, str] = (
                    (session.user_id, None, MessageRole.USER, rng.choice(said))
                    if turn % 2 == 0
                    else (None, session.persona_id, MessageRole.ASSISTANT, rng.choice(replies))
                )
                copy.write_row((session.channel_id, session.pk, *row, at, at, window.pk, "[]"))
            progress.update(done * SESSION_MESSAGES)


def _memories_copy(
    cursor: Any,
    *,
    user_ids: list[int],
    community_ids: list[int],
    per_user: int,
    pool: list[tuple[str, str, list[str]]],
    pool_vectors: np.ndarray,
    model_name: str,
    now: datetime,
) -> None:
    generator = np.random.default_rng(SEED)
    total = len(user_ids) * per_user
    owner = np.repeat(np.arange(len(user_ids), dtype=np.int64), per_user)
    expiring = generator.random(total) < EXPIRING_SHARE
    lifetimes = [lifetime.total_seconds() / 86400 for lifetime in EXPIRATIONS.values() if lifetime is not None]
    lifetime_days = np.array(lifetimes)[generator.integers(0, len(lifetimes), total)]
    # Expiring memories are young enough to be live: the hourly prune would have removed the others.
    age_days = np.where(expiring, generator.random(total) * 0.9 * lifetime_days, generator.random(total) * DAYS)
    # Rows in creation order: each person's memories end up spread over the table, as in real use.
    order = np.argsort(-age_days, kind="stable")
    owner, age_days, expiring, lifetime_days = owner[order], age_days[order], expiring[order], lifetime_days[order]
    texts = generator.integers(0, len(pool), total)
    levels = np.array(list(IMPORTANCE_LEVELS.values()))  # low, medium, high
    importance = levels[generator.choice(len(levels), total, p=[0.3, 0.5, 0.2])]

    progress = Progress("COPY memories", total)
    with cursor.copy(
        "COPY memories_memory (community_id, user_id, content, kind, topics, importance, expires_at, source,"
        " context, embedding, embedding_model, access_count, created_at, updated_at)"
        " FROM STDIN WITH (FORMAT BINARY, FREEZE)"
    ) as copy:
        # The embedding goes as bytea: its raw bytes are pgvector's binary form (see _vector_bytes).
        copy.set_types(
            [
                "int8", "int8", "text", "varchar", "varchar[]", "float8", "timestamptz", "varchar",
                "varchar", "bytea", "varchar", "int4", "timestamptz", "timestamptz",
            ]
        )  # fmt: skip
        for start in range(0, total, COPY_CHUNK):
            end = min(start + COPY_CHUNK, total)
            chunk_texts = texts[start:end]
            noise = generator.standard_normal((end - start, DIMENSIONS), dtype=np.float32)
            noise *= NOISE / np.sqrt(DIMENSIONS)
            vectors = _vector_bytes(_unit_rows(pool_vectors[chunk_texts] + noise))
            for offset, row in enumerate(range(start, end)):
                content, kind, topics = pool[chunk_texts[offset]]
                created = now - timedelta(days=float(age_days[row]))
                expires = created + timedelta(days=float(lifetime_days[row])) if expiring[row] else None
                person = int(owner[row])
                copy.write_row(
                    (
                        community_ids[person],
                        user_ids[person],
                        content,
                        kind,
                        topics,
                        float(importance[row]),
                        expires,
                        "chat",
                        "",
                        vectors[offset],
                        model_name,
                        0,
                        created,
                        created,
                    )
                )
            progress.update(end)


def dataset_generate(
    *, users: int, per_user: int, communities: int, pool_size: int, embedder: Embedder
) -> dict[str, float]:
    """Empty the benchmark database and write the data set in one transaction: seconds per phase."""
    seconds: dict[str, float] = {}
    rng = random.Random(SEED)  # noqa: S311 - reproducible data, not secrets
    now = timezone.now()
    pool = content_pool(pool_size, rng)
    with _phase(seconds, f"embed {len(pool):,} distinct memory texts"):
        pool_vectors = _pool_embed(pool, embedder)

    with transaction.atomic(), connection.cursor() as cursor:
        with _phase(seconds, "people, profiles, sessions and their messages, entities, personas, channels"):
            # Only the benchmark lives here: start from empty tables (and ids from 1). Truncating
            # memories_memory in this transaction also lets COPY write its rows already frozen.
            cursor.execute("TRUNCATE accounts_community, accounts_user RESTART IDENTITY CASCADE")
            user_ids, community_ids = _people_write(cursor, users=users, communities=communities, rng=rng, now=now)
        indexes = _secondary_indexes(cursor)
        rebuilt = [(name, definition) for name, definition in indexes if name != HNSW_INDEX]
        for name, _definition in indexes:
            cursor.execute(sql.SQL("DROP INDEX {}").format(sql.Identifier(name)).as_string())
        with _phase(seconds, f"COPY {users * per_user:,} memories (indexes dropped)"):
            _memories_copy(
                cursor,
                user_ids=user_ids,
                community_ids=community_ids,
                per_user=per_user,
                pool=pool,
                pool_vectors=pool_vectors,
                model_name=embedder.model_name,
                now=now,
            )
        with _phase(seconds, "foreign key checks"):
            say("checking foreign keys…")
            # Django's foreign keys are deferred to commit; check them now: no index can be built
            # on a table with pending trigger events.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        with _phase(seconds, f"rebuild {len(rebuilt)} indexes (all but HNSW)"):
            cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
            for name, definition in rebuilt:
                say(f"building {name}…")
                cursor.execute(definition)

    # VACUUM as well as ANALYZE: the rows just copied in would have autovacuum visit every page of
    # the table a minute later (setting their hint bits and the visibility map), through the HNSW
    # build and the timing after it. Done here, the timing runs as on a settled database.
    with _phase(seconds, "VACUUM ANALYZE"), connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    return seconds


def hnsw_present() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", [HNSW_INDEX])
        return cursor.fetchone() is not None


def hnsw_build() -> float:
    """Build the migration's HNSW index again (as the migration defines it); returns seconds."""
    say(f"building {HNSW_INDEX} (HNSW, m=16, ef_construction=64) over every memory…")
    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        # HNSW builds fast only while the graph fits in maintenance_work_mem (~1.5 KB per vector).
        cursor.execute("SET LOCAL maintenance_work_mem = '3GB'")
        cursor.execute(
            sql.SQL(
                "CREATE INDEX {} ON memories_memory USING hnsw (embedding vector_cosine_ops)"
                " WITH (m = 16, ef_construction = 64)"
            )
            .format(sql.Identifier(HNSW_INDEX))
            .as_string()
        )
    return time.perf_counter() - started


# --- Latency ------------------------------------------------------------------------------------


@dataclass
class Pair:
    community: Community
    user: User
    persona: Persona
    channel: Channel
    message: str
    vector: list[float]


def pairs_pick(count: int, messages: list[str], vectors: dict[str, list[float]]) -> list[Pair]:
    rng = random.Random(SEED + 1)  # noqa: S311 - reproducible data, not secrets
    user_ids = list(
        User.objects.filter(username__startswith=COMMUNITY_SLUG_PREFIX)
        .order_by("pk")
        .values_list("pk", "memberships__community_id")
    )
    picked = rng.sample(user_ids, min(count, len(user_ids)))
    users = User.objects.in_bulk([user_id for user_id, _ in picked])
    communities = Community.objects.in_bulk()
    personas = {persona.community_id: persona for persona in Persona.objects.all()}
    channels: dict[int, list[Channel]] = {}
    for channel in Channel.objects.order_by("pk"):
        channels.setdefault(channel.community_id, []).append(channel)
    pairs = []
    for user_id, community_id in picked:
        message = rng.choice(messages)
        pairs.append(
            Pair(
                community=communities[community_id],
                user=users[user_id],
                persona=personas[community_id],
                channel=rng.choice(channels[community_id]),
                message=message,
                vector=vectors[message],
            )
        )
    return pairs


@dataclass
class Timing:
    label: str
    milliseconds: list[float]
    memories_used: float = 0.0
    memory_tokens: float = 0.0

    def row(self) -> str:
        values = self.milliseconds
        return (
            f"| {self.label} | {percentile(values, 0.50):.2f} | {percentile(values, 0.95):.2f} "
            f"| {percentile(values, 0.99):.2f} | {statistics.fmean(values):.2f} | {max(values):.1f} |"
        )


class SqlClock:
    """A Django execute wrapper adding up the time spent executing SQL (round trips included)."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def __call__(self, execute: Callable[..., Any], statement: str, params: Any, many: bool, context: Any) -> Any:
        started = time.perf_counter()
        try:
            return execute(statement, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started


def latency_run(label: str, pairs: list[Pair], warmup: int, call: Callable[[Pair], Any]) -> tuple[Timing, Timing]:
    """Time ``call`` over the pairs: (the calls, the part of each call spent in SQL)."""
    for pair in pairs[:warmup]:
        call(pair)
    timings: list[float] = []
    in_sql: list[float] = []
    used: list[int] = []
    tokens: list[int] = []
    clock = SqlClock()
    with connection.execute_wrapper(clock):
        for pair in pairs:
            sql_before = clock.seconds
            started = time.perf_counter()
            result = call(pair)
            timings.append((time.perf_counter() - started) * 1000)
            in_sql.append((clock.seconds - sql_before) * 1000)
            if hasattr(result, "memories"):
                used.append(len(result.memories))
                tokens.append(result.memory_tokens)
    run = Timing(
        label=label,
        milliseconds=timings,
        memories_used=statistics.fmean(used) if used else 0.0,
        memory_tokens=statistics.fmean(tokens) if tokens else 0.0,
    )
    return run, Timing(label=f"{label}: SQL", milliseconds=in_sql)


def _assemble(pair: Pair, *, embed: bool, record_access: bool) -> Any:
    if embed:  # the model's time, not the query cache's (300 messages recur over the pairs)
        getattr(embedder_get(), "query_cache_clear", lambda: None)()
    return assemble_context(
        community=pair.community,
        user=pair.user,
        persona=pair.persona,
        message=pair.message,
        channel=pair.channel,
        query_vector=None if embed else pair.vector,
        embed_query=embed,
        record_access=record_access,
    )


def _candidates(pair: Pair, model_name: str) -> Any:
    return memories_ranked(
        community=pair.community,
        user=pair.user,
        now=timezone.now(),
        text=" ".join(message_keywords(pair.message)),
        keywords=message_keywords(pair.message, list(pair.channel.topic_bias)),
        vector=pair.vector,
        model_name=model_name,
    )


def access_snapshot(user_ids: Iterable[int]) -> list[tuple[int, int, datetime | None, float, datetime]]:
    return list(
        Memory.objects.filter(user_id__in=set(user_ids)).values_list(
            "id", "access_count", "last_accessed_at", "importance", "importance_at"
        )
    )


def access_restore(snapshot: list[tuple[int, int, datetime | None, float, datetime]]) -> int:
    """Undo access recording: put back the counters of the snapshot's rows that changed."""
    with connection.cursor() as cursor:
        cursor.execute(
            """
            UPDATE memories_memory AS m
            SET access_count = s.access_count, last_accessed_at = s.last_accessed_at, importance = s.importance,
                importance_at = s.importance_at
            FROM unnest(%s::bigint[], %s::int[], %s::timestamptz[], %s::float8[], %s::timestamptz[])
                 AS s(id, access_count, last_accessed_at, importance, importance_at)
            WHERE m.id = s.id AND (m.access_count, m.last_accessed_at, m.importance, m.importance_at)
                  IS DISTINCT FROM (s.access_count, s.last_accessed_at, s.importance, s.importance_at)
            """,
            [[row[index] for row in snapshot] for index in range(5)],
        )
        return int(cursor.rowcount)


# --- Recall --------------------------------------------------------------------------------------


@dataclass
class RecallRow:
    method: str
    hits: dict[str, list[bool]]  # signal -> one entry per query
    returned: float = 0.0  # mean number of memories the method hands over

    def row(self) -> str:
        cells = []
        every: list[bool] = []
        for signal in ("lexical", "semantic", "topic"):
            found = self.hits.get(signal, [])
            every += found
            cells.append(f"{sum(found)}/{len(found)}")
        return f"| {self.method} | {' | '.join(cells)} | **{sum(every) / len(every):.2f}** | {self.returned:.1f} |"


def _keyword_ranked(fixture_ids: dict[int, str], user: User, query: str, any_word: bool) -> list[int]:
    """Full-text matches ranked by ts_rank; ``any_word`` ORs the words (the service ANDs them)."""
    tsquery = (
        "replace(plainto_tsquery('english', %(text)s)::text, '&', '|')::tsquery"
        if any_word
        else "websearch_to_tsquery('english', %(text)s)"
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT m.id FROM memories_memory AS m, (SELECT {tsquery} AS query) AS q
            WHERE m.user_id = %(user)s AND m.search_vector @@ q.query
            ORDER BY ts_rank(m.search_vector, q.query) DESC, m.id LIMIT 5
            """,  # noqa: S608 - the interpolated part is one of two constant expressions
            {"text": query, "user": user.pk},
        )
        return [row[0] for row in cursor.fetchall() if row[0] in fixture_ids]


def recall_measure(embedder: Embedder) -> tuple[list[RecallRow], list[str]]:
    """Recall@5 of each retrieval method on the labelled fixture, in a community of its own."""
    now = timezone.now()
    rng = random.Random(SEED + 2)  # noqa: S311 - reproducible data, not secrets
    with transaction.atomic():
        Community.objects.filter(slug=RECALL_COMMUNITY_SLUG).delete()
        User.objects.filter(username=RECALL_COMMUNITY_SLUG).delete()
        community = Community.objects.create(name="Bench recall", slug=RECALL_COMMUNITY_SLUG)
        user = User.objects.create(
            username=RECALL_COMMUNITY_SLUG, password=UNUSABLE_PASSWORD_PREFIX, display_name="Robin"
        )
        Membership.objects.create(user=user, community=community)
        persona = Persona.objects.create(community=community, name="Bench bot", system_prompt="You are friendly.")
        vectors = embedder.embed([memory.content for memory in FIXTURE_MEMORIES])
        created = Memory.objects.bulk_create(
            Memory(
                community=community,
                user=user,
                content=memory.content,
                kind=memory.kind,
                topics=list(memory.topics),
                importance=IMPORTANCE_LEVELS["medium"],
                embedding=vector,
                embedding_model=embedder.model_name,
            )
            for memory, vector in zip(FIXTURE_MEMORIES, vectors, strict=True)
        )
        for memory in created:  # created_at is auto_now_add: spread it afterwards
            Memory.objects.filter(pk=memory.pk).update(created_at=now - timedelta(days=rng.uniform(0, 60)))
    key_of = {memory.pk: fixture.key for memory, fixture in zip(created, FIXTURE_MEMORIES, strict=True)}

    methods = {
        "vector only: top 5 by cosine similarity": "vector",
        "keyword only: full-text match as the service's (all words), top 5 by ts_rank": "keyword",
        "keyword only: any word matches, top 5 by ts_rank": "keyword_any",
        "hybrid: the service's ranking (`memories_ranked`), relevant ones, top 5": "hybrid",
        "hybrid as assembled: `topic` + `relevant` layers of assemble_context": "layers",
        "whole assembled context (also the 5 newest in `recent`)": "context",
    }
    rows = {method: RecallRow(method=label, hits={}) for label, method in methods.items()}
    returned: dict[str, list[int]] = {method: [] for method in rows}
    misses: list[str] = []
    query_vectors = embedder.embed([query.message for query in FIXTURE_QUERIES])
    for query, query_vector in zip(FIXTURE_QUERIES, query_vectors, strict=True):
        vector = query_vector.tolist()
        candidates = memories_ranked(
            community=community,
            user=user,
            now=now,
            text=" ".join(message_keywords(query.message)),
            keywords=message_keywords(query.message),
            vector=vector,
            model_name=embedder.model_name,
        )
        passing = [c for c in candidates if is_relevant(c, threshold=persona.search_threshold)]  # in rank order
        context = assemble_context(
            community=community,
            user=user,
            persona=persona,
            message=query.message,
            query_vector=vector,
            embed_query=False,
            record_access=False,
            now=now,
        )
        found: dict[str, list[int]] = {
            "vector": [c.id for c in sorted(candidates, key=lambda c: c.similarity or 0.0, reverse=True)[:5]],
            "keyword": _keyword_ranked(key_of, user, query.message, any_word=False),
            "keyword_any": _keyword_ranked(key_of, user, query.message, any_word=True),
            "hybrid": [c.id for c in passing[:5]],
            "layers": [used.id for used in context.memories if used.layer in ("topic", "relevant")],
            "context": [used.id for used in context.memories],
        }
        for method, ids in found.items():
            hit = query.expected in {key_of[memory_id] for memory_id in ids}
            rows[method].hits.setdefault(query.signal, []).append(hit)
            returned[method].append(len(ids))
            if method == "hybrid" and not hit:
                misses.append(f"{query.signal}: {query.message!r} → {', '.join(key_of[i] for i in ids) or 'nothing'}")
    for method, row in rows.items():
        row.returned = statistics.fmean(returned[method])
    return list(rows.values()), misses


# --- Main --------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--users", type=int, default=20_000, help="people (50 memories each by default)")
    parser.add_argument("--per-user", type=int, default=50, help="memories per person (the default cap)")
    parser.add_argument("--communities", type=int, default=50)
    parser.add_argument("--pairs", type=int, default=1000, help="timed (person, message) pairs per run")
    parser.add_argument("--warmup", type=int, default=50, help="untimed calls before each run")
    parser.add_argument("--pool", type=int, default=10_000, help="distinct memory texts embedded for the data set")
    parser.add_argument("--database", default=BENCH_DATABASE, help="the benchmark's own database")
    parser.add_argument("--regenerate", action="store_true", help="rebuild the data set even if it is there")
    parser.add_argument("--hnsw", action="store_true", help="build the HNSW index (timed) if it is missing")
    parser.add_argument("--drop", action="store_true", help="drop the benchmark database and exit")
    parser.add_argument("--summary", type=Path, help="also write the run's figures as JSON here (context_scaling.py)")
    parser.add_argument("--no-recall", action="store_true", help="skip the recall fixture (it does not depend on size)")
    arguments = parser.parse_args()

    if arguments.database == settings.DATABASES["default"]["NAME"]:
        raise SystemExit(f"{arguments.database!r} is the configured database: the benchmark needs one of its own")
    if arguments.drop:
        bench_database_drop(arguments.database)
        return
    bench_database_use(arguments.database)
    embedder = embedder_get()
    embedder.embed_one("warm up")  # loads the local model once, outside every timing

    expected = arguments.users * arguments.per_user
    generated: dict[str, float] | None = None
    people, memories = dataset_size()
    if arguments.regenerate or not dataset_matches(users=arguments.users, per_user=arguments.per_user):
        say(f"generating {expected:,} memories for {arguments.users:,} people (found {memories:,} for {people:,})")
        started = time.perf_counter()
        generated = dataset_generate(
            users=arguments.users,
            per_user=arguments.per_user,
            communities=arguments.communities,
            pool_size=min(arguments.pool, expected),
            embedder=embedder,
        )
        generated["total"] = time.perf_counter() - started
    else:
        say(f"reusing {memories:,} memories for {people:,} people in {arguments.database} (--regenerate to rebuild)")
    hnsw_seconds = hnsw_build() if arguments.hnsw and not hnsw_present() else None

    rng = random.Random(SEED + 3)  # noqa: S311 - reproducible data, not secrets
    messages = chat_messages(300, rng)
    message_vectors = {
        message: vector.tolist() for message, vector in zip(messages, embedder.embed(messages), strict=True)
    }
    pairs = pairs_pick(arguments.pairs, messages, message_vectors)
    warmup = min(arguments.warmup, len(pairs))

    say("timing…")
    load_before = os.getloadavg()[0]
    with CaptureQueriesContext(connection) as queries:
        _assemble(pairs[0], embed=False, record_access=False)
    queries_per_call = len(queries.captured_queries)
    # The first pass over the pairs reads their people's rows from disk (shared_buffers is 128 MB
    # here, the table several GB): it is reported apart, and every later run finds the pages in
    # the OS cache, as on a server that has been up a while.
    cold, _ = latency_run(
        "first pass over the pairs, cold cache: `assemble_context`, query vector given, recording off",
        pairs,
        0,
        lambda pair: _assemble(pair, embed=False, record_access=False),
    )
    baseline, baseline_sql = latency_run(
        "`assemble_context`, query vector given (embedding excluded), access recording off",
        pairs,
        warmup,
        lambda pair: _assemble(pair, embed=False, record_access=False),
    )
    candidates, _ = latency_run(
        "↳ `memories_ranked` alone, run apart (the one SQL over the person's rows)",
        pairs,
        warmup,
        lambda pair: _candidates(pair, embedder.model_name),
    )
    embedded, _ = latency_run(
        f"`assemble_context`, embedding the message ({embedder.model_name}), access recording off",
        pairs,
        warmup,
        lambda pair: _assemble(pair, embed=True, record_access=False),
    )
    embedding_only, _ = latency_run(
        "↳ the query embedding alone", pairs, warmup, lambda pair: embedder.embed([pair.message])[0]
    )
    snapshot = access_snapshot(pair.user.pk for pair in pairs)
    recording, recording_sql = latency_run(
        "`assemble_context`, query vector given, access recording on (one UPDATE, autocommit)",
        pairs,
        warmup,
        lambda pair: _assemble(pair, embed=False, record_access=True),
    )
    restored = access_restore(snapshot)
    timings = [
        cold,
        baseline,
        Timing(f"↳ in its {queries_per_call} SQL queries (execution and round trips)", baseline_sql.milliseconds),
        candidates,
        Timing(
            "↳ the rest: Python (building queries, rendering, token counting)",
            [total - in_sql for total, in_sql in zip(baseline.milliseconds, baseline_sql.milliseconds, strict=True)],
        ),
        embedded,
        embedding_only,
        recording,
        Timing(f"↳ in its {queries_per_call + 1} SQL queries", recording_sql.milliseconds),
    ]

    recall_rows, misses = ([], []) if arguments.no_recall else recall_measure(embedder)
    sample = pairs[0]
    explain = memories_ranked_explain(community=sample.community, user=sample.user, now=timezone.now())
    if arguments.summary is not None:
        arguments.summary.write_text(
            json.dumps(
                {
                    "memories": dataset_size()[1],
                    "people": dataset_size()[0],
                    "per_person": arguments.per_user,
                    "hnsw": hnsw_present(),
                    "runs": {
                        timing.label: {
                            "p50": percentile(timing.milliseconds, 0.50),
                            "p95": percentile(timing.milliseconds, 0.95),
                            "p99": percentile(timing.milliseconds, 0.99),
                        }
                        for timing in timings
                    },
                    "plan": explain,
                    "generated": generated,
                    "hnsw_seconds": hnsw_seconds,
                },
                indent=1,
            )
        )

    people, memories = dataset_size()
    verdict = "met" if percentile(baseline.milliseconds, 0.95) <= TARGET_P95_MS else "**missed**"
    print(
        f"## Context assembly: {memories:,} memories, {people:,} people, {arguments.communities} communities\n\n"
        f"{len(pairs):,} random (person, message) pairs per run, each after {warmup} warm-up calls, timed in process "
        f"around the call (server side, no HTTP); PostgreSQL {server_setting('server_version')} "
        f"(shared_buffers {server_setting('shared_buffers')}, jit {server_setting('jit')}), {os.cpu_count()} CPUs "
        f"({processor_text()}), "
        f"load average {load_before:.2f} before timing, {os.getloadavg()[0]:.2f} after; "
        f"HNSW index {'present' if hnsw_present() else 'absent'} (context assembly does not use it). "
        f"A call runs {queries_per_call} SQL queries; it injected {baseline.memories_used:.1f} memories "
        f"({baseline.memory_tokens:.0f} memory tokens) on average. Access recording rewrote the counters of "
        f"{restored:,} memories, put back afterwards.\n"
    )
    print("| run | p50 ms | p95 ms | p99 ms | mean ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(timing.row() for timing in timings))
    print(
        f"\nTarget p95 ≤ {TARGET_P95_MS:.0f} ms with the query embedding excluded: {verdict} "
        f"({percentile(baseline.milliseconds, 0.95):.2f} ms).\n"
    )
    print(f"Plan of the candidates query (person {sample.user.pk}):\n\n```\n{explain}\n```\n")
    lexical = sum(1 for query in FIXTURE_QUERIES if query.signal == "lexical")
    semantic = sum(1 for query in FIXTURE_QUERIES if query.signal == "semantic")
    topic = len(FIXTURE_QUERIES) - lexical - semantic
    print(
        f"## Retrieval recall@5: {len(FIXTURE_QUERIES)} labelled questions over one person's "
        f"{len(FIXTURE_MEMORIES)} memories ({embedder.model_name})\n"
    )
    print(
        f"| method | lexical-only ({lexical}) | semantic-only ({semantic}) | topic-only ({topic}) | recall | "
        f"memories returned |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    print("\n".join(row.row() for row in recall_rows) or "| skipped (`--no-recall`) | | | | | |")
    if misses:
        print("\nHybrid (service score, top 5) missed:\n")
        print("\n".join(f"- {miss}" for miss in misses))
    if generated is not None or hnsw_seconds is not None:
        print("\n## Generation\n")
        print("| phase | seconds |")
        print("|---|---:|")
        if generated is not None:
            print("\n".join(f"| {phase} | {seconds:.1f} |" for phase, seconds in generated.items()))
        if hnsw_seconds is not None:
            print(f"| HNSW index build (`--hnsw`) | {hnsw_seconds:.1f} |")


if __name__ == "__main__":
    main()
