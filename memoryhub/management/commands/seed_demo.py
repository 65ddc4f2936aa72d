from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from memoryhub.demo import demo_seed


class Command(BaseCommand):
    help = "Create the demo community, personas, web channel, logins and API key (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        result = demo_seed()
        verb = "Created" if result.created else "Found"
        self.stdout.write(f"{verb} demo community '{result.community.name}' (slug {result.community.slug}).")
        for login in result.logins:
            self.stdout.write(f"  login {login.username:<10} password {login.password}  ({login.role})")
        if result.api_key_plaintext:
            self.stdout.write(self.style.WARNING(f"  API key (shown once, store it now): {result.api_key_plaintext}"))
        else:
            self.stdout.write(f"  API key {result.api_key.prefix}… exists (its secret was shown when it was created).")
