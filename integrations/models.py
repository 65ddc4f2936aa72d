"""Webhooks: a community's endpoints, and the log of what was sent to each.

A delivery names its outbox event (``core.OutboxEvent``) by a foreign key that cascades: an
erasure, which deletes every event about the person, takes their deliveries with them. A delivery
keeps ids, a status and a response code; never the body it sent, so no memory's text and no
platform id is kept here (the body is built anew at each attempt).
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now

from accounts.models import Community
from core.models import OutboxEvent, OutboxEventKind


class WebhookEndpoint(models.Model):
    """Where a community's events are posted, which ones, and the secret that signs them."""

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="webhook_endpoints")
    url = models.URLField("URL", max_length=2000)
    events = ArrayField(models.CharField(max_length=64, choices=OutboxEventKind.choices))
    # Standard Webhooks' form: "whsec_" and the key in base64; signs every request (HMAC-SHA256).
    secret = models.CharField(max_length=100)
    include_text = models.BooleanField(
        default=False, help_text="Send a memory's text with memory.created and memory.updated (https only)."
    )
    enabled = models.BooleanField(default=True)
    failing_since = models.DateTimeField(null=True, blank=True)  # the first failure since the last success
    disabled_reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(events__contained_by=OutboxEventKind.values), name="webhook_endpoint_events_known"
            ),
            models.CheckConstraint(
                condition=Q(include_text=False) | Q(url__startswith="https://"), name="webhook_endpoint_text_over_https"
            ),
        ]

    def __str__(self) -> str:
        return self.url


class WebhookDeliveryStatus(models.TextChoices):
    PENDING = "pending"  # waiting for its first attempt, or for the next after a failure
    DELIVERED = "delivered"
    FAILED = "failed"  # given up: a day of failures, or its endpoint disabled; a Resend tries again


class WebhookDelivery(models.Model):
    """One event for one endpoint, sent with the same ``webhook-id`` on every attempt."""

    Status = WebhookDeliveryStatus

    endpoint = models.ForeignKey(WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(OutboxEvent, on_delete=models.CASCADE, related_name="+")
    message_id = models.CharField(max_length=40, unique=True)  # the webhook-id header
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    response_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)  # why the last attempt failed
    queued_at = models.DateTimeField(db_default=Now())  # made or resent: it gives up a day after
    # When it may be tried next: a failure's back-off, or an attempt's lease while one is under way.
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_attempt_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "webhook deliveries"
        constraints = [
            models.UniqueConstraint(fields=["endpoint", "event"], name="webhook_delivery_once_per_event"),
            models.CheckConstraint(
                condition=Q(status__in=WebhookDeliveryStatus.values), name="webhook_delivery_status"
            ),
        ]
        indexes = [
            # The sweep's read: pending deliveries whose time has come.
            models.Index(
                fields=["next_attempt_at"], condition=Q(status=WebhookDeliveryStatus.PENDING), name="webhook_due"
            ),
        ]

    def __str__(self) -> str:
        return self.message_id
