"""What extraction costs per message versus per window: a script, not a test.

    .venv/bin/python benchmarks/extraction_cost.py [--conversations 20] [--json]

The same conversations (four multi-person scenarios, then generated multi-person chatter) are
extracted twice through the real services and the real ``openai`` client, against the fake
OpenAI-compatible server on 127.0.0.1:

* per message: the community's ``window_max_messages`` is 1, so every message is its own
  window and its own LLM call, as the old per-message extraction did;
* per window: the product's default (30), so each conversation is one window, closed by hand
  when it ends.

The fake answers every extraction with a plausible ``record_memories`` call, so memories are
written and, as in real use, each later prompt carries the participants' existing memories.
Prompt tokens are counted with the project's tiktoken counter on the messages actually sent
(the tool definition sent with each call is reported apart). The target is at least 80 % fewer
LLM calls and prompt tokens for windows.

It runs on the configured database without touching existing data: each mode gets a fresh
community (``bench-extract-…``) that is deleted at the end with everyone created in it, and
the row count of every table is compared before and after. The benchmark plays the worker
itself, so its Celery messages go to an in-process broker where no running worker can take
its windows; and it lifts the shared LLM rate limit for itself, the fake being no paid API.
Embeddings are the local MiniLM model; nothing leaves the machine.
"""

# ruff: noqa: E402 - the project's modules can only be imported once Django is set up.
from __future__ import annotations

import argparse
import json
import logging
import os
import random
import re
import secrets
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "memoryhub.settings")

import django

django.setup()

from django.apps import apps
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

from accounts.models import Community, ExternalIdentity, User
from accounts.services import community_create, identity_resolve
from chat.models import Channel, ConversationWindow, ConversationWindowCloseReason, ConversationWindowState
from chat.services import channel_create, message_record
from chat.windows import window_claim, window_close, window_finish
from core.tokens import messages_token_count, token_count
from memories.models import MEMORY_MAX_LENGTH, Memory
from memories.services.extraction import window_extract
from memoryhub.ai.contract import EXTRACTION_TOOL, TOOL_NAME, extraction_prompt_parse
from memoryhub.ai.openai_llm import OpenAILLM
from memoryhub.ai.types import LLM, Purpose
from memoryhub.celery import app as celery_app
from memoryhub.models import RateBucket
from tests.support.fake_openai import FakeOpenAI, Reply, ScriptedToolCall

SEED = 2002
TARGET_REDUCTION = 80.0
PER_WINDOW_MAX_MESSAGES = 30  # the product's default window cap: every conversation here fits in one window

Line = tuple[str, str]  # (the speaker's handle, what they said)


@dataclass(frozen=True)
class Conversation:
    title: str
    lines: list[Line]


@dataclass(frozen=True)
class Mode:
    name: str
    window_max_messages: int


MODES = [Mode("per message", 1), Mode("per window", PER_WINDOW_MAX_MESSAGES)]


# --- The conversations --------------------------------------------------------------------

# Handle -> display name: the scenarios' cast and a few more regulars of the same server.
CAST = {
    "alice_456": "Alice",
    "bob_123": "Bob",
    "charlie_789": "Charlie",
    "dave_321": "Dave",
    "eve_654": "Eve",
    "grace_987": "Grace",
    "frank_111": "Frank",
    "ivan_222": "Ivan",
    "judy_333": "Judy",
    "mallory_444": "Mallory",
    "oscar_555": "Oscar",
    "peggy_666": "Peggy",
}

SEED_SCENARIOS = [
    Conversation(
        "scenario 1: Alice is moving to Austin",
        [
            ("bob_123", "Where did you end up deciding to move?"),
            ("alice_456", "Austin!"),
            ("bob_123", "Nice, when?"),
            ("alice_456", "Next month actually"),
            ("charlie_789", "Oh cool, my sister lives there"),
        ],
    ),
    Conversation(
        "scenario 2: talking past each other",
        [
            ("alice_456", "I just adopted a cat!"),
            ("bob_123", "Anyone watching the game tonight?"),
            ("alice_456", "Named her Luna"),
            ("charlie_789", "Yeah I've got it on, Celtics are up"),
        ],
    ),
    Conversation(
        "scenario 3: Dave's rapid-fire messages",
        [
            ("dave_321", "oh man"),
            ("dave_321", "I just got the job offer"),
            ("dave_321", "that startup I interviewed at last week"),
            ("dave_321", "they want me to start in march"),
            ("dave_321", "120k plus equity"),
        ],
    ),
    Conversation(
        "scenario 4: Frank got engaged",
        [
            ("eve_654", "Hey did you guys hear? Frank got engaged!"),
            ("grace_987", "No way! To that girl he met at the concert?"),
            ("eve_654", "Yeah, Heather! They've been together like 2 years"),
        ],
    ),
]

