"""Configuration checks: invalid settings fail at start-up with a clear message."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, register

EMBEDDING_PROVIDERS = ("local", "openai")
LOG_FORMATS = ("json", "plain")


@register()
def configuration_check(app_configs: Any = None, **kwargs: Any) -> list[Error]:
    errors: list[Error] = []
    if settings.MEMORYHUB_EMBEDDINGS not in EMBEDDING_PROVIDERS:
        errors.append(
            Error(
                f"MEMORYHUB_EMBEDDINGS={settings.MEMORYHUB_EMBEDDINGS!r} is not a known provider.",
                hint=f"Use one of: {', '.join(EMBEDDING_PROVIDERS)}.",
                id="memoryhub.E001",
            )
        )
    if settings.MEMORYHUB_EMBEDDINGS == "openai" and not settings.OPENAI_API_KEY:
        errors.append(
            Error(
                "MEMORYHUB_EMBEDDINGS=openai needs OPENAI_API_KEY.",
                hint="Set OPENAI_API_KEY, or use the local embeddings (MEMORYHUB_EMBEDDINGS=local).",
                id="memoryhub.E002",
            )
        )
    broker = settings.CELERY_BROKER_URL
    if not broker.startswith(("filesystem://", "redis://", "rediss://", "amqp://", "amqps://")):
        errors.append(
            Error(
                f"CELERY_BROKER_URL={broker!r} uses an unsupported transport.",
                hint="Use redis://…, amqp://…, or leave it unset for the embedded filesystem broker.",
                id="memoryhub.E003",
            )
        )
    for name in (
        "MEMORYHUB_LLM_TIMEOUT",
        "MEMORYHUB_LLM_REQUESTS_PER_MINUTE",
        "MEMORYHUB_LLM_MAX_IN_FLIGHT",
        "MEMORYHUB_LLM_MAX_WAIT_SECONDS",
        "MEMORYHUB_WINDOW_LEASE_SECONDS",
        "MEMORYHUB_EXTRACTION_MAX_ATTEMPTS",
        "MEMORYHUB_EMBEDDING_THREADS",
        "MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS",
        "MEMORYHUB_SIGNUPS_PER_HOUR",
        "MEMORYHUB_CHAT_MESSAGES_PER_MINUTE",
        "MEMORYHUB_WEBHOOKS_TIMEOUT_SECONDS",
        "MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS",
        "MEMORYHUB_WEBHOOKS_LOG_DAYS",
        "MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS",
    ):
        if getattr(settings, name) <= 0:
            errors.append(
                Error(
                    f"{name}={getattr(settings, name)!r} must be positive.",
                    hint="Unset it for the default.",
                    id="memoryhub.E005",
                )
            )
    if (
        settings.MEMORYHUB_LLM_MAX_RETRIES < 0
        or settings.MEMORYHUB_EXTRACTION_RETRY_SECONDS < 0
        or settings.MEMORYHUB_WEBHOOKS_RETRY_SECONDS < 0
    ):
        errors.append(
            Error(
                "MEMORYHUB_LLM_MAX_RETRIES, MEMORYHUB_EXTRACTION_RETRY_SECONDS and MEMORYHUB_WEBHOOKS_RETRY_SECONDS "
                "cannot be negative.",
                hint="Unset them for the defaults.",
                id="memoryhub.E006",
            )
        )
    if settings.DATABASES["default"]["ENGINE"] not in (
        "django.db.backends.postgresql",
        "memoryhub.embedded_postgresql",
    ):
        errors.append(
            Error(
                "MemoryHub runs on PostgreSQL with pgvector only.",
                hint="Set DATABASE_URL=postgres://… or leave it unset for the embedded server.",
                id="memoryhub.E004",
            )
        )
    if settings.MEMORYHUB_LOG_FORMAT not in LOG_FORMATS:
        errors.append(
            Error(
                f"MEMORYHUB_LOG_FORMAT={settings.MEMORYHUB_LOG_FORMAT!r} is not a log format.",
                hint=f"Use one of: {', '.join(LOG_FORMATS)}.",
                id="memoryhub.E007",
            )
        )
    return errors
