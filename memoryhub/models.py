"""Operational state shared by every process (no business data lives here)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class RateBucket(models.Model):
    """A token bucket in the database, so every worker process draws from the same allowance."""

    name = models.CharField(max_length=64, primary_key=True)
    tokens = models.FloatField()
    updated_at = models.DateTimeField()

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(tokens__gte=0), name="ratebucket_tokens_not_negative")]

    def __str__(self) -> str:
        return f"{self.name}: {self.tokens:.1f}"
