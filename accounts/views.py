"""The people's account pages: sign up (log in, log out and password change are Django's views)."""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.contrib.auth import login
from django.contrib.auth.forms import AuthenticationForm
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import SignupForm
from accounts.services import signup_wait, user_signup


def signup(request: HttpRequest) -> HttpResponse:
    if not settings.MEMORYHUB_SIGNUP:
        raise Http404("Sign-up is turned off on this site.")
    if request.user.is_authenticated:
        return redirect("chat")
    form = SignupForm(request.POST or None)
    # Each form sent counts, before its password is hashed: accounts (each one a share of the
    # community's LLM allowance) and guesses alike.
    if request.method == "POST" and (wait := signup_wait(client_address=request.META.get("REMOTE_ADDR", ""))):
        minutes = math.ceil(wait / 60)
        form.add_error(
            None,
            f"Too many sign-ups from your address. Try again in {minutes} minute{'s' if minutes != 1 else ''}.",
        )
        return render(request, "accounts/signup.html", {"form": form, "nav": "signup"}, status=429)
    if request.method == "POST" and form.is_valid():
        user = user_signup(
            username=form.cleaned_data["username"],
            password=form.cleaned_data["password1"],
            display_name=form.cleaned_data["display_name"],
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("chat")
    return render(request, "accounts/signup.html", {"form": form, "nav": "signup"})


def login_locked_out(
    request: HttpRequest, response: HttpResponse | None, credentials: dict[str, Any] | None
) -> HttpResponse:
    """django-axes' answer to a login refused during a cool-off (``AXES_LOCKOUT_CALLABLE``): the
    login page again, 429, saying why and for how long. The site's login and the admin's."""
    minutes = math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60)
    context = {"form": AuthenticationForm(request), "nav": "login", "locked_out_minutes": minutes}
    return render(request, "accounts/login.html", context, status=429)
