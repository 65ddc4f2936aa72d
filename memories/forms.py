"""Forms of the people's own pages: correcting a memory, filtering them, the profile, erasure."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms

from accounts.models import Community
from chat.models import Persona
from memories.models import MEMORY_MAX_LENGTH, MemoryKind

PROFILE_SUMMARY_MAX_LENGTH = 4000  # the database's limit (profile_summary_max_length)


class PersonMemoryForm(forms.Form):
    content = forms.CharField(
        max_length=MEMORY_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="What is remembered",
        strip=True,
    )
    topics = forms.CharField(
        required=False, max_length=300, label="Topics", help_text="Comma-separated, e.g. work, pets."
    )
    kind = forms.ChoiceField(choices=MemoryKind.choices, label="Kind")

    def clean_content(self) -> str:
        content = " ".join(self.cleaned_data["content"].split())
        if not content:
            raise forms.ValidationError("A memory cannot be empty: delete it instead.")
        return content

    def clean_topics(self) -> list[str]:
        return [t.strip().lower() for t in self.cleaned_data["topics"].split(",") if t.strip()][:10]


SORT_CHOICES = [
    ("newest", "Newest first"),
    ("importance", "Most important first"),
    ("expiry", "Forgotten soonest first"),
]


class MyMemoryFilterForm(forms.Form):
    """Search, filter and sort of the "My data" memory list (a GET form: the URL keeps it)."""

    q = forms.CharField(
        required=False, max_length=200, label="Search", widget=forms.TextInput(attrs={"type": "search"})
    )
    community = forms.TypedChoiceField(required=False, coerce=int, empty_value=None, label="Community")
    persona = forms.ChoiceField(required=False, label="Persona")
    kind = forms.ChoiceField(required=False, choices=[("", "Any kind"), *MemoryKind.choices], label="Kind")
    topic = forms.ChoiceField(required=False, label="Topic")
    sort = forms.ChoiceField(required=False, choices=SORT_CHOICES, label="Sort")

    def __init__(
        self,
        data: Any,
        *,
        communities: Iterable[Community],
        personas: Iterable[Persona],
        topics: Iterable[str],
        no_persona: str,
    ) -> None:
        super().__init__(data)
        self._choices_set("community", [("", "All communities"), *((c.pk, c.name) for c in communities)])
        self._choices_set(
            "persona",
            [
                ("", "Any persona"),
                (no_persona, "None (for every persona)"),
                *((str(p.pk), f"{p.name} ({p.community.name})") for p in personas),
            ],
        )
        self._choices_set("topic", [("", "Any topic"), *((t, f"#{t}") for t in topics)])

    def _choices_set(self, name: str, choices: list[tuple[Any, str]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices


class ProfileSummaryForm(forms.Form):
    name = forms.CharField(
        required=False,
        max_length=150,
        label="The name you go by here",
        help_text="What memories and the persona call you in this community. Leave it as it is to keep it.",
        strip=True,
    )
    summary = forms.CharField(
        required=False,
        max_length=PROFILE_SUMMARY_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 5}),
        label="What is known about you",
        help_text="One paragraph. Leave it empty to clear it.",
        strip=True,
    )


class EraseAccountForm(forms.Form):
    username = forms.CharField(
        max_length=150,
        label="Your username",
        help_text="Type your username to confirm.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}),
    )

    def __init__(self, data: Any = None, *, expected: str) -> None:
        super().__init__(data)
        self.expected = expected

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        if username != self.expected:
            raise forms.ValidationError("That is not your username: nothing was erased.")
        return username
