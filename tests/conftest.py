"""Shared people and places for the tests, built through the real services."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.test import override_settings
from hypothesis import settings as hypothesis_settings

from accounts.models import Community, MembershipRole, User
from accounts.services import community_create, identity_resolve, membership_set, user_create
from chat.models import Channel, ChannelKind, Persona
from chat.services import channel_create, persona_create

# Property tests drive the real services against PostgreSQL: no deadline (a statement's time
# varies with the machine's load). In CI (CI=true) every run tries the same examples (derandomized,
# no example database), so a red run is the same run again; on a developer's machine Hypothesis
# explores anew each time and keeps what failed in .hypothesis/.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile("ci", deadline=None, derandomize=True, database=None, print_blob=True)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")

# The files that take longest (seconds, `pytest --durations` on 2 cores, rounded), started first.
# pytest-xdist hands out whole files (`--dist loadfile`); by default it starts the files with the
# most tests first, which left these, a test or two each, running alone at the end while the other
# process had nothing left. `make test` turns that off (`--no-loadscope-reorder`), and this order
# (the longest first) lets both processes finish together. Files not named keep their order after.
SLOW_FILES = {
    "tests/browser/test_chat_browser.py": 75,
    "tests/api/test_schema_fuzz.py": 64,
    "tests/memoryhub/test_web_server.py": 62,
    "tests/memoryhub/test_workers.py": 35,
    "tests/faults/test_beat.py": 34,
    "tests/faults/test_worker_loss.py": 31,
    "tests/integrations/test_mcp.py": 30,
    "tests/browser/test_hostile_text_browser.py": 29,
    "tests/browser/test_security_browser.py": 28,
    "tests/faults/test_database_restart.py": 27,
    "tests/memoryhub/test_configuration.py": 26,
    "tests/memories/test_offline_pipeline.py": 23,
    "tests/memories/test_window_properties.py": 20,
    "tests/clients/test_python_client.py": 19,
    "tests/browser/test_moderation_browser.py": 18,
    "tests/memoryhub/test_database.py": 18,
    "tests/chat/test_newcomer_chat.py": 17,
    "tests/memories/test_context.py": 17,
    "tests/memories/test_extraction_failures.py": 16,
    "tests/faults/test_broker_outage.py": 15,
    "tests/memoryhub/test_security_settings.py": 14,
    "tests/memoryhub/test_seed_demo.py": 14,
    "tests/memoryhub/test_restore_drill.py": 14,
    "tests/browser/test_browser_smoke.py": 13,
    "tests/test_admin.py": 12,
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: -SLOW_FILES.get(item.nodeid.partition("::")[0], 0))  # stable: in-file order kept


@pytest.fixture(autouse=True, scope="session")
def _passwords_hashed_quickly() -> Iterator[None]:
    """A password set in this process costs a millisecond, not 0.3 s of PBKDF2's million
    iterations (tests/support/hashers.py): 93 admin tests each made their operator's."""
    with override_settings(PASSWORD_HASHERS=["tests.support.hashers.QuickPBKDF2PasswordHasher"]):
        yield


@pytest.fixture
def community(db: None) -> Community:
    return community_create(name="Gamers Guild", slug="gamers")


@pytest.fixture
def other_community(db: None) -> Community:
    return community_create(name="Book Club", slug="books")


def _member(community: Community, username: str, role: str = MembershipRole.MEMBER) -> User:
    user = user_create(username=username, display_name=username.title())
    membership_set(user=user, community=community, role=role)
    return user


@pytest.fixture
def owner(community: Community) -> User:
    return _member(community, "owner", MembershipRole.ADMIN)


@pytest.fixture
def member(community: Community) -> User:
    return _member(community, "member")


@pytest.fixture
def outsider(other_community: Community) -> User:
    return _member(other_community, "outsider")


@pytest.fixture
def alice(community: Community) -> User:
    return _member(community, "alice")


@pytest.fixture
def bob(community: Community) -> User:
    return _member(community, "bob")


@pytest.fixture
def charlie(community: Community) -> User:
    return _member(community, "charlie")


@pytest.fixture
def persona(community: Community) -> Persona:
    return persona_create(community=community, name="Mira", system_prompt="You are Mira.")


@pytest.fixture
def channel(community: Community) -> Channel:
    return channel_create(community=community, name="general", external_id="discord-general", topic_bias=["gaming"])


@pytest.fixture
def web_channel(community: Community) -> Channel:
    return channel_create(community=community, name="Web chat", kind=ChannelKind.WEB)


@pytest.fixture
def people(community: Community) -> dict[str, User]:
    """The multi-person scenarios' cast, known to the community through a bot's platform ids."""
    cast = {
        "alice": "alice_456",
        "bob": "bob_123",
        "charlie": "charlie_789",
        "dave": "dave_321",
        "eve": "eve_654",
        "grace": "grace_987",
        "frank": "frank_111",
    }
    return {
        name: identity_resolve(community=community, external_id=handle, display_name=name.title())
        for name, handle in cast.items()
    }


# A real worker on the offline engine, for the modules of any folder that need one.
from tests.memories.conftest import offline_worker  # noqa: E402, F401
