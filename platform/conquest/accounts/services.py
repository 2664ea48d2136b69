"""Writes on user accounts: registration and API tokens."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token


def user_register(*, username: str, password: str, email: str = "") -> tuple[object, Token]:
    """A new user (password checked by the configured validators) and its API token."""
    User = get_user_model()
    if User.objects.filter(username__iexact=username).exists():
        raise ValidationError({"username": f"the username {username!r} is taken"})
    try:
        validate_password(password, user=User(username=username, email=email))
    except ValidationError as error:
        raise ValidationError({"password": error.messages}) from error
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, email=email, password=password)
            return user, Token.objects.create(user=user)
    except IntegrityError:  # the same name registered at the same moment
        raise ValidationError({"username": f"the username {username!r} is taken"}) from None


def user_token_get(*, user) -> Token:
    """The API token of ``user``, created on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token
