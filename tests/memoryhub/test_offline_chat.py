"""The offline engine's chat replies: said to the person, about what they just said.

Most prompts are built the way a bot's are, by ``assemble_context`` over memories written
through ``memory_create``; a few hand-written ones pin what the memory block can contain.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from accounts.models import Community, User
from accounts.services import membership_set, user_create
from chat.models import Persona, PersonaInjectionMode
from chat.services import channel_create, message_record, persona_create
from memories.models import MemoryRevisionActor
from memories.services.context import assemble_context
from memories.services.memory import memory_create
from memories.services.profiles import profile_summary_edit
from memories.services.recall import recall_index_messages
from memoryhub.ai.offline import OfflineLLM
from memoryhub.ai.types import Message, Purpose

pytestmark = pytest.mark.django_db

NURSE = "Alice Martin works as a nurse at St Mary's"
SISTER = "Alice Martin's sister lives in Lyon"
VEGETARIAN = "Alice Martin is vegetarian"
DOG = "Alice Martin has a golden retriever called Max"
# What the reply would say if it recited these memories.
SAID_BACK = ("work as a nurse", "sister lives in Lyon", "vegetarian", "golden retriever")


@pytest.fixture
def person(community: Community) -> User:
    user = user_create(username="alice.martin", display_name="Alice Martin")
    membership_set(user=user, community=community)
    return user


def remember(community: Community, user: User, *contents: str) -> None:
    for content in contents:
        memory_create(
            community=community,
            user=user,
            content=content,
            kind="fact",
            importance=0.6,
            expires_at=None,
            source="api",
            actor=MemoryRevisionActor.SYSTEM,
        )


def reply_to(community: Community, user: User, persona: Persona, message: str) -> str:
    """What the persona answers ``message`` with, from the context a bot would be given."""
    context = assemble_context(community=community, user=user, persona=persona, message=message, record_access=False)
    messages: list[Message] = list(context.messages)
    return OfflineLLM().complete(purpose=Purpose.CHAT, messages=messages).content


SAID_ON = datetime(2023, 5, 8, 14, 0, tzinfo=UTC)  # "8 May", as a past line's date is told


def said_before(community: Community, *lines: tuple[User, str], channel: str = "general") -> None:
    """``lines`` said on 8 May 2023 in ``channel``, each by its author, and indexed for recall."""
    where = channel_create(community=community, name=channel, external_id=channel)
    recorded = [message_record(channel=where, author=who, content=what, created_at=SAID_ON) for who, what in lines]
    recall_index_messages(messages=recorded)


def hand_written(facts: list[str], message: str, *, profile: str = "") -> list[Message]:
    """The default persona's prompt in injection mode system_append, written out."""
    lines = [f"Profile: {profile}"] if profile else []
    lines.append("Recent: " + " | ".join(f"{fact} (2 days ago)" for fact in facts))
    heading, suffix = "[What you know about Alice Martin:]", "Don't recite these."
    block = "\n".join(["<memories>", heading, *lines, suffix, "</memories>"])
    return [
        {"role": "system", "content": f"You are Mira.\n\nYou are talking with Alice Martin.\n\n{block}"},
        {"role": "user", "content": message},
    ]


def offline_reply(messages: list[Message]) -> str:
    return OfflineLLM().complete(purpose=Purpose.CHAT, messages=messages).content


@pytest.mark.parametrize(
    ("memory", "message", "said_back"),
    [
        ("Alice Martin works as a nurse", "Any tips for a nurse on night shifts?", "you work as a nurse"),
        ("Alice Martin is vegetarian", "What should a vegetarian cook tonight?", "you're vegetarian"),
        (DOG, "Is a golden retriever hard to train?", "you have a golden retriever called Max"),
        (SISTER, "I might visit Lyon soon", "your sister lives in Lyon"),
        ("Alice Martin loves hiking", "Where should I go hiking?", "you love hiking"),
        ("Alice Martin was born in Porto", "What is there to see in Porto?", "you were born in Porto"),
        ("Alice studies history at Leeds", "history homework is due", "you study history at Leeds"),
    ],
)
def test_a_remembered_fact_is_said_to_the_person(
    community: Community, person: User, persona: Persona, memory: str, message: str, said_back: str
) -> None:
    remember(community, person, memory)

    reply = reply_to(community, person, persona, message)

    assert said_back in reply
    assert "Alice" not in reply and "Martin" not in reply


