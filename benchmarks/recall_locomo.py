"""Retrieval recall on LoCoMo conversations: a script, not a test.

    .venv/bin/python benchmarks/recall_locomo.py PATH [--json] [--skip-extracted] [--database NAME]

``PATH`` is a folder of LoCoMo conversation files (the development half of LoCoMo, kept
outside the repository; the data is research data and is never copied into this repository). Each
file is one long conversation between two people over weeks, with questions whose ``evidence``
names the turns that answer them. As usual for retrieval, questions of categories 1 to 4 with
evidence count, and a question's recall@k is the share of its evidence turns found in the top k.

Two measurements, both through the product's own code in its own database (``--database``,
default ``memoryhub_locomo``, created on the configured server and migrated):

* **turns**: every turn (``Speaker: text``, a shared photo's caption appended) stored as a
  memory of one person per conversation with ``memory_create`` (source ``import``, said at the
  turn's real time), then each question asked through ``assemble_context`` with a persona that
  takes 20 memories: the product's figure is the order of the memories its ``relevant`` layer
  injects (the 5 newest memories, shown by the ``recent`` layer for their age, are not counted as
  found). The single signals are the same SQL's semantic and lexical columns ranked alone.
* **extracted**: each conversation posted session by session through the ingest service with
  the real timestamps, the windows extracted by the configured engine (the offline engine
  without ``OPENAI_API_KEY``), then each question asked through ``assemble_context`` for the
  person it names (both when it names neither or both); a memory finds the evidence turns it
  was made from (its provenance, ``source_messages``).

``--json`` prints one object: ``{"turns": {"product": {"5": …, "10": …, "20": …}, "vector": {…},
"lexical": {…}}, "extracted": {"product": {"5": …, "10": …}, "memories": …, "evidence_covered": …}}``
with recalls as fractions. Without it, a table. Progress goes to stderr.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()


from accounts.models import Community, User
from accounts.services import community_create, identity_resolve, membership_set, user_create
from benchmarks.support import bench_database_use, say
from chat.ingest import IngestItem, messages_ingest
from chat.models import ConversationWindow, ConversationWindowState, Message, Persona
from chat.services import persona_create
from chat.windows import window_claim, window_finish, windows_close_due
from memories.models import Memory, MemoryRevisionActor, MemorySource
from memories.selectors.ranking import memories_ranked
from memories.services.context import AssembledContext, UsedMemory, assemble_context, message_keywords
from memories.services.extraction import window_extract
from memories.services.memory import memory_create
from memoryhub.ai.embeddings import embedder_get
from memoryhub.ai.llm import llm_get

BENCH_DATABASE = "memoryhub_locomo"
TURN_KS = (5, 10, 20)
EXTRACTED_KS = (5, 10)
SLUG_PREFIX = "locomo-"


@dataclass(frozen=True)
class Turn:
    dia_id: str
    speaker: str
    text: str
    at: datetime

    @property
    def memory_text(self) -> str:
        return f"{self.speaker}: {self.text}"


@dataclass(frozen=True)
class Question:
    text: str
    evidence: tuple[str, ...]


@dataclass
class Conversation:
    name: str
    speakers: tuple[str, str]
    sessions: list[list[Turn]]
    questions: list[Question]
    turns: list[Turn] = field(default_factory=list)

    @property
    def after(self) -> datetime:
        """When the questions are asked: a day after the last turn."""
        return self.turns[-1].at + timedelta(days=1)


def _when(text: str) -> datetime:
    """LoCoMo's session times: "1:56 pm on 8 May, 2023"."""
    return datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def conversations_load(path: Path) -> list[Conversation]:
    loaded = []
    for file in sorted(path.glob("*.json")):
        raw = json.loads(file.read_text())
        numbers = sorted(int(m[1]) for key in raw if (m := re.fullmatch(r"session_(\d+)", key)))
        sessions = []
        for number in numbers:
            start = _when(raw[f"session_{number}_date_time"])
            turns = []
            for index, turn in enumerate(raw[f"session_{number}"]):
                text = turn["text"]
                if turn.get("blip_caption"):
                    text += f" [shares {turn['blip_caption']}]"
                turns.append(Turn(turn["dia_id"], turn["speaker"], text, start + timedelta(seconds=30 * index)))
            sessions.append(turns)
        questions = [
            Question(q["question"], tuple(q["evidence"]))
            for q in raw["qa"]
            if q.get("category") in (1, 2, 3, 4) and q.get("evidence")
        ]
        conversation = Conversation(file.stem, (raw["speaker_a"], raw["speaker_b"]), sessions, questions)
        conversation.turns = [turn for session in sessions for turn in session]
        loaded.append(conversation)
    return loaded


