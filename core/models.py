"""Core's one table: the outbox of what happened, which the apps write in their own transactions.

It knows no app: the community and the person an event is about are plain integers, not foreign
keys, and its payload holds ids only, never a memory's text or a platform id.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.functions import Now


class OutboxEventKind(models.TextChoices):
    """What the apps announce; a consumer (webhooks, the MCP server) reads them in order."""

    MEMORY_CREATED = "memory.created"
    MEMORY_UPDATED = "memory.updated"
    MEMORY_DELETED = "memory.deleted"
    WINDOW_FAILED = "window.failed"
    ERASURE_COMPLETED = "erasure.completed"  # the person's account is gone, with everything of theirs
    # One community's erasure took what it held about the person; the account stays (known
    # elsewhere, or staff or a moderator). Its own kind: a consumer of ``erasure.completed`` alone
    # must not take it for the account's end.
    ERASURE_COMMUNITY_COMPLETED = "erasure.community_completed"
    MEMORY_OFF = "memory.off"  # a person's "forget me", or a whole community's switch (no subject)
    MEMORY_ON = "memory.on"


class OutboxEvent(models.Model):
    """One thing that happened, committed with the change it announces or rolled back with it."""

    Kind = OutboxEventKind

    kind = models.CharField(max_length=64, choices=Kind.choices)
    community_id = models.BigIntegerField(null=True, blank=True)
    subject_id = models.BigIntegerField(null=True, blank=True)  # the person it is about; none for a community's
    payload = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(db_default=Now())  # the writing transaction's time
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(kind__in=OutboxEventKind.values), name="outbox_kind_known")]
        indexes = [
            # The consumer's claim reads the oldest undelivered events; delivered ones drop out of it.
            models.Index(fields=["id"], condition=Q(delivered_at__isnull=True), name="outbox_undelivered"),
            models.Index(fields=["subject_id"], name="outbox_subject"),  # erasure finds a person's
        ]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"