def test_only_the_memories_the_message_is_about_are_mentioned(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, NURSE, SISTER, VEGETARIAN, DOG)

    about_work = reply_to(community, person, persona, "My shift as a nurse ran late again")
    about_nothing_known = reply_to(community, person, persona, "What's a fun board game for four players?")

    assert "you work as a nurse at St Mary's" in about_work
    assert not any(phrase in about_work for phrase in SAID_BACK[1:])
    assert not any(phrase in about_nothing_known for phrase in SAID_BACK)
    assert "I know" not in about_nothing_known and "remember" not in about_nothing_known


def test_at_most_two_memories_are_mentioned(community: Community, person: User, persona: Persona) -> None:
    remember(community, person, "Alice Martin loves hiking", "Alice Martin hikes with Max", "Alice hates hiking boots")

    # (Not "Planning a hike this weekend": that is a plan told now, which the reply says back.)
    reply = reply_to(community, person, persona, "maybe a hike this weekend")

    assert sum(reply.count(verb) for verb in ("you love", "you hike", "you hate")) == 2
    assert len(reply.split(". ")) <= 3


def test_the_person_is_never_named_nor_the_memory_block_quoted(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, NURSE, SISTER, VEGETARIAN, DOG)
    profile_summary_edit(user=person, community=community, summary=f"{NURSE}. {SISTER}. {VEGETARIAN}.")

    for message in (
        "hi",
        "hello Mira, how are you?",
        "Is Lyon nice in spring?",
        "I'm so tired after my nurse shift",
        "I'm moving to Austin next month",
        "Max chewed my vegetarian cookbook",
        "Alice here, the nurse from St Mary's",
    ):
        reply = reply_to(community, person, persona, message)
        assert "alice" not in reply.lower() and "martin" not in reply.lower(), (message, reply)
        assert not any(markup in reply for markup in ("<", ">", "[", "]", "|", "(", "Profile", "Recent")), reply
        assert 1 <= reply.count(".") + reply.count("!") + reply.count("?") <= 3, reply


def test_a_greeting_welcomes_back_without_reciting_memories(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, NURSE, SISTER, VEGETARIAN, DOG)

    reply = reply_to(community, person, persona, "hi!")

    assert "good to see you" in reply
    assert not any(phrase in reply for phrase in SAID_BACK)


def test_a_greeting_from_someone_unknown_is_a_first_meeting(
    community: Community, person: User, persona: Persona
) -> None:
    reply = reply_to(community, person, persona, "hello!")

    assert reply.startswith("Hi") and "nice to meet you" in reply


def test_a_fact_just_told_is_acknowledged_instead_of_a_memory(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, "Alice Martin's sister lives in Austin", NURSE)

    reply = reply_to(community, person, persona, "I'm moving to Austin next month")

    assert "Got it — you're moving to Austin next month." in reply
    assert "sister" not in reply and "nurse" not in reply


def test_a_feeling_is_answered_with_sympathy_in_the_second_person(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, NURSE)

    reply = reply_to(community, person, persona, "I'm so stressed about my exam")

    assert reply.startswith("Sorry you're stressed about your exam.")


def test_the_profile_lends_one_relevant_sentence_at_most(community: Community, person: User, persona: Persona) -> None:
    profile_summary_edit(
        user=person,
        community=community,
        summary="Alice is a nurse who loves hiking. She hikes with her dog Max on weekends. She was born in Porto.",
    )

    reply = reply_to(community, person, persona, "Any hiking trails near the hospital for weekends?")

    assert "you're a nurse who loves hiking" in reply or "you hike with your dog Max on weekends" in reply
    assert not ("nurse" in reply and "Max" in reply)  # never the whole profile
    assert "Porto" not in reply