# What a person may be like; each regular gets one value of each, so what they say stays consistent.
TRAITS = {
    "city": ["Lisbon", "Denver", "Berlin", "Toronto", "Osaka", "Leeds", "Portland", "Melbourne"],
    "job": ["nurse", "bartender", "backend dev", "teacher", "mechanic", "graphic designer", "PhD student"],
    "pet": ["cat Miso", "dog Biscuit", "corgi Waffles", "two rats", "gecko named Sir Reginald", "cat Pixel"],
    "game": ["Elden Ring", "Factorio", "Stardew Valley", "Hades", "Baldur's Gate 3", "Rocket League"],
    "hobby": ["bouldering", "sourdough", "running", "bass guitar", "knitting", "3D printing", "birdwatching"],
    "language": ["Japanese", "Spanish", "Korean", "German", "Portuguese"],
    "food": ["vegetarian", "vegan", "allergic to peanuts", "lactose intolerant", "not picky at all"],
    "month": ["March", "April", "June", "September", "October", "December"],
}
FACTS = [
    "I work as a {job}, so my hours are all over the place",
    "my {pet} knocked my coffee over again this morning",
    "I'm moving to {city} in {month}, the paperwork is a nightmare",
    "I've been learning {language} for a few months now",
    "I finally finished {game}, took me like 90 hours",
    "I'm {food} btw, keep that in mind for the meetup",
    "my birthday is in {month}, just saying",
    "I got really into {hobby} this year",
    "my sister lives in {city}, I visit her every summer",
    "I'm playing {game} again, send help",
    "I quit my job as a {job} last week, taking a break",
    "honestly {hobby} is the only thing keeping me sane right now",
]
QUESTIONS = [
    "{other} are you still playing {game}?",
    "anyone up for a raid tonight?",
    "{other} how did the interview go?",
    "what's everyone doing this weekend?",
    "{other} did you ever fix your pc?",
    "has anyone tried the new ramen place downtown?",
    "wait {other} where do you live again?",
    "who's coming to the meetup on saturday?",
]
ANSWERS = [
    "yeah most nights, come join",
    "not great tbh, still waiting to hear back",
    "probably sleeping all weekend",
    "nope, still broken, ordered a new psu",
    "yes! the tonkotsu is really good",
    "count me in",
    "maybe, depends on work",
    "can't this time sorry",
]
REACTIONS = [
    "lol",
    "nice!",
    "no way",
    "same",
    "wait what",
    "that's awesome",
    "oof",
    "haha fair",
    "congrats!!",
    "big mood",
    "true",
    "brb",
    "gg",
    "ok that's wild",
    "good luck!",
    "honestly same",
    "😂😂",
    "F",
    "love that for you",
    "pics or it didn't happen",
]
THIRD_PARTY = [
    "{other} is the best healer we have, not even close",
    "{other} just got a new {pet} apparently",
    "{other} moved to {city} last year",
]


def _traits(rng: random.Random) -> dict[str, dict[str, str]]:
    return {handle: {trait: rng.choice(values) for trait, values in TRAITS.items()} for handle in CAST}


def _generated(index: int, rng: random.Random, traits: dict[str, dict[str, str]]) -> Conversation:
    """10 to 30 lines among 3 to 5 regulars: mostly chatter, some facts, questions and their answers."""
    people = rng.sample(sorted(CAST), rng.randint(3, 5))
    lines: list[Line] = []
    asked: str | None = None  # the previous line was a question, to be answered by someone else
    for _ in range(rng.randint(10, 30)):
        speaker = rng.choice([p for p in people if p != asked] if asked and rng.random() < 0.7 else people)
        addressee = rng.choice([p for p in people if p != speaker])
        slots = traits[speaker] | {"other": CAST[addressee]}
        roll = rng.random()
        if asked and speaker != asked and roll < 0.6:
            text, asked = rng.choice(ANSWERS), None
        elif roll < 0.3:
            text, asked = rng.choice(FACTS).format(**slots), None
        elif roll < 0.45:
            text, asked = rng.choice(QUESTIONS).format(**slots), speaker
        elif roll < 0.5:
            text, asked = rng.choice(THIRD_PARTY).format(**traits[addressee], other=CAST[addressee]), None
        else:
            text, asked = rng.choice(REACTIONS), None
        lines.append((speaker, text))
    return Conversation(f"generated chat {index}", lines)


def conversations_build(count: int) -> list[Conversation]:
    """The four scenarios first, then generated chats: the same list on every run."""
    rng = random.Random(SEED)  # noqa: S311 - reproducible chatter, not secrets
    traits = _traits(rng)
    conversations = SEED_SCENARIOS[:count]
    for index in range(1, count - len(conversations) + 1):
        conversations.append(_generated(index, rng, traits))
    return conversations


# --- The fake LLM's answers -----------------------------------------------------------------

