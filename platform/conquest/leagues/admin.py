"""Admin of leagues and entries: every write goes through ``conquest.leagues.services``."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.forms.models import BaseInlineFormSet

from conquest.admin_readonly import choice, public_link, public_url, rounded
from conquest.bots.admin import become
from conquest.bots.models import BotVersion
from conquest.leagues import services
from conquest.leagues.forms import EntryForm, LeagueForm
from conquest.leagues.models import Entry, League

RATINGS = ("elo_rounded", "mu_rounded", "sigma_rounded", "ordinal_rounded", "rated_games")
FIXED_ONCE_PLAYED = ("game", "variant", "seats", "options")


def _versions():
    """Bot versions with their bot, so that a choice list costs one query."""
    return BotVersion.objects.select_related("bot")


class Ratings:
    """An entry's ratings as shown: Elo to 1 decimal, μ, σ and the ordinal to 2 (``RATINGS``)."""

    elo_rounded = rounded("elo", 1, "Elo")
    mu_rounded = rounded("mu", 2, "μ")
    sigma_rounded = rounded("sigma", 2, "σ")
    ordinal_rounded = rounded("ordinal", 2, "ordinal (μ − 3σ)")

    @admin.display(description="rated games", ordering="games")
    def rated_games(self, entry: Entry) -> int:
        return entry.games


class EntryFormSet(BaseInlineFormSet):
    """The league's entries: only ``active`` changes, and switching it off withdraws."""

    def save_existing(self, form, obj, commit=True):
        if "active" in form.changed_data and not obj.active:
            return services.entry_withdraw(entry=obj)
        obj.save(update_fields=["active"])
        return obj


class EntryInline(Ratings, admin.TabularInline):
    """The league's entries with their ratings (read-only)."""

    model = Entry
    formset = EntryFormSet
    fields = ("version", "active", *RATINGS, "created_at")
    readonly_fields = ("version", *RATINGS, "created_at")
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("version__bot")


class NewEntryFormSet(BaseInlineFormSet):
    """New entries of the league, made by ``services.entry_create``."""

    def clean(self) -> None:
        super().clean()
        for form in self.extra_forms:
            version = getattr(form, "cleaned_data", {}).get("version")
            if not form.has_changed() or version is None:
                continue
            try:
                services.entry_check(league=self.instance, version=version)
            except ValidationError as error:
                form.add_error(None, error)

    def save_new(self, form, commit=True):
        return services.entry_create(league=self.instance, version=form.cleaned_data["version"])


class NewEntryInline(admin.TabularInline):
    """Enter bot versions in the league."""

    model = Entry
    formset = NewEntryFormSet
    fields = ("version",)
    extra = 1
    can_delete = False
    verbose_name = "new entry"
    verbose_name_plural = "enter bot versions"

    def get_queryset(self, request):
        return super().get_queryset(request).none()

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "version":
            kwargs["queryset"] = _versions()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    """Leagues: created as ``services.league_create`` does, checked against the engine."""

    form = LeagueForm
    list_display = (
        "name",
        "game",
        "variant",
        "seats",
        "ladder_short",
        "entry_count",
        "rated_results",
        "public_page",
    )
    list_filter = ("game", "ladder")
    search_fields = ("name",)
    readonly_fields = ("engine_version", "rated_count", "created_at")
    fieldsets = (
        (None, {"fields": ("name", "game", "variant", "seats", "options", "engine_version")}),
        (
            "Time control",
            {"fields": ("decision_seconds", "time_bank_seconds", "max_faults", "pace_seconds")},
        ),
        (
            "Ladder",
            {
                "fields": (
                    "ladder",
                    "ladder_matches_per_tick",
                    "ladder_max_pending",
                    "allow_same_owner",
                    "replays_downloadable",
                )
            },
        ),
        ("Ratings", {"fields": ("elo_k", "rated_count", "created_at")}),
    )
    inlines = (EntryInline, NewEntryInline)
    actions = ("pause_ladder", "resume_ladder")
    ladder_short = choice("ladder", "ladder")
    public_page = public_link("web-league")
    view_on_site = public_url("web-league")

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(entry_count=Count("entries"))

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if obj is not None and obj.matches.exists():
            return (*fields, *FIXED_ONCE_PLAYED)
        return fields

    @admin.display(description="entries", ordering="entry_count")
    def entry_count(self, league: League) -> int:
        return league.entry_count

    @admin.display(description="rated results", ordering="rated_count")
    def rated_results(self, league: League) -> int:
        return league.rated_count

    def save_model(self, request, obj: League, form, change: bool) -> None:
        if change:
            changed = {name: getattr(obj, name) for name in form.changed_data}
            with transaction.atomic():
                # Locked and fresh: a worker recording a result meanwhile bumps rated_count,
                # which league_update's full save would otherwise write back stale.
                league = League.objects.select_for_update().get(pk=obj.pk)
                services.league_update(league=league, **changed)
            become(obj, league)
            return
        settings = {
            name: form.cleaned_data[name]
            for name in form.cleaned_data
            if name not in ("name", "game", "variant", "seats", "options")
        }
        league = services.league_create(
            name=obj.name,
            game=obj.game,
            variant=obj.variant,
            seats=obj.seats,
            options=obj.options,
            **settings,
        )
        become(obj, league)

    def _set_ladder(self, request, queryset, state: str, verb: str) -> None:
        count = 0
        for league in queryset:
            services.league_ladder_set(league=league, state=state)
            count += 1
        self.message_user(request, f"{verb} the ladder of {count} league(s).", messages.SUCCESS)

    @admin.action(description="Pause the ladder of the selected leagues", permissions=["change"])
    def pause_ladder(self, request, queryset) -> None:
        self._set_ladder(request, queryset, League.Ladder.PAUSED, "Paused")

    @admin.action(description="Resume the ladder of the selected leagues", permissions=["change"])
    def resume_ladder(self, request, queryset) -> None:
        self._set_ladder(request, queryset, League.Ladder.ACTIVE, "Resumed")


@admin.register(Entry)
class EntryAdmin(Ratings, admin.ModelAdmin):
    """Entries and their ratings (read-only); made by ``services.entry_create``."""

    form = EntryForm
    list_display = ("league", "version", "active", *RATINGS)
    list_display_links = ("league", "version")
    list_filter = ("active", "league")
    list_select_related = ("league", "version__bot")
    search_fields = ("version__bot__name", "league__name")
    actions = ("withdraw",)

    def get_fields(self, request, obj=None):
        return ("league", "version", "active", *RATINGS, "created_at")

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return (*RATINGS, "created_at")
        return ("league", "version", *RATINGS, "created_at")

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "version":
            kwargs["queryset"] = _versions()
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request, obj: Entry, form, change: bool) -> None:
        if not change:
            entry = services.entry_create(league=obj.league, version=obj.version)
            if not obj.active:
                services.entry_withdraw(entry=entry)
            become(obj, entry)
        elif "active" in form.changed_data and not obj.active:
            services.entry_withdraw(entry=obj)
        else:
            obj.save(update_fields=["active"])

    @admin.action(description="Withdraw the selected entries", permissions=["change"])
    def withdraw(self, request, queryset) -> None:
        count = 0
        for entry in queryset.filter(active=True):
            services.entry_withdraw(entry=entry)
            count += 1
        self.message_user(request, f"Withdrew {count} entr(y/ies).", messages.SUCCESS)
