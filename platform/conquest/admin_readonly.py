"""Pieces shared by the apps' admins: a tabular inline that only shows rows, numbers rounded
for reading, choices by their short name, and links from a row to its public page on the
website.

The website's pages are reversed by URL name (``web-league``, ``web-bot``…): no app imports
``conquest.web``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

EMPTY = "—"


class ReadOnlyInline(admin.TabularInline):
    """Rows shown, never added, changed or deleted here; ``fields`` are all read-only."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request, obj=None):
        return self.fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


def number(value, places: int, unit: str = "") -> str:
    """``value`` to ``places`` decimals (with ``unit``), or a dash when there is none."""
    return EMPTY if value is None else f"{value:.{places}f}{unit}"


def rounded(name: str, places: int, description: str, *, unit: str = "") -> Callable:
    """An admin display of the number field ``name`` to ``places`` decimals, sortable by it.

    Assign it to a ModelAdmin or inline attribute and name that attribute in ``list_display``,
    ``fields`` or ``readonly_fields``.
    """

    @admin.display(description=description, ordering=name)
    def show(self, obj) -> str:
        return number(getattr(obj, name), places, unit)

    show.__name__ = f"{name}_rounded"
    return show


def public_link(view_name: str, pk: str = "pk") -> Callable:
    """An admin display: a link to the website page ``view_name`` of the row (its ``pk``)."""

    @admin.display(description="public page")
    def show(self, obj) -> str:
        url = reverse(view_name, args=[getattr(obj, pk)])
        return format_html('<a href="{}">{}</a>', url, url)

    show.__name__ = "public_page"
    return show


def public_url(view_name: str, pk: str = "pk") -> Callable:
    """A ModelAdmin ``view_on_site``: the change page's "View on site" opens the website page
    ``view_name`` of the object."""

    def view_on_site(self, obj) -> str:
        return reverse(view_name, args=[getattr(obj, pk)])

    return view_on_site


def choice(name: str, description: str) -> Callable:
    """An admin display of the choice field ``name`` by the short part of its label (before
    the colon: "running", not "running: claimed by a worker holding its lease")."""

    @admin.display(description=description, ordering=name)
    def show(self, obj) -> str:
        return getattr(obj, f"get_{name}_display")().split(":", 1)[0]

    show.__name__ = f"{name}_short"
    return show