_FIRST_PERSON = re.compile(r"\b(i|i'm|i've|i'll|i'd|my|me)\b", re.IGNORECASE)
_WORDS = re.compile(r"[\w'-]+")


class ExtractionAnswers:
    """Answers like a modest extraction model: one save per person who said something about themselves,
    and one per known member someone stated something about (with "reported by")."""

    def __init__(self) -> None:
        self.arguments: list[str] = []  # the tool-call arguments sent back, one per call

    def __call__(self, request: dict[str, Any]) -> Reply:
        user_message = next(m["content"] for m in request["messages"] if m["role"] == "user")
        prompt = extraction_prompt_parse(user_message)
        said: dict[tuple[str, str], list[str]] = {}  # (subject handle, reporter handle) -> statements
        for line in prompt.lines:
            if _FIRST_PERSON.search(line.content):
                said.setdefault((line.handle, line.handle), []).append(line.content)
            if line.content.rstrip().endswith("?"):
                continue  # a question states no fact about anyone
            words = {word.lower() for word in _WORDS.findall(line.content)}
            for handle, name in prompt.members.items():
                if handle != line.handle and (name.lower() in words or handle.lower() in words):
                    said.setdefault((handle, line.handle), []).append(line.content)
        operations = []
        for (subject, reporter), statements in said.items():
            quoted = " ".join(f'"{statement}"' for statement in statements)
            own = subject == reporter
            name, reporter_name = prompt.members[subject], prompt.members[reporter]
            content = f"{name} said: {quoted}" if own else f"{reporter_name} said of {name}: {quoted}"
            operations.append(
                {
                    "user_id": subject,
                    "action": "save",
                    "content": content[:MEMORY_MAX_LENGTH],
                    "kind": "fact",
                    "importance": "medium",
                    "expiration": "permanent",
                    "context": "said in conversation" if own else f"reported by {reporter_name}",
                }
            )
        arguments = json.dumps({"operations": operations})
        self.arguments.append(arguments)
        return Reply(tool_calls=(ScriptedToolCall(TOOL_NAME, arguments),))


# --- Running a mode -------------------------------------------------------------------------


@dataclass
class Figures:
    mode: str
    conversations: int
    messages: int
    windows: int
    llm_calls: int
    prompt_tokens: int
    completion_tokens: int
    memories: int
    seconds: float

    @property
    def prompt_tokens_per_message(self) -> float:
        return self.prompt_tokens / self.messages if self.messages else 0.0


def _row_counts() -> dict[str, int]:
    # The rate limiter's bucket row is shared state every LLM caller creates on first use, not data.
    return {model._meta.label: model._default_manager.count() for model in apps.get_models() if model is not RateBucket}


@contextmanager
def scratch_community(*, window_max_messages: int) -> Iterator[Community]:
    """A community of our own, deleted afterwards with the people created in it."""
    slug = f"bench-extract-{secrets.token_hex(4)}"
    community = community_create(name="Extraction benchmark", slug=slug, window_max_messages=window_max_messages)
    try:
        yield community
    finally:
        with transaction.atomic():
            # identity_resolve names the people it creates "<slug>:<external id>"; only they go.
            User.objects.filter(
                pk__in=ExternalIdentity.objects.filter(community=community).values("user_id"),
                username__startswith=f"{slug}:",
            ).delete()
            community.delete()  # cascades to channels, messages, windows, memories, revisions


def windows_extract(*, channel: Channel, llm: LLM) -> int:
    """Do what the worker does for every window of ``channel``: close, claim, extract, finish."""
    for open_window in ConversationWindow.objects.filter(channel=channel, state=ConversationWindowState.OPEN):
        window_close(window=open_window, reason=ConversationWindowCloseReason.MANUAL)
    due = ConversationWindow.objects.filter(channel=channel, state=ConversationWindowState.DUE).order_by("pk")
    window_ids = list(due.values_list("pk", flat=True))
    for window_id in window_ids:
        window = window_claim(window_id=window_id)
        if window is None:
            raise RuntimeError(f"window {window_id} was taken by someone else; is a worker sweeping this database?")
        result = window_extract(window=window, llm=llm)
        window_finish(
            window=window,
            prompt_tokens=result.prompt_tokens,
            completion_tokens=result.completion_tokens,
            operations_applied=result.operations_applied,
        )
    return len(window_ids)


