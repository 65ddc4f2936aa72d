"""The recall part of the benchmarks' data set: millions of people's lines, indexed as the worker
indexes them (a ``RecallEntry`` each), beside context_latency's 1 M memories.

Used by ``api_latency.py`` (``--lines``, 5,000,000 by default) and kept in the benchmark database
between runs: generated again only when its size differs. The lines go to the communities'
shared channels, said by their people over the last year in time order (so each person's rows
are spread over the table, as in a real database), about 250 a person. Their texts come from a
pool of distinct chat lines, embedded with the active embedder; each line takes its text's vector
plus a little noise, and its words (``tsvectorsend`` of the text, computed once per pool text).
Messages and entries are written with binary COPY; the recall index is dropped for the load and
built after it, then every person's packs (``RecallPack``, what ranking reads) are made from the
entries by the product's own ``recall_packs_build``. The build times are reported with the
tables' size per line.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime

import numpy as np
from django.db import connection, transaction
from psycopg import sql

from benchmarks.context_latency import (
    COMMUNITY_SLUG_PREFIX,
    COPY_CHUNK,
    DIMENSIONS,
    NOISE,
    SEED,
    Progress,
    _pool_embed,
    _unit_rows,
    _vector_bytes,
    chat_messages,
    content_pool,
)
from benchmarks.support import say
from memories.services.recall import recall_packs_build
from memoryhub.ai.embeddings import Embedder

RECALL_INDEX = "recall_user_recent_idx"
LINES = 5_000_000  # the target: /context with 1 M memories and 5 M messages indexed for recall
DAYS = 365
MESSAGE_COLUMNS = "id, channel_id, author_id, role, content, created_at, received_at, memories_used"
ENTRY_COLUMNS = (
    "community_id, user_id, message_id, said_at, private, embedding, embedding_model, search_vector, created_at"
)


def recall_dataset_size() -> int:
    """The benchmark communities' recall entries."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM memories_recallentry AS e JOIN accounts_community AS c ON c.id = e.community_id"
            " WHERE c.slug LIKE %s",
            [f"{COMMUNITY_SLUG_PREFIX}%"],
        )
        return int(cursor.fetchone()[0])


