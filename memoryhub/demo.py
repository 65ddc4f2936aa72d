"""The demo data `make run` starts with: one community, two personas, a web channel, two logins, one key.

Idempotent: a second run finds everything in place and changes nothing. Demo passwords and the
demo bot's API key are generated on the first run and kept in ``var/demo_logins.txt``
(git-ignored, readable by its owner alone); `make run` says where they are and never prints
them, so that no log holds them.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import transaction

from accounts.models import ApiKey, ApiKeyScope, Community, MembershipRole, User
from accounts.services import apikey_create, community_create, membership_set, user_create, user_staff_set
from chat.models import Channel, ChannelKind, Persona
from chat.services import channel_create, persona_create

DEMO_COMMUNITY_SLUG = "demo"
DEMO_API_KEY_NAME = "demo bot"
DEMO_PERSONAS = [
    (
        "Mira",
        "A warm, curious companion",
        "You are Mira, a warm and curious companion. You remember what people tell you and "
        "ask about their lives. Keep replies short and kind.",
    ),
    (
        "Sage",
        "A concise gaming buddy",
        "You are Sage, a concise and witty gaming buddy in a community chat. You remember "
        "everyone's favourite games and plans, and keep replies to two sentences.",
    ),
]


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str


@dataclass(frozen=True)
class DemoSeedResult:
    community: Community
    created: bool
    logins: list[DemoLogin]
    api_key: ApiKey
    api_key_plaintext: str | None  # only when the key was created by this run


API_KEY_LINE = "api_key"  # the line of the logins file that keeps the demo bot's key


def demo_logins_file() -> Path:
    return Path(settings.VAR_DIR) / "demo_logins.txt"


def _secrets_write(path: Path, lines: dict[str, str]) -> None:
    """Write ``name secret`` lines to ``path``, readable and writable by its owner alone from
    the moment it exists (an older file's wider mode is narrowed first)."""
    if path.exists():
        path.chmod(0o600)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write("".join(f"{name} {secret}\n" for name, secret in lines.items()))


def _demo_login(*, username: str, role: str, staff: bool, known: dict[str, str]) -> tuple[User, DemoLogin]:
    user = User.objects.filter(username=username).first()
    if user is None:
        password = secrets.token_urlsafe(9)
        user = user_create(username=username, password=password, display_name=username.title())
        known[username] = password
    user_staff_set(user=user, staff=staff)  # an earlier seed's moderator was staff
    return user, DemoLogin(
        username=username, password=known.get(username, "(set before; see var/demo_logins.txt)"), role=role
    )


@transaction.atomic
def demo_seed() -> DemoSeedResult:
    community = Community.objects.filter(slug=DEMO_COMMUNITY_SLUG).first()
    created = community is None
    if community is None:
        community = community_create(name="Demo Community", slug=DEMO_COMMUNITY_SLUG)

    for name, description, prompt in DEMO_PERSONAS:
        if not Persona.objects.filter(community=community, name=name).exists():
            persona_create(community=community, name=name, description=description, system_prompt=prompt)
    if not Channel.objects.filter(community=community, kind=ChannelKind.WEB).exists():
        channel_create(community=community, name="Web chat", kind=ChannelKind.WEB)

    path = demo_logins_file()
    known = dict(line.split(" ", 1) for line in path.read_text().splitlines() if " " in line) if path.exists() else {}
    demo_user, demo_login = _demo_login(username="demo", role="member", staff=False, known=known)
    # The community's moderator works in /moderation/, scoped to the demo community; operations
    # (communities, periodic tasks, keys) are staff's, in the Django admin.
    moderator, moderator_login = _demo_login(username="moderator", role="moderator", staff=False, known=known)
    _, admin_login = _demo_login(username="admin", role="staff", staff=True, known=known)
    membership_set(user=demo_user, community=community, role=MembershipRole.MEMBER)
    membership_set(user=moderator, community=community, role=MembershipRole.MODERATOR)

    plaintext = None
    api_key = ApiKey.objects.filter(community=community, name=DEMO_API_KEY_NAME, revoked_at__isnull=True).first()
    if api_key is None:
        api_key, plaintext = apikey_create(
            community=community, name=DEMO_API_KEY_NAME, scopes=ApiKeyScope.values, created_by=moderator
        )
        known[API_KEY_LINE] = plaintext
    _secrets_write(path, known)
    return DemoSeedResult(
        community=community,
        created=created,
        logins=[demo_login, moderator_login, admin_login],
        api_key=api_key,
        api_key_plaintext=plaintext,
    )
