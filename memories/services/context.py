"""Context assembly: the memory block a bot reads before it replies.

One service for the browser chat, the REST API, the operators' command and the benchmarks.
Layers, in order, share the persona's ``max_memory_tokens`` (counted with tiktoken):
profile, last session, recent, topic-matched, relevant (hybrid), mentioned entities, "From past
conversations" (the person's own earlier lines, ranked the same way: ``recall_ranked``), working
summary. The persona's own prompt comes first and the recent message buffer fills what the
context window leaves. A memory chosen by one layer is not repeated by a later one, and no line
a chosen memory was made from is shown again as an excerpt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from datetime import datetime

from django.utils import timezone
from django.utils.timesince import TIME_STRINGS, timesince

from accounts.models import Community, User
from chat.models import Channel, ChannelKind, ChatSession, Persona, web_channels_prefix
from core.fastpath.sql import prepared_cursor
from core.tokens import messages_token_count, token_count
from core.unflushed import UNFLUSHED, unflushed_params
from memories.models import importance_now_sql
from memories.selectors.people import ContextHead, context_head
from memories.selectors.ranking import LINE_IMPORTANCE, MemoryCandidate, RecallCandidate, memories_ranked, recall_ranked
from memories.services.prompt import prompt_messages, talk_of
from memoryhub.ai.contract import (
    CHANNEL_TALK_LINE,
    MEMORY_OFF_LINE,
    SENTENCE_END,
    asks_only,
    importance_label,
    prompt_name,
    prompt_text,
    talking_with_line,
)
from memoryhub.ai.embeddings import embedder_get

RECENT_LAYER_SIZE = 5
# Candidates read per order (best, newest, topical): at least this many, and four times the
# persona's per-layer limit, so that memories skipped (chosen by an earlier layer, or too long for
# what is left of the budget) leave enough behind. A person within the default cap (50) sends all.
CANDIDATES_PER_ORDER = 50
ENTITY_LAYER_SIZE = 5
WORKING_SUMMARY_AFTER = 10  # messages in the session before its summary is worth the tokens
RECALL_LAYERS = ("topic", "relevant")  # chosen for the message; "recent" ones are shown for their age
_WORD = re.compile(r"[a-z0-9][a-z0-9'_-]+")
_STOPWORDS_TEXT = (
    "the and for are but not you your yours with this that have has had was were will would can could "
    "should about what when where which who whom why how all any some just like from into onto over "
    "than then them they their there here its it's i'm i've i'll im ive also very really much more most "
    "our ours out off too yes yeah no okay ok lol hey hi hello thanks thank please did does doing done "
    "got get going gonna want wanna know think tell said say see"
)
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

LAYER_LABELS = {
    "profile": "Profile",
    "last_session": "Last time",
    "recent": "Recent",
    "topic": "On this topic",
    "relevant": "Relevant",
    "entities": "People and things",
    "episode": "From past conversations",
    "working_summary": "This conversation so far",
}
EXCERPT_WORDS = 40  # an excerpt longer than this is cut: a whole pasted page would fill the block


@dataclass
class UsedMemory:
    id: int
    content: str
    kind: str
    importance: float
    layer: str
    similarity: float | None
    lexical: float
    context: float
    relevance: float
    recency: float
    frequency: float
    topical: bool
    total: float
    # Layer "episode": the line's message (``id`` is it too), when it was said, and where.
    message_id: int | None = None
    said_at: datetime | None = None
    where: str = ""

    @property
    def key(self) -> tuple[str, int]:
        """What the block knows the item by: a memory, or a message of the episode layer."""
        return ("message", self.id) if self.message_id is not None else ("memory", self.id)


@dataclass
class Layer:
    name: str
    text: str = ""
    tokens: int = 0
    memory_ids: list[int] = field(default_factory=list)


@dataclass
class AssembledContext:
    text: str  # the rendered memory block ("" when memory is off for this person or persona)
    messages: list[dict[str, str]]  # the prompt in the persona's injection mode
    layers: list[Layer]
    memories: list[UsedMemory]
    memory_tokens: int
    prompt_tokens: int
    budget: dict[str, int]
    injection_mode: str


def message_keywords(text: str, extra: list[str] | None = None) -> list[str]:
    words = [w.strip("'-_") for w in _WORD.findall(text.lower())]
    keywords = [w for w in words if len(w) >= 3 and w not in STOPWORDS]
    for tag in extra or []:
        keywords.append(tag.lower())
    return sorted(set(keywords))


class _Units:
    """One of ``timesince``'s units ("%(num)d day"), in English without the translation machinery:
    the block is English ("just now", "yesterday", "ago"), and Django's lazy plural strings were
    half the cost of an age (11 against 6 µs, about six a context)."""

    def __init__(self, unit: str) -> None:
        self.one, self.many = f"%(num)d {unit}", f"%(num)d {unit}s"

    def __mod__(self, values: dict[str, int]) -> str:
        return (self.one if values["num"] == 1 else self.many) % values


_AGE_UNITS = {unit: _Units(unit) for unit in TIME_STRINGS}


def age_text(then: datetime, now: datetime) -> str:
    """ "just now", "3 hours ago", "yesterday", "2 days ago", "3 weeks ago" — one unit, like people say."""
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return "just now"
    if 86400 <= seconds < 2 * 86400:
        return "yesterday"
    # Django's calendar arithmetic (months and years). It applies ``%`` to each unit, which its stubs
    # type as str; it keeps a number and its unit together with a no-break space.
    ages = timesince(then, now, depth=1, time_strings=_AGE_UNITS)  # type: ignore[arg-type]
    return f"{ages} ago".replace("\xa0", " ")


class _Placeholders(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"  # an operator's typo in a template shows, it does not crash replies


def _render(template: str, values: dict[str, str]) -> str:
    return template.format_map(_Placeholders(values))


def _said(text: str) -> str:
    """What a text says, for telling two apart: case, spacing and end punctuation left out."""
    return " ".join(text.casefold().split()).rstrip(" .!?")


def _sentences(text: str) -> list[str]:
    return [sentence for sentence in SENTENCE_END.split(text.strip()) if sentence]


_USED_FIELDS = {f.name for f in fields(UsedMemory)}


def _used(candidate: MemoryCandidate, layer: str) -> UsedMemory:
    shared = {f.name: getattr(candidate, f.name) for f in fields(MemoryCandidate) if f.name in _USED_FIELDS}
    return UsedMemory(layer=layer, **shared)


def _where(excerpt: RecallCandidate) -> str:
    """Where a line was said, as a bot would want it: "#general", or "web chat"."""
    if excerpt.channel_kind == ChannelKind.WEB:
        return "web chat"
    return excerpt.channel_name if excerpt.channel_name.startswith("#") else f"#{excerpt.channel_name}"


def said_on(moment: datetime) -> str:
    """A date as people write it: "8 May 2023"."""
    return f"{moment.day} {moment:%B %Y}"


def _words_cut(text: str, limit: int) -> str:
    words = text.split()
    return " ".join(words[:limit]) + ("…" if len(words) > limit else "")


def excerpt_text(excerpt: RecallCandidate) -> str:
    """An excerpt in the block: the line in quotes, after the question it answered, then when and where."""
    line = f'"{_words_cut(excerpt.content, EXCERPT_WORDS)}"'
    if excerpt.question:
        line = f'asked "{_words_cut(excerpt.question, EXCERPT_WORDS // 2)}", said {line}'
    return f"{line} ({said_on(excerpt.said_at)}, {_where(excerpt)})"


def name_as_they(message: str, name: str) -> str:
    """``message`` with the person's own ``name`` said as "they" ("their" for "'s"), for its
    embedding: every memory about a person names them and none of their own lines does, so the
    name would only lift their memories over their lines ("When did Ana move?" → "When did they
    move?"). The lexical ranking leaves the name out too."""
    said = message.lower()
    # not "the" of "The Captain"; a name the message does not hold costs no pattern (one a person)
    words = [re.escape(word) for word in message_keywords(name) if word in said]
    if not words:
        return message
    one = f"(?:{'|'.join(words)})"
    named = re.compile(rf"\b{one}(?:\s+{one})*(?P<of>['\u2019]s)?\b", flags=re.IGNORECASE)
    return named.sub(lambda found: "their" if found["of"] else "they", message)


def _episode_used(excerpt: RecallCandidate) -> UsedMemory:
    return UsedMemory(
        id=excerpt.message_id,
        content=excerpt.content,
        kind="message",
        importance=LINE_IMPORTANCE,  # what its score counted it as
        layer="episode",
        similarity=excerpt.similarity,
        lexical=excerpt.lexical,
        context=excerpt.context,
        relevance=excerpt.relevance,
        recency=excerpt.recency,
        frequency=0.0,
        topical=False,
        total=excerpt.total,
        message_id=excerpt.message_id,
        said_at=excerpt.said_at,
        where=_where(excerpt),
    )


# One statement, one round trip, whose commit waits for no disk flush (core.unflushed).
_ACCESS_RECORD_SQL = f"""
WITH {UNFLUSHED}
UPDATE memories_memory AS m
SET access_count = m.access_count + 1, last_accessed_at = %(now)s,
    importance = {importance_now_sql("m", "%(now)s")}, importance_at = %(now)s
FROM unflushed WHERE m.id = ANY(%(ids)s)
"""  # noqa: S608 - constants of this module, values passed as parameters


def memories_access_record(*, memory_ids: list[int], now: datetime) -> None:
    """Count memories as recalled. Only what was chosen for relevance is. A recall stops the fading
    of importance (it settles today's value) but adds none: its boost is the frequency term,
    log-scaled, capped and fading (so use cannot narrow what is recalled). No column it writes is
    indexed, so PostgreSQL can update the rows in place."""
    if memory_ids:
        with prepared_cursor() as cursor:
            cursor.execute(_ACCESS_RECORD_SQL, {"now": now, "ids": list(memory_ids), **unflushed_params()})


def is_relevant(candidate: MemoryCandidate, *, threshold: float) -> bool:
    """A memory the message is about: it shares a telling word, or means much the same."""
    return candidate.lexical > 0 or (candidate.similarity is not None and candidate.similarity >= threshold)


class _Block:
    """The memory block under construction, kept within the token budget to the token.

    Adding an item costs the tokens of that item alone (counted once per process), not a count of
    the whole block: the pieces of a line split where the tokenizer splits, so their sum is the
    block's count (a piece that ends in punctuation before a newline may share a token with it:
    the sum then counts one more). Near the budget the whole block is counted exactly, and
    ``fit`` checks the result.
    """

    EXACT_WITHIN = 16  # tokens below the budget from which every addition is counted exactly

    def __init__(self, *, persona: Persona, name: str, budget: int, now: datetime) -> None:
        self.persona, self.budget, self.now = persona, budget, now
        self.prefix = prompt_text(_render(persona.memory_prefix_template, {"user": prompt_name(name)}))
        self.suffix = prompt_text(_render(persona.memory_suffix_template, {"user": prompt_name(name)}))
        self.lines: dict[str, list[str]] = {}
        self.added: list[tuple[str, tuple[str, int] | None]] = []  # (layer, item key) in the order they were added
        # The frame (delimiters, prefix and suffix, one per line, and their newlines) is paid by
        # the first item.
        frame = ["<memories>", *filter(None, [self.prefix]), *filter(None, [self.suffix]), "</memories>"]
        self.frame_tokens = sum(token_count(line) for line in frame) + len(frame) - 1
        self.tokens = 0  # the block's count so far: exact, or the sum of its pieces (never less)

    def render(self, lines: dict[str, list[str]] | None = None) -> str:
        body = [
            f"{LAYER_LABELS[layer]}: {' | '.join(items)}" for layer, items in (lines or self.lines).items() if items
        ]
        if not body:
            return ""
        return "\n".join(
            ["<memories>", *filter(None, [self.prefix]), *body, *filter(None, [self.suffix]), "</memories>"]
        )

    def try_add(self, layer: str, item: str, key: tuple[str, int] | None = None) -> bool:
        item = prompt_text(item)
        if layer in self.lines:
            cost = token_count(f" | {item}")
        else:  # a new line: its label, and a newline
            cost = token_count(f"{LAYER_LABELS[layer]}: {item}") + 1 + (0 if self.lines else self.frame_tokens)
        if self.tokens + cost > self.budget - self.EXACT_WITHIN:
            trial = {name: list(items) for name, items in self.lines.items()}
            trial.setdefault(layer, []).append(item)
            exact = token_count(self.render(trial))
            if exact > self.budget:
                return False
            self.lines, self.tokens = trial, exact
        else:
            self.lines.setdefault(layer, []).append(item)
            self.tokens += cost
        self.added.append((layer, key))
        return True

    def rewrite(self, layer: str, text: str) -> None:
        """A one-item layer says ``text`` instead (nothing: the layer goes), counted exactly."""
        if layer not in self.lines:
            return
        if text.strip():
            self.lines[layer] = [prompt_text(text)]
        else:
            del self.lines[layer]
        self.tokens = token_count(self.render())

    def fit(self) -> set[tuple[str, int]]:
        """Make sure the rendered block keeps to the budget; the keys of the items that had to go,
        if any (the sum of pieces is not below the real count, so this guards, it does not trim)."""
        dropped = set()
        self.tokens = token_count(self.render())
        while self.added and self.tokens > self.budget:
            layer, key = self.added.pop()
            self.lines[layer].pop()
            if not self.lines[layer]:
                del self.lines[layer]
            if key is not None:
                dropped.add(key)
            self.tokens = token_count(self.render())
        return dropped

    def memory_item(self, candidate: MemoryCandidate, created_at: datetime) -> str:
        return _render(
            self.persona.memory_format_template,
            {
                "content": prompt_text(candidate.content),
                "kind": candidate.kind,
                "importance": importance_label(candidate.importance),
                "age": age_text(created_at, self.now),
            },
        )


def own_web_chat(channel: Channel, user: User) -> bool:
    """Whether ``channel`` is one of the person's own browser chats (where their private lines count)."""
    return channel.kind == ChannelKind.WEB and (channel.external_id or "").startswith(
        web_channels_prefix(user_id=user.pk)
    )


def assemble_context(
    *,
    community: Community,
    user: User | None,
    persona: Persona,
    message: str,
    channel: Channel | None = None,
    session: ChatSession | None = None,
    now: datetime | None = None,
    query_vector: list[float] | None = None,
    embed_query: bool = True,
    record_access: bool = True,
    stranger_name: str = "",
    head: ContextHead | None = None,
) -> AssembledContext:
    """Build the memory context for ``user`` about to be answered by ``persona``.

    ``user`` None is someone not known here yet (``stranger_name``): nothing is remembered about
    them, and the context is the persona's prompt and the channel's recent talk. ``head``: the
    person's, when the caller read it already (``context_parties`` reads it with the parties of a
    bot's call, for the words of ``message``); else it is read here.
    """
    now = now or timezone.now()
    words = message_keywords(message)
    if head is None and user is not None:
        head = context_head(
            community=community, user=user, persona=persona, session_id=session.pk if session else None, words=words
        )
    name = head.name if head is not None else stranger_name
    remembering = head is not None and persona.use_memory and community.memory_enabled and head.memory_enabled
    memory_off = head is not None and not (community.memory_enabled and head.memory_enabled)
    talk = talk_of(channel=channel, session=session)
    system_prompt = "\n\n".join(
        p
        for p in (
            persona.system_prompt.strip(),
            talking_with_line(name),
            CHANNEL_TALK_LINE if talk.by_channel else "",
            MEMORY_OFF_LINE if memory_off else "",
        )
        if p
    )
    block = _Block(persona=persona, name=name, budget=persona.max_memory_tokens, now=now)
    layers = [Layer("persona", text=system_prompt, tokens=token_count(system_prompt))]
    used: list[UsedMemory] = []

    if remembering and user is not None and head is not None:
        embedder = embedder_get()
        if query_vector is None and embed_query and message.strip():
            query_vector = embedder.embed_one(name_as_they(message, name)).tolist()
        keywords = message_keywords(message, list(channel.topic_bias) if channel else [])
        candidates = memories_ranked(
            community=community,
            user=user,
            now=now,
            text=" ".join(words),
            keywords=keywords,
            vector=query_vector,
            model_name=embedder.model_name,
            person_name=name,
            keep=max(CANDIDATES_PER_ORDER, 4 * persona.max_memory_context),
        )
        chosen: set[int] = set()
        # What the block says already: a memory that says it again takes no place. The episodic
        # memory of the last session holds its summary, which "Last time" gives; a summary or a
        # fact kept twice (two sessions that went alike) is given once.
        told: set[str] = set()
        last_summary = ""

        def add_memories(layer: str, ranked: list[MemoryCandidate], limit: int) -> None:
            for candidate in ranked:
                if len([u for u in used if u.layer == layer]) >= limit:
                    break
                if candidate.id in chosen:
                    continue
                text = _said(candidate.content)
                if text in told or (last_summary and (text == last_summary or text.endswith(f": {last_summary}"))):
                    continue
                if block.try_add(layer, block.memory_item(candidate, candidate.created_at), ("memory", candidate.id)):
                    chosen.add(candidate.id)
                    told.add(text)
                    used.append(_used(candidate, layer))

        # Nothing is said twice: the last session's summary leaves out what the profile says, and
        # the profile yields to the memories listed (below): they carry their age and their scores.
        profile_said = {_said(sentence) for sentence in _sentences(head.profile_summary)}
        if head.profile_summary.strip():
            block.try_add("profile", head.profile_summary)
        last_new = [s for s in _sentences(head.last_summary) if _said(s) not in profile_said]
        if (
            last_new
            and head.last_ended_at is not None
            and block.try_add("last_session", f"{' '.join(last_new)} ({age_text(head.last_ended_at, now)})")
        ):
            last_summary = _said(head.last_summary)
        limit = max(persona.max_memory_context, 1)
        add_memories(
            "recent", sorted(candidates, key=lambda c: c.created_at, reverse=True), min(RECENT_LAYER_SIZE, limit)
        )
        add_memories(
            "topic",
            sorted((c for c in candidates if c.topical), key=lambda c: (c.importance, c.created_at), reverse=True),
            limit,
        )
        relevant = [c for c in candidates if is_relevant(c, threshold=persona.search_threshold)]  # ranked already
        add_memories("relevant", relevant, limit)
        # One-word names are matched in SQL; the few names of several words are checked here.
        said = message.lower()
        mentioned = [(n, relation) for n, relation in head.entities if " " not in n or n.lower() in said]
        for entity_name, relationship in mentioned[:ENTITY_LAYER_SIZE]:
            entity = prompt_name(entity_name)
            block.try_add("entities", f"{entity} ({prompt_name(relationship)})" if relationship else entity)
        if persona.use_recall and persona.max_recall_excerpts and (words or query_vector is not None):
            excerpts = recall_ranked(
                community=community,
                user=user,
                now=now,
                text=" ".join(words),
                vector=query_vector,
                model_name=embedder.model_name,
                threshold=persona.search_threshold,
                keep=persona.max_recall_excerpts,
                private=channel is not None and own_web_chat(channel, user),
                person_name=name,
                memory_ids=[u.id for u in used],
            )
            said_here = {_said(message)}  # the message itself, once it is indexed too
            # A line that only asks ("when is my sister's wedding again?") comes after the lines
            # that tell, in the order of the ranking: it matches a question best and answers none.
            for excerpt in sorted(excerpts, key=lambda excerpt: asks_only(excerpt.content)):
                if (key := _said(excerpt.content)) in said_here:
                    continue  # the message, or a line said again word for word: told once
                if excerpt.lexical == 0 and asks_only(excerpt.content):
                    continue  # a question of theirs that only sounds like the message ("when do you move?")
                said_here.add(key)
                episode = _episode_used(excerpt)
                if block.try_add("episode", excerpt_text(excerpt), episode.key):
                    used.append(episode)
        if session is not None and session.message_count > WORKING_SUMMARY_AFTER and session.working_summary:
            block.try_add("working_summary", session.working_summary)
        if profile_said & told:
            block.rewrite("profile", " ".join(s for s in _sentences(head.profile_summary) if _said(s) not in told))
        dropped = block.fit()
        used = [u for u in used if u.key not in dropped]
        if record_access:
            memories_access_record(memory_ids=[u.id for u in used if u.layer in RECALL_LAYERS], now=now)

    text = block.render()
    for layer_name in LAYER_LABELS:
        items = block.lines.get(layer_name, [])
        if items:
            line = f"{LAYER_LABELS[layer_name]}: {' | '.join(items)}"
            layers.append(
                Layer(
                    layer_name,
                    text=line,
                    tokens=token_count(line),
                    memory_ids=[u.id for u in used if u.layer == layer_name],  # message ids for "episode"
                )
            )
    messages, buffer_tokens = prompt_messages(
        persona=persona,
        system_prompt=system_prompt,
        block=text,
        message=message,
        talk=talk,
        person=(user.pk, name) if user is not None else None,
    )
    layers.append(Layer("buffer", text="", tokens=buffer_tokens))
    memory_tokens = token_count(text)
    return AssembledContext(
        text=text,
        messages=messages,
        layers=layers,
        memories=used,
        memory_tokens=memory_tokens,
        prompt_tokens=messages_token_count(messages),
        budget={
            "max_memory_tokens": persona.max_memory_tokens,
            "context_window_tokens": persona.context_window_tokens,
            "reply_reserve_tokens": persona.reply_reserve_tokens,
        },
        injection_mode=persona.injection_mode,
    )
