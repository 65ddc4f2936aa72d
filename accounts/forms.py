"""Forms of the people's own pages: signing up."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from accounts.models import User


class SignupForm(UserCreationForm):  # type: ignore[type-arg]  # generic only in the stubs
    display_name = forms.CharField(
        max_length=150, required=False, label="Your name", help_text="How the personas address you (optional)."
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "display_name")