def _community(conversation: Conversation, mode: str) -> tuple[Community, Persona]:
    slug = f"{SLUG_PREFIX}{mode}-{conversation.name}"
    Community.objects.filter(slug=slug).delete()  # a run starts afresh: its people too
    User.objects.filter(username__startswith=slug).delete()
    community = community_create(
        name=f"LoCoMo {conversation.name} ({mode})",
        slug=slug,
        max_memories_per_user=100_000,  # the benchmark keeps every turn; caps are not what it measures
    )
    persona = persona_create(
        community=community,
        name="Reader",
        system_prompt="You answer questions about a long conversation.",
        max_memory_context=max(TURN_KS),
        max_memory_tokens=16_000,
        context_window_tokens=32_000,
        use_recall=False,  # turns and extracted measure memories alone, as they always have
    )
    return community, persona


@dataclass
class Tally:
    ks: tuple[int, ...]
    sums: dict[int, float] = field(default_factory=dict)
    questions: int = 0

    def add(self, found: Callable[[int], set[str]], evidence: Sequence[str]) -> None:
        """One question: ``found(k)`` is the set of evidence ids its top ``k`` results hold."""
        self.questions += 1
        for k in self.ks:
            self.sums[k] = self.sums.get(k, 0.0) + len(set(evidence) & found(k)) / len(evidence)

    def add_ranked(self, ranked: Sequence[str], evidence: Sequence[str]) -> None:
        """One question whose results are turn ids, best first."""
        self.add(lambda k: set(ranked[:k]), evidence)

    def result(self) -> dict[str, float]:
        return {str(k): round(self.sums.get(k, 0.0) / max(self.questions, 1), 4) for k in self.ks}


def turns_measure(conversations: list[Conversation]) -> dict[str, Any]:
    embedder = embedder_get()
    product, vector, lexical = Tally(TURN_KS), Tally(TURN_KS), Tally(TURN_KS)
    for conversation in conversations:
        started = time.perf_counter()
        community, persona = _community(conversation, "turns")
        person = user_create(username=f"{community.slug}-pool", display_name=f"Conversation {conversation.name}")
        membership_set(user=person, community=community)
        vectors = embedder.embed([turn.memory_text for turn in conversation.turns]).tolist()
        dia_of: dict[int, str] = {}
        for turn, turn_vector in zip(conversation.turns, vectors, strict=True):
            memory = memory_create(
                community=community,
                user=person,
                content=turn.memory_text[:500],
                kind="note",
                importance=0.6,
                expires_at=None,
                source=MemorySource.IMPORT,
                actor=MemoryRevisionActor.SYSTEM,
                embedding=turn_vector,  # embedded in one batch, as extraction does
                embedding_model=embedder.model_name,
                said_at=turn.at,
            )
            dia_of[memory.pk] = turn.dia_id
        for question in conversation.questions:
            query_vector = embedder.embed_one(question.text).tolist()
            context = assemble_context(
                community=community,
                user=person,
                persona=persona,
                message=question.text,
                query_vector=query_vector,
                now=conversation.after,
                record_access=False,
            )
            chosen = [dia_of[used.id] for used in context.memories if used.layer == "relevant"]
            product.add_ranked(chosen, question.evidence)
            candidates = memories_ranked(
                community=community,
                user=person,
                now=conversation.after,
                text=" ".join(message_keywords(question.text)),
                keywords=[],
                vector=query_vector,
                model_name=embedder.model_name,
                person_name=person.display_name,
            )
            by_meaning = [dia_of[c.id] for c in sorted(candidates, key=lambda c: c.similarity or 0.0, reverse=True)]
            by_words = [dia_of[c.id] for c in sorted(candidates, key=lambda c: c.lexical, reverse=True) if c.lexical]
            vector.add_ranked(by_meaning, question.evidence)
            lexical.add_ranked(by_words, question.evidence)
        say(
            f"turns {conversation.name}: {len(conversation.turns)} turns, {len(conversation.questions)} questions, "
            f"{time.perf_counter() - started:.0f} s"
        )
    return {"product": product.result(), "vector": vector.result(), "lexical": lexical.result()}


