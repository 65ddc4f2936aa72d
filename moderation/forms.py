"""The moderator's forms: filtering a community's memories, and correcting one."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from django import forms
from django.http import QueryDict

from chat.models import Persona
from memories.forms import EraseAccountForm, PersonMemoryForm
from memories.models import MemoryKind, MemorySource
from memories.selectors.mine import NO_PERSONA
from moderation.selectors import MEMORY_SORTS, MemoryFilters


class MemoryFilterForm(forms.Form):
    """A GET form: the URL keeps the filters, so a filtered list can be shared and reloaded."""

    person = forms.CharField(
        required=False,
        max_length=200,
        label="Person",
        widget=forms.TextInput(attrs={"placeholder": "platform id or name"}),
    )
    q = forms.CharField(
        required=False, max_length=200, label="Search", widget=forms.TextInput(attrs={"type": "search"})
    )
    kind = forms.ChoiceField(required=False, choices=[("", "Any kind"), *MemoryKind.choices], label="Kind")
    topic = forms.CharField(required=False, max_length=64, label="Topic")
    source = forms.ChoiceField(required=False, choices=[("", "Any source"), *MemorySource.choices], label="Source")
    importance_min = forms.FloatField(required=False, min_value=0, max_value=1, label="Importance from")
    importance_max = forms.FloatField(required=False, min_value=0, max_value=1, label="to")
    expiring_within_days = forms.IntegerField(
        required=False, min_value=0, max_value=3650, label="Expiring within (days)"
    )
    permanent = forms.BooleanField(required=False, label="Permanent only")
    persona = forms.ChoiceField(required=False, label="Persona")
    channel = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label="Said in")
    reported_by = forms.CharField(
        required=False,
        max_length=200,
        label="Reported by",
        widget=forms.TextInput(attrs={"placeholder": "platform id or name"}),
    )
    created_from = forms.DateField(required=False, label="Made from", widget=forms.DateInput(attrs={"type": "date"}))
    created_to = forms.DateField(required=False, label="to", widget=forms.DateInput(attrs={"type": "date"}))
    sort = forms.ChoiceField(required=False, choices=list(MEMORY_SORTS.items()), label="Sort")

    def __init__(
        self, data: Any = None, *, personas: Iterable[Persona] = (), channels: Iterable[tuple[int, str]] = ()
    ) -> None:
        super().__init__(data)
        self.fields["persona"].choices = [  # type: ignore[attr-defined]
            ("", "Any persona"),
            (NO_PERSONA, "None (for every persona)"),
            *((str(p.pk), p.name) for p in personas),
        ]
        self.fields["channel"].choices = [("", "Any channel"), *channels]  # type: ignore[attr-defined]

    def clean_created_to(self) -> date | None:
        day: date | None = self.cleaned_data.get("created_to")
        if day is not None and day >= date.max:  # the list runs to the next day's start: 9999-12-31 has none
            raise forms.ValidationError(f"Pick a day before {date.max.isoformat()}.")
        return day

    def chosen_sort(self) -> str:
        """The order asked for (newest first unless a valid one is given)."""
        wanted = self.cleaned_data.get("sort") if self.is_valid() else ""
        return wanted or "newest"

    def filters(self) -> MemoryFilters:
        """The filters of a valid form (an invalid one filters nothing: its errors are shown)."""
        if not self.is_valid():
            return MemoryFilters()
        data: dict[str, Any] = self.cleaned_data
        return MemoryFilters(
            person=data["person"].strip(),
            text=data["q"].strip(),
            kind=data["kind"],
            topic=data["topic"].strip().lower(),
            source=data["source"],
            importance_min=data["importance_min"],
            importance_max=data["importance_max"],
            expiring_within_days=data["expiring_within_days"],
            permanent_only=data["permanent"],
            persona=data["persona"],
            channel=data["channel"],
            reported_by=data["reported_by"].strip(),
            created_from=data["created_from"],
            created_to=data["created_to"],
        )


class ModeratorMemoryForm(PersonMemoryForm):
    """What a moderator may correct: the person's fields, and how much and how long it matters."""

    importance = forms.FloatField(min_value=0, max_value=1, label="Importance", help_text="0 to 1")
    expires_at = forms.DateTimeField(
        required=False,
        label="Forgotten at",
        help_text="Empty: kept until deleted.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class PersonEraseForm(EraseAccountForm):
    """A moderator confirms an erasure by typing the person's username."""

    def __init__(self, data: Any = None, *, expected: str) -> None:
        super().__init__(data, expected=expected)
        self.fields["username"].label = "Their username"
        self.fields["username"].help_text = f"Type {expected} to confirm."


class BulkForm(forms.Form):
    """What to do with the memories ticked on the page."""

    ACTIONS = [("delete", "Delete"), ("importance", "Set importance"), ("expiry", "Set expiry")]
    NO_ACTION = ("", "Choose an action…")  # the default: a slip of Apply must not delete

    action = forms.ChoiceField(
        choices=[NO_ACTION, *ACTIONS],
        label="Action",
        error_messages={"required": "Choose what to do with the ticked memories."},
    )
    importance = forms.FloatField(required=False, min_value=0, max_value=1, label="Importance")
    expires_at = forms.DateTimeField(
        required=False,
        label="Forgotten at",
        help_text="Empty: kept until deleted.",
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )

    def memory_ids(self) -> list[int]:
        """The ticked memories' ids (any may be posted: the service keeps the community's own)."""
        values = self.data.getlist("ids") if isinstance(self.data, QueryDict) else []
        return [int(value) for value in values if value.isdigit()]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.memory_ids():
            self.add_error(None, "Tick the memories to change first.")
        if cleaned.get("action") == "importance" and cleaned.get("importance") is None:
            self.add_error("importance", "Say which importance to set.")
        return cleaned
