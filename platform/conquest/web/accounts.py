"""Accounts on the website: sign up (and be logged in at once), log in, log out by POST.

Signing up and logging in share the API's rate limits (the same budget per address), and
logins the lockout after repeated failures (django-axes: the admin's and the API's too).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.debug import sensitive_post_parameters
from django.views.decorators.http import require_http_methods
from rest_framework.throttling import ScopedRateThrottle

from conquest.accounts.lockout import lockout_seconds
from conquest.accounts.services import user_register
from conquest.web.forms import SignupForm, add_service_error
from engines.core.contract import plural


def rate_wait(request, *, scope: str) -> int | None:
    """None if ``request`` is within the API's rate for ``scope`` (``DEFAULT_THROTTLE_RATES``,
    one budget shared with the API, and counted); else the seconds to wait."""
    throttle = ScopedRateThrottle()
    if throttle.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        return None
    return math.ceil(throttle.wait() or 1)


def too_often(wait: int) -> str:
    """The message of a refused, too frequent request."""
    return f"Too many attempts: try again in {wait} seconds."


@sensitive_post_parameters("password", "password_again")
@require_http_methods(["GET", "POST"])
def signup(request):
    """A new account (the password checked by Django's validators), logged in at once."""
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    if request.method == "GET":
        return render(request, "web/signup.html", {"form": SignupForm()})
    wait = rate_wait(request, scope="register")
    if wait is not None:
        context = {"form": SignupForm(), "refused": too_often(wait)}
        return render(request, "web/signup.html", context, status=429)
    form = SignupForm(request.POST)
    if form.is_valid():
        try:
            user, _ = user_register(
                username=form.cleaned_data["username"], password=form.cleaned_data["password"]
            )
        except ValidationError as error:
            add_service_error(form, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome, {user.username}: create your first bot.")
            return redirect(settings.LOGIN_REDIRECT_URL)
    return render(request, "web/signup.html", {"form": form})


class LoginView(auth_views.LoginView):
    """Django's login, on our page."""

    template_name = "web/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        """Log in, unless this address tried too often (then 429, no password checked)."""
        wait = rate_wait(request, scope="login")
        if wait is None:
            return super().post(request, *args, **kwargs)
        context = self.get_context_data(form=self.form_class(request), refused=too_often(wait))
        return self.render_to_response(context, status=429)


def locked_out(request, original_response=None, credentials=None):
    """The page of a login refused because its address failed too often (the admin's too;
    settings ``AXES_LOCKOUT_CALLABLE``): the login form and how long to wait, status 429."""
    minutes = math.ceil(lockout_seconds() / 60)
    refused = f"Too many failed logins from your address: try again in {plural(minutes, 'minute')}."
    context = {"form": AuthenticationForm(request), "refused": refused}
    return render(request, "web/login.html", context, status=429)


class LogoutView(auth_views.LogoutView):
    """Django's logout (POST only), then the home page."""
