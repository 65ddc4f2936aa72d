"""The core tests borrow the API tests' key clients."""

from tests.api.conftest import key_client  # noqa: F401 - fixture
