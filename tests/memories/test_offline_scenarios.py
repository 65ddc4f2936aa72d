"""The multi-person scenarios on the offline engine (the embedded default), and opt-outs in flight."""

from __future__ import annotations

from typing import Any

import pytest

from accounts.models import Community, User
from accounts.services import profile_memory_enabled_set
from chat.models import Channel
from memories.models import Memory, MemoryRevision
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.types import Completion
from tests.memories.conftest import Say
from tests.support.extraction import extract_channel_here

pytestmark = pytest.mark.django_db


def _memories(user: User) -> list[str]:
    return list(Memory.objects.filter(user=user).order_by("pk").values_list("content", flat=True))


def test_austin_each_person_gets_their_own_fact(channel: Channel, people: dict[str, User], say: Say) -> None:
    say("bob", "Where did you end up deciding to move?")
    say("alice", "Austin!")
    say("bob", "Nice, when?")
    say("alice", "Next month actually")
    say("charlie", "Oh cool, my sister lives there")
    extract_channel_here(channel)
    assert _memories(people["alice"]) == ["Alice is moving to Austin next month"]
    assert _memories(people["charlie"]) == ["Charlie's sister lives in Austin"]
    assert _memories(people["bob"]) == []


def test_talking_past_each_other_is_not_cross_attributed(channel: Channel, people: dict[str, User], say: Say) -> None:
    say("alice", "I just adopted a cat!")
    say("bob", "Anyone watching the game tonight?")
    say("alice", "Named her Luna")
    say("charlie", "Yeah I've got it on, Celtics are up")
    extract_channel_here(channel)
    assert _memories(people["alice"]) == ["Alice adopted a cat named Luna"]
    assert not any("cat" in m.lower() for m in _memories(people["bob"]) + _memories(people["charlie"]))


def test_rapid_messages_of_one_person_become_one_memory(channel: Channel, people: dict[str, User], say: Say) -> None:
    for text in [
        "oh man",
        "I just got the job offer",
        "that startup I interviewed at last week",
        "they want me to start in march",
        "120k plus equity",
    ]:
        say("grace", text)
    extract_channel_here(channel)
    (memory,) = _memories(people["grace"])
    assert "job offer" in memory and "120k" in memory and "March" in memory


def test_frank_gets_the_news_eve_reported_and_heather_nothing(
    channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("eve", "Hey did you guys hear? Frank got engaged!")
    say("grace", "No way! To that girl he met at the concert?")
    say("eve", "Yeah, Heather! They've been together like 2 years")
    extract_channel_here(channel)
    frank = Memory.objects.get(user=people["frank"])
    assert "engaged" in frank.content and "Heather" in frank.content
    assert frank.reported_by == people["eve"]
    assert not User.objects.filter(username__icontains="heather").exists()


def test_a_fact_ends_where_its_clause_does_and_reads_as_english(
    channel: Channel, people: dict[str, User], say: Say
) -> None:
    # What a newcomer typed in the demo: each memory showed up cut mid-clause or mis-articled.
    say("alice", "I'm allergic to peanuts so finding snacks here is tricky lol")
    say("bob", "I'm training for a marathon so that's my weekends gone")
    say("charlie", "I'm a huge Arsenal fan, weekends are stressful")
    say("eve", "I'm allergic to shellfish sadly")
    extract_channel_here(channel)
    assert _memories(people["alice"]) == ["Alice is allergic to peanuts"]
    assert _memories(people["bob"]) == ["Bob is training for a marathon"]
    assert _memories(people["charlie"]) == ["Charlie is an Arsenal fan"]
    assert _memories(people["eve"]) == ["Eve is allergic to shellfish"]


class _OptOutWhileThinking:
    """The LLM answers while, meanwhile, Alice opts out (her click lands mid-extraction)."""

    name = "offline-slow"
    answers_in_process = True

    def __init__(self, community: Community, alice: User) -> None:
        self.community, self.alice = community, alice

    def complete(self, **kwargs: Any) -> Completion:
        profile_memory_enabled_set(user=self.alice, community=self.community, enabled=False)
        return OfflineLLM().complete(**kwargs)

    def stream(self, **kwargs: Any) -> Any:
        raise NotImplementedError


def test_an_opt_out_during_extraction_is_honoured_at_apply_time(
    community: Community, channel: Channel, people: dict[str, User], say: Say
) -> None:
    say("alice", "I'm moving to Austin next month")
    say("bob", "I hate battle royales")

    window = extract_channel_here(channel, llm=_OptOutWhileThinking(community, people["alice"]))

    assert _memories(people["alice"]) == []
    assert _memories(people["bob"]) == ["Bob hates battle royales"]
    assert window.messages.count() == 2


def test_a_memory_asked_forgotten_goes_with_its_history(
    channel: Channel, community: Community, people: dict[str, User], say: Say
) -> None:
    """ "forget that I'm vegan, I eat meat now" kept "Alice is vegan" and said nothing of the request."""
    say("alice", "I'm vegan")
    say("alice", "I have a dog named Pixel")
    extract_channel_here(channel)
    vegan = Memory.objects.get(user=people["alice"], content="Alice is vegan")

    say("alice", "forget that I'm vegan, I eat meat now")
    say("alice", "forget that I like it")  # what "it" is was said elsewhere: nothing goes
    extract_channel_here(channel)

    assert _memories(people["alice"]) == ["Alice has a dog named Pixel"]
    forgotten = MemoryRevision.objects.filter(memory_ref=vegan.pk).latest("pk")
    assert (forgotten.action, forgotten.actor) == ("forgotten", "llm")
    assert forgotten.reason == 'Alice asked to forget it: "forget that I\'m vegan, I eat meat now"'
