"""API errors: every error as ``{"error": {"status", "code", "message", "fields"?, "wait"?}}``.

Django ``ValidationError`` raised by the services becomes a 400 with ``fields`` (messages by
field; ``non_field_errors`` for the rest), as DRF's own validation errors do. Every value of
``fields`` is a list of strings, whatever was raised: a lone message becomes a list of one, and
nested errors (a list's items, an object's keys) are named by their path (``entries.0``).
"""

from __future__ import annotations

import contextlib
import logging
import math
from typing import Any

from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.urls import Resolver404, resolve
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView, set_rollback
from rest_framework.views import exception_handler as drf_exception_handler

logger = logging.getLogger("django.request")


def _fields_of(error: DjangoValidationError) -> dict[str, list[str]]:
    """A Django ValidationError's messages by field (non-field messages together)."""
    non_field = api_settings.NON_FIELD_ERRORS_KEY
    if hasattr(error, "error_dict"):
        return {
            (non_field if name == NON_FIELD_ERRORS else name): list(messages)
            for name, messages in error.message_dict.items()
        }
    return {non_field: list(error.messages)}


def _flat(detail: Any, path: str, into: dict[str, list[str]]) -> None:
    """Add the messages of ``detail`` to ``into``: by path for nested ones."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            _flat(value, f"{path}.{key}" if path else str(key), into)
    elif isinstance(detail, list | tuple):
        for i, value in enumerate(detail):
            if isinstance(value, dict | list | tuple):
                _flat(value, f"{path}.{i}" if path else str(i), into)
            else:
                into.setdefault(path or api_settings.NON_FIELD_ERRORS_KEY, []).append(str(value))
    else:
        into.setdefault(path or api_settings.NON_FIELD_ERRORS_KEY, []).append(str(detail))


def _fields(detail: Any) -> dict[str, list[str]]:
    """A validation error's messages as ``{"<field or path>": ["message", ...]}``."""
    fields: dict[str, list[str]] = {}
    _flat(detail, "", fields)
    return fields


def _first(fields: dict[str, list[str]]) -> str:
    """The first message in ``fields``, prefixed by where it applies."""
    for key, messages in fields.items():
        for message in messages:
            if message:
                return message if key == api_settings.NON_FIELD_ERRORS_KEY else f"{key}: {message}"
    return ""


def error_body(exc: exceptions.APIException, status_code: int) -> dict[str, Any]:
    """The ``error`` object describing ``exc``."""
    if isinstance(exc, exceptions.ValidationError):
        fields = _fields(exc.detail)
        body = {
            "status": status_code,
            "code": "invalid",
            "message": _first(fields) or "invalid input",
            "fields": fields,
        }
    else:
        codes = exc.get_codes()
        body = {
            "status": status_code,
            "code": codes if isinstance(codes, str) else exc.default_code,
            "message": _first(_fields(exc.detail)) or str(exc.default_detail),
        }
    if isinstance(exc, exceptions.Throttled):
        body["wait"] = None if exc.wait is None else math.ceil(exc.wait)
    return body


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's exception handler for the whole API (settings ``EXCEPTION_HANDLER``)."""
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=_fields_of(exc))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = {"error": error_body(exc, response.status_code)}
        return response
    if settings.DEBUG:
        return None  # Django's debug page tells more
    request = context.get("request")
    logger.error(
        "Internal Server Error: %s",
        getattr(request, "path", "?"),
        exc_info=(type(exc), exc, exc.__traceback__),
        extra={"status_code": 500, "request": getattr(request, "_request", request)},
    )
    set_rollback()
    return Response(
        {
            "error": {
                "status": 500,
                "code": "server_error",
                "message": "internal server error: the administrators have the details",
            }
        },
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )


@extend_schema(exclude=True)
class UnknownView(APIView):
    """Any other URL under the API: a 404 in the API's error shape."""

    authentication_classes = []
    permission_classes = [AllowAny]

    def initial(self, request, *args, **kwargs):
        path = request.path
        hint = ""
        if not path.endswith("/"):
            with contextlib.suppress(Resolver404):
                if getattr(resolve(path + "/").func, "view_class", None) is not UnknownView:
                    hint = f" (did you mean {path}/?)"
        raise exceptions.NotFound(f"no API endpoint {path}{hint}")