@pytest.mark.parametrize("mode", [PersonaInjectionMode.USER_PREFIX, PersonaInjectionMode.CONTEXT_MESSAGE])
def test_every_injection_mode_is_read_the_same_way(community: Community, person: User, mode: str) -> None:
    persona = persona_create(community=community, name="Nova", system_prompt="You are Nova.", injection_mode=mode)
    remember(community, person, VEGETARIAN, DOG)

    greeting = reply_to(community, person, persona, "hey")
    question = reply_to(community, person, persona, "Any vegetarian recipes for tonight?")

    assert "good to see you" in greeting and "vegetarian" not in greeting
    assert "you're vegetarian" in question and "golden retriever" not in question
    assert "memories" not in question and "notes about" not in question


def test_the_same_prompt_gets_the_same_reply_and_kinds_of_message_get_different_ones(
    community: Community, person: User, persona: Persona
) -> None:
    remember(community, person, NURSE, VEGETARIAN)
    messages = ["hi", "Any vegetarian restaurants nearby?", "Long day at work", "I'm so happy today"]

    first = [reply_to(community, person, persona, message) for message in messages]
    again = [reply_to(community, person, persona, message) for message in messages]

    assert first == again
    assert len(set(first)) == len(messages)
    engine, prompt = OfflineLLM(), hand_written([VEGETARIAN], "Any vegetarian restaurants nearby?")
    assert "".join(engine.stream(purpose=Purpose.CHAT, messages=prompt)) == offline_reply(prompt)


# Facts a rule could say wrongly: written by hand, since the pronouns are the point.


def test_they_and_their_meaning_the_person_become_you_and_your() -> None:
    reply = offline_reply(hand_written(["They love hiking", "Alice lost their hiking boots"], "hiking tomorrow!"))

    assert "you love hiking" in reply and "you lost your hiking boots" in reply


def test_a_pronoun_that_could_mean_someone_else_keeps_the_fact_out() -> None:
    facts = ["Alice Martin's parents sold their house", "Alice loves her garden", "Alice loves dogs as they cuddle"]

    reply = offline_reply(hand_written(facts, "We talked about the house, the garden and the dogs"))

    assert not any(word in reply for word in ("house", "garden", "dogs", "they", "their", "her"))


def test_her_becomes_your_once_the_memories_call_the_person_she() -> None:
    prompt = hand_written(["Alice loves her garden"], "My garden is full of roses", profile="She is a keen gardener.")

    assert "you love your garden" in offline_reply(prompt)


def test_a_fact_that_does_not_start_with_the_person_is_not_said_back() -> None:
    reply = offline_reply(hand_written(["Bob is Alice's brother", "Alice and Bob run a bakery"], "Bob and the bakery"))

    assert "Bob" not in reply and "bakery" not in reply


@pytest.mark.parametrize(
    ("remembered", "other", "asked", "answer", "not_said"),
    [
        # what they cannot stand answers what they hate
        ("Alice Martin can't stand olives", NURSE, "What food do I hate?", "you can't stand olives", "nurse"),
        # what is on Saturday answers plans for the weekend
        (
            "Alice Martin's cousin's engagement party is on Saturday",
            NURSE,
            "any plans for the weekend?",
            "your cousin's engagement party is on Saturday",
            "nurse",
        ),
        # a living said by its verb answers what they do for a living
        (
            "Alice Martin drives trams for a living",
            VEGETARIAN,
            "what do I do for a living?",
            "you drive trams for a living",
            "vegetarian",
        ),
        # a wedding answers who is getting married
        (
            "Alice Martin's brother's wedding is on June 15th",
            NURSE,
            "who's getting married?",
            "your brother's wedding is on June 15th",
            "nurse",
        ),
        # a trade asked by its verb is answered by its doer
        (
            "Alice Martin has been a teacher for 12 years",
            VEGETARIAN,
            "how long have I been teaching?",
            "you've been a teacher for 12 years",
            "vegetarian",
        ),
        # a daughter answers whether they have kids; a marathon, what race they are running
        ("Alice Martin's daughter Mia is 5", NURSE, "do I have kids?", "your daughter Mia is 5", "nurse"),
        (
            "Alice Martin is training for the Berlin marathon in September",
            NURSE,
            "what race am I running?",
            "you're training for the Berlin marathon in September",
            "nurse",
        ),
    ],
)
def test_a_question_is_answered_by_the_memory_that_answers_it_however_it_is_worded(
    community: Community,
    person: User,
    persona: Persona,
    remembered: str,
    other: str,
    asked: str,
    answer: str,
    not_said: str,
) -> None:
    remember(community, person, remembered, other)

    said = reply_to(community, person, persona, asked)

    assert answer in said and not_said not in said


