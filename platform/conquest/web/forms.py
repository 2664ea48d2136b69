"""Forms of the authors' pages: what a person types, before the services check it again.

A service's ValidationError lands on the form with :func:`add_service_error`, each message
beside the field it names.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth.password_validation import password_validators_help_texts
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError

from conquest.bots import selectors as bot_selectors
from conquest.bots.models import Bot, BotVersion
from conquest.leagues import selectors as league_selectors
from conquest.leagues.models import Entry, League
from engines.players import player_names
from engines.registry import games


def add_service_error(form: forms.Form, error: ValidationError) -> None:
    """Put a service's ``error`` on ``form``: each message on the field it names when the form
    has that field, the others above the form."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for name, errors in error.error_dict.items():
        form.add_error(name if name in form.fields else None, ValidationError(errors))


def _game_choices() -> list[tuple[str, str]]:
    """The installed games, by name."""
    return sorted((game.name, game.name) for game in games())


class SignupForm(forms.Form):
    """A new account: a username and a password typed twice."""

    username = forms.CharField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="Letters, digits and @ . + - _ only; shown on your bots' pages.",
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    password = forms.CharField(
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password_again = forms.CharField(
        label="Password again",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["password"].help_text = " ".join(password_validators_help_texts())

    def clean(self) -> dict:
        data = super().clean()
        if data.get("password") and data.get("password_again") not in (None, data["password"]):
            self.add_error("password_again", "The two passwords differ.")
        return data


class BotForm(forms.Form):
    """A new bot."""

    name = forms.SlugField(
        max_length=64,
        help_text="Unique public name: letters, digits, - and _.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    description = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 3}), help_text="Shown on its page."
    )
    games = forms.MultipleChoiceField(
        required=False,
        choices=_game_choices,
        widget=forms.CheckboxSelectMultiple,
        help_text="The games it plays (none: any game).",
    )


class BotEditForm(forms.Form):
    """A bot's description, games and enabled flag (its name is fixed)."""

    description = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 3}))
    games = forms.MultipleChoiceField(
        required=False,
        choices=_game_choices,
        widget=forms.CheckboxSelectMultiple,
        help_text="The games it plays (none: any game).",
    )
    enabled = forms.BooleanField(
        required=False, help_text="A disabled bot is never scheduled; its past matches stand."
    )

    def __init__(self, *args, bot: Bot, **kwargs) -> None:
        kwargs.setdefault(
            "initial",
            {"description": bot.description, "games": bot.games, "enabled": bot.enabled},
        )
        super().__init__(*args, **kwargs)


class VersionForm(forms.Form):
    """A bot's next version: a house player, or a remote program (staff may name code)."""

    kind = forms.ChoiceField(choices=BotVersion.Kind.choices, initial=BotVersion.Kind.REMOTE)
    player = forms.CharField(required=False)
    notes = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text="What changed in this version.",
    )

    def __init__(self, *args, staff: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        help_text = "House versions only: the player that runs inside the worker."
        if staff:
            self.fields[
                "player"
            ].help_text = (
                f"{help_text} One of {', '.join(player_names())}, or code as module:Class."
            )
        else:
            self.fields["player"] = forms.ChoiceField(
                required=False,
                choices=[("", "none (a remote version)")] + [(n, n) for n in player_names()],
                help_text=help_text,
            )


class TokenForm(forms.Form):
    """A new API token of a bot."""

    name = forms.CharField(
        max_length=100,
        required=False,
        help_text="A label to recognise it by, e.g. the machine it runs on.",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )


class LeagueChoiceField(forms.ModelChoiceField):
    """A league, named with its game, variant and seats."""

    def label_from_instance(self, obj: League) -> str:
        return f"{obj.name} ({obj.game}/{obj.variant}, {obj.seats} seats)"


class VersionChoiceField(forms.ModelChoiceField):
    """A version of a bot, named with its kind."""

    def label_from_instance(self, obj: BotVersion) -> str:
        return f"v{obj.number} ({obj.kind}{': ' + obj.player if obj.player else ''})"


class EntryForm(forms.Form):
    """Enter a version of a bot in a league of one of its games."""

    league = LeagueChoiceField(queryset=League.objects.none())
    version = VersionChoiceField(queryset=BotVersion.objects.none())

    def __init__(self, *args, bot: Bot, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        leagues = league_selectors.league_list()
        self.fields["league"].queryset = (
            leagues.filter(game__in=bot.games) if bot.games else leagues
        )
        self.fields["version"].queryset = bot_selectors.version_list(bot)
        self.fields["version"].initial = (
            self.fields["version"].queryset.values_list("pk", flat=True).last()
        )


class EntryChoiceField(forms.ModelChoiceField):
    """A league entry, named with its bot, version, owner and Elo."""

    def label_from_instance(self, obj: Entry) -> str:
        bot = obj.version.bot
        return f"{bot.name} v{obj.version.number} ({bot.owner.username}, Elo {obj.elo:.0f})"


class ChallengeForm(forms.Form):
    """The entries of a challenge match of a league, in seat order, the requester's first
    (staff may seat anyone first)."""

    def __init__(self, *args, league: League, user, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        everyone = league_selectors.entry_list(league=league, playable=True)
        mine = everyone if user.is_staff else everyone.filter(version__bot__owner=user)
        self.has_own_entry = mine.exists()
        for seat in range(league.seats):
            self.fields[f"seat_{seat}"] = EntryChoiceField(
                queryset=mine if seat == 0 else everyone,
                label=f"Seat {seat + 1}" + (" (your bot)" if seat == 0 else ""),
                empty_label="choose an entry",
            )

    def entries(self) -> list[Entry]:
        """The chosen entries in seat order (once the form is valid)."""
        return [self.cleaned_data[name] for name in self.fields]