def _line_pool(size: int, rng: random.Random) -> list[str]:
    """Distinct chat lines: half as people chat, half telling a fact as people tell them."""
    facts = [f"fyi {content[0].lower()}{content[1:]}" for content, _, _ in content_pool(size // 2, rng)]
    return list(dict.fromkeys(chat_messages(size - len(facts), rng) + facts))


def _words_binary(texts: list[str]) -> list[bytes]:
    """Each text's ``to_tsvector('english', …)`` in the binary form COPY takes (``tsvectorsend``)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tsvectorsend(to_tsvector('english', t)) FROM unnest(%s::text[]) WITH ORDINALITY AS p(t, n)"
            " ORDER BY n",
            [texts],
        )
        return [bytes(row[0]) for row in cursor.fetchall()]


def _people_by_community() -> dict[int, tuple[list[int], list[int]]]:
    """Per bench community: (its people, its shared channels)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT m.community_id, array_agg(m.user_id ORDER BY m.user_id) FROM accounts_membership AS m"
            " JOIN accounts_community AS c ON c.id = m.community_id WHERE c.slug LIKE %s GROUP BY m.community_id",
            [f"{COMMUNITY_SLUG_PREFIX}%"],
        )
        people = dict(cursor.fetchall())
        cursor.execute(
            "SELECT community_id, array_agg(id ORDER BY id) FROM chat_channel"
            " WHERE community_id = ANY(%s) AND kind = 'external' GROUP BY community_id",
            [list(people)],
        )
        channels = dict(cursor.fetchall())
    return {community: (people[community], channels[community]) for community in sorted(people)}


def recall_dataset_generate(*, lines: int, pool_size: int, embedder: Embedder) -> dict[str, float]:
    """Replace the bench communities' generated lines and their entries with ``lines`` new ones;
    seconds per phase, and the recall table's bytes per line."""
    seconds: dict[str, float] = {}
    rng = random.Random(SEED + 7)  # noqa: S311 - reproducible data, not secrets
    generator = np.random.default_rng(SEED + 7)
    pool = _line_pool(pool_size, rng)
    started = time.perf_counter()
    pool_vectors = _pool_embed([(text, "", []) for text in pool], embedder)
    words = _words_binary(pool)
    seconds[f"embed {len(pool):,} distinct lines"] = time.perf_counter() - started
    places = _people_by_community()
    communities = list(places)
    now = time.time()

    with transaction.atomic(), connection.cursor() as cursor:
        started = time.perf_counter()
        say("removing the lines of an earlier run…")
        cursor.execute(
            "DELETE FROM memories_recallentry WHERE community_id IN"
            " (SELECT id FROM accounts_community WHERE slug LIKE %s)",
            [f"{COMMUNITY_SLUG_PREFIX}%"],
        )
        cursor.execute(
            "DELETE FROM chat_message WHERE session_id IS NULL AND window_id IS NULL AND channel_id IN"
            " (SELECT ch.id FROM chat_channel AS ch JOIN accounts_community AS c ON c.id = ch.community_id"
            "  WHERE c.slug LIKE %s AND ch.external_id LIKE 'bench-%%')",
            [f"{COMMUNITY_SLUG_PREFIX}%"],
        )
        cursor.execute(sql.SQL("DROP INDEX IF EXISTS {}").format(sql.Identifier(RECALL_INDEX)).as_string())
        cursor.execute("SELECT nextval(pg_get_serial_sequence('chat_message', 'id'))")
        first_id = int(cursor.fetchone()[0])
        cursor.execute("SELECT setval(pg_get_serial_sequence('chat_message', 'id'), %s)", [first_id + lines])
        seconds["clear the earlier lines"] = time.perf_counter() - started

        # Who said each line, where, when (oldest first) and which pool text it is.
        community_of = generator.integers(0, len(communities), lines)
        ages = np.sort(generator.random(lines) * DAYS * 86400)[::-1]
        texts = generator.integers(0, len(pool), lines)
        authors = np.empty(lines, dtype=np.int64)
        channels = np.empty(lines, dtype=np.int64)
        for index, community in enumerate(communities):
            mine = np.flatnonzero(community_of == index)
            people, rooms = places[community]
            authors[mine] = np.asarray(people)[generator.integers(0, len(people), len(mine))]
            channels[mine] = np.asarray(rooms)[generator.integers(0, len(rooms), len(mine))]

        started = time.perf_counter()
        progress = Progress("COPY lines", lines)
        with cursor.copy(f"COPY chat_message ({MESSAGE_COLUMNS}) FROM STDIN") as copy:
            for row in range(lines):
                at = _moment(now - ages[row])
                copy.write_row(
                    (first_id + row, int(channels[row]), int(authors[row]), "user", pool[texts[row]], at, at, "[]")
                )
                if row % COPY_CHUNK == 0:
                    progress.update(row)
        progress.update(lines)
        seconds[f"COPY {lines:,} lines"] = time.perf_counter() - started

        started = time.perf_counter()
        progress = Progress("COPY recall entries", lines)
        with cursor.copy(f"COPY memories_recallentry ({ENTRY_COLUMNS}) FROM STDIN WITH (FORMAT BINARY)") as copy:
            copy.set_types(["int8", "int8", "int8", "timestamptz", "bool", "bytea", "varchar", "bytea", "timestamptz"])
            for start in range(0, lines, COPY_CHUNK):
                end = min(start + COPY_CHUNK, lines)
                noise = generator.standard_normal((end - start, DIMENSIONS), dtype=np.float32)
                noise *= NOISE / np.sqrt(DIMENSIONS)
                vectors = _vector_bytes(_unit_rows(pool_vectors[texts[start:end]] + noise))
                for offset, row in enumerate(range(start, end)):
                    at = _moment(now - ages[row])
                    copy.write_row(
                        (
                            communities[community_of[row]],
                            int(authors[row]),
                            first_id + row,
                            at,
                            False,
                            vectors[offset],
                            embedder.model_name,
                            words[texts[row]],
                            at,
                        )
                    )
                progress.update(end)
        seconds[f"COPY {lines:,} recall entries"] = time.perf_counter() - started

        started = time.perf_counter()
        say("checking foreign keys…")
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        seconds["foreign key checks"] = time.perf_counter() - started
        started = time.perf_counter()
        say(f"building {RECALL_INDEX}…")
        cursor.execute("SET LOCAL maintenance_work_mem = '512MB'")
        cursor.execute(
            sql.SQL(
                "CREATE INDEX {} ON memories_recallentry (community_id, user_id, said_at DESC) WHERE removed_at IS NULL"
            )
            .format(sql.Identifier(RECALL_INDEX))
            .as_string()
        )
        seconds[f"build {RECALL_INDEX}"] = time.perf_counter() - started
        started = time.perf_counter()
        say("packing every person's lines…")
        recall_packs_build()  # every community's at once: one pass over the table
        seconds["build the recall packs"] = time.perf_counter() - started
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE memories_recallentry")
        cursor.execute("VACUUM ANALYZE memories_recallpack")
        cursor.execute("VACUUM ANALYZE chat_message")
    seconds["VACUUM ANALYZE"] = time.perf_counter() - started
    return seconds


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, tz=UTC)


def recall_storage() -> dict[str, float]:
    """Bytes on disk per recalled line: the entry (heap, TOAST and indexes), its place in a pack, and
    the message itself."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_total_relation_size('memories_recallentry'), (SELECT count(*) FROM memories_recallentry),"
            " pg_relation_size(%s), pg_total_relation_size('memories_recallpack'),"
            " pg_total_relation_size('chat_message'), (SELECT count(*) FROM chat_message)",
            [RECALL_INDEX],
        )
        entries_bytes, entries, index_bytes, packs_bytes, messages_bytes, messages = cursor.fetchone()
    return {
        "entry bytes per line (heap, TOAST, indexes)": entries_bytes / max(entries, 1),
        f"of which {RECALL_INDEX}": index_bytes / max(entries, 1),
        "pack bytes per line (memories_recallpack: heap, TOAST, index)": packs_bytes / max(entries, 1),
        "message bytes per line (chat_message with its indexes)": messages_bytes / max(messages, 1),
    }
