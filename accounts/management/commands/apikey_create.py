"""`manage.py apikey_create --community demo`: a new API key for a community's bot.

Only the key goes to stdout, so that ``KEY=$(.venv/bin/python manage.py apikey_create --community demo)``
works in a shell; what it is for goes to stderr. The key is stored hashed and never shown again.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from accounts.models import ApiKeyScope, Community
from accounts.services import apikey_create


class Command(BaseCommand):
    help = "Create an API key for a community's bot and print it (only the key, on stdout; it is shown once)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--community", required=True, help="the community's slug, e.g. demo")
        parser.add_argument("--name", default="command line", help="what the key is for, shown in the admin")
        parser.add_argument(
            "--scopes",
            default=",".join(ApiKeyScope.values),
            help=f"comma-separated, of {', '.join(ApiKeyScope.values)} (default: all of them)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        community = Community.objects.filter(slug=options["community"]).first()
        if community is None:
            raise CommandError(f"No community has the slug {options['community']!r}.")
        scopes = [scope.strip() for scope in options["scopes"].split(",") if scope.strip()]
        unknown = [scope for scope in scopes if scope not in ApiKeyScope.values]
        if unknown or not scopes:
            problem = f"Unknown scope {', '.join(map(repr, unknown))}." if unknown else "Give at least one scope."
            raise CommandError(f"{problem} The scopes are: {', '.join(ApiKeyScope.values)}.")
        api_key, raw_key = apikey_create(community=community, name=options["name"], scopes=scopes)
        self.stderr.write(
            f"Key {api_key.prefix}… ({api_key.name!r}) for {community.slug}, scopes {', '.join(api_key.scopes)}; "
            "it is not shown again."
        )
        self.stdout.write(raw_key)