def mode_run(mode: Mode, conversations: list[Conversation]) -> Figures:
    started = time.perf_counter()
    answers = ExtractionAnswers()
    with FakeOpenAI() as fake, scratch_community(window_max_messages=mode.window_max_messages) as community:
        fake.respond_with(answers)
        llm = OpenAILLM(
            api_key="benchmark",
            base_url=fake.base_url,
            models=dict.fromkeys(Purpose, "fake-chat"),
            timeout=30,
            max_retries=0,
        )
        people = {
            handle: identity_resolve(community=community, external_id=handle, display_name=name)
            for handle, name in CAST.items()
        }
        windows = 0
        for index, conversation in enumerate(conversations, start=1):
            channel = channel_create(community=community, name=f"chat-{index:02d}", external_id=f"chat-{index:02d}")
            # The next full hour: the prompts' [HH:MM:SS] read the same on every run (so do the token
            # counts), and a window in the future never looks quiet to a sweep while it is being filled.
            at = timezone.now().replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
            for handle, text in conversation.lines:
                message_record(channel=channel, author=people[handle], content=text, created_at=at)
                at += timedelta(seconds=5 + len(text) // 2)
            windows += windows_extract(channel=channel, llm=llm)
        requests = fake.chat_requests()
        figures = Figures(
            mode=mode.name,
            conversations=len(conversations),
            messages=sum(len(conversation.lines) for conversation in conversations),
            windows=windows,
            llm_calls=len(requests),
            prompt_tokens=sum(messages_token_count(request.messages) for request in requests),
            completion_tokens=sum(token_count(arguments) for arguments in answers.arguments),
            memories=Memory.objects.filter(community=community).count(),
            seconds=0.0,
        )
    figures.seconds = time.perf_counter() - started
    print(
        f"{mode.name}: {figures.windows} windows, {figures.llm_calls} calls in {figures.seconds:.0f} s",
        file=sys.stderr,
    )
    return figures


def _reduction(before: int, after: int) -> float:
    return 100.0 * (before - after) / before if before else 0.0


def table(rows: list[Figures]) -> str:
    lines = [
        "| mode | conversations | messages | LLM calls | prompt tokens | prompt tokens per message "
        "| completion tokens | memories |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row.mode} | {row.conversations} | {row.messages} | {row.llm_calls} | {row.prompt_tokens:,} "
            f"| {row.prompt_tokens_per_message:.0f} | {row.completion_tokens:,} | {row.memories} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--conversations", type=int, default=20, help="how many conversations (first 4: the scenarios)")
    parser.add_argument("--json", action="store_true", help="print machine-readable figures instead of a table")
    arguments = parser.parse_args()
    if arguments.conversations < 1:
        parser.error("--conversations must be at least 1")
    for name in ("httpx", "httpx2"):  # the HTTP client logs every request at INFO
        logging.getLogger(name).setLevel(logging.WARNING)
    # Extraction queues a Celery task per closed window; here they go nowhere, we extract in-process.
    celery_app.conf.update(broker_url="memory://localhost/", broker_transport_options={})

    conversations = conversations_build(arguments.conversations)
    counts_before = _row_counts()
    # The fake server is no paid API: the shared per-minute allowance would only make this slow.
    with override_settings(MEMORYHUB_LLM_REQUESTS_PER_MINUTE=1_000_000, MEMORYHUB_EMBEDDINGS="local"):
        rows = [mode_run(mode, conversations) for mode in MODES]
    counts_after = _row_counts()
    leftovers = {
        label: counts_after[label] - counts_before[label]
        for label in counts_before
        if counts_after[label] != counts_before[label]
    }

    per_message, per_window = rows
    calls_saved = _reduction(per_message.llm_calls, per_window.llm_calls)
    tokens_saved = _reduction(per_message.prompt_tokens, per_window.prompt_tokens)
    target_met = calls_saved >= TARGET_REDUCTION and tokens_saved >= TARGET_REDUCTION
    tool_tokens = token_count(json.dumps(EXTRACTION_TOOL))
    if arguments.json:
        report = {
            "modes": [asdict(row) | {"prompt_tokens_per_message": row.prompt_tokens_per_message} for row in rows],
            "reduction_percent": {"llm_calls": calls_saved, "prompt_tokens": tokens_saved},
            "target_percent": TARGET_REDUCTION,
            "target_met": target_met,
            "tool_definition_tokens_per_call": tool_tokens,
            "rows_left_behind": leftovers,
        }
        print(json.dumps(report, indent=2))
    else:
        print(table(rows))
        print(
            f"\nPer window: {calls_saved:.1f} % fewer LLM calls and {tokens_saved:.1f} % fewer prompt tokens "
            f"than per message; target ≥ {TARGET_REDUCTION:.0f} %: {'met' if target_met else 'NOT met'}."
        )
        print(
            f"Not counted above: the {TOOL_NAME} tool definition, about {tool_tokens} tokens on every call, "
            f"so per message sends {tool_tokens * (per_message.llm_calls - per_window.llm_calls):,} tokens more still."
        )
    if leftovers:
        print(f"warning: row counts changed during the run (others at work?): {leftovers}", file=sys.stderr)
        sys.exit(1)
    print("cleanup: every table holds as many rows as before the run", file=sys.stderr)


if __name__ == "__main__":
    main()
