"""The browser chat's pages and fragments: who may see what, sending, streaming, the memory panel."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Community, User
from accounts.services import community_create, membership_set, user_create
from chat.models import Channel, Message, MessageRole, Persona
from chat.services import message_record, persona_create
from memories.models import Memory, MemoryRevision, MemoryRevisionAction, MemoryRevisionActor, MemorySource
from memories.services.memory import memory_create
from tests.support.memories import remember

pytestmark = pytest.mark.django_db


def _events(response: object) -> list[tuple[str, str]]:
    """(event, data) pairs of a text/event-stream response."""
    body = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    events = []
    for block in body.strip().split("\n\n"):
        lines = block.split("\n")
        name = lines[0].removeprefix("event: ")
        data = "\n".join(line.removeprefix("data: ") for line in lines[1:])
        events.append((name, data))
    return events


@pytest.fixture
def alice_client(client: Client, alice: User) -> Client:
    client.force_login(alice)
    return client


def _send(client: Client, persona: Persona, text: str) -> Message:
    response = client.post(reverse("chat-send", args=[persona.pk]), {"text": text}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return Message.objects.filter(role=MessageRole.USER).latest("pk")


def test_anonymous_people_are_sent_to_the_login_page(client: Client, persona: Persona) -> None:
    for url in [
        reverse("chat"),
        reverse("chat-persona", args=[persona.pk]),
        reverse("chat-panel", args=[persona.pk]),
        reverse("chat-updates", args=[persona.pk]),
    ]:
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
    assert client.get(reverse("chat-stream", args=[1])).status_code == 302
    assert client.get(reverse("password_change")).status_code == 302
    for url in [
        reverse("chat-send", args=[persona.pk]),
        reverse("chat-new-session", args=[persona.pk]),
        reverse("memory-edit", args=[1]),
        reverse("memory-remove", args=[1]),
    ]:
        response = client.post(url, {"text": "hi"})
        assert response.status_code == 302 and response["Location"].startswith(reverse("login"))
    assert Message.objects.count() == 0


def test_chat_opens_the_first_persona_of_the_persons_communities(alice_client: Client, persona: Persona) -> None:
    response = alice_client.get(reverse("chat"))
    assert response.status_code == 302 and response["Location"] == reverse("chat-persona", args=[persona.pk])
    page = alice_client.get(response["Location"])
    assert page.status_code == 200
    assert "chat/chat.html" in [t.name for t in page.templates]
    assert "Mira" in page.content.decode()
    assert "Offline mode" in page.content.decode()  # no OPENAI_API_KEY in tests


def test_someone_without_a_community_sees_an_empty_state(client: Client) -> None:
    client.force_login(user_create(username="loner"))
    page = client.get(reverse("chat"))
    assert page.status_code == 200 and "no persona to talk to yet" in page.content.decode()


def test_personas_of_other_communities_are_not_found(alice_client: Client, other_community: Community) -> None:
    stranger = persona_create(community=other_community, name="Stranger", system_prompt="You are a stranger.")
    assert alice_client.get(reverse("chat-persona", args=[stranger.pk])).status_code == 404
    assert alice_client.post(reverse("chat-send", args=[stranger.pk]), {"text": "hi"}).status_code == 404
    assert Message.objects.count() == 0


def test_a_message_goes_to_the_persons_own_channel_and_its_reply_streams(
    alice_client: Client, alice: User, bob: User, persona: Persona
) -> None:
    response = alice_client.post(
        reverse("chat-send", args=[persona.pk]), {"text": "I have a dog called <b>Rex</b>"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    assert response.templates[0].name == "chat/_turn.html"
    message = Message.objects.get(role=MessageRole.USER)
    page = response.content.decode()
    assert "&lt;b&gt;Rex&lt;/b&gt;" in page and "<b>Rex</b>" not in page
    assert f'sse-connect="{reverse("chat-stream", args=[message.pk])}"' in page
    assert message.author == alice and message.channel.external_id == f"web:{alice.pk}:{persona.pk}"

    events = _events(alice_client.get(reverse("chat-stream", args=[message.pk])))
    assert [name for name, _ in events[-1:]] == ["done"]
    tokens = [data for name, data in events if name == "token"]
    assert len(tokens) > 1  # piece by piece, not one block
    reply = Message.objects.get(role=MessageRole.ASSISTANT)
    assert reply.reply_to == message and reply.session == message.session
    assert html.unescape("".join(tokens)).strip() == reply.content

    # A reconnecting browser gets the stored reply; nobody gets a second one.
    again = _events(alice_client.get(reverse("chat-stream", args=[message.pk])))
    assert [name for name, _ in again] == ["replace", "done"]
    assert Message.objects.filter(role=MessageRole.ASSISTANT).count() == 1

    # Bob chatting with the same persona talks in a channel of his own.
    bob_client = Client()
    bob_client.force_login(bob)
    _send(bob_client, persona, "hello")
    assert Channel.objects.filter(community=persona.community, kind="web").count() == 2
    assert bob_client.get(reverse("chat-stream", args=[message.pk])).status_code == 404


def test_an_empty_or_too_long_message_is_refused_with_a_reason(alice_client: Client, persona: Persona) -> None:
    empty = alice_client.post(reverse("chat-send", args=[persona.pk]), {"text": "   "}, HTTP_HX_REQUEST="true")
    assert "Write something first" in empty.content.decode() and empty["HX-Retarget"] == "#composer-error"
    long = alice_client.post(reverse("chat-send", args=[persona.pk]), {"text": "x" * 4001}, HTTP_HX_REQUEST="true")
    assert "too long" in long.content.decode()
    assert Message.objects.count() == 0


def test_the_composer_never_cuts_a_long_paste_and_warns_of_the_limit(alice_client: Client, persona: Persona) -> None:
    page = alice_client.get(reverse("chat-persona", args=[persona.pk])).content.decode()
    composer = re.search(r'<textarea id="text"[^>]*>', page)
    assert composer is not None
    assert "maxlength" not in composer.group(0)  # a browser cuts a paste to it without a word
    assert 'data-max-length="4000"' in composer.group(0) and 'id="composer-length"' in page
    pasted = alice_client.post(reverse("chat-send", args=[persona.pk]), {"text": "x" * 20_000}, HTTP_HX_REQUEST="true")
    assert "too long: at most 4000 characters" in pasted.content.decode()
    assert pasted["HX-Retarget"] == "#composer-error" and Message.objects.count() == 0


def test_the_panel_shows_the_memories_of_the_last_reply_with_their_layer_and_scores(
    alice_client: Client, alice: User, bob: User, community: Community, persona: Persona
) -> None:
    dog = remember(community, alice, "Alice has a dog called Rex", topics=["pets"])
    for hobby in ["chess", "tennis", "baking", "cycling", "painting"]:  # the 5 newest are "recent"
        remember(community, alice, f"Alice enjoys {hobby} on weekends")
    remember(community, alice, "<script>alert(1)</script> is Alice's motto")
    remember(community, bob, "Bob plays the drums")
    message = _send(alice_client, persona, "How is my dog Rex doing?")
    _events(alice_client.get(reverse("chat-stream", args=[message.pk])))
    reply = Message.objects.get(reply_to=message)
    assert dog.pk in [used["id"] for used in reply.memories_used]

    panel = alice_client.get(reverse("chat-panel", args=[persona.pk]))
    page = panel.content.decode()
    assert "chat/_panel.html" in [t.name for t in panel.templates]
    dog_item = page[page.index(f'id="memory-{dog.pk}"') :].split("</li>")[0]
    assert "Alice has a dog called Rex" in dog_item
    assert "layer-relevant" in dog_item or "layer-topic" in dog_item
    assert "<dt>relevance</dt>" in dog_item and "<dt>meaning</dt>" in dog_item
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "Bob plays the drums" not in page


def test_edit_delete_and_wrong_act_at_once_and_only_on_ones_own_memories(
    alice_client: Client, alice: User, bob: User, community: Community
) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    bobs = remember(community, bob, "Bob lives in Rome")
    form = alice_client.get(reverse("memory-edit", args=[memory.pk]))
    assert form.status_code == 200 and "memories/_memory_form.html" in [t.name for t in form.templates]
    prefix = f"memory-{memory.pk}"
    saved = alice_client.post(
        reverse("memory-edit", args=[memory.pk]),
        {f"{prefix}-content": "Alice lives in Lyon", f"{prefix}-topics": "home, city", f"{prefix}-kind": "fact"},
    )
    assert saved.status_code == 200 and "Alice lives in Lyon" in saved.content.decode()
    memory.refresh_from_db()
    assert memory.content == "Alice lives in Lyon" and memory.topics == ["home", "city"]
    assert memory.embedding is not None
    revision = MemoryRevision.objects.filter(memory_ref=memory.pk).latest("pk")
    assert revision.action == MemoryRevisionAction.USER_EDIT and revision.actor_user == alice

    wrong = alice_client.post(reverse("memory-remove", args=[memory.pk]), {"wrong": "1"})
    assert wrong.status_code == 200 and wrong.content == b"" and "memoryChanged" in wrong["HX-Trigger"]
    assert not Memory.objects.filter(pk=memory.pk).exists()
    gone = MemoryRevision.objects.filter(memory_ref=memory.pk).latest("pk")
    assert gone.action == MemoryRevisionAction.USER_DELETE and gone.reason == "the person said this is wrong"

    assert alice_client.get(reverse("memory-edit", args=[bobs.pk])).status_code == 404
    assert (
        alice_client.post(reverse("memory-edit", args=[bobs.pk]), {f"memory-{bobs.pk}-content": "x"}).status_code == 404
    )
    assert alice_client.post(reverse("memory-remove", args=[bobs.pk])).status_code == 404
    bobs.refresh_from_db()
    assert bobs.content == "Bob lives in Rome"


def test_an_edit_that_empties_a_memory_is_refused(alice_client: Client, alice: User, community: Community) -> None:
    memory = remember(community, alice, "Alice lives in Paris")
    prefix = f"memory-{memory.pk}"
    response = alice_client.post(
        reverse("memory-edit", args=[memory.pk]), {f"{prefix}-content": "   ", f"{prefix}-kind": "fact"}
    )
    assert response.status_code == 200 and "memories/_memory_form.html" in [t.name for t in response.templates]
    memory.refresh_from_db()
    assert memory.content == "Alice lives in Paris"


def test_memory_updated_appears_when_extraction_from_this_conversation_changes_memories(
    alice_client: Client, alice: User, community: Community, persona: Persona, channel: Channel
) -> None:
    since = timezone.now()
    message = _send(alice_client, persona, "I work as a firefighter")
    url = reverse("chat-updates", args=[persona.pk])
    quiet = alice_client.get(url, {"since": since.isoformat()})
    assert "Memory updated" not in quiet.content.decode() and "HX-Trigger" not in quiet

    # What a bot's channel taught about Alice is not "from this conversation".
    elsewhere = message_record(channel=channel, content="Alice is off to Rome", author=alice)
    memory_create(
        community=community,
        user=alice,
        content="Alice is travelling to Rome",
        kind="plan",
        importance=0.5,
        expires_at=None,
        source=MemorySource.PASSIVE,
        actor=MemoryRevisionActor.LLM,
        source_messages=[elsewhere],
        source_window=elsewhere.window,
    )
    assert "Memory updated" not in alice_client.get(url, {"since": since.isoformat()}).content.decode()

    window = message.window  # the web chat's messages join their channel's window
    assert window is not None
    memory_create(
        community=community,
        user=alice,
        content="Alice works as a firefighter",
        kind="fact",
        importance=0.7,
        expires_at=None,
        source=MemorySource.CHAT,
        actor=MemoryRevisionActor.LLM,
        source_messages=[message],
        source_window=window,
    )
    noticed = alice_client.get(url, {"since": since.isoformat()})
    assert "Memory updated" in noticed.content.decode() and "memoryChanged" in noticed["HX-Trigger"]
    assert "Alice works as a firefighter" in alice_client.get(reverse("chat-panel", args=[persona.pk])).content.decode()


def test_memory_updates_refuse_a_since_that_cannot_be_a_time_and_read_any_other_in_utc(
    alice_client: Client, persona: Persona
) -> None:
    url = reverse("chat-updates", args=[persona.pk])
    # No such day; before the calendar's first moment in UTC; after its last.
    for impossible in ("2026-13-01T00:00:00Z", "0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59"):
        assert alice_client.get(url, {"since": impossible}).status_code == 400, impossible
    # 23:59 UTC on the first day: a real time, whose offset PostgreSQL could not take as it came.
    for real in ("0001-01-01T00:00:00-23:59", "2026-11-01T10:00:00", "2026-11-01T10:00:00+14:00", "", "soon"):
        answered = alice_client.get(url, {"since": real})
        assert answered.status_code == 200 and 'id="memory-updates"' in answered.content.decode(), real


def test_a_new_conversation_ends_the_open_session(alice_client: Client, persona: Persona) -> None:
    message = _send(alice_client, persona, "hello there")
    response = alice_client.post(reverse("chat-new-session", args=[persona.pk]), HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "sessionStarted" in response["HX-Trigger"]
    session = message.session
    assert session is not None
    session.refresh_from_db()
    assert session.ended_at is not None
    message.refresh_from_db()
    assert message.window is not None and message.window.state == "due"  # extracted now, not after the quiet time
    page = alice_client.get(reverse("chat-persona", args=[persona.pk])).content.decode()
    assert "hello there" not in page


def test_people_sign_up_join_the_signup_community_and_land_in_the_chat(client: Client, settings: object) -> None:
    community = community_create(name="Demo Community", slug="demo")
    persona_create(community=community, name="Mira", system_prompt="You are Mira.")
    response = client.post(
        reverse("signup"),
        {
            "username": "dana",
            "display_name": "Dana",
            "password1": "a long passphrase 42",
            "password2": "a long passphrase 42",
        },
    )
    assert response.status_code == 302 and response["Location"] == reverse("chat")
    dana = User.objects.get(username="dana")
    assert dana.memberships.filter(community=community).exists()
    assert client.get(reverse("chat"), follow=True).status_code == 200


def test_signup_can_be_turned_off(client: Client, settings: object) -> None:
    settings.MEMORYHUB_SIGNUP = False  # type: ignore[attr-defined]
    assert client.get(reverse("signup")).status_code == 404
    assert "Sign up" not in client.get(reverse("login")).content.decode()


def test_a_member_logs_in_with_a_password_and_logs_out(client: Client, community: Community) -> None:
    user = user_create(username="demo", password="demo pass 1234")
    membership_set(user=user, community=community)
    page = client.get(reverse("login"))
    assert page.status_code == 200 and "accounts/login.html" in [t.name for t in page.templates]
    response = client.post(reverse("login"), {"username": "demo", "password": "demo pass 1234"})
    assert response.status_code == 302 and response["Location"] == reverse("chat")
    assert client.post(reverse("logout")).status_code == 302
    assert client.get(reverse("chat")).status_code == 302


def test_a_person_changes_their_password(client: Client) -> None:
    user = user_create(username="erin", password="the old passphrase 1")
    client.force_login(user)
    page = client.get(reverse("password_change"))
    assert page.status_code == 200 and "accounts/password_change.html" in [t.name for t in page.templates]
    wrong = client.post(
        reverse("password_change"),
        {"old_password": "not it", "new_password1": "a new passphrase 22", "new_password2": "a new passphrase 22"},
    )
    assert wrong.status_code == 200 and "incorrect" in wrong.content.decode()
    done = client.post(
        reverse("password_change"),
        {
            "old_password": "the old passphrase 1",
            "new_password1": "a new passphrase 22",
            "new_password2": "a new passphrase 22",
        },
    )
    assert done.status_code == 302 and done["Location"] == reverse("password_change_done")
    user.refresh_from_db()
    assert user.check_password("a new passphrase 22")
