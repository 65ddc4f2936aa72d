"""Load the embedding model once before the servers start (``make run`` calls it).

With local embeddings and integer kernels this builds the model's integer-kernel copy under
``var/models/`` if this machine has none yet (a few seconds, once), so no bot waits for it on
its first request. Idempotent; with ``MEMORYHUB_EMBEDDINGS=openai`` it does nothing.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from memoryhub.ai.embeddings import embedder_prepare


class Command(BaseCommand):
    help = "Load (and on first use build) the local embedding model, so the first request does not wait."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.monotonic()
        embedder = embedder_prepare()
        if embedder is None:
            self.stdout.write(f"embeddings: {settings.MEMORYHUB_EMBEDDINGS}, nothing to prepare")
            return
        self.stdout.write(
            f"embeddings: {embedder.model_name} ({settings.MEMORYHUB_EMBEDDING_KERNELS} kernels) ready "
            f"in {time.monotonic() - started:.1f} s"
        )
