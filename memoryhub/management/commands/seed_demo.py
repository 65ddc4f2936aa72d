from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from memoryhub.demo import DEMO_API_KEY_NAME, demo_logins_file, demo_seed


class Command(BaseCommand):
    help = "Create the demo community, personas, web channel, logins and API key (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        result = demo_seed()
        verb = "Created" if result.created else "Found"
        self.stdout.write(f"{verb} demo community '{result.community.name}' (slug {result.community.slug}).")
        # Never the secrets themselves: this output ends up in logs (make run's, a CI job's).
        logins = ", ".join(f"{login.username} ({login.role})" for login in result.logins)
        self.stdout.write(f"  Logins: {logins}; API key {result.api_key.prefix}… ({DEMO_API_KEY_NAME}).")
        self.stdout.write(f"  Their passwords and the key are in {demo_logins_file()} (readable by you alone).")
