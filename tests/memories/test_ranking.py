"""The fused ranking: every signal moves the order, none outvotes relevance, and use does not narrow it."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.models import Community, User
from benchmarks.recall_fixture import MEMORIES as FIXTURE_MEMORIES
from benchmarks.recall_fixture import QUERIES as FIXTURE_QUERIES
from chat.models import Persona
from memories.models import Memory
from memories.selectors.ranking import MemoryCandidate, memories_ranked
from memories.services.context import assemble_context, message_keywords
from memoryhub.ai.embeddings import embedder_get
from tests.memories.test_context import remember

pytestmark = pytest.mark.django_db


def ranked(community: Community, user: User, query: str, **extra: Any) -> list[MemoryCandidate]:
    embedder = embedder_get()
    return memories_ranked(
        community=community,
        user=user,
        now=extra.pop("now", timezone.now()),
        text=" ".join(message_keywords(query)),
        keywords=message_keywords(query),
        vector=embedder.embed_one(query).tolist(),
        model_name=embedder.model_name,
        **extra,
    )


def order(candidates: list[MemoryCandidate]) -> list[int]:
    return [c.id for c in candidates]


def test_the_lexical_list_finds_what_has_no_comparable_vector(community: Community, alice: User) -> None:
    answer = remember(community, alice, "Alice likes jazz")
    Memory.objects.filter(pk=answer.pk).update(embedding_model="an-older-model")  # as before a `reembed`
    for text in ["Alice enjoys blues music", "Alice plays the saxophone", "Alice sings in a choir"]:
        remember(community, alice, text)
    community.weight_lexical = 0.0
    without = ranked(community, alice, "any jazz tonight?")
    assert without[-1].id == answer.pk and without[-1].similarity is None
    community.weight_lexical = 0.4
    result = ranked(community, alice, "any jazz tonight?")
    assert result[0].id == answer.pk and result[0].lexical == 1.0


def test_a_paraphrase_with_no_shared_word_is_found_by_meaning(community: Community, alice: User) -> None:
    fear = remember(community, alice, "Alice is frightened of flying in aeroplanes")
    for text in ["Alice plays chess online", "Alice drinks green tea", "Alice scared the cat with a balloon"]:
        remember(community, alice, text)
    result = ranked(community, alice, "do planes make her nervous?")
    assert result[0].id == fear.pk and result[0].lexical == 0


@pytest.mark.parametrize("signal", ["recency", "importance", "frequency"])
def test_each_refinement_orders_memories_of_equal_relevance(community: Community, alice: User, signal: str) -> None:
    now = timezone.now()
    plain = remember(community, alice, "Alice likes jazz", importance=0.6)
    favoured = remember(community, alice, "Alice likes jazz", importance=0.9 if signal == "importance" else 0.6)
    Memory.objects.filter(pk__in=[plain.pk, favoured.pk]).update(created_at=now - timedelta(days=20))
    if signal == "recency":
        Memory.objects.filter(pk=favoured.pk).update(created_at=now - timedelta(days=1))
    if signal == "frequency":
        Memory.objects.filter(pk=favoured.pk).update(access_count=8, last_accessed_at=now)
    # The plain one is the newer by id, which breaks ties: only the signal can put the other first.
    result = ranked(community, alice, "jazz", now=now)
    assert order(result) == [favoured.pk, plain.pk]
    assert result[0].relevance == pytest.approx(result[1].relevance)


def test_recalls_long_ago_fade_from_the_ranking(community: Community, alice: User) -> None:
    now = timezone.now()
    old_favourite = remember(community, alice, "Alice likes jazz")
    remember(community, alice, "Alice likes jazz")
    Memory.objects.filter(pk=old_favourite.pk).update(access_count=20, last_accessed_at=now - timedelta(days=120))
    result = ranked(community, alice, "jazz", now=now)
    faded = next(c for c in result if c.id == old_favourite.pk)
    assert faded.frequency < 0.001 and faded.total == pytest.approx(result[0].total, abs=1e-4)
    Memory.objects.filter(pk=old_favourite.pk).update(last_accessed_at=now)
    assert ranked(community, alice, "jazz", now=now)[0].total > faded.total + 0.01  # fresh, they still count


def test_recency_importance_and_frequency_never_make_an_unrelated_memory_win(community: Community, alice: User) -> None:
    now = timezone.now()
    answer = remember(community, alice, "Alice's sister lives in Glasgow", importance=0.3)
    Memory.objects.filter(pk=answer.pk).update(created_at=now - timedelta(days=200))
    loud = remember(community, alice, "Alice bought new running shoes", importance=1.0)
    Memory.objects.filter(pk=loud.pk).update(access_count=50, last_accessed_at=now)
    result = ranked(community, alice, "where does her sister live?", now=now)
    assert result[0].id == answer.pk
    assert result[1].total <= result[1].relevance * 1.25 + 1e-9


def test_what_was_said_with_a_matching_memory_ranks_with_it(community: Community, alice: User) -> None:
    now = timezone.now()
    community.weight_recency = 0.0  # only the conversation differs between the two answers below
    said = now - timedelta(days=10)
    trip = remember(community, alice, "Alice booked a trip to Lisbon for her birthday")
    followed = remember(community, alice, "Alice says the hotel has a rooftop pool")
    elsewhere = remember(community, alice, "Alice says the hotel has a rooftop pool")
    Memory.objects.filter(pk=trip.pk).update(created_at=said)
    Memory.objects.filter(pk=followed.pk).update(created_at=said + timedelta(minutes=1))  # the same conversation
    Memory.objects.filter(pk=elsewhere.pk).update(created_at=said + timedelta(days=3))  # newer: wins a tie
    query = "how was the Lisbon birthday trip?"

    community.weight_context = 0.0
    assert order(ranked(community, alice, query, now=now)) == [trip.pk, elsewhere.pk, followed.pk]
    community.weight_context = 0.5
    result = ranked(community, alice, query, now=now)
    assert order(result) == [trip.pk, followed.pk, elsewhere.pk]
    assert result[1].context == pytest.approx(result[0].relevance * 1.5 - 0.5 * result[0].context, abs=1e-6)
    assert result[2].context == 0  # nothing else was said within the quiet time of it


def test_a_memory_never_outranks_the_one_it_takes_its_context_from(community: Community, alice: User) -> None:
    community.weight_context = 0.99  # the most a community may set
    answer = remember(community, alice, "Alice's sister lives in Glasgow")
    for text in ["Alice bought new running shoes", "Alice plays chess online", "Alice drinks green tea"]:
        remember(community, alice, text)  # all said together: each takes its context from the answer
    result = ranked(community, alice, "where does her sister live?")
    assert result[0].id == answer.pk
    assert all(c.context == pytest.approx(result[0].relevance * 1.99 - 0.99 * result[0].context) for c in result[1:])


def test_the_persons_own_name_is_not_a_query_word(community: Community, alice: User) -> None:
    for text in ["Alice works as a nurse", "Alice lives in Portland", "Alice likes jazz"]:
        remember(community, alice, text)
    named = ranked(community, alice, "Alice jazz", person_name="Alice")
    assert [c.lexical > 0 for c in named] == [c.content == "Alice likes jazz" for c in named]
    unnamed = ranked(community, alice, "Alice jazz")
    assert all(c.lexical > 0 for c in unnamed)  # without the exclusion, the name matches every memory


# --- Use without collapse ---------------------------------------------------------------------

_TEMPLATES = (
    "what about {t}?",
    "any news on {t}",
    "{t} again lol",
    "remember the {t} thing?",
    "how's the {t} going",
    "thinking about {t} today",
    "do you still like {t}?",
)


def _recall(community: Community, user: User, persona: Persona, keys: dict[str, int]) -> float:
    found = 0
    for query in FIXTURE_QUERIES:
        result = assemble_context(community=community, user=user, persona=persona, message=query.message)
        found += keys[query.expected] in {m.id for m in result.memories if m.layer in ("topic", "relevant")}
    return found / len(FIXTURE_QUERIES)


def test_two_hundred_questions_in_a_row_do_not_narrow_what_is_recalled(
    community: Community, persona: Persona, alice: User
) -> None:
    # Every memory competes for three places, as in a long history where many pass the threshold.
    persona.search_threshold = 0.0
    persona.max_memory_context = 3
    embedder = embedder_get()
    vectors = embedder.embed([m.content for m in FIXTURE_MEMORIES]).tolist()
    keys: dict[str, int] = {}
    for n, (memory, vector) in enumerate(zip(FIXTURE_MEMORIES, vectors, strict=True)):
        created = remember(
            community, alice, memory.content, topics=list(memory.topics), kind=memory.kind, embedding=vector
        )
        Memory.objects.filter(pk=created.pk).update(created_at=timezone.now() - timedelta(days=40, hours=n))
        keys[memory.key] = created.pk
    first = _recall(community, alice, persona, keys)  # recording access, as bots do

    topics = sorted({topic for memory in FIXTURE_MEMORIES for topic in memory.topics})
    questions = [template.format(t=topic) for topic in topics for template in _TEMPLATES]
    random.Random(8).shuffle(questions)
    assert len(questions) >= 200
    for question in questions[:220]:
        assemble_context(community=community, user=alice, persona=persona, message=question)
    counts = sorted(Memory.objects.filter(community=community, user=alice).values_list("access_count", flat=True))
    assert counts[-1] >= 10  # some memories were recalled again and again

    second = _recall(community, alice, persona, keys)
    assert first >= 0.6
    assert abs(second - first) <= 0.02 + 1e-9, (first, second)


def test_keep_sends_the_heads_of_the_three_orders_scored_against_all(community: Community, alice: User) -> None:
    """A person over the cap sends only what the context's layers can read: the best, the newest
    and the most important topical memories, each scored exactly as without the limit."""
    now = timezone.now()
    rng = random.Random(7)
    hobbies = ["jazz", "chess", "hiking", "cooking", "painting", "cycling"]
    for n in range(24):
        hobby = hobbies[n % len(hobbies)]
        memory = remember(
            community,
            alice,
            f"Alice mentioned {hobby} on day {n}",
            importance=rng.choice([0.3, 0.5, 0.7, 0.9]),
            topics=[hobby],
        )
        Memory.objects.filter(pk=memory.pk).update(created_at=now - timedelta(days=rng.uniform(0, 60)))
    query = "any jazz or chess this week?"
    everything = ranked(community, alice, query, now=now)
    kept = ranked(community, alice, query, now=now, keep=3)
    assert len(everything) == 24 and 3 <= len(kept) < 24
    assert kept == [c for c in everything if c.id in set(order(kept))]  # same scores, same order
    newest = sorted(everything, key=lambda c: (c.created_at, c.id), reverse=True)
    topical = sorted((c for c in everything if c.topical), key=lambda c: (c.importance, c.created_at), reverse=True)
    assert len(topical) > 3
    expected = set(order(everything[:3])) | set(order(newest[:3])) | set(order(topical[:3]))
    assert set(order(kept)) == expected
