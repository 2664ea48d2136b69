"""Shared by every API domain: base serializers and views, input checks, lookups, error schema."""

from __future__ import annotations

from rest_framework import exceptions, serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.response import Response
from rest_framework.views import APIView


class Conflict(exceptions.APIException):
    """409: the request cannot be met in the resource's current state (it may be later)."""

    status_code = 409
    default_code = "conflict"
    default_detail = "not possible now"


class ListedChoiceField(serializers.ChoiceField):
    """A choice field whose refusal lists the valid choices."""

    def __init__(self, choices, **kwargs):
        super().__init__(choices, **kwargs)
        valid = ", ".join(str(choice) for choice in self.choices)
        self.error_messages["invalid_choice"] = f'"{{input}}" is not a valid choice: {valid}.'


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


MAX_PAGE_SIZE = 200
MAX_OFFSET = 1_000_000_000


class PageQuery(serializers.Serializer):
    """The pagination's query parameters."""

    limit = serializers.IntegerField(required=False, min_value=1)
    offset = serializers.IntegerField(required=False, min_value=0, max_value=MAX_OFFSET)


class Pagination(LimitOffsetPagination):
    """Pages by ``limit`` and ``offset``: ``PAGE_SIZE`` items unless asked, never more than
    ``max_limit`` (a larger ``limit`` gets that many). A ``limit`` below 1, an ``offset``
    below 0 or above ``MAX_OFFSET``, or either one not an integer, is refused (400 naming
    it)."""

    max_limit = MAX_PAGE_SIZE

    def get_limit(self, request) -> int:
        limit = validated(PageQuery, request.query_params).get("limit", self.default_limit)
        return min(limit, self.max_limit)

    def get_offset(self, request) -> int:
        return validated(PageQuery, request.query_params).get("offset", 0)

    def get_schema_operation_parameters(self, view) -> list[dict]:
        bounds = {"limit": {"minimum": 1}, "offset": {"minimum": 0, "maximum": MAX_OFFSET}}
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"].update(bounds.get(parameter["name"], {}))
        return parameters


class ListingView(APIView):
    """A view whose GET is a paginated list (``limit`` and ``offset``), filtered by the query
    parameters of ``query`` (if any); any other query parameter is refused (400 naming it)."""

    pagination_class = Pagination
    query: type[serializers.Serializer] | None = None
    """The list's filters, as query parameters."""

    def initial(self, request, *args, **kwargs) -> None:
        super().initial(request, *args, **kwargs)
        if request.method == "GET":
            known = {"limit", "offset", *(self.query().fields if self.query else ())}
            unknown = sorted(set(request.query_params) - known)
            if unknown:
                why = f"unknown query parameter (known: {sorted(known)})"
                raise exceptions.ValidationError({name: [why] for name in unknown})

    def filters(self) -> dict:
        """The list's filters, validated from the query string (400 naming a bad one)."""
        return dict(validated(self.query, self.request.query_params)) if self.query else {}

    def page(self, queryset, serializer_class) -> Response:
        """One page of ``queryset``, serialized."""
        paginator = self.pagination_class()
        items = paginator.paginate_queryset(queryset, self.request, view=self)
        return paginator.get_paginated_response(serializer_class(items, many=True).data)
