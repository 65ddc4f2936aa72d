"""The admin's base for histories and records that nobody may add to, change or delete by hand."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest


class ReadOnlyModelAdmin(admin.ModelAdmin):
    """Entirely read-only: a record that can be edited is not one (audit trails, memory
    histories, the on/off history of memory). Their own services write them."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