@dataclass
class ProductTally:
    """What the bot receives: the demo persona's default block (memories and excerpts), per question."""

    ranked: Tally = field(default_factory=lambda: Tally(EXTRACTED_KS))
    turn_of_message: dict[int, str] = field(default_factory=dict)  # message id → LoCoMo turn id, as posted
    block: Tally = field(default_factory=lambda: Tally((0,)))
    tokens: list[int] = field(default_factory=list)

    def add(self, contexts: list[AssembledContext], sources: dict[int, set[str]], evidence: Sequence[str]) -> None:
        """``contexts``: the blocks of the people the question is about. A memory finds the turns it
        was made from, an excerpt its own turn; the recall items (topic, relevant and the excerpts)
        count in the order of their score, and the whole block by every item it holds."""

        def turns_of(used: UsedMemory) -> set[str]:
            if used.layer == "episode":
                return {self.turn_of_message.get(used.id, "")}
            return sources.get(used.id, set())

        ranked = sorted(
            (used for context in contexts for used in context.memories if used.layer in PRODUCT_RECALL_LAYERS),
            key=lambda used: used.total,
            reverse=True,
        )
        in_block = set().union(*(turns_of(used) for context in contexts for used in context.memories))
        self.ranked.add(lambda k: set().union(*(turns_of(used) for used in ranked[:k])), evidence)
        self.block.add(lambda _k: in_block, evidence)
        self.tokens.extend(context.memory_tokens for context in contexts)

    def result(self) -> dict[str, float]:
        return self.ranked.result() | {
            "block": self.block.result()["0"],
            "tokens": round(sum(self.tokens) / max(len(self.tokens), 1), 1),
        }


PRODUCT_RECALL_LAYERS = ("topic", "relevant", "episode")


def extracted_measure(
    conversations: list[Conversation], *, product_too: bool = True, persona_settings: dict[str, int] | None = None
) -> dict[str, Any]:
    """The extracted memories (``Reader``, 20 memories, no excerpts) and, from the same posted and
    extracted conversations, the product's block (``product_too``)."""
    llm = llm_get()
    product = Tally(EXTRACTED_KS)
    delivered = ProductTally()
    memories_total = 0
    evidence_turns = evidence_sourced = 0
    for conversation in conversations:
        started = time.perf_counter()
        community, persona = _community(conversation, "extracted")
        # The demo's personas as they are made: every memory setting at its default.
        demo = persona_create(
            community=community,
            name="Mira",
            system_prompt="You are Mira, a warm companion.",
            **(persona_settings or {}),
        )
        people: dict[str, User] = {}
        for speaker in conversation.speakers:
            handle = speaker.lower().replace(" ", "_")
            people[speaker] = identity_resolve(community=community, external_id=handle, display_name=speaker)
        for session in conversation.sessions:
            items = [
                IngestItem(
                    channel="conversation",
                    content=turn.text[:4000],
                    sent_at=turn.at,
                    author=turn.speaker.lower().replace(" ", "_"),
                    author_name=turn.speaker,
                    message_id=turn.dia_id,
                )
                for turn in session
            ]
            posted = messages_ingest(community=community, items=items)
            delivered.turn_of_message.update((m.pk, m.external_id or "") for m in posted.messages)
        windows_close_due(now=conversation.after + timedelta(days=365))
        windows = ConversationWindow.objects.filter(
            channel__community=community, state=ConversationWindowState.DUE
        ).order_by("first_message_at")
        for window in windows:
            claimed = window_claim(window_id=window.pk)
            if claimed is None:
                continue
            # Extracted as the conversation went quiet, as it would have been live: lifetimes and
            # "already over" count from then, not from the day the benchmark runs.
            ended = claimed.last_message_at + timedelta(seconds=community.window_quiet_seconds)
            result = window_extract(window=claimed, llm=llm, now=ended)
            window_finish(
                window=claimed,
                prompt_tokens=result.prompt_tokens,
                completion_tokens=result.completion_tokens,
                operations_applied=result.operations_applied,
            )
        memories = Memory.objects.filter(community=community)
        memories_total += memories.count()
        sources: dict[int, set[str]] = {}
        for memory_id, dia_id in Message.objects.filter(memories__community=community).values_list(
            "memories__id", "external_id"
        ):
            sources.setdefault(memory_id, set()).add(dia_id or "")
        sourced = set().union(*sources.values()) if sources else set()
        for question in conversation.questions:
            evidence_turns += len(question.evidence)
            evidence_sourced += len(set(question.evidence) & sourced)
            named = [s for s in conversation.speakers if s.split()[0].lower() in question.text.lower()]
            asked = named if len(named) == 1 else list(conversation.speakers)
            ranked: list[tuple[float, int]] = []
            for speaker in asked:
                context = assemble_context(
                    community=community,
                    user=people[speaker],
                    persona=persona,
                    message=question.text,
                    now=conversation.after,
                    record_access=False,
                )
                ranked += [(used.total, used.id) for used in context.memories if used.layer != "recent"]
            order = [memory_id for _total, memory_id in sorted(ranked, reverse=True)]

            def found(k: int, order: list[int] = order, sources: dict[int, set[str]] = sources) -> set[str]:
                return set().union(*(sources.get(memory_id, set()) for memory_id in order[:k]))

            product.add(found, question.evidence)
            if product_too:
                delivered.add(
                    [
                        assemble_context(
                            community=community,
                            user=people[speaker],
                            persona=demo,
                            message=question.text,
                            now=conversation.after,
                            record_access=False,
                        )
                        for speaker in asked
                    ],
                    sources,
                    question.evidence,
                )
        say(
            f"extracted {conversation.name}: {memories.count()} memories from {len(conversation.turns)} turns, "
            f"{time.perf_counter() - started:.0f} s"
        )
    return {
        "product": product.result(),
        "delivered": delivered.result() if product_too else None,
        "memories": memories_total,
        "memories_per_conversation": round(memories_total / max(len(conversations), 1), 1),
        "evidence_covered": round(evidence_sourced / max(evidence_turns, 1), 4),
        "engine": llm.__class__.__name__,
    }


