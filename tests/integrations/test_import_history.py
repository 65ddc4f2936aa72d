"""`manage.py import_history`: Discord, Slack and JSONL history in through ingest, once, with its times."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from io import StringIO
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from accounts.models import Community, ExternalIdentity
from accounts.services import identity_resolve, profile_memory_enabled_set
from chat.ingest import IngestItem, messages_ingest
from chat.models import Channel, ConversationWindow, ConversationWindowState, Message
from memories.models import Memory, RecallEntry
from tests.support.processes import PROJECT_DIR, child_environment, wait_until

SAMPLES = Path(__file__).parent / "samples"


def import_history(*args: object) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_history", *map(str, args), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def conversations(channel: Channel) -> list[list[str]]:
    """The channel's messages (their platform ids) window by window, oldest first."""
    windows: dict[int, list[str]] = {}
    for message in Message.objects.filter(channel=channel).order_by("created_at"):
        windows.setdefault(message.window_id or 0, []).append(message.external_id or "")
    return list(windows.values())


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


@pytest.mark.django_db
def test_a_discord_export_goes_in_once_with_its_own_times_in_windows_split_at_the_quiet_gap(
    community: Community,
) -> None:
    # The bot is live in the channel already: its open window takes none of the old lines (it is
    # closed by them, and the talk goes on in a new one).
    live = messages_ingest(
        community=community,
        items=[IngestItem(channel="700000000000000010", content="hi all", sent_at=timezone.now(), author="dan_1")],
    )

    out, err = import_history(SAMPLES / "discord.json", "--community", community.slug)

    channel = Channel.objects.get(community=community, external_id="700000000000000010")
    stored = Message.objects.filter(channel=channel, external_id__startswith="8").order_by("created_at")
    assert [(m.external_id, m.created_at, m.content) for m in stored] == [
        ("800000000000000002", at("2025-03-01T18:01:00+00:00"), "I'm moving to Austin next month"),
        ("800000000000000003", at("2025-03-01T18:01:40+00:00"), "Nice! I hate battle royales by the way"),
        ("800000000000000006", at("2025-03-01T21:30:20+00:00"), "that is my cat Miso, she is three"),
    ]
    assert conversations(channel) == [
        ["800000000000000002", "800000000000000003"],
        ["800000000000000006"],
        [live.messages[0].external_id or ""],
    ]
    old = ConversationWindow.objects.filter(channel=channel, first_message_at__year=2025)
    assert {(w.state, w.close_reason) for w in old} == {(ConversationWindowState.DUE, "quiet")}
    assert ExternalIdentity.objects.get(community=community, external_id="100000000000000001").display_name == "Alice"
    assert "Imported 3 messages." in out
    assert "1 written by a bot" in out and "1 system messages" in out and "1 without text" in out
    assert "Importing" in err  # the progress bar

    again, _ = import_history(SAMPLES / "discord.json", "--community", community.slug)

    assert Message.objects.filter(channel=channel).count() == 4
    assert "Imported 0 messages." in again and "3 already imported" in again


@pytest.mark.django_db
def test_a_slack_export_folder_goes_in_by_the_channel_picked_with_names_people_read(community: Community) -> None:
    with pytest.raises(CommandError, match="general, random: name one with --channel"):
        import_history(SAMPLES / "slack", "--community", community.slug)

    out, _ = import_history(SAMPLES / "slack", "--community", community.slug, "--channel", "general")

    channel = Channel.objects.get(community=community)
    assert (channel.external_id, channel.name) == ("C01GENERAL", "general")
    assert list(Message.objects.order_by("created_at").values_list("author__display_name", "content")) == [
        ("Olga", "morning all, I work as a nurse at the night shift"),
        ("Priya Shah", "@Olga night shifts & coffee, respect"),
        ("Priya Shah", "I just adopted a rabbit named Bun"),
    ]
    assert conversations(channel) == [["1739181660.000200", "1739181700.000300"], ["1739268000.000100"]]
    assert "Imported 3 messages." in out
    assert "2 written by a bot" in out and "1 system messages" in out and "1 without text" in out


@pytest.mark.django_db
def test_jsonl_names_its_malformed_lines_and_a_file_it_cannot_read_writes_nothing(
    community: Community, tmp_path: Path
) -> None:
    garbage = tmp_path / "notes.jsonl"
    garbage.write_text("name,said\nAlice,hello\n")
    with pytest.raises(CommandError, match=r"No line of notes.jsonl is a message: line 1: not JSON"):
        import_history(garbage, "--community", community.slug, "--channel", "history")
    with pytest.raises(CommandError, match="--channel"):
        import_history(SAMPLES / "history.jsonl", "--community", community.slug)
    assert not Message.objects.exists() and not Channel.objects.exists()
    # Olga's memory was off in May 2025, on again since: what she said then is kept, not remembered.
    olga = identity_resolve(community=community, external_id="olga_777", display_name="Olga")
    with time_machine.travel(datetime(2025, 4, 1, tzinfo=UTC)):
        profile_memory_enabled_set(user=olga, community=community, enabled=False)
    profile_memory_enabled_set(user=olga, community=community, enabled=True)

    out, _ = import_history(SAMPLES / "history.jsonl", "--community", community.slug, "--channel", "history")

    assert Message.objects.count() == 4
    assert Message.objects.get(author__identities__external_id="4242").created_at == at("2025-05-01T12:30:00Z")
    assert "Imported 4 messages." in out and "Skipped 2:" in out
    assert "line 3: malformed (not JSON: Expecting value)" in out
    assert "line 5: malformed (needs author (a platform id) and content (text))" in out
    assert "1 messages were said while their author's memory was off" in out

    again, _ = import_history(SAMPLES / "history.jsonl", "--community", community.slug, "--channel", "history")

    assert Message.objects.count() == 4 and "4 already imported" in again  # lines without an id too


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_history_imported_on_the_command_line_is_remembered_and_recalled_by_the_worker(
    community: Community, offline_worker: Path
) -> None:
    olga = identity_resolve(community=community, external_id="olga_777", display_name="Olga")
    with time_machine.travel(datetime(2025, 4, 1, tzinfo=UTC)):
        profile_memory_enabled_set(user=olga, community=community, enabled=False)
    profile_memory_enabled_set(user=olga, community=community, enabled=True)
    env = child_environment(var_dir=Path(settings.VAR_DIR), broker_url=settings.CELERY_BROKER_URL)
    command = [sys.executable, "manage.py", "import_history", str(SAMPLES / "history.jsonl")]
    command += ["--community", community.slug, "--channel", "history"]

    run = subprocess.run(command, cwd=PROJECT_DIR, env=env, capture_output=True, text=True, timeout=120, check=False)

    assert run.returncode == 0, run.stderr
    assert "Imported 4 messages." in run.stdout and "Importing" in run.stderr
    windows = ConversationWindow.objects.filter(channel__external_id="history")
    finished = (ConversationWindowState.DONE, ConversationWindowState.FAILED)
    wait_until(lambda: windows.filter(state__in=finished).count() == 2, timeout=90)
    assert {w.state for w in windows} == {ConversationWindowState.DONE}
    memories = set(Memory.objects.values_list("user__identities__external_id", "content"))
    assert ("bob_123", "Bob hates battle royales") in memories
    assert not any(handle == "olga_777" for handle, _ in memories)
    recalled = set(RecallEntry.objects.values_list("message__content", flat=True))
    assert "I'm moving to Austin next month" in recalled and "I'm allergic to peanuts" not in recalled
