"""Writes on user accounts: registration and API tokens.

A user's API token is shown once, when issued (registration, ``auth/token``); only its
SHA-256 is stored, as for bot tokens. A user holds at most ``MAX_TOKENS`` tokens: issuing one
more deletes the least recently used.
"""

from __future__ import annotations

import hashlib
import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from conquest.accounts.models import UserToken

TOKEN_PREFIX = "cau_"
PREFIX_LENGTH = 8
MAX_TOKENS = 25
"""The most API tokens one user holds at once."""


def user_register(*, username: str, password: str, email: str = "") -> tuple[object, str]:
    """A new user (password checked by the configured validators) and its first API token
    (the plaintext, never shown again)."""
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
            return user, user_token_issue(user=user)
    except IntegrityError:  # the same name registered at the same moment
        raise ValidationError({"username": f"the username {username!r} is taken"}) from None


def token_digest(*, token: str) -> str:
    """The stored form of a token: its SHA-256 (tokens are long and random, so this suffices)."""
    return hashlib.sha256(token.encode()).hexdigest()


def user_token_issue(*, user) -> str:
    """A new API token for ``user``: the plaintext, which is never stored nor shown again.
    The user's least recently used tokens beyond ``MAX_TOKENS`` are deleted."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    with transaction.atomic():
        UserToken.objects.create(
            user=user, prefix=token[:PREFIX_LENGTH], digest=token_digest(token=token)
        )
        kept = UserToken.objects.filter(user=user).order_by(
            Coalesce("last_used_at", "created_at").desc(), "-pk"
        )
        stale = list(kept.values_list("pk", flat=True)[MAX_TOKENS:])
        if stale:
            UserToken.objects.filter(pk__in=stale).delete()
    return token


def user_token_authenticate(*, token: str) -> UserToken | None:
    """The API token matching ``token`` (with its user), or None; records when it was used."""
    record = (
        UserToken.objects.select_related("user").filter(digest=token_digest(token=token)).first()
    )
    if record is not None:
        UserToken.objects.filter(pk=record.pk).update(last_used_at=timezone.now())
    return record
