from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from chat.models import ConversationWindow, ConversationWindowCloseReason, ConversationWindowState
from chat.windows import window_close


class Command(BaseCommand):
    help = "Close open conversation windows now and queue their extraction (instead of waiting for the quiet time)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--community", help="Only this community (slug).")
        parser.add_argument("--channel", help="Only this channel (the bot's channel id); needs --community.")

    def handle(self, *args: Any, **options: Any) -> None:
        windows = ConversationWindow.objects.filter(state=ConversationWindowState.OPEN).select_related("channel")
        if options["community"]:
            windows = windows.filter(channel__community__slug=options["community"])
        if options["channel"]:
            if not options["community"]:
                raise CommandError("--channel needs --community: channel ids are per community.")
            windows = windows.filter(channel__external_id=options["channel"])
        closed = [window_close(window=w, reason=ConversationWindowCloseReason.MANUAL) for w in windows.order_by("pk")]
        for window in closed:
            self.stdout.write(f"window {window.pk} of #{window.channel.name}: {window.message_count} messages, queued")
        self.stdout.write(f"{len(closed)} window{'s' if len(closed) != 1 else ''} closed; a worker extracts them now.")