def test_a_question_a_past_line_answers_is_answered_from_it_with_its_date(
    community: Community, person: User, persona: Persona
) -> None:
    said_before(community, (person, "I'm flying to Lisbon next month"), (person, "I still can't find my keys"))

    said = reply_to(community, person, persona, "Where am I flying next month?")

    assert "You told me on 8 May that you're flying to Lisbon next month." in said
    assert "keys" not in said and "I'll remember" not in said


def test_a_past_line_is_told_from_the_part_that_answers_the_question(
    community: Community, person: User, persona: Persona
) -> None:
    """ "when's my race again?" got "I can't look that up right now" with "… I signed up for the
    Cardiff half in March" in the block (a half is a race), and a line was told from its first word
    however little of it answered."""
    said_before(
        community,
        (person, "I'm in! need the miles, I signed up for the Cardiff half in March"),
        (person, "I'm flying to Rome, in June"),
        channel="running",
    )

    race = reply_to(community, person, persona, "when's my race again?")
    trip = reply_to(community, person, persona, "when am I flying to Rome?")

    assert "You told me on 8 May that you signed up for the Cardiff half in March." in race
    assert "You told me on 8 May that you're flying to Rome, in June." in trip  # what follows the part stays


def test_a_plan_asked_after_is_answered_by_the_line_that_told_it_not_by_a_move_made(
    community: Community, person: User, persona: Persona
) -> None:
    """ "when am I flying out?" got "you moved from Glasgow in the spring" (a move, like a flight, is a
    plan's word) with "I'm flying out a week before the wedding" in the block; and that line, an
    answer to the persona's own "What's the best part?", was told with the question quoted."""
    remember(community, person, "Alice Martin moved from Glasgow in the spring")
    bot = user_create(username="mira.bot", display_name="Mira")
    said_before(
        community,
        (bot, "Congratulations! What's the best part?"),
        (person, "I'm flying out a week before the wedding"),
    )

    said = reply_to(community, person, persona, "when am I flying out?")

    assert "You told me on 8 May that you're flying out a week before the wedding." in said
    assert "Glasgow" not in said and "best part" not in said


def test_a_question_about_a_relative_is_not_answered_by_a_line_about_someone_else(
    community: Community, person: User, persona: Persona
) -> None:
    """ "what's my wife called?" got "You told me on 8 May that you're thinking of calling her Zofia" (the
    baby's name: the line shares "call" with the question)."""
    said_before(community, (person, "we're thinking of calling her Zofia"))

    wife = reply_to(community, person, persona, "what's my wife called?")
    baby = reply_to(community, person, persona, "what are we calling the baby?")

    assert "Zofia" not in wife and "I don't think you've told me that yet" in wife
    assert "You told me on 8 May that you're thinking of calling her Zofia." in baby


def test_a_question_they_asked_before_is_no_answer_to_it(community: Community, person: User, persona: Persona) -> None:
    channel = channel_create(community=community, name="general", external_id="general")
    told, asked = "my sister Maya gets married on June 14th", "when is my sister's wedding again?"
    lines = [
        message_record(channel=channel, author=person, content=told, created_at=SAID_ON),
        message_record(channel=channel, author=person, content=asked, created_at=SAID_ON + timedelta(days=3)),
    ]
    recall_index_messages(messages=lines)

    said = reply_to(community, person, persona, "when's my sister's wedding?")

    assert "You told me on 8 May that your sister Maya gets married on June 14th." in said
    assert "again?" not in said
