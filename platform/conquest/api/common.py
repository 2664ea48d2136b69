"""Shared by every API domain: base serializers and views, input checks, lookups, error schema."""

from __future__ import annotations

from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView


class StrictInput(serializers.Serializer):
    """An input that refuses unknown fields."""

    def validate(self, attrs):
        if isinstance(self.initial_data, dict):
            unknown = sorted(set(self.initial_data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    dict.fromkeys(unknown, "unknown or read-only field")
                )
        return attrs


class EntryBotFields(serializers.Serializer):
    """The bot, version and owner behind an object's league ``entry``."""

    bot = serializers.IntegerField(source="entry.version.bot_id", read_only=True)
    bot_name = serializers.CharField(source="entry.version.bot.name", read_only=True)
    version = serializers.IntegerField(source="entry.version_id", read_only=True)
    version_number = serializers.IntegerField(source="entry.version.number", read_only=True)
    owner = serializers.CharField(source="entry.version.bot.owner.username", read_only=True)


class ErrorDetailOutput(serializers.Serializer):
    """What went wrong."""

    status = serializers.IntegerField(help_text="The HTTP status.")
    code = serializers.CharField(help_text="invalid, not_found, permission_denied, throttled…")
    message = serializers.CharField(help_text="A readable summary.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="400: the messages by field (non_field_errors for the rest).",
    )
    wait = serializers.IntegerField(
        required=False, allow_null=True, help_text="429: seconds to wait."
    )


class ErrorOutput(serializers.Serializer):
    """Every error response."""

    error = ErrorDetailOutput()


def error_responses(*codes: int) -> dict:
    """Error responses for the schema, all in the shape of ``errors.py``."""
    return dict.fromkeys(codes, ErrorOutput)


def validated(serializer_class, data, **kwargs) -> dict:
    """``data`` validated by ``serializer_class`` (400 with the fields at fault otherwise)."""
    serializer = serializer_class(data=data, **kwargs)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def or_404(obj, what: str, pk: int):
    """``obj``, or 404 naming what was not found."""
    if obj is None:
        raise exceptions.NotFound(f"no {what} with id {pk}")
    return obj


class ListingView(APIView):
    """A view whose GET is a paginated list (``limit`` and ``offset``)."""

    pagination_class = api_settings.DEFAULT_PAGINATION_CLASS

    def page(self, queryset, serializer_class) -> Response:
        """One page of ``queryset``, serialized."""
        paginator = self.pagination_class()
        items = paginator.paginate_queryset(queryset, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(items, many=True).data)
