"""Forms of the people's own pages: signing up."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.validators import ASCIIUsernameValidator

from accounts.models import User


class SignupForm(UserCreationForm):  # type: ignore[type-arg]  # generic only in the stubs
    """A new account. The username is checked before it is looked up: a name no sign-up may take
    (a bot's account, ``community:platform-id``; letters of another script that look like
    Latin ones, "admin" spelt with a Cyrillic a) is refused alike whether or not someone has it, so
    the form tells nothing about which platform ids a community knows. The password must pass
    ``AUTH_PASSWORD_VALIDATORS`` (Django's form applies them)."""

    display_name = forms.CharField(
        max_length=150, required=False, label="Your name", help_text="How the personas address you (optional)."
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "display_name")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "Unaccented Latin letters, digits and @ . + - _ only; 150 at most."

    def clean_username(self) -> str:
        username = self.cleaned_data.get("username")
        if username:
            ASCIIUsernameValidator()(username)  # raises: no look-up of a name no one may sign up with
        return super().clean_username()  # type: ignore[no-any-return]