def _percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", type=Path, help="a folder of LoCoMo conversation files (*.json)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--skip-extracted", action="store_true", help="measure raw turns only")
    parser.add_argument("--database", default=BENCH_DATABASE, help="the benchmark's own database")
    parser.add_argument(
        "--persona",
        action="append",
        default=[],
        metavar="FIELD=N",
        help="a setting of the product measure's persona other than its default (max_memory_tokens=1000)",
    )
    parser.add_argument("--product-only", action="store_true", help="skip the turns measure")
    arguments = parser.parse_args()
    conversations = conversations_load(arguments.path)
    if not conversations:
        raise SystemExit(f"no LoCoMo conversation files (*.json) in {arguments.path}")
    bench_database_use(arguments.database)
    say(f"{len(conversations)} conversations, {sum(len(c.questions) for c in conversations)} questions")
    settings = {name: int(value) for name, _, value in (item.partition("=") for item in arguments.persona)}
    report: dict[str, Any] = {} if arguments.product_only else {"turns": turns_measure(conversations)}
    if not arguments.skip_extracted:
        report["extracted"] = extracted_measure(conversations, persona_settings=settings)
        report["product"] = report["extracted"].pop("delivered")
    if arguments.json:
        print(json.dumps(report))
        return
    if "turns" in report:
        print("| ranking of raw turns | @5 | @10 | @20 |")
        print("|---|---:|---:|---:|")
        for name, label in [
            ("product", "MemoryHub (`assemble_context`)"),
            ("vector", "semantic alone"),
            ("lexical", "lexical alone"),
        ]:
            row = report["turns"][name]
            print(f"| {label} | {' | '.join(_percent(row[str(k)]) for k in TURN_KS)} |")
    if "extracted" in report:
        extracted = report["extracted"]
        print()
        print(
            f"extracted ({extracted['engine']}): recall@5 {_percent(extracted['product']['5'])}, "
            f"@10 {_percent(extracted['product']['10'])}; {extracted['memories']} memories "
            f"({extracted['memories_per_conversation']} per conversation); evidence turns that are the source "
            f"of some memory: {_percent(extracted['evidence_covered'])}"
        )
        delivered = report["product"]
        print(
            f"product (what the bot receives, the demo persona's default block): recall@5 "
            f"{_percent(delivered['5'])}, @10 {_percent(delivered['10'])}, whole block {_percent(delivered['block'])}, "
            f"{delivered['tokens']} tokens on average"
        )


if __name__ == "__main__":
    main()
