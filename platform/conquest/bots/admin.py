"""Admin of bots, their versions and tokens: every write goes through ``conquest.bots.services``.

Tokens are issued through the API only (the plaintext is shown once there); the admin shows
them read-only, never their digest, and can revoke them.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet

from conquest.admin_readonly import ReadOnlyInline, public_link, public_url
from conquest.bots import services
from conquest.bots.models import Bot, BotToken, BotVersion
from engines.registry import games as installed_games

BOT_FIELDS = ("description", "games", "enabled")


def become(obj, created) -> None:
    """Make the admin's unsaved ``obj`` the instance that a service ``created``.

    The admin goes on with ``obj`` after ``save_model`` (inlines, history, redirect).
    """
    for field in type(obj)._meta.concrete_fields:
        setattr(obj, field.attname, getattr(created, field.attname))
    obj._state.adding = False
    obj._state.db = created._state.db


class BotForm(forms.ModelForm):
    """A bot; its games are chosen among the installed engines."""

    games = forms.MultipleChoiceField(
        choices=lambda: [(game.name, game.name) for game in installed_games()],
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="The games this bot plays (none: any game).",
    )

    class Meta:
        model = Bot
        fields = ["owner", "name", "description", "games", "enabled"]


class BotVersionForm(forms.ModelForm):
    """A version: checked as ``services.version_create`` checks it; frozen ones are disabled."""

    class Meta:
        model = BotVersion
        fields = ["kind", "player", "notes"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None and self.instance.frozen:
            for field in self.fields.values():
                field.disabled = True

    def clean(self) -> dict:
        data = super().clean()
        if self.instance.frozen or "kind" not in data:
            return data
        if self.instance.pk is None or {"kind", "player"} & set(self.changed_data):
            try:
                data["player"] = services.version_player_check(
                    kind=data["kind"], player=data.get("player", ""), staff=True
                )
            except ValidationError as error:
                self.add_error(None, error)
        return data


class BotVersionFormSet(BaseInlineFormSet):
    """Versions are numbered by ``services.version_create`` and changed by ``version_update``."""

    def save_new(self, form, commit=True):
        data = form.cleaned_data
        return services.version_create(
            bot=self.instance,
            kind=data["kind"],
            player=data.get("player", ""),
            notes=data.get("notes", ""),
            staff=True,
        )

    def save_existing(self, form, obj, commit=True):
        changed = {name: form.cleaned_data[name] for name in form.changed_data}
        return services.version_update(version=obj, staff=True, **changed)


class BotVersionInline(admin.TabularInline):
    """The bot's versions; one that has played is frozen (shown, not editable)."""

    model = BotVersion
    form = BotVersionForm
    formset = BotVersionFormSet
    fields = ("number", "kind", "player", "notes", "created_at", "first_played_at")
    readonly_fields = ("number", "created_at", "first_played_at")
    extra = 0
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("bot")


class BotTokenInline(ReadOnlyInline):
    """The bot's tokens, read-only (no digest); revoke them from the token list."""

    model = BotToken
    fields = ("prefix", "name", "created_at", "last_used_at", "revoked_at")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("bot")


@admin.register(Bot)
class BotAdmin(admin.ModelAdmin):
    """Bots: created by ``services.bot_create``, changed by ``services.bot_update``."""

    form = BotForm
    list_display = ("name", "owner", "enabled", "game_names", "created_at", "public_page")
    list_filter = ("enabled",)
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username")
    inlines = (BotVersionInline, BotTokenInline)
    actions = ("disable_bots", "enable_bots")
    public_page = public_link("web-bot")
    view_on_site = public_url("web-bot")

    @admin.display(description="games played")
    def game_names(self, bot: Bot) -> str:
        return ", ".join(bot.games) or "any"

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return ("created_at",)
        return ("owner", "name", "created_at")

    def save_model(self, request, obj: Bot, form, change: bool) -> None:
        if change:
            changed = {name: getattr(obj, name) for name in form.changed_data}
            services.bot_update(bot=obj, **changed)
            return
        bot = services.bot_create(
            owner=obj.owner, name=obj.name, description=obj.description, games=obj.games
        )
        if not obj.enabled:
            services.bot_update(bot=bot, enabled=False)
        become(obj, bot)

    def _set_enabled(self, request, queryset, enabled: bool) -> None:
        count = 0
        for bot in queryset.exclude(enabled=enabled):
            services.bot_update(bot=bot, enabled=enabled)
            count += 1
        verb = "Enabled" if enabled else "Disabled"
        self.message_user(request, f"{verb} {count} bot(s).", messages.SUCCESS)

    @admin.action(description="Disable the selected bots", permissions=["change"])
    def disable_bots(self, request, queryset) -> None:
        self._set_enabled(request, queryset, False)

    @admin.action(description="Enable the selected bots", permissions=["change"])
    def enable_bots(self, request, queryset) -> None:
        self._set_enabled(request, queryset, True)


@admin.register(BotToken)
class BotTokenAdmin(admin.ModelAdmin):
    """API tokens, read-only: issued through the API, revoked here. The digest never shows."""

    list_display = ("prefix", "name", "bot", "created_at", "last_used_at", "revoked_at")
    list_filter = (("revoked_at", admin.EmptyFieldListFilter),)
    list_select_related = ("bot",)
    search_fields = ("prefix", "name", "bot__name")
    fields = ("bot", "prefix", "name", "created_at", "last_used_at", "revoked_at")
    readonly_fields = fields
    actions = ("revoke_tokens",)

    def has_add_permission(self, request) -> bool:
        return False

    @admin.action(description="Revoke the selected tokens", permissions=["change"])
    def revoke_tokens(self, request, queryset) -> None:
        count = 0
        for token in queryset.filter(revoked_at__isnull=True):
            services.token_revoke(token=token)
            count += 1
        self.message_user(request, f"Revoked {count} token(s).", messages.SUCCESS)
