"""The moderation tests share the extraction tests' fake LLM server and real worker."""

from tests.memories.conftest import fake, fake_openai, llm_worker, say  # noqa: F401 - fixtures
